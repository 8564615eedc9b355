//! The last plies of the exact solve: no table, no move list, parity ordering.
//!
//! With few empties the cost of ordering exceeds its gain, so moves are tried straight from
//! the empty squares: first those in a quadrant with an odd number of empties (playing there
//! tends to keep the last move of each region), then the others. Every function here is a
//! null-window search at `alpha` (is the score > alpha?) and fails soft.

use super::last_flip::count_last_flip;
use super::Solver;
use crate::board::{flips, legal_moves, wof_difference};

/// The four 4x4 quadrants.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// For each 4-bit set of quadrants, the union of their squares.
static QUADRANT_UNION: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut k = 0;
    while k < 16 {
        let mut q = 0;
        while q < 4 {
            if k & (1 << q) != 0 {
                t[k] |= QUADRANTS[q];
            }
            q += 1;
        }
        k += 1;
    }
    t
};

/// The quadrant bit (1, 2, 4 or 8) of each square.
static QUADRANT_BIT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1 << ((sq / 32) * 2 + (sq % 8) / 4);
        sq += 1;
    }
    t
};

/// The 8 neighbours of each square: a move there needs an opponent disc among them.
static NEIGHBOURS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nr, nc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && nr >= 0 && nr < 8 && nc >= 0 && nc < 8 {
                    t[sq] |= 1u64 << (nr * 8 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    t
};

/// The set of quadrants holding an odd number of the squares `empties`.
#[inline]
pub(super) fn parity(empties: u64) -> u32 {
    QUADRANTS.iter().enumerate().fold(0, |acc, (q, &m)| {
        acc | (((empties & m).count_ones() & 1) << q)
    })
}

/// Squares in odd quadrants (by `parity`).
#[inline]
pub(super) fn odd_squares(parity: u32) -> u64 {
    QUADRANT_UNION[(parity & 15) as usize]
}

/// The quadrant bit of a square.
#[inline]
pub(super) fn quadrant_bit(sq: u32) -> u32 {
    u32::from(QUADRANT_BIT[sq as usize])
}

/// The moved position: `x` played by `p` flipping `f`, seen from the new side to move.
#[inline(always)]
fn after(p: u64, o: u64, x: u32, f: u64) -> (u64, u64) {
    (o & !f, p | f | (1u64 << x))
}

/// The flips of a move at `x`, or 0 when it is illegal; skips the flip scan when no
/// opponent disc touches `x`.
#[inline(always)]
fn try_move(p: u64, o: u64, x: u32) -> u64 {
    if NEIGHBOURS[x as usize] & o == 0 {
        0
    } else {
        flips(p, o, x as u8)
    }
}

impl Solver {
    /// Null-window search with `n` (5 or more) empties and their quadrant `parity`.
    pub(super) fn shallow(&mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32) -> i32 {
        self.nodes += 1;
        if 64 - 2 * o.count_ones() as i32 <= alpha {
            let upper = 64 - 2 * super::stability::stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let empties = !(p | o);
        let odd = odd_squares(parity);
        let mut best = -super::INF;
        for region in [empties & odd, empties & !odd] {
            let mut rest = region;
            while rest != 0 {
                let x = rest.trailing_zeros();
                rest &= rest - 1;
                let f = try_move(p, o, x);
                if f == 0 {
                    continue;
                }
                let (np, no) = after(p, o, x, f);
                let child_parity = parity ^ quadrant_bit(x);
                let v = if n == 5 {
                    -self.solve_4(np, no, -alpha - 1, child_parity)
                } else {
                    -self.shallow(np, no, -alpha - 1, n - 1, child_parity)
                };
                if v > best {
                    if v > alpha {
                        return v;
                    }
                    best = v;
                }
            }
        }
        if best == -super::INF {
            return if legal_moves(o, p) == 0 {
                wof_difference(p, o)
            } else {
                -self.shallow(o, p, -alpha - 1, n, parity)
            };
        }
        best
    }

    /// Four empties, tried odd quadrants first.
    pub(super) fn solve_4(&mut self, p: u64, o: u64, alpha: i32, parity: u32) -> i32 {
        let empties = !(p | o);
        let odd = odd_squares(parity);
        let mut xs = [0u32; 4];
        let mut k = 0;
        for region in [empties & odd, empties & !odd] {
            let mut rest = region;
            while rest != 0 {
                xs[k] = rest.trailing_zeros();
                rest &= rest - 1;
                k += 1;
            }
        }
        let [a, b, c, d] = xs;
        self.nodes += 1;
        let orders = [
            (a, [b, c, d]),
            (b, [a, c, d]),
            (c, [a, b, d]),
            (d, [a, b, c]),
        ];
        let mut best = -super::INF;
        for (x, rest) in orders {
            let f = try_move(p, o, x);
            if f != 0 {
                let (np, no) = after(p, o, x, f);
                let v = -self.solve_3(np, no, -alpha - 1, rest);
                if v > best {
                    if v > alpha {
                        return v;
                    }
                    best = v;
                }
            }
        }
        if best != -super::INF {
            return best;
        }
        // Pass: the opponent picks the minimum of our score.
        let mut worst = super::INF;
        for (x, rest) in orders {
            let f = try_move(o, p, x);
            if f != 0 {
                let (np, no) = after(o, p, x, f);
                let v = self.solve_3(np, no, alpha, rest);
                if v < worst {
                    if v <= alpha {
                        return v;
                    }
                    worst = v;
                }
            }
        }
        if worst == super::INF {
            wof_difference(p, o)
        } else {
            worst
        }
    }

    /// Three empties; a square alone in its quadrant goes first.
    pub(super) fn solve_3(&mut self, p: u64, o: u64, alpha: i32, xs: [u32; 3]) -> i32 {
        let q = |x: u32| QUADRANT_BIT[x as usize];
        let [a, b, c] = xs;
        let [a, b, c] = if q(a) == q(b) {
            [c, a, b]
        } else if q(a) == q(c) {
            [b, a, c]
        } else {
            [a, b, c]
        };
        self.nodes += 1;
        let orders = [(a, b, c), (b, a, c), (c, a, b)];
        let mut best = -super::INF;
        for (x, y, z) in orders {
            let f = try_move(p, o, x);
            if f != 0 {
                let (np, no) = after(p, o, x, f);
                let v = -self.solve_2(np, no, -alpha - 1, y, z);
                if v > best {
                    if v > alpha {
                        return v;
                    }
                    best = v;
                }
            }
        }
        if best != -super::INF {
            return best;
        }
        let mut worst = super::INF;
        for (x, y, z) in orders {
            let f = try_move(o, p, x);
            if f != 0 {
                let (np, no) = after(o, p, x, f);
                let v = self.solve_2(np, no, alpha, y, z);
                if v < worst {
                    if v <= alpha {
                        return v;
                    }
                    worst = v;
                }
            }
        }
        if worst == super::INF {
            wof_difference(p, o)
        } else {
            worst
        }
    }

    /// Two empties.
    pub(super) fn solve_2(&mut self, p: u64, o: u64, alpha: i32, x: u32, y: u32) -> i32 {
        self.nodes += 1;
        let mut best = -super::INF;
        let f = try_move(p, o, x);
        if f != 0 {
            let (np, no) = after(p, o, x, f);
            best = -self.solve_1(np, no, y);
            if best > alpha {
                return best;
            }
        }
        let f = try_move(p, o, y);
        if f != 0 {
            let (np, no) = after(p, o, y, f);
            best = best.max(-self.solve_1(np, no, x));
        }
        if best != -super::INF {
            return best;
        }
        let mut worst = super::INF;
        let f = try_move(o, p, x);
        if f != 0 {
            let (np, no) = after(o, p, x, f);
            worst = self.solve_1(np, no, y);
            if worst <= alpha {
                return worst;
            }
        }
        let f = try_move(o, p, y);
        if f != 0 {
            let (np, no) = after(o, p, y, f);
            worst = worst.min(self.solve_1(np, no, x));
        }
        if worst == super::INF {
            wof_difference(p, o)
        } else {
            worst
        }
    }

    /// One empty square `x`: the exact score, whoever can play there.
    #[inline]
    pub(super) fn solve_1(&mut self, p: u64, o: u64, x: u32) -> i32 {
        self.nodes += 1;
        let discs = p.count_ones() as i32;
        let n = count_last_flip(p, x);
        if n != 0 {
            return 2 * (discs + n + 1) - 64;
        }
        let n = count_last_flip(o, x);
        if n != 0 {
            return 2 * (discs - n) - 64;
        }
        // Nobody can fill x: it goes to the winner (63 discs, so no draw).
        if 2 * discs > 63 {
            2 * discs - 62
        } else {
            2 * discs - 64
        }
    }
}
