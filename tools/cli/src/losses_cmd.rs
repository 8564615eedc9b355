//! `cpc-othello losses`: where an engine lost its games in match reports (`match --json`):
//! the exact value of each lost game at a few numbers of empty squares, so that a developer
//! sees whether the middle game or the endgame needs the work. With `--moves E`, also every
//! move the engine played with at most E empty squares in all its games (won, drawn or lost)
//! against the best move there, both solved exactly: the games where a move fell short, and
//! how many did, by number of empty squares.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::reports::read_reports;
use anyhow::Result;
use cpc_matches::losses::{losses, short_moves, summary};

/// Arguments of `cpc-othello losses`.
#[derive(clap::Args)]
pub struct LossesArgs {
    /// Match reports written by `match --json`
    #[arg(required = true, value_name = "REPORT.json")]
    reports: Vec<PathBuf>,
    /// The engine whose losses are looked at, as the reports name it (`z80:7`) [default: the
    /// first report's first engine]
    #[arg(long)]
    engine: Option<String>,
    /// The numbers of empty squares where each lost game is solved exactly (comma-separated,
    /// 1 to 30); a solve takes about a second at 20, minutes from about 26
    #[arg(long, value_delimiter = ',', default_value = "20,14",
          value_parser = clap::value_parser!(u32).range(1..=30))]
    at: Vec<u32>,
    /// Also compare each move the engine played with at most this many empty squares (1 to
    /// 30), in all its games (won, drawn or lost), with the best move, both solved exactly:
    /// one line per game where a move fell short (`16 empties +6 -> -2`, "(result)" when the
    /// move turned a win into a draw or a loss, or a draw into a loss, and for the Z80
    /// program the stage that answered, the CPC seconds it took of those it had left:
    /// `[wld d6, 9.5 of 12 s]`), then the counts by
    /// number of empty squares where a move fell short; a fraction of a second per move at 16,
    /// minutes from about 26
    #[arg(long, value_name = "E", value_parser = clap::value_parser!(u32).range(1..=30))]
    moves: Option<u32>,
}

/// Solves the lost games and prints one line each, then how they split; with `--moves`, the
/// games with endgame moves that fell short, then their counts.
pub fn run(args: LossesArgs) -> Result<ExitCode> {
    let mut at = args.at;
    at.sort_unstable_by(|a, b| b.cmp(a));
    at.dedup();
    let reports = read_reports(&args.reports)?;
    let lost = losses(&reports, args.engine.as_deref(), &at)?;
    for g in &lost.games {
        println!("{}", g.line());
    }
    let s = summary(&lost.games);
    let (Some(first), Some(last)) = (at.first(), at.last()) else {
        anyhow::bail!("--at: no number of empty squares");
    };
    println!(
        "{} lost games: {} already lost at {first} empties, {} won or drawn there; \
         {} lost discs after {last} empties; {} more lost by forfeit (not solved)",
        s.lost, s.lost_before, s.thrown_after, s.worse_after_last, lost.forfeited
    );
    if let Some(max_empties) = args.moves {
        let found = short_moves(&reports, args.engine.as_deref(), max_empties)?;
        print!("{}", found.text(max_empties));
    }
    Ok(ExitCode::SUCCESS)
}
