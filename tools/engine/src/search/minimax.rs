//! The definitions of docs/ai.md written out literally: minimax values without any pruning and
//! the canonical root rule. Exponential, for tests: the alpha-beta searches must agree with
//! these on every position.

use crate::board::{flips, legal_moves, squares, wof_difference, Board};
use crate::eval::{leaf_value, terminal_score};
use crate::search::alphabeta::reduced_moves;
use crate::weights::Weights;

/// V(position, depth) of docs/ai.md for the owner of `player`.
#[must_use]
pub fn value_depth(w: &Weights, player: u64, opponent: u64, depth: u8) -> i16 {
    value_depth_select(w, player, opponent, depth, 0)
}

/// V(position, depth) of a selective level (docs/ai.md 4.5; `margin` = 0: full width) for the
/// owner of `player`, as an interior node.
#[must_use]
pub fn value_depth_select(w: &Weights, player: u64, opponent: u64, depth: u8, margin: u8) -> i16 {
    let moves = legal_moves(player, opponent);
    if depth == 0 {
        return leaf_value(w, player, opponent);
    }
    if moves == 0 {
        if legal_moves(opponent, player) == 0 {
            return terminal_score(player, opponent);
        }
        return -value_depth_select(w, opponent, player, depth, margin);
    }
    let reduced = reduced_moves(w, player, opponent, depth, margin);
    squares(moves)
        .map(|sq| {
            let f = flips(player, opponent, sq);
            let k = depth - 1 - u8::from(reduced >> sq & 1 == 1);
            -value_depth_select(w, opponent & !f, player | f | 1u64 << sq, k, margin)
        })
        .max()
        .expect("at least one move")
}

/// X(position) of docs/ai.md: the exact WOF disc difference with best play.
#[must_use]
pub fn value_exact(player: u64, opponent: u64) -> i16 {
    let moves = legal_moves(player, opponent);
    if moves == 0 {
        if legal_moves(opponent, player) == 0 {
            return wof_difference(player, opponent) as i16;
        }
        return -value_exact(opponent, player);
    }
    squares(moves)
        .map(|sq| {
            let f = flips(player, opponent, sq);
            -value_exact(opponent & !f, player | f | 1u64 << sq)
        })
        .max()
        .expect("at least one move")
}

/// The chosen move and score at `depth` (0 counts as 1): the first move in canonical order
/// whose value is the maximum. `None` (score 0) when the side to move must pass.
#[must_use]
pub fn minimax_depth(board: &Board, depth: u8, w: &Weights) -> (Option<u8>, i16) {
    minimax_depth_select(board, depth, 0, w)
}

/// [`minimax_depth`] at a selective level (docs/ai.md 4.5): the root's moves are all searched
/// to `depth - 1`, the rule applies below it.
#[must_use]
pub fn minimax_depth_select(
    board: &Board,
    depth: u8,
    margin: u8,
    w: &Weights,
) -> (Option<u8>, i16) {
    let depth = depth.max(1);
    canonical_root(board, |p, o| value_depth_select(w, p, o, depth - 1, margin))
}

/// The chosen move and exact score of the endgame mode. `None` (score 0) when the side to move
/// must pass.
#[must_use]
pub fn minimax_exact(board: &Board) -> (Option<u8>, i16) {
    canonical_root(board, value_exact)
}

fn canonical_root(board: &Board, child_value: impl Fn(u64, u64) -> i16) -> (Option<u8>, i16) {
    let (p, o) = board.player_opponent();
    let mut best: Option<(u8, i16)> = None;
    for sq in squares(legal_moves(p, o)) {
        let f = flips(p, o, sq);
        let v = -child_value(o & !f, p | f | 1u64 << sq);
        // Only a strictly greater value replaces: ties keep the earlier square.
        if !matches!(best, Some((_, b)) if v <= b) {
            best = Some((sq, v));
        }
    }
    best.map_or((None, 0), |(sq, v)| (Some(sq), v))
}
