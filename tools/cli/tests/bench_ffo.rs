//! `cpc-othello engine bench-ffo`: solves FFO positions read by the engine's own FFO reader,
//! checks them against the published solutions, and names file:line:col of a bad line.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::ScratchDir;

/// FFO #1 and #2 as published (`tools/engine/data/ffo/ffo-1-19.txt`), `all=` shortened.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X +18 g8 #1 empties=14 all=g8:+18 h1:+12";
const FFO_2: &str = "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X +10 a4 #2 empties=14 all=a4:+10 b2:+0";

/// A fresh scratch directory holding `files` (name, text).
fn ffo_dir(name: &str, files: &[(&str, String)]) -> ScratchDir {
    let dir = common::scratch("cli-bench-ffo", name);
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

fn bench(dir: &Path, from: &str, to: &str) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_cpc-othello"))
        .args(["engine", "bench-ffo", "--from", from, "--to", to, "--dir"])
        .arg(dir)
        .output()
        .unwrap();
    (
        status.code(),
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

#[test]
fn solves_the_selected_positions_as_published() {
    // #2 in a second file, #1 after a comment: files are merged and sorted by number.
    let dir = ffo_dir(
        "ok",
        &[
            ("ffo-b.txt", format!("{FFO_2}\n")),
            ("ffo-a.txt", format!("# two positions\n{FFO_1}\n")),
            ("notes.md", "not an FFO file\n".to_string()),
        ],
    );
    let (code, out, err) = bench(&dir, "1", "2");
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("#1   score +18 (expected +18) move g8 "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("#2   score +10 (expected +10) move a4 "),
        "{out}"
    );
    assert!(!out.contains("MISMATCH"), "{out}");
    assert!(lines[2].starts_with("2 positions in "), "{out}");

    // --from/--to select by number.
    let (code, out, err) = bench(&dir, "2", "2");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("#2 ") && out.contains("\n1 positions in "),
        "{out}"
    );
    let (code, _, err) = bench(&dir, "3", "9");
    assert_eq!(code, Some(2));
    assert!(err.contains("no positions #3..#9 in"), "{err}");
}

#[test]
fn a_wrong_published_answer_is_a_mismatch_and_a_failure() {
    let wrong_score = FFO_1.replace("X +18 g8", "X +16 g8");
    let wrong_move = FFO_2.replace("+10 a4", "+10 b2");
    let dir = ffo_dir(
        "wrong",
        &[("ffo.txt", format!("{wrong_score}\n{wrong_move}\n"))],
    );
    let (code, out, err) = bench(&dir, "1", "2");
    assert_eq!(code, Some(1), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("#1   score +18 (expected +16)") && lines[0].ends_with("  MISMATCH"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("#2   score +10 (expected +10) move a4")
            && lines[1].ends_with("  MISMATCH"),
        "{out}"
    );
    assert!(
        err.contains("2 of 2 positions differ from the published solution"),
        "{err}"
    );
}

#[test]
fn bad_input_names_the_file_line_and_column() {
    // Line 3 (after a blank line) has no `#N` but a stray word.
    let broken = FFO_2.replace("#2", "2");
    let dir = ffo_dir("bad", &[("ffo.txt", format!("{FFO_1}\n\n{broken}\n"))]);
    let (code, out, err) = bench(&dir, "1", "2");
    assert_eq!(code, Some(2), "{out}");
    let file = dir.join("ffo.txt");
    assert!(
        err.contains(&format!(
            "{}:3:75: expected #<number>, found \"2\"",
            file.display()
        )),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // Nothing is solved before the whole input has been read.
    assert_eq!(out, "");

    let missing = dir.join("nowhere");
    let (code, _, err) = bench(&missing, "1", "2");
    assert_eq!(code, Some(2));
    assert!(err.contains(&missing.display().to_string()), "{err}");
    assert_eq!(err.matches("os error").count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
