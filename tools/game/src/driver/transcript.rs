//! The game on the emulated CPC's screen as a game record (`othello_engine::record`): read
//! out of memory through the symbol file (the game's memory interface, docs/architecture.md),
//! so that neither the emulator nor the engine needs to know the other. `cpc-othello run`
//! writes it at the end of a headless run (`--transcript FILE`) and on F11 in the window;
//! `cpc-othello engine replay` reads it back.
//!
//! What is read: `start_board` / `start_side` (the start), `record_list` (the plies up to
//! `record_count`, the position shown; in the replay, `ui_state` = `ST_REPLAY`, the whole
//! game to `record_end`), `game_origin` / `game_corners` (a comment), and for the result
//! `game_over`, `time_out`, `final_black` / `final_white`. Every ply is checked against the
//! reference rules, so a memory that does not hold a game is refused, not written.

use crate::symbols as sym;
use std::path::{Path, PathBuf};

use cpc_emu::{Cpc, Symbols};
use othello_engine::board::{Board, Color};
use othello_engine::game::Game;
use othello_engine::notation::square_name;
use othello_engine::record::{GameRecord, RecordedResult};

/// `record_list` entry of a pass.
const PLY_PASS: u8 = 0xFF;

/// Why the game could not be read out of memory.
#[derive(Debug, thiserror::Error)]
pub enum TranscriptError {
    /// A symbol the game's memory interface has is missing.
    #[error("the symbol file has no `{0}`: is it the Othello game's (target/othello.json)?")]
    MissingSymbol(&'static str),
    /// A byte that cannot be what the interface says.
    #[error("{what} is {value} in memory: the game has not started, or this is not its memory")]
    BadByte {
        /// The symbol and index.
        what: String,
        /// The byte found.
        value: u8,
    },
    /// A ply that the rules refuse.
    #[error("ply {ply} of record_list ({text}) is not legal for {side}: the memory does not hold a game")]
    IllegalPly {
        /// The ply's index.
        ply: usize,
        /// As written.
        text: String,
        /// The side to move.
        side: Color,
    },
    /// The file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: cpc_dsk::Error,
    },
}

/// The symbols the record is read with.
struct Interface<'a> {
    symbols: &'a Symbols,
}

impl Interface<'_> {
    fn addr(&self, name: &'static str) -> Result<u16, TranscriptError> {
        self.symbols
            .get(name)
            .ok_or(TranscriptError::MissingSymbol(name))
    }

    fn byte(&self, cpc: &Cpc, name: &'static str) -> Result<u8, TranscriptError> {
        Ok(cpc.peek(self.addr(name)?))
    }
}

/// The game the CPC's memory holds, with the comments a saved record starts with (how it
/// started, the level, the players).
pub fn read_game(
    cpc: &Cpc,
    symbols: &Symbols,
) -> Result<(GameRecord, Vec<String>), TranscriptError> {
    let io = Interface { symbols };
    let cells = cpc.read_bytes(io.addr(sym::START_BOARD)?, 64);
    let mut start = Board {
        black: 0,
        white: 0,
        to_move: colour(io.byte(cpc, sym::START_SIDE)?, sym::START_SIDE)?,
    };
    for (sq, &v) in cells.iter().enumerate() {
        match v {
            0 => {}
            1 => start.black |= 1 << sq,
            2 => start.white |= 1 << sq,
            _ => {
                return Err(TranscriptError::BadByte {
                    what: format!("start_board[{sq}]"),
                    value: v,
                })
            }
        }
    }
    let replaying = match symbols.get(sym::ST_REPLAY) {
        Some(st) => u16::from(io.byte(cpc, sym::UI_STATE)?) == st,
        None => false,
    };
    let count = io.byte(cpc, sym::RECORD_COUNT)?;
    let end = match symbols.get(sym::RECORD_END) {
        Some(addr) => cpc.peek(addr),
        None => count,
    };
    let plies = if replaying { end } else { count };
    if plies > 128 {
        return Err(TranscriptError::BadByte {
            what: if replaying {
                sym::RECORD_END
            } else {
                sym::RECORD_COUNT
            }
            .into(),
            value: plies,
        });
    }
    let list = cpc.read_bytes(io.addr(sym::RECORD_LIST)?, usize::from(plies));
    let mut game = Game::from_board(start);
    for (ply, &p) in list.iter().enumerate() {
        let side = game.to_move();
        let (text, ok) = if p == PLY_PASS {
            ("--".to_string(), game.pass().is_ok())
        } else if p < 64 {
            (square_name(p), game.play(p).is_ok())
        } else {
            (format!("byte {p}"), false)
        };
        if !ok {
            return Err(TranscriptError::IllegalPly { ply, text, side });
        }
    }
    // The result, when the game shown is the finished game.
    let at_end = plies == end;
    let result = if io.byte(cpc, sym::GAME_OVER)? == 1 && at_end {
        match io.byte(cpc, sym::TIME_OUT)? {
            0 if game.is_over() => Some(RecordedResult::of_finished(game.board())),
            0 => None,
            loser => Some(RecordedResult {
                black: io.byte(cpc, sym::FINAL_BLACK)?,
                white: io.byte(cpc, sym::FINAL_WHITE)?,
                lost_on_time: Some(colour(loser, sym::TIME_OUT)?),
            }),
        }
    } else {
        None
    };
    let mut comments = vec!["cpc-othello game record, saved from the emulated CPC".to_string()];
    comments.push(match io.byte(cpc, sym::GAME_ORIGIN)? {
        1 => format!("start: handicap {}", io.byte(cpc, sym::GAME_CORNERS)?),
        2 => "start: a set-up position".to_string(),
        _ => "start: the standard position".to_string(),
    });
    let mode = match io.byte(cpc, sym::PLAY_MODE)? {
        0 => "the demo (the computer against itself)".to_string(),
        2 => "two players".to_string(),
        _ => format!(
            "you ({}) against the computer",
            colour(io.byte(cpc, sym::HUMAN_COLOUR)?, sym::HUMAN_COLOUR)?
        ),
    };
    comments.push(format!("level {}, {mode}", io.byte(cpc, sym::GAME_LEVEL)?));
    if result.is_none() {
        comments.push(format!(
            "not over: {} to move after {} plies",
            game.to_move(),
            game.len()
        ));
    }
    Ok((GameRecord::new(game, result), comments))
}

fn colour(byte: u8, what: &str) -> Result<Color, TranscriptError> {
    match byte {
        1 => Ok(Color::Black),
        2 => Ok(Color::White),
        value => Err(TranscriptError::BadByte {
            what: what.to_string(),
            value,
        }),
    }
}

/// [`read_game`], written to `path` as a record (atomically: a file already there is
/// replaced whole or not at all). Returns the record.
pub fn save_game(cpc: &Cpc, symbols: &Symbols, path: &Path) -> Result<GameRecord, TranscriptError> {
    let (record, comments) = read_game(cpc, symbols)?;
    cpc_dsk::write_atomically(path, record.to_text(&comments).as_bytes()).map_err(|source| {
        TranscriptError::Write {
            path: path.to_path_buf(),
            source,
        }
    })?;
    Ok(record)
}

/// The symbol file that goes with a program built by `cpc-othello build`: the `.json`
/// beside it with the same stem (`target/othello.dsk` -> `target/othello.json`).
#[must_use]
pub fn symbols_beside(program: &Path) -> PathBuf {
    program.with_extension("json")
}
