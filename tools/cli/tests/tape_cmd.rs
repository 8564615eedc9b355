//! The tape and the snapshot as a user meets them: `build --cdt/--wav/--sna` write them,
//! `tape ls` lists the tape as the firmware's CAT would, and a damaged or cut image given to
//! `tape ls` or `run` is an error naming the byte offset, with nothing else written.

mod common;

use std::path::{Path, PathBuf};

use common::cpc_othello;

fn scratch(name: &str) -> common::ScratchDir {
    common::scratch("tape-cmd", name)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Builds the game with a tape at `baud`, a WAV and a snapshot; returns their paths.
fn build(dir: &Path, baud: &str) -> (PathBuf, PathBuf, PathBuf) {
    let (cdt, wav, sna) = (dir.join("o.cdt"), dir.join("o.wav"), dir.join("o.sna"));
    let dsk = dir.join("o.dsk");
    let (code, stdout, stderr) = cpc_othello(&[
        "build",
        "-o",
        s(&dsk),
        "--cdt",
        s(&cdt),
        "--wav",
        s(&wav),
        "--sna",
        s(&sna),
        "--tape-speed",
        baud,
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains(&format!("(tape, {baud} baud)")), "{stdout}");
    (cdt, wav, sna)
}

#[test]
fn build_writes_the_tape_the_sound_and_the_snapshot() {
    let dir = scratch("build");
    let (cdt, wav, sna) = build(&dir, "2000");
    let (code, stdout, stderr) = cpc_othello(&["tape", "ls", s(&cdt), "--blocks"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("OTHELLO          block 1   Ok   2048 bytes at &1000, 2000 baud"),
        "{stdout}"
    );
    let summary = lines
        .iter()
        .find(|l| l.contains("1 file"))
        .expect("a summary line");
    assert!(summary.ends_with("2000 baud"), "{summary}");
    let file = lines.last().unwrap();
    assert!(file.starts_with("OTHELLO          binary"), "{file}");
    assert!(file.contains("load &1000  entry &1000"), "{file}");

    let wav = std::fs::read(wav).unwrap();
    assert_eq!((&wav[..4], &wav[8..12]), (&b"RIFF"[..], &b"WAVE"[..]));
    assert_eq!(u32::from_le_bytes(wav[24..28].try_into().unwrap()), 44_100);
    let sna = std::fs::read(sna).unwrap();
    assert_eq!(
        (&sna[..8], sna[0x10], sna.len()),
        (&b"MV - SNA"[..], 3, 0x100 + 0x10000)
    );
    assert_eq!(
        u16::from_le_bytes([sna[0x23], sna[0x24]]),
        0x1000,
        "PC at the entry"
    );

    let (code, _, stderr) =
        cpc_othello(&["build", "-o", s(&dir.join("x.dsk")), "--tape-speed", "1200"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("tape speed 1200"), "{stderr}");
    assert!(
        !dir.join("x.dsk").exists(),
        "nothing written for a bad speed"
    );
}

#[test]
fn damaged_images_are_refused_with_the_offset() {
    let dir = scratch("damaged");
    let (cdt, _, sna) = build(&dir, "1000");
    let bytes = std::fs::read(&cdt).unwrap();

    // A byte of block 1's data record flipped: the CRC of its segment is wrong.
    let mut bad = bytes.clone();
    bad[3000] ^= 0x40;
    let bad_cdt = dir.join("bad.cdt");
    std::fs::write(&bad_cdt, &bad).unwrap();
    for args in [
        vec!["tape", "ls", s(&bad_cdt)],
        vec!["run", s(&bad_cdt), "--headless", "--frames", "5"],
    ] {
        let (code, _, stderr) = cpc_othello(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            stderr.contains("offset 3199: the CRC of segment 1"),
            "{args:?}: {stderr}"
        );
    }

    // Cut in the middle of a block.
    let cut = dir.join("cut.cdt");
    std::fs::write(&cut, &bytes[..5000]).unwrap();
    let (code, _, stderr) = cpc_othello(&["tape", "ls", s(&cut)]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("runs past the end of the file (5000 bytes)"),
        "{stderr}"
    );
    assert!(stderr.contains("offset 4"), "{stderr}");

    // Not a tape at all.
    let (code, _, stderr) = cpc_othello(&["tape", "ls", s(&sna)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("offset 0: not a CDT image"), "{stderr}");

    // A snapshot cut short, and one with a chunk claiming more than the file holds.
    let snap = std::fs::read(&sna).unwrap();
    let short = dir.join("short.sna");
    std::fs::write(&short, &snap[..1000]).unwrap();
    let (code, _, stderr) = cpc_othello(&["run", s(&short), "--headless", "--frames", "5"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("at offset &100 is cut short: the file ends at 1000"),
        "{stderr}"
    );
    let mut chunked = snap.clone();
    chunked.extend(b"MEM1");
    chunked.extend(1000u32.to_le_bytes());
    chunked.extend([0u8; 10]);
    let chunk = dir.join("chunk.sna");
    std::fs::write(&chunk, &chunked).unwrap();
    let (code, _, stderr) = cpc_othello(&["run", s(&chunk), "--headless", "--frames", "5"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(&format!(
            "offset {:#x}: chunk `MEM1` claims 1000 bytes",
            snap.len()
        )),
        "{stderr}"
    );
}
