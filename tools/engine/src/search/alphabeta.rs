//! Levels 3 and up before the endgame: fail-soft negamax alpha-beta to a fixed depth with the
//! leaf value of docs/ai.md (disc-square sum + mobility, finished games at ±WIN + disc
//! difference). A pass uses no ply.
//!
//! Interior moves are tried fewest-opponent-replies first (then heavier square first) where at
//! least [`ORDER_BY_REPLIES_DEPTH`] plies remain, by the effective weight of their square below;
//! the root uses the weight order with the tie-aware windows of the root loop (`root.rs`).
//! None of this changes the answer, only the node count: the result is the one docs/ai.md
//! defines for the canonical order.
//!
//! A level may be *selective* (docs/ai.md 4.5): below the root, at a node with at least
//! [`SELECT_MIN_DEPTH`] plies left and more than [`SELECT_MIN_EMPTIES`] empty squares, the
//! moves whose [`shallow_value`] lies more than the level's `margin` below the best one are
//! searched one ply shallower. That is a function of the position alone, so the value is
//! still one number per (position, depth, margin) that any alpha-beta finds.

use super::root::{root_loop, Line, Moves};
use super::SearchResult;
use crate::board::{legal_moves, Board};
use crate::eval::{effective_weight, leaf_value, terminal_score, INF};
use crate::weights::Weights;

/// Remaining depth from which interior moves are ordered by the opponent's replies.
pub const ORDER_BY_REPLIES_DEPTH: u8 = 2;

/// Remaining depth from which a selective level reduces its later moves (docs/ai.md 4.5).
pub const SELECT_MIN_DEPTH: u8 = 3;
/// A selective level reduces only where more empty squares than this remain (docs/ai.md 4.5).
pub const SELECT_MIN_EMPTIES: u32 = 5;

/// For each legal move of `player` (a bitboard `moves`, ascending squares), whether a
/// selective search of `margin` (0 = none) at `depth` plies left searches it one ply shallower
/// (docs/ai.md 4.5): its shallow value, `-V(child, 0)`, lies more than `margin` below the best
/// shallow value of the node. Bit `sq` of the result is set for a reduced move.
#[must_use]
pub fn reduced_moves(w: &Weights, player: u64, opponent: u64, depth: u8, margin: u8) -> u64 {
    if !shallow_values_needed(player | opponent, depth, margin) {
        return 0;
    }
    let moves = legal_moves(player, opponent);
    // By square, so that a node allocates nothing.
    let mut value = [0i32; 64];
    let mut best = i32::MIN;
    for sq in crate::board::squares(moves) {
        value[usize::from(sq)] = i32::from(shallow_value(w, player, opponent, sq));
        best = best.max(value[usize::from(sq)]);
    }
    crate::board::squares(moves)
        .filter(|&sq| value[usize::from(sq)] < best - i32::from(margin))
        .fold(0, |reduced, sq| reduced | 1u64 << sq)
}

/// Whether a node with these discs and `depth` plies left looks at its moves' shallow values
/// at a selective level of `margin` (docs/ai.md 4.5).
fn shallow_values_needed(occupied: u64, depth: u8, margin: u8) -> bool {
    margin > 0 && depth >= SELECT_MIN_DEPTH && (!occupied).count_ones() > SELECT_MIN_EMPTIES
}

/// The shallow value of `player`'s legal move on `sq` (docs/ai.md 4.5): `-V(child, 0)`, the
/// leaf value of the position after it, from the mover's point of view.
#[must_use]
pub fn shallow_value(w: &Weights, player: u64, opponent: u64, sq: u8) -> i16 {
    let f = crate::board::flips(player, opponent, sq);
    -leaf_value(w, opponent & !f, player | f | 1u64 << sq)
}

/// Searches `board` to `depth` plies (0 counts as 1).
#[must_use]
pub fn search_depth(board: &Board, depth: u8, weights: &Weights) -> SearchResult {
    search_depth_ordered(board, depth, weights, false)
}

/// [`search_depth`] for a selective level (docs/ai.md 4.5): `margin` = 0 is the full-width
/// search.
#[must_use]
pub fn search_depth_selective(
    board: &Board,
    depth: u8,
    margin: u8,
    weights: &Weights,
) -> SearchResult {
    search_root(board, depth, margin, weights, false)
}

/// `V(position, k)` of docs/ai.md 4.3 (4.5 with `margin` > 0) for the owner of `player`, as an
/// interior node: a full-window alpha-beta.
#[must_use]
pub fn node_value(w: &Weights, player: u64, opponent: u64, k: u8, margin: u8) -> i16 {
    let mut s = Searcher {
        w,
        margin,
        nodes: 0,
    };
    s.negamax(player, opponent, k, -INF, INF, &mut Line::new())
}

/// [`search_depth`] with the root moves in canonical (ascending square) order when
/// `canonical_root` is set, to show that the root order does not change the answer.
#[must_use]
pub fn search_depth_ordered(
    board: &Board,
    depth: u8,
    weights: &Weights,
    canonical_root: bool,
) -> SearchResult {
    search_root(board, depth, 0, weights, canonical_root)
}

fn search_root(
    board: &Board,
    depth: u8,
    margin: u8,
    weights: &Weights,
    canonical_root: bool,
) -> SearchResult {
    let (p, o) = board.player_opponent();
    let moves = legal_moves(p, o);
    if moves == 0 {
        return SearchResult::pass();
    }
    let mut s = Searcher {
        w: weights,
        margin,
        nodes: 1,
    };
    let occupied = p | o;
    let order = Moves::sorted(p, o, moves, |sq, _| {
        if canonical_root {
            0
        } else {
            effective_weight(weights, occupied, sq)
        }
    });
    let depth = depth.max(1);
    let (sq, score, pv) = root_loop(p, o, &order, |np, no, alpha, beta, line| {
        s.negamax(np, no, depth - 1, alpha, beta, line)
    });
    SearchResult {
        best_move: Some(sq),
        score,
        pv: pv.to_vec(),
        nodes: s.nodes,
    }
}

struct Searcher<'a> {
    w: &'a Weights,
    margin: u8,
    nodes: u64,
}

impl Searcher<'_> {
    fn negamax(
        &mut self,
        p: u64,
        o: u64,
        depth: u8,
        mut alpha: i16,
        beta: i16,
        pv: &mut Line,
    ) -> i16 {
        self.nodes += 1;
        pv.clear();
        if depth == 0 {
            return leaf_value(self.w, p, o);
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return terminal_score(p, o);
            }
            return -self.negamax(o, p, depth, -beta, -alpha, pv);
        }
        let occupied = p | o;
        let w = self.w;
        let order = Moves::sorted(p, o, moves, |sq, f| {
            let weight = effective_weight(w, occupied, sq);
            if depth >= ORDER_BY_REPLIES_DEPTH {
                // Fewest opponent replies first, then the heavier square (|key| <= 64 * 16 + 128).
                let replies = legal_moves(o & !f, p | f | 1u64 << sq).count_ones() as i16;
                weight - 16 * replies
            } else {
                weight
            }
        });
        let reduced = reduced_moves(w, p, o, depth, self.margin);
        if shallow_values_needed(occupied, depth, self.margin) {
            // Each shallow value is a leaf looked at (the Z80 counts them too).
            self.nodes += u64::from(moves.count_ones());
        }
        let mut best = -INF;
        let mut child = Line::new();
        for (sq, f) in order.iter() {
            let child_depth = depth - 1 - u8::from(reduced >> sq & 1 == 1);
            let v = -self.negamax(
                o & !f,
                p | f | 1u64 << sq,
                child_depth,
                -beta,
                -alpha,
                &mut child,
            );
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    pv.set(sq, &child);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
