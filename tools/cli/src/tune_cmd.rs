//! `cpc-othello tune`: parses the options, runs [`cpc_matches::tune`] with a progress bar and
//! Ctrl-C wired to a clean stop, and writes the tuned file.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use cpc_dsk::write_atomically;
use cpc_game::sources::default_weights;
use cpc_matches::tune::params::{self, Group};
use cpc_matches::tune::spsa::Gains;
use cpc_matches::tune::{self, TuneConfig};
use othello_engine::weights::Weights;

use crate::progress_bar::Bar;

/// The options of `tune` (the command's help is on its variant in main.rs).
#[derive(clap::Args)]
pub struct TuneArgs {
    /// The weights file to start from [default: weights.toml in this workspace's cpc/]
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Where to write the tuned file (replaced atomically)
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// The parameter groups to tune, comma-separated: squares (the 64 squares under the
    /// board's 8 symmetries, 9 values; the centre is never empty), all-squares (each square on
    /// its own), corner, flips, pass-bonus, mobility, potential
    #[arg(long, value_name = "GROUPS", default_value = "squares")]
    params: String,
    /// The level both sides play (1 and 2: Nixon's move scores, 3 and up: the searches)
    #[arg(long, default_value_t = 2)]
    level: u8,
    /// SPSA iterations
    #[arg(long, default_value_t = 200)]
    iterations: usize,
    /// Game pairs per iteration (each opening played with both colours)
    #[arg(long, default_value_t = 32)]
    pairs: usize,
    /// Random plies of each opening
    #[arg(long, default_value_t = 6)]
    random_plies: u32,
    /// SPSA's perturbation c: how far each parameter is moved to compare (weight units)
    #[arg(long, default_value_t = 6.0)]
    step: f64,
    /// SPSA's gain a: how far the table moves per iteration for a given result
    #[arg(long, default_value_t = 30.0)]
    rate: f64,
    /// Seed of the perturbations and the openings: the same seed gives the same file
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads [default: all cores]
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

/// Runs `tune`.
pub fn run(args: TuneArgs) -> Result<ExitCode> {
    let input = args.weights.clone().unwrap_or_else(default_weights);
    let text = std::fs::read_to_string(&input).with_context(|| input.display().to_string())?;
    let before = Weights::parse(&text, &input.display().to_string())?;
    let groups = args
        .params
        .split(',')
        .map(|g| Group::parse(g.trim()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow::anyhow!("--params: {e}"))?;
    if args.iterations == 0 || args.pairs == 0 {
        bail!("--iterations and --pairs must be at least 1");
    }
    if !(args.step > 0.0 && args.rate > 0.0) {
        bail!("--step and --rate must be positive");
    }
    let config = TuneConfig {
        params: params::params(&groups),
        level: args.level,
        iterations: args.iterations,
        pairs: args.pairs,
        random_plies: args.random_plies,
        gains: Gains {
            a: args.rate,
            c: args.step,
            big_a: (args.iterations as f64 / 10.0).max(1.0),
        },
        seed: args.seed,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
        .context("cannot catch Ctrl-C")?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    println!(
        "tune: {} parameters of {} at level {}, {} iterations of {} game pairs (seed {})",
        config.params.len(),
        input.display(),
        config.level,
        config.iterations,
        config.pairs,
        config.seed
    );
    let progress = Bar::new("{msg:>8} [{bar:40}] {pos}/{len} {elapsed_precise} eta {eta}");
    let result = pool.install(|| tune::run(&text, &config, &stop, &progress));
    progress.finish();
    let result = result.map_err(|e| anyhow::anyhow!(e))?;

    let tuned =
        params::write(&text, &config.params, &result.values).map_err(|e| anyhow::anyhow!(e))?;
    let header = format!(
        "# Tuned by `cpc-othello tune --params {} --level {} --iterations {} --pairs {} \
         --random-plies {} --step {} --rate {} --seed {}`\n# from {}: {} of {} iterations{} (SPSA \
         by self-play of the reference engine, docs/benchmarks.md).\n",
        args.params,
        config.level,
        config.iterations,
        config.pairs,
        config.random_plies,
        args.step,
        args.rate,
        config.seed,
        input.display(),
        result.iterations,
        config.iterations,
        if result.stopped {
            ", stopped by Ctrl-C"
        } else {
            ""
        }
    );
    let out_text = header + &tuned;
    let after = Weights::parse(&out_text, &args.output.display().to_string())?;
    write_atomically(&args.output, out_text.as_bytes())?;
    for (p, (old, new)) in config.params.iter().zip(
        params::read(&config.params, &before)
            .iter()
            .zip(&result.values),
    ) {
        if old != new {
            println!("  {:<16} {old:>5} -> {new}", p.name);
        }
    }
    println!(
        "wrote {} after {} iterations{}",
        args.output.display(),
        result.iterations,
        if result.stopped { " (stopped)" } else { "" }
    );
    match tune::book_mismatch(&after) {
        Some(why) if tune::book_mismatch(&before).is_none() => println!(
            "the opening book no longer applies ({why}): the tuned file plays without it; \
             `cpc-othello engine book --generate --weights {}` computes one",
            args.output.display()
        ),
        _ => {}
    }
    Ok(ExitCode::SUCCESS)
}
