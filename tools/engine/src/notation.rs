//! Square names (a1..h8), board strings (FFO: 64 chars, `X` black, `O` white, `-` empty, a1 first)
//! and game transcripts (`f5d6c3...`; a pass may be written `--`, and where it is left out
//! it is inferred).
//!
//! Every parser returns a [`NotationError`] that says what was wrong and where; none panics on
//! any input.

use std::fmt;

use crate::board::{Board, Color};
use crate::game::{Game, GameError, Move};

/// What was wrong with a square name, board string, side to move or transcript.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// A square name that is not a column a-h followed by a row 1-8.
    #[error("bad square name {0:?}: expected a column a-h and a row 1-8, like f5")]
    BadSquare(String),
    /// A board string of the wrong length.
    #[error("board string has {0} characters, expected 64 (a1..h8, row by row)")]
    BoardLength(usize),
    /// A character of a board string that is not a disc or an empty square.
    #[error("board string character {position} ({square}) is {found:?}: expected X (black), O (white) or - (empty)")]
    BoardChar {
        /// 1-based character position in the string.
        position: usize,
        /// The square at that position.
        square: String,
        /// The character found there.
        found: char,
    },
    /// A side to move that is neither `X` nor `O`.
    #[error("side to move is {0:?}: expected X (black) or O (white)")]
    SideToMove(String),
    /// A transcript move that cannot be read or played.
    #[error("transcript move {number} {text:?} (at character {position}): {why}")]
    Transcript {
        /// 1-based number of the move in the transcript (passes are not counted).
        number: usize,
        /// The move as written.
        text: String,
        /// 1-based character position of the move in the transcript.
        position: usize,
        /// Why it was refused.
        why: TranscriptFault,
    },
}

/// Why a transcript move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TranscriptFault {
    /// Not a square name.
    #[error("bad syntax, expected a square a1..h8")]
    Syntax,
    /// A square name, but not a legal move for the side to move.
    #[error("illegal move for {0}")]
    Illegal(Color),
    /// Neither side can move any more.
    #[error("the game is already over")]
    GameOver,
    /// A pass (`--`) where the side to move has a legal move.
    #[error("a pass, but {0} has a legal move")]
    NotAPass(Color),
}

/// Parses a square name `a1`..`h8` (either case) into its index 0..63.
///
/// Returns `None` for anything else; [`square`] does the same with an error that says why.
#[must_use]
pub fn parse_square(name: &str) -> Option<u8> {
    let b = name.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let col = b[0].to_ascii_lowercase().wrapping_sub(b'a');
    let row = b[1].wrapping_sub(b'1');
    (col < 8 && row < 8).then(|| row * 8 + col)
}

/// [`parse_square`] with an error naming the bad text.
pub fn square(name: &str) -> Result<u8, NotationError> {
    parse_square(name).ok_or_else(|| NotationError::BadSquare(name.to_string()))
}

pub use crate::board::square_name;

/// The 64-character board string, a1 first: `X` black, `O` white, `-` empty.
#[must_use]
pub fn to_board_string(board: &Board) -> String {
    (0..64)
        .map(|i| {
            let bit = 1u64 << i;
            if board.black & bit != 0 {
                'X'
            } else if board.white & bit != 0 {
                'O'
            } else {
                '-'
            }
        })
        .collect()
}

/// The FFO side-to-move letter: `X` for black, `O` for white.
#[must_use]
pub fn color_char(color: Color) -> char {
    match color {
        Color::Black => 'X',
        Color::White => 'O',
    }
}

/// Parses a side to move: `X`/`B`/`black` for black, `O`/`W`/`white` for white, either case.
pub fn parse_color(text: &str) -> Result<Color, NotationError> {
    match text.to_ascii_lowercase().as_str() {
        "x" | "b" | "black" => Ok(Color::Black),
        "o" | "w" | "white" => Ok(Color::White),
        _ => Err(NotationError::SideToMove(text.to_string())),
    }
}

/// Parses a 64-character board string (a1 first; `X`/`x` black, `O`/`o` white, `-`/`.` empty)
/// and the side to move (`X` or `O`, either case).
pub fn parse_board(text: &str, to_move: char) -> Result<Board, NotationError> {
    let to_move = parse_color(to_move.encode_utf8(&mut [0; 4]))?;
    let count = text.chars().count();
    if count != 64 {
        return Err(NotationError::BoardLength(count));
    }
    let mut board = Board {
        black: 0,
        white: 0,
        to_move,
    };
    for (i, c) in text.chars().enumerate() {
        let bit = 1u64 << i;
        match c {
            'X' | 'x' => board.black |= bit,
            'O' | 'o' => board.white |= bit,
            '-' | '.' => {}
            _ => {
                return Err(NotationError::BoardChar {
                    position: i + 1,
                    square: square_name(i as u8),
                    found: c,
                })
            }
        }
    }
    Ok(board)
}

/// Parses a board string followed by the side to move, as FFO writes them: `<64 chars> X`
/// (whitespace between the two is optional).
pub fn parse_position(text: &str) -> Result<Board, NotationError> {
    let text = text.trim();
    match text.char_indices().last() {
        Some((at, side)) => parse_board(text[..at].trim_end(), side),
        None => Err(NotationError::BoardLength(0)),
    }
}

/// The board string and the side to move, separated by a space: `<64 chars> X`.
#[must_use]
pub fn to_position_string(board: &Board) -> String {
    format!("{} {}", to_board_string(board), color_char(board.to_move))
}

/// Replays a transcript (`f5d6c3...`, either case, optional whitespace between moves) from
/// the standard start. A pass may be written `--`; where it is left out it is inserted
/// wherever the side to move has no legal move.
pub fn parse_transcript(text: &str) -> Result<Game, NotationError> {
    parse_transcript_from(Board::start(), text)
}

/// [`parse_transcript`] from any position.
pub fn parse_transcript_from(start: Board, text: &str) -> Result<Game, NotationError> {
    let mut game = Game::from_board(start);
    play_transcript(&mut game, text, 0)?;
    game.pass_if_forced();
    Ok(game)
}

/// Plays the moves of `text` (as [`parse_transcript`] reads them) on `game`, which may
/// already hold moves: `before` moves read earlier, so that an error names the move's
/// number in the whole transcript (passes are not counted). A forced pass after the last
/// move is left to the caller. Returns the number of moves read, `before` included.
pub fn play_transcript(game: &mut Game, text: &str, before: usize) -> Result<usize, NotationError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    let mut number = before;
    while i < chars.len() {
        if chars[i].1.is_whitespace() {
            i += 1;
            continue;
        }
        let begin = chars[i].0;
        let end = chars.get(i + 2).map_or(text.len(), |c| c.0);
        let move_text = &text[begin..end];
        let position = i + 1;
        let fail = |number, why| NotationError::Transcript {
            number,
            text: move_text.to_string(),
            position,
            why,
        };
        if move_text == "--" {
            let mover = game.to_move();
            game.pass().map_err(|e| {
                fail(
                    number + 1,
                    match e {
                        GameError::GameOver => TranscriptFault::GameOver,
                        _ => TranscriptFault::NotAPass(mover),
                    },
                )
            })?;
            i += 2;
            continue;
        }
        number += 1;
        let sq = parse_square(move_text).ok_or_else(|| fail(number, TranscriptFault::Syntax))?;
        game.pass_if_forced();
        let mover = game.to_move();
        game.play(sq).map_err(|e| {
            fail(
                number,
                match e {
                    GameError::GameOver => TranscriptFault::GameOver,
                    _ => TranscriptFault::Illegal(mover),
                },
            )
        })?;
        i += 2;
    }
    Ok(number)
}

/// The moves of `game` as a transcript: lower-case square names, passes omitted.
#[must_use]
pub fn to_transcript(game: &Game) -> String {
    game.squares().map(square_name).collect()
}

/// The plies of `game` as a transcript with its passes written `--` (`f5d6...--c3`), as
/// the CPC's panel shows them; [`parse_transcript`] reads it back.
#[must_use]
pub fn to_transcript_with_passes(game: &Game) -> String {
    game.moves()
        .map(|m| match m {
            Move::Play(sq) => square_name(sq),
            Move::Pass => "--".to_string(),
        })
        .collect()
}

/// Boards print as their 64-character string (the board sits below the notation, so its
/// text form lives here).
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", to_board_string(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_both_ways() {
        assert_eq!(parse_square("a1"), Some(0));
        assert_eq!(parse_square("H8"), Some(63));
        assert_eq!(parse_square("e4"), Some(28));
        for sq in 0..64 {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
            assert_eq!(parse_square(&square_name(sq).to_uppercase()), Some(sq));
        }
        for bad in ["", "a", "a0", "a9", "i1", "1a", "a1 ", "é1"] {
            assert_eq!(parse_square(bad), None, "{bad:?}");
            assert_eq!(square(bad), Err(NotationError::BadSquare(bad.into())));
        }
    }

    #[test]
    fn board_string_errors_name_the_place() {
        let good = to_board_string(&Board::start());
        assert_eq!(parse_board(&good, 'x'), Ok(Board::start()));
        assert_eq!(
            parse_board(&good[1..], 'X'),
            Err(NotationError::BoardLength(63))
        );
        let bad = format!("{}0{}", &good[..10], &good[11..]);
        let err = parse_board(&bad, 'X').unwrap_err();
        assert_eq!(
            err,
            NotationError::BoardChar {
                position: 11,
                square: "c2".into(),
                found: '0'
            }
        );
        assert!(
            err.to_string().contains("character 11 (c2) is '0'"),
            "{err}"
        );
        assert_eq!(
            parse_board(&good, '?'),
            Err(NotationError::SideToMove("?".into()))
        );
    }

    #[test]
    fn positions_read_as_ffo_writes_them() {
        let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        let b = parse_position(line).unwrap();
        assert_eq!(b.to_move, Color::Black);
        assert_eq!(to_position_string(&b), line);
        assert_eq!(parse_position(""), Err(NotationError::BoardLength(0)));
    }

    #[test]
    fn transcripts_insert_passes_and_report_faults() {
        // The shortest game: black wipes white out after 9 moves (both cases accepted).
        let g = parse_transcript("d3c3b3D2E1d6D7e3F4").unwrap();
        assert!(g.board().is_game_over());
        assert_eq!(g.board().white, 0);
        assert_eq!(to_transcript(&g), "d3c3b3d2e1d6d7e3f4");

        let err = parse_transcript("f5 d6 z9").unwrap_err();
        assert!(
            matches!(&err, NotationError::Transcript { number: 3, position: 7, why: TranscriptFault::Syntax, text } if text == "z9"),
            "{err:?}"
        );
        let err = parse_transcript("f5f5").unwrap_err();
        assert_eq!(
            err.to_string(),
            "transcript move 2 \"f5\" (at character 3): illegal move for white"
        );
        let err = parse_transcript("d3c3b3d2e1d6d7e3f4a1").unwrap_err();
        assert!(
            matches!(
                err,
                NotationError::Transcript {
                    number: 10,
                    why: TranscriptFault::GameOver,
                    ..
                }
            ),
            "{err:?}"
        );
        // Passes written out: accepted where forced, refused elsewhere.
        let start = Board {
            black: 0b11,
            white: 0b100,
            to_move: Color::White,
        };
        let g = parse_transcript_from(start, "--d1").unwrap();
        assert_eq!(g.moves().collect::<Vec<_>>(), [Move::Pass, Move::Play(3)]);
        assert_eq!(to_transcript_with_passes(&g), "--d1");
        assert_eq!(parse_transcript_from(start, "d1").unwrap(), g, "inferred");
        let err = parse_transcript("f5--").unwrap_err();
        assert_eq!(
            err.to_string(),
            "transcript move 2 \"--\" (at character 3): a pass, but white has a legal move"
        );
        let err = parse_transcript("f5d").unwrap_err();
        assert!(
            matches!(&err, NotationError::Transcript { number: 2, why: TranscriptFault::Syntax, text, .. } if text == "d"),
            "{err:?}"
        );
    }
}
