//! `cpc-othello match` and `cpc-othello z80-gtp`, run as a user runs them: the Z80 program
//! behind GTP plays the reference's moves over a whole game, and thinks with the time GTP's
//! `time_left` gives it; a match of the Z80 program is the same match as one of the
//! reference engine (the Z80 plays its algorithm); the top level plays a match game within
//! its time budget and reports its stages; a match against GRhino (an outside program) is
//! legal to the end and adds up; bad engines and levels are clear errors.

use std::path::Path;
use std::process::{Command, Output};

use cpc_e2e::{oracle, workspace};
use cpc_game::stage;
use othello_engine::ai::best_move;
use othello_engine::board::squares;
use othello_engine::gtp::{final_score, Client};
use othello_engine::notation::{parse_transcript, square_name};
use othello_engine::search::{search_stage, Stage};
use othello_engine::weights::Weights;
use othello_engine::{Board, Color};
use serde_json::Value;

const RHINO: &str = "/usr/games/gtp-rhino";

fn cli() -> String {
    let bin = workspace::cli_binary().unwrap_or_else(|e| panic!("{e}"));
    bin.to_str().expect("utf-8 path").to_string()
}

fn run(args: &[&str]) -> Output {
    Command::new(cli())
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run cpc-othello: {e}"))
}

/// `match ARGS --json F`: the parsed report, after checking the exit code.
fn run_match(name: &str, args: &[&str]) -> Value {
    let dir = workspace::scratch_dir(name);
    let json = dir.join("match.json");
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", json.to_str().unwrap()]);
    let out = run(&all);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "match {args:?}: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{stdout}");
    let text = std::fs::read_to_string(&json).unwrap_or_else(|e| panic!("{e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"))
}

/// Replays every game of a report from its opening and checks that each is a whole legal
/// game whose WOF score is the report's, and that the tallies add up; returns the
/// (opening, moves, score) of each game.
fn check_games(report: &Value) -> Vec<(String, String, String)> {
    let games = report["games"].as_array().expect("games");
    let mut wins = [0u64; 2];
    let mut draws = 0u64;
    let mut played = Vec::new();
    for g in games {
        let n = &g["number"];
        assert!(g["aborted"].is_null(), "game {n} aborted: {}", g["aborted"]);
        assert!(g["forfeit"].is_null(), "game {n}: {}", g["forfeit"]);
        assert_eq!(g["disputes"].as_array().map(Vec::len), Some(0), "game {n}");
        let opening = g["opening"].as_str().unwrap().to_string();
        let moves = g["moves"].as_str().unwrap().to_string();
        let game = parse_transcript(&format!("{opening}{moves}"))
            .unwrap_or_else(|e| panic!("game {n}: {e}"));
        assert!(game.is_over(), "game {n} does not end: {opening} {moves}");
        let score = game.board().final_score();
        assert_eq!(g["final_score"]["black"], score.black, "game {n}");
        assert_eq!(g["final_score"]["white"], score.white, "game {n}");
        assert_eq!(u32::from(score.black) + u32::from(score.white), 64);
        let text = final_score(game.board());
        assert_eq!(g["final_score"]["text"], text.as_str(), "game {n}");
        // The winner, as the engine that played that colour (the specs differ here).
        let engine_of = |color: &str| usize::from(g[color] != report["engines"][0]["spec"]);
        match score.black.cmp(&score.white) {
            std::cmp::Ordering::Greater => wins[engine_of("black")] += 1,
            std::cmp::Ordering::Less => wins[engine_of("white")] += 1,
            std::cmp::Ordering::Equal => draws += 1,
        }
        played.push((opening, moves, text));
    }
    assert_ne!(report["engines"][0]["spec"], report["engines"][1]["spec"]);
    for (e, other) in [(0, 1), (1, 0)] {
        let tally = &report["engines"][e]["tally"];
        assert_eq!(tally["games"], games.len() as u64, "engine {e}");
        assert_eq!(tally["draws"], draws, "engine {e}");
        assert_eq!(tally["wins"], wins[e], "engine {e}");
        assert_eq!(tally["losses"], wins[other], "engine {e}");
    }
    played
}

#[test]
fn z80_gtp_plays_the_reference_moves_over_whole_games() {
    let w = Weights::default();
    let args = ["z80-gtp".to_string(), "--level".into(), "2".into()];
    for z80 in [Color::Black, Color::White] {
        let mut gtp = Client::spawn(&cli(), &args).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(gtp.send("protocol_version").unwrap(), "2");
        assert_eq!(gtp.send("name").unwrap(), "cpc-othello-z80");
        gtp.send("boardsize 8").unwrap();
        gtp.send("clear_board").unwrap();
        let mut board = Board::start();
        let mut asked = 0;
        while !board.is_game_over() {
            if board.must_pass() {
                // Left out, as GRhino needs; the next `play` of the same colour implies it.
                board.pass();
                continue;
            }
            let color = board.to_move;
            let expected = best_move(&board, if color == z80 { 2 } else { 1 }, &w)
                .best_move
                .expect("a legal move");
            if color == z80 {
                let answer = gtp.genmove(color).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(
                    answer.map(square_name),
                    Some(square_name(expected)),
                    "move {} of {board:?}",
                    asked + 1
                );
                asked += 1;
            } else {
                gtp.play(color, Some(expected))
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            assert!(board.play(expected).is_some());
        }
        assert!(asked >= 20, "only {asked} moves asked");
        assert_eq!(gtp.send("final_score").unwrap(), final_score(&board));
    }
}

#[test]
fn a_z80_match_is_the_reference_match() {
    let common = [
        "--games",
        "4",
        "--alternate",
        "--seed",
        "11",
        "--random-plies",
        "3",
    ];
    let with = |black: &'static str, name: &str| {
        let mut args = vec!["--black", black, "--white", "ref:1"];
        args.extend_from_slice(&common);
        run_match(name, &args)
    };
    let z80 = with("z80:2", "z80-vs-ref");
    let reference = with("ref:2", "ref-vs-ref");
    assert_eq!(z80["engines"][0]["name"], "Z80 program level 2");
    let games = check_games(&z80);
    assert_eq!(games, check_games(&reference));
    assert_eq!(
        without_cpc(&z80["engines"][0]["tally"]),
        reference["engines"][0]["tally"]
    );
    // The Elo estimate is over the 2 pairs of games, and its score is the tally's.
    let elo = &z80["elo"];
    assert_eq!(elo["units"], 2, "{elo}");
    let t = &z80["engines"][0]["tally"];
    let points = t["wins"].as_f64().unwrap() + t["draws"].as_f64().unwrap() / 2.0;
    assert!(
        (elo["score"].as_f64().unwrap() - points / 4.0).abs() < 1e-9,
        "{elo} {t}"
    );
    // Colours alternate over the same openings.
    assert_eq!(games[0].0, games[1].0);
    assert_ne!(games[0].0, games[2].0);
    let z80_black = &z80["games"][0]["cpc"]["black"];
    assert!(z80_black["moves"].as_u64().unwrap() >= 20, "{z80_black}");
    assert!(z80["games"][1]["cpc"]["black"].is_null());
}

/// A tally without the CPC times and stages, which only the Z80 program has.
fn without_cpc(tally: &Value) -> Value {
    let mut t = tally.clone();
    t["cpc_max_us_per_game_side"] = Value::Null;
    t["cpc_mean_us_per_game_side"] = Value::Null;
    t["stages"] = Value::Null;
    t
}

#[test]
fn a_match_against_grhino_is_legal_to_the_end() {
    if !Path::new(RHINO).exists() {
        oracle::unavailable(
            "match_cmd: against GRhino",
            "/usr/games/gtp-rhino not found (Debian package grhino: apt-get install grhino)",
        );
        return;
    }
    // `gtp-rhino` is not on every PATH: the match looks in /usr/games too.
    let report = run_match(
        "grhino",
        &[
            "--black",
            "z80:2",
            "--white",
            "gtp-rhino -l 1",
            "--games",
            "2",
            "--alternate",
        ],
    );
    assert_eq!(report["engines"][1]["name"], "GTP GRhino");
    let games = check_games(&report);
    assert_eq!(games.len(), 2);
}

/// Runs `args`, expects exit code 2 and `message` in the error.
fn fails_with(args: &[&str], message: &str) {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(
        stderr.contains(message),
        "{args:?}: expected `{message}` in:\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn bad_engines_and_levels_are_clear_errors() {
    fn m(black: &str) -> Vec<&str> {
        vec![
            "match", "--black", black, "--white", "ref:1", "--games", "1",
        ]
    }
    fails_with(
        &m("z80:x"),
        "--black: engine `z80:x`: expected a level number 1, 2, ... after `z80:`",
    );
    fails_with(
        &m("no-such-gtp-program -l 1"),
        "engine `no-such-gtp-program -l 1`: no program `no-such-gtp-program` (not `z80:LEVEL` \
         or `ref:LEVEL`, so a GTP program; looked on PATH and in /usr/games)",
    );
    fails_with(&m("gtp-rhino -l '1"), "unterminated `'` quote");
    fails_with(
        &m("z80:9"),
        "engine `z80:9`: level 9 is not defined: the weights file defines levels 1 to",
    );
    fails_with(
        &[
            "match", "--black", "ref:1", "--white", "ref:9", "--games", "1",
        ],
        "engine `ref:9`: level 9 is not defined",
    );
    fails_with(
        &m("sh -c 'read l; echo hello; echo'"),
        "sent `protocol_version`: answered `hello`, which is not a GTP answer",
    );
    fails_with(
        &["z80-gtp", "--level", "9"],
        "--level 9: level 9 is not defined: the weights file defines levels 1 to",
    );
}

/// The top level of the shipped weights, its depth and its budget in CPC minutes.
fn top_level(w: &Weights) -> (u8, u8, u8) {
    let top = w.max_level();
    let s =
        stage::search_level(w, top).unwrap_or_else(|| panic!("level {top} is not a search level"));
    assert!(s.budget > 0, "level {top} has no budget");
    (top, s.depth, s.budget)
}

#[test]
fn z80_gtp_thinks_with_the_time_it_is_given() {
    let w = Weights::default();
    let (top, depth, _) = top_level(&w);
    // A middle game (out of the book, above the exact threshold) where the first stage
    // (depth 2, or 1 for a level of odd depth; docs/ai.md 4.4) and the level's full search
    // choose different moves: the reference at level 1 plays both sides from the start.
    let first = stage::first_stage_depth(depth);
    let mut board = Board::start();
    let mut plies = Vec::new();
    let (target, quick) = loop {
        assert!(
            plies.len() < 40,
            "no position where depth {first} and depth {depth} differ"
        );
        if plies.len() >= 12 {
            let quick = search_stage(&board, Stage::Depth(first), &w).best_move;
            let full = best_move(&board, top, &w).best_move;
            if quick != full {
                break (board, quick.expect("a move"));
            }
        }
        let sq = best_move(&board, 1, &w)
            .best_move
            .expect("no pass so early");
        plies.push((board.to_move, sq));
        board.play(sq).expect("legal");
    };
    let args = ["z80-gtp".to_string(), "--level".into(), top.to_string()];
    let mut gtp = Client::spawn(&cli(), &args).unwrap_or_else(|e| panic!("{e}"));
    let commands = gtp.send("list_commands").unwrap();
    for c in ["time_settings", "time_left", "genmove"] {
        assert!(commands.lines().any(|l| l == c), "{c} in {commands}");
        assert_eq!(gtp.send(&format!("known_command {c}")).unwrap(), "true");
    }
    assert!(gtp.send("time_left purple 5 0").is_err());
    assert!(gtp.send("time_settings 1 2").is_err());
    gtp.send("time_settings 1500 0 0").unwrap();
    gtp.send("clear_board").unwrap();
    for &(color, sq) in &plies {
        gtp.play(color, Some(sq)).unwrap_or_else(|e| panic!("{e}"));
    }
    // One second: the time manager stops after the first stage.
    let colour = if target.to_move == Color::Black {
        "black"
    } else {
        "white"
    };
    gtp.send(&format!("time_left {colour} 1 0")).unwrap();
    let answer = gtp
        .genmove(target.to_move)
        .unwrap_or_else(|e| panic!("{e}"));
    let sq = answer.expect("a move, not a pass");
    assert!(
        squares(target.legal_moves()).any(|s| s == sq),
        "{} is not legal",
        square_name(sq)
    );
    assert_eq!(
        square_name(sq),
        square_name(quick),
        "with 1 s the depth-{first} move; the full search plays {}",
        square_name(best_move(&target, top, &w).best_move.unwrap())
    );
}

#[test]
fn the_top_level_plays_a_match_game_within_its_budget() {
    let w = Weights::default();
    let (top, depth, budget) = top_level(&w);
    let z80 = format!("z80:{top}");
    let report = run_match(
        "z80-top-vs-ref",
        &[
            "--black", &z80, "--white", "ref:1", "--games", "1", "--seed", "3",
        ],
    );
    check_games(&report);
    let clock = &report["games"][0]["cpc"]["black"];
    let total = clock["total_us"].as_u64().unwrap();
    assert!(
        total <= u64::from(budget) * 60_000_000,
        "{:.1} CPC min of {budget}",
        total as f64 / 6e7
    );
    // Every move has its stage; the stages are the level's (the book, depths up to its own,
    // the win/loss/draw check, the exact endgame), and none stopped before the first.
    let stages = clock["stages"].as_object().expect("stages");
    let count: u64 = stages.values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(count, clock["moves"].as_u64().unwrap(), "{stages:?}");
    for name in stages.keys() {
        let ok = name == "book"
            || name == "exact"
            || name == "wld"
            || name
                .strip_prefix('d')
                .and_then(|d| d.parse::<u8>().ok())
                .is_some_and(|d| (1..=depth).contains(&d));
        assert!(ok, "stage {name} in {stages:?}");
    }
    let tally = &report["engines"][0]["tally"];
    assert_eq!(tally["stages"], clock["stages"]);
    assert_eq!(tally["cpc_max_us_per_game_side"], total);
    // Each answer, in order: fewer empty squares each time, the whole budget at the first,
    // then what the answers before left of it; their times make the total.
    let answers = clock["answers"].as_array().expect("answers");
    assert_eq!(answers.len() as u64, clock["moves"].as_u64().unwrap());
    let field = |a: &serde_json::Value, k: &str| a[k].as_u64().unwrap();
    let mut spent = 0;
    for (i, a) in answers.iter().enumerate() {
        let left = (u64::from(budget) * 60)
            .saturating_sub(spent / 1_000_000)
            .max(1);
        assert_eq!(field(a, "given_s"), left, "answer {i}: {a}");
        if i > 0 {
            assert!(
                field(a, "empties") < field(&answers[i - 1], "empties"),
                "{a}"
            );
        }
        assert!(a["stage"].is_string(), "{a}");
        spent += field(a, "us");
    }
    assert_eq!(spent, total);
}

#[test]
fn engines_with_their_own_weights_or_a_frozen_build_play_each_other() {
    let alt = workspace::root().join("tests/tests/data/weights-alt.toml");
    let alt = alt.to_str().unwrap().to_string();
    let common = [
        "--games",
        "2",
        "--alternate",
        "--seed",
        "5",
        "--random-plies",
        "3",
    ];
    // The Z80 program built with another weights file plays exactly the reference with it.
    let z80_alt = format!("z80:2@{alt}");
    let ref_alt = format!("ref:2@{alt}");
    let mut args = vec!["--black", z80_alt.as_str(), "--white", "ref:2"];
    args.extend_from_slice(&common);
    let z80 = run_match("own-weights-z80", &args);
    let mut args = vec!["--black", ref_alt.as_str(), "--white", "ref:2"];
    args.extend_from_slice(&common);
    let reference = run_match("own-weights-ref", &args);
    let games = check_games(&z80);
    assert_eq!(games, check_games(&reference));
    // ... and not the default weights' game.
    let mut args = vec!["--black", "z80:2", "--white", "ref:2"];
    args.extend_from_slice(&common);
    assert_ne!(games, check_games(&run_match("default-weights", &args)));

    // A frozen build: the .bin, and the .dsk, with the .json beside them.
    let dir = workspace::scratch_dir("frozen-build");
    let dsk = dir.join("frozen.dsk");
    let out = run(&["build", "--weights", &alt, "-o", dsk.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for file in ["frozen.bin", "frozen.dsk"] {
        let frozen = format!("z80:2@{}", dir.join(file).display());
        let mut args = vec!["--black", frozen.as_str(), "--white", "ref:2"];
        args.extend_from_slice(&common);
        let report = run_match(&format!("frozen-{file}"), &args);
        assert_eq!(check_games(&report), games, "{file}");
    }
}

#[test]
fn a_bad_engine_file_is_a_clear_error() {
    let dir = workspace::scratch_dir("bad-engine-file");
    let m = |black: String, message: &str| {
        fails_with(
            &[
                "match", "--black", &black, "--white", "ref:1", "--games", "1",
            ],
            message,
        );
    };
    m(
        "z80:2@".into(),
        "engine `z80:2@`: expected a file after `@`",
    );
    m(
        format!("z80:2@{}", dir.join("x.txt").display()),
        "expected a weights file (.toml) or a build of the game (.bin or .dsk",
    );
    m(
        format!("ref:2@{}", dir.join("x.bin").display()),
        "the reference engine takes a weights file (.toml)",
    );
    let bin = dir.join("lonely.bin");
    std::fs::write(&bin, [0xC9]).unwrap();
    m(format!("z80:2@{}", bin.display()), "lonely.json");
    m(
        format!("z80:2@{}", dir.join("none.toml").display()),
        "none.toml",
    );
}

#[test]
fn a_sequential_test_stops_the_match_when_it_decides() {
    // Level 2 against level 1 of the reference: far apart, so the test decides long before
    // 400 games, for H1 one way round and H0 the other.
    let h1 = run_match(
        "sprt-h1",
        &[
            "--black",
            "ref:2",
            "--white",
            "ref:1",
            "--games",
            "400",
            "--alternate",
            "--sprt",
            "0,20",
        ],
    );
    assert_eq!(h1["sprt"]["decision"], "H1", "{}", h1["sprt"]);
    let played = h1["games"].as_array().unwrap().len();
    assert!((4..400).contains(&played), "{played} games");
    assert!(h1["sprt"]["llr"].as_f64().unwrap() >= 2.94);
    assert!(
        h1["elo"]["elo_low"].as_f64().unwrap() > 0.0,
        "{}",
        h1["elo"]
    );
    let h0 = run_match(
        "sprt-h0",
        &[
            "--black",
            "ref:1",
            "--white",
            "ref:2",
            "--games",
            "400",
            "--alternate",
            "--sprt",
            "0,20",
        ],
    );
    assert_eq!(h0["sprt"]["decision"], "H0", "{}", h0["sprt"]);
    assert!(h0["games"].as_array().unwrap().len() < 400);
    fails_with(
        &[
            "match", "--black", "ref:1", "--white", "ref:2", "--sprt", "10,0",
        ],
        "ELO0 (10) must be below ELO1 (0)",
    );
    fails_with(
        &[
            "match", "--black", "ref:1", "--white", "ref:2", "--sprt", "5",
        ],
        "expected ELO0,ELO1",
    );
}
