//! The leaf's mobility terms line by line (docs/ai.md 3.3): the 42 lines of the board and
//! each line's share of `M * (mP - mO) + PM * (pP - pO)`, which depends on the line's contents
//! alone. The Z80 program reads the shares from tables of every state of a line (its base-3
//! number) instead of scanning the board (docs/ai.md appendix A, "Line tables"); they are made
//! here, so that the weights file is checked against what the tables can hold, and the tables
//! against the reference's own counts (the tests below).

/// Lines of at least two squares: 8 rows, 8 columns, 13 + 13 diagonals.
pub const LINE_COUNT: usize = 42;
/// The shortest and the longest line.
pub const LENGTHS: std::ops::RangeInclusive<usize> = 2..=8;
/// A line's share, from black's side, lies within -SHARE_LIMIT..SHARE_LIMIT for the weights a
/// file may give (docs/ai.md 2): the Z80's tables hold it in a byte, each table biased by
/// minus its smallest share, so a byte is at most 2 * SHARE_LIMIT.
pub const SHARE_LIMIT: i32 = 64;

/// The 42 lines (square = 8 * row + column, in order along the line): rows, columns, the
/// diagonals in the a1-h8 direction, then those in the h1-a8 direction, each starting from
/// row 1 (then from the a or h file).
#[must_use]
pub fn lines() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::with_capacity(LINE_COUNT);
    for r in 0..8 {
        out.push((0..8).map(|c| 8 * r + c).collect());
    }
    for c in 0..8 {
        out.push((0..8).map(|r| 8 * r + c).collect());
    }
    for step in [1i32, -1] {
        let edge = if step == 1 { 0 } else { 7 };
        let starts = (0..8).map(|c| (0, c)).chain((1..8).map(|r| (r, edge)));
        for (r0, c0) in starts {
            let line: Vec<u8> = (0..8)
                .map(|k| (r0 + k, c0 + step * k))
                .take_while(|&(r, c)| r < 8 && (0..8).contains(&c))
                .map(|(r, c)| (8 * r + c) as u8)
                .collect();
            if line.len() >= 2 {
                out.push(line);
            }
        }
    }
    debug_assert_eq!(out.len(), LINE_COUNT);
    out
}

/// The counts of docs/ai.md 3.3 on one line, `cells` along it (0 empty, 1 black, 2 white):
/// (black's line moves, white's, black's line potential moves, white's).
#[must_use]
pub fn line_counts(cells: &[u8]) -> [i32; 4] {
    let at = |i: isize| cells.get(usize::try_from(i).ok()?).copied();
    let mut counts = [0; 4];
    for (i, _) in cells.iter().enumerate().filter(|(_, &c)| c == 0) {
        for (me, other) in [(1u8, 2u8), (2, 1)] {
            let mut brackets = false;
            let mut next_to = false;
            for step in [-1isize, 1] {
                let mut j = i as isize + step;
                if at(j) != Some(other) {
                    continue;
                }
                next_to = true;
                while at(j) == Some(other) {
                    j += step;
                }
                brackets |= at(j) == Some(me);
            }
            let side = usize::from(me - 1);
            counts[side] += i32::from(brackets);
            counts[2 + side] += i32::from(next_to);
        }
    }
    counts
}

/// The cells of the line state `state` (base 3, the cell at place i the digit of 3^i).
#[must_use]
pub fn state_cells(mut state: usize, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| {
            let digit = (state % 3) as u8;
            state /= 3;
            digit
        })
        .collect()
}

/// The share of a line from black's side, `M * (mB - mW) + PM * (pB - pW)`.
#[must_use]
pub fn share(mobility: i32, potential: i32, cells: &[u8]) -> i32 {
    let [mb, mw, pb, pw] = line_counts(cells);
    mobility * (mb - mw) + potential * (pb - pw)
}

/// The table of a line of `len` squares for the weights `mobility` (M) and `potential` (PM):
/// the share of each of its 3^len states.
#[must_use]
pub fn table(mobility: i32, potential: i32, len: usize) -> Vec<i32> {
    let (m, pm) = (mobility, potential);
    (0..3usize.pow(len as u32))
        .map(|s| share(m, pm, &state_cells(s, len)))
        .collect()
}

/// Every (mB - mW, pB - pW) that a line of 2 to 8 squares can have.
fn differences() -> &'static [(i32, i32)] {
    static DIFFERENCES: std::sync::OnceLock<Vec<(i32, i32)>> = std::sync::OnceLock::new();
    DIFFERENCES.get_or_init(|| {
        let mut all: Vec<(i32, i32)> = LENGTHS
            .flat_map(|len| {
                (0..3usize.pow(len as u32)).map(move |s| {
                    let [mb, mw, pb, pw] = line_counts(&state_cells(s, len));
                    (mb - mw, pb - pw)
                })
            })
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    })
}

/// The largest |share| of any line for these weights of the two terms.
#[must_use]
pub fn largest_share(mobility: i32, potential: i32) -> i32 {
    differences()
        .iter()
        .map(|&(dm, dp)| (mobility * dm + potential * dp).abs())
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::line_moves;
    use crate::eval::line_potential;

    /// The reference's terms from black's side, by its bitboard counts.
    fn terms(m: i32, pm: i32, black: u64, white: u64) -> i32 {
        let empty = !(black | white);
        m * (line_moves(black, white) as i32 - line_moves(white, black) as i32)
            + pm * (line_potential(white, empty) as i32 - line_potential(black, empty) as i32)
    }

    #[test]
    fn the_lines_cover_every_square_four_times_less_the_corner_diagonals() {
        let lines = lines();
        assert_eq!(lines.len(), LINE_COUNT);
        let mut seen = [0; 64];
        for line in &lines {
            assert!(LENGTHS.contains(&line.len()));
            for &sq in line {
                seen[usize::from(sq)] += 1;
            }
        }
        // A corner lies on a one-square diagonal, which is no line.
        for (sq, &n) in seen.iter().enumerate() {
            let corner = [0, 7, 56, 63].contains(&sq);
            assert_eq!(n, if corner { 3 } else { 4 }, "square {sq}");
        }
        let tables: usize = LENGTHS.map(|len| 3usize.pow(len as u32)).sum();
        assert_eq!(tables, 9837, "one table a length");
    }

    #[test]
    fn the_shares_of_the_42_lines_add_up_to_the_references_terms() {
        for (m, pm) in [(3, 7), (10, 5), (-4, 9), (0, 0)] {
            let lines = lines();
            let mut seed = 0x1234_5678_9abc_def1u64;
            let mut next = || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            };
            for n in 0..20_000 {
                // From nearly empty to full.
                let density = n % 9;
                let (mut black, mut white) = (0u64, 0u64);
                for sq in 0..64 {
                    if next() % 8 < density {
                        if next() & 1 == 0 {
                            black |= 1 << sq;
                        } else {
                            white |= 1 << sq;
                        }
                    }
                }
                let summed: i32 = lines
                    .iter()
                    .map(|line| {
                        let cells: Vec<u8> = line
                            .iter()
                            .map(|&sq| {
                                u8::from(black >> sq & 1 != 0) + 2 * u8::from(white >> sq & 1 != 0)
                            })
                            .collect();
                        share(m, pm, &cells)
                    })
                    .sum();
                assert_eq!(
                    summed,
                    terms(m, pm, black, white),
                    "M {m} PM {pm}: black {black:#x} white {white:#x}"
                );
            }
        }
    }

    #[test]
    fn a_line_moves_its_difference_by_at_most_3_and_5() {
        let d = differences();
        assert_eq!(d.iter().map(|p| p.0.abs()).max(), Some(3));
        assert_eq!(d.iter().map(|p| p.1.abs()).max(), Some(5));
        // The shipped weights fit; the classic ones (docs/ai.md 3.3) too; 20 / 10 do not.
        assert!(largest_share(3, 7) <= SHARE_LIMIT);
        assert!(largest_share(10, 5) <= SHARE_LIMIT);
        assert!(largest_share(20, 10) > SHARE_LIMIT);
        // 3 |M| + 5 |PM| <= 64 always fits.
        for m in -21..=21 {
            for pm in -12..=12 {
                if 3 * i32::abs(m) + 5 * i32::abs(pm) <= SHARE_LIMIT {
                    assert!(largest_share(m, pm) <= SHARE_LIMIT, "{m} {pm}");
                }
            }
        }
    }

    #[test]
    fn a_table_is_the_share_of_every_state() {
        let (m, pm) = (3, 7);
        let t = table(m, pm, 3);
        assert_eq!(t.len(), 27);
        // Empty, black, white: one white move on the left (state 0 + 1*3 + 2*9).
        assert_eq!(t[3 + 2 * 9], share(m, pm, &[0, 1, 2]));
        assert_eq!(line_counts(&[0, 1, 2]), [0, 1, 0, 1]);
        assert_eq!(line_counts(&[0, 2, 2, 1]), [1, 0, 1, 0]);
        assert_eq!(line_counts(&[1, 0, 2]), [0, 0, 1, 1]);
    }
}
