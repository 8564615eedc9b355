//! `cpc-othello z80-gtp`: the Z80 program, run in the bundled emulator, as a GTP engine on
//! standard input/output, so that any GTP GUI or engine can play against it.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use cpc_game::sources::default_weights;
use cpc_matches as matches;
use cpc_matches::{players::Z80Player, z80_gtp};
use othello_engine::weights::Weights;

/// Arguments of `cpc-othello z80-gtp` (the GTP time commands: see `after_help` and
/// `cpc_matches::z80_gtp`).
#[derive(clap::Args)]
#[command(
    after_help = "GTP time commands (GTP 2): `time_settings main_time byo_yomi_time \
byo_yomi_stones` and `time_left color time stones`. After `time_left` for the colour to \
move, `genmove` thinks with that many seconds of CPC time left for the rest of the game \
(at least 1; the Z80 program deepens its search in stages and stops in time); after \
`time_settings` with a main time, with what is left of it. Without them a level with a \
budget (weights.toml) thinks within its budget of CPC minutes a game, counted from \
`clear_board`, as in the game; the other levels search to their full depth."
)]
pub struct Z80GtpArgs {
    /// AI level of the Z80 program
    #[arg(long, default_value_t = 2)]
    level: u8,
    /// The weights file of the build [default: weights.toml in this workspace's cpc/]
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
}

/// Runs `z80-gtp` until `quit` or the end of the input.
pub fn run(args: Z80GtpArgs) -> Result<ExitCode> {
    let weights_path = args.weights.unwrap_or_else(default_weights);
    let weights = Weights::load(&weights_path)?;
    let image = matches::build_image(&weights, &weights_path.display().to_string())?;
    let player = Z80Player::new(&image, args.level, &weights)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("--level {}", args.level))?;
    z80_gtp::serve(player, io::stdin().lock(), io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}
