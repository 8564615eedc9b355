//! `cpc-othello tune`: parses the options, runs [`cpc_matches::tune`] with a progress bar and
//! Ctrl-C wired to a clean stop, and writes the tuned file.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use cpc_dsk::write_atomically;
use cpc_game::sources::default_weights;
use cpc_matches::tune::params::{self, Group};
use cpc_matches::tune::spsa::Gains;
use cpc_matches::tune::{self, TuneConfig};
use othello_engine::weights::Weights;

use crate::progress_bar::Bar;
use crate::tune_edge_cmd::{self, EdgeArgs};
use crate::tune_run::{say_if_the_book_no_longer_applies, stop_on_ctrl_c, worker_pool};

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
    /// its own), corner, flips, pass-bonus, mobility, potential; or, alone, edge: the edge
    /// table fitted again to --games self-play games at --level, for the rest of the file
    #[arg(long, value_name = "GROUPS", default_value = "squares")]
    params: String,
    /// With --params edge: the self-play games the table is fitted to [default: 30000]
    #[arg(long, value_name = "N")]
    games: Option<usize>,
    /// The level both sides play (1 and 2: Nixon's move scores, 3 and up: the searches)
    /// [default: 2; with --params edge 4]
    #[arg(long)]
    level: Option<u8>,
    /// SPSA iterations [default: 200]
    #[arg(long)]
    iterations: Option<usize>,
    /// Game pairs per iteration (each opening played with both colours) [default: 32]
    #[arg(long)]
    pairs: Option<usize>,
    /// Random plies of each opening [default: 6; with --params edge 8]
    #[arg(long)]
    random_plies: Option<u32>,
    /// SPSA's perturbation c: how far each parameter is moved to compare (weight units)
    /// [default: 6]
    #[arg(long)]
    step: Option<f64>,
    /// SPSA's gain a: how far the table moves per iteration for a given result [default: 30]
    #[arg(long)]
    rate: Option<f64>,
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
    if groups.contains(&Group::Edge) {
        if groups.len() > 1 {
            bail!("--params: edge is fitted to games, not tuned by SPSA: give it alone");
        }
        if args.iterations.is_some()
            || args.pairs.is_some()
            || args.step.is_some()
            || args.rate.is_some()
        {
            bail!(
                "--iterations, --pairs, --step and --rate are SPSA's: --params edge takes --games"
            );
        }
        return tune_edge_cmd::run(
            &EdgeArgs {
                input,
                output: args.output,
                games: args.games,
                level: args.level,
                random_plies: args.random_plies,
                seed: args.seed,
                threads: args.threads,
            },
            &text,
        );
    }
    if args.games.is_some() {
        bail!("--games is for --params edge (SPSA plays --pairs game pairs an iteration)");
    }
    let (iterations, pairs) = (args.iterations.unwrap_or(200), args.pairs.unwrap_or(32));
    let (step, rate) = (args.step.unwrap_or(6.0), args.rate.unwrap_or(30.0));
    if iterations == 0 || pairs == 0 {
        bail!("--iterations and --pairs must be at least 1");
    }
    if !(step > 0.0 && rate > 0.0) {
        bail!("--step and --rate must be positive");
    }
    let config = TuneConfig {
        params: params::params(&groups),
        level: args.level.unwrap_or(2),
        iterations,
        pairs,
        random_plies: args.random_plies.unwrap_or(6),
        gains: Gains {
            a: rate,
            c: step,
            big_a: (iterations as f64 / 10.0).max(1.0),
        },
        seed: args.seed,
    };
    let stop = stop_on_ctrl_c()?;
    let pool = worker_pool(args.threads)?;
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
        step,
        rate,
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
    say_if_the_book_no_longer_applies(&before, &after, &args.output);
    Ok(ExitCode::SUCCESS)
}
