//! A clone of the repository has nothing beside it: no tracked file may read or link to a
//! path outside the repository, such as the team's notes in a `shared` folder next to it
//! (the data the project needs lives in `tools/engine/data`). `.ci/run` proves the same by
//! running the whole suite in a fresh clone with nothing beside it.

use std::process::Command;

use cpc_e2e::oracle::unavailable;
use cpc_e2e::workspace::root;

const TEST: &str = "lint::self_contained::no_tracked_file_names_a_path_outside_the_repository";

/// The patterns, built from pieces so that this file does not match itself.
fn outside_patterns() -> [String; 3] {
    let shared = ["sha", "red"].concat();
    [
        format!("../{shared}"),
        format!("{shared}/data"),
        format!("{shared}/docs"),
    ]
}

#[test]
fn no_tracked_file_names_a_path_outside_the_repository() {
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output();
    let names = match listed {
        Ok(out) if out.status.success() => out.stdout,
        Ok(out) => {
            // Not a git checkout (a source archive): nothing is tracked.
            return unavailable(TEST, &String::from_utf8_lossy(&out.stderr));
        }
        Err(e) => return unavailable(TEST, &format!("git cannot be run: {e}")),
    };
    let patterns = outside_patterns();
    let mut found = Vec::new();
    let mut files = 0;
    for name in names.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let name = String::from_utf8_lossy(name).into_owned();
        let Ok(bytes) = std::fs::read(root().join(&name)) else {
            continue; // deleted in the work tree
        };
        files += 1;
        let text = String::from_utf8_lossy(&bytes);
        for (i, line) in text.lines().enumerate() {
            for p in &patterns {
                if let Some(col) = line.find(p.as_str()) {
                    found.push(format!("{name}:{}:{}: names {p}", i + 1, col + 1));
                }
            }
        }
    }
    assert!(files > 100, "only {files} tracked files read");
    assert!(
        found.is_empty(),
        "paths outside the repository:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_patterns_catch_what_they_should() {
    let [up, data, docs] = outside_patterns();
    assert_eq!(up.len(), 9);
    assert!(format!("see {up}/data/perft.txt").contains(up.as_str()));
    assert!(format!("{data}/ffo").contains(data.as_str()));
    assert!(format!("{docs}/cpc-reference.md").contains(docs.as_str()));
    assert!(!"tools/engine/data/ffo".contains(data.as_str()));
}

#[test]
fn the_data_the_project_reads_is_in_the_repository() {
    // The FFO boards, read by verify and the benches (comment lines name their source).
    let dir = cpc_verify::positions::default_ffo_dir();
    assert!(dir.starts_with(root()), "{}", dir.display());
    let boards = cpc_verify::positions::ffo_positions(&dir).unwrap();
    assert_eq!(boards.len(), 79);
    let published = othello_engine::solve::ffo::load_ffo_dir(&dir).unwrap();
    assert_eq!(published.len(), 79);
    assert!(published.iter().zip(&boards).all(|(p, b)| p.board == *b));
    // The perft counts, with their source in the header.
    let perft = std::fs::read_to_string(root().join("tools/engine/data/perft.txt")).unwrap();
    assert!(perft.lines().next().unwrap().starts_with('#'));
    assert!(perft.contains("A124004"));
}
