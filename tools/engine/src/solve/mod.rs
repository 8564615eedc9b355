//! Exact endgame solver: the final disc difference for the side to move under the WOF rule
//! (empty squares go to the winner), with perfect play by both sides.
//!
//! Negamax alpha-beta over the whole remaining game:
//! - the exact score found by narrow-window probes (MTD(f) style: all final scores are
//!   even, so a window `(m-1, m+1)` answers below / equal / above m), each probe a
//!   principal-variation search with null-window searches off its first line (`search.rs`);
//! - with more than [`SHALLOW`] empties: a transposition table (`tt.rs`: whole positions as
//!   keys, score bounds, best move), fastest-first move ordering (fewest replies for the
//!   opponent, corners counted twice; then our corner-anchored discs, the opponent's potential
//!   mobility and quadrant parity), enhanced transposition cutoffs, and the stability cutoff
//!   (the opponent's stable discs, [`stability`], bound our score);
//! - with [`SHALLOW`] or fewer: no table and no move list; moves are taken from the empty
//!   squares, odd quadrants first, with dedicated code for the last 4, 3, 2 and 1 empties
//!   (`shallow.rs`; the last one counts flips from line tables, `last_flip.rs`).
//!
//! The free functions [`solve`] and [`solve_window`] use one [`Solver`] per thread, so a
//! table is allocated once; each call starts from a logically empty table so that the same
//! question always gets the same answer, nodes included.
//!
//! ```
//! use othello_engine::notation::parse_position;
//! use othello_engine::solve::solve;
//!
//! // FFO #20: black to move wins by 6 with h5.
//! let board = parse_position(
//!     "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X",
//! ).unwrap();
//! let s = solve(&board);
//! assert_eq!((s.score, s.best_move), (6, Some(39)));
//! ```

mod last_flip;
mod search;
mod shallow;
pub mod stability;
mod tt;

pub mod ffo;

use std::cell::RefCell;

use crate::board::{legal_moves, squares, wof_difference, Board};

/// Above every score (scores are within -64..=64).
const INF: i32 = 65;

/// Positions with at most this many empties are searched without the table.
pub const SHALLOW: u32 = 7;

/// Table size of the per-thread solver: 2^20 buckets of 64 bytes (64 MiB, allocated on
/// first use, pages touched as they fill).
pub const DEFAULT_TABLE_BITS: u32 = 20;

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Final disc difference for the side to move with perfect play (WOF rule).
    pub score: i32,
    /// A best move; `None` only when the side to move must pass or the game is over.
    /// Among equally good moves it is the first in the solver's move order.
    pub best_move: Option<u8>,
    /// A principal variation from this position to the end of the game (passes omitted, as in
    /// a transcript; the first entry is `best_move` when there is one).
    pub pv: Vec<u8>,
    /// Positions visited, principal variation extraction included.
    pub nodes: u64,
}

/// An exact solver with its own transposition table.
pub struct Solver {
    tt: tt::Table,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(DEFAULT_TABLE_BITS)
    }
}

thread_local! {
    static THREAD_SOLVER: RefCell<Solver> = RefCell::new(Solver::default());
}

/// Solves `board` exactly (see [`Solver::solve`]).
#[must_use]
pub fn solve(board: &Board) -> Solution {
    THREAD_SOLVER.with(|s| s.borrow_mut().solve(board))
}

/// The exact score of `player` (to move) against `opponent`, clamped to `alpha..=beta`
/// (see [`Solver::solve_window`]).
#[must_use]
pub fn solve_window(player: u64, opponent: u64, alpha: i32, beta: i32) -> i32 {
    THREAD_SOLVER.with(|s| s.borrow_mut().solve_window(player, opponent, alpha, beta))
}

impl Solver {
    /// A solver whose table has `2^table_bits` buckets of 64 bytes (`table_bits` clamped to
    /// 4..=24: 1 KiB to 1 GiB).
    #[must_use]
    pub fn new(table_bits: u32) -> Solver {
        Solver {
            tt: tt::Table::new(table_bits),
            nodes: 0,
        }
    }

    /// Solves `board` exactly: score, best move, principal variation, nodes. A square
    /// owned by both colours (an invalid board) is taken as black's.
    pub fn solve(&mut self, board: &Board) -> Solution {
        let black = board.black;
        let white = board.white & !black;
        let (p, o) = match board.to_move {
            crate::Color::Black => (black, white),
            crate::Color::White => (white, black),
        };
        self.tt.new_search();
        self.nodes = 0;
        let (score, found) = self.root(p, o);
        let pv = self.principal_variation(p, o, score, found);
        // The variation starts with the search's move (tried first); taking the move from
        // the variation keeps the two consistent in every case.
        let best_move = if legal_moves(p, o) != 0 {
            pv.first().copied()
        } else {
            None
        };
        Solution {
            score,
            best_move,
            pv,
            nodes: self.nodes,
        }
    }

    /// The exact score of `player` (to move) against `opponent`, **fail-hard**: the result is
    /// `score.clamp(alpha, beta)`, so it is exact when strictly inside the window, and
    /// otherwise says only "at most alpha" or "at least beta". Passes are handled inside.
    /// An empty window (`beta <= alpha`) is read as `alpha..=alpha + 1`; squares in both
    /// bitboards count as the player's.
    pub fn solve_window(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32) -> i32 {
        let opponent = opponent & !player;
        let beta = if beta <= alpha {
            alpha.saturating_add(1)
        } else {
            beta
        };
        // Outside -64..=64 a bound says nothing more; keep the search's arithmetic small.
        let (a, b) = (alpha.clamp(-INF, INF), beta.clamp(-INF, INF));
        self.tt.new_search();
        self.nodes = 0;
        let n = (!(player | opponent)).count_ones();
        self.mtd(player, opponent, a, b, n).0.clamp(alpha, beta)
    }

    /// Positions visited by the last [`Solver::solve`] or [`Solver::solve_window`].
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The root: the exact score and the best move the search found (first in its order).
    fn root(&mut self, p: u64, o: u64) -> (i32, Option<u8>) {
        let n = (!(p | o)).count_ones();
        if legal_moves(p, o) == 0 {
            self.nodes += 1;
            return if legal_moves(o, p) == 0 {
                (wof_difference(p, o), None)
            } else {
                (-self.mtd(o, p, -INF, INF, n).0, None)
            };
        }
        let (score, best) = self.mtd(p, o, -INF, INF, n);
        (score, (best < 64).then_some(best))
    }

    /// Walks down from the root, at each position taking the first move (table move first,
    /// then ascending squares) whose exact value keeps the score.
    fn principal_variation(&mut self, p: u64, o: u64, score: i32, first: Option<u8>) -> Vec<u8> {
        let (mut p, mut o, mut score) = (p, o, score);
        let mut pv = Vec::new();
        let mut hint = first;
        loop {
            let moves = legal_moves(p, o);
            if moves == 0 {
                if legal_moves(o, p) == 0 {
                    return pv;
                }
                (p, o, score) = (o, p, -score);
                hint = None;
                continue;
            }
            let hint_bits = hint.map_or(0, |h| (1u64 << h) & moves);
            let found = squares(hint_bits)
                .chain(squares(moves & !hint_bits))
                .find_map(|x| {
                    let f = crate::board::flips(p, o, x);
                    let (np, no) = (o & !f, p | f | (1u64 << x));
                    // The child is worth at least -score; it keeps the score iff it is not more.
                    let n = (!(np | no)).count_ones();
                    (self.nws(np, no, -score, n) <= -score).then_some((x, np, no))
                });
            let Some((x, np, no)) = found else {
                // Cannot happen for an exact score; stop rather than loop.
                return pv;
            };
            pv.push(x);
            (p, o, score) = (np, no, -score);
            hint = self.tt_best(p, o);
        }
    }
}
