//! The principal-variation property of docs/ai.md ("The principal variation"), checked on
//! any PV: the Z80's (`ai_pv` after `ai_entry`, `hint_pv` after the hint key) and the
//! reference's (`SearchResult::pv`), which must both have it. Unlike the PV itself, which
//! may differ between two correct searches on ties, the property is defined.

use cpc_game::stage;
use othello_engine::board::{squares, wof_difference, Board, Color};
use othello_engine::eval::{leaf_value, terminal_score};
use othello_engine::notation::{square_name, to_position_string};
use othello_engine::search::alphabeta::reduced_moves;
use othello_engine::weights::Weights;

/// Checks `pv` as the principal variation of the answer (`mv`, `score`) of a search level
/// (3 and up) on `board`, which must have a legal move:
///
/// - in a book position (`othello_engine::book::answer`) it is the move alone;
/// - otherwise it starts with `mv` and every move is legal in turn, a side without a move
///   passing first (passes are not listed);
/// - depth-limited mode: it has `depth` moves and the value at its end is the leaf value
///   (E, or T for a finished game) of the position as it stands, or it is shorter and ends
///   in a finished game, valued T;
/// - exact mode: it ends in a finished game, valued d;
/// - that value, from the root side's point of view, is `score`.
pub fn check_search_pv(
    board: &Board,
    level: u8,
    w: &Weights,
    mv: u8,
    score: i16,
    pv: &[u8],
) -> Result<(), String> {
    if othello_engine::book::answer(board, level, w).is_some() {
        return if pv == [mv] {
            Ok(())
        } else {
            Err(format!(
                "{} level {level}: a book position: the PV {} is not the move alone",
                to_position_string(board),
                line(pv)
            ))
        };
    }
    check_search_line(board, level, w, mv, score, pv)
}

/// [`check_search_pv`] without the opening book: `pv` is the line of the level's own search
/// behind the value `score` of the move `mv` (the search's answer, or the per-move score of
/// `mv`, docs/ai.md section 10).
pub fn check_search_line(
    board: &Board,
    level: u8,
    w: &Weights,
    mv: u8,
    score: i16,
    pv: &[u8],
) -> Result<(), String> {
    let at = |what: String| format!("{} level {level}: {what}", to_position_string(board));
    let Some(s) = stage::search_level(w, level) else {
        return Err(at("not a search level".into()));
    };
    let exact = board.empties().count_ones() <= u32::from(s.endgame);
    if pv.first() != Some(&mv) {
        return Err(at(format!(
            "the PV {} does not start with the move {}",
            line(pv),
            name(mv)
        )));
    }
    let root: Color = board.to_move;
    let mut b = *board;
    let mut plies_left = s.depth.max(1);
    for (i, &sq) in pv.iter().enumerate() {
        if b.is_game_over() {
            return Err(at(format!(
                "PV {}: move {i} after the end of the game",
                line(pv)
            )));
        }
        if !exact && plies_left == 0 {
            return Err(at(format!(
                "PV {}: longer than the depth {}",
                line(pv),
                s.depth
            )));
        }
        if b.must_pass() {
            b.pass();
        }
        // Below the root a selective level searches some moves a ply shallower (docs/ai.md 4.5).
        let (p, o) = b.player_opponent();
        let reduced =
            i > 0 && !exact && reduced_moves(w, p, o, plies_left, s.margin) >> (sq & 63) & 1 == 1;
        if reduced {
            plies_left -= 1;
        }
        if b.play(sq).is_none() {
            return Err(at(format!(
                "PV {}: move {i} ({}) is not legal",
                line(pv),
                name(sq)
            )));
        }
        plies_left = plies_left.saturating_sub(1);
    }
    let (p, o) = b.player_opponent();
    let value = if exact {
        if !b.is_game_over() {
            return Err(at(format!("exact PV {} stops before the end", line(pv))));
        }
        wof_difference(p, o) as i16
    } else if plies_left == 0 {
        leaf_value(w, p, o)
    } else if b.is_game_over() {
        terminal_score(p, o)
    } else {
        return Err(at(format!(
            "PV {} stops {plies_left} plies short of the depth, the game not over",
            line(pv)
        )));
    };
    let value = if b.to_move == root { value } else { -value };
    if value == score {
        Ok(())
    } else {
        Err(at(format!(
            "PV {} ends in a position worth {value} to the root's side, the score is {score}",
            line(pv)
        )))
    }
}

fn name(sq: u8) -> String {
    if sq < 64 {
        square_name(sq)
    } else {
        format!("#{sq}")
    }
}

fn line(pv: &[u8]) -> String {
    let moves: Vec<String> = pv.iter().map(|&s| name(s)).collect();
    format!("[{}]", moves.join(" "))
}

/// True if a legal move of `b` leaves the opponent without a move while the game goes on.
pub fn a_child_must_pass(b: &Board) -> bool {
    squares(b.legal_moves()).any(|sq| {
        let mut c = *b;
        c.play(sq).expect("legal");
        c.must_pass() && !c.is_game_over()
    })
}
