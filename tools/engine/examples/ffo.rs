//! `cargo run --release -p othello-engine --example ffo -- <from> <to> [table bits]`: solves
//! FFO positions from `tools/engine/data/ffo` single-threaded and prints time and nodes per position.

use std::path::Path;

use othello_engine::notation::square_name;
use othello_engine::solve::ffo::{bench_ffo, load_ffo_dir, DEFAULT_FFO_DIR};
use othello_engine::solve::DEFAULT_TABLE_BITS;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u32| -> Result<u32, String> {
        args.get(i).map_or(Ok(default), |a| {
            a.parse().map_err(|e| format!("argument {}: {e}", i + 1))
        })
    };
    let (from, to, bits) = (num(0, 40)?, num(1, 49)?, num(2, DEFAULT_TABLE_BITS)?);
    let positions: Vec<_> = load_ffo_dir(Path::new(DEFAULT_FFO_DIR))?
        .into_iter()
        .filter(|p| (from..=to).contains(&p.number))
        .collect();
    println!(" #  empties  score (expected)  move  ok       time s         nodes     Mnodes/s");
    let records = bench_ffo(&positions, bits, |r| {
        println!(
            "{:>3}  {:>5}  {:>+4} ({:>+4})        {:<4}  {:<4}  {:>9.3}  {:>14}  {:>8.2}",
            r.number,
            r.empties,
            r.score,
            r.expected,
            r.best_move.map_or("pass".into(), square_name),
            if r.is_correct() { "ok" } else { "BAD" },
            r.seconds,
            r.nodes,
            r.nodes_per_second() / 1e6
        );
    });
    let secs: f64 = records.iter().map(|r| r.seconds).sum();
    let nodes: u64 = records.iter().map(|r| r.nodes).sum();
    let bad = records.iter().filter(|r| !r.is_correct()).count();
    println!(
        "total #{from}-#{to}: {secs:.3} s, {nodes} nodes, {:.2} Mnodes/s, {bad} wrong",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
