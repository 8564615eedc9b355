//! The exact endgame of levels 3 and up: the final WOF disc difference with best play, by a
//! plain fail-soft alpha-beta (no depth limit, a pass uses no ply).
//!
//! Interior moves are tried fastest-first (fewest replies for the opponent) while more than
//! [`FASTEST_FIRST_EMPTIES`] squares are empty, in square order below; the root loop
//! (`root.rs`) makes the chosen move the lowest-indexed of the best ones anyway.

use super::root::{root_loop, Line, Moves};
use super::SearchResult;
use crate::board::{legal_moves, wof_difference, Board};
use crate::eval::INF;

/// Above this many empty squares the solver orders moves fastest-first.
pub const FASTEST_FIRST_EMPTIES: u32 = 6;

/// Solves `board` exactly: the WOF disc difference for the side to move and the
/// lowest-indexed move that achieves it.
#[must_use]
pub fn solve_exact(board: &Board) -> SearchResult {
    let (p, o) = board.player_opponent();
    let moves = legal_moves(p, o);
    if moves == 0 {
        return SearchResult::pass();
    }
    let mut nodes = 1u64;
    let order = ordered(p, o, moves);
    let (sq, score, pv) = root_loop(p, o, &order, |np, no, alpha, beta, line| {
        solve(np, no, alpha, beta, line, &mut nodes)
    });
    SearchResult {
        best_move: Some(sq),
        score,
        pv: pv.to_vec(),
        nodes,
    }
}

/// The win/loss/draw check of docs/ai.md 4.6: each move's class is the sign of its exact
/// value (1 a win, 0 a draw, -1 a loss, for the side to move). The answer is `preferred` (the
/// move of the depth-limited stage before the check) if its class is the best, else the
/// lowest-indexed move of the best class; the score is that class and the PV the move alone.
/// Each move is solved with the window (-1, 1), which decides its sign and no more.
///
/// # Panics
/// If `preferred` is not a legal move of `board` (a position without one gets a pass).
#[must_use]
pub fn solve_wld(board: &Board, preferred: u8) -> SearchResult {
    let (p, o) = board.player_opponent();
    let moves = legal_moves(p, o);
    if moves == 0 {
        return SearchResult::pass();
    }
    assert!(
        moves >> preferred & 1 == 1,
        "the preferred move must be legal"
    );
    let mut nodes = 1u64;
    let mut line = Line::new();
    let mut class_of = |sq: u8| {
        let f = crate::board::flips(p, o, sq);
        (-solve(o & !f, p | f | 1u64 << sq, -1, 1, &mut line, &mut nodes)).signum()
    };
    let preferred_class = class_of(preferred);
    let mut best = (preferred, preferred_class);
    if preferred_class < 1 {
        let mut better: Option<(u8, i16)> = None;
        for sq in crate::board::squares(moves & !(1u64 << preferred)) {
            let class = class_of(sq);
            if class > better.map_or(preferred_class, |(_, c)| c) {
                better = Some((sq, class));
            }
        }
        if let Some(b) = better {
            best = b;
        }
    }
    SearchResult {
        best_move: Some(best.0),
        score: best.1,
        pv: vec![best.0],
        nodes,
    }
}

fn ordered(p: u64, o: u64, moves: u64) -> Moves {
    if (!(p | o)).count_ones() > FASTEST_FIRST_EMPTIES {
        Moves::sorted(p, o, moves, |sq, f| {
            let (np, no) = (o & !f, p | f | 1u64 << sq);
            -(legal_moves(np, no).count_ones() as i16)
        })
    } else {
        Moves::sorted(p, o, moves, |_, _| 0)
    }
}

fn solve(p: u64, o: u64, mut alpha: i16, beta: i16, pv: &mut Line, nodes: &mut u64) -> i16 {
    *nodes += 1;
    pv.clear();
    let moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            return wof_difference(p, o) as i16;
        }
        return -solve(o, p, -beta, -alpha, pv, nodes);
    }
    let mut best = -INF;
    let mut child = Line::new();
    for (sq, f) in ordered(p, o, moves).iter() {
        let v = -solve(o & !f, p | f | 1u64 << sq, -beta, -alpha, &mut child, nodes);
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
