//! perft from the start position against the published counts of `tools/engine/data/perft.txt`
//! (both conventions; the file is parsed here so that the numbers come from outside).

use othello_engine::perft::{perft, Convention};
use othello_engine::Board;

const PERFT_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/perft.txt");

/// (depth, convention A count, convention B count) for every data line of the file.
fn published() -> Vec<(u32, u64, u64)> {
    let text = std::fs::read_to_string(PERFT_FILE).unwrap_or_else(|e| {
        panic!("the perft oracle {PERFT_FILE} is missing or unreadable ({e}); it is part of the repository (tools/engine/data)")
    });
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let parsed = match fields.as_slice() {
            [d, a, b] => d.parse().ok().zip(a.parse().ok()).zip(b.parse().ok()),
            _ => None,
        };
        let ((d, a), b) = parsed.unwrap_or_else(|| {
            panic!("{PERFT_FILE}:{}: expected `depth A B`, got {line:?}", i + 1)
        });
        rows.push((d, a, b));
    }
    rows
}

fn check(convention: Convention) {
    let rows = published();
    for depth in 1..=10 {
        let &(_, a, b) = rows
            .iter()
            .find(|r| r.0 == depth)
            .unwrap_or_else(|| panic!("{PERFT_FILE} has no line for depth {depth}"));
        let expected = if convention == Convention::A { a } else { b };
        assert_eq!(
            perft(&Board::start(), depth, convention),
            expected,
            "perft {depth}, convention {convention}"
        );
    }
}

#[test]
fn convention_a_depths_1_to_10_match_bik_and_oeis() {
    check(Convention::A);
}

#[test]
fn convention_b_depths_1_to_10_match_edax() {
    check(Convention::B);
}
