//! `cpc-othello run`: headless runs of a program on a .dsk built here, and the refusal to
//! open a window without a display.

mod common;

use std::path::PathBuf;
use std::process::Command;

const PROGRAM: &str = "
        org &4000
start:  di
        ld sp,&c000
        ld hl,&c9fb
        ld (&38),hl
        ei
        ld hl,0
loop:   halt
        inc hl
        ld (ticks),hl
        jr loop
ticks:  dw 0
";

fn scratch(name: &str) -> common::ScratchDir {
    common::scratch("cpc-run-cmd", name)
}

/// A disc holding TICKS.BIN and the program's symbol file.
fn disc(dir: &std::path::Path) -> (PathBuf, PathBuf) {
    let asm = cpc_asm::assemble_str(PROGRAM).unwrap();
    let mut disk = cpc_dsk::Disk::new_data(cpc_dsk::ImageKind::Standard);
    disk.put_binary(
        "TICKS.BIN",
        &asm.binary(),
        asm.load_address(),
        asm.exec_address(),
    )
    .unwrap();
    let image = dir.join("ticks.dsk");
    disk.save(&image).unwrap();
    let symbols = dir.join("ticks.json");
    std::fs::write(&symbols, asm.symbols_json()).unwrap();
    (image, symbols)
}

fn cpc_othello() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cpc-othello"))
}

#[test]
fn headless_run_dumps_memory_and_writes_a_screenshot() {
    let dir = scratch("headless");
    let (image, symbols) = disc(&dir);
    let shot = dir.join("shot.png");
    let out = cpc_othello()
        .arg("run")
        .arg(&image)
        .args([
            "--headless",
            "--frames",
            "10",
            "--dump",
            "ticks:2",
            "--dump",
            "&4000:3",
        ])
        .arg("--symbols")
        .arg(&symbols)
        .arg("--screenshot")
        .arg(&shot)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // 6 interrupts per frame, 10 frames: the HALT loop counted 60 = &3C.
    let ticks = cpc_asm::assemble_str(PROGRAM)
        .unwrap()
        .symbol("ticks")
        .unwrap();
    assert_eq!(stdout, format!("&{ticks:04X}: 3C 00\n&4000: F3 31 00\n"));
    assert!(stderr.contains("TICKS.BIN from"), "{stderr}");
    assert!(
        stderr.contains("ran 10 frames (0.20 s of CPC time)"),
        "{stderr}"
    );
    let png = std::fs::read(&shot).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn no_display_is_a_clear_error_not_a_panic() {
    let dir = scratch("nodisplay");
    let (image, _) = disc(&dir);
    let out = cpc_othello()
        .arg("run")
        .arg(&image)
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("DISPLAY is not set"), "{stderr}");
    assert!(stderr.contains("--headless --frames"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // A display that cannot be opened is reported the same way.
    let out = cpc_othello()
        .arg("run")
        .arg(&image)
        .env("DISPLAY", ":97")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot open the emulator window on display :97"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn bad_arguments_are_explained() {
    let dir = scratch("bad");
    let (image, _) = disc(&dir);
    let run = |args: &[&str]| {
        let out = cpc_othello()
            .arg("run")
            .arg(&image)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&["--headless"]);
    assert_eq!(
        (code, err.trim()),
        (
            Some(2),
            "error: --headless needs --frames N (50 frames = 1 second of CPC time)"
        )
    );
    let (code, err) = run(&["--headless", "--frames", "1", "--keys", "5:NOKEY"]);
    assert_eq!(
        (code, err.trim()),
        (
            Some(2),
            "error: --keys: line 1, column 3: unknown key `NOKEY`"
        )
    );
    let (code, err) = run(&["--headless", "--frames", "1", "--file", "OTHER"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("no file OTHER for user 0 on the disc (it holds: TICKS.BIN)"),
        "{err}"
    );
}
