//! `cpc-othello`: the one command of the workspace. Each subcommand group is a thin layer that
//! turns its arguments into a library call; all the work is in the library crates.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod engine_cmd;

/// Amstrad CPC Othello: assembler, disk tools, emulator and the reference engine.
#[derive(Parser)]
#[command(name = "cpc-othello", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The reference Othello engine: perft, best move, exact solve, play, GTP.
    #[command(subcommand)]
    Engine(engine_cmd::EngineCmd),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Engine(cmd) => engine_cmd::run(cmd),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
