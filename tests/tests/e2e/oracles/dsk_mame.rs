//! DSK acceptance against the real thing: a disc built by our CLI, holding a program
//! built by our assembler, is catalogued (`CAT`) and run (`RUN"TEST`) by the Amstrad
//! firmware and AMSDOS ROMs in MAME, on a CPC 6128 and on a CPC 464 with a DDI-1.
//! `dsk ls` must print what CAT put on the screen, and the program must run.
//! Screenshots and the disc are kept in `target/test-output/dsk-mame/`.

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

use cpc_e2e::mame::{self, Machine, Script};
use cpc_e2e::{oracle, screen, workspace};

const PROGRAM: &str = include_str!("../../data/marker.asm");
const MARKER_AT: u16 = 0x9000;
const MARKER: [u8; 4] = *b"DSK\xA5";
const TEST: &str = "oracles::dsk_mame::real_amsdos_catalogues_and_runs_our_disc";

/// Runs the built `cpc-othello` and returns its stdout; any failure fails the test.
fn cli(binary: &Path, args: &[&OsStr]) -> String {
    let output = Command::new(binary)
        .args(args)
        .output()
        .expect("cpc-othello runs");
    assert!(
        output.status.success(),
        "cpc-othello {:?} failed: {}",
        args,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// Data that differs per file (the bytes themselves do not matter to CAT).
fn filler(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(seed) | 0x20)
        .collect()
}

/// Builds the test disc with the CLI; returns its path and what `dsk ls` prints.
fn build_disc(binary: &Path, dir: &Path) -> (std::path::PathBuf, Vec<String>) {
    let assembly = cpc_asm::assemble_str(PROGRAM).unwrap_or_else(|d| panic!("{d}"));
    let program = dir.join("test.bin");
    std::fs::write(&program, assembly.binary()).unwrap();
    let load = format!("&{:04X}", assembly.load_address());
    let exec = format!("#{:04X}", assembly.exec_address());

    let disc = dir.join("test.dsk");
    let d = disc.as_os_str();
    cli(binary, &[OsStr::new("dsk"), OsStr::new("new"), d]);
    let put = |file: &str, bytes: &[u8], extra: &[&str]| {
        let path = dir.join(file);
        std::fs::write(&path, bytes).unwrap();
        let mut args = vec![OsStr::new("dsk"), OsStr::new("put"), d, path.as_os_str()];
        args.extend(extra.iter().map(OsStr::new));
        cli(binary, &args);
    };
    put(
        "test.bin",
        &assembly.binary(),
        &["--load", &load, "--exec", &exec],
    );
    // Different sizes (one byte, one record boundary, two extents), an ASCII file, a
    // read-only file (CAT marks it), a system file and another user's file (CAT hides
    // both), and a name without extension.
    put("alpha.dat", &[1], &["--load", "0x8000"]);
    put("zulu.bin", &filler(17_000, 3), &["--load", "#1000"]);
    put("mid.bin", &filler(1024 - 128, 5), &["--load", "16384"]);
    put("notes.txt", &filler(3000, 7), &["--ascii"]);
    put(
        "locked.bin",
        &filler(100, 9),
        &["--load", "&4000", "--read-only"],
    );
    put(
        "hidden.bin",
        &filler(100, 11),
        &["--load", "&4000", "--system"],
    );
    put(
        "other.bin",
        &filler(100, 13),
        &["--load", "&4000", "--user", "3"],
    );
    put(
        "noext.raw",
        &filler(5000, 15),
        &["--load", "&4000", "--name", "NOEXT"],
    );

    let listing = cli(binary, &[OsStr::new("dsk"), OsStr::new("ls"), d]);
    let lines: Vec<String> = listing.lines().map(str::to_string).collect();
    (disc, lines)
}

/// The CAT output on screen: from "Drive A:" to the "K free" line.
fn cat_block(text: &[String]) -> Vec<String> {
    let start = text.iter().position(|l| l.starts_with("Drive A:"));
    let end = text.iter().rposition(|l| l.ends_with("K free"));
    match (start, end) {
        (Some(s), Some(e)) if s <= e => text[s..=e].to_vec(),
        _ => panic!("no CAT output on screen:\n{}", text.join("\n")),
    }
}

/// Distinct colours in a PNG snapshot.
fn colours(path: &Path) -> usize {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = info.color_type.samples();
    let mut seen: Vec<&[u8]> = buf[..info.buffer_size()].chunks(step).collect();
    seen.sort();
    seen.dedup();
    seen.len()
}

#[test]
fn real_amsdos_catalogues_and_runs_our_disc() {
    let roms = match mame::available() {
        Ok(roms) => roms,
        Err(e) => return oracle::unavailable(TEST, &e.to_string()),
    };
    let font = roms.font().expect("font in the firmware ROM");
    let binary = workspace::cli_binary().unwrap_or_else(|e| panic!("{e}"));
    let work = workspace::scratch_dir("dsk-mame");
    let (disc, expected) = build_disc(&binary, &work);
    assert!(
        expected.iter().any(|l| l.contains("LOCKED  .BIN*")),
        "{expected:?}"
    );

    let keep = workspace::test_output("dsk-mame");
    std::fs::copy(&disc, keep.join("test.dsk")).unwrap();
    for machine in [Machine::Cpc6128, Machine::Cpc464Ddi1] {
        let script = Script::new(machine)
            .floppy(&disc)
            .wait_frames(100) // BASIC's prompt is up after about a second
            .type_text("cat\n")
            .wait_frames(300) // motor spin-up, directory read, printing
            .read_ram("cat", screen::SCREEN_START, screen::SCREEN_SIZE)
            .snapshot("cat")
            .read_ram("before", MARKER_AT, 4)
            .type_text("run\"test\n")
            .wait_ram(MARKER_AT + 3, MARKER[3], 30 * mame::FPS)
            .read_ram("marker", MARKER_AT, 4)
            .read_ram("screen", screen::SCREEN_START, 16)
            .wait_frames(5)
            .snapshot("run");
        let outcome =
            mame::run(&script, &work.join(machine.name())).unwrap_or_else(|e| panic!("{e}"));
        eprintln!(
            "{}: {} emulated frames in {:.2} s wall",
            machine.name(),
            outcome.frames,
            outcome.wall.as_secs_f64()
        );
        for (label, png) in &outcome.snapshots {
            std::fs::copy(png, keep.join(format!("{}-{label}.png", machine.name()))).unwrap();
        }

        let text = screen::mode1_text(&outcome.reads["cat"], &font);
        assert_eq!(
            cat_block(&text),
            expected,
            "{}: CAT on screen (left) differs from `dsk ls` (right); whole screen:\n{}",
            machine.name(),
            text.join("\n")
        );
        assert_ne!(outcome.reads["before"], MARKER, "marker present before RUN");
        assert_eq!(
            outcome.reads["marker"],
            MARKER,
            "{}: program did not run",
            machine.name()
        );
        let expected_screen: Vec<u8> = (0..16).collect();
        assert_eq!(
            outcome.reads["screen"],
            expected_screen,
            "{}: screen not drawn",
            machine.name()
        );
        // Blue border and paper plus the three inks of the pattern.
        let shown = colours(&outcome.snapshots["run"]);
        assert!(
            shown >= 4,
            "{}: run snapshot shows {shown} colours",
            machine.name()
        );
    }
}
