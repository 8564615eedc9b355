//! One position, the Z80 program against the reference engine: `ai_entry` at every level
//! (move, score, and at levels 1 and 2 the node count, which docs/ai.md defines there as
//! the moves scored), `gen_legal` (the legal moves in ascending square order), and
//! `play_move` of every legal move (the board, the side to move, the move number and the
//! flipped discs after it) and of one illegal move (refused, nothing changed).

use othello_engine::board::{squares, Board};
use othello_engine::notation::square_name;
use othello_engine::search::best_move;
use othello_engine::weights::Weights;

use super::positions::Origin;
use super::z80::{board_bytes, side_code, AiAnswer, Z80Ai, AI_BAD_INPUT, AI_PASS};
use super::{Mismatch, MismatchKind, VerifyError};

/// What one position gave.
#[derive(Clone, Debug, Default)]
pub struct PositionOutcome {
    /// Every difference found (empty: the program agrees).
    pub mismatches: Vec<Mismatch>,
    /// CPC µs of each `ai_entry` call that chose a move, by level.
    pub ai_us: Vec<(u8, u64)>,
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

/// Compares everything about `board`; hangs of the program become mismatches (and the
/// machine is rebooted), emulator set-up errors are returned.
///
/// # Errors
/// [`VerifyError`] other than a hang: the image cannot run at all.
pub fn check_position(
    z: &mut Z80Ai,
    origin: &Origin,
    board: &Board,
    levels: &[u8],
    weights: &Weights,
) -> Result<PositionOutcome, VerifyError> {
    let mut out = PositionOutcome::default();
    let mismatch = |kind, level, z80: String, reference: String| Mismatch {
        kind,
        level,
        origin: origin.to_string(),
        board: *board,
        z80,
        reference,
        game: None,
        moves: Vec::new(),
    };
    for &level in levels {
        z.limit_us = super::call_limit_us(level);
        let r = best_move(board, level, weights);
        let a = match guard(z, |z| z.ai(board, level))? {
            Ok(a) => a,
            Err(fault) => {
                out.mismatches.push(mismatch(
                    MismatchKind::Ai,
                    Some(level),
                    fault,
                    "an answer".into(),
                ));
                continue;
            }
        };
        let want = r.best_move.unwrap_or(AI_PASS);
        let nodes = level <= 2;
        let same = a.mv == want && a.score == r.score && (!nodes || u64::from(a.nodes) == r.nodes);
        if !same {
            out.mismatches.push(mismatch(
                MismatchKind::Ai,
                Some(level),
                answer_text(&a, nodes),
                format!(
                    "{} score {}{}",
                    move_text(want),
                    r.score,
                    if nodes {
                        format!(" nodes {}", r.nodes)
                    } else {
                        String::new()
                    }
                ),
            ));
        }
        if r.best_move.is_some() {
            out.ai_us.push((level, a.us));
        }
    }

    z.limit_us = super::z80::CALL_LIMIT_US;
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
    call: impl FnOnce(&mut Z80Ai) -> Result<T, VerifyError>,
) -> Result<Result<T, String>, VerifyError> {
    match call(z) {
        Ok(v) => Ok(Ok(v)),
        Err(e @ (VerifyError::Hang { .. } | VerifyError::Emulator(_))) => {
            z.reboot()?;
            Ok(Err(e.to_string()))
        }
        Err(e) => Err(e),
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
