//! Flip counts for the last empty square, where every other square is occupied.
//!
//! Then the opponent holds every square the player does not, so the discs flipped along a
//! line depend only on the player's discs on that line: the count comes from a table indexed
//! by the square's place in the line and the line's 8-bit pattern, for the 4 lines through
//! the square. This is the innermost operation of the solver.

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `FLIPS[pos][pattern]`: discs flipped on a full line by playing at `pos` when the player
/// holds the squares of `pattern` and the opponent all the others.
static FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut pattern = 0;
        while pattern < 256 {
            let mut count = 0;
            // Towards lower positions, then higher: a run of opponent discs closed by ours.
            let mut i = pos as i32 - 1;
            while i >= 0 && pattern & (1 << i) == 0 {
                i -= 1;
            }
            if i >= 0 {
                count += pos as i32 - 1 - i;
            }
            let mut j = pos as i32 + 1;
            while j < 8 && pattern & (1 << j) == 0 {
                j += 1;
            }
            if j < 8 {
                count += j - pos as i32 - 1;
            }
            t[pos][pattern] = count as u8;
            pattern += 1;
        }
        pos += 1;
    }
    t
};

/// The two diagonals through each square, as masks.
static DIAGONALS: [(u64, u64); 64] = {
    let mut t = [(0u64, 0u64); 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut k = 0;
        while k < 8 {
            // Step 9 diagonal (a1-h8 direction): row - col constant.
            let r9 = r - c + k;
            if r9 >= 0 && r9 < 8 {
                t[sq].0 |= 1u64 << (r9 * 8 + k);
            }
            // Step 7 diagonal (h1-a8 direction): row + col constant.
            let r7 = r + c - k;
            if r7 >= 0 && r7 < 8 {
                t[sq].1 |= 1u64 << (r7 * 8 + k);
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// Discs flipped when `p` plays on `x`, the only empty square of the board.
#[inline]
pub(super) fn count_last_flip(p: u64, x: u32) -> i32 {
    let (row, col) = ((x / 8) as usize, (x % 8) as usize);
    let rank = ((p >> (row * 8)) & 0xff) as usize;
    let file = (((p >> col) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let (d9, d7) = DIAGONALS[x as usize];
    // One square per column on a diagonal: summing the rows gathers it by column.
    let diag9 = ((p & d9).wrapping_mul(FILE_A) >> 56) as usize;
    let diag7 = ((p & d7).wrapping_mul(FILE_A) >> 56) as usize;
    // Columns a diagonal does not reach read as opponent discs; they lie beyond its ends,
    // so a run into them meets no disc of ours and flips nothing, as at a board edge.
    let flips = FLIPS[col][rank] + FLIPS[row][file] + FLIPS[col][diag9] + FLIPS[col][diag7];
    i32::from(flips)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::flips;

    #[test]
    fn matches_the_general_flips_on_full_boards() {
        let mut rng = 0x0bad_cafe_dead_beefu64;
        for _ in 0..20_000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let x = (rng >> 58) as u32;
            let p = rng & !(1u64 << x);
            let o = !p & !(1u64 << x);
            assert_eq!(
                count_last_flip(p, x),
                flips(p, o, x as u8).count_ones() as i32,
                "{p:#x} {x}"
            );
        }
    }
}
