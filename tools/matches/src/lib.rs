//! "Is my table better?": games between any two of the Z80 program (in the bundled emulator),
//! the reference engine and GTP programs, refereed by the reference rules (`cpc-othello
//! match`), and what is made of them: the Elo arithmetic, the losses solved exactly, the
//! search margin of a weights file and the weights tuned by self-play.
//!
//! - [`spec`]: what `z80:6`, `ref:2` or `gtp-rhino -l 1` names; [`sides`]: `@FILE` sides (a
//!   weights file, or a build of the program on a disc or as a binary);
//! - [`players`]: the three kinds of player behind one interface ([`gtp_process`] drives a
//!   GTP program with time limits);
//! - [`opening`]: seeded random openings, so that deterministic programs play different games;
//! - [`referee`]: one game, every answer checked;
//! - [`match_report`]: the games and the tallies, as text and JSON;
//! - [`z80_gtp`]: the Z80 program as a GTP engine (`cpc-othello z80-gtp`), with the GTP time
//!   commands;
//! - [`elo`], [`pool`], [`losses`], [`phases`]: Elo, LOS and the SPRT; several reports counted
//!   as one; each lost game solved exactly; the Z80 program's depth by phase of the game;
//!   [`text`]: a report and the losses as the CLI prints them;
//! - [`tune`]: SPSA self-play of the reference engine, and `tune::margin`.
//!
//! Each game gets fresh players (its own emulated CPC, its own GTP processes), so games run
//! in parallel on all cores and do not depend on each other.

pub mod elo;
pub mod gtp_process;
pub mod losses;
pub mod match_report;
pub mod opening;
pub mod phases;
pub mod players;
pub mod pool;
pub mod referee;
pub mod sides;
pub mod spec;
pub mod text;
pub mod tune;
pub mod z80_gtp;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use othello_engine::weights::Weights;
use rayon::prelude::*;

use cpc_game::progress::Progress;
use cpc_game::Image;
use cpc_game::{assemble, sources};

pub use match_report::{EngineInfo, GameRecord, MatchReport};
pub use players::Workshop;
pub use sides::{resolve, Side};
pub use spec::EngineSpec;

/// Why a match cannot be played.
#[derive(Debug, Clone, thiserror::Error)]
pub enum MatchError {
    /// An engine cannot play (an undefined level, a program that does not start or does not
    /// speak GTP).
    #[error("engine `{engine}`: {why}")]
    Engine {
        /// The engine as given.
        engine: String,
        /// What is wrong.
        why: String,
    },
    /// The Z80 program does not build.
    #[error("the Z80 program: {0}")]
    Build(String),
}

/// One side of a match as given: the text and what it names.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The text (`--black`/`--white`).
    pub label: String,
    /// What it names.
    pub spec: EngineSpec,
    /// `FILE` of `z80:LEVEL@FILE` / `ref:LEVEL@FILE`: its own weights file or frozen build
    /// ([`sides`]).
    pub from: Option<std::path::PathBuf>,
}

impl Engine {
    /// Parses `label`.
    ///
    /// # Errors
    /// [`MatchError::Engine`] saying what is wrong with it.
    pub fn parse(label: &str) -> Result<Engine, MatchError> {
        let fail = |why: String| MatchError::Engine {
            engine: label.to_string(),
            why,
        };
        let own = ["z80:", "ref:"].iter().any(|p| label.starts_with(p));
        let (name, from) = match label.split_once('@') {
            Some((name, file)) if own => {
                if file.is_empty() {
                    return Err(fail("expected a file after `@`".to_string()));
                }
                (name, Some(std::path::PathBuf::from(file)))
            }
            _ => (label, None),
        };
        Ok(Engine {
            label: label.to_string(),
            spec: EngineSpec::parse(name).map_err(fail)?,
            from,
        })
    }
}

/// A match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Engine 0 (`--black`) and 1 (`--white`).
    pub engines: [Engine; 2],
    /// Games.
    pub games: usize,
    /// The seed of the openings.
    pub seed: u64,
    /// Random plies per opening.
    pub random_plies: u8,
    /// Swap colours every other game; both games of a pair start from the same opening.
    pub alternate: bool,
    /// Stop as soon as this sequential test decides ([`elo::Sprt`]).
    pub sprt: Option<elo::Sprt>,
}

/// Default time a GTP program may take to answer one command.
pub const GTP_TIMEOUT: Duration = Duration::from_secs(600);

/// The Z80 program built in memory from this workspace's `cpc/` with `weights`
/// (`origin` names the weights file in the generated include).
///
/// # Errors
/// [`MatchError::Build`] with the assembler's diagnostics.
pub fn build_image(weights: &Weights, origin: &str) -> Result<Image, MatchError> {
    let game = assemble(
        &sources::Sources::dir(sources::default_dir()),
        weights,
        origin,
    )
    .map_err(|e| MatchError::Build(e.to_string()))?;
    Image::from_game(&game).map_err(|e| MatchError::Build(e.to_string()))
}

/// Where a running match hands out the games finished so far ([`run`]), so that a match
/// stopped before its end keeps them (`match --json` writes them).
pub struct Checkpoint<'a> {
    /// At most one report in this time (after the first game's; the final report aside):
    /// a match of quick games would otherwise copy and write its games after each one.
    pub every: Duration,
    /// Gets the report of the games finished so far, in order of their numbers, with the
    /// sequential test's state; one call at a time.
    pub report: &'a (dyn Fn(&MatchReport) + Sync),
}

/// Plays the match. Each engine is started once first, so that one which cannot play is an
/// error before any game; a game that then cannot go on (a crash, a timeout) is reported as
/// aborted and the others still count. With a [`Checkpoint`] the games finished so far are
/// reported while it runs.
///
/// # Errors
/// [`MatchError::Engine`] for an engine that cannot play.
pub fn run(
    config: &MatchConfig,
    workshop: &Workshop,
    progress: &dyn Progress,
    checkpoint: Option<&Checkpoint>,
) -> Result<MatchReport, MatchError> {
    let mut engines = Vec::new();
    for e in &config.engines {
        let player = workshop
            .player(engines.len(), &e.spec)
            .map_err(|why| MatchError::Engine {
                engine: e.label.clone(),
                why,
            })?;
        let program = workshop.sides[engines.len()]
            .image
            .as_ref()
            .map(Image::fingerprint);
        engines.push(EngineInfo {
            label: e.label.clone(),
            name: player.name(),
            program,
        });
    }

    // With alternating colours both games of a pair share their opening.
    let pairs = if config.alternate {
        config.games.div_ceil(2)
    } else {
        config.games
    };
    let openings = opening::openings(config.seed, pairs, config.random_plies);
    progress.phase("games", config.games as u64);
    let started = Instant::now();
    // Engine 0's points of each game finished so far, for the running score and the test.
    let points: Mutex<Vec<Option<f64>>> = Mutex::new(vec![None; config.games]);
    let decision: Mutex<Option<elo::SprtState>> = Mutex::new(None);
    let stop = AtomicBool::new(false);
    let report = |games: Vec<GameRecord>, sprt| MatchReport {
        engines: engines.clone(),
        games,
        planned: config.games,
        sprt,
        seed: config.seed,
        random_plies: config.random_plies,
        alternate: config.alternate,
        seconds: started.elapsed().as_secs_f64(),
    };
    // The games finished so far and when they were last reported (checkpoint).
    let finished: Mutex<(Vec<GameRecord>, Option<Instant>)> = Mutex::new((Vec::new(), None));
    let games: Vec<GameRecord> = (0..config.games)
        .into_par_iter()
        .filter_map(|i| {
            if stop.load(Ordering::Relaxed) {
                return None; // the test has decided: the games not begun are not played
            }
            let swapped = config.alternate && i % 2 == 1;
            let order = if swapped { [1, 0] } else { [0, 1] };
            let opening = &openings[if config.alternate { i / 2 } else { i }];
            let result = play_one(config, workshop, order, opening);
            let record = GameRecord {
                number: i + 1,
                engines: order,
                opening: opening.clone(),
                result,
            };
            let units = {
                let mut p = points.lock().expect("no panic holds it");
                p[i] = record_points(&record);
                scored_units(&p, config.alternate)
            };
            if let Some(e) = elo::estimate(&units) {
                let elo = if e.elo.is_finite() {
                    format!("{:+}", e.elo.round() as i64)
                } else {
                    format!("{}", e.elo)
                };
                progress.note(&format!("{:.1} % {elo} Elo", 100.0 * e.score));
            }
            if let Some(test) = config.sprt {
                let state = test.state(&units);
                if !matches!(state, elo::SprtState::Open(_)) {
                    let mut d = decision.lock().expect("no panic holds it");
                    d.get_or_insert(state);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if let Some(c) = checkpoint {
                let mut so_far = finished.lock().expect("no panic holds it");
                so_far.0.push(record.clone());
                if so_far.1.is_none_or(|t| t.elapsed() >= c.every) {
                    so_far.0.sort_by_key(|g| g.number);
                    let sprt = config.sprt.map(|test| {
                        let decided = *decision.lock().expect("no panic holds it");
                        (test, decided.unwrap_or_else(|| test.state(&units)))
                    });
                    (c.report)(&report(so_far.0.clone(), sprt));
                    so_far.1 = Some(Instant::now());
                }
            }
            progress.advance(1);
            Some(record)
        })
        .collect();
    let sprt = config.sprt.map(|test| {
        let final_state = decision.into_inner().expect("no panic holds it");
        (
            test,
            final_state.unwrap_or_else(|| {
                test.state(&scored_units(
                    &points.into_inner().expect("no panic holds it"),
                    config.alternate,
                ))
            }),
        )
    });
    Ok(report(games, sprt))
}

/// Engine 0's points in a finished game (1, ½, 0), `None` for an aborted one.
fn record_points(record: &GameRecord) -> Option<f64> {
    let color = record.color_of(0)?;
    Some(match record.outcome(color)? {
        match_report::Outcome::Win => 1.0,
        match_report::Outcome::Draw => 0.5,
        match_report::Outcome::Loss(_) => 0.0,
    })
}

/// The units the statistics count: each pair of games (both finished) with alternating
/// colours, else each finished game; a unit is engine 0's score per game in it.
fn scored_units(points: &[Option<f64>], alternate: bool) -> Vec<f64> {
    if alternate {
        points
            .chunks(2)
            .filter_map(|pair| match pair {
                [Some(a), Some(b)] => Some((a + b) / 2.0),
                _ => None,
            })
            .collect()
    } else {
        points.iter().flatten().copied().collect()
    }
}

/// One game with fresh players; engine `order[0]` plays black.
fn play_one(
    config: &MatchConfig,
    workshop: &Workshop,
    order: [usize; 2],
    opening: &othello_engine::game::Game,
) -> Result<referee::Refereed, String> {
    let start = |i: usize| {
        let e = &config.engines[i];
        workshop
            .player(i, &e.spec)
            .map_err(|why| format!("`{}`: {why}", e.label))
    };
    let mut black = start(order[0])?;
    let mut white = start(order[1])?;
    referee::play(opening, black.as_mut(), white.as_mut()).map_err(|(color, why)| {
        let e = &config.engines[order[color.index()]];
        format!("{color} `{}`: {why}", e.label)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cpc_game::progress::Silent;

    /// A checkpoint with no interval sees every finished game once, in a report that grows by
    /// one game a call, in the games' order, with the planned number and the sequential
    /// test's state; the last one holds the final report's games. With an interval longer
    /// than the match only the first game's report goes out.
    #[test]
    fn each_finished_game_is_reported_while_the_match_runs() {
        let w = Weights::default();
        let engines = [
            Engine::parse("ref:2").unwrap(),
            Engine::parse("ref:1").unwrap(),
        ];
        let mut shared = None;
        let sides = [
            resolve(&engines[0], &w, "test", &mut shared).unwrap(),
            resolve(&engines[1], &w, "test", &mut shared).unwrap(),
        ];
        let workshop = Workshop {
            sides,
            gtp_timeout: GTP_TIMEOUT,
        };
        let config = MatchConfig {
            engines,
            games: 5,
            seed: 7,
            random_plies: 4,
            alternate: true,
            // Hypotheses too close for 5 games to decide: every game is played.
            sprt: Some(elo::Sprt {
                elo0: 0.0,
                elo1: 1.0,
            }),
        };
        let seen: Mutex<Vec<(usize, Vec<usize>)>> = Mutex::new(Vec::new());
        let note = |r: &MatchReport| {
            assert!(r.sprt.is_some(), "the test's state goes with the games");
            let numbers = r.games.iter().map(|g| g.number).collect();
            seen.lock().unwrap().push((r.planned, numbers));
        };
        let every_game = Checkpoint {
            every: Duration::ZERO,
            report: &note,
        };
        let report = run(&config, &workshop, &Silent, Some(&every_game)).unwrap();
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.len(), 5, "one report a game");
        for (k, (planned, numbers)) in seen.iter().enumerate() {
            assert_eq!(*planned, 5);
            assert_eq!(
                numbers.len(),
                k + 1,
                "report {k} holds the games finished so far"
            );
            assert!(
                numbers.windows(2).all(|p| p[0] < p[1]),
                "in order: {numbers:?}"
            );
        }
        let last = &seen[4].1;
        let all: Vec<usize> = report.games.iter().map(|g| g.number).collect();
        assert_eq!(last, &all);
        assert_eq!(all, vec![1, 2, 3, 4, 5]);

        let calls = Mutex::new(0);
        let count = |_: &MatchReport| *calls.lock().unwrap() += 1;
        let hourly = Checkpoint {
            every: Duration::from_secs(3600),
            report: &count,
        };
        run(&config, &workshop, &Silent, Some(&hourly)).unwrap();
        assert_eq!(
            calls.into_inner().unwrap(),
            1,
            "only the first game's report"
        );
    }
}
