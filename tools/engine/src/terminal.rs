//! The reference engine in a terminal: a game against it ([`play`], `cpc-othello engine play`)
//! and a game record shown position by position ([`replay`], `cpc-othello engine replay`).
//!
//! Both take their reader and writer as arguments, not standard input and output, so that a
//! test can script a game and read what the player would have seen.

use std::io::{self, BufRead, Write};

use crate::ai::best_move;
use crate::board::{squares, Board, Color};
use crate::game::Move;
use crate::gtp::{final_score, show_board};
use crate::notation::{parse_square, square_name, to_position_string};
use crate::record::GameRecord;
use crate::weights::Weights;

/// Plays a game from the start position: `human` types moves (`f5`) on `input`, plus `undo`,
/// `hint` and `quit`; the engine answers at `level`. Ends at the game's end, on `quit`, or
/// when `input` ends. `weights` must define `level`.
pub fn play(
    level: u8,
    human: Color,
    weights: &Weights,
    input: impl BufRead,
    mut out: impl Write,
) -> io::Result<()> {
    let mut lines = input.lines();
    let mut board = Board::start();
    let mut history: Vec<Board> = Vec::new();
    writeln!(
        out,
        "You play {human:?}. Moves as `f5`; also `undo`, `hint`, `quit`."
    )?;
    loop {
        writeln!(out, "{}", show_board(&board))?;
        if board.is_game_over() {
            writeln!(out, "Final score {}", final_score(&board))?;
            return Ok(());
        }
        if board.must_pass() {
            writeln!(out, "{:?} has no legal move and passes.", board.to_move)?;
            board.pass();
            continue;
        }
        if board.to_move != human {
            let sq = best_move(&board, level, weights)
                .best_move
                .ok_or_else(|| io::Error::other("engine found no move"))?;
            writeln!(out, "Engine plays {}", square_name(sq))?;
            history.push(board);
            board.play(sq);
            continue;
        }
        write!(out, "Your move: ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let word = line?.trim().to_ascii_lowercase();
        match word.as_str() {
            "quit" | "q" => return Ok(()),
            "hint" => {
                let result = best_move(&board, level, weights);
                if let Some(sq) = result.best_move {
                    writeln!(out, "Hint: {} (score {:+})", square_name(sq), result.score)?;
                }
            }
            "undo" => {
                // Back to the human's previous turn: undo the engine's reply and the human's move.
                while let Some(previous) = history.pop() {
                    board = previous;
                    if board.to_move == human {
                        break;
                    }
                }
            }
            _ => match parse_square(&word) {
                Some(sq) if board.legal_moves() & (1 << sq) != 0 => {
                    history.push(board);
                    board.play(sq);
                }
                Some(_) => {
                    let legal: Vec<String> =
                        squares(board.legal_moves()).map(square_name).collect();
                    writeln!(out, "Illegal move; legal: {}", legal.join(" "))?;
                }
                None => writeln!(out, "Type a square like f5, or undo, hint, quit.")?,
            },
        }
    }
}

/// Writes every position of `record`: the start, then each ply (passes included) with the
/// board after it, and the result (the record's, which parsing checked against the moves,
/// or the game's state where the record ends).
pub fn replay(record: &GameRecord, mut out: impl Write) -> io::Result<()> {
    let start = *record.game.start();
    let origin = if start == Board::start() {
        "the standard start"
    } else {
        "a start of its own"
    };
    writeln!(out, "start: {origin}  {}", to_position_string(&start))?;
    writeln!(out, "{}", show_board(&start))?;
    let mut board = start;
    for (i, mv) in record.game.moves().enumerate() {
        let mover = board.to_move;
        let what = match mv {
            Move::Play(sq) => {
                board.play(sq);
                square_name(sq)
            }
            Move::Pass => {
                board.pass();
                "passes".to_string()
            }
        };
        let position = to_position_string(&board);
        writeln!(out, "\nply {}: {mover} {what}  {position}", i + 1)?;
        writeln!(out, "{}", show_board(&board))?;
    }
    match &record.result {
        Some(r) => writeln!(
            out,
            "\nresult {} ({}), as the moves give it",
            r.text(),
            r.winner()
                .map_or_else(|| "a draw".to_string(), |c| format!("{c} wins"))
        ),
        None if board.is_game_over() => writeln!(out, "\ngame over: {}", final_score(&board)),
        None => writeln!(out, "\nnot over: {} to move", board.to_move),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(level: u8, human: Color, keys: &str) -> String {
        let mut out = Vec::new();
        play(level, human, &Weights::default(), keys.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_scripted_game_against_the_engine() {
        let out = played(1, Color::Black, "f5\nzz\na1\nhint\nquit\n");
        assert!(out.starts_with("You play Black. Moves as `f5`"), "{out}");
        // f5 is played, then the engine answers (one of d6, f4, f6 from f5).
        let reply = out.split("Engine plays ").nth(1).expect("the engine moved");
        assert!(["d6", "f4", "f6"].contains(&&reply[..2]), "{out}");
        assert!(out.contains("Type a square like f5, or undo, hint, quit."));
        assert!(out.contains("Illegal move; legal: "), "{out}");
        assert!(out.contains("Hint: "), "{out}");
        assert!(
            out.trim_end().ends_with("Your move:"),
            "quit ends at once: {out}"
        );
        assert_eq!(out.matches("Your move: ").count(), 5);
    }

    #[test]
    fn undo_goes_back_to_the_humans_turn() {
        let once = played(1, Color::Black, "f5\n");
        let undone = played(1, Color::Black, "f5\nundo\n");
        // After undo the start position is shown again, with Black to move.
        let start = show_board(&Board::start());
        assert_eq!(once.matches(&start).count(), 1);
        assert_eq!(undone.matches(&start).count(), 2, "{undone}");
    }

    #[test]
    fn the_engine_moves_first_for_a_white_human_and_plays_to_the_end() {
        // The human as white always takes the first legal move: a whole game, which ends
        // with the final score, and no prompt is left unanswered.
        let mut board = Board::start();
        let mut keys = String::new();
        let weights = Weights::default();
        while !board.is_game_over() {
            if board.must_pass() {
                board.pass();
            } else if board.to_move == Color::Black {
                board.play(best_move(&board, 1, &weights).best_move.unwrap());
            } else {
                let sq = squares(board.legal_moves()).next().unwrap();
                keys.push_str(&format!("{}\n", square_name(sq)));
                board.play(sq);
            }
        }
        let out = played(1, Color::White, &keys);
        let first = out.find("Engine plays").unwrap();
        assert!(first < out.find("Your move: ").unwrap(), "{out}");
        assert!(
            out.trim_end()
                .ends_with(&format!("Final score {}", final_score(&board))),
            "{out}"
        );
    }

    #[test]
    fn a_replay_shows_each_ply_and_the_result() {
        let record = GameRecord::parse("f5d6\n").unwrap();
        let mut out = Vec::new();
        replay(&record, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.starts_with("start: the standard start  "), "{out}");
        assert!(out.contains("\nply 1: black f5  "), "{out}");
        assert!(out.contains("\nply 2: white d6  "), "{out}");
        assert!(out.ends_with("\nnot over: black to move\n"), "{out}");
    }
}
