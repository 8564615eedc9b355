//! Outside tools are required in CI and optional on a developer machine: a test whose
//! oracle is missing fails when `CI=true` and otherwise says loudly that it did not run.

use std::io::Write;

/// True when running under CI (`CI=true`).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// Reports a missing oracle: panics under CI, prints `SKIPPED: <test>: <why>` otherwise.
/// The caller returns right after.
#[track_caller]
pub fn unavailable(test: &str, why: &str) {
    if in_ci() {
        panic!("{test}: required oracle missing under CI=true: {why}");
    }
    // Written to the process's stderr directly: the test harness captures `eprintln!`
    // of passing tests, and a skip must be seen.
    let _ = writeln!(
        std::io::stderr(),
        "\n!!!!!!!! SKIPPED: {test}: {why} !!!!!!!!\n"
    );
}
