//! perft: the number of move sequences of a given length, the standard check of move generation.
//!
//! Two conventions are in use (see `tools/engine/data/perft.txt`); both count a pass as one ply.
//! They differ only on games that end before the target depth:
//!
//! - [`Convention::A`] (the default; Aart Bik 2009, OEIS A124004): such a finished game counts
//!   as one leaf.
//! - [`Convention::B`] (Edax 4.6 `perft`): such a finished game is not counted.
//!
//! A game that ends exactly at the target depth is a leaf in both. The count is done without
//! a hash table; the last ply is counted in bulk from the move bitboard.

use std::fmt;
use std::str::FromStr;

use crate::board::{flips, legal_moves, Board};

/// How games that end before the target depth are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// Bik / OEIS A124004: a game over before the target depth is one leaf. The default.
    #[default]
    A,
    /// Edax 4.6: a game over before the target depth is not counted.
    B,
}

/// A convention name that is neither `a` nor `b`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown perft convention {0:?}: expected `a` (Bik/OEIS, the default) or `b` (Edax)")]
pub struct ConventionError(pub String);

impl FromStr for Convention {
    type Err = ConventionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "a" | "bik" | "oeis" => Ok(Convention::A),
            "b" | "edax" => Ok(Convention::B),
            _ => Err(ConventionError(s.to_string())),
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Convention::A => "a",
            Convention::B => "b",
        })
    }
}

/// The number of leaves `depth` plies below `board`, counted by `convention`.
///
/// `depth` 0 is 1 (the position itself). Single-threaded; from the start position depth 13
/// visits about 2·10⁹ interior positions.
#[must_use]
pub fn perft(board: &Board, depth: u32, convention: Convention) -> u64 {
    let (p, o) = board.player_opponent();
    match (depth, convention) {
        (0, _) => 1,
        (_, Convention::A) => count::<true>(p, o, depth),
        (_, Convention::B) => count::<false>(p, o, depth),
    }
}

/// `depth` >= 1. `GAME_OVER_IS_LEAF` selects convention A.
fn count<const GAME_OVER_IS_LEAF: bool>(p: u64, o: u64, depth: u32) -> u64 {
    let moves = legal_moves(p, o);
    if moves == 0 {
        return if legal_moves(o, p) != 0 {
            // A pass is a ply.
            if depth == 1 {
                1
            } else {
                count::<GAME_OVER_IS_LEAF>(o, p, depth - 1)
            }
        } else {
            u64::from(GAME_OVER_IS_LEAF)
        };
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut total = 0;
    let mut rest = moves;
    if depth == 2 {
        while rest != 0 {
            let sq = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | (1u64 << sq));
            total += count_one_ply::<GAME_OVER_IS_LEAF>(np, no);
        }
        return total;
    }
    while rest != 0 {
        let sq = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let f = flips(p, o, sq);
        total += count::<GAME_OVER_IS_LEAF>(o & !f, p | f | (1u64 << sq), depth - 1);
    }
    total
}

/// Leaves one ply below (`p` to move), counted in bulk.
#[inline(always)]
fn count_one_ply<const GAME_OVER_IS_LEAF: bool>(p: u64, o: u64) -> u64 {
    let n = legal_moves(p, o).count_ones();
    if n != 0 {
        u64::from(n)
    } else if GAME_OVER_IS_LEAF {
        // Either a pass (one leaf) or a finished game (one leaf in convention A).
        1
    } else {
        u64::from(legal_moves(o, p) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn convention_names_parse_and_print() {
        assert_eq!("A".parse::<Convention>(), Ok(Convention::A));
        assert_eq!("edax".parse::<Convention>(), Ok(Convention::B));
        assert_eq!(Convention::default(), Convention::A);
        assert_eq!(Convention::B.to_string(), "b");
        let err = "c".parse::<Convention>().unwrap_err();
        assert!(err.to_string().contains("\"c\""), "{err}");
    }

    #[test]
    fn a_finished_game_is_one_leaf_in_a_and_none_in_b() {
        // Black has no disc: the game is over, at every depth.
        let over = Board {
            black: 0,
            white: 1,
            to_move: crate::Color::Black,
        };
        for depth in 1..4 {
            assert_eq!(perft(&over, depth, Convention::A), 1);
            assert_eq!(perft(&over, depth, Convention::B), 0);
        }
        assert_eq!(perft(&over, 0, Convention::B), 1);
    }
}
