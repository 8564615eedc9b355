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
use cpc_game::media;
use cpc_game::program::assemble_game;
use cpc_game::sources::default_dir;
use cpc_mame as mame;
use cpc_mame::{roms};
use cpc_verify::positions::{default_ffo_dir, ffo_positions};
use cpc_verify::report::{reproduce, Invocation};
use cpc_verify as verify;
use cpc_verify::{Config, Image, Levels, MameConfig, Report};
use othello_engine::notation::{parse_board, to_position_string};
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
    /// lacks the second 64 KB where the program keeps a bigger transposition table
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

/// Parses `--levels`.
fn parse_levels(text: &str) -> Result<Levels> {
    if text.trim().eq_ignore_ascii_case("all") {
        return Ok(Levels::All);
    }
    let list =
        text.split(',')
            .map(|part| {
                let part = part.trim();
                part.parse::<u8>().ok().filter(|&l| l > 0).with_context(|| {
                    format!("--levels: `{part}` is not a level (1, 2, ... or `all`)")
                })
            })
            .collect::<Result<Vec<u8>>>()?;
    Ok(Levels::List(list))
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
        .unwrap_or_else(|| sources.join("weights.toml"));
    let weights = Weights::load(&weights_path)?;
    let levels = parse_levels(&args.levels)?;
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
            let dsk = dir.path().join("othello.dsk");
            media::write(&dsk, &media::dsk(image.program())?)?;
            Some(MameConfig {
                games: args.mame_games,
                dsk,
                roms,
                work: dir.path().join("mame"),
            })
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
        keep_screenshots(&mut report, json);
    }
    drop(scratch); // the screenshots worth keeping have been copied out

    let command = std::env::args().collect::<Vec<_>>().join(" ");
    print_summary(&report, &args, &weights_path, threads);
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

/// Copies the MAME games' final screenshots next to the JSON report
/// (`<stem>-<machine>-<n>.png`), where the report then points.
fn keep_screenshots(report: &mut Report, json: &Path) {
    let dir = json
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let stem = json
        .file_stem()
        .map_or_else(|| "verify".into(), |s| s.to_string_lossy().into_owned());
    for (i, game) in report.mame.iter_mut().enumerate() {
        if let Some(shot) = &game.screenshot {
            let keep = dir.join(format!("{stem}-{}-{}.png", game.machine, i + 1));
            game.screenshot = match std::fs::copy(shot, &keep) {
                Ok(_) => Some(keep.display().to_string()),
                Err(e) => {
                    eprintln!("warning: {shot}: cannot copy to {}: {e}", keep.display());
                    None
                }
            };
        }
    }
}

fn print_summary(report: &Report, args: &VerifyArgs, weights: &Path, threads: usize) {
    let program = match &args.program {
        Some(p) => p.display().to_string(),
        None => "the sources, built in memory".into(),
    };
    println!(
        "verify: {program} with weights {} against the reference engine on a CPC {} (seed {}, \
         {threads} threads)\n",
        weights.display(),
        args.machine,
        args.seed
    );
    print!("{}", report.table());
    println!(
        "\n{} positions in {:.2} s: {:.0} positions/s; games in {:.2} s",
        report.positions,
        report.position_seconds,
        report.positions_per_second(),
        report.game_seconds
    );
    for r in &report.mame {
        let table = r.table.map_or(String::new(), |t| format!(", table in {t}"));
        println!(
            "MAME {}: {}: {} plies, {} frames, {:.1} s{table}",
            r.machine, r.game, r.plies, r.frames, r.wall_seconds
        );
    }
    if !report.mame_skipped.is_empty() {
        let list: Vec<String> = report.mame_skipped.iter().map(u8::to_string).collect();
        println!(
            "MAME: no games at level{} {} (a budget: the computer plays by its clock, so its \
             moves cannot be typed in advance)",
            if list.len() == 1 { "" } else { "s" },
            list.join(", ")
        );
    }
    let how = invocation(args, weights);
    if report.stopped_count > 0 {
        println!(
            "{} answers stopped before any stage was complete (ai_depth &FE: a legal move, \
             not compared); the first:",
            report.stopped_count
        );
        for s in report.stopped.iter().take(5) {
            println!("  {}", cpc_verify::report::stopped_text(s, &how));
        }
    }
    if !report.not_implemented.is_empty() {
        let list: Vec<String> = report.not_implemented.iter().map(u8::to_string).collect();
        println!(
            "level{} {}: not implemented in the Z80 program{}",
            if list.len() == 1 { "" } else { "s" },
            list.join(", "),
            if report.levels_listed {
                " (asked for: the run fails)"
            } else {
                ""
            }
        );
    }
    let Some(first) = report.first_mismatch() else {
        if report.passed() {
            println!("0 mismatches");
        }
        return;
    };
    println!("\n{} MISMATCHES; the first:", report.mismatch_count);
    println!("  what:      {}", first.kind.name());
    if let Some(level) = first.level {
        println!("  level:     {level}");
    }
    println!("  where:     {}", first.origin);
    println!("  position:  {}", to_position_string(&first.board));
    if !first.moves.is_empty() {
        println!(
            "  game:      {}",
            cpc_verify::game::plies_text(&first.moves)
        );
    }
    println!("  Z80:       {}", first.z80);
    println!("  reference: {}", first.reference);
    println!("  reproduce:");
    for command in reproduce(first, &how) {
        println!("    {command}");
    }
}

/// How this run was invoked, for the commands that reproduce what it found.
fn invocation(args: &VerifyArgs, weights: &Path) -> Invocation {
    let mut verify = String::from("cpc-othello verify");
    let mut engine_weights = String::new();
    if let Some(w) = &args.weights {
        verify.push_str(&format!(" --weights {}", w.display()));
        engine_weights = format!(" --weights {}", w.display());
    } else if args.sources.is_some() {
        engine_weights = format!(" --weights {}", weights.display());
    }
    if let Some(s) = &args.sources {
        verify.push_str(&format!(" --sources {}", s.display()));
    }
    if let (Some(p), Some(s)) = (&args.program, &args.symbols) {
        verify.push_str(&format!(
            " --program {} --symbols {}",
            p.display(),
            s.display()
        ));
    }
    let mut options = String::new();
    if let Some(n) = args.deep_positions {
        options.push_str(&format!(" --deep-positions {n}"));
    }
    if let Some(t) = args.time {
        options.push_str(&format!(" --time {t}"));
    }
    Invocation {
        verify,
        engine_weights,
        positions: args.positions,
        seed: args.seed,
        options,
    }
}
