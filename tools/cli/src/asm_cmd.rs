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
    #[arg(short = 'e', long = "exec", value_name = "ADDR", value_parser = parse_address)]
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

fn parse_address(text: &str) -> Result<u16, String> {
    let v = cpc_asm::parse_value(text)?;
    u16::try_from(v).map_err(|_| format!("{v} is not an address (0..=&FFFF)"))
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use cpc_dsk::amsdos::{AmsdosHeader, HeaderCheck};
    use std::fs;
    use std::path::Path;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: AsmArgs,
    }

    fn run_args(dir: &Path, args: &[&str]) -> ExitCode {
        let mut argv = vec!["asm".to_string()];
        argv.extend(args.iter().map(|a| {
            // File names (the only arguments with a dot and no `=`) live in the test's directory.
            if !a.contains('.') || a.contains('=') {
                a.to_string()
            } else {
                dir.join(a).display().to_string()
            }
        }));
        run(Cli::parse_from(argv).args).unwrap()
    }

    /// A scratch directory, removed when the test is done with it.
    fn temp_dir(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("asm-cmd-{name}-"))
            .tempdir()
            .unwrap()
    }

    #[test]
    fn writes_every_output() {
        let scratch = temp_dir("ok");
        let dir = scratch.path();
        fs::write(dir.join("a.asm"), " org &4000\nstart: jp part2\n").unwrap();
        fs::write(dir.join("b.asm"), "part2: ld a,VAL\n jr start\n").unwrap();
        let code = run_args(
            dir,
            &[
                "a.asm",
                "b.asm",
                "-o",
                "game.bin",
                "--amsdos",
                "--exec",
                "&4003",
                "--listing",
                "game.lst",
                "--symbols",
                "game.json",
                "--map",
                "game.map",
                "-D",
                "VAL=7",
            ],
        );
        assert_eq!(code, ExitCode::SUCCESS);
        let bin = fs::read(dir.join("game.bin")).unwrap();
        assert_eq!(&bin[1..12], b"GAME    BIN");
        assert_eq!(u16::from_le_bytes([bin[26], bin[27]]), 0x4003);
        assert_eq!(&bin[128..], &[0xC3, 0x03, 0x40, 0x3E, 0x07, 0x18, 0xF9]);
        let json: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(dir.join("game.json")).unwrap()).unwrap();
        assert_eq!(json["symbols"]["part2"]["value"], 0x4003);
        assert!(fs::read_to_string(dir.join("game.lst"))
            .unwrap()
            .contains("--- "));
        assert!(fs::read_to_string(dir.join("game.map"))
            .unwrap()
            .contains("&4003  &4006      4"));
        for (ext, want) in [("sym", "part2 &4003\n"), ("equ", "part2 EQU &4003\n")] {
            let out = format!("s.{ext}");
            run_args(
                dir,
                &[
                    "a.asm",
                    "b.asm",
                    "-o",
                    "x.bin",
                    "--symbols",
                    &out,
                    "-D",
                    "VAL=1",
                ],
            );
            assert!(fs::read_to_string(dir.join(&out)).unwrap().contains(want));
        }
        let leftovers: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains(".tmp")
            })
            .collect();
        assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    }

    /// `--amsdos` writes the header cpc-dsk reads back as valid, named after the output file.
    #[test]
    fn amsdos_output_has_a_valid_header_and_bad_names_are_refused() {
        let scratch = temp_dir("amsdos");
        let dir = scratch.path();
        fs::write(dir.join("p.asm"), " org &1000\n run &1002\n db 1,2,3,4\n").unwrap();
        assert_eq!(
            run_args(dir, &["p.asm", "-o", "Game.bin", "--amsdos"]),
            ExitCode::SUCCESS
        );
        let file = fs::read(dir.join("Game.bin")).unwrap();
        let name = AmsdosName::parse("GAME.BIN").unwrap();
        assert!(matches!(
            AmsdosHeader::check(&file, &name),
            HeaderCheck::Valid(_)
        ));
        let header = AmsdosHeader::from_record(&file).unwrap();
        assert_eq!(
            (header.load, header.exec, header.length),
            (0x1000, 0x1002, 4)
        );
        assert_eq!(&file[128..], &[1, 2, 3, 4]);

        let mut argv = vec!["asm".to_string(), dir.join("p.asm").display().to_string()];
        argv.extend([
            "-o".into(),
            dir.join("toolongname.bin").display().to_string(),
        ]);
        argv.push("--amsdos".into());
        let err = run(Cli::parse_from(argv).args).unwrap_err();
        assert!(format!("{err:#}").contains("8.3 form"), "{err:#}");
        assert!(!dir.join("toolongname.bin").exists());
    }

    #[test]
    fn source_errors_exit_2_and_leave_the_old_output() {
        let scratch = temp_dir("err");
        let dir = scratch.path();
        fs::write(dir.join("bad.asm"), " db 1/0\n").unwrap();
        fs::write(dir.join("out.bin"), b"old").unwrap();
        let code = run_args(dir, &["bad.asm", "-o", "out.bin"]);
        assert_eq!(code, ExitCode::from(2));
        assert_eq!(fs::read(dir.join("out.bin")).unwrap(), b"old");
    }

    #[test]
    fn addresses_in_source_syntax() {
        assert_eq!(parse_address("&4000"), Ok(0x4000));
        assert_eq!(parse_address("0x100"), Ok(0x100));
        assert_eq!(parse_address("16384"), Ok(0x4000));
        assert!(parse_address("&10000").is_err());
        assert!(parse_address("-1").is_err());
    }
}
