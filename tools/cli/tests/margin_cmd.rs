//! `cpc-othello margin` as a user runs it: the table of margins for a weights file, a
//! suggestion that grows when fewer misses are allowed, and clear refusals.

mod common;

fn margin(miss: &str) -> (i32, String, String) {
    common::cpc_othello(&[
        "margin",
        "--depth",
        "3",
        "--level",
        "3",
        "--games",
        "6",
        "--threads",
        "1",
        "--miss",
        miss,
    ])
}

fn suggested(stdout: &str) -> u32 {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("suggested: margin = "))
        .unwrap_or_else(|| panic!("no suggestion in {stdout}"));
    line["suggested: margin = ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// The share of positions (percent) whose best move the row of `margin` reduces.
fn missed_at(stdout: &str, margin: u32) -> f64 {
    let row = stdout
        .lines()
        .find(|l| l.starts_with(&format!("| {margin} | ")))
        .unwrap_or_else(|| panic!("no row {margin} in {stdout}"));
    row.split('|')
        .nth(3)
        .unwrap()
        .trim()
        .trim_end_matches(" %")
        .parse()
        .unwrap()
}

#[test]
fn the_table_and_the_suggestion_follow_the_allowed_misses() {
    let (code, loose, stderr) = margin("50");
    assert_eq!(code, 0, "{stderr}");
    assert!(loose.contains("| margin | moves searched a ply shallower | best moves among them |"));
    for m in [0, 5, 10, 15, 20, 30, 40, 50, 60, 80, 100, 150] {
        missed_at(&loose, m);
    }
    assert!(missed_at(&loose, 0) >= missed_at(&loose, 150));
    let (code, strict, stderr) = margin("5");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        loose.lines().next(),
        strict.lines().next(),
        "the same positions"
    );
    let (a, b) = (suggested(&loose), suggested(&strict));
    assert!(a <= b, "50 % allows {a}, 5 % {b}");
    // The listed rows agree with the suggestion: at a listed margin at or above it, the misses
    // are within the share.
    for m in [0, 5, 10, 15, 20, 30, 40, 50, 60, 80, 100, 150] {
        if m >= b {
            assert!(missed_at(&strict, m) <= 5.0 + 0.05, "margin {m}: {strict}");
        }
    }
}

#[test]
fn bad_options_are_refused() {
    let (code, _, stderr) = common::cpc_othello(&["margin", "--level", "9"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--level 9"), "{stderr}");
    let (code, _, stderr) = common::cpc_othello(&["margin", "--depth", "0"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--depth 0"), "{stderr}");
}
