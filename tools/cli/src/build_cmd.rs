//! `cpc-othello build`: assemble the game with a weights file and write the disc image.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use cpc_dsk::tape::TapeSpeed;
use cpc_game::media;
use cpc_game::program::{build_game, BuildOptions, DISK_FILE_NAME};
use cpc_game::sources::{default_dir, Sources, WEIGHTS_FILE};

/// Arguments of `cpc-othello build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    /// The weights file [default: weights.toml in the sources directory]
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// The disc image to write; the listing (.lst), symbols (.json, .sym), memory map (.map),
    /// raw binary (.bin) and the generated weights.inc, book.inc, linetab.inc and edgetab.inc go next to it
    #[arg(short, long, value_name = "DSK", default_value = "target/othello.dsk")]
    output: PathBuf,
    /// The directory of the game sources, holding main.asm [default: this workspace's cpc/]
    #[arg(long, value_name = "DIR")]
    sources: Option<PathBuf>,
    /// Also write the game on a tape: a CDT image (RUN" on a 464 without a disc drive)
    #[arg(long, value_name = "CDT")]
    cdt: Option<PathBuf>,
    /// Also write the tape as sound: a 44.1 kHz WAV file for a real CPC's cassette port
    #[arg(long, value_name = "WAV")]
    wav: Option<PathBuf>,
    /// The tape's speed in baud: 1000 (SPEED WRITE 0, the firmware's default) or 2000
    /// (SPEED WRITE 1)
    #[arg(long, value_name = "BAUD", default_value_t = 1000)]
    tape_speed: u16,
    /// Also write a snapshot (.sna, version 3) of a CPC about to start the game, for
    /// emulators: loads on a 464 and on a 6128
    #[arg(long, value_name = "SNA")]
    sna: Option<PathBuf>,
}

impl BuildArgs {
    /// The defaults: weights and sources from cpc/, the disc image at `output`.
    pub fn new(output: PathBuf) -> BuildArgs {
        BuildArgs {
            weights: None,
            output,
            sources: None,
            cdt: None,
            wav: None,
            tape_speed: 1000,
            sna: None,
        }
    }
}

/// Runs `build`.
pub fn run(args: BuildArgs) -> Result<ExitCode> {
    // A bad speed is refused before anything is written.
    let speed = TapeSpeed::from_baud(args.tape_speed)?;
    let sources = args.sources.unwrap_or_else(default_dir);
    let weights = args.weights.unwrap_or_else(|| sources.join(WEIGHTS_FILE));
    let mut options = BuildOptions::new(&args.output).weights_file(&weights)?;
    options.sources = Sources::dir(sources);
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
        &out.book_inc,
        &out.linetab_inc,
        &out.edgetab_inc,
    ] {
        println!("  {}", path.display());
    }
    if let Some(path) = &args.cdt {
        media::write(path, &media::cdt(&out.program(), speed)?)?;
        println!("  {} (tape, {} baud)", path.display(), speed.baud());
    }
    if let Some(path) = &args.wav {
        media::write(path, &media::wav(&out.program(), speed)?)?;
        println!("  {} (tape sound, {} baud)", path.display(), speed.baud());
    }
    if let Some(path) = &args.sna {
        media::write(path, &media::sna(&out.program())?)?;
        println!("  {} (snapshot)", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
