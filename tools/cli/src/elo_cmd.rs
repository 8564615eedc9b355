//! `cpc-othello elo`: the Elo of several match reports (`match --json`) between the same two
//! engines counted as one match, for matches played in parts (other seeds, other machines);
//! then each Z80 engine's depth by phase of the game over all of them (`phases`).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::reports::read_reports;
use anyhow::Result;
use cpc_matches::{elo, phases, pool};

/// Arguments of `cpc-othello elo`.
#[derive(clap::Args)]
pub struct EloArgs {
    /// Match reports written by `match --json`, all between the same two engines (in either
    /// order; a Z80 engine is the same when it plays the same level of the same build, from
    /// whatever file) and all with or all without --alternate; the first report's first
    /// engine is the one rated
    #[arg(required = true, value_name = "REPORT.json")]
    reports: Vec<PathBuf>,
    /// Count every build of a Z80 level as one engine (for builds that give the same answer
    /// at every stage, as `verify` shows, and differ only in speed); the builds are listed
    #[arg(long)]
    any_build: bool,
    /// The exact endgame of the Z80 levels played (the level's `endgame` in the weights file;
    /// 14 at the shipped top level), for every Z80 engine's depth by phase of the game
    #[arg(long, default_value_t = 14, value_name = "EMPTIES",
          value_parser = clap::value_parser!(u64).range(0..=20))]
    endgame: u64,
}

/// Reads the reports, pools them and prints the games, the rated engine's line and each Z80
/// engine's CPC minutes and depth by phase of the game.
pub fn run(args: EloArgs) -> Result<ExitCode> {
    let reports = read_reports(&args.reports)?;
    let pooled = if args.any_build {
        pool::pool_across_builds(&reports)?
    } else {
        pool::pool(&reports)?
    };
    let z80 = phases::by_engine(&reports, args.endgame)?;
    println!(
        "{} reports, {} games between {} and {}",
        reports.len(),
        pooled.games,
        pooled.engines[0],
        pooled.engines[1]
    );
    if args.any_build {
        println!("{} Z80 builds counted as one engine:", pooled.builds.len());
        for build in &pooled.builds {
            println!("  {build}");
        }
    }
    match pooled.estimate {
        Some(e) => println!("{}", elo::line(&pooled.engines[0], &e, pooled.pairs)),
        None => println!("no complete game pair: no Elo"),
    }
    for engine in z80.iter().filter(|e| !e.searched_none()) {
        println!("{}", engine.line(args.endgame));
    }
    Ok(ExitCode::SUCCESS)
}
