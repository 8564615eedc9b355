//! `cpc-othello tune --params edge`: fits the weights file's edge table again to self-play
//! games of the reference ([`cpc_matches::tune::edge`]) and writes the file with it.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use cpc_dsk::write_atomically;
use cpc_matches::tune::edge::{self, EdgeFitConfig};
use othello_engine::weights::Weights;

use crate::progress_bar::Bar;
use crate::tune_run::{say_if_the_book_no_longer_applies, stop_on_ctrl_c, worker_pool};

/// The games the shipped table was fitted to (docs/trials-53.md).
const DEFAULT_GAMES: usize = 30_000;
/// The level of the fit's games: depth 4, exact from 10, about the trials' games.
const DEFAULT_LEVEL: u8 = 4;
/// The trials' openings, the more varied: one fit with 6 random plies scored 44.9 % against
/// the shipped table, fits with 8 47.9-55.6 % (docs/trials-53.md).
const DEFAULT_RANDOM_PLIES: u32 = 8;

/// What `tune --params edge` was asked (the options of `tune` that apply to it).
pub struct EdgeArgs {
    /// The weights file read.
    pub input: PathBuf,
    /// The file written.
    pub output: PathBuf,
    /// `--games`.
    pub games: Option<usize>,
    /// `--level`.
    pub level: Option<u8>,
    /// `--random-plies`.
    pub random_plies: Option<u32>,
    /// `--seed`.
    pub seed: u64,
    /// `--threads`.
    pub threads: Option<usize>,
}

/// Runs the fit for `text`, read from `args.input`.
pub fn run(args: &EdgeArgs, text: &str) -> Result<ExitCode> {
    let input = &args.input;
    let before = Weights::parse(text, &input.display().to_string())?;
    let config = EdgeFitConfig {
        games: args.games.unwrap_or(DEFAULT_GAMES),
        level: args.level.unwrap_or(DEFAULT_LEVEL),
        random_plies: args.random_plies.unwrap_or(DEFAULT_RANDOM_PLIES),
        seed: args.seed,
    };
    if config.games == 0 {
        bail!("--games must be at least 1");
    }
    let stop = stop_on_ctrl_c()?;
    let pool = worker_pool(args.threads)?;
    println!(
        "tune: the edge table of {} fitted to {} self-play games at level {} (seed {})",
        input.display(),
        config.games,
        config.level,
        config.seed
    );
    let progress = Bar::new("{msg:>8} [{bar:40}] {pos}/{len} {elapsed_precise} eta {eta}");
    let result = pool.install(|| edge::run(text, &config, &stop, &progress));
    progress.finish();
    let result = result.map_err(|e| anyhow!(e))?;
    let written = edge::write(text, &result.values).map_err(|e| anyhow!(e))?;
    let header = format!(
        "# Edge table fitted by `cpc-othello tune --params edge --level {} --games {} \
         --random-plies {} --seed {}`\n# from {}: {} of {} games{}, {} positions; the final disc \
         difference's error {:.2} discs without the table, {:.2} with it (docs/ai.md 3.3a).\n",
        config.level,
        config.games,
        config.random_plies,
        config.seed,
        input.display(),
        result.games,
        config.games,
        if result.stopped {
            ", stopped by Ctrl-C"
        } else {
            ""
        },
        result.samples,
        result.rmse.0,
        result.rmse.1
    );
    let out_text = header + &written;
    let after = Weights::parse(&out_text, &args.output.display().to_string())?;
    write_atomically(&args.output, out_text.as_bytes())?;
    let changed = match before.edge_in_file() {
        Some(old) => old
            .iter()
            .zip(&result.values)
            .filter(|(a, b)| a != b)
            .count(),
        None => result.values.len(),
    };
    println!(
        "wrote {} after {} games ({} positions): {changed} of the 6561 edge values changed; \
         error {:.2} -> {:.2} discs",
        args.output.display(),
        result.games,
        result.samples,
        result.rmse.0,
        result.rmse.1
    );
    say_if_the_book_no_longer_applies(&before, &after, &args.output);
    Ok(ExitCode::SUCCESS)
}
