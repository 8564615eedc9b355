//! Pieces shared by the searches: the principal-variation buffer, the move-ordering buffer and
//! the root loop that makes the chosen move independent of pruning.

use crate::board::flips;
use crate::eval::INF;

/// A principal variation under construction (at most 64 moves).
#[derive(Clone, Copy)]
pub(crate) struct Line {
    len: u8,
    moves: [u8; 64],
}

impl Line {
    pub(crate) const fn new() -> Line {
        Line {
            len: 0,
            moves: [0; 64],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// This line becomes `first` followed by `rest`.
    pub(crate) fn set(&mut self, first: u8, rest: &Line) {
        let n = usize::from(rest.len).min(63);
        self.moves[0] = first;
        self.moves[1..=n].copy_from_slice(&rest.moves[..n]);
        self.len = n as u8 + 1;
    }

    pub(crate) fn to_vec(self) -> Vec<u8> {
        self.moves[..usize::from(self.len)].to_vec()
    }
}

/// Legal moves with their flips, sorted by a key (highest first; equal keys keep ascending
/// square order, because the insertion sort is stable).
pub(crate) struct Moves {
    len: usize,
    items: [(i16, u8, u64); 64],
}

impl Moves {
    /// The moves of `moves` (a bitboard) for `player` against `opponent`, keyed by `key`.
    pub(crate) fn sorted(
        player: u64,
        opponent: u64,
        moves: u64,
        mut key: impl FnMut(u8, u64) -> i16,
    ) -> Moves {
        let mut m = Moves {
            len: 0,
            items: [(0, 0, 0); 64],
        };
        for sq in crate::board::squares(moves) {
            let f = flips(player, opponent, sq);
            let item = (key(sq, f), sq, f);
            let mut i = m.len;
            while i > 0 && m.items[i - 1].0 < item.0 {
                m.items[i] = m.items[i - 1];
                i -= 1;
            }
            m.items[i] = item;
            m.len += 1;
        }
        m
    }

    /// (square, flipped discs) in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u8, u64)> + '_ {
        self.items[..self.len].iter().map(|&(_, sq, f)| (sq, f))
    }
}

/// The root loop of docs/ai.md ("The chosen move"): returns the lowest-indexed move among
/// those of maximal exact value, and that value, whatever order `moves` comes in.
///
/// `child(player, opponent, alpha, beta, pv)` searches the position after a move, from the
/// point of view of the side then to move, and must return the exact value when it lies
/// strictly inside (alpha, beta) and a bound beyond the window otherwise. Moves that come
/// before the current best in square order are searched with the window (best - 1, +inf) so
/// that an equal value is recognised; later ones with (best, +inf).
pub(crate) fn root_loop(
    player: u64,
    opponent: u64,
    moves: &Moves,
    mut child: impl FnMut(u64, u64, i16, i16, &mut Line) -> i16,
) -> (u8, i16, Line) {
    let mut best: Option<(u8, i16)> = None;
    let mut pv = Line::new();
    let mut child_pv = Line::new();
    for (sq, f) in moves.iter() {
        let alpha = match best {
            None => -INF,
            Some((b, v)) if sq < b => v - 1,
            Some((_, v)) => v,
        };
        let (next_player, next_opponent) = (opponent & !f, player | f | 1u64 << sq);
        child_pv.clear();
        let v = -child(next_player, next_opponent, -INF, -alpha, &mut child_pv);
        let better = match best {
            None => true,
            Some((b, bv)) => v > bv || (v == bv && sq < b),
        };
        if better {
            best = Some((sq, v));
            pv.set(sq, &child_pv);
        }
    }
    let (sq, v) = best.expect("root_loop needs at least one move");
    (sq, v, pv)
}
