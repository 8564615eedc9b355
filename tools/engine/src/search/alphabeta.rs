//! Levels 3 and up before the endgame: fail-soft negamax alpha-beta to a fixed depth with the
//! leaf value of docs/ai.md (disc-square sum + mobility, finished games at ±WIN + disc
//! difference). A pass uses no ply.
//!
//! Interior moves are tried fewest-opponent-replies first (then heavier square first) where at
//! least [`ORDER_BY_REPLIES_DEPTH`] plies remain, by the effective weight of their square below;
//! the root uses the weight order with the tie-aware windows of the root loop (`root.rs`).
//! None of this changes the answer, only the node count: the result is the one docs/ai.md
//! defines for the canonical order.

use super::root::{root_loop, Line, Moves};
use super::SearchResult;
use crate::board::{legal_moves, Board};
use crate::eval::{effective_weight, mobility_term, square_sum, terminal_score, INF};
use crate::weights::Weights;

/// Remaining depth from which interior moves are ordered by the opponent's replies.
pub const ORDER_BY_REPLIES_DEPTH: u8 = 2;

/// Searches `board` to `depth` plies (0 counts as 1).
#[must_use]
pub fn search_depth(board: &Board, depth: u8, weights: &Weights) -> SearchResult {
    search_depth_ordered(board, depth, weights, false)
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
    let (p, o) = board.player_opponent();
    let moves = legal_moves(p, o);
    if moves == 0 {
        return SearchResult::pass();
    }
    let mut s = Searcher {
        w: weights,
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
        let moves = legal_moves(p, o);
        if depth == 0 {
            let replies = legal_moves(o, p);
            if moves == 0 && replies == 0 {
                return terminal_score(p, o);
            }
            return square_sum(self.w, p, o)
                + mobility_term(self.w, moves.count_ones(), replies.count_ones());
        }
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
        let mut best = -INF;
        let mut child = Line::new();
        for (sq, f) in order.iter() {
            let v = -self.negamax(
                o & !f,
                p | f | 1u64 << sq,
                depth - 1,
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
