//! `cpc-othello match`: games between the Z80 program, the reference engine and GTP
//! programs on all cores, a line per game and the tallies (for the Z80 program its CPC time
//! per game side and the stages of its answers); exit code 0 when every game was played to a
//! result, 1 when some were aborted, 2 when the match cannot start.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use cpc_othello::build::default_sources;
use cpc_othello::matches::{self, Engine, MatchConfig, MatchReport, Workshop};
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
    /// Also write the games and tallies as JSON
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Worker threads [default: all cores]
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Seconds a GTP program may take to answer one command
    #[arg(long, value_name = "SECONDS", default_value_t = matches::GTP_TIMEOUT.as_secs())]
    gtp_timeout: u64,
}

/// Runs `match`.
pub fn run(args: MatchArgs) -> Result<ExitCode> {
    let engines = [
        Engine::parse(&args.black).context("--black")?,
        Engine::parse(&args.white).context("--white")?,
    ];
    let weights_path = args
        .weights
        .clone()
        .unwrap_or_else(|| default_sources().join("weights.toml"));
    let weights = Weights::load(&weights_path)?;
    let origin = weights_path.display().to_string();
    let mut shared = None;
    let sides = [
        matches::resolve(&engines[0], &weights, &origin, &mut shared)?,
        matches::resolve(&engines[1], &weights, &origin, &mut shared)?,
    ];
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
    };

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let progress = Bar::new("{msg:>6} [{bar:40}] {pos}/{len} {elapsed_precise} eta {eta}");
    let result = pool.install(|| matches::run(&config, &workshop, &progress));
    progress.finish();
    let report = result?;

    print_report(&report, &weights_path, pool.current_num_threads());
    if let Some(path) = &args.json {
        let command = std::env::args().collect::<Vec<_>>().join(" ");
        let text = serde_json::to_string_pretty(&report.json(&command))?;
        cpc_dsk::write_atomically(path, text.as_bytes())?;
        println!("report written to {}", path.display());
    }
    Ok(if report.aborted() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_report(report: &MatchReport, weights: &std::path::Path, threads: usize) {
    let [a, b] = [&report.engines[0], &report.engines[1]];
    println!(
        "match: `{}` ({}) against `{}` ({}): {} games{}, openings of {} random plies (seed {}), \
         weights {}, {threads} threads\n",
        a.label,
        a.name,
        b.label,
        b.name,
        report.games.len(),
        if report.alternate {
            ", colours alternate"
        } else {
            ""
        },
        report.random_plies,
        report.seed,
        weights.display()
    );
    for game in &report.games {
        println!("{}", game.line(&report.engines));
    }
    println!("\n{}", report.summary());
    if let Some(e) = report.elo() {
        println!(
            "{}",
            cpc_othello::matches::elo::line(&report.engines[0].label, &e, report.alternate)
        );
    }
    println!(
        "{} games in {:.1} s of wall time{}",
        report.games.len(),
        report.seconds,
        match report.aborted() {
            0 => String::new(),
            n => format!("; {n} ABORTED (see above)"),
        }
    );
}
