//! The exact endgame on lopsided positions: seeded random play-outs (the positions `verify`
//! uses are of this kind), where one side is often far ahead and the value far from 0, the
//! MTD(f) probes' first guess (docs/ai.md appendix A, "The exact endgame's root"). Prints the
//! total and the longest CPC time of each set; every answer is checked against the reference.
//!
//! `cargo bench -p cpc-e2e --bench z80_exact_playouts`: level 4 on 169 positions of 7 to 10
//! empty squares, level 6 on 40 of 11 to 13 and on 30 of 14 (one machine, in that order, so
//! the table and the probes' first guess carry from one position to the next as in `verify`).

use cpc_e2e::z80::{show, Z80};
use cpc_verify::positions::random_positions;
use othello_engine::ai::best_move;
use othello_engine::weights::Weights;

const LIMIT_US: u64 = 3_600_000_000;
const SEED: u64 = 0x5EED_0009;

fn main() {
    let w = Weights::default();
    let mut z = Z80::game();
    println!("| level | positions | empty squares | CPC s total | longest |");
    println!("|---|---|---|---|---|");
    let play_outs = random_positions(SEED, 20_000);
    for (level, fewest, most, count) in [
        (4u8, 7u32, 10u32, 169usize),
        (6, 11, 13, 40),
        (6, 14, 14, 30),
    ] {
        let positions: Vec<_> = play_outs
            .iter()
            .filter(|b| {
                let empties = b.empties().count_ones();
                (fewest..=most).contains(&empties) && b.legal_moves() != 0
            })
            .take(count)
            .copied()
            .collect();
        assert_eq!(
            positions.len(),
            count,
            "too few play-outs of {fewest}-{most} empties"
        );
        let (mut total, mut longest) = (0u64, 0u64);
        for b in &positions {
            let a = z.ai_timed(b, level, 0, LIMIT_US);
            let r = best_move(b, level, &w);
            assert_eq!(
                (Some(a.mv), a.score),
                (r.best_move, r.score),
                "{}: level {level}",
                show(b)
            );
            total += a.us;
            longest = longest.max(a.us);
        }
        println!(
            "| {level} | {count} | {fewest}-{most} | {:.1} | {:.1} |",
            total as f64 / 1e6,
            longest as f64 / 1e6
        );
    }
}
