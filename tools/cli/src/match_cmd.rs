//! `cpc-othello match`: games between the Z80 program, the reference engine and GTP
//! programs on all cores, a line per game and the tallies (for the Z80 program its CPC time
//! per game side and the stages of its answers); exit code 0 when every game was played to a
//! result, 1 when some were aborted, 2 when the match cannot start.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use cpc_game::sources::default_weights;
use cpc_matches as matches;
use cpc_matches::{Engine, MatchConfig, MatchReport, Workshop};
use othello_engine::weights::Weights;

use crate::progress_bar::Bar;

/// Arguments of `cpc-othello match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// Engine 1, black in the first game: `z80:LEVEL` (the Z80 program in the emulator),
    /// `ref:LEVEL` (the reference engine) or a GTP program's command line (`gtp-rhino -l 2`;
    /// one not on PATH is also looked for in /usr/games). At a level with a time budget
    /// `z80:LEVEL` thinks as in the game: each move gets what is left of its budget of CPC
    /// minutes this game, and may come from a shallower search; `ref:LEVEL` has no clock and
    /// always plays the level's full search. `z80:LEVEL@FILE` plays a program of its own: built
    /// from the weights file FILE (.toml), or a frozen build (FILE a .bin or .dsk written by
    /// `build`, with its .json symbol file beside it; the level's budget then comes from
    /// --weights); `ref:LEVEL@FILE.toml` the reference with those weights
    #[arg(long, value_name = "ENGINE", allow_hyphen_values = true)]
    black: String,
    /// Engine 2, white in the first game (as --black)
    #[arg(long, value_name = "ENGINE", allow_hyphen_values = true)]
    white: String,
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: usize,
    /// The weights file of the Z80 build and the reference engine [default: weights.toml in
    /// this workspace's cpc/]
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Seed of the random openings
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Random plies from the standard start before the engines take over (0 = none)
    #[arg(long, value_name = "K", default_value_t = 4)]
    random_plies: u8,
    /// Swap colours every other game (both games of a pair start from the same opening)
    #[arg(long)]
    alternate: bool,
    /// Stop as soon as a sequential probability ratio test decides between "the first engine is
    /// ELO0 Elo stronger" and "ELO1 stronger" (ELO0 < ELO1; errors of 5 % each way); --games is
    /// then the most games. Counted over game pairs with --alternate
    #[arg(long, value_name = "ELO0,ELO1", value_parser = cpc_matches::elo::Sprt::parse)]
    sprt: Option<cpc_matches::elo::Sprt>,
    /// Also write the games and tallies as JSON, with each answer of the Z80 program (empty
    /// squares, seconds left, CPC µs, stage). While the match runs it is written after a game
    /// (at most every 10 seconds) with the games finished so far (`planned_games` says how many
    /// were asked for), so a match stopped before its end keeps them
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Worker threads [default: all cores]
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// The bundled emulator's machine for the `z80:` engines: `6128`, or `464`, which lacks
    /// the second 64 KB (a smaller transposition table, and no edge table: docs/ai.md
    /// appendix A)
    #[arg(long, value_name = "MODEL", default_value = "6128", value_parser = ["6128", "464"])]
    machine: String,
    /// Seconds a GTP program may take to answer one command
    #[arg(long, value_name = "SECONDS", default_value_t = matches::GTP_TIMEOUT.as_secs())]
    gtp_timeout: u64,
}

/// How often `--json` is written while the match runs (after a game): a game against
/// GRhino's top levels takes minutes, a thousand games of the shallow levels seconds.
const JSON_EVERY: Duration = Duration::from_secs(10);

/// Runs `match`.
pub fn run(args: MatchArgs) -> Result<ExitCode> {
    let mut engines = [
        Engine::parse(&args.black).context("--black")?,
        Engine::parse(&args.white).context("--white")?,
    ];
    let weights_path = args.weights.clone().unwrap_or_else(default_weights);
    let weights = Weights::load(&weights_path)?;
    let origin = weights_path.display().to_string();
    let mut shared = None;
    let mut sides = [
        matches::resolve(&engines[0], &weights, &origin, &mut shared)?,
        matches::resolve(&engines[1], &weights, &origin, &mut shared)?,
    ];
    let on_6128 = args.machine == "6128";
    for (side, engine) in sides.iter_mut().zip(&mut engines) {
        if let Some(image) = &mut side.image {
            image.set_second_64k(on_6128);
            if !on_6128 {
                engine.label.push_str(" (464)");
            }
        }
    }
    let workshop = Workshop {
        sides,
        gtp_timeout: Duration::from_secs(args.gtp_timeout.max(1)),
    };
    let config = MatchConfig {
        engines,
        games: args.games,
        seed: args.seed,
        random_plies: args.random_plies,
        alternate: args.alternate,
        sprt: args.sprt,
    };

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let progress = Bar::new("{msg:>6} [{bar:40}] {pos}/{len} {elapsed_precise} eta {eta}");
    let command = std::env::args().collect::<Vec<_>>().join(" ");
    let write_json = |report: &MatchReport| -> Result<()> {
        if let Some(path) = &args.json {
            let text = serde_json::to_string_pretty(&report.json(&command))?;
            cpc_dsk::write_atomically(path, text.as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        Ok(())
    };
    // A report that cannot be written while the match runs is said once; the final write
    // below fails the command.
    let warned = std::sync::atomic::AtomicBool::new(false);
    let write_so_far = |so_far: &MatchReport| {
        if let Err(e) = write_json(so_far) {
            if !warned.swap(true, std::sync::atomic::Ordering::Relaxed) {
                progress.warn(&format!("warning: {e:#}"));
            }
        }
    };
    let checkpoint = matches::Checkpoint {
        every: JSON_EVERY,
        report: &write_so_far,
    };
    let checkpoint = args.json.is_some().then_some(&checkpoint);
    let result = pool.install(|| matches::run(&config, &workshop, &progress, checkpoint));
    progress.finish();
    let report = result?;

    print!("{}", report.text(&weights_path, pool.current_num_threads()));
    if let Some(path) = &args.json {
        write_json(&report)?;
        println!("report written to {}", path.display());
    }
    Ok(if report.aborted() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
