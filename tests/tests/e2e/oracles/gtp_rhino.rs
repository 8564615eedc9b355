//! One full game over GTP between `cpc-othello engine gtp` and GRhino (`gtp-rhino`, Debian
//! package `grhino`), refereed by the reference rules: every move must be legal, the game must
//! end, and both programs must agree with the referee's WOF final score.

use std::path::Path;

use cpc_e2e::{oracle, workspace};
use othello_engine::gtp::{final_score, Client};
use othello_engine::notation::square_name;
use othello_engine::{Board, Color};

const RHINO: &str = "/usr/games/gtp-rhino";

/// Plays one game; returns the transcript of moves (passes as `--`).
fn referee(black: &mut Client, white: &mut Client) -> (Board, Vec<String>) {
    for program in [&mut *black, &mut *white] {
        program.send("boardsize 8").expect("boardsize");
        program.send("clear_board").expect("clear_board");
    }
    let mut board = Board::start();
    let mut record = Vec::new();
    while !board.is_game_over() {
        let color = board.to_move;
        let (mover, other) = match color {
            Color::Black => (&mut *black, &mut *white),
            Color::White => (&mut *white, &mut *black),
        };
        let answer = mover.genmove(color).expect("genmove");
        match answer {
            None => {
                assert!(
                    board.must_pass(),
                    "{color:?} passed with legal moves at move {} ({board:?})",
                    record.len() + 1
                );
                board.pass();
                record.push("--".to_string());
            }
            Some(sq) => {
                assert!(
                    board.play(sq).is_some(),
                    "{color:?} played the illegal move {} at move {} ({board:?})",
                    square_name(sq),
                    record.len() + 1
                );
                record.push(square_name(sq));
            }
        }
        // GRhino refuses `play <color> pass`; GTP controllers leave passes implicit, and the
        // next `play` of the same colour tells the other program that its opponent passed.
        if answer.is_some() {
            other
                .play(color, answer)
                .expect("the other program accepts the move");
        }
        assert!(record.len() <= 130, "game does not end: {record:?}");
    }
    (board, record)
}

#[test]
fn full_game_against_grhino_ends_legally_with_the_right_score() {
    if !Path::new(RHINO).exists() {
        oracle::unavailable(
            "gtp_rhino",
            "gtp-rhino not found (Debian package grhino: apt-get install grhino)",
        );
        return;
    }
    let ours = workspace::cli_binary().expect("cpc-othello binary");
    let ours = ours.to_str().expect("utf-8 path");
    let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();

    // Both colours, so that both sides of the client and server code are exercised.
    for ours_black in [true, false] {
        let mut engine = Client::spawn(ours, &args(&["engine", "gtp", "--level", "4"])).unwrap();
        let mut rhino = Client::spawn(RHINO, &args(&["-l", "2"])).unwrap();
        assert_eq!(engine.send("protocol_version").unwrap(), "2");
        let (board, record) = if ours_black {
            referee(&mut engine, &mut rhino)
        } else {
            referee(&mut rhino, &mut engine)
        };
        let expected = final_score(&board);
        let score = board.final_score();
        assert_eq!(u32::from(score.black) + u32::from(score.white), 64);
        assert_eq!(engine.send("final_score").unwrap(), expected);
        assert_eq!(rhino.send("final_score").unwrap(), expected);
        println!(
            "ours {}: {} -> {expected}",
            if ours_black { "black" } else { "white" },
            record.join(" ")
        );
    }
}
