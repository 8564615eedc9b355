//! `cpc-othello`: the one command of the workspace. Each subcommand group is a thin layer that
//! turns its arguments into a library call; all the work is in the library crates.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod asm_cmd;
mod build_cmd;
mod dsk_cmd;
mod elo_cmd;
mod engine_cmd;
mod losses_cmd;
mod margin_cmd;
mod match_cmd;
mod progress_bar;
mod reports;
mod run_cmd;
mod tape_cmd;
mod tune_cmd;
mod tune_edge_cmd;
mod tune_run;
mod verify_cmd;
mod web_cmd;
mod z80_gtp_cmd;

/// Amstrad CPC Othello: assembler, disk tools, emulator and the reference engine.
///
/// Without a command: build the game from cpc/ into target/othello.dsk and play it in the
/// emulator window.
#[derive(Parser)]
#[command(name = "cpc-othello", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// The reference Othello engine: perft, best move, exact solve, play, GTP.
    #[command(subcommand)]
    Engine(engine_cmd::EngineCmd),
    /// Disk images: new, put, ls (as CAT), get, rm, info.
    #[command(subcommand)]
    Dsk(dsk_cmd::DskCmd),
    /// Tape images (.cdt): ls, as the firmware's CAT lists a tape.
    #[command(subcommand)]
    Tape(tape_cmd::TapeCmd),
    /// Assemble Z80 sources (WinAPE/Maxam/RASM syntax) into a CPC binary.
    Asm(asm_cmd::AsmArgs),
    /// Build the game: OTHELLO.BIN on a .dsk, with listing, symbols and memory map beside it.
    Build(build_cmd::BuildArgs),
    /// Run a CPC program (.dsk, .sna, .cdt or binary) in the emulator: a window, or --headless.
    Run(run_cmd::RunArgs),
    /// Check the Z80 program against the reference engine: positions, whole games, MAME.
    Verify(verify_cmd::VerifyArgs),
    /// Games between the Z80 program (`z80:LEVEL`), the reference (`ref:LEVEL`) and GTP programs.
    Match(match_cmd::MatchArgs),
    /// Several match reports (`match --json`) between the same two engines counted as one
    /// match: the first engine's score, Elo difference with its 95 % interval and LOS.
    Elo(elo_cmd::EloArgs),
    /// Where an engine lost its games in match reports: each lost game's exact value at a
    /// few numbers of empty squares (middle game or endgame?).
    Losses(losses_cmd::LossesArgs),
    /// The Z80 program in the emulator as a GTP engine on standard input/output.
    Z80Gtp(z80_gtp_cmd::Z80GtpArgs),
    /// Improve a weights file by self-play of the reference engine (SPSA, all cores).
    ///
    /// Each iteration moves every chosen parameter by ±STEP at random, plays PAIRS game pairs
    /// (both colours of seeded random openings) between the two perturbed tables at LEVEL, and
    /// moves the table towards the side that scored better. The result keeps the input file's
    /// comments and layout, with a header saying how it was made. Ctrl-C stops after the
    /// current iteration and writes the table reached so far. Check the result on the CPC with
    /// `match --black z80:L@OUT --white z80:L --alternate`.
    ///
    /// `--params edge` instead fits the edge table again: GAMES self-play games at LEVEL of the
    /// file without its table, then the table that best explains their final scores beyond
    /// the rest of the evaluation; Ctrl-C lets the games under way finish and fits the table
    /// to the games played.
    Tune(tune_cmd::TuneArgs),
    /// Measure the margin of the selective search (docs/ai.md 4.5) for a weights file.
    ///
    /// Plays GAMES games of LEVEL against itself from seeded openings and, in their middle-game
    /// positions, compares each move's shallow value (the leaf value one ply deep) with the best
    /// move of a full-width search of DEPTH plies. For each margin it prints the share of the
    /// moves that would be searched a ply shallower and the share of the positions whose deep
    /// best move would be among them, and suggests a margin for `levels.N.margin`.
    Margin(margin_cmd::MarginArgs),
    /// The browser edition: build the page (the game, its build and the reference engine in
    /// WebAssembly) and serve it on 127.0.0.1, or write it into a directory with --out.
    Web(web_cmd::WebArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Some(Command::Match(_))) {
        end_quietly_when_the_reader_goes();
    }
    let result = match cli.command {
        None => build_and_play(),
        Some(command) => run(command),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Rust ignores SIGPIPE, so a write to a closed pipe (`cpc-othello engine replay g.txt | head`)
/// fails, and `println!` panics. Every command but `match` is a filter: it writes only to its
/// own output, so it ends as other Unix tools do when the reader has gone. `match` keeps the
/// signal ignored: it writes to the GTP engines it starts, and one that dies must be reported
/// by name, not end the match silently.
fn end_quietly_when_the_reader_goes() {
    #[cfg(unix)]
    // SAFETY: called once at start, before any thread exists; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Engine(cmd) => engine_cmd::run(cmd),
        Command::Dsk(cmd) => dsk_cmd::run(cmd),
        Command::Tape(cmd) => tape_cmd::run(cmd),
        Command::Asm(args) => asm_cmd::run(args),
        Command::Build(args) => build_cmd::run(args),
        Command::Run(args) => run_cmd::run(args),
        Command::Verify(args) => verify_cmd::run(args),
        Command::Match(args) => match_cmd::run(args),
        Command::Elo(args) => elo_cmd::run(args),
        Command::Losses(args) => losses_cmd::run(args),
        Command::Z80Gtp(args) => z80_gtp_cmd::run(args),
        Command::Web(args) => web_cmd::run(args),
        Command::Tune(args) => tune_cmd::run(args),
        Command::Margin(args) => margin_cmd::run(args),
    }
}

/// The main job: `cpc-othello build`, then `cpc-othello run target/othello.dsk`.
fn build_and_play() -> anyhow::Result<ExitCode> {
    let dsk = std::path::PathBuf::from("target/othello.dsk");
    build_cmd::run(build_cmd::BuildArgs::new(dsk.clone()))?;
    run_cmd::run(run_cmd::RunArgs::window(dsk))
}
