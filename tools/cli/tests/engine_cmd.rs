//! `cpc-othello engine best`: the reference's answer at a level, and at one stage of a search
//! level (`--depth D`, `--exact`), which is how a user checks a move the Z80 program made
//! under a time limit (docs/ai.md 4.4: it reports the stage in `ai_depth`).

mod common;

use othello_engine::ai::best_move;
use othello_engine::board::Board;
use othello_engine::notation::{square_name, to_board_string};
use othello_engine::search::{search_stage, SearchResult, Stage};
use othello_engine::weights::Weights;
use serde_json::Value;

/// A middle-game position where depths 2, 4 and the level's own search disagree somewhere.
const MIDDLE: &str = "--------------------XO----OXXO---OXXXO--OOOXOXX----OXX-------X--";

fn best(args: &[&str]) -> (i32, String, String) {
    common::cpc_othello(&[&["engine", "best"], args].concat())
}

fn answer(json: &str) -> (String, i64) {
    let v: Value = serde_json::from_str(json.trim()).expect("one JSON object");
    (
        v["move"].as_str().expect("a move").to_string(),
        v["score"].as_i64().expect("a score"),
    )
}

fn want(r: &SearchResult) -> (String, i64) {
    (
        r.best_move.map_or_else(|| "pass".into(), square_name),
        i64::from(r.score),
    )
}

#[test]
fn a_stage_is_the_reference_search_of_that_stage() {
    let w = Weights::default();
    let board = othello_engine::notation::parse_board(MIDDLE, 'X').expect("a board");
    assert_eq!(to_board_string(&board), MIDDLE);
    let position = ["--board", MIDDLE, "--to-move", "X", "--json"];
    for depth in [2u8, 4] {
        let (code, out, err) = best(&[&position[..], &["--depth", &depth.to_string()]].concat());
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            answer(&out),
            want(&search_stage(&board, Stage::Depth(depth), &w))
        );
    }
    let (code, out, err) = best(&[&position[..], &["--level", "4"]].concat());
    assert_eq!(code, 0, "{err}");
    assert_eq!(answer(&out), want(&best_move(&board, 4, &w)));
    // The exact stage of a late position.
    let late = Board {
        black: 0x00FF_FFFF_FFFF_FF00,
        white: 0x0000_0000_0000_00F0,
        to_move: othello_engine::board::Color::White,
    };
    let text = to_board_string(&late);
    let (code, out, err) = best(&["--board", &text, "--to-move", "O", "--json", "--exact"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(answer(&out), want(&search_stage(&late, Stage::Exact, &w)));
    // The win/loss/draw check after a depth-2 stage (docs/ai.md 4.6).
    let (code, out, err) = best(&["--board", &text, "--to-move", "O", "--json", "--wld", "2"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(answer(&out), want(&search_stage(&late, Stage::Wld(2), &w)));
}

#[test]
fn two_stages_or_a_depth_out_of_range_are_refused() {
    let position = ["--board", MIDDLE, "--to-move", "X"];
    for extra in [
        &["--depth", "4", "--level", "9"][..],
        &["--depth", "4", "--exact"],
        &["--depth", "4", "--wld", "4"],
        &["--wld", "4", "--exact"],
        &["--wld", "13"],
        &["--exact", "--level", "5"],
        &["--depth", "13"],
        &["--depth", "0"],
    ] {
        let (code, _, err) = best(&[&position[..], extra].concat());
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(err.contains("error"), "{extra:?}: {err}");
    }
}

#[test]
fn a_depth_stage_of_a_selective_level_is_selective() {
    // `--level L --depth D`: stage D of level L, with L's margin (docs/ai.md 4.5).
    let dir = common::scratch(
        "cli-engine",
        "a_depth_stage_of_a_selective_level_is_selective",
    );
    let toml = othello_engine::weights::DEFAULT_TOML.replace(
        "3 = { depth = 2, endgame = 8 }",
        "3 = { depth = 4, endgame = 8, margin = 10 }",
    );
    let file = dir.join("sel.toml");
    std::fs::write(&file, &toml).unwrap();
    let w = Weights::parse(&toml, "sel.toml").unwrap();
    let board = othello_engine::notation::parse_board(MIDDLE, 'X').expect("a board");
    let want_sel = othello_engine::search::level_stage(&board, 3, Stage::Depth(4), &w);
    let want_full = search_stage(&board, Stage::Depth(4), &w);
    let args = [
        "--board",
        MIDDLE,
        "--to-move",
        "X",
        "--level",
        "3",
        "--depth",
        "4",
        "--json",
        "--weights",
        file.to_str().unwrap(),
    ];
    let (code, out, err) = best(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(answer(&out), want(&want_sel));
    assert!(want_sel.nodes < want_full.nodes, "margin = 10 prunes");
}
