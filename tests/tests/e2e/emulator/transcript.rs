//! The game record out of the emulator and back into the reference engine: games played
//! through the keys in the bundled emulator are read out of memory through the symbol file
//! (`cpc_game::driver::transcript`), written as records and read again by `othello-engine`
//! (every position the reference rules give, the WOF result, a handicap start as a board
//! line, a loss on time, the replay); then the command line as a user runs it: `run
//! --headless --transcript`, `engine replay`, `engine best` / `solve --transcript --ply`,
//! and the errors of each.

use cpc_game::symbols as sym;
use std::path::PathBuf;
use std::process::{Command, Output};

use super::ui::{legal_moves, Game, Rng, PLY_PASS};
use cpc_e2e::workspace;
use cpc_emu::CpcKey;
use cpc_game::driver::transcript::{read_game, TranscriptError};
use othello_engine::ai::best_move;
use othello_engine::board::{Board, Color};
use othello_engine::game::Move;
use othello_engine::notation::{square_name, to_position_string};
use othello_engine::record::{GameRecord, RecordedResult};
use othello_engine::solve::solve;
use othello_engine::weights::Weights;

/// The harness's record as reference moves.
fn moves_of(g: &Game) -> Vec<Move> {
    g.record()
        .iter()
        .map(|&p| {
            if p == PLY_PASS {
                Move::Pass
            } else {
                Move::Play(p)
            }
        })
        .collect()
}

/// The human's turns with seeded random moves until the program stops asking.
fn play_out(g: &mut Game, rng: &mut Rng) {
    loop {
        let state = g.state();
        if state == g.st(sym::ST_PASS) {
            g.key(CpcKey::Space);
        } else if state == g.st(sym::ST_HUMAN) {
            let legal = g.legal();
            g.play(legal[rng.below(legal.len())]);
        } else {
            break;
        }
    }
}

/// A level-1 game with a pass (by the reference alone), as the seed of the human's moves.
fn seed_with_a_pass(w: &Weights) -> u64 {
    (1..3000)
        .find(|&seed| {
            let mut rng = Rng::new(seed);
            let mut b = Board::start();
            while !b.is_game_over() {
                if b.must_pass() {
                    return true;
                }
                let sq = if b.to_move == Color::Black {
                    let legal = legal_moves(&b);
                    legal[rng.below(legal.len())]
                } else {
                    best_move(&b, 1, w).best_move.unwrap()
                };
                b.play(sq);
            }
            false
        })
        .expect("a game with a pass")
}

/// Writes the record as text and reads it back with the engine.
fn round_trip(record: &GameRecord, comments: &[String]) -> GameRecord {
    let text = record.to_text(comments);
    GameRecord::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn a_finished_game_with_a_pass_reads_back_position_by_position() {
    let w = Weights::default();
    let seed = seed_with_a_pass(&w);
    let mut g = Game::started();
    play_out(&mut g, &mut Rng::new(seed));
    assert_eq!(g.state(), g.st(sym::ST_GAME_OVER));
    let (record, comments) = read_game(&g.cpc, g.symbols()).unwrap();
    assert_eq!(*record.game.start(), Board::start());
    assert_eq!(record.game.moves().collect::<Vec<_>>(), moves_of(&g));
    assert!(record.game.moves().any(|m| m == Move::Pass));
    let r = record.result.expect("a result");
    assert_eq!(
        (r.black, r.white),
        (g.byte(sym::FINAL_BLACK), g.byte(sym::FINAL_WHITE))
    );
    assert_eq!(r.lost_on_time, None);
    assert!(comments.iter().any(|c| c == "start: the standard position"));
    assert!(comments
        .iter()
        .any(|c| c == "level 1, you (black) against the computer"));

    let text = record.to_text(&comments);
    assert!(
        !text.contains(" X\n"),
        "no board line for the standard start:\n{text}"
    );
    assert!(text.contains("--"), "the pass written out:\n{text}");
    let back = round_trip(&record, &comments);
    assert_eq!(back, record);
    // Every position of the record is the reference's after as many plies of the game.
    let mut b = Board::start();
    for (i, &p) in g.record().iter().enumerate() {
        assert_eq!(back.position(i).unwrap(), b, "ply {i}");
        if p == PLY_PASS {
            b.pass();
        } else {
            b.play(p);
        }
    }
    assert_eq!(back.position(back.plies()).unwrap(), g.board());
}

#[test]
fn a_handicap_game_a_loss_on_time_and_the_replay() {
    // Two corners for the human and a 20-minute clock; four moves, then the human's flag
    // falls: the record starts with the board line, ends "black lost on time".
    let mut g = Game::started();
    g.keys(&[CpcKey::Esc, CpcKey::H, CpcKey::H, CpcKey::K, CpcKey::N]);
    let mut start = Board::start();
    start.black |= 1 << 0 | 1 << 63;
    let mut rng = Rng::new(6);
    for _ in 0..4 {
        let legal = g.legal();
        g.play(legal[rng.below(legal.len())]);
    }
    // Mid-game: no result.
    let (record, comments) = read_game(&g.cpc, g.symbols()).unwrap();
    assert_eq!(*record.game.start(), start);
    assert_eq!(record.result, None);
    assert!(comments.iter().any(|c| c == "start: handicap 2"));
    let text = record.to_text(&comments);
    assert!(
        text.contains(&format!("{}\n", to_position_string(&start))),
        "the start as an FFO board line:\n{text}"
    );
    assert_eq!(round_trip(&record, &comments), record);

    g.settle_in(sym::ST_GAME_OVER, 1_300_000_000);
    assert_eq!(g.byte(sym::TIME_OUT), 1);
    let (record, comments) = read_game(&g.cpc, g.symbols()).unwrap();
    let board = g.board();
    assert_eq!(
        record.result,
        Some(RecordedResult {
            black: board.black.count_ones() as u8,
            white: board.white.count_ones() as u8,
            lost_on_time: Some(Color::Black),
        })
    );
    let text = record.to_text(&comments);
    assert!(text.contains("black lost on time  # white wins"), "{text}");
    assert_eq!(round_trip(&record, &comments), record);

    // In the replay, three plies shown: the record is still the whole game.
    g.keys(&[CpcKey::R, CpcKey::Space, CpcKey::Space, CpcKey::Space]);
    let (replayed, _) = read_game(&g.cpc, g.symbols()).unwrap();
    assert_eq!(replayed, record);
}

#[test]
fn memory_that_holds_no_game_is_refused() {
    let mut g = Game::started();
    g.play(g.legal()[0]);
    // A ply that is not legal where it stands.
    let list = g.sym(sym::RECORD_LIST);
    g.cpc.write_bytes(list + 1, &[0]);
    let err = read_game(&g.cpc, g.symbols()).unwrap_err();
    assert!(
        matches!(err, TranscriptError::IllegalPly { ply: 1, .. }),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "ply 1 of record_list (a1) is not legal for white: the memory does not hold a game"
    );
    // A start board byte that is no disc.
    g.cpc.write_bytes(g.sym(sym::START_BOARD) + 5, &[7]);
    let err = read_game(&g.cpc, g.symbols()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "start_board[5] is 7 in memory: the game has not started, or this is not its memory"
    );
    // Symbols of another program.
    let other = cpc_emu::Symbols::from_json(r#"{"start": 4096}"#).unwrap();
    let err = read_game(&g.cpc, &other).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("the symbol file has no `start_board`"));
}

// ----- the command line --------------------------------------------------------------------

struct Cli {
    binary: PathBuf,
    dir: workspace::ScratchDir,
}

impl Cli {
    fn new() -> Cli {
        Cli {
            binary: workspace::cli_binary().unwrap_or_else(|e| panic!("{e}")),
            dir: workspace::scratch_dir("transcript-cli"),
        }
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(&self.binary)
            .args(args)
            .current_dir(&self.dir)
            .output()
            .expect("cpc-othello runs")
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "{args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    fn fails(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?} should fail");
        String::from_utf8(out.stderr).unwrap()
    }
}

#[test]
fn run_writes_the_record_and_engine_reads_it() {
    let cli = Cli::new();
    let w = Weights::default();
    cli.ok(&["build", "-o", "othello.dsk"]);
    // Four human moves at level 1 (RETURN plays the first legal move, SPACE RETURN the
    // second), 100 frames apart: time enough for each reply.
    let keys = "100:RETURN 200:SPACE 210:RETURN 300:RETURN 400:SPACE 410:RETURN";
    let out = cli.run(&[
        "run",
        "othello.dsk",
        "--headless",
        "--frames",
        "500",
        "--keys",
        keys,
        "--transcript",
        "game.txt",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("wrote game.txt: 8 plies, not over"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(cli.dir.join("game.txt")).unwrap();
    // The same game by the reference: the human's picks, the computer's level-1 replies.
    let mut b = Board::start();
    let mut moves = String::new();
    let mut boards = vec![b];
    for pick in [0usize, 1, 0, 1] {
        let sq = legal_moves(&b)[pick];
        b.play(sq);
        boards.push(b);
        let reply = best_move(&b, 1, &w).best_move.unwrap();
        b.play(reply);
        boards.push(b);
        moves.push_str(&square_name(sq));
        moves.push_str(&square_name(reply));
    }
    assert!(text.contains(&format!("\n{moves}\n")), "{text}");

    // engine replay: each ply and the board after it.
    let shown = cli.ok(&["engine", "replay", "game.txt"]);
    for (i, board) in boards.iter().enumerate().skip(1) {
        assert!(
            shown.contains(&format!("ply {i}: ")) && shown.contains(&to_position_string(board)),
            "ply {i} in:\n{shown}"
        );
    }
    assert!(
        shown.trim_end().ends_with("not over: black to move"),
        "{shown}"
    );
    // engine best / solve from a ply of it.
    let json = cli.ok(&[
        "engine",
        "best",
        "--transcript",
        "game.txt",
        "--ply",
        "5",
        "--level",
        "2",
        "--json",
    ]);
    let want = best_move(&boards[5], 2, &w);
    let got: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(got["move"], square_name(want.best_move.unwrap()));
    assert_eq!(got["score"], i64::from(want.score));
    // The last position by default; solve is exact (a near-empty board would take long:
    // a position of our own instead, checked the same way).
    let json = cli.ok(&[
        "engine",
        "best",
        "--transcript",
        "game.txt",
        "--json",
        "--level",
        "1",
    ]);
    let got: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        got["move"],
        square_name(best_move(&b, 1, &w).best_move.unwrap())
    );

    let late = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    std::fs::write(cli.dir.join("late.txt"), format!("# FFO #1\n{late}\n")).unwrap();
    let json = cli.ok(&[
        "engine",
        "solve",
        "--transcript",
        "late.txt",
        "--ply",
        "0",
        "--json",
    ]);
    let got: serde_json::Value = serde_json::from_str(&json).unwrap();
    let exact = solve(&othello_engine::notation::parse_position(late).unwrap());
    assert_eq!(got["score"], i64::from(exact.score));

    // Errors: FILE:LINE:COLUMN, a ply out of range, no symbols, a window-only key.
    std::fs::write(cli.dir.join("bad.txt"), "f5d6\nc3 e9\n").unwrap();
    let err = cli.fails(&["engine", "replay", "bad.txt"]);
    assert!(
        err.contains("bad.txt:2:4: transcript move 4 \"e9\""),
        "{err}"
    );
    let err = cli.fails(&["engine", "best", "--transcript", "game.txt", "--ply", "9"]);
    assert!(err.contains("ply 9: the record has plies 0 to 8"), "{err}");
    std::fs::rename(cli.dir.join("othello.json"), cli.dir.join("moved.json")).unwrap();
    let err = cli.fails(&[
        "run",
        "othello.dsk",
        "--headless",
        "--frames",
        "10",
        "--transcript",
        "x.txt",
    ]);
    assert!(
        err.contains("othello.json does not exist (pass --symbols)"),
        "{err}"
    );
    assert!(!cli.dir.join("x.txt").exists());
    cli.ok(&[
        "run",
        "othello.dsk",
        "--headless",
        "--frames",
        "100",
        "--symbols",
        "moved.json",
        "--transcript",
        "x.txt",
    ]);
    let empty = std::fs::read_to_string(cli.dir.join("x.txt")).unwrap();
    assert!(
        empty.contains("not over: black to move after 0 plies"),
        "{empty}"
    );
}
