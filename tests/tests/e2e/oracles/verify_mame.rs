//! `cpc-othello verify --mame`: one whole game in MAME with the real Amstrad ROMs on a CPC
//! 6128, `RUN"OTHELLO` typed at the BASIC prompt, level 2 chosen in the game's menu (ESC,
//! L, ESC) and every human move typed with SPACE and RETURN; every wait for a key, the game
//! record, the final board and the WOF score compared with the reference engine. A level
//! with a time budget is left out of the MAME games (its moves depend on its clock).
//!
//! MAME is an outside oracle: missing, this test fails under CI=true and says SKIPPED
//! otherwise.

use cpc_e2e::mame;
use cpc_e2e::{oracle, workspace};
use std::process::Command;

const TEST: &str = "oracles::verify_mame::a_whole_game_in_mame_agrees_with_the_reference";

#[test]
fn a_whole_game_in_mame_agrees_with_the_reference() {
    let roms = match mame::available() {
        Ok(roms) => roms,
        Err(e) => return oracle::unavailable(TEST, &e.to_string()),
    };
    let (stdout, report, _scratch) =
        verify_in_mame(roms, "verify-mame", &["--levels", "2", "--mame-games", "1"]);
    assert!(
        stdout.contains("| 2 | 0 | 0 | 1 | 0 |"),
        "one MAME game at level 2, no mismatch:\n{stdout}"
    );
    let game = &report["mame_games"][0];
    assert_eq!(game["machine"], "cpc6128");
    let plies = game["plies"].as_u64().unwrap();
    assert!(plies >= 9, "{game}");
    // Kept for people to look at: the final screen of the game on real firmware.
    if let Some(shot) = game["screenshot"].as_str() {
        let keep = workspace::test_output("verify-mame").join("end.png");
        std::fs::copy(shot, &keep).unwrap_or_else(|e| panic!("{shot}: {e}"));
        eprintln!("{}: {plies} plies; final screen {}", TEST, keep.display());
    }
}

#[test]
fn a_level_with_a_budget_is_left_out_of_the_mame_games() {
    // The computer of such a level plays by its clock, so its game cannot be typed in
    // advance: the run says so and plays none (MAME does not even start).
    let roms = match mame::available() {
        Ok(roms) => roms,
        Err(e) => {
            return oracle::unavailable(
                "verify_mame::a_level_with_a_budget_is_left_out_of_the_mame_games",
                &e.to_string(),
            )
        }
    };
    let top = othello_engine::weights::Weights::default().max_level();
    let levels = top.to_string();
    let (stdout, report, _scratch) =
        verify_in_mame(roms, "verify-mame-budget", &["--levels", &levels]);
    assert!(
        stdout.contains(&format!("MAME: no games at level {top} (a budget")),
        "{stdout}"
    );
    assert_eq!(report["mame_skipped_levels"], serde_json::json!([top]));
    assert_eq!(report["mame_games"], serde_json::json!([]));
}

#[test]
fn a_deep_level_agrees_on_both_machines_with_the_table_where_each_keeps_it() {
    // Level 4 searches with the transposition table (docs/ai.md appendix A): on the 6128 in
    // block 7 of the second 64 KB, which the program finds at start-up, on the 464 in the
    // main RAM. One game on each machine, every move compared with the reference.
    const NAME: &str =
        "verify_mame::a_deep_level_agrees_on_both_machines_with_the_table_where_each_keeps_it";
    let roms = match mame::available() {
        Ok(roms) => roms,
        Err(e) => return oracle::unavailable(NAME, &e.to_string()),
    };
    let (stdout, report, _scratch) = verify_in_mame(
        roms,
        "verify-mame-table",
        &["--levels", "4", "--mame-games", "2"],
    );
    assert!(
        stdout.contains("| 4 | 0 | 0 | 2 | 0 |"),
        "two MAME games at level 4, no mismatch:\n{stdout}"
    );
    let games = report["mame_games"].as_array().expect("the MAME games");
    let tables: Vec<(&str, &str)> = games
        .iter()
        .map(|g| (g["machine"].as_str().unwrap(), g["table"].as_str().unwrap()))
        .collect();
    assert_eq!(
        tables,
        [("cpc6128", "block 7"), ("cpc464-ddi1", "main RAM")],
        "{stdout}"
    );
}

/// `cpc-othello verify` with `args`, no positions or games of its own, MAME games from seed 11,
/// in the scratch directory `dir`: its output and its JSON report, and the directory (the
/// report's screenshots lie there while it lives). Fails unless it passed.
fn verify_in_mame(
    roms: &cpc_e2e::roms::Roms,
    dir: &str,
    args: &[&str],
) -> (String, serde_json::Value, workspace::ScratchDir) {
    let binary = workspace::cli_binary().unwrap_or_else(|e| panic!("{e}"));
    let scratch = workspace::scratch_dir(dir);
    let json = scratch.join("report.json");
    let out = Command::new(binary)
        .arg("verify")
        .args(args)
        .args([
            "--positions",
            "0",
            "--games",
            "0",
            "--mame",
            "--seed",
            "11",
            "--roms",
        ])
        .arg(roms.dir())
        .arg("--json")
        .arg(&json)
        .current_dir(workspace::root())
        .output()
        .expect("cpc-othello runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    let report = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    (stdout, report, scratch)
}
