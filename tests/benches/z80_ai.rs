//! Emulated CPC time per move of the Z80 AI at levels 1 and 2 (targets: 0.05 s and 0.5 s),
//! over a fixed set of positions: 200 seeded random play-outs and the 79 FFO boards.
//! Prints min / median / max CPC seconds and nodes per move, and how many positions the
//! emulator runs per host second (one core); positions where the side to move must pass are
//! left out. The CPC time is the emulator's (CPC microseconds, interrupts included), so those
//! numbers are the same on every host.
//!
//! `cargo bench -p cpc-e2e --bench z80_ai`

use cpc_e2e::z80::{ffo_positions, Z80};
use cpc_verify::positions::random_positions;

fn main() {
    let mut z = Z80::game();
    let mut boards = random_positions(0x5EED_0001, 200);
    match ffo_positions() {
        Ok(ffo) => boards.extend(ffo),
        Err(why) => eprintln!("!!!!!!!! the FFO boards are missing ({why}): random positions only"),
    }
    boards.retain(|b| !b.must_pass());
    println!("Z80 AI, {} positions with a legal move\n", boards.len());
    println!(
        "| level | CPC s/move min | median | max | nodes/move median | max | host positions/s |"
    );
    println!("|---|---|---|---|---|---|---|");
    for level in 1..=2u8 {
        let host = std::time::Instant::now();
        let mut answers: Vec<_> = boards.iter().map(|b| z.ai(b, level)).collect();
        let per_second = boards.len() as f64 / host.elapsed().as_secs_f64();
        answers.sort_by_key(|a| a.us);
        let sec = |us: u64| us as f64 / 1e6;
        let mut nodes: Vec<u32> = answers.iter().map(|a| a.nodes).collect();
        nodes.sort_unstable();
        println!(
            "| {level} | {:.4} | {:.4} | {:.4} | {} | {} | {:.0} |",
            sec(answers[0].us),
            sec(answers[answers.len() / 2].us),
            sec(answers[answers.len() - 1].us),
            nodes[nodes.len() / 2],
            nodes[nodes.len() - 1],
            per_second
        );
    }
}
