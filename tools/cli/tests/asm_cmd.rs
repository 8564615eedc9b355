//! `cpc-othello asm` through the binary: every output written, the AMSDOS header, and source
//! errors that leave the old output alone.

mod common;

use std::fs;
use std::path::Path;

use cpc_dsk::amsdos::{AmsdosHeader, AmsdosName, HeaderCheck};

/// Runs `asm` with `args`; file names (the arguments with a dot and no `=`) live in `dir`.
fn asm(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut argv = vec!["asm".to_string()];
    argv.extend(args.iter().map(|a| {
        if !a.contains('.') || a.contains('=') {
            a.to_string()
        } else {
            dir.join(a).display().to_string()
        }
    }));
    let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
    common::cpc_othello(&argv)
}

#[test]
fn writes_every_output() {
    let scratch = common::scratch("cli-asm", "writes_every_output");
    let dir: &Path = &scratch;
    fs::write(dir.join("a.asm"), " org &4000\nstart: jp part2\n").unwrap();
    fs::write(dir.join("b.asm"), "part2: ld a,VAL\n jr start\n").unwrap();
    let (code, _, err) = asm(
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
    assert_eq!(code, 0, "{err}");
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
        let args = [
            "a.asm",
            "b.asm",
            "-o",
            "x.bin",
            "--symbols",
            &out,
            "-D",
            "VAL=1",
        ];
        assert_eq!(asm(dir, &args).0, 0);
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
    let scratch = common::scratch("cli-asm", "amsdos_output");
    let dir: &Path = &scratch;
    fs::write(dir.join("p.asm"), " org &1000\n run &1002\n db 1,2,3,4\n").unwrap();
    let (code, _, err) = asm(dir, &["p.asm", "-o", "Game.bin", "--amsdos"]);
    assert_eq!(code, 0, "{err}");
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

    let (code, _, err) = asm(dir, &["p.asm", "-o", "toolongname.bin", "--amsdos"]);
    assert_eq!(code, 2);
    assert!(err.contains("8.3 form"), "{err}");
    assert!(!dir.join("toolongname.bin").exists());
}

#[test]
fn source_errors_exit_2_and_leave_the_old_output() {
    let scratch = common::scratch("cli-asm", "source_errors");
    let dir: &Path = &scratch;
    fs::write(dir.join("bad.asm"), " db 1/0\n").unwrap();
    fs::write(dir.join("out.bin"), b"old").unwrap();
    let (code, _, _) = asm(dir, &["bad.asm", "-o", "out.bin"]);
    assert_eq!(code, 2);
    assert_eq!(fs::read(dir.join("out.bin")).unwrap(), b"old");
}

#[test]
fn addresses_in_every_notation() {
    let scratch = common::scratch("cli-asm", "addresses");
    let dir: &Path = &scratch;
    fs::write(dir.join("p.asm"), " org &4000\n nop\n").unwrap();
    for exec in ["&4000", "#4000", "$4000", "0x4000", "4000h", "16384"] {
        let (code, _, err) = asm(dir, &["p.asm", "-o", "p.bin", "--exec", exec]);
        assert_eq!(code, 0, "{exec}: {err}");
        assert!(err.contains("exec &4000"), "{exec}: {err}");
    }
    let (code, _, err) = asm(dir, &["p.asm", "-o", "p.bin", "--exec", "&10000"]);
    assert_eq!(code, 2);
    assert!(err.contains("is not an address"), "{err}");
}
