//! Trial: self-play between two depth/margin settings of the reference (docs/ai.md 4.5).
//! `cargo run --release -p othello-engine --example select_trial -- D1 M1 D2 M2 GAMES`
//! (M: the margin of docs/ai.md 4.5, 0 = full width)
#[path = "common/opening.rs"]
mod common_opening;

use common_opening::opening;
use othello_engine::search::alphabeta::search_depth_selective;
use othello_engine::weights::Weights;
use rayon::prelude::*;

fn main() {
    let a: Vec<u32> = std::env::args()
        .skip(1)
        .map(|x| x.parse().unwrap())
        .collect();
    let (d1, s1, d2, s2, games) = (a[0] as u8, a[1] as u8, a[2] as u8, a[3] as u8, a[4]);
    // A_WEIGHTS / B_WEIGHTS: other weights files for the two sides.
    let load = |var: &str| {
        std::env::var(var).map_or_else(
            |_| Weights::default(),
            |f| Weights::load(std::path::Path::new(&f)).expect("weights"),
        )
    };
    let (wa, wb) = (load("A_WEIGHTS"), load("B_WEIGHTS"));
    let res: Vec<(i32, u64, u64)> = (0..games)
        .into_par_iter()
        .map(|g| {
            let mut b = opening(g);
            let first_is_a = g % 2 == 0; // side to move now plays config A in even games
            let a_black = (b.to_move == othello_engine::board::Color::Black) == first_is_a;
            let (mut na, mut nb) = (0u64, 0u64);
            while !b.is_game_over() {
                if b.must_pass() {
                    b.pass();
                    continue;
                }
                let a_turn = (b.to_move == othello_engine::board::Color::Black) == a_black;
                let e = b.empties().count_ones();
                let r = if e <= 14 {
                    othello_engine::search::exact::solve_exact(&b)
                } else if a_turn {
                    search_depth_selective(&b, d1, s1, &wa)
                } else {
                    search_depth_selective(&b, d2, s2, &wb)
                };
                if e > 14 {
                    if a_turn {
                        na += r.nodes
                    } else {
                        nb += r.nodes
                    }
                }
                b.play(r.best_move.unwrap()).unwrap();
            }
            let f = b.final_score();
            let d = i32::from(f.black) - i32::from(f.white);
            (if a_black { d } else { -d }, na, nb)
        })
        .collect();
    let (mut w_, mut d_, mut l_) = (0, 0, 0);
    let (mut na, mut nb, mut disc) = (0u64, 0u64, 0i64);
    for (d, a, b) in &res {
        if *d > 0 {
            w_ += 1
        } else if *d == 0 {
            d_ += 1
        } else {
            l_ += 1
        }
        na += a;
        nb += b;
        disc += i64::from(*d);
    }
    println!("A=d{d1}m{s1} vs B=d{d2}m{s2}: {w_}/{d_}/{l_}  score {:.1}%  mean disc {:+.1}  nodes/game A {} B {}",
        100.0 * (w_ as f64 + 0.5 * d_ as f64) / games as f64, disc as f64 / games as f64, na / games as u64, nb / games as u64);
}
