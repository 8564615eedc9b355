//! `cpc-othello verify`: the Z80 program against the reference engine, at scale.
//!
//! The promise of the project is that the 8-bit program plays exactly the algorithm of
//! docs/ai.md as `othello_engine` implements it. A run checks that four ways:
//! - [`check`]: on each of N positions ([`positions`]: edge cases, the FFO boards, seeded
//!   random play-outs) `ai_entry` at every level, `gen_legal` and `play_move`, called one
//!   by one in the bundled emulator (`cpc_game::driver`); at a level with a time budget
//!   `ai_entry` gets the side's share of it and its answer is compared at the stage it reports
//!   (`cpc_game::stage`);
//! - [`game`]: whole games through the program's user interface and the emulated keyboard,
//!   the human side played by a seeded random player or the reference ([`game_plan`]);
//! - [`mame_game`]: whole games in MAME with the real ROMs, typed as a user would;
//! - everything in parallel on all cores, summed up in a [`Report`] ([`report`]).

pub mod check;
pub mod game;
pub mod game_plan;
pub mod mame_game;
pub mod positions;
pub mod report;
pub mod summary;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use othello_engine::board::Board;
use othello_engine::notation::to_position_string;
use othello_engine::weights::Weights;
use rayon::prelude::*;

use cpc_mame::roms::Roms;
use cpc_mame::Machine;

pub use cpc_game::driver::call_limit_us;
pub use cpc_game::{DriverError, Image, Z80Ai};
pub use report::{LevelReport, Report};

use cpc_game::stage;
use positions::Origin;

/// Why a run could not be made (a difference of the program is a [`Mismatch`] instead).
#[derive(Debug, Clone, thiserror::Error)]
pub enum VerifyError {
    /// The program could not be booted, read or called (the game crate's driver says why).
    #[error(transparent)]
    Driver(#[from] DriverError),
    /// A level the weights file does not define was asked for.
    #[error("level {level}: the weights file defines levels 1 to {max}")]
    Level {
        /// The level.
        level: u8,
        /// The highest level of the file.
        max: u8,
    },
    /// MAME could not run.
    #[error("MAME: {0}")]
    Mame(String),
}

/// What part of the program differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MismatchKind {
    /// `ai_entry`: move, score or node count.
    Ai,
    /// `gen_legal`: the legal-move list.
    Legal,
    /// `play_move`: the board after a move, or an illegal move accepted.
    PlayMove,
    /// A game through the user interface in the bundled emulator.
    Game,
    /// A game in MAME.
    Mame,
    /// A game through the user interface in which the computer thought longer than its
    /// level's budget.
    Budget,
}

impl MismatchKind {
    /// A short name for tables and JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            // Report words (the routines' names as the JSON has always spelt them).
            MismatchKind::Ai => "ai_entry",
            MismatchKind::Legal => "gen_legal",
            MismatchKind::PlayMove => "play_move",
            MismatchKind::Game => "game",
            MismatchKind::Mame => "mame game",
            MismatchKind::Budget => "time budget",
        }
    }
}

/// One difference between the program and the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What differs.
    pub kind: MismatchKind,
    /// The AI level concerned, if one is.
    pub level: Option<u8>,
    /// Where the position came from (`random play-out #12`, `level 2 game #3 ...`).
    pub origin: String,
    /// The position.
    pub board: Board,
    /// What the program did.
    pub z80: String,
    /// What the reference did.
    pub reference: String,
    /// The game (0-based, within its level), for game mismatches.
    pub game: Option<usize>,
    /// The plies of the game before the position, for game mismatches.
    pub moves: Vec<u8>,
    /// The stage (`ai_depth`) the program's answer was compared at, when that was not simply
    /// the level's answer (`best_move`): a search with a time limit.
    pub stage: Option<u8>,
    /// `ai_time` of the call, seconds, for a position checked with a time limit.
    pub ai_time: Option<u16>,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.kind.name())?;
        if let Some(level) = self.level {
            write!(f, " level {level}")?;
        }
        write!(
            f,
            " on {} ({}): Z80 {}; reference {}",
            to_position_string(&self.board),
            self.origin,
            self.z80,
            self.reference
        )
    }
}

/// Which levels to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Levels {
    /// Every level the weights file defines; those the program does not play are reported
    /// as not implemented.
    All,
    /// These levels; one the program does not play fails the run.
    List(Vec<u8>),
}

/// MAME games of a run.
#[derive(Clone, Debug)]
pub struct MameConfig {
    /// Games per level (alternately on a CPC 6128 and a CPC 464 with DDI-1).
    pub games: usize,
    /// The disc with the program.
    pub dsk: PathBuf,
    /// The ROMs.
    pub roms: Roms,
    /// Where MAME's files go (one directory per game).
    pub work: PathBuf,
}

/// What a run checks.
#[derive(Clone, Debug)]
pub struct Config {
    /// The levels.
    pub levels: Levels,
    /// Positions (edge cases, FFO boards, then random play-outs).
    pub positions: usize,
    /// Games through the user interface, per level.
    pub games: usize,
    /// The seed of the random play-outs and of the games.
    pub seed: u64,
    /// The FFO boards (empty: none).
    pub ffo: Vec<Board>,
    /// Check only this position (no suite).
    pub given: Option<Board>,
    /// MAME games, if any.
    pub mame: Option<MameConfig>,
    /// Positions checked at the deep levels ([`stage::is_deep`]: a move takes CPC minutes),
    /// spread over the suite (every edge case first); `None`: all of them.
    pub deep_positions: Option<usize>,
    /// `ai_time` for every position at every search level, seconds (0: none); `None`: the
    /// level's share of its budget ([`stage::nominal_time`]), none without a budget.
    pub time: Option<u16>,
}

pub use cpc_game::progress::{Progress, Silent};

/// Positions per parallel work item (each boots its own machine).
const CHUNK: usize = 32;
/// Positions per work item when a deep level is checked (a position takes seconds).
const DEEP_CHUNK: usize = 4;

/// The levels a run checks and those the program does not play.
fn choose_levels(
    image: &Image,
    weights: &Weights,
    levels: &Levels,
) -> Result<(Vec<u8>, Vec<u8>), VerifyError> {
    let max = weights.max_level();
    let wanted: Vec<u8> = match levels {
        Levels::All => (1..=max).collect(),
        Levels::List(list) => {
            if let Some(&level) = list.iter().find(|&&l| l == 0 || l > max) {
                return Err(VerifyError::Level { level, max });
            }
            let mut l = list.clone();
            l.sort_unstable();
            l.dedup();
            l
        }
    };
    let mut z = Z80Ai::new(image)?;
    let mut played = Vec::new();
    let mut missing = Vec::new();
    for level in wanted {
        if z.plays_level(level)? {
            played.push(level);
        } else {
            missing.push(level);
        }
    }
    Ok((played, missing))
}

/// Runs every check of `config` on `image` (built with `weights`).
///
/// # Errors
/// [`VerifyError`] when the run cannot be made: a missing symbol, an undefined level, an
/// emulator or MAME that cannot run. Differences of the program are in the report.
pub fn run(
    image: &Image,
    weights: &Weights,
    config: &Config,
    progress: &dyn Progress,
) -> Result<Report, VerifyError> {
    // The bundled emulator's machine: a 464 plays without the edge table; MAME plays both.
    let all_weights = weights;
    let weights = &image.played_weights(all_weights);
    let (levels, not_implemented) = choose_levels(image, weights, &config.levels)?;
    let mut report = Report::new(&levels, not_implemented, config);
    for l in &mut report.levels {
        l.budget = stage::budget_minutes(weights, l.level);
    }

    let suite: Vec<(Origin, Board)> = match config.given {
        Some(b) => vec![(Origin::Given, b)],
        None => positions::suite(config.positions, config.seed, &config.ffo),
    };
    // `levels` is sorted, so both parts are too.
    let (deep, shallow): (Vec<u8>, Vec<u8>) =
        levels.iter().partition(|&&l| stage::is_deep(weights, l));
    let deep_at = deep_selection(&suite, config.deep_positions);
    let work: Vec<(usize, &(Origin, Board))> = suite.iter().enumerate().collect();
    progress.phase("positions", suite.len() as u64);
    let started = Instant::now();
    let chunk_size = if deep.is_empty() { CHUNK } else { DEEP_CHUNK };
    let chunks: Vec<Result<Vec<check::PositionOutcome>, VerifyError>> = work
        .par_chunks(chunk_size)
        .map(|chunk| {
            let mut z = Z80Ai::new(image)?;
            chunk
                .iter()
                .map(|&(i, (origin, board))| {
                    let how = check::How {
                        levels: if deep_at[i] { &levels } else { &shallow },
                        weights,
                        time: config.time,
                    };
                    let out = check::check_position(&mut z, origin, board, &how);
                    progress.advance(1);
                    out
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .collect();
    report.position_seconds = started.elapsed().as_secs_f64();
    for chunk in chunks {
        for outcome in chunk? {
            report.add_position(outcome);
        }
    }

    let games: Vec<game_plan::GameSetup> = if config.given.is_some() {
        Vec::new()
    } else {
        levels
            .iter()
            .flat_map(|&level| {
                (0..config.games)
                    .map(move |i| game_plan::GameSetup::new(config.seed, level, i, weights))
            })
            .collect()
    };
    progress.phase("games", games.len() as u64);
    let started = Instant::now();
    let outcomes: Vec<Result<game::GameOutcome, VerifyError>> = games
        .par_iter()
        .map(|setup| {
            let out = game::play_game(image, setup, weights);
            progress.advance(1);
            out
        })
        .collect();
    report.game_seconds = started.elapsed().as_secs_f64();
    for outcome in outcomes {
        report.add_game(outcome?);
    }

    if let Some(mame) = &config.mame {
        // A computer with a budget plays by its clock: its moves cannot be typed in advance.
        let (budgeted, planned): (Vec<u8>, Vec<u8>) = levels
            .iter()
            .partition(|&&l| stage::budget_minutes(weights, l) > 0);
        report.mame_skipped = budgeted;
        let setups: Vec<(game_plan::GameSetup, Machine)> = planned
            .iter()
            .flat_map(|&level| {
                (0..mame.games).map(move |i| {
                    let machine = if i % 2 == 0 {
                        Machine::Cpc6128
                    } else {
                        Machine::Cpc464Ddi1
                    };
                    (
                        game_plan::GameSetup::new(config.seed ^ MAME_SEED, level, i, weights),
                        machine,
                    )
                })
            })
            .collect();
        progress.phase("MAME games", setups.len() as u64);
        let serial = AtomicUsize::new(0);
        let outcomes: Vec<Result<mame_game::MameOutcome, VerifyError>> = setups
            .par_iter()
            .map(|(setup, machine)| {
                let n = serial.fetch_add(1, Ordering::Relaxed);
                let work = mame.work.join(format!(
                    "level{}-game{}-{}-{n}",
                    setup.level,
                    setup.index + 1,
                    machine.name()
                ));
                let out = mame_game::play_mame_game(
                    &mame.dsk,
                    image,
                    setup,
                    *machine,
                    all_weights,
                    &mame.roms,
                    &work,
                );
                progress.advance(1);
                out
            })
            .collect();
        for outcome in outcomes {
            report.add_mame(outcome?);
        }
    }
    Ok(report)
}

/// Mixed into the run's seed for the MAME games, so they are not the emulator's games
/// again.
pub const MAME_SEED: u64 = 0x4D41_4D45;

/// Which positions of `suite` the deep levels check: all of them, or `n` of them: every
/// edge case (up to `n`), then the others evenly spread (the FFO boards, play-outs of every
/// length).
#[must_use]
pub fn deep_selection(suite: &[(Origin, Board)], n: Option<usize>) -> Vec<bool> {
    let Some(n) = n.filter(|&n| n < suite.len()) else {
        return vec![true; suite.len()];
    };
    let mut chosen = vec![false; suite.len()];
    let (edges, rest): (Vec<usize>, Vec<usize>) =
        (0..suite.len()).partition(|&i| matches!(suite[i].0, Origin::Edge(_)));
    for &i in edges.iter().take(n) {
        chosen[i] = true;
    }
    let k = n.saturating_sub(edges.len()).min(rest.len());
    for j in 0..k {
        chosen[rest[j * rest.len() / k]] = true;
    }
    chosen
}
