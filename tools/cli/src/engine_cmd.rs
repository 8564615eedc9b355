//! `cpc-othello engine ...`: the reference engine from the command line.

use std::process::ExitCode;

use clap::Subcommand;

/// Engine subcommands.
#[derive(Subcommand)]
pub enum EngineCmd {
    /// Legal moves of the start position (placeholder until perft lands).
    Moves,
}

/// Runs one engine subcommand.
pub fn run(cmd: EngineCmd) -> anyhow::Result<ExitCode> {
    match cmd {
        EngineCmd::Moves => {
            let b = othello_engine::Board::start();
            let names: Vec<String> = othello_engine::board::squares(b.legal_moves())
                .map(othello_engine::notation::square_name)
                .collect();
            println!("{}", names.join(" "));
        }
    }
    Ok(ExitCode::SUCCESS)
}
