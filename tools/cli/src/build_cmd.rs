//! `cpc-othello build`: assemble the game with a weights file and write the disc image.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use cpc_harness::build::{build_game, default_sources, BuildOptions, DISK_FILE_NAME};

/// Arguments of `cpc-othello build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    /// The weights file [default: weights.toml in the sources directory]
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// The disc image to write; the listing (.lst), symbols (.json, .sym), memory map (.map),
    /// raw binary (.bin) and weights.inc go next to it
    #[arg(short, long, value_name = "DSK", default_value = "target/othello.dsk")]
    output: PathBuf,
    /// The directory of the game sources, holding main.asm [default: this workspace's cpc/]
    #[arg(long, value_name = "DIR")]
    sources: Option<PathBuf>,
}

impl BuildArgs {
    /// The defaults: weights and sources from cpc/, the disc image at `output`.
    pub fn new(output: PathBuf) -> BuildArgs {
        BuildArgs {
            weights: None,
            output,
            sources: None,
        }
    }
}

/// Runs `build`.
pub fn run(args: BuildArgs) -> Result<ExitCode> {
    let sources = args.sources.unwrap_or_else(default_sources);
    let weights = args.weights.unwrap_or_else(|| sources.join("weights.toml"));
    let mut options = BuildOptions::new(&args.output).weights_file(&weights)?;
    options.sources = sources;
    let out = build_game(&options)?;
    println!(
        "{}: {DISK_FILE_NAME}, {} bytes at &{:04X}, entry &{:04X} (weights from {})",
        out.dsk.display(),
        out.binary.len(),
        out.load,
        out.exec,
        weights.display()
    );
    for path in [
        &out.binary_file,
        &out.listing,
        &out.symbols_json,
        &out.symbols_winape,
        &out.memory_map,
        &out.weights_inc,
    ] {
        println!("  {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
