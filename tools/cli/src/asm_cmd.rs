//! `cpc-othello asm ...`: assembles sources into a binary (optionally AMSDOS-headed) and writes
//! the listing, symbol file and memory map. All the work is in `cpc_asm`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use cpc_dsk::amsdos::AmsdosName;
use cpc_dsk::{write_atomically, FileContents};

/// Arguments of `asm`.
#[derive(Args)]
pub struct AsmArgs {
    /// Source files, assembled in order into one program (each continues where the previous
    /// one ended unless it has its own ORG).
    #[arg(required = true, value_name = "SOURCE")]
    inputs: Vec<PathBuf>,
    /// Output binary.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Put a 128-byte AMSDOS header in front (type 2; the name comes from the output file).
    #[arg(long)]
    amsdos: bool,
    /// Entry address, e.g. &4000 (default: RUN in the source, else the start of the code).
    #[arg(short = 'e', long = "exec", value_name = "ADDR", value_parser = cpc_asm::parse_address)]
    exec: Option<u16>,
    /// Write a listing (address, bytes, line, source).
    #[arg(long, value_name = "FILE")]
    listing: Option<PathBuf>,
    /// Write the symbols: `.json` as JSON, `.equ`/`.inc`/`.i`/`.asm` as `NAME EQU &ADDR`,
    /// any other name (e.g. `.sym`) as WinAPE/RASM `NAME &ADDR` lines.
    #[arg(long, value_name = "FILE")]
    symbols: Option<PathBuf>,
    /// Write a memory map (sections, free gaps, labels by address).
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Define a symbol before assembling: NAME=VALUE (VALUE in source syntax) or NAME (= 1).
    #[arg(short = 'D', value_name = "NAME=VALUE", value_parser = cpc_asm::parse_define)]
    defines: Vec<(String, i64)>,
    /// Another directory where INCLUDE and INCBIN look.
    #[arg(short = 'I', value_name = "DIR")]
    include_dirs: Vec<PathBuf>,
}

/// Runs `asm`.
pub fn run(args: AsmArgs) -> anyhow::Result<ExitCode> {
    let options = cpc_asm::Options {
        defines: args.defines,
        include_dirs: args.include_dirs,
        generated: Vec::new(),
        exec: args.exec,
    };
    let asm = match cpc_asm::assemble_files(&args.inputs, &options) {
        Ok(asm) => asm,
        Err(diags) => {
            for line in diags.printed() {
                println!("{line}");
            }
            eprintln!("{diags}");
            return Ok(ExitCode::from(2));
        }
    };
    for line in asm.printed() {
        println!("{line}");
    }
    let binary = asm.binary();
    let bytes = if args.amsdos {
        let name = args
            .output
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let name = AmsdosName::parse(&name)
            .context("the output file name is also the AMSDOS name; choose one in 8.3 form")?;
        FileContents::Binary {
            load: asm.load_address(),
            exec: asm.exec_address(),
            data: &binary,
        }
        .stored(0, &name)?
    } else {
        binary.clone()
    };
    write_atomically(&args.output, &bytes)?;
    if let Some(path) = &args.listing {
        write_atomically(path, asm.listing().as_bytes())?;
    }
    if let Some(path) = &args.symbols {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        let text = match ext.as_str() {
            "json" => asm.symbols_json(),
            "equ" | "inc" | "i" | "asm" => asm.symbols_equ(),
            _ => asm.symbols_winape(),
        };
        write_atomically(path, text.as_bytes())?;
    }
    if let Some(path) = &args.map {
        write_atomically(path, asm.memory_map().as_bytes())?;
    }
    let code = binary.len();
    eprintln!(
        "{}: {code} bytes at &{:04X}, exec &{:04X}",
        args.output.display(),
        asm.load_address(),
        asm.exec_address()
    );
    Ok(ExitCode::SUCCESS)
}
