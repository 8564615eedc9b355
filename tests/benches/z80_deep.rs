//! Emulated CPC time of the Z80 AI's deep levels (docs/ai.md levels 3 and up).
//!
//! 1. Whole games: for each level, the Z80 plays both sides of games from a few seeded
//!    openings, every move checked against the reference engine (a mismatch aborts the
//!    bench); at a level with a budget each side passes what is left of it (`ai_time`) and
//!    each move is checked at the stage it reports. Prints CPC seconds per move (min /
//!    median / max), nodes per CPC second, the CPC time of each game side (the top level's
//!    budget: 25 CPC minutes a side) and the stages the moves came from.
//! 2. The exact endgame alone: the FFO boards with 14 empty squares (#1..#7) and the
//!    positions 2 and 4 plies later along the reference's best line (12 and 10 empties),
//!    solved at the top level.
//!
//! CPC time is the emulator's (microseconds of a 4 MHz CPC), so the numbers are the same on
//! every host. The game is started first (its start-up installs its own interrupt handler,
//! which scans the keyboard every frame, and waits for a key): the calls run with the
//! interrupts of the real game, as when it plays.
//!
//! `cargo bench -p cpc-e2e --bench z80_deep [-- [LEVELS [GAMES]] [games-only] [trace]]`, e.g.
//! `-- 3,4,5 2`; default: every level, 2 games each (`-- 6 0`: the exact solves alone). The top level takes a long time (host
//! minutes). `games-only` skips part 2; `trace` prints every move of a game with a budget
//! (its stage, CPC seconds and the side's time left), the time manager's record. The games
//! also give the stages by phase of the game (moves 9 to 17, 18 on), the depth ODIN's
//! tournament level is measured by.

use cpc_game::symbols as sym;
use std::collections::BTreeMap;

use cpc_e2e::z80::{ffo_positions, show, Z80};
use cpc_game::driver::{side_code, AiAnswer, AI_PASS};
use cpc_verify::positions::Rng;
use othello_engine::ai::best_move;
use othello_engine::board::{squares, Board};
use othello_engine::book;
use othello_engine::levels::Level;
use othello_engine::search::{level_stage, Stage};
use othello_engine::weights::Weights;

/// CPC time allowed for one move before the bench calls it a hang.
const MOVE_LIMIT_US: u64 = 4 * 3_600_000_000;

fn ai(z: &mut Z80, board: &Board, level: u8) -> AiAnswer {
    z.ai_timed(board, level, 0, MOVE_LIMIT_US)
}

/// The Z80's answer, which must be the reference's.
fn checked(z: &mut Z80, board: &Board, level: u8, w: &Weights) -> AiAnswer {
    let a = ai(z, board, level);
    let r = best_move(board, level, w);
    assert_eq!(
        (a.mv, a.score),
        (r.best_move.unwrap_or(AI_PASS), r.score),
        "{}: level {level}: the Z80 differs from the reference",
        show(board)
    );
    a
}

fn sec(us: u64) -> f64 {
    us as f64 / 1e6
}

/// Random plies before a game: after 2, the games are only 3 different ones up to symmetry
/// (the level plays the same moves from symmetric positions).
const OPENING_PLIES: u32 = 4;

/// A start position after `plies` seeded random moves.
fn opening(seed: u64, plies: u32) -> Board {
    let mut rng = Rng::new(seed);
    let mut b = Board::start();
    for _ in 0..plies {
        let moves = b.legal_moves();
        let k = rng.below(u64::from(moves.count_ones())) as usize;
        b.play(squares(moves).nth(k).expect("a move"));
    }
    b
}

/// Plays a whole game at `level`, the Z80 moving for both sides. At a level with a budget
/// (docs/ai.md 4.4) each side passes `ai_time` = what is left of its budget, as the game does,
/// and each answer is checked at the stage `ai_depth` reports. Returns the answers (with
/// their stages) and the CPC time of each side.
fn game(z: &mut Z80, start: Board, level: u8, w: &Weights, trace: bool) -> (Vec<Answer>, [u64; 2]) {
    let budget_us = match w.level(level) {
        Some(Level::Search(s)) => u64::from(s.budget) * 60_000_000,
        _ => 0,
    };
    let mut b = start;
    let mut answers = Vec::new();
    let mut side_us = [0u64; 2];
    while !b.is_game_over() {
        if b.must_pass() {
            b.pass();
            continue;
        }
        let side = usize::from(side_code(b.to_move) - 1);
        let (a, stage) = if budget_us == 0 {
            (checked(z, &b, level, w), FINAL_STAGE)
        } else {
            let left_s = (budget_us.saturating_sub(side_us[side]) / 1_000_000).max(1);
            // ai_timed writes ai_time itself (ai() would write 0: no limit).
            let a = z.ai_timed(&b, level, left_s as u16, MOVE_LIMIT_US);
            let stage = z.cpc.peek(z.addr(sym::AI_DEPTH));
            let r = match Stage::from_ai_depth(stage) {
                Some(st) => level_stage(&b, level, st, w),
                None if stage == 0 => book::answer(&b, level, w).expect("a book position"),
                None => panic!("{}: stopped before any stage", show(&b)),
            };
            assert_eq!(
                (a.mv, a.score),
                (r.best_move.unwrap_or(AI_PASS), r.score),
                "{}: level {level} at stage &{stage:02X}: the Z80 differs from the reference",
                show(&b)
            );
            (a, stage)
        };
        let move_number = 61 - b.empties().count_ones();
        if trace && budget_us != 0 {
            println!(
                "trace: move {move_number:2} side {side} empties {:2} stage {stage:3} {:7.1} CPC s of {:7.1} left",
                b.empties().count_ones(),
                sec(a.us),
                sec(budget_us.saturating_sub(side_us[side]))
            );
        }
        side_us[side] += a.us;
        answers.push((a, stage, move_number));
        b.play(a.mv).expect("a legal move");
    }
    (answers, side_us)
}

/// An answer, the stage it came from and the number of the move it played (1 = the first
/// move of the game: 60 empty squares).
type Answer = (AiAnswer, u8, u32);

/// The stage of an answer at a level without a budget: always the level's own.
const FINAL_STAGE: u8 = 0xFD;

/// "depth 6: 29, exact: 14, ..." for a level's answers.
fn stages(answers: &[Answer]) -> String {
    let mut counts: BTreeMap<u8, usize> = BTreeMap::new();
    for &(_, s, _) in answers {
        *counts.entry(s).or_default() += 1;
    }
    counts
        .iter()
        .map(|(&s, n)| {
            let name = match s {
                FINAL_STAGE => "full".to_string(),
                0 => "book".to_string(),
                0xFF => "exact".to_string(),
                w @ 0xE1..=0xEC => format!("wld after depth {}", w - 0xE0),
                d => format!("depth {d}"),
            };
            format!("{name}: {n}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The stages by phase of the game (ODIN's tournament level searched 7 plies until move 18,
/// then 9 plies until 12 empties, then exactly): moves 9 to 17 outside the book, move 18 on
/// before the exact endgame, and how many of each reached 7 and 9 plies (a move the
/// win/loss/draw check of docs/ai.md 4.6 answered, `wld`, was searched to the end of the game
/// for its sign and counts as both); then the moves at `endgame` empty squares or fewer whose
/// exact search did not finish in time.
fn phases(answers: &[Answer], endgame: u8) -> String {
    let is_wld = |s: u8| (0xE1..=0xEC).contains(&s);
    let in_endgame = |n: u32| 61 - n <= u32::from(endgame);
    let early: Vec<u8> = answers
        .iter()
        .filter(|&&(_, s, n)| n < 18 && s != 0 && s != 0xFF)
        .map(|&(_, s, _)| s)
        .collect();
    let late: Vec<u8> = answers
        .iter()
        .filter(|&&(_, s, n)| n >= 18 && s != 0 && s != 0xFF && !in_endgame(n))
        .map(|&(_, s, _)| s)
        .collect();
    // The exact endgame did not finish in time: the deepest stage before it answered.
    let missed: Vec<u8> = answers
        .iter()
        .filter(|&&(_, s, n)| s != 0 && s != 0xFF && s != FINAL_STAGE && in_endgame(n))
        .map(|&(_, s, _)| s)
        .collect();
    let exact = answers.iter().filter(|&&(_, s, _)| s == 0xFF).count();
    let book = answers.iter().filter(|&&(_, s, _)| s == 0).count();
    let at_least = |v: &[u8], d: u8| {
        let n = v
            .iter()
            .filter(|&&s| (s >= d && s != FINAL_STAGE) || is_wld(s))
            .count();
        format!(
            "{n}/{} ({:.0} %)",
            v.len(),
            100.0 * n as f64 / v.len().max(1) as f64
        )
    };
    let hist = |v: &[u8]| {
        let mut c: BTreeMap<u8, usize> = BTreeMap::new();
        for &s in v {
            *c.entry(s).or_default() += 1;
        }
        c.iter()
            .map(|(&d, n)| match d {
                w if is_wld(w) => format!("wld after d{}: {n}", w - 0xE0),
                d => format!("d{d}: {n}"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "| {} | {} | {} | {} | {} | {exact} | {} {} | {book} |",
        hist(&early),
        at_least(&early, 7),
        hist(&late),
        at_least(&late, 9),
        answers.len(),
        missed.len(),
        hist(&missed)
    )
}

fn main() {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let flag = |name: &str| words.iter().any(|a| a == name);
    let (games_only, trace) = (flag("games-only"), flag("trace"));
    let args: Vec<&String> = words
        .iter()
        .filter(|a| *a != "games-only" && *a != "trace")
        .collect();
    let w = Weights::default();
    let top = w.max_level();
    let levels: Vec<u8> = match args.first() {
        Some(list) => list
            .split(',')
            .map(|l| l.parse().expect("levels: a comma-separated list"))
            .collect(),
        None => (3..=top).collect(),
    };
    let games: u64 = args
        .get(1)
        .map_or(2, |g| g.parse().expect("games: a number"));
    let mut z = Z80::game();
    z.start(); // the interrupt handler runs, so a time limit counts down

    println!("Z80 deep levels: whole games, the Z80 playing both sides, every move checked\n");
    println!(
        "| level | depth / exact from / budget | moves | CPC s/move min | median | max | nodes per CPC s | CPC min per game side (max) | stages |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut phase_rows = Vec::new();
    for &level in &levels {
        let def = w.search_levels()[usize::from(level - 3)];
        let mut all = Vec::new();
        let mut worst_side = 0u64;
        for g in 0..games {
            let (answers, sides) = game(
                &mut z,
                opening(0x0DEE_9000 + 16 * g, OPENING_PLIES),
                level,
                &w,
                trace,
            );
            worst_side = worst_side.max(sides[0]).max(sides[1]);
            all.extend(answers);
        }
        if all.is_empty() {
            continue; // no games (`-- LEVEL 0`): the exact-solve table alone
        }
        let stage_text = stages(&all);
        phase_rows.push(format!("| {level} {}", phases(&all, def.endgame)));
        let mut all: Vec<AiAnswer> = all.into_iter().map(|(a, _, _)| a).collect();
        all.sort_by_key(|a| a.us);
        let total_us: u64 = all.iter().map(|a| a.us).sum();
        let nodes: u64 = all.iter().map(|a| u64::from(a.nodes)).sum();
        let budget = if def.budget == 0 {
            "-".to_string()
        } else {
            format!("{} min", def.budget)
        };
        println!(
            "| {level} | {} / {} / {budget} | {} | {:.2} | {:.2} | {:.1} | {:.0} | {:.1} | {stage_text} |",
            def.depth,
            def.endgame,
            all.len(),
            sec(all[0].us),
            sec(all[all.len() / 2].us),
            sec(all[all.len() - 1].us),
            nodes as f64 / sec(total_us),
            sec(worst_side) / 60.0
        );
    }

    println!("\nStages by phase (moves 9-17 and 18 on, outside the book and the exact endgame)\n");
    println!(
        "| level | moves 9-17 | >= 7 plies | move 18 on | >= 9 plies | moves | exact | exact not finished (stage answering) | book |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for row in &phase_rows {
        println!("{row}");
    }
    if games_only {
        return;
    }

    let ffo = match ffo_positions() {
        Ok(b) => b,
        Err(why) => {
            eprintln!("!!!!!!!! the FFO boards are missing ({why}): no exact-solve table");
            return;
        }
    };
    let exact_level = (3..=top)
        .find(|&l| w.search_levels()[usize::from(l - 3)].endgame >= 14)
        .unwrap_or(top);
    println!(
        "\nExact endgame at level {exact_level}: FFO #1..#7 (14 empties) and 2 and 4 plies later on the reference's line\n"
    );
    println!("| empties | positions | CPC s min | median | max | nodes per CPC s |");
    println!("|---|---|---|---|---|---|");
    let fourteen: Vec<Board> = ffo
        .into_iter()
        .filter(|b| b.empties().count_ones() == 14)
        .take(7)
        .collect();
    for ahead in [4usize, 2, 0] {
        let boards: Vec<Board> = fourteen
            .iter()
            .map(|b| {
                let mut b = *b;
                let mut plies = 0;
                while plies < ahead {
                    if b.must_pass() {
                        b.pass();
                        continue;
                    }
                    let r = best_move(&b, exact_level, &w);
                    b.play(r.best_move.expect("a move")).expect("legal");
                    plies += 1;
                }
                b
            })
            .filter(|b| !b.must_pass())
            .collect();
        let mut answers: Vec<AiAnswer> = boards
            .iter()
            .map(|b| checked(&mut z, b, exact_level, &w))
            .collect();
        answers.sort_by_key(|a| a.us);
        let total_us: u64 = answers.iter().map(|a| a.us).sum();
        let nodes: u64 = answers.iter().map(|a| u64::from(a.nodes)).sum();
        println!(
            "| {} | {} | {:.1} | {:.1} | {:.1} | {:.0} |",
            14 - ahead,
            answers.len(),
            sec(answers[0].us),
            sec(answers[answers.len() / 2].us),
            sec(answers[answers.len() - 1].us),
            nodes as f64 / sec(total_us)
        );
    }
}
