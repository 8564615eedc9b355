use othello_engine::book::{self, symmetry::*};
use othello_engine::board::Board;
use othello_engine::notation::square_name;
fn main() {
    for line in [vec![], vec![37u8], vec![19u8], vec![37, 45]] {
        let mut b = Board::start(); for &s in &line { b.play(s); }
        let (p,o)=b.player_opponent(); let (k,t)=canonical(p,o);
        let m = book::shipped().lookup(&b).unwrap();
        let e = book::shipped().canonical_entries().iter().find(|e| e.0==k).unwrap();
        println!("{:?}: t={t} key={:02x?} stored {} answer {} {}", line.iter().map(|&s| square_name(s)).collect::<Vec<_>>(), k, square_name(e.1), square_name(m.mv), m.score);
    }
}
