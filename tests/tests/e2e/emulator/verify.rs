//! `cpc-othello verify` in small: the library run on a few hundred positions and two whole
//! games per level (the Z80 program of `cpc/` against `othello_engine`, both with the same
//! weights file), the top level with its time budget (answers compared at the stage the
//! program reports), its teeth (a weight patched in the binary, another weights file against
//! the default reference, a program that reports the wrong stage, a computer thinking longer
//! than its budget), the `--time` option, and the command line (summary, JSON, exit codes,
//! the commands it prints to reproduce a mismatch, which are run here to see that they do).
//!
//! The full-size runs (10 000 positions, 100 games) are in docs/benchmarks.md, not here.

use cpc_game::stage;
use cpc_game::symbols as sym;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cpc_e2e::{game, oracle, workspace};
use cpc_verify as verify;
use cpc_verify::positions::{default_ffo_dir, ffo_positions, suite, Origin};
use cpc_verify::{Config, Image, Levels, MismatchKind, Report, Silent, VerifyError, Z80Ai};
use othello_engine::board::{Board, Color};
use othello_engine::levels::SearchLevel;
use othello_engine::notation::parse_square;
use othello_engine::weights::{Weights, DEFAULT_TOML};

const TEST: &str = "verify";

/// The game built with the shipped weights (built once per process, shared by the tests): a
/// copy to patch.
fn default_image() -> Image {
    game::default_image().clone()
}

/// The FFO boards, or none (said loudly) when the data directory is missing.
fn ffo() -> Vec<Board> {
    ffo_positions(&default_ffo_dir()).unwrap_or_else(|why| {
        oracle::unavailable(&format!("{TEST}: the FFO boards"), &why);
        Vec::new()
    })
}

fn config(levels: &[u8], positions: usize, games: usize, seed: u64) -> Config {
    Config {
        levels: Levels::List(levels.to_vec()),
        positions,
        games,
        seed,
        ffo: ffo(),
        given: None,
        mame: None,
        deep_positions: None,
        time: None,
    }
}

fn run(image: &Image, weights: &Weights, config: &Config) -> Report {
    verify::run(image, weights, config, &Silent).unwrap_or_else(|e| panic!("{e}"))
}

fn show_mismatches(report: &Report) -> String {
    report
        .mismatches
        .iter()
        .take(10)
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_suite_covers_every_stage_and_every_edge_case() {
    let ffo = ffo();
    let s = suite(400, 0x5EED_7001, &ffo);
    assert_eq!(s.len(), 400);
    let edges = s
        .iter()
        .filter(|(o, _)| matches!(o, Origin::Edge(_)))
        .count();
    let from_ffo = s
        .iter()
        .filter(|(o, _)| matches!(o, Origin::Ffo(_)))
        .count();
    // 8 made by hand, 8 found in seeded play-outs (a full board, a full column, ...).
    assert_eq!(edges, 16, "{edges} edge cases");
    assert_eq!(from_ffo, ffo.len());
    let boards: Vec<&Board> = s.iter().map(|(_, b)| b).collect();
    let empties = |b: &&Board| b.empties().count_ones();
    assert!(boards.iter().any(|b| empties(b) >= 58), "an opening");
    assert!(
        boards.iter().any(|b| (20..=40).contains(&empties(b))),
        "a middle game"
    );
    assert!(boards.iter().any(|b| empties(b) <= 6), "an ending");
    assert!(boards.iter().any(|b| b.is_game_over()), "a finished game");
    assert!(
        boards.iter().any(|b| b.must_pass() && !b.is_game_over()),
        "a forced pass"
    );
    assert!(
        boards.iter().any(|b| b.legal_moves().count_ones() == 1),
        "one legal move"
    );
    assert!(
        boards
            .iter()
            .any(|b| b.black.count_ones() == 1 || b.white.count_ones() == 1),
        "a side with one disc"
    );
    // Same seed, same positions; another seed, other play-outs.
    assert_eq!(suite(400, 0x5EED_7001, &ffo), s);
    assert_ne!(suite(400, 0x5EED_7002, &ffo), s);
}

#[test]
fn positions_and_games_agree_with_the_reference() {
    let w = Weights::default();
    let img = default_image();
    let report = run(&img, &w, &config(&[1, 2], 300, 2, 0x5EED_7001));
    assert_eq!(report.mismatch_count, 0, "{}", show_mismatches(&report));
    assert!(report.passed());
    assert_eq!(report.positions, 300);
    for level in &report.levels {
        assert_eq!(
            (level.positions, level.games),
            (300, 2),
            "level {}",
            level.level
        );
        // Every position with a move was timed, and both games' computer moves.
        assert!(level.move_us.len() > 250, "level {}", level.level);
    }
    assert_eq!(report.finished_games.len(), 4, "every game reached its end");
    for (game, plies, (b, w)) in &report.finished_games {
        assert!(*plies >= 9, "{game}: {plies} plies");
        assert!(u32::from(*b) + u32::from(*w) <= 64, "{game}");
    }
    eprintln!("{}", report.table());
}

/// The top level of the shipped weights: its number and parameters (it has a budget).
fn top_level(w: &Weights) -> (u8, SearchLevel) {
    let top = w.max_level();
    let s =
        stage::search_level(w, top).unwrap_or_else(|| panic!("level {top} is not a search level"));
    assert!(s.budget > 0, "level {top} has no budget");
    (top, s)
}

/// Levels 3 to `top - 1` (no budget) on `positions` positions and `games` whole games each:
/// no mismatch, every position and game played, every game to its end.
fn search_levels_agree(
    img: &Image,
    w: &Weights,
    top: u8,
    positions: usize,
    games: usize,
    seed: u64,
) -> Report {
    let levels: Vec<u8> = (3..top).collect();
    let report = run(img, w, &config(&levels, positions, games, seed));
    assert_eq!(report.mismatch_count, 0, "{}", show_mismatches(&report));
    for level in &report.levels {
        assert_eq!(
            (level.positions, level.games),
            (positions, games),
            "level {}",
            level.level
        );
    }
    assert_eq!(
        report.finished_games.len(),
        levels.len() * games,
        "every game reached its end"
    );
    report
}

#[test]
fn the_search_levels_agree_with_the_reference_on_positions_and_games() {
    // Levels 3 to 6 of cpc/weights.toml without a budget: the edge cases, every FFO board
    // (exact solves from 14 empties at level 6) and two whole games per level, every answer
    // the level's final stage.
    let w = Weights::default();
    let img = default_image();
    let (top, def) = top_level(&w);
    assert_eq!(top, 7, "the shipped file defines levels 1 to 7");
    let report = search_levels_agree(&img, &w, top, 100, 2, 0x5EED_7003);
    for level in &report.levels {
        assert_eq!(level.budget, 0);
        assert_eq!(level.stages.stopped, 0);
    }
    eprintln!("{}", report.table());

    // The top level with its budget: ai_time = the side's share of it on each position, the
    // answer compared at the stage the program reports; one game through the keys, the
    // computer's moves compared at their stages and its thinking time within the budget.
    let report = run(&img, &w, &config(&[top], 24, 1, 0x5EED_7007));
    eprintln!("{}", report.table());
    assert_eq!(report.mismatch_count, 0, "{}", show_mismatches(&report));
    assert_eq!(report.stopped_count, 0, "{:?}", report.stopped);
    let l = &report.levels[0];
    assert_eq!(
        (l.level, l.positions, l.games, l.budget),
        (top, 24, 1, def.budget)
    );
    assert_eq!(report.finished_games.len(), 1, "the game reached its end");
    // The full depth or the exact endgame where there is time, shallower stages where there
    // is not (positions and the game together).
    let s = &l.stages;
    assert!(s.at_depth(def.depth) + s.exact > 0, "stages {}", s.text());
    let shallower: u32 = (1..def.depth).map(|d| s.at_depth(d)).sum();
    assert!(shallower > 0, "stages {}", s.text());
    assert!(s.exact > 0 && s.book > 0, "stages {}", s.text());
    let worst = l.worst_game_us.expect("a game");
    assert!(
        worst <= u64::from(def.budget) * 60_000_000,
        "the computer thought {:.1} CPC min of its {}",
        worst as f64 / 6e7,
        def.budget
    );
}

#[test]
fn the_search_levels_agree_with_the_reference_on_a_464_too() {
    // A 464 has no second 64 KB: the program keeps its transposition table in the main RAM
    // (512 entries instead of 1 024) and plays without the edge table (docs/ai.md appendix
    // A): its answers must be the reference's without the edge term, at levels 3 to 6 on the
    // edge cases and the first FFO boards (exact solves at level 6), and in a whole game per
    // level.
    let mut img = default_image();
    img.set_second_64k(false);
    let w = img.played_weights(&Weights::default());
    assert!(w.edge().is_none() && Weights::default().edge().is_some());
    let (top, _) = top_level(&w);
    search_levels_agree(&img, &w, top, 40, 1, 0x5EED_0464);

    // The command line plays the same machine with --machine 464, and says so.
    let out = cli(&[
        "verify",
        "--machine",
        "464",
        "--levels",
        "3",
        "--positions",
        "20",
        "--games",
        "0",
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("on a CPC 464"), "{stdout}");
    assert!(stdout.contains("| 3 | 20 | 0 | 0 |"), "{stdout}");
    let out = cli(&["verify", "--machine", "664", "--positions", "0"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success() && stderr.contains("664"), "{stderr}");
}

/// `image` with its search reporting stage `depth` whatever stage its answer comes from: the
/// `ld a,(sr_done_stage)` before `ld (ai_depth),a` becomes `ld a,depth : nop`.
fn reporting_stage(mut img: Image, depth: u8) -> Image {
    let [lo, hi] = img.addr(sym::AI_DEPTH).unwrap().to_le_bytes();
    let p = img.program().clone();
    let at: Vec<usize> = (3..p.bytes.len().saturating_sub(2))
        .filter(|&i| p.bytes[i..i + 3] == [0x32, lo, hi] && p.bytes[i - 3] == 0x3A)
        .collect();
    assert_eq!(
        at.len(),
        1,
        "one `ld a,(nn) : ld (ai_depth),a` in the program (the search's answer)"
    );
    let op = p.load + at[0] as u16 - 3;
    for (k, byte) in [0x3E, depth, 0x00].into_iter().enumerate() {
        img.patch(op + k as u16, byte).unwrap();
    }
    img
}

#[test]
fn an_answer_compared_at_the_wrong_stage_is_caught() {
    // The program searches as before but reports depth 2 for every search answer: at the top
    // level (time limit) each is compared with the reference's depth-2 search and differs
    // where the real stage (depth 8, the exact endgame) chose another move or score; at
    // level 5 (no limit: its final stage only) the stage itself is wrong.
    let w = Weights::default();
    let (top, _) = top_level(&w);
    let built = default_image();
    let img = reporting_stage(built.clone(), 2);
    let report = run(&img, &w, &config(&[5, top], 24, 0, 0x5EED_7008));
    eprintln!(
        "{} mismatches:\n{}\n{}",
        report.mismatch_count,
        show_mismatches(&report),
        report.table()
    );
    let at = |level: u8, what: &str| {
        report
            .mismatches
            .iter()
            .filter(|m| m.level == Some(level) && m.reference.contains(what))
            .count()
    };
    assert!(
        at(top, "depth 2: ") >= 5,
        "answers of deeper stages compared at depth 2 were let through"
    );
    assert!(at(5, "a stage level 5 may report") >= 5);
    let first = report
        .mismatches
        .iter()
        .find(|m| m.level == Some(top))
        .unwrap();
    assert_eq!(first.stage, Some(2));
    assert!(first.ai_time.is_some_and(|t| t > 0), "{first}");
    assert!(
        first.z80.contains("(stage depth 2, ai_time "),
        "{}",
        first.z80
    );
    // The unpatched program passes the same positions.
    let clean = run(&built, &w, &config(&[top], 24, 0, 0x5EED_7008));
    assert_eq!(clean.mismatch_count, 0, "{}", show_mismatches(&clean));
}

#[test]
fn every_level_of_the_weights_file_is_checked_or_reported() {
    let w = Weights::default();
    let img = default_image();
    let report = run(
        &img,
        &w,
        &Config {
            levels: Levels::All,
            ..config(&[], 0, 0, 1)
        },
    );
    let mut seen: Vec<u8> = report.levels.iter().map(|l| l.level).collect();
    seen.extend(&report.not_implemented);
    seen.sort_unstable();
    assert_eq!(seen, (1..=w.max_level()).collect::<Vec<_>>());
    assert!(
        report.levels.iter().any(|l| l.level == 1) && report.levels.iter().any(|l| l.level == 2)
    );
    // Outside the probe: ai_entry on another position answers &FE exactly for the levels
    // reported as not implemented.
    let two_empties = Board {
        black: u64::MAX >> 2,
        white: 1 << 61,
        to_move: Color::Black,
    };
    assert!(two_empties.legal_moves() != 0);
    let mut z = Z80Ai::new(&img).unwrap();
    for level in 1..=w.max_level() {
        z.limit_us = verify::call_limit_us(level);
        let a = z.ai(&two_empties, level).unwrap();
        assert_eq!(
            a.mv == cpc_game::driver::AI_BAD_INPUT,
            report.not_implemented.contains(&level),
            "level {level}"
        );
    }
    // A level the file does not define is refused before anything runs.
    let max = w.max_level();
    match verify::run(&img, &w, &config(&[max + 1], 10, 0, 1), &Silent) {
        Err(VerifyError::Level { level, max: m }) => {
            assert_eq!((level, m), (max + 1, max))
        }
        other => panic!("level {}: {:?}", max + 1, other.map(|r| r.table())),
    }
}

/// The byte of `w_squares` for square `name` in the program.
fn weight_addr(img: &Image, name: &str) -> u16 {
    img.addr(sym::W_SQUARES).unwrap() + u16::from(parse_square(name).unwrap())
}

#[test]
fn a_weight_patched_in_the_binary_is_caught() {
    let w = Weights::default();
    let mut img = default_image();
    // The corner a1 made worthless in the program only; the reference keeps its weight.
    assert!(w.squares()[0] > 100);
    let a1 = weight_addr(&img, "a1");
    img.patch(a1, (-100i8) as u8).unwrap();
    let report = run(&img, &w, &config(&[1, 2], 300, 2, 0x5EED_7003));
    assert!(!report.passed());
    let ai = report
        .mismatches
        .iter()
        .filter(|m| m.kind == MismatchKind::Ai)
        .count();
    let games = report
        .mismatches
        .iter()
        .filter(|m| m.kind == MismatchKind::Game)
        .count();
    eprintln!(
        "{} mismatches ({ai} ai_entry, {games} games kept):\n{}",
        report.mismatch_count,
        show_mismatches(&report)
    );
    assert!(ai >= 10, "only {ai} positions caught the patched weight");
    assert!(games >= 1, "no game caught the patched weight");
    // The rules do not depend on the weights: none of them differ.
    assert_eq!(report.rule_mismatches, 0);
    let first = report.first_mismatch().unwrap();
    assert_eq!(first.kind, MismatchKind::Ai);
    // The first mismatch is a position where a1 is a legal move.
    assert!(first.board.legal_moves() & 1 != 0, "{first}");
}

#[test]
fn a_computer_over_its_budget_is_caught() {
    // The program of the shipped weights (level 5 without a budget: a full search every move,
    // minutes of CPC time a game) judged against a level 5 with a budget of 1 minute: every
    // move is a stage that level may report, but the game's thinking time is over it.
    let text = DEFAULT_TOML;
    let line = text
        .lines()
        .find(|l| l.starts_with("5 = {") && !l.contains("budget"))
        .expect("level 5 without a budget in cpc/weights.toml");
    let tight_line = line.replacen('}', ", budget = 1 }", 1);
    let tight = Weights::parse(&text.replace(line, &tight_line), "tight").unwrap();
    let report = run(&default_image(), &tight, &config(&[5], 0, 1, 0x5EED_7009));
    let budget: Vec<_> = report
        .mismatches
        .iter()
        .filter(|m| m.kind == MismatchKind::Budget)
        .collect();
    assert_eq!(budget.len(), 1, "{}", show_mismatches(&report));
    assert_eq!(report.mismatch_count, 1, "{}", show_mismatches(&report));
    assert!(
        budget[0].reference.contains("at most its budget, 60 s"),
        "{}",
        budget[0]
    );
    let l = &report.levels[0];
    assert!(l.worst_game_us.unwrap() > 60_000_000);
    assert!(
        l.worst_game_text().ends_with("(budget 1)"),
        "{}",
        l.worst_game_text()
    );
}

/// Runs the `cpc-othello` binary.
fn cli(args: &[&str]) -> Output {
    let binary = workspace::cli_binary().unwrap_or_else(|e| panic!("{e}"));
    Command::new(binary)
        .args(args)
        .current_dir(workspace::root())
        .output()
        .expect("cpc-othello runs")
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

#[test]
fn the_command_line_passes_a_build_and_fails_a_patched_one() {
    let dir = workspace::scratch_dir("verify-cli");
    let dsk = dir.join("othello.dsk");
    let built = cli(&["build", "-o", &s(&dsk)]);
    assert!(built.status.success(), "{:?}", text(&built));
    let (bin, sym) = (dir.join("othello.bin"), dir.join("othello.json"));
    let json = dir.join("report.json");
    let args = |bin: &PathBuf| {
        vec![
            "verify".to_string(),
            "--program".into(),
            s(bin),
            "--symbols".into(),
            s(&sym),
            "--levels".into(),
            "1,2".into(),
            "--positions".into(),
            "200".into(),
            "--games".into(),
            "2".into(),
            "--seed".into(),
            "77".into(),
            "--json".into(),
            s(&json),
        ]
    };
    let run_cli = |v: Vec<String>| cli(&v.iter().map(String::as_str).collect::<Vec<_>>());

    // The build as written: exit 0, the table, a JSON report that says the same.
    let out = run_cli(args(&bin));
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout
            .contains("| level | positions | games | mismatches | CPC s/move min | median | max |"),
        "{stdout}"
    );
    assert!(stdout.contains("| 1 | 200 | 2 | 0 |"), "{stdout}");
    assert!(stdout.contains("| 2 | 200 | 2 | 0 |"), "{stdout}");
    assert!(stdout.contains("0 mismatches"), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["passed"], true);
    assert_eq!(report["positions"], 200);
    assert_eq!(report["levels"][1]["level"], 2);
    assert_eq!(report["levels"][1]["games"], 2);
    assert_eq!(report["mismatch_count"], 0);

    // The same binary with one weight changed (d3, which every opening considers).
    let mut bytes = std::fs::read(&bin).unwrap();
    let symbols = cpc_emu::Symbols::load(&sym).unwrap();
    let d3 = symbols.get(sym::W_SQUARES).unwrap() + 19 - symbols.load_address().unwrap();
    bytes[usize::from(d3)] = (-50i8) as u8;
    let patched = dir.join("patched.bin");
    std::fs::write(&patched, &bytes).unwrap();
    let out = run_cli(args(&patched));
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stdout.contains("MISMATCHES; the first:"), "{stdout}");
    let field = |name: &str| {
        stdout
            .lines()
            .find_map(|l| l.trim().strip_prefix(name).map(|v| v.trim().to_string()))
            .unwrap_or_else(|| panic!("no `{name}` line in\n{stdout}"))
    };
    let position = field("position:");
    let reference = field("reference:");
    let engine = stdout
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("cpc-othello engine best --board "))
        .unwrap_or_else(|| panic!("no engine command in\n{stdout}"));
    let again = stdout
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("cpc-othello verify") && l.contains("--board"))
        .unwrap_or_else(|| panic!("no verify command in\n{stdout}"));
    let (board, side) = position.split_once(' ').unwrap();
    assert!(
        engine.contains(&format!("--board {board} --to-move {side}")),
        "{engine}"
    );

    // The printed commands do what they say: the engine gives the reference's answer, and
    // verify on that one position fails again.
    let words = |line: &str| line.split_whitespace().skip(1).map(String::from).collect();
    let out = run_cli(words(engine));
    let (engine_out, _) = text(&out);
    assert!(out.status.success());
    let reference_move = reference.split_whitespace().next().unwrap();
    assert!(
        engine_out.starts_with(&format!("move {reference_move} ")),
        "engine: {engine_out}, reference: {reference}"
    );
    let out = run_cli(words(again));
    let (again_out, again_err) = text(&out);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{again}\n{again_out}\n{again_err}"
    );
    assert!(
        again_out.contains(&format!("position:  {position}")),
        "{again_out}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["passed"], false);
    assert_eq!(report["mismatches"][0]["board"], board);
}

#[test]
fn another_weights_file_is_built_in_and_checked() {
    let path = workspace::root().join("tests/tests/data/weights-alt.toml");
    let out = cli(&[
        "verify",
        "--weights",
        &s(&path),
        "--levels",
        "1,2",
        "--positions",
        "300",
        "--games",
        "2",
        "--seed",
        "3",
    ]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(stdout.contains("| 1 | 300 | 2 | 0 |"), "{stdout}");

    // Teeth: the program built with it against the reference with the default weights.
    let alt = Weights::load(&path).unwrap();
    let default = Weights::default();
    let report = run(
        &game::image(&alt, "weights"),
        &default,
        &config(&[1, 2], 300, 0, 3),
    );
    assert!(
        report.mismatch_count > 100,
        "only {} answers differ between the weights files",
        report.mismatch_count
    );
}

#[test]
fn bad_arguments_are_refused_with_exit_code_2() {
    let max = Weights::default().max_level();
    let beyond = (max + 1).to_string();
    let cases: [(&[&str], &str); 5] = [
        (&["--levels", "x"], "--levels: `x` is not a level"),
        (&["--levels", "0,1"], "--levels: `0` is not a level"),
        (
            &["--levels", &beyond],
            "the weights file defines levels 1 to",
        ),
        (&["--weights", "/nonexistent/w.toml"], "/nonexistent/w.toml"),
        (&["--board", "XO", "--to-move", "X"], "--board"),
    ];
    for (args, message) in cases {
        let mut all = vec!["verify", "--positions", "1", "--games", "0"];
        all.extend_from_slice(args);
        let out = cli(&all);
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stdout}\n{stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // A 64-square board checks that one position (here: no disc, so no move at all).
    let empty = "-".repeat(64);
    let out = cli(&[
        "verify",
        "--levels",
        "1",
        "--board",
        &empty,
        "--to-move",
        "O",
    ]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(stdout.contains("| 1 | 1 | 0 | 0 |"), "{stdout}");
}

#[test]
fn the_time_option_sets_the_budgeted_search_and_reproduces_it() {
    // One position of the top level (an edge case: a full column, 25 empty squares), as the
    // summary's reproduction commands give it: `--board ... --time S`.
    let w = Weights::default();
    let (top, def) = top_level(&w);
    let board = suite(20, 1, &[])
        .into_iter()
        .find(|(o, _)| matches!(o, Origin::Edge("a full column")))
        .map(|(_, b)| b)
        .expect("the edge case");
    let empties = board.empties().count_ones();
    assert!(empties > u32::from(def.endgame));
    let dir = workspace::scratch_dir("verify-time");
    let stages = |time: Option<u32>| {
        let json = dir.join("report.json");
        let board_text = othello_engine::notation::to_board_string(&board);
        let side = othello_engine::notation::color_char(board.to_move).to_string();
        let level = top.to_string();
        let mut args = vec![
            "verify",
            "--levels",
            &level,
            "--board",
            &board_text,
            "--to-move",
            &side,
        ];
        let t = time.map(|t| t.to_string());
        if let Some(t) = &t {
            args.extend(["--time", t]);
        }
        let json_text = s(&json);
        args.extend(["--json", &json_text]);
        let out = cli(&args);
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}\n{stdout}\n{stderr}");
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        report["levels"][0]["stages"].clone()
    };
    // The default is the side's share of its budget; the same time given again gives the
    // same search (a fresh machine each time).
    let nominal = stages(None);
    assert_eq!(
        stages(Some(u32::from(def.budget) * empties)),
        nominal,
        "--time {} is the default here",
        u32::from(def.budget) * empties
    );
    // No limit: the level's final stage; one second: the first stage only.
    assert_eq!(
        stages(Some(0)),
        serde_json::json!({ format!("d{}", def.depth): 1 })
    );
    assert_eq!(
        stages(Some(1)),
        serde_json::json!({ format!("d{}", stage::first_stage_depth(def.depth)): 1 })
    );
    eprintln!("{} empties: at the nominal time {nominal}", empties);
}

/// What `start` runs once (cpc/boot.asm) lies in the room the first search clears; a harness
/// that searches before it starts the program (as `match` does, asking whether the program
/// plays a level) must still find the program able to start, with the same screen tables.
#[test]
fn the_program_starts_after_a_search_ran_first() {
    let img = default_image();
    let line_table = 0x0700u16;
    let images = img.addr(sym::CELL_IMAGES).unwrap();
    let tables = |z: &Z80Ai| -> Vec<u8> {
        (0..400)
            .map(|i| z.cpc.peek(line_table + i))
            .chain((0..1200).map(|i| z.cpc.peek(images + i)))
            .collect()
    };
    let mut first = Z80Ai::new(&img).unwrap();
    first.start().unwrap();
    let want = tables(&first);
    assert!(
        want.iter().any(|&b| b != 0),
        "start builds the screen tables"
    );
    let mut late = Z80Ai::new(&img).unwrap();
    late.limit_us = verify::call_limit_us(3);
    let board = Board {
        black: u64::MAX >> 2,
        white: 1 << 61,
        to_move: Color::Black,
    };
    assert_ne!(
        late.ai(&board, 3).unwrap().mv,
        cpc_game::driver::AI_BAD_INPUT
    );
    late.start().unwrap();
    assert_eq!(tables(&late), want, "the same tables after a search first");
}
