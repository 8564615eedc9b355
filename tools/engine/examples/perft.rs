//! `cargo run --release -p othello-engine --example perft -- <depth> [a|b]`: perft from the
//! start position, single-threaded, with time and leaves per second.

use std::time::Instant;

use othello_engine::perft::{perft, Convention};
use othello_engine::Board;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args
        .next()
        .ok_or("usage: perft <depth> [a|b]")?
        .parse()
        .map_err(|e| format!("depth: {e}"))?;
    let convention: Convention = match args.next() {
        Some(c) => c.parse().map_err(|e| format!("{e}"))?,
        None => Convention::default(),
    };
    let start = Instant::now();
    let leaves = perft(&Board::start(), depth, convention);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft {depth} (convention {convention}): {leaves} leaves in {secs:.3} s, {:.1} M leaves/s",
        leaves as f64 / secs / 1e6
    );
    Ok(())
}
