//! `cpc-othello margin`: parses the options, runs [`cpc_matches::tune::margin::calibrate`] and
//! prints its table and the margin it suggests.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use cpc_game::sources::default_weights;
use cpc_matches::tune::margin::{calibrate, MarginConfig};
use othello_engine::levels::Level;
use othello_engine::weights::Weights;

/// The options of `margin` (the command's help is on its variant in main.rs).
#[derive(clap::Args)]
pub struct MarginArgs {
    /// The weights file [default: weights.toml in this workspace's cpc/]
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Plies of the full-width search that names each position's best move
    #[arg(long, default_value_t = 6)]
    depth: u8,
    /// The level whose games give the positions
    #[arg(long, default_value_t = 4)]
    level: u8,
    /// Games played from seeded 6-ply openings
    #[arg(long, default_value_t = 40)]
    games: usize,
    /// Positions kept: at least this many empty squares
    #[arg(long, default_value_t = 20)]
    min_empties: u32,
    /// Positions kept: at most this many empty squares
    #[arg(long, default_value_t = 50)]
    max_empties: u32,
    /// The suggestion: the smallest margin that reduces the deep best move in at most this
    /// share of the positions (percent; with the shipped table margin 30 does so in about
    /// 25 %, the shipped top level's 20 in about 35 %)
    #[arg(long, default_value_t = 25.0)]
    miss: f64,
    /// Seed of the openings
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads [default: all cores]
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

/// Runs `margin`.
pub fn run(args: MarginArgs) -> Result<ExitCode> {
    let file = args.weights.clone().unwrap_or_else(default_weights);
    let weights = Weights::load(&file).with_context(|| file.display().to_string())?;
    if !(1..=10).contains(&args.depth) {
        bail!("--depth {} is out of range 1..10", args.depth);
    }
    if !matches!(weights.level(args.level), Some(Level::Search(_)))
        && !(1..=2).contains(&args.level)
    {
        bail!(
            "--level {}: {} defines no such level",
            args.level,
            file.display()
        );
    }
    if args.games == 0 || args.min_empties > args.max_empties {
        bail!("--games must be at least 1 and --min-empties at most --max-empties");
    }
    if let Some(n) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .context("cannot start the worker threads")?;
    }
    let config = MarginConfig {
        depth: args.depth,
        level: args.level,
        games: args.games,
        empties: args.min_empties..=args.max_empties,
        seed: args.seed,
    };
    let report = calibrate(&weights, &config);
    println!(
        "{}: {} positions with {} to {} empties from {} games of level {}, {} moves; the best move of a full-width depth {} against the shallow values of docs/ai.md 4.5\n",
        file.display(),
        report.positions,
        args.min_empties,
        args.max_empties,
        args.games,
        args.level,
        report.moves,
        args.depth
    );
    println!("| margin | moves searched a ply shallower | best moves among them |");
    println!("|---|---|---|");
    for row in &report.rows {
        println!(
            "| {} | {:.1} % | {:.1} % |",
            row.margin,
            100.0 * row.reduced,
            100.0 * row.missed
        );
    }
    match report.smallest_within(args.miss / 100.0) {
        Some(m) => println!(
            "\nsuggested: margin = {m} (the smallest that reduces the depth-{} best move in at most {} % of the positions)",
            args.depth, args.miss
        ),
        None => println!("\nno margin up to 255 keeps the misses within {} %", args.miss),
    }
    Ok(ExitCode::SUCCESS)
}
