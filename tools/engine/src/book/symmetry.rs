//! The 8 symmetries of the board and the canonical form of a position (docs/ai.md, "Opening
//! book"), exactly as `cpc/book.asm` computes them.
//!
//! Transform `t` (0..7) maps square (row, col): first, if bit 2 is set, it swaps row and
//! column (the a1-h8 diagonal); then, if bit 1 is set, row becomes 7 - row; then, if bit 0 is
//! set, col becomes 7 - col. The key of a position is 16 bytes: the rows 1..8 of the side to
//! move (bit c = column c), then those of its opponent. The canonical form is the image with
//! the smallest key, compared byte by byte; on equal keys the lowest `t` wins.

use crate::board::squares;

/// The number of symmetries.
pub const TRANSFORMS: u8 = 8;

/// A position's key: the side to move's 8 row bytes, then the opponent's.
pub type Key = [u8; 16];

/// The image of square `sq` (0..63) under transform `t` (0..7).
#[must_use]
pub fn transform_square(t: u8, sq: u8) -> u8 {
    let (mut row, mut col) = (sq >> 3 & 7, sq & 7);
    if t & 4 != 0 {
        std::mem::swap(&mut row, &mut col);
    }
    if t & 2 != 0 {
        row = 7 - row;
    }
    if t & 1 != 0 {
        col = 7 - col;
    }
    row * 8 + col
}

/// The transform that undoes `t`: the flips come before the swap in the inverse, and a flip of
/// rows before a swap is a flip of columns after it.
#[must_use]
pub fn inverse(t: u8) -> u8 {
    if t & 4 == 0 {
        t & 3
    } else {
        4 | (t & 1) << 1 | (t >> 1 & 1)
    }
}

/// The image of a set of squares under transform `t`.
#[must_use]
pub fn transform_bits(t: u8, bits: u64) -> u64 {
    squares(bits).fold(0, |image, sq| image | 1u64 << transform_square(t, sq))
}

/// The key of (side to move, opponent).
#[must_use]
pub fn key(player: u64, opponent: u64) -> Key {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&player.to_le_bytes());
    k[8..].copy_from_slice(&opponent.to_le_bytes());
    k
}

/// The canonical key of (side to move, opponent) and the lowest transform that gives it.
#[must_use]
pub fn canonical(player: u64, opponent: u64) -> (Key, u8) {
    (0..TRANSFORMS)
        .map(|t| {
            (
                key(transform_bits(t, player), transform_bits(t, opponent)),
                t,
            )
        })
        .min()
        .expect("8 transforms")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transforms_are_the_eight_distinct_symmetries() {
        let images: std::collections::HashSet<Vec<u8>> = (0..TRANSFORMS)
            .map(|t| (0..64).map(|s| transform_square(t, s)).collect())
            .collect();
        assert_eq!(images.len(), 8);
        for t in 0..TRANSFORMS {
            for s in 0..64 {
                assert_eq!(transform_square(inverse(t), transform_square(t, s)), s);
            }
        }
        // b1 (1) under each transform, worked out by hand.
        let b1: Vec<u8> = (0..TRANSFORMS).map(|t| transform_square(t, 1)).collect();
        assert_eq!(b1, [1, 6, 57, 62, 8, 15, 48, 55]);
    }
}
