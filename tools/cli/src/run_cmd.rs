//! `cpc-othello run FILE ...`: runs a CPC program in the bundled emulator, in a window or
//! headless. FILE is a .dsk image, a .sna snapshot, an AMSDOS binary, or a raw binary with
//! `--load`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::Args;
use cpc_emu::{Cpc, KeyScript, OpenOptions, Symbols};
use cpc_game::driver::transcript::{save_game, symbols_beside};
use othello_engine::record::GameRecord;

/// Arguments of `run`.
#[derive(Args)]
pub struct RunArgs {
    /// Program to run: .dsk image, .sna snapshot, AMSDOS binary, or raw binary (with --load).
    pub program: PathBuf,
    /// File to run from a .dsk image (RUN" rules: NAME finds NAME, NAME.BAS, NAME.BIN);
    /// default: the first binary on the disc.
    #[arg(long = "file", value_name = "NAME")]
    pub file: Option<String>,
    /// Load address of a raw binary (&4000, $4000, 0x4000 or decimal).
    #[arg(long, value_parser = cpc_asm::parse_address, value_name = "ADDR")]
    pub load: Option<u16>,
    /// Entry address of a raw binary (default: the load address).
    #[arg(long, value_parser = cpc_asm::parse_address, requires = "load", value_name = "ADDR")]
    pub exec: Option<u16>,
    /// Run without a window, for --frames frames, then report.
    #[arg(long)]
    pub headless: bool,
    /// Frames to run headless (50 per second of CPC time).
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// Keys to type at given frames, or @FILE to read them from a file. Syntax: items
    /// FRAME:KEY (tap, 2 frames), FRAME:KEY*N (hold N frames), FRAME:SHIFT+A (chord),
    /// FRAME:+KEY / FRAME:-KEY (press / release), FRAME:"TEXT" (type); e.g.
    /// `100:"E6" 120:RETURN`. Key names: A-Z 0-9 SPACE RETURN ENTER ESC DEL SHIFT CTRL
    /// COPY UP DOWN LEFT RIGHT F0-F9 J0UP J0FIRE1 ...
    #[arg(long, value_name = "SCRIPT")]
    pub keys: Option<String>,
    /// Headless: write the last frame as a PNG (768 x 544).
    #[arg(long, value_name = "PNG")]
    pub screenshot: Option<PathBuf>,
    /// Headless: print LEN bytes from ADDR as hex after the run (repeatable). ADDR may be a
    /// label of --symbols.
    #[arg(long, value_name = "ADDR:LEN")]
    pub dump: Vec<String>,
    /// Symbol file written by `cpc-othello asm` or `build` (JSON), for labels in --dump and
    /// for the game record (--transcript, F11) [default for the record: PROGRAM's name with
    /// .json, as `build` writes it].
    #[arg(long, value_name = "JSON")]
    pub symbols: Option<PathBuf>,
    /// Headless: at the end of the run, write the Othello game on the screen as a game
    /// record (moves with passes, the start position if not the standard one, the result);
    /// `cpc-othello engine replay FILE` reads it.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
}

impl RunArgs {
    /// A window run of the first binary of `program`, with every other option at its default.
    pub fn window(program: PathBuf) -> RunArgs {
        RunArgs {
            program,
            file: None,
            load: None,
            exec: None,
            headless: false,
            frames: None,
            keys: None,
            screenshot: None,
            dump: Vec::new(),
            symbols: None,
            transcript: None,
        }
    }
}

/// Runs `run`.
pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let options = OpenOptions {
        file: args.file.clone(),
        load: args.load,
        exec: args.exec,
    };
    let opened = cpc_emu::open(&args.program, &options)?;
    let script = match &args.keys {
        Some(text) => Some(load_script(text)?),
        None => None,
    };
    let symbols = match &args.symbols {
        Some(path) => Some(Symbols::load(path)?),
        None => None,
    };
    // The game record needs the game's symbols: --symbols, or the ones `build` wrote.
    let game_symbols = match (&symbols, &args.transcript) {
        (Some(s), _) => Some(s.clone()),
        (None, Some(_)) => {
            let path = symbols_beside(&args.program);
            if !path.exists() {
                bail!(
                    "--transcript needs the game's symbol file: {} does not exist (pass --symbols)",
                    path.display()
                );
            }
            Some(Symbols::load(&path)?)
        }
        (None, None) => Symbols::load(&symbols_beside(&args.program)).ok(),
    };
    // Check every --dump before running, so a typo does not cost the whole run.
    let dumps = args
        .dump
        .iter()
        .map(|d| parse_dump(d, symbols.as_ref()))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut cpc = opened.cpc;
    if let Some(script) = &script {
        cpc.schedule(script);
    }
    if !args.headless {
        if args.frames.is_some()
            || args.screenshot.is_some()
            || !dumps.is_empty()
            || args.transcript.is_some()
        {
            bail!("--frames, --screenshot, --dump and --transcript are for --headless runs (F11 saves the game in the window)");
        }
        // F11 saves the game through the symbol file; the emulator itself knows no game.
        let mut save_record = |cpc: &Cpc, path: &Path| match &game_symbols {
            Some(symbols) => save_game(cpc, symbols, path)
                .map(|record| describe(&record))
                .map_err(|e| e.to_string()),
            None => {
                Err("no symbol file (build writes one beside the .dsk; or pass --symbols)".into())
            }
        };
        cpc_emu::window::run_window(cpc, &opened.description, &args.program, &mut save_record)?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(frames) = args.frames else {
        bail!("--headless needs --frames N (50 frames = 1 second of CPC time)");
    };
    eprintln!("running {}", opened.description);
    let code = headless(&mut cpc, frames, args.screenshot.as_deref(), &dumps)?;
    if let (Some(path), Some(symbols)) = (&args.transcript, &game_symbols) {
        let record = save_game(&cpc, symbols, path)?;
        eprintln!("wrote {}: {}", path.display(), describe(&record));
    }
    Ok(code)
}

/// One line about a saved record: plies and result.
fn describe(record: &GameRecord) -> String {
    let result = match &record.result {
        Some(r) => format!("result {}", r.text()),
        None => "not over".to_string(),
    };
    format!("{} plies, {result}", record.plies())
}

fn headless(
    cpc: &mut Cpc,
    frames: u64,
    screenshot: Option<&Path>,
    dumps: &[(u16, usize)],
) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    // Only the last frame is drawn when a screenshot is wanted: drawing costs time.
    cpc.set_rendering(false);
    let result = (|| {
        cpc.run_frames(frames.saturating_sub(1))?;
        cpc.set_rendering(screenshot.is_some());
        if frames > 0 {
            cpc.run_frame()?;
        }
        Ok::<_, cpc_emu::EmuError>(())
    })();
    let wall = started.elapsed().as_secs_f64();
    let cpc_seconds = cpc.time_us() as f64 / 1e6;
    eprintln!(
        "ran {} frames ({cpc_seconds:.2} s of CPC time) in {wall:.2} s: {:.0}x real time",
        cpc.frame(),
        cpc_seconds / wall.max(1e-9)
    );
    result.with_context(|| format!("the emulated program stopped at frame {}", cpc.frame()))?;
    if let Some(path) = screenshot {
        cpc.save_png(path)?;
        eprintln!("wrote {}", path.display());
    }
    for (addr, len) in dumps {
        print!("{}", hex_dump(cpc, *addr, *len));
    }
    Ok(ExitCode::SUCCESS)
}

fn load_script(text: &str) -> anyhow::Result<KeyScript> {
    match text.strip_prefix('@') {
        Some(path) => {
            let body = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
            KeyScript::parse(&body).with_context(|| format!("key script {path}"))
        }
        None => KeyScript::parse(text).context("--keys"),
    }
}

/// `ADDR:LEN`, ADDR a number or a label of the symbol file.
fn parse_dump(text: &str, symbols: Option<&Symbols>) -> anyhow::Result<(u16, usize)> {
    let Some((addr, len)) = text.rsplit_once(':') else {
        bail!("--dump {text}: expected ADDR:LEN, e.g. &C000:16");
    };
    let addr = match cpc_asm::parse_address(addr) {
        Ok(a) => a,
        // Neither a number nor a label: the number's own complaint only when it was one.
        Err(_) if cpc_asm::parse_value(addr).is_err() && symbols.is_none() => {
            bail!("--dump {text}: `{addr}` is not a number (labels need --symbols)")
        }
        Err(e) => match symbols.and_then(|s| s.get(addr)) {
            Some(a) => a,
            None if symbols.is_some() => {
                bail!("--dump {text}: {e}, nor a label of the symbol file")
            }
            None => bail!("--dump {text}: {e} (labels need --symbols)"),
        },
    };
    let len = cpc_asm::parse_value(len)
        .ok()
        .and_then(|n| usize::try_from(n).ok())
        .filter(|n| (1..=0x10000).contains(n))
        .with_context(|| format!("--dump {text}: `{len}` is not a length of 1 to 65536"))?;
    Ok((addr, len))
}

/// Lines of `&ADDR: xx xx ...`, 16 bytes each.
fn hex_dump(cpc: &Cpc, addr: u16, len: usize) -> String {
    let bytes = cpc.read_bytes(addr, len);
    let mut out = String::new();
    for (i, chunk) in bytes.chunks(16).enumerate() {
        let at = addr.wrapping_add((i * 16) as u16);
        let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02X}")).collect();
        out.push_str(&format!("&{at:04X}: {}\n", hex.join(" ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dump_arguments() {
        let symbols = Symbols::from_json(r#"{"board": 32768}"#).unwrap();
        assert_eq!(parse_dump("&C000:16", None).unwrap(), (0xC000, 16));
        assert_eq!(
            parse_dump("board:&40", Some(&symbols)).unwrap(),
            (0x8000, 64)
        );
        let err = |t: &str, s| parse_dump(t, s).unwrap_err().to_string();
        assert_eq!(
            err("board:4", None),
            "--dump board:4: `board` is not a number (labels need --symbols)"
        );
        assert!(err("C000", None).contains("expected ADDR:LEN"));
        assert!(err("&C000:0", None).contains("not a length"));
        assert!(err("nope:1", Some(&symbols)).contains("nor a label"));
    }

    #[test]
    fn hex_dump_lines() {
        let mut cpc = Cpc::new();
        cpc.write_bytes(0x9000, &(0..20).collect::<Vec<u8>>());
        assert_eq!(
            hex_dump(&cpc, 0x9000, 18),
            "&9000: 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F\n&9010: 10 11\n"
        );
    }
}
