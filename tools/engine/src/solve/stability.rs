//! Stable discs: discs that no sequence of moves can flip. The solver uses the opponent's
//! stable discs as an upper bound on its own score (stability cutoff).
//!
//! A disc is proven stable when, along each of the 4 line directions, it cannot be flanked:
//! the line is full, or one neighbour on it is off the board or a stable disc of the same
//! colour. Edge discs are handled exactly by a table over all 3^8 edge configurations
//! (an edge disc can only be flanked along its edge).

use std::sync::OnceLock;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xff;
const RANK_8: u64 = RANK_1 << 56;
const EDGES: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// Stable discs of `p` (against `o`); a subset of the truly stable ones.
#[must_use]
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let filled = p | o;
    let (full_h, full_v, full_d9, full_d7) = full_lines(filled);
    let mut stable = (edge_stable(p, o) | (full_h & full_v & full_d9 & full_d7)) & p;
    if stable == 0 {
        return 0;
    }
    // Edge discs are settled by the table; interior discs grow from stable neighbours.
    let candidates = p & !EDGES;
    loop {
        let h = full_h | ((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H);
        let v = full_v | (stable << 8) | (stable >> 8);
        let d9 = full_d9 | ((stable << 9) & !FILE_A) | ((stable >> 9) & !FILE_H);
        let d7 = full_d7 | ((stable << 7) & !FILE_H) | ((stable >> 7) & !FILE_A);
        let grown = stable | (candidates & h & v & d9 & d7);
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

/// Squares whose whole line is filled, for the 4 directions: horizontal, vertical, the
/// diagonal of step 9 (a1-h8) and the diagonal of step 7 (h1-a8).
fn full_lines(filled: u64) -> (u64, u64, u64, u64) {
    let mut h = filled & (filled >> 1) & (filled >> 2) & (filled >> 3);
    h &= h >> 4;
    h &= FILE_A;
    let h = h * 0xff;

    let mut v = filled & filled.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);

    // Diagonals: shift along the diagonal and fill in the board edge as "filled", since a
    // line ends there; after 7 steps each way the square knows whether its diagonal is full.
    let mut d9 = filled;
    let mut d7 = filled;
    let mut e9_up = filled;
    let mut e9_down = filled;
    let mut e7_up = filled;
    let mut e7_down = filled;
    for _ in 0..7 {
        e9_up = (e9_up >> 9) | FILE_H | RANK_8;
        e9_down = (e9_down << 9) | FILE_A | RANK_1;
        e7_up = (e7_up >> 7) | FILE_A | RANK_8;
        e7_down = (e7_down << 7) | FILE_H | RANK_1;
        // A step off the board reads as filled (the masks), so bits that wrap are overwritten.
        d9 &= e9_up & e9_down;
        d7 &= e7_up & e7_down;
    }
    (h, v, d9, d7)
}

/// Stable discs of `p` on the 4 edges, from the edge table.
fn edge_stable(p: u64, o: u64) -> u64 {
    let table = edge_table();
    let look = |pp: u64, oo: u64| u64::from(table[(pp as usize) | ((oo as usize) << 8)]);
    let top = look(p & RANK_1, o & RANK_1);
    let bottom = look(p >> 56, o >> 56) << 56;
    let left = unpack_file(look(pack_file(p), pack_file(o)));
    let right = unpack_file(look(pack_file(p >> 7), pack_file(o >> 7))) << 7;
    (top | bottom | left | right) & p
}

/// The a-file (bits 0, 8, ..., 56) as one byte, row 1 in bit 0.
fn pack_file(x: u64) -> u64 {
    ((x & FILE_A).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

fn unpack_file(byte: u64) -> u64 {
    let mut out = 0;
    for k in 0..8 {
        out |= ((byte >> k) & 1) << (8 * k);
    }
    out
}

/// For every edge (P, O) pair (index P | O << 8), the stable discs of P on that edge.
fn edge_table() -> &'static [u8; 65536] {
    static TABLE: OnceLock<Box<[u8; 65536]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Stable discs of both colours, memoised over the 3^8 edge configurations.
        let mut memo = vec![None; 6561];
        let mut table = Box::new([0u8; 65536]);
        for p in 0..256usize {
            for o in 0..256usize {
                if p & o == 0 {
                    let both = line_stable(p as u8, o as u8, &mut memo);
                    table[p | (o << 8)] = both & p as u8;
                }
            }
        }
        table
    })
}

/// Discs (of either colour) on one 8-square line that keep their colour whatever is played
/// on the line's empty squares, by either side, in any order.
fn line_stable(p: u8, o: u8, memo: &mut [Option<u8>]) -> u8 {
    let key = (0..8).fold(0usize, |k, i| {
        k * 3 + usize::from((p >> i) & 1) + 2 * usize::from((o >> i) & 1)
    });
    if let Some(s) = memo[key] {
        return s;
    }
    let mut stable = p | o;
    for x in 0..8 {
        let bit = 1u8 << x;
        if (p | o) & bit != 0 {
            continue;
        }
        // Either side may fill x (a move elsewhere on its other lines can make it legal).
        for (me, you) in [(p, o), (o, p)] {
            let f = line_flips(me, you, x);
            let (me2, you2) = (me | bit | f, you & !f);
            let (np, no) = if me == p { (me2, you2) } else { (you2, me2) };
            let unchanged = (p & np) | (o & no);
            stable &= unchanged & line_stable(np, no, memo);
        }
    }
    memo[key] = Some(stable);
    stable
}

/// Discs of `you` flipped along the line when `me` plays at `x`.
fn line_flips(me: u8, you: u8, x: u32) -> u8 {
    let mut f = 0u8;
    for step in [-1i32, 1] {
        let mut run = 0u8;
        let mut i = x as i32 + step;
        while (0..8).contains(&i) {
            let b = 1u8 << i;
            if you & b != 0 {
                run |= b;
            } else {
                if me & b != 0 {
                    f |= run;
                }
                break;
            }
            i += step;
        }
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{flips, legal_moves, squares};

    #[test]
    fn file_packing_round_trips() {
        for byte in 0..256u64 {
            assert_eq!(pack_file(unpack_file(byte)), byte);
        }
    }

    #[test]
    fn corners_and_full_boards_are_stable() {
        assert_eq!(stable_discs(1, 2), 1);
        assert_eq!(stable_discs(1 << 9, 2), 0);
        let p = 0x5555_5555_5555_5555;
        assert_eq!(stable_discs(p, !p), p);
    }

    /// Plays random games; a disc called stable must keep its colour to the end.
    #[test]
    fn stable_discs_never_flip_in_random_games() {
        let mut rng = 0x1234_5678_9abc_def1u64;
        let mut found = 0;
        for _ in 0..300 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let mut claims: Vec<(u64, u64)> = Vec::new(); // (stable of p-side, of o-side) by colour
            let mut black_to_move = true;
            loop {
                let moves = legal_moves(p, o);
                if moves == 0 {
                    if legal_moves(o, p) == 0 {
                        break;
                    }
                } else {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let list: Vec<u8> = squares(moves).collect();
                    let x = list[(rng % list.len() as u64) as usize];
                    let f = flips(p, o, x);
                    p |= f | (1 << x);
                    o &= !f;
                }
                std::mem::swap(&mut p, &mut o);
                black_to_move = !black_to_move;
                let (black, white) = if black_to_move { (p, o) } else { (o, p) };
                claims.push((stable_discs(black, white), stable_discs(white, black)));
                for &(sb, sw) in &claims {
                    assert_eq!(sb & !black, 0, "a stable black disc flipped");
                    assert_eq!(sw & !white, 0, "a stable white disc flipped");
                }
            }
            found += claims.last().map_or(0, |c| (c.0 | c.1).count_ones());
        }
        assert!(found > 0);
    }
}
