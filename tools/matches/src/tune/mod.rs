//! `cpc-othello tune`: improves a weights file by self-play of the reference engine, which
//! plays the Z80 program's moves (the verification proves it) thousands of times faster.
//! [`spsa`] moves the parameters a user names ([`params`]); each iteration plays game pairs
//! (both colours of seeded openings) between the two perturbed tables on all cores. The file
//! is written back with its comments and layout, and a header saying how it was made. The
//! edge table is not moved by SPSA but fitted to self-play games ([`edge`]).

pub mod edge;
pub mod margin;
pub mod params;
pub mod pattern_fit;
pub mod spsa;

use std::sync::atomic::{AtomicBool, Ordering};

use othello_engine::ai::best_move;
use othello_engine::board::{squares, Board, Color};
use othello_engine::weights::Weights;
use rayon::prelude::*;

use cpc_game::progress::Progress;
use params::Param;
use spsa::{Gains, Rng};

/// What a tuning run does.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The parameters moved.
    pub params: Vec<Param>,
    /// The level both sides play (its search and endgame as the file defines them).
    pub level: u8,
    /// Iterations of SPSA.
    pub iterations: usize,
    /// Game pairs per iteration.
    pub pairs: usize,
    /// Random plies of the openings.
    pub random_plies: u32,
    /// SPSA's gains.
    pub gains: Gains,
    /// The seed of the perturbations and the openings.
    pub seed: u64,
}

/// How a run ended.
#[derive(Clone, Debug)]
pub struct TuneResult {
    /// The tuned values, rounded, in the order of the parameters.
    pub values: Vec<i64>,
    /// Iterations done (fewer than asked when stopped).
    pub iterations: usize,
    /// Stopped by the user (Ctrl-C).
    pub stopped: bool,
}

/// Runs SPSA from `text`'s values. `stop` ends it cleanly after the current iteration.
///
/// # Errors
/// A weights text that does not parse or lacks the level.
pub fn run(
    text: &str,
    config: &TuneConfig,
    stop: &AtomicBool,
    progress: &dyn Progress,
) -> Result<TuneResult, String> {
    let start = weights_at_level(text, config.level)?;
    let ranges: Vec<(i64, i64)> = config.params.iter().map(|p| p.range).collect();
    let mut theta: Vec<f64> = params::read(&config.params, &start)
        .into_iter()
        .map(|v| v as f64)
        .collect();
    let mut rng = Rng::new(config.seed);
    progress.phase("tune", config.iterations as u64);
    let mut done = 0;
    for k in 0..config.iterations {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let (a_k, c_k) = config.gains.at(k);
        let delta: Vec<f64> = theta.iter().map(|_| rng.sign()).collect();
        let [plus, minus] = spsa::perturbed(&theta, &delta, c_k, &ranges);
        let wp = params::weights_with(text, &config.params, &plus)?;
        let wm = params::weights_with(text, &config.params, &minus)?;
        let opening_seed = rng.next_u64();
        let score = pair_score(&wp, &wm, config, opening_seed);
        // f(θ+) - f(θ-): the score difference of the two sides, -1..1.
        spsa::step(&mut theta, &delta, 2.0 * score - 1.0, a_k, c_k);
        for (t, (lo, hi)) in theta.iter_mut().zip(&ranges) {
            *t = t.clamp(*lo as f64, *hi as f64);
        }
        done = k + 1;
        progress.note(&format!("{:.1} %", 100.0 * score));
        progress.advance(1);
    }
    Ok(TuneResult {
        values: theta.iter().map(|t| t.round() as i64).collect(),
        iterations: done,
        stopped: done < config.iterations,
    })
}

/// The weights of `text`, which must define `level`.
///
/// # Errors
/// A text that does not parse, or no such level.
pub fn weights_at_level(text: &str, level: u8) -> Result<Weights, String> {
    let w = Weights::parse(text, "tune").map_err(|e| e.to_string())?;
    if w.level(level).is_none() {
        return Err(format!(
            "level {level}: not defined (the file defines 1 to {})",
            w.max_level()
        ));
    }
    Ok(w)
}

/// The score of `a` (0..1) in `config.pairs` game pairs against `b`.
fn pair_score(a: &Weights, b: &Weights, config: &TuneConfig, seed: u64) -> f64 {
    let points: f64 = (0..2 * config.pairs)
        .into_par_iter()
        .map(|g| {
            let opening = opening(seed.wrapping_add((g / 2) as u64), config.random_plies);
            game_points(&opening, a, b, g % 2 == 1, config.level)
        })
        .sum();
    points / (2 * config.pairs) as f64
}

/// A start position after `plies` seeded random moves.
#[must_use]
pub fn opening(seed: u64, plies: u32) -> Board {
    let mut rng = Rng::new(seed);
    let mut b = Board::start();
    for _ in 0..plies {
        let moves: Vec<u8> = squares(b.legal_moves()).collect();
        if moves.is_empty() {
            break;
        }
        b.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
    }
    b
}

/// `a`'s points (1, ½, 0) in the game from `start`, `a` moving first unless `swapped`.
#[must_use]
pub fn game_points(start: &Board, a: &Weights, b: &Weights, swapped: bool, level: u8) -> f64 {
    let mut board = *start;
    let a_color = if swapped {
        start.to_move.opponent()
    } else {
        start.to_move
    };
    play_out(
        &mut board,
        level,
        |colour| if colour == a_color { a } else { b },
        |_| {},
    );
    let s = board.final_score();
    let (mine, theirs) = match a_color {
        Color::Black => (s.black, s.white),
        Color::White => (s.white, s.black),
    };
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

/// Plays `board` to the end at `level`, each side with `weights_of` its colour; `before_move`
/// sees every position where a side moves (passes are played without it).
pub fn play_out<'w>(
    board: &mut Board,
    level: u8,
    weights_of: impl Fn(Color) -> &'w Weights,
    mut before_move: impl FnMut(&Board),
) {
    while !board.is_game_over() {
        if board.must_pass() {
            board.pass();
            continue;
        }
        before_move(board);
        let mv = best_move(board, level, weights_of(board.to_move))
            .best_move
            .expect("a side that can move gets a move");
        board.play(mv);
    }
}

/// Why the shipped opening book no longer applies to `w` (docs/ai.md 11.5: it is computed
/// with the evaluation of levels 3 and up), or `None` while it does.
#[must_use]
pub fn book_mismatch(w: &Weights) -> Option<String> {
    othello_engine::book::shipped().mismatch(w)
}
