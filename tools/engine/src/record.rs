//! Game records as text files: a transcript with the position it started from and its
//! result, the form in which the emulator saves a game played on the CPC
//! (`cpc-othello run --transcript`, F11 in the window) and `cpc-othello engine replay`
//! reads it back. docs/formats.md describes the format:
//!
//! ```text
//! # cpc-othello game record: handicap 2
//! X------X-----------------------OX------XO----------------------X X
//! f5d6c3d3c4f4f6f3e6e7d7--c6
//! result 40-24
//! ```
//!
//! `#` starts a comment. The optional board line (FFO style: 64 characters a1..h8, `X`
//! black, `O` white, `-` empty, then the side to move) gives the start when it is not the
//! standard one. The moves follow on one or more lines, a pass as `--` (or left out: it
//! is inferred). The optional `result B-W` line is the final score under the WOF rule
//! (black's first), checked against the moves; `result B-W black lost on time` (or white)
//! records a flag fall, with the discs as they stood.

use crate::board::{Board, Color};
use crate::game::Game;
use crate::notation::{
    parse_position, play_transcript, to_position_string, to_transcript_with_passes, NotationError,
};

/// A game with its start position and, when it has ended, its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The start position and every ply since, passes included.
    pub game: Game,
    /// How it ended, if it has.
    pub result: Option<RecordedResult>,
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordedResult {
    /// Black's score: WOF (empty squares to the winner), or the discs after a loss on time.
    pub black: u8,
    /// White's score, likewise.
    pub white: u8,
    /// The side whose flag fell (it lost), if the game ended on time.
    pub lost_on_time: Option<Color>,
}

impl RecordedResult {
    /// The winner, `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        if let Some(loser) = self.lost_on_time {
            return Some(loser.opponent());
        }
        match self.black.cmp(&self.white) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The result line's text after `result `: `40-24`, `30-20 black lost on time`.
    #[must_use]
    pub fn text(&self) -> String {
        match self.lost_on_time {
            None => format!("{}-{}", self.black, self.white),
            Some(c) => format!("{}-{} {c} lost on time", self.black, self.white),
        }
    }

    /// The WOF result of a finished game on `board`.
    #[must_use]
    pub fn of_finished(board: &Board) -> RecordedResult {
        let s = board.final_score();
        RecordedResult {
            black: s.black,
            white: s.white,
            lost_on_time: None,
        }
    }
}

/// What is wrong in a record, and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct RecordError {
    /// Line of the record, from 1.
    pub line: usize,
    /// Column (character) of the line, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// What a ply index asked of a record cannot give.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}: the record has plies 0 to {plies} (passes count as plies)")]
pub struct PlyOutOfRange {
    /// The ply asked for.
    pub ply: usize,
    /// The plies the record has.
    pub plies: usize,
}

impl GameRecord {
    /// A record of `game`, with its result when given.
    #[must_use]
    pub fn new(game: Game, result: Option<RecordedResult>) -> GameRecord {
        GameRecord { game, result }
    }

    /// Plies of the record (moves and passes).
    #[must_use]
    pub fn plies(&self) -> usize {
        self.game.len()
    }

    /// The position after the first `ply` plies (0: the start).
    pub fn position(&self, ply: usize) -> Result<Board, PlyOutOfRange> {
        if ply > self.plies() {
            return Err(PlyOutOfRange {
                ply,
                plies: self.plies(),
            });
        }
        let mut game = Game::from_board(*self.game.start());
        for m in self.game.moves().take(ply) {
            game.apply(m).expect("a record's plies are legal");
        }
        Ok(*game.board())
    }

    /// The record as text, `comments` first (each after `# `).
    #[must_use]
    pub fn to_text(&self, comments: &[String]) -> String {
        let mut text = String::new();
        for c in comments {
            text.push_str(&format!("# {c}\n"));
        }
        if *self.game.start() != Board::start() {
            text.push_str(&to_position_string(self.game.start()));
            text.push('\n');
        }
        let moves = to_transcript_with_passes(&self.game);
        if !moves.is_empty() {
            text.push_str(&moves);
            text.push('\n');
        }
        if let Some(r) = &self.result {
            let said = match r.winner() {
                Some(c) => format!("{c} wins"),
                None => "a draw".to_string(),
            };
            let rule = if r.lost_on_time.is_some() {
                "discs as they stood"
            } else {
                "WOF rule"
            };
            text.push_str(&format!("result {}  # {said} ({rule})\n", r.text()));
        }
        text
    }

    /// Reads a record (the module's format). Every move must be legal, every `--` a forced
    /// pass, and a result line must agree with the board the moves lead to.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let mut start: Option<Board> = None;
        let mut game: Option<Game> = None;
        let mut moves_read = 0;
        let mut result: Option<(RecordedResult, usize, usize)> = None;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.split('#').next().unwrap_or("");
            let Some(first) = content.split_whitespace().next() else {
                continue;
            };
            let column = column_of(content, first);
            let at = |column: usize, message: String| RecordError {
                line,
                column,
                message,
            };
            if let Some((_, l, _)) = result {
                return Err(at(
                    column,
                    format!("nothing but comments may follow the result (line {l})"),
                ));
            }
            if first.eq_ignore_ascii_case("result") {
                let rest = &content[content.find(first).unwrap() + first.len()..];
                let r = parse_result(rest)
                    .map_err(|(offset, message)| at(column + first.len() + offset - 1, message))?;
                let value_column = column + first.len() + leading_spaces(rest);
                result = Some((r, line, value_column));
                continue;
            }
            if looks_like_board(first) {
                if game.is_some() || start.is_some() {
                    return Err(at(
                        column,
                        "a board line must come first, before the moves, and only once".into(),
                    ));
                }
                let board = parse_position(content).map_err(|e| at(column, e.to_string()))?;
                start = Some(board);
                continue;
            }
            let g = game.get_or_insert_with(|| Game::from_board(start.unwrap_or_default()));
            moves_read = play_transcript(g, content, moves_read).map_err(|e| match e {
                NotationError::Transcript { position, .. } => at(position, e.to_string()),
                other => at(column, other.to_string()),
            })?;
        }
        let mut game = game.unwrap_or_else(|| Game::from_board(start.unwrap_or_default()));
        game.pass_if_forced();
        let result = match result {
            None => None,
            Some((r, line, column)) => {
                check_result(&r, game.board()).map_err(|message| RecordError {
                    line,
                    column,
                    message,
                })?;
                Some(r)
            }
        };
        Ok(GameRecord { game, result })
    }
}

/// 1-based column of `token` (a sub-slice of `line`) in `line`.
fn column_of(line: &str, token: &str) -> usize {
    let offset = token.as_ptr() as usize - line.as_ptr() as usize;
    line[..offset].chars().count() + 1
}

fn leading_spaces(text: &str) -> usize {
    text.chars().take_while(|c| c.is_whitespace()).count()
}

/// A first token that is meant as a board string: long, and no digit (moves have one in
/// every square name).
fn looks_like_board(token: &str) -> bool {
    token.chars().count() >= 60 && !token.chars().any(|c| c.is_ascii_digit())
}

/// `40-24` or `30-20 black lost on time` (after the word `result`). Errors carry the
/// 1-based character offset in `rest`.
fn parse_result(rest: &str) -> Result<RecordedResult, (usize, String)> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let offset = |w: &str| column_of(rest, w);
    let Some(score) = words.first() else {
        return Err((
            1,
            "result: expected the score, black's first, like 40-24".into(),
        ));
    };
    let bad = || {
        (
            offset(score),
            format!("result {score:?}: expected the score, black's first, like 40-24"),
        )
    };
    let (b, w) = score.split_once('-').ok_or_else(bad)?;
    let (black, white): (u8, u8) = (b.parse().map_err(|_| bad())?, w.parse().map_err(|_| bad())?);
    if u16::from(black) + u16::from(white) > 64 {
        return Err((offset(score), format!("result {score}: more than 64 discs")));
    }
    let lost_on_time = match words[1..] {
        [] => None,
        [side, lost, on, time]
            if lost.eq_ignore_ascii_case("lost")
                && on.eq_ignore_ascii_case("on")
                && time.eq_ignore_ascii_case("time") =>
        {
            Some(match side.to_ascii_lowercase().as_str() {
                "black" => Color::Black,
                "white" => Color::White,
                _ => {
                    return Err((
                        offset(side),
                        format!("result: {side:?} is not a side (black or white)"),
                    ))
                }
            })
        }
        _ => {
            return Err((
                offset(words[1]),
                "result: after the score only `black lost on time` or `white lost on time`".into(),
            ))
        }
    };
    Ok(RecordedResult {
        black,
        white,
        lost_on_time,
    })
}

/// The result agrees with the board the moves lead to.
fn check_result(r: &RecordedResult, board: &Board) -> Result<(), String> {
    let (b, w) = (
        board.black.count_ones() as u8,
        board.white.count_ones() as u8,
    );
    match r.lost_on_time {
        Some(_) if (r.black, r.white) != (b, w) => Err(format!(
            "result {}: the moves leave {b}-{w} discs on the board",
            r.text()
        )),
        Some(_) => Ok(()),
        None if !board.is_game_over() => Err(format!(
            "result {}: the game is not over after the moves ({} to move)",
            r.text(),
            board.to_move
        )),
        None => {
            let s = board.final_score();
            if (s.black, s.white) == (r.black, r.white) {
                Ok(())
            } else {
                Err(format!(
                    "result {}: the moves end {}-{} under the WOF rule",
                    r.text(),
                    s.black,
                    s.white
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Move;
    use crate::notation::{parse_transcript, parse_transcript_from};

    #[test]
    fn a_finished_game_round_trips() {
        // The shortest game: black wipes white out after 9 moves.
        let game = parse_transcript("d3c3b3d2e1d6d7e3f4").unwrap();
        let r = GameRecord::new(
            game.clone(),
            Some(RecordedResult::of_finished(game.board())),
        );
        let text = r.to_text(&["a test".into()]);
        assert_eq!(
            text,
            "# a test\nd3c3b3d2e1d6d7e3f4\nresult 64-0  # black wins (WOF rule)\n"
        );
        assert_eq!(GameRecord::parse(&text).unwrap(), r);
        assert_eq!(r.position(0).unwrap(), Board::start());
        assert_eq!(r.position(9).unwrap(), *game.board());
        assert_eq!(
            r.position(10).unwrap_err().to_string(),
            "ply 10: the record has plies 0 to 9 (passes count as plies)"
        );
    }

    #[test]
    fn a_start_position_and_passes() {
        let start = Board {
            black: 0b11,
            white: 0b100,
            to_move: Color::White,
        };
        let game = parse_transcript_from(start, "d1").unwrap();
        let r = GameRecord::new(
            game,
            Some(RecordedResult::of_finished(&Board {
                black: 0b1111,
                white: 0,
                to_move: Color::White,
            })),
        );
        let text = r.to_text(&[]);
        assert!(text.starts_with(&format!("{} O\n--d1\n", &to_position_string(&start)[..64])));
        let back = GameRecord::parse(&text).unwrap();
        assert_eq!(back, r);
        assert_eq!(
            back.game.moves().collect::<Vec<_>>(),
            [Move::Pass, Move::Play(3)]
        );
        assert_eq!(back.position(1).unwrap().to_move, Color::Black);
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = |t: &str| GameRecord::parse(t).unwrap_err().to_string();
        assert_eq!(
            err("# c\nf5d6\n  c3 z9"),
            "3:6: transcript move 4 \"z9\" (at character 6): bad syntax, expected a square a1..h8"
        );
        assert_eq!(
            err("f5d6\nresult 40-24"),
            "2:8: result 40-24: the game is not over after the moves (black to move)"
        );
        assert_eq!(
            err("d3c3b3d2e1d6d7e3f4\nresult 63-1"),
            "2:8: result 63-1: the moves end 64-0 under the WOF rule"
        );
        assert_eq!(
            err("f5\nresult 3-2 black lost on time"),
            "2:8: result 3-2 black lost on time: the moves leave 4-1 discs on the board"
        );
        assert_eq!(
            err("f5\nresult 4-1 red lost on time"),
            "2:12: result: \"red\" is not a side (black or white)"
        );
        assert_eq!(
            err("f5\nresult 4:1"),
            "2:8: result \"4:1\": expected the score, black's first, like 40-24"
        );
        assert_eq!(
            err("f5\nresult 4-1 white lost on time\nd6"),
            "3:1: nothing but comments may follow the result (line 2)"
        );
        let board = to_position_string(&Board::start());
        assert_eq!(
            err(&format!("f5\n{board}")),
            "2:1: a board line must come first, before the moves, and only once"
        );
        assert_eq!(
            err(&format!("{}Z X", &board[..63])),
            "1:1: board string character 64 (h8) is 'Z': expected X (black), O (white) or - (empty)"
        );
        let r = GameRecord::parse("f5\nresult 4-1 black lost on time  # white wins").unwrap();
        assert_eq!(r.result.unwrap().winner(), Some(Color::White));
        assert_eq!(r.plies(), 1);
    }
}
