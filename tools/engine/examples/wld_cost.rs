//! What the win/loss/draw check of docs/ai.md 4.6 costs next to the exact endgame, in nodes of
//! the reference's plain solvers (no table; the Z80 program's table and ordering visit fewer):
//! positions at 16 and 14 empty squares of games the reference plays against itself at level
//! 4 from the trials' random openings; at each, the exact solve and the check after the
//! depth-limited stage the program runs before it (depth 8 at 16 empties, 4 at 14).
//!
//! `cargo run --release -p othello-engine --example wld_cost -- [GAMES]` (default 100).

#[path = "common/opening.rs"]
mod common_opening;

use common_opening::opening;
use othello_engine::ai::best_move;
use othello_engine::board::Board;
use othello_engine::search::exact::{solve_exact, solve_wld};
use othello_engine::search::{level_stage, Stage};
use othello_engine::weights::Weights;
use rayon::prelude::*;

const TOP: u8 = 7;

/// The positions of game `game` with 16 and 14 empty squares and a move to play (either may be
/// missing when a pass skips it).
fn positions(game: u32, w: &Weights) -> Vec<Board> {
    let mut b = opening(game);
    let mut out = Vec::new();
    while !b.is_game_over() {
        if b.must_pass() {
            b.pass();
            continue;
        }
        let e = b.empties().count_ones();
        if e == 16 || e == 14 {
            out.push(b);
        }
        if e <= 14 {
            break;
        }
        let mv = best_move(&b, 4, w).best_move.expect("a legal move");
        b.play(mv).expect("a legal move");
    }
    out
}

fn quantiles(mut v: Vec<u64>) -> String {
    v.sort_unstable();
    let q = |f: f64| v[((v.len() - 1) as f64 * f).round() as usize];
    format!(
        "median {:>9} | p90 {:>9} | max {:>9}",
        q(0.5),
        q(0.9),
        q(1.0)
    )
}

fn main() {
    let games: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 100,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: wld_cost [GAMES]  (GAMES: a positive number, default 100)");
            std::process::exit(2);
        }
    };
    let w = Weights::default();
    let boards: Vec<Board> = (0..games).flat_map(|g| positions(g, &w)).collect();
    let rows: Vec<(u32, u64, u64)> = boards
        .par_iter()
        .map(|b| {
            let e = b.empties().count_ones();
            let depth = if e > 14 { 8 } else { 4 };
            let m = level_stage(b, TOP, Stage::Depth(depth), &w)
                .best_move
                .expect("a legal move");
            (e, solve_exact(b).nodes, solve_wld(b, m).nodes)
        })
        .collect();
    println!("| empties | positions | | nodes |");
    println!("|---|---|---|---|");
    for e in [16, 14] {
        let at: Vec<&(u32, u64, u64)> = rows.iter().filter(|r| r.0 == e).collect();
        let exact = at.iter().map(|r| r.1).collect();
        let wld = at.iter().map(|r| r.2).collect();
        println!("| {e} | {} | exact | {} |", at.len(), quantiles(exact));
        println!("| {e} | {} | check | {} |", at.len(), quantiles(wld));
    }
}
