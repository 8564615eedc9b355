//! Trial: two search levels of the reference in self-play under the same **budget of nodes**
//! per game side, deepening in stages two plies apart with the rules of the Z80 time manager
//! (docs/ai.md 4.4) counted in nodes instead of CPC seconds. `select_trial` compares fixed
//! depths; this compares what a level does with a fixed amount of work, which is what the
//! CPC's 25 minutes are.
//!
//! `cargo run --release -p othello-engine --example budget_trial -- D1 M1 D2 M2 NODES GAMES
//! [W1 W2 [E1 E2]]` (D: the level's depth, M: its margin of docs/ai.md 4.5, 0 = full width;
//! NODES: the budget of each side for the whole game; W: its win/loss/draw check of docs/ai.md
//! 4.6, from W empties, 0 = none, the default; E: two plies more from E empties, docs/ai.md 4.4,
//! 0 = never, the default). Openings: 6 random plies, each played with both colours.
//! The exact endgame from 14 empties is solved on both sides and not charged; the time
//! manager still keeps its share of the budget for it, as on the CPC. A stage that would run
//! past the hard limit is stopped there: its nodes are spent and its answer is not used; the
//! check is charged its nodes like a stage. Prints the score with its 95 % interval and, for
//! each side, how many moves after move 18 (at most 42 empties) were answered by each depth
//! ("wld": by the check), and how many of the moves where the check applied it answered.
#[path = "common/opening.rs"]
mod common_opening;

use common_opening::opening;
use othello_engine::board::{Board, Color};
use othello_engine::levels::SearchLevel;
use othello_engine::search::alphabeta::search_depth_selective;
use othello_engine::search::deepest_timed_depth;
use othello_engine::search::exact::{solve_exact, solve_wld};
use othello_engine::search::SearchResult;
use othello_engine::weights::Weights;
use rayon::prelude::*;

const ENDGAME: u32 = 14;
/// The first move after move 18 has at most this many empty squares.
const AFTER_MOVE_18: u32 = 42;

/// The depth-limited stages before the check go this far (`PRE_WLD_DEPTH`, docs/ai.md 4.6).
const PRE_WLD_DEPTH: u8 = 8;
/// Before move 18 (at least `OPENING_EMPTIES` empty squares) they go this far
/// (`OPENING_DEPTH`, docs/ai.md 4.4).
const OPENING_DEPTH: u8 = 7;
const OPENING_EMPTIES: u32 = 44;

#[derive(Clone, Copy)]
struct Level {
    depth: u8,
    margin: u8,
    wld: u8,
    deepen: u8,
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "depth {} margin {}", self.depth, self.margin)?;
        if self.wld > 0 {
            write!(f, " wld {}", self.wld)?;
        }
        if self.deepen > 0 {
            write!(f, " deepen {}", self.deepen)?;
        }
        Ok(())
    }
}

/// Moves answered by each stage depth (index = depth; `WLD`: by the check).
type Histogram = [u64; WLD + 1];
/// The histogram's index of the check, after the depths 0..12.
const WLD: usize = 13;

/// The deepest stage the budget allows from `left` nodes (docs/ai.md 4.4): `soft` = left /
/// (own moves to the exact endgame + the endgame's share), a new stage only while at most
/// soft / 3 is spent, none past min(3 soft, left / 2), none deeper than 7 before move 18 and
/// two plies past the level's depth from `deepen` empties;
/// at most `wld` empties, every stage up to min(depth, 8), whatever the time, and then the
/// check (docs/ai.md 4.6), all within the hard limit of the exact endgame, left -
/// ceil(left / 4). The check is charged the nodes of
/// the reference's `solve_wld`, which solves every move with the window (-1, 1) and no
/// table: more than the Z80 program, which narrows the window and stops at a win, spends, so
/// the trial under-counts the checks that finish.
/// Returns the answer, its histogram index (the depth, or `WLD`), the nodes spent.
fn staged(
    b: &Board,
    level: Level,
    w: &Weights,
    left: u64,
    empties: u32,
) -> (SearchResult, usize, u64) {
    let to_go = empties - ENDGAME;
    let share = if to_go.is_multiple_of(2) { 2 } else { 1 };
    let soft = left / u64::from(to_go.div_ceil(2) + share);
    let check = empties <= u32::from(level.wld);
    // A move with the check plans like the exact endgame: three quarters of what is left.
    let hard = if check {
        left - left.div_ceil(4)
    } else {
        (3 * soft).min(left / 2)
    };
    let mut spent = 0u64;
    let mut answer = None;
    let last = if check {
        level.depth.min(PRE_WLD_DEPTH)
    } else if empties >= OPENING_EMPTIES {
        level.depth.min(OPENING_DEPTH)
    } else {
        // Late in the middle game, two plies more (docs/ai.md 4.4).
        deepest_timed_depth(
            SearchLevel {
                depth: level.depth,
                endgame: ENDGAME as u8,
                budget: 0,
                margin: level.margin,
                wld: level.wld,
                deepen: level.deepen,
            },
            empties,
        )
    };
    // The stages end at `last`: 2, 4, .., 8 before a check even at an odd depth.
    let mut depth = 2 - last % 2;
    let mut stopped = false;
    while depth <= last && (check || spent <= soft / 3) {
        let r = search_depth_selective(b, depth, level.margin, w);
        if spent + r.nodes > hard {
            spent = hard;
            stopped = true;
            break;
        }
        spent += r.nodes;
        answer = Some((r, usize::from(depth)));
        depth += 2;
    }
    if check && !stopped {
        if let Some((before, _)) = &answer {
            let r = solve_wld(b, before.best_move.expect("a move"));
            if spent + r.nodes > hard {
                spent = hard;
            } else {
                spent += r.nodes;
                answer = Some((r, WLD));
            }
        }
    }
    // Stopped before any stage: the first stage's answer, as if it had been cut short.
    let (r, index) = answer.unwrap_or_else(|| (search_depth_selective(b, 1, 0, w), 0));
    (r, index, spent)
}

/// One game: A's disc difference, both sides' stage histograms and their moves where the
/// check applied.
fn play(
    game: u32,
    levels: [Level; 2],
    budget: u64,
    w: &Weights,
) -> (i32, [Histogram; 2], [u64; 2]) {
    let mut b = opening(game);
    // In even games the side to move after the opening plays A.
    let a_colour = if (b.to_move == Color::Black) == game.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    };
    let mut left = [budget; 2];
    let mut stages = [[0u64; WLD + 1]; 2];
    let mut could_check = [0u64; 2];
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
            let (r, index, spent) = staged(&b, levels[side], w, left[side], empties);
            left[side] -= spent;
            if empties <= AFTER_MOVE_18 {
                stages[side][index] += 1;
            }
            could_check[side] += u64::from(empties <= u32::from(levels[side].wld));
            r
        };
        b.play(r.best_move.expect("a move")).expect("legal");
    }
    let f = b.final_score();
    let d = i32::from(f.black) - i32::from(f.white);
    (
        if a_colour == Color::Black { d } else { -d },
        stages,
        could_check,
    )
}

const USAGE: &str = "usage: budget_trial D1 M1 D2 M2 NODES GAMES [W1 W2 [E1 E2]] \
    (depth 1..12, margin 0..255, nodes a game side, games, the win/loss/draw check from \
    15..20 empties or 0, two plies more from 15..60 empties or 0)";

/// The two levels, the budget and the number of games, or what is wrong with the arguments.
fn parse_args() -> Result<([Level; 2], u64, u32), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (fixed, extra) = args.split_at(args.len().min(6));
    let [w1, w2, e1, e2] = match extra {
        [] => ["0"; 4],
        [w1, w2] => [w1.as_str(), w2.as_str(), "0", "0"],
        [w1, w2, e1, e2] => [w1.as_str(), w2.as_str(), e1.as_str(), e2.as_str()],
        _ => {
            return Err(format!(
                "6, 8 or 10 arguments expected, {} given",
                args.len()
            ))
        }
    };
    let [d1, m1, d2, m2, budget, games] = fixed else {
        return Err(format!(
            "6, 8 or 10 arguments expected, {} given",
            args.len()
        ));
    };
    let number = |name: &str, text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{name} `{text}` is not a whole number"))
    };
    let level = |d: &str, m: &str, wld: &str, deepen: &str| -> Result<Level, String> {
        let depth = number("depth", d)?;
        let margin = number("margin", m)?;
        let Ok(depth @ 1..=12) = u8::try_from(depth) else {
            return Err(format!("depth {depth} is not in 1..12"));
        };
        let margin =
            u8::try_from(margin).map_err(|_| format!("margin {margin} is not in 0..255"))?;
        // At 14 empties and fewer the exact endgame, free here, answers anyway.
        let wld = number("wld", wld)?;
        let Ok(wld @ (0 | 15..=20)) = u8::try_from(wld) else {
            return Err(format!("wld {wld} is neither 0 nor in 15..20"));
        };
        let deepen = number("deepen", deepen)?;
        let Ok(deepen @ (0 | 15..=60)) = u8::try_from(deepen) else {
            return Err(format!("deepen {deepen} is neither 0 nor in 15..60"));
        };
        Ok(Level {
            depth,
            margin,
            wld,
            deepen,
        })
    };
    let games = u32::try_from(number("games", games)?).map_err(|_| "too many games".to_string())?;
    Ok((
        [level(d1, m1, w1, e1)?, level(d2, m2, w2, e2)?],
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
    let results: Vec<(i32, [Histogram; 2], [u64; 2])> = (0..games)
        .into_par_iter()
        .map(|g| play(g, levels, budget, &w))
        .collect();
    let (mut wins, mut draws) = (0u32, 0u32);
    let mut stages = [[0u64; WLD + 1]; 2];
    let mut could_check = [0u64; 2];
    for (d, h, c) in &results {
        match d.signum() {
            1 => wins += 1,
            0 => draws += 1,
            _ => {}
        }
        for side in 0..2 {
            for (total, n) in stages[side].iter_mut().zip(h[side]) {
                *total += n;
            }
            could_check[side] += c[side];
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
            .map(|(d, &k)| {
                let name = if d == WLD {
                    "wld".to_string()
                } else {
                    format!("d{d}")
                };
                format!("{name} {:.1}%", 100.0 * k as f64 / after as f64)
            })
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
    for (side, name) in ["A", "B"].iter().enumerate() {
        println!("  after move 18, {name}: {}", shown(&stages[side]));
        if levels[side].wld > 0 {
            println!(
                "  {name}'s moves that could have the check: {}, answered by it: {}",
                could_check[side], stages[side][WLD]
            );
        }
    }
}
