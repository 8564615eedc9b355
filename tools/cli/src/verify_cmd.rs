//! `cpc-othello verify`: builds the game with a weights file (in memory), checks it against
//! the reference engine on N positions and in whole games on all cores, optionally in MAME,
//! prints the summary and the first mismatch with the commands that reproduce it. Exit
//! code 0 when the program agrees everywhere, 1 on any mismatch, 2 when it cannot run.
//!
//! The deep levels (depth 6 or more, or a time budget) are checked on `--deep-positions` of
//! the positions only (a move there takes CPC minutes); a level with a budget gets
//! `ai_time` (its share of the budget, or `--time`) and is compared at the stage it reports.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use cpc_game::program::assemble_game;
use cpc_game::sources::{default_dir, WEIGHTS_FILE};
use cpc_mame as mame;
use cpc_mame::roms;
use cpc_verify as verify;
use cpc_verify::positions::{default_ffo_dir, ffo_positions};
use cpc_verify::summary::RunOptions;
use cpc_verify::{Config, Image, Levels, MameConfig};
use othello_engine::notation::parse_board;
use othello_engine::weights::Weights;

use crate::progress_bar::Bar;

/// Positions checked at the deep levels unless `--deep-positions` says otherwise.
const DEEP_POSITIONS: usize = 100;

/// Arguments of `cpc-othello verify`.
#[derive(clap::Args)]
pub struct VerifyArgs {
    /// The weights file, for the build and the reference [default: weights.toml in the
    /// sources directory]
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Levels to check: `all` (every level of the weights file; those the Z80 program does
    /// not play are reported) or a list such as `1,2` (each must be played)
    #[arg(long, default_value = "all")]
    levels: String,
    /// Positions: the edge cases, the FFO boards, then seeded random play-outs
    #[arg(long, value_name = "N", default_value_t = 1000)]
    positions: usize,
    /// Positions checked at the deep levels (depth 6 or more, or a time budget: a move takes
    /// CPC seconds to minutes): every edge case, then the others spread evenly over the
    /// --positions [default: 100]
    #[arg(long, value_name = "N")]
    deep_positions: Option<usize>,
    /// `ai_time` of every position at the search levels: the seconds of CPC time the side to
    /// move has left for the rest of the game (0 = no limit: each level searches its final
    /// stage). With a limit the program deepens in stages and answers with the last one
    /// complete, which is compared with the reference at that stage [default: at a level
    /// with a budget, budget minutes × the position's empty squares seconds (the side's share
    /// of its budget), at least 1; none at the other levels]
    #[arg(long, value_name = "SECONDS")]
    time: Option<u16>,
    /// Whole games through the game's keys in the emulator, per level
    #[arg(long, value_name = "N", default_value_t = 4)]
    games: usize,
    /// Seed of the random play-outs and of the games
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The bundled emulator's machine for the positions and games: `6128`, or `464`, which
    /// lacks the second 64 KB where the program keeps the edge table and a bigger
    /// transposition table (the reference then plays without the edge table)
    #[arg(long, value_name = "MODEL", default_value = "6128", value_parser = ["6128", "464"])]
    machine: String,
    /// Also play whole games in MAME with the real ROMs (CPC 6128, then CPC 464 + DDI-1)
    #[arg(long)]
    mame: bool,
    /// MAME games per level
    #[arg(long, value_name = "N", default_value_t = 1, requires = "mame")]
    mame_games: usize,
    /// MAME ROM directory (cpc6128/, cpc464/, cpc_ddi1/) [default: fetched once into the
    /// user's cache directory]
    #[arg(long, value_name = "DIR", requires = "mame")]
    roms: Option<PathBuf>,
    /// Also write the report as JSON
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Worker threads [default: all cores]
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Check this already built binary (`<stem>.bin` of `cpc-othello build`) instead of
    /// building the sources
    #[arg(long, value_name = "BIN", requires = "symbols")]
    program: Option<PathBuf>,
    /// The JSON symbol file of --program (`<stem>.json`)
    #[arg(long, value_name = "JSON", requires = "program")]
    symbols: Option<PathBuf>,
    /// Check only this position (64 characters from a1: X black, O white, - empty)
    #[arg(long, allow_hyphen_values = true, requires = "to_move")]
    board: Option<String>,
    /// Side to move of --board: X or O
    #[arg(long = "to-move", requires = "board")]
    to_move: Option<String>,
    /// The directory of the FFO boards [default: tools/engine/data/ffo in this workspace]
    #[arg(long, value_name = "DIR")]
    ffo: Option<PathBuf>,
    /// The directory of the game sources, holding main.asm [default: this workspace's cpc/]
    #[arg(long, value_name = "DIR")]
    sources: Option<PathBuf>,
}

/// The ROMs for MAME: `--roms`, or the user's cache, fetched on first use.
fn mame_roms(dir: Option<&Path>) -> Result<roms::Roms> {
    if !Path::new(mame::MAME).is_file() {
        bail!("--mame: {} not found (Debian package mame)", mame::MAME);
    }
    if let Some(dir) = dir {
        return roms::Roms::in_dir(dir).map_err(|e| anyhow::anyhow!("--roms: {e}"));
    }
    roms::fetch()
        .cloned()
        .map_err(|e| anyhow::anyhow!("--mame: the ROMs: {e}"))
}

/// Runs `verify`.
pub fn run(args: VerifyArgs) -> Result<ExitCode> {
    let sources = args.sources.clone().unwrap_or_else(default_dir);
    let weights_path = args
        .weights
        .clone()
        .unwrap_or_else(|| sources.join(WEIGHTS_FILE));
    let weights = Weights::load(&weights_path)?;
    let levels = Levels::parse(&args.levels).map_err(anyhow::Error::msg)?;
    let mut image = match (&args.program, &args.symbols) {
        (Some(bin), Some(sym)) => Image::from_files(bin, sym)?,
        _ => {
            let game = assemble_game(&sources, &weights, &weights_path.display().to_string())?;
            Image::from_game(&game)?
        }
    };
    image.set_second_64k(args.machine == "6128");
    let given = match (&args.board, &args.to_move) {
        (Some(board), Some(side)) => {
            let mut chars = side.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                bail!("--to-move: expected `X` or `O`, found `{side}`");
            };
            Some(parse_board(board, c).context("--board")?)
        }
        _ => None,
    };
    let ffo = if given.is_some() {
        Vec::new()
    } else {
        match &args.ffo {
            Some(dir) => ffo_positions(dir).map_err(|e| anyhow::anyhow!("--ffo: {e}"))?,
            None => ffo_positions(&default_ffo_dir()).unwrap_or_else(|why| {
                eprintln!("warning: no FFO boards ({why}); random play-outs take their place");
                Vec::new()
            }),
        }
    };

    // Removed when dropped, on every way out (an error included); unique per run, so two
    // runs at once do not share the disc and MAME's files.
    let scratch = if args.mame {
        Some(
            tempfile::Builder::new()
                .prefix("cpc-othello-verify-")
                .tempdir()
                .context("cannot create a scratch directory for MAME")?,
        )
    } else {
        None
    };
    let mame = match &scratch {
        Some(dir) => {
            let roms = mame_roms(args.roms.as_deref())?;
            Some(MameConfig::in_dir(
                &image,
                args.mame_games,
                roms,
                dir.path(),
            )?)
        }
        None => None,
    };
    let config = Config {
        levels,
        positions: args.positions,
        games: if given.is_some() { 0 } else { args.games },
        seed: args.seed,
        ffo,
        given,
        mame,
        deep_positions: Some(args.deep_positions.unwrap_or(DEEP_POSITIONS)),
        time: args.time,
    };

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let threads = pool.current_num_threads();
    let progress = Bar::new("{msg:>10} [{bar:40}] {pos}/{len} {per_sec} eta {eta}");
    let result = pool.install(|| verify::run(&image, &weights, &config, &progress));
    progress.finish();
    let mut report = result?;
    if let Some(json) = &args.json {
        for warning in report.keep_screenshots(json) {
            eprintln!("{warning}");
        }
    }
    drop(scratch); // the screenshots worth keeping have been copied out

    let command = std::env::args().collect::<Vec<_>>().join(" ");
    let options = RunOptions {
        weights: args.weights,
        weights_path,
        sources: args.sources,
        program: args.program.zip(args.symbols),
        machine: args.machine,
        positions: args.positions,
        seed: args.seed,
        deep_positions: args.deep_positions,
        time: args.time,
    };
    print!("{}", report.summary(&options, threads));
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&report.json(&command, threads))?;
        cpc_dsk::write_atomically(path, text.as_bytes())?;
        println!("report written to {}", path.display());
    }
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
