//! What the CLI tests share: running the binary as a user would, and a scratch directory.

// Each test file compiles this module on its own and uses only some of it.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// Runs `cpc-othello` with `args`: its exit code (-1 if a signal ended it), stdout, stderr.
pub fn cpc_othello(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cpc-othello"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[path = "../../../game/tests/support/scratch_dir.rs"]
mod scratch_dir;

pub use scratch_dir::ScratchDir;

/// An empty directory of this test process under the system's temporary directory,
/// removed when the test is done with it.
pub fn scratch(test: &str, name: &str) -> ScratchDir {
    scratch_dir::scratch_dir(test, name)
}

/// Plays `cpc-othello match --alternate` between two engines on one thread and writes its
/// report to `json`; the report, parsed. Panics with the CLI's stderr if the match fails.
pub fn match_report(
    black: &str,
    white: &str,
    games: &str,
    seed: &str,
    json: &Path,
) -> serde_json::Value {
    let (code, _, stderr) = cpc_othello(&[
        "match",
        "--black",
        black,
        "--white",
        white,
        "--games",
        games,
        "--alternate",
        "--seed",
        seed,
        "--json",
        json.to_str().unwrap(),
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap()
}
