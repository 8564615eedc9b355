//! Trial: two search levels of the reference in self-play under the same **budget of nodes**
//! per game side, deepening in stages two plies apart with the rules of the Z80 time manager
//! (docs/ai.md 4.4) counted in nodes instead of CPC seconds. `select_trial` compares fixed
//! depths; this compares what a level does with a fixed amount of work, which is what the
//! CPC's 25 minutes are.
//!
//! `cargo run --release -p othello-engine --example budget_trial -- D1 M1 D2 M2 NODES GAMES`
//! (D: the level's depth, M: its margin of docs/ai.md 4.5, 0 = full width; NODES: the budget
//! of each side for the whole game). Openings: 6 random plies, each played with both colours.
//! The exact endgame from 14 empties is solved on both sides and not charged; the time
//! manager still keeps its share of the budget for it, as on the CPC. A stage that would run
//! past the hard limit is stopped there: its nodes are spent and its answer is not used.
//! Prints the score with its 95 % interval and, for each side, how many moves after move 18
//! (at most 42 empties) were answered by each depth.
#[path = "common/opening.rs"]
mod common_opening;

use common_opening::opening;
use othello_engine::board::{Board, Color};
use othello_engine::search::alphabeta::search_depth_selective;
use othello_engine::search::endgame::solve_exact;
use othello_engine::search::SearchResult;
use othello_engine::weights::Weights;
use rayon::prelude::*;

const ENDGAME: u32 = 14;
/// The first move after move 18 has at most this many empty squares.
const AFTER_MOVE_18: u32 = 42;

#[derive(Clone, Copy)]
struct Level {
    depth: u8,
    margin: u8,
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "depth {} margin {}", self.depth, self.margin)
    }
}

/// Moves answered by each stage depth (index = depth).
type Histogram = [u64; 13];

/// The deepest stage the budget allows from `left` nodes (docs/ai.md 4.4): `soft` = left /
/// (own moves to the exact endgame + the endgame's share), a new stage only while at most
/// soft / 3 is spent, none past min(3 soft, left / 2). Returns the answer, its depth, the
/// nodes spent.
fn staged(
    b: &Board,
    level: Level,
    w: &Weights,
    left: u64,
    empties: u32,
) -> (SearchResult, u8, u64) {
    let to_go = empties - ENDGAME;
    let share = if to_go.is_multiple_of(2) { 4 } else { 2 };
    let soft = left / u64::from(to_go.div_ceil(2) + share);
    let hard = (3 * soft).min(left / 2);
    let mut spent = 0u64;
    let mut answer = None;
    let mut depth = 2 - level.depth % 2;
    while depth <= level.depth && spent <= soft / 3 {
        let r = search_depth_selective(b, depth, level.margin, w);
        if spent + r.nodes > hard {
            spent = hard;
            break;
        }
        spent += r.nodes;
        answer = Some((r, depth));
        depth += 2;
    }
    // Stopped before any stage: the first stage's answer, as if it had been cut short.
    let (r, depth) = answer.unwrap_or_else(|| (search_depth_selective(b, 1, 0, w), 0));
    (r, depth, spent)
}

/// One game: A's disc difference and both sides' stage histograms.
fn play(game: u32, levels: [Level; 2], budget: u64, w: &Weights) -> (i32, [Histogram; 2]) {
    let mut b = opening(game);
    // In even games the side to move after the opening plays A.
    let a_colour = if (b.to_move == Color::Black) == game.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    };
    let mut left = [budget; 2];
    let mut stages = [[0u64; 13]; 2];
    while !b.is_game_over() {
        if b.must_pass() {
            b.pass();
            continue;
        }
        let side = usize::from(b.to_move != a_colour);
        let empties = b.empties().count_ones();
        let r = if empties <= ENDGAME {
            solve_exact(&b)
        } else {
            let (r, depth, spent) = staged(&b, levels[side], w, left[side], empties);
            left[side] -= spent;
            if empties <= AFTER_MOVE_18 {
                stages[side][usize::from(depth)] += 1;
            }
            r
        };
        b.play(r.best_move.expect("a move")).expect("legal");
    }
    let f = b.final_score();
    let d = i32::from(f.black) - i32::from(f.white);
    (if a_colour == Color::Black { d } else { -d }, stages)
}

const USAGE: &str = "usage: budget_trial D1 M1 D2 M2 NODES GAMES \
    (depth 1..12, margin 0..255, nodes a game side, games)";

/// The two levels, the budget and the number of games, or what is wrong with the arguments.
fn parse_args() -> Result<([Level; 2], u64, u32), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [d1, m1, d2, m2, budget, games] = &args[..] else {
        return Err(format!("6 arguments expected, {} given", args.len()));
    };
    let number = |name: &str, text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{name} `{text}` is not a whole number"))
    };
    let level = |d: &str, m: &str| -> Result<Level, String> {
        let depth = number("depth", d)?;
        let margin = number("margin", m)?;
        let Ok(depth @ 1..=12) = u8::try_from(depth) else {
            return Err(format!("depth {depth} is not in 1..12"));
        };
        let margin =
            u8::try_from(margin).map_err(|_| format!("margin {margin} is not in 0..255"))?;
        Ok(Level { depth, margin })
    };
    let games = u32::try_from(number("games", games)?).map_err(|_| "too many games".to_string())?;
    Ok((
        [level(d1, m1)?, level(d2, m2)?],
        number("nodes", budget)?,
        games,
    ))
}

fn main() {
    let (levels, budget, games) = parse_args().unwrap_or_else(|e| {
        eprintln!("budget_trial: {e}\n{USAGE}");
        std::process::exit(2)
    });
    let w = Weights::default();
    let results: Vec<(i32, [Histogram; 2])> = (0..games)
        .into_par_iter()
        .map(|g| play(g, levels, budget, &w))
        .collect();
    let (mut wins, mut draws) = (0u32, 0u32);
    let mut stages = [[0u64; 13]; 2];
    for (d, h) in &results {
        match d.signum() {
            1 => wins += 1,
            0 => draws += 1,
            _ => {}
        }
        for side in 0..2 {
            for (total, n) in stages[side].iter_mut().zip(h[side]) {
                *total += n;
            }
        }
    }
    let n = f64::from(games);
    let score = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    let interval = 196.0 * (score * (1.0 - score) / n).sqrt();
    let shown = |h: &Histogram| {
        let after: u64 = h.iter().sum();
        h.iter()
            .enumerate()
            .filter(|(_, &k)| k > 0)
            .map(|(d, &k)| format!("d{d} {:.1}%", 100.0 * k as f64 / after as f64))
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!(
        "A = {}, B = {}, {budget} nodes a side: \
         A {wins}/{draws}/{} {:.1} % (+-{interval:.1})",
        levels[0],
        levels[1],
        games - wins - draws,
        100.0 * score
    );
    println!("  after move 18, A: {}", shown(&stages[0]));
    println!("  after move 18, B: {}", shown(&stages[1]));
}
