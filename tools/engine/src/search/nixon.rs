//! Levels 1 and 2, after Robin Nixon's 1986 Amstrad Othello: every legal move gets a move
//! score (square weight plus flip term, [`crate::eval::move_score`]); level 1 plays the best
//! one, level 2 first subtracts the opponent's best reply score ("down level").
//!
//! Ties go to the lowest square index: moves are scanned in ascending order and only a
//! strictly greater score replaces the best.

use super::SearchResult;
use crate::board::{flips, legal_moves, squares, Board};
use crate::eval::move_score;
use crate::weights::Weights;

/// Level 1: the legal move with the highest move score.
#[must_use]
pub fn nixon_easy(board: &Board, w: &Weights) -> SearchResult {
    let (p, o) = board.player_opponent();
    let mut nodes = 0u64;
    let best = best_by(legal_moves(p, o), |sq| {
        nodes += 1;
        move_score(w, p, o, sq).expect("legal move")
    });
    match best {
        None => SearchResult::pass(),
        Some((sq, score)) => SearchResult {
            best_move: Some(sq),
            score,
            pv: vec![sq],
            nodes,
        },
    }
}

/// Level 2: the legal move with the highest [`nixon_hard_score`].
#[must_use]
pub fn nixon_hard(board: &Board, w: &Weights) -> SearchResult {
    let (p, o) = board.player_opponent();
    let mut nodes = 0u64;
    let best = best_by(legal_moves(p, o), |sq| {
        let (score, _, n) = nixon_hard_detail(w, p, o, sq);
        nodes += n;
        score
    });
    match best {
        None => SearchResult::pass(),
        Some((sq, score)) => {
            let (_, reply, _) = nixon_hard_detail(w, p, o, sq);
            SearchResult {
                best_move: Some(sq),
                score,
                pv: std::iter::once(sq).chain(reply).collect(),
                nodes,
            }
        }
    }
}

/// The level-2 score of playing `sq` for the owner of `player`, and the opponent's best reply
/// (`None` when it has none). `None` when `sq` is illegal.
#[must_use]
pub fn nixon_hard_score(
    w: &Weights,
    player: u64,
    opponent: u64,
    sq: u8,
) -> Option<(i16, Option<u8>)> {
    move_score(w, player, opponent, sq)?;
    let (score, reply, _) = nixon_hard_detail(w, player, opponent, sq);
    Some((score, reply))
}

/// (score, best reply, moves scored) of a legal move.
fn nixon_hard_detail(w: &Weights, p: u64, o: u64, sq: u8) -> (i16, Option<u8>, u64) {
    let mine = move_score(w, p, o, sq).expect("legal move");
    let f = flips(p, o, sq);
    let (np, no) = (o & !f, p | f | 1u64 << sq);
    let mut scored = 1u64;
    let reply = best_by(legal_moves(np, no), |r| {
        scored += 1;
        move_score(w, np, no, r).expect("legal reply")
    });
    match reply {
        Some((r, reply_score)) => (mine - reply_score, Some(r), scored),
        None => (mine + i16::from(w.pass_bonus()), None, scored),
    }
}

/// The first square of `moves` (ascending) with the highest score.
fn best_by(moves: u64, mut score: impl FnMut(u8) -> i16) -> Option<(u8, i16)> {
    let mut best: Option<(u8, i16)> = None;
    for sq in squares(moves) {
        let s = score(sq);
        if !matches!(best, Some((_, b)) if s <= b) {
            best = Some((sq, s));
        }
    }
    best
}
