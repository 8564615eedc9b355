//! `cpc-othello losses`: where an engine lost its games in match reports (`match --json`):
//! the exact value of each lost game at a few numbers of empty squares, so that a developer
//! sees whether the middle game or the endgame needs the work.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::reports::read_reports;
use anyhow::Result;
use cpc_harness::matches::losses::{losses, summary};

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
}

/// Solves the lost games and prints one line each, then how they split.
pub fn run(args: LossesArgs) -> Result<ExitCode> {
    let mut at = args.at;
    at.sort_unstable_by(|a, b| b.cmp(a));
    at.dedup();
    let reports = read_reports(&args.reports)?;
    let lost = losses(&reports, args.engine.as_deref(), &at)?;
    for g in &lost.games {
        let values: Vec<String> = g
            .values
            .iter()
            .map(|&(e, v)| match v {
                Some(v) => format!("{e} empties {v:+}"),
                None => format!("{e} empties -"),
            })
            .collect();
        println!(
            "{} game {} ({}): lost by {}; exact values {}",
            g.report,
            g.number,
            g.color,
            -g.result,
            values.join(", ")
        );
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
    Ok(ExitCode::SUCCESS)
}
