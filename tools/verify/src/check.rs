//! One position, the Z80 program against the reference engine: `ai_entry` at every level
//! (move, score, and at levels 1 and 2 the node count, which docs/ai.md defines there as
//! the moves scored), `gen_legal` (the legal moves in ascending square order), and
//! `play_move` of every legal move (the board, the side to move, the move number and the
//! flipped discs after it) and of one illegal move (refused, nothing changed).
//!
//! Every answer also reports its stage (`ai_depth`, [`cpc_game::stage`]). Without a time limit
//! a search level must report its final stage (or none, for the book and a pass), and its
//! answer is `best_move`'s. At a level with a budget `ai_entry` gets `ai_time` = the side's
//! share of it ([`cpc_game::stage::nominal_time`], or `--time`) on a freshly started machine
//! (the program's interrupt handler counts the time; a fresh machine makes the answer depend
//! on the position and `ai_time` alone, so `--board ... --time` reproduces it exactly); the
//! stage must be one the level may reach, and the answer is the reference's at that stage.

use cpc_game::symbols as sym;
use othello_engine::board::{squares, Board};
use othello_engine::notation::square_name;
use othello_engine::weights::Weights;

use super::positions::Origin;
use super::{DriverError, Mismatch, MismatchKind, VerifyError};
use cpc_game::driver::{board_bytes, side_code, AiAnswer, AI_BAD_INPUT, AI_PASS};
use cpc_game::stage::{self, stage_name, Expected};
use cpc_game::Z80Ai;

/// What one position gave.
#[derive(Clone, Debug, Default)]
pub struct PositionOutcome {
    /// The levels whose `ai_entry` was checked on it.
    pub levels: Vec<u8>,
    /// Every difference found (empty: the program agrees).
    pub mismatches: Vec<Mismatch>,
    /// CPC µs of each `ai_entry` call that chose a move, by level.
    pub ai_us: Vec<(u8, u64)>,
    /// The stage (`ai_depth`) of each `ai_entry` answer, by level, and whether it was a pass.
    pub stages: Vec<(u8, u8, bool)>,
    /// Answers stopped before any stage was complete (no mismatch, but reported).
    pub stopped: Vec<Stopped>,
}

/// An answer stopped by the time limit before any stage was complete (`ai_depth` = &FE):
/// a legal move, but not one the reference can be asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The level.
    pub level: u8,
    /// Where the position came from.
    pub origin: String,
    /// The position.
    pub board: Board,
    /// `ai_time`, seconds.
    pub ai_time: u16,
    /// The move.
    pub mv: u8,
    /// CPC µs of the call.
    pub us: u64,
}

/// How a position is checked.
#[derive(Clone, Copy, Debug)]
pub struct How<'a> {
    /// The levels of `ai_entry`.
    pub levels: &'a [u8],
    /// The weights of the program and the reference.
    pub weights: &'a Weights,
    /// `ai_time` at the search levels; `None`: each level's share of its budget.
    pub time: Option<u16>,
}

/// A move as messages write it: `d3`, `pass`, or the raw byte when it is neither.
#[must_use]
pub fn move_text(mv: u8) -> String {
    match mv {
        0..=63 => square_name(mv),
        AI_PASS => "pass".into(),
        AI_BAD_INPUT => "&FE (level not played)".into(),
        other => format!("&{other:02X} (not a square)"),
    }
}

/// The Z80's answer as messages write it.
fn answer_text(a: &AiAnswer, nodes: bool) -> String {
    let mut s = format!("{} score {}", move_text(a.mv), a.score);
    if nodes {
        s.push_str(&format!(" nodes {}", a.nodes));
    }
    s
}

/// The `ai_time` of a position at `level`: `time` when given (at a search level), else the
/// level's share of its budget (0 without one).
#[must_use]
pub fn ai_time_for(board: &Board, level: u8, weights: &Weights, time: Option<u16>) -> u16 {
    if level < othello_engine::levels::FIRST_SEARCH_LEVEL {
        return 0;
    }
    time.unwrap_or_else(|| stage::nominal_time(weights, level, board.empties().count_ones()))
}

/// Compares everything about `board`; hangs of the program become mismatches (and the
/// machine is rebooted), emulator set-up errors are returned.
///
/// # Errors
/// [`VerifyError`] other than a hang: the image cannot run at all.
pub fn check_position(
    z: &mut Z80Ai,
    origin: &Origin,
    board: &Board,
    how: &How,
) -> Result<PositionOutcome, VerifyError> {
    let mut out = PositionOutcome {
        levels: how.levels.to_vec(),
        ..PositionOutcome::default()
    };
    let mismatch = |kind, level, z80: String, reference: String| Mismatch {
        kind,
        level,
        origin: origin.to_string(),
        board: *board,
        z80,
        reference,
        game: None,
        moves: Vec::new(),
        stage: None,
        ai_time: None,
    };
    let has_depth = z.addr(sym::AI_DEPTH).is_ok();
    for &level in how.levels {
        let seconds = ai_time_for(board, level, how.weights, how.time);
        let timed = seconds != 0;
        let limit = super::call_limit_us(level);
        let call = if timed {
            // A fresh machine whose program runs, so that the answer depends on the position
            // and ai_time alone.
            let answer = z.routines.boot_started().and_then(|mut fresh| {
                z.routines
                    .ai_timed(&mut fresh, board, level, seconds, limit)
            });
            match answer {
                Ok(a) => Ok(a),
                Err(e @ (DriverError::Hang { .. } | DriverError::Emulator(_))) => {
                    Err(e.to_string())
                }
                Err(e) => return Err(e.into()),
            }
        } else {
            z.limit_us = limit;
            guard(z, |z| z.ai(board, level))?
        };
        // The ai_time to give again: the one used, when there was one or it was asked for.
        let explicit = how.time.is_some() && level >= othello_engine::levels::FIRST_SEARCH_LEVEL;
        let with_time = |mut m: Mismatch| {
            if timed || explicit {
                m.ai_time = Some(seconds);
            }
            m
        };
        let a = match call {
            // A program without ai_depth (an older build) is taken at its word: the level's
            // own stage.
            Ok(a) if !has_depth => AiAnswer {
                depth: stage::untimed_byte(board, level, how.weights),
                ..a
            },
            Ok(a) => a,
            Err(fault) => {
                out.mismatches.push(with_time(mismatch(
                    MismatchKind::Ai,
                    Some(level),
                    fault,
                    "an answer".into(),
                )));
                continue;
            }
        };
        let time_text = if timed {
            format!(", ai_time {seconds} s")
        } else {
            String::new()
        };
        let nodes = level <= 2;
        let shown = |a: &AiAnswer| {
            let mut t = answer_text(a, nodes);
            if level >= othello_engine::levels::FIRST_SEARCH_LEVEL {
                t.push_str(&format!(" (stage {}{time_text})", stage_name(a.depth)));
            }
            t
        };
        out.stages.push((level, a.depth, a.mv == AI_PASS));
        match stage::expected(board, level, how.weights, timed, a.depth) {
            Err(why) => out.mismatches.push(with_time(mismatch(
                MismatchKind::Ai,
                Some(level),
                shown(&a),
                format!("a stage level {level} may report: {why}"),
            ))),
            Ok(Expected::Stopped) => {
                if a.mv > 63 || board.legal_moves() & (1u64 << a.mv) == 0 {
                    out.mismatches.push(with_time(mismatch(
                        MismatchKind::Ai,
                        Some(level),
                        shown(&a),
                        "a legal move (stopped before any stage)".into(),
                    )));
                } else {
                    out.stopped.push(Stopped {
                        level,
                        origin: origin.to_string(),
                        board: *board,
                        ai_time: seconds,
                        mv: a.mv,
                        us: a.us,
                    });
                }
            }
            Ok(Expected::Answer(r)) => {
                let want = r.best_move.unwrap_or(AI_PASS);
                let same =
                    a.mv == want && a.score == r.score && (!nodes || u64::from(a.nodes) == r.nodes);
                if !same {
                    let mut m = mismatch(
                        MismatchKind::Ai,
                        Some(level),
                        shown(&a),
                        format!(
                            "{}{} score {}{}",
                            if timed {
                                format!("{}: ", stage_name(a.depth))
                            } else {
                                String::new()
                            },
                            move_text(want),
                            r.score,
                            if nodes {
                                format!(" nodes {}", r.nodes)
                            } else {
                                String::new()
                            }
                        ),
                    );
                    if timed {
                        m.stage = Some(a.depth);
                    }
                    out.mismatches.push(with_time(m));
                }
            }
        }
        if board.legal_moves() != 0 {
            out.ai_us.push((level, a.us));
        }
    }

    z.limit_us = cpc_game::driver::CALL_LIMIT_US;
    let legal: Vec<u8> = squares(board.legal_moves()).collect();
    let names = |list: &[u8]| {
        let v: Vec<String> = list.iter().map(|&s| move_text(s)).collect();
        format!("[{}]", v.join(" "))
    };
    match guard(z, |z| z.gen_legal(board))? {
        Ok(listed) if listed == legal => {}
        Ok(listed) => out.mismatches.push(mismatch(
            MismatchKind::Legal,
            None,
            format!("gen_legal {}", names(&listed)),
            names(&legal),
        )),
        Err(fault) => {
            out.mismatches
                .push(mismatch(MismatchKind::Legal, None, fault, names(&legal)))
        }
    }

    for &sq in &legal {
        let mut after = *board;
        let Some(undo) = after.play(sq) else { continue };
        let want_flips: Vec<u8> = squares(undo.flipped).collect();
        let played = match guard(z, |z| z.play_move(board, sq))? {
            Ok(p) => p,
            Err(fault) => {
                out.mismatches.push(mismatch(
                    MismatchKind::PlayMove,
                    None,
                    format!("play_move {}: {fault}", square_name(sq)),
                    "a return".into(),
                ));
                continue;
            }
        };
        let mut flipped = played.flips.clone();
        flipped.sort_unstable();
        let ok = !played.refused
            && played.board == board_bytes(&after)
            && played.side == side_code(after.to_move)
            && played.move_number == 8
            && flipped == want_flips;
        if !ok {
            out.mismatches.push(mismatch(
                MismatchKind::PlayMove,
                None,
                format!(
                    "play_move {}: {}board {}, side {}, move number {}, flips {}",
                    square_name(sq),
                    if played.refused { "refused, " } else { "" },
                    bytes_text(&played.board),
                    played.side,
                    played.move_number,
                    names(&played.flips)
                ),
                format!(
                    "board {}, side {}, move number 8, flips {}",
                    bytes_text(&board_bytes(&after)),
                    side_code(after.to_move),
                    names(&want_flips)
                ),
            ));
        }
    }

    // One empty square that is not a legal move must be refused, leaving all as it was.
    let illegal = squares(board.empties() & !board.legal_moves()).next();
    if let Some(sq) = illegal {
        match guard(z, |z| z.play_move(board, sq))? {
            Ok(p)
                if p.refused
                    && p.board == board_bytes(board)
                    && p.side == side_code(board.to_move)
                    && p.move_number == 7 => {}
            Ok(p) => out.mismatches.push(mismatch(
                MismatchKind::PlayMove,
                None,
                format!(
                    "play_move {} (illegal): {}, board {}, side {}, move number {}",
                    square_name(sq),
                    if p.refused { "refused" } else { "played" },
                    bytes_text(&p.board),
                    p.side,
                    p.move_number
                ),
                format!(
                    "refused, board {}, side {}, move number 7",
                    bytes_text(&board_bytes(board)),
                    side_code(board.to_move)
                ),
            )),
            Err(fault) => out.mismatches.push(mismatch(
                MismatchKind::PlayMove,
                None,
                format!("play_move {} (illegal): {fault}", square_name(sq)),
                "refused".into(),
            )),
        }
    }
    Ok(out)
}

/// Splits a call's result: a hang or emulator stop is the program's fault (reported as a
/// mismatch, after rebooting the machine); anything else ends the run.
fn guard<T>(
    z: &mut Z80Ai,
    call: impl FnOnce(&mut Z80Ai) -> Result<T, DriverError>,
) -> Result<Result<T, String>, VerifyError> {
    match call(z) {
        Ok(v) => Ok(Ok(v)),
        Err(e @ (DriverError::Hang { .. } | DriverError::Emulator(_))) => {
            z.reboot()?;
            Ok(Err(e.to_string()))
        }
        Err(e) => Err(e.into()),
    }
}

/// A `game_board` image as a board string (`X` black, `O` white, `-` empty, `?` other).
#[must_use]
pub fn bytes_text(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| match b {
            0 => '-',
            1 => 'X',
            2 => 'O',
            _ => '?',
        })
        .collect()
}
