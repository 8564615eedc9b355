//! One computer move of the page against the reference engine, as `cpc-othello verify` checks
//! the moves of its UI games: the reference's answer at the stage the program reported
//! (`cpc_game::stage::expected`; timed when the computer played under its chess clock or its
//! level's budget), compared with the program's. The page runs this in a Web Worker, so a deep
//! reference search never freezes the screen.

use cpc_game::driver::board_from_bytes;
use cpc_game::stage::{self, Expected};
use othello_engine::board::{square_name, Color};
use othello_engine::notation::{color_char, to_board_string};
use othello_engine::search::Stage;
use othello_engine::weights::Weights;
use serde_json::{json, Value};

use crate::watch::SeenMove;

/// What a check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The program's move is the reference's.
    Agree,
    /// It is not (or the stage reported is not one the level may report).
    Mismatch,
    /// Not comparable (the search was stopped by "move now", or the flag fell): counted apart.
    Skipped,
}

/// A check's result, as the page's panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// Why (for a mismatch or a skipped move), or the stage compared.
    pub note: String,
    /// The program's move: a square name, `pass`.
    pub z80: String,
    /// The reference's move and score, when it has one for this stage.
    pub reference: Option<(String, i16)>,
    /// The stage label (`book`, `d4`, `exact`, ...).
    pub stage: String,
    /// The position: 64 characters and the side to move (`X`/`O`).
    pub position: String,
    /// The command line that asks the reference the same question.
    pub command: String,
}

impl Outcome {
    /// The outcome as JSON for the page.
    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({
            "verdict": match self.verdict {
                Verdict::Agree => "agree",
                Verdict::Mismatch => "mismatch",
                Verdict::Skipped => "skipped",
            },
            "note": self.note,
            "z80": self.z80,
            "reference": self.reference.as_ref().map(|(m, _)| m),
            "score": self.reference.as_ref().map(|(_, s)| s),
            "stage": self.stage,
            "position": self.position,
            "command": self.command,
        })
    }
}

fn move_name(square: Option<u8>) -> String {
    match square {
        Some(sq) if sq < 64 => square_name(sq),
        Some(0xFF) | None => "pass".into(),
        Some(other) => format!("&{other:02X}"),
    }
}

/// Checks `seen` against the reference with `weights`. `weights_file`: what the command line
/// should pass as `--weights` (`None`: the shipped table, the command's default).
#[must_use]
pub fn check(seen: &SeenMove, weights: &Weights, weights_file: Option<&str>) -> Outcome {
    let side = if seen.side == 2 {
        Color::White
    } else {
        Color::Black
    };
    let z80 = move_name(Some(seen.square));
    let timed = seen.clocks || stage::budget_minutes(weights, seen.level) > 0;
    let board = board_from_bytes(&seen.board, side);
    let position = board.map_or_else(
        || {
            seen.board
                .iter()
                .map(|b| char::from(b'0' + b % 10))
                .collect()
        },
        |b| format!("{} {}", to_board_string(&b), color_char(side)),
    );
    let byte = match (seen.stage, &board) {
        (Some(b), _) => b,
        (None, Some(b)) => stage::untimed_byte(b, seen.level, weights),
        (None, None) => stage::STAGE_NONE,
    };
    let pass = seen.square == 0xFF;
    // Levels 1 and 2 have no search stages: their stage 0 is not "the book".
    let staged = stage::search_level(weights, seen.level).is_some() || byte != stage::STAGE_NONE;
    let label = if staged || pass {
        stage::stage_label(byte, pass)
    } else {
        "move scores".to_string()
    };
    let mut out = Outcome {
        verdict: Verdict::Mismatch,
        note: String::new(),
        z80,
        reference: None,
        stage: label.clone(),
        command: board.map_or_else(String::new, |b| {
            command(
                &to_board_string(&b),
                side,
                seen.level,
                timed,
                byte,
                weights_file,
            )
        }),
        position,
    };
    let Some(board) = board else {
        out.note = "game_board holds a byte that is not 0, 1 or 2".into();
        return out;
    };
    if seen.level == 0 || seen.level > weights.max_level() {
        out.note = format!(
            "level {}: the weights define levels 1 to {}",
            seen.level,
            weights.max_level()
        );
        return out;
    }
    if seen.flag_fell {
        out.verdict = Verdict::Skipped;
        out.note = "the flag fell while the computer thought: the move was not played".into();
        return out;
    }
    if seen.stopped && !timed {
        out.verdict = Verdict::Skipped;
        out.note = "stopped by \"move now\" before its search was complete".into();
        return out;
    }
    match stage::expected(&board, seen.level, weights, timed, byte) {
        Err(why) => out.note = why,
        Ok(Expected::Stopped) => {
            let legal = seen.square < 64 && board.legal_moves() & (1u64 << seen.square) != 0;
            out.verdict = if legal {
                Verdict::Skipped
            } else {
                Verdict::Mismatch
            };
            out.note = "stopped before any stage was complete: any legal move".into();
        }
        Ok(Expected::Answer(r)) => {
            let want = r.best_move.unwrap_or(0xFF);
            out.reference = Some((move_name(r.best_move), r.score));
            out.verdict = if want == seen.square && !seen.illegal {
                Verdict::Agree
            } else {
                Verdict::Mismatch
            };
            out.note = if seen.illegal {
                "the program's move is not legal (ST_ERROR)".into()
            } else {
                format!("level {}, {label}", seen.level)
            };
        }
    }
    out
}

/// `cpc-othello engine best --board ... --to-move X --level L [--depth D | --wld D | --exact]
/// [--weights FILE]`: the same question on the command line.
fn command(
    board: &str,
    side: Color,
    level: u8,
    timed: bool,
    byte: u8,
    weights_file: Option<&str>,
) -> String {
    let stage = match Stage::from_ai_depth(byte) {
        Some(_) if !timed => format!("--level {level}"),
        Some(Stage::Depth(d)) => format!("--level {level} --depth {d}"),
        Some(Stage::Wld(d)) => format!("--level {level} --wld {d}"),
        Some(Stage::Exact) => "--exact".into(),
        None => format!("--level {level}"),
    };
    let weights = weights_file.map_or_else(String::new, |f| format!(" --weights {f}"));
    format!(
        "cargo run --release -- engine best --board {board} --to-move {} {stage}{weights}",
        color_char(side)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_engine::ai::best_move;
    use othello_engine::board::Board;

    fn seen(board: &Board, level: u8, square: u8, stage: Option<u8>) -> SeenMove {
        SeenMove {
            board: cpc_game::driver::board_bytes(board)
                .try_into()
                .expect("64 squares"),
            side: cpc_game::driver::side_code(board.to_move),
            level,
            square,
            stage,
            stopped: false,
            clocks: false,
            flag_fell: false,
            illegal: false,
            ply: 0,
        }
    }

    #[test]
    fn the_reference_s_move_agrees_and_another_does_not() {
        let w = Weights::default();
        let start = Board::start();
        let r = best_move(&start, 1, &w).best_move.unwrap();
        let good = check(&seen(&start, 1, r, Some(0)), &w, None);
        assert_eq!(good.verdict, Verdict::Agree, "{good:?}");
        assert_eq!(good.reference.as_ref().unwrap().0, square_name(r));
        assert_eq!(good.stage, "move scores", "level 1 has no book");
        let other = squares_other_than(&start, r);
        let bad = check(&seen(&start, 1, other, Some(0)), &w, Some("my.toml"));
        assert_eq!(bad.verdict, Verdict::Mismatch);
        assert!(
            bad.command
                .starts_with("cargo run --release -- engine best --board ")
                && bad
                    .command
                    .ends_with("--to-move X --level 1 --weights my.toml"),
            "{}",
            bad.command
        );
        assert_eq!(bad.position.len(), 66);
        let json = bad.to_json();
        assert_eq!(json["verdict"], "mismatch");
        assert_eq!(json["z80"], square_name(other));
    }

    #[test]
    fn stopped_moves_and_bad_stages() {
        let w = Weights::default();
        let start = Board::start();
        let mut m = seen(&start, 1, 19, Some(0));
        m.stopped = true;
        assert_eq!(check(&m, &w, None).verdict, Verdict::Skipped);
        m.stopped = false;
        m.flag_fell = true;
        assert_eq!(check(&m, &w, None).verdict, Verdict::Skipped);
        // A search stage at level 1, which has none.
        let bad = check(&seen(&start, 1, 19, Some(4)), &w, None);
        assert_eq!(bad.verdict, Verdict::Mismatch);
        assert!(bad.note.contains("no search stages"), "{}", bad.note);
        let nowhere = check(&seen(&start, 99, 19, Some(0)), &w, None);
        assert!(nowhere.note.contains("level 99"), "{}", nowhere.note);
    }

    #[test]
    fn timed_stages_name_their_command() {
        assert!(command("-", Color::White, 7, true, 6, None)
            .ends_with("--to-move O --level 7 --depth 6"));
        assert!(command("-", Color::Black, 7, true, Stage::EXACT_BYTE, None).ends_with("--exact"));
        assert!(command("-", Color::Black, 7, false, 9, None).ends_with("--level 7"));
    }

    fn squares_other_than(board: &Board, sq: u8) -> u8 {
        othello_engine::board::squares(board.legal_moves())
            .find(|s| *s != sq)
            .unwrap()
    }
}
