//! The evaluation of docs/ai.md: effective square weights with the corner adjustment, the
//! disc-square sum, the mobility term, terminal scores and Nixon's one-ply move score.
//!
//! Everything is a pure function of the position (and the weights), computed in `i16` as the
//! Z80 does. The `*_BOUND` constants are the overflow bounds of docs/ai.md; the validator's
//! ranges guarantee them, and overflow would panic in tests (overflow checks are on there).

use crate::board::{flips, line_moves, squares, wof_difference};
use crate::weights::Weights;

/// Base of a won or lost game inside a depth-limited search: a finished game scores
/// `WIN + d` (won), `-WIN + d` (lost) or 0 (drawn), `d` the WOF disc difference.
pub const WIN: i16 = 30_000;

/// The search's infinity: above every score, and safe to negate.
pub const INF: i16 = 32_000;

/// Most discs one move can flip: 19 (from d4, d5, e4 or e5; a test derives it from the rays).
pub const MAX_FLIPS: i16 = 19;

/// Largest |weight| a weights file can hold (-128).
pub const MAX_WEIGHT: i16 = 128;

/// Bound of |disc-square sum| and of every partial sum of it: 64 squares of |weight| <= 128.
pub const SQUARE_SUM_BOUND: i16 = 64 * MAX_WEIGHT;

/// Largest |weight| of the mobility and potential-mobility terms (docs/ai.md 7): the end of
/// the validator's range.
pub const MAX_MOBILITY_WEIGHT: i16 = *crate::weights::MOBILITY_RANGE.end() as i16;

/// Most line moves one side can have: the sum over the 42 lines of at least 2 squares of the
/// most squares one side can bracket along a line of that length (3 on a line of 8, 2 on 5 to
/// 7, 1 on 3 and 4; a test derives them).
pub const MAX_LINE_MOVES: i16 = 86;

/// Most line potential moves one side can have: the same sum for the empty squares next to an
/// opponent's disc along a line (5 on a line of 8, 4 on 6 and 7, 3 on 5, 2 on 3 and 4, 1 on 2).
pub const MAX_LINE_POTENTIAL: i16 = 154;

/// Bound of |mobility term|: |weight| <= 64 times a line-move difference of at most 86.
pub const MOBILITY_BOUND: i16 = MAX_LINE_MOVES * MAX_MOBILITY_WEIGHT;

/// Bound of |potential-mobility term|: |weight| <= 64 times a difference of at most 154.
pub const POTENTIAL_BOUND: i16 = MAX_LINE_POTENTIAL * MAX_MOBILITY_WEIGHT;

/// Most edge-stable discs one side can have: the 28 edge squares.
pub const MAX_STABLE: i16 = 28;

/// Bound of |stability term| + |parity term| + |edge term| + |corner-region term| (issue 53's
/// trial terms): 64 x 28 + 64 x 4 + 4 x 127 + 4 x 127.
pub const TRIAL_TERMS_BOUND: i16 =
    MAX_STABLE * MAX_MOBILITY_WEIGHT + 4 * MAX_MOBILITY_WEIGHT + 8 * (MAX_WEIGHT - 1);

/// Bound of |leaf evaluation| (26616 with the trial terms), far below [`WIN`] - 64.
pub const EVAL_BOUND: i16 = SQUARE_SUM_BOUND + MOBILITY_BOUND + POTENTIAL_BOUND + TRIAL_TERMS_BOUND;

/// Bound of |level-1 move score|: weight plus flip factor times flips (128 + 128 * 19).
pub const MOVE_SCORE_BOUND: i16 = MAX_WEIGHT + MAX_WEIGHT * MAX_FLIPS;

/// Bound of |level-2 score|: a move score minus a reply score, or plus the pass bonus.
pub const NIXON_HARD_BOUND: i16 = 2 * MOVE_SCORE_BOUND;

/// The four corners and, for each, its two edge neighbours and its diagonal neighbour.
pub const CORNERS: [(u8, [u8; 2], u8); 4] = [
    (0, [1, 8], 9),     // a1: b1, a2; b2
    (7, [6, 15], 14),   // h1: g1, h2; g2
    (56, [57, 48], 49), // a8: b8, a7; b7
    (63, [62, 55], 54), // h8: g8, h7; g7
];

/// What the corner adjustment does to a square: nothing, or the corner whose occupation makes
/// it take `corner.edge` or `corner.diagonal`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Adjust {
    None,
    Edge(u8),
    Diagonal(u8),
}

const ADJUST: [Adjust; 64] = {
    let mut t = [Adjust::None; 64];
    let mut i = 0;
    while i < 4 {
        let (corner, [e1, e2], diag) = CORNERS[i];
        t[e1 as usize] = Adjust::Edge(corner);
        t[e2 as usize] = Adjust::Edge(corner);
        t[diag as usize] = Adjust::Diagonal(corner);
        i += 1;
    }
    t
};

/// The weight of `sq` in a position whose occupied squares are `occupied`: the table value,
/// or the corner adjustment's value when `sq` neighbours an occupied corner.
#[must_use]
pub fn effective_weight(w: &Weights, occupied: u64, sq: u8) -> i16 {
    let v = match ADJUST[usize::from(sq)] {
        Adjust::Edge(c) if occupied >> c & 1 != 0 => w.corner_edge(),
        Adjust::Diagonal(c) if occupied >> c & 1 != 0 => w.corner_diagonal(),
        _ => w.squares()[usize::from(sq)],
    };
    i16::from(v)
}

/// The disc-square sum for the owner of `player`: the effective weights of its discs minus
/// those of the opponent's, added in ascending square order.
#[must_use]
pub fn square_sum(w: &Weights, player: u64, opponent: u64) -> i16 {
    let occupied = player | opponent;
    let mut sum = 0i16;
    for sq in squares(occupied) {
        let v = effective_weight(w, occupied, sq);
        if player >> sq & 1 != 0 {
            sum += v;
        } else {
            sum -= v;
        }
    }
    sum
}

/// The mobility term: `mobility` times (line moves of `player` - line moves of `opponent`).
#[must_use]
pub fn mobility_term(w: &Weights, player_moves: u32, opponent_moves: u32) -> i16 {
    // Counts are at most MAX_LINE_MOVES, so they fit; the product is bounded by MOBILITY_BOUND.
    let diff = player_moves as i16 - opponent_moves as i16;
    i16::from(w.mobility()) * diff
}

/// The line potential moves of the side whose opponent owns `discs` (docs/ai.md 3.3): for
/// each of the four orientations, the empty squares with a disc of `discs` next to them along
/// that orientation, summed over the orientations.
#[must_use]
pub fn line_potential(discs: u64, empty: u64) -> u32 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe; // every column but a (bit 0 of a row)
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let row = ((discs >> 1) & NOT_H) | ((discs << 1) & NOT_A);
    let column = discs >> 8 | discs << 8;
    let diagonal = ((discs >> 9) & NOT_H) | ((discs << 9) & NOT_A); // a1-h8 direction
    let anti = ((discs >> 7) & NOT_A) | ((discs << 7) & NOT_H); // h1-a8 direction
    (row & empty).count_ones()
        + (column & empty).count_ones()
        + (diagonal & empty).count_ones()
        + (anti & empty).count_ones()
}

/// The potential-mobility term: `potential` times (the line potential moves of `player`,
/// next to the opponent's discs, - those of the opponent).
#[must_use]
pub fn potential_term(w: &Weights, player: u64, opponent: u64) -> i16 {
    if w.potential() == 0 {
        return 0;
    }
    let empty = !(player | opponent);
    let mine = line_potential(opponent, empty) as i16;
    let theirs = line_potential(player, empty) as i16;
    i16::from(w.potential()) * (mine - theirs)
}

/// The four edges, each from a corner: rows 1 and 8, columns a and h (the cell at place i is
/// the digit of 3^i in the edge table's index).
pub const EDGES: [[u8; 8]; 4] = [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [56, 57, 58, 59, 60, 61, 62, 63],
    [0, 8, 16, 24, 32, 40, 48, 56],
    [7, 15, 23, 31, 39, 47, 55, 63],
];

/// The four 3x3 corner regions, the corner at place 0, then along the corner's row (places 1
/// and 2), then the next rows (3 to 5, 6 to 8), seen from the corner.
pub const CORNER_REGIONS: [[u8; 9]; 4] = {
    let mut t = [[0u8; 9]; 4];
    let mut k = 0;
    while k < 4 {
        let mut i = 0;
        while i < 9 {
            let (r, c) = (i / 3, i % 3);
            let row = if k >= 2 { 7 - r } else { r };
            let col = if k % 2 == 1 { 7 - c } else { c };
            t[k][i] = (8 * row + col) as u8;
            i += 1;
        }
        k += 1;
    }
    t
};

/// The base-3 index of the squares `cells` (place i = digit of 3^i): 0 empty, 1 `player`'s
/// disc, 2 `opponent`'s.
#[must_use]
pub fn pattern_index(cells: &[u8], player: u64, opponent: u64) -> usize {
    cells.iter().rev().fold(0usize, |acc, &sq| {
        3 * acc + usize::from(player >> sq & 1 != 0) + 2 * usize::from(opponent >> sq & 1 != 0)
    })
}

/// The edge term: the sum of the edge table's values of the four edges for `player`.
#[must_use]
pub fn edge_term(w: &Weights, player: u64, opponent: u64) -> i16 {
    w.edge().map_or(0, |t| {
        EDGES
            .iter()
            .map(|e| i16::from(t[pattern_index(e, player, opponent)]))
            .sum()
    })
}

/// The corner-region term: the sum of the corner-region table's values of the four corners.
#[must_use]
pub fn corner_region_term(w: &Weights, player: u64, opponent: u64) -> i16 {
    w.corner_region().map_or(0, |t| {
        CORNER_REGIONS
            .iter()
            .map(|e| i16::from(t[pattern_index(e, player, opponent)]))
            .sum()
    })
}

/// The edge-stable discs of the owner of `discs`: along each edge, the run of its discs from
/// each corner it owns, and all its discs on an edge that is full (an edge disc can be flipped
/// along its edge only).
#[must_use]
pub fn edge_stable(discs: u64, occupied: u64) -> u64 {
    let mut stable = 0u64;
    for edge in &EDGES {
        let mask: u64 = edge.iter().map(|&sq| 1u64 << sq).sum();
        if occupied & mask == mask {
            stable |= discs & mask;
            continue;
        }
        for &sq in edge.iter().take_while(|&&sq| discs >> sq & 1 != 0) {
            stable |= 1 << sq;
        }
        for &sq in edge.iter().rev().take_while(|&&sq| discs >> sq & 1 != 0) {
            stable |= 1 << sq;
        }
    }
    stable
}

/// The stability term: `stability` times (my edge-stable discs - the opponent's).
#[must_use]
pub fn stability_term(w: &Weights, player: u64, opponent: u64) -> i16 {
    if w.stability() == 0 {
        return 0;
    }
    let occupied = player | opponent;
    let mine = edge_stable(player, occupied).count_ones() as i16;
    let theirs = edge_stable(opponent, occupied).count_ones() as i16;
    i16::from(w.stability()) * (mine - theirs)
}

/// The region-parity term for the side to move (`player`): `parity` times the number of the
/// four 4x4 quadrants holding an odd number of empty squares (where the side to move may get
/// the last move).
#[must_use]
pub fn parity_term(w: &Weights, player: u64, opponent: u64) -> i16 {
    if w.parity() == 0 {
        return 0;
    }
    const QUADRANTS: [u64; 4] = [
        0x0000_0000_0f0f_0f0f,
        0x0000_0000_f0f0_f0f0,
        0x0f0f_0f0f_0000_0000,
        0xf0f0_f0f0_0000_0000,
    ];
    let empty = !(player | opponent);
    let odd = QUADRANTS
        .iter()
        .filter(|&&q| (empty & q).count_ones() % 2 == 1)
        .count() as i16;
    i16::from(w.parity()) * odd
}

/// The heuristic leaf evaluation for the side owning `player`: disc-square sum plus mobility
/// and potential-mobility terms. Used on positions that are not finished (see [`leaf_value`]).
#[must_use]
pub fn evaluate(w: &Weights, player: u64, opponent: u64) -> i16 {
    let mp = line_moves(player, opponent);
    let mo = line_moves(opponent, player);
    heuristic(w, player, opponent, mp, mo)
}

/// [`evaluate`] with the line moves of both sides already counted.
fn heuristic(w: &Weights, player: u64, opponent: u64, mp: u32, mo: u32) -> i16 {
    square_sum(w, player, opponent)
        + mobility_term(w, mp, mo)
        + potential_term(w, player, opponent)
        + trial_terms(w, player, opponent)
}

/// Issue 53's trial terms: edge table, corner regions, edge stability, region parity; 0 with
/// the default weights file, which has none of them.
#[must_use]
pub fn trial_terms(w: &Weights, player: u64, opponent: u64) -> i16 {
    edge_term(w, player, opponent)
        + corner_region_term(w, player, opponent)
        + stability_term(w, player, opponent)
        + parity_term(w, player, opponent)
}

/// The score of a finished game inside a depth-limited search: `WIN + d`, `-WIN + d` or 0.
#[must_use]
pub fn terminal_score(player: u64, opponent: u64) -> i16 {
    // |d| <= 64, so the result stays within WIN + 64 < INF.
    let d = wof_difference(player, opponent) as i16;
    match d {
        0 => 0,
        d if d > 0 => WIN + d,
        d => -WIN + d,
    }
}

/// The value of a depth-0 node: [`terminal_score`] when neither side can move, otherwise
/// [`evaluate`].
#[must_use]
pub fn leaf_value(w: &Weights, player: u64, opponent: u64) -> i16 {
    let mp = line_moves(player, opponent);
    let mo = line_moves(opponent, player);
    if mp == 0 && mo == 0 {
        terminal_score(player, opponent)
    } else {
        heuristic(w, player, opponent, mp, mo)
    }
}

/// Nixon's flip factor for a move made with `discs` discs on the board.
#[must_use]
pub fn flip_factor(w: &Weights, discs: u32) -> i16 {
    if discs < u32::from(w.flip_boundary()) {
        i16::from(w.flip_early())
    } else {
        i16::from(w.flip_late())
    }
}

/// Nixon's one-ply move score of playing `sq` for the owner of `player`: the square's effective
/// weight plus the flip factor times the number of discs flipped. `None` when illegal.
#[must_use]
pub fn move_score(w: &Weights, player: u64, opponent: u64, sq: u8) -> Option<i16> {
    let occupied = player | opponent;
    if sq >= 64 || occupied >> sq & 1 != 0 {
        return None;
    }
    let flipped = flips(player, opponent, sq);
    if flipped == 0 {
        return None;
    }
    // A move never changes which corners are occupied except by occupying `sq` itself, and a
    // corner is nobody's neighbour: the weight before and after the move is the same.
    let weight = effective_weight(w, occupied, sq);
    let factor = flip_factor(w, occupied.count_ones());
    Some(weight + factor * flipped.count_ones() as i16)
}

#[cfg(test)]
mod trial_tests {
    use super::*;
    use crate::weights::{reverse_state, swap_colours, DEFAULT_TOML};

    /// The shipped file without its edge table (the last section), `extra_search` added to
    /// `[search]` and `tables` at the end.
    fn with(extra_search: &str, tables: &str) -> Result<Weights, crate::weights::WeightsError> {
        let shipped = &DEFAULT_TOML[..DEFAULT_TOML.find("\n[edge]\n").expect("an edge table")];
        let text = shipped.replace("[search]\n", &format!("[search]\n{extra_search}"));
        Weights::parse(&format!("{text}\n{tables}"), "t.toml")
    }

    /// An edge table the Z80 program can hold: antisymmetric, the same read from either end,
    /// each value plus its line share within a byte (|value| <= 90).
    fn edge_table() -> Vec<i64> {
        let t = table(8);
        let mut out: Vec<Option<i64>> = vec![None; t.len()];
        for s in 0..t.len() {
            if out[s].is_some() {
                continue;
            }
            let same = [s, reverse_state(s, 8)];
            let swapped = swap_colours(s, 8);
            let negated = [swapped, reverse_state(swapped, 8)];
            // A class that is its own colour swap is worth 0.
            let v = if same.iter().any(|x| negated.contains(x)) {
                0
            } else {
                t[s] * 90 / 127
            };
            same.iter().for_each(|&x| out[x] = Some(v));
            negated.iter().for_each(|&x| out[x] = Some(-v));
        }
        out.into_iter().map(|v| v.expect("every state")).collect()
    }

    /// An antisymmetric table of `cells` squares from a little generator.
    fn table(cells: u32) -> Vec<i64> {
        let n = 3usize.pow(cells);
        let mut t = vec![0i64; n];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for s in 0..n {
            let j = swap_colours(s, cells);
            if j > s {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                t[s] = (seed % 255) as i64 - 127;
                t[j] = -t[s];
            }
        }
        t
    }

    fn section(name: &str, t: &[i64]) -> String {
        let v: Vec<String> = t.iter().map(i64::to_string).collect();
        format!("[{name}]\nvalues = [{}]\n", v.join(", "))
    }

    #[test]
    fn the_default_file_has_the_edge_table_and_no_other_trial_term() {
        let w = Weights::default();
        assert_eq!((w.stability(), w.parity()), (0, 0));
        assert!(w.edge().is_some() && w.corner_region().is_none());
        assert!(!w.has_reference_only_terms());
        let (p, o) = (0x0000_0018_1c08_0000u64, 0x0000_2000_2010_0000u64);
        assert_eq!(trial_terms(&w, p, o), edge_term(&w, p, o));
        assert_eq!(trial_terms(&w.without_edge(), p, o), 0);
        // A 464 keeps the file's book: the fingerprint reads the table either way.
        assert_eq!(
            crate::book::evaluation_fingerprint(&w),
            crate::book::evaluation_fingerprint(&w.without_edge())
        );
    }

    #[test]
    fn edge_stable_discs_run_from_owned_corners_and_fill_full_edges() {
        // Black: a1 b1 c1, e1; a2; white d1. Row 1 not full: a1 b1 c1 from a1, a2 from a1.
        let black = 1u64 | 1 << 1 | 1 << 2 | 1 << 4 | 1 << 8;
        let white = 1u64 << 3;
        let occ = black | white;
        assert_eq!(edge_stable(black, occ), 1 | 1 << 1 | 1 << 2 | 1 << 8);
        assert_eq!(edge_stable(white, occ), 0);
        // Row 8 full, alternating: every disc on it stable, both colours.
        let b8: u64 = 0x55u64 << 56;
        let w8: u64 = 0xaau64 << 56;
        assert_eq!(edge_stable(b8, b8 | w8), b8);
        assert_eq!(edge_stable(w8, b8 | w8), w8);
    }

    #[test]
    fn the_trial_terms_keep_the_evaluation_antisymmetric() {
        let tables = format!(
            "{}{}",
            section("edge", &edge_table()),
            section("corner_region", &table(9))
        );
        let w = with("stability = 12\n", &tables).expect("valid");
        assert_eq!(w.edge().map(<[i8]>::len), Some(6561));
        let mut seed = 0x1234_5678_9abc_def1u64;
        for n in 0..5_000 {
            let (mut p, mut o) = (0u64, 0u64);
            for sq in 0..64 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                match seed % 9 {
                    x if x < (n % 9) / 2 => p |= 1 << sq,
                    x if x < n % 9 => o |= 1 << sq,
                    _ => {}
                }
            }
            let v = evaluate(&w, p, o);
            assert_eq!(v, -evaluate(&w, o, p));
            assert!(i32::from(v).abs() <= i32::from(EVAL_BOUND));
            assert!(i32::from(trial_terms(&w, p, o)).abs() <= i32::from(TRIAL_TERMS_BOUND));
        }
    }

    #[test]
    fn parity_counts_the_odd_quadrants_for_the_side_to_move() {
        let w = with("parity = 5\n", "").expect("valid");
        // The start: every quadrant has 15 empty squares.
        let b = crate::board::Board::start();
        let (p, o) = b.player_opponent();
        assert_eq!(parity_term(&w, p, o), 20);
    }

    #[test]
    fn bad_trial_keys_are_reported_where_they_are() {
        let err =
            |e: Result<Weights, crate::weights::WeightsError>| e.expect_err("invalid").to_string();
        let e = err(with("stability = 65\n", ""));
        assert!(
            e.starts_with("t.toml:") && e.contains("search.stability = 65 is out of range"),
            "{e}"
        );
        let e = err(with("", &section("edge", &[0; 10])));
        assert!(
            e.contains("edge.values has 10 values, expected 3^8 = 6561"),
            "{e}"
        );
        let mut t = edge_table();
        t[1] = 5;
        t[2] = 5;
        let e = err(with("", &section("edge", &t)));
        assert!(
            e.contains("edge.values[1] = 5 but its colour swap edge.values[2] = 5"),
            "{e}"
        );
        let mut t = table(9);
        t[0] = 200;
        let e = err(with("", &section("corner_region", &t)));
        assert!(
            e.contains("corner_region.values[0] = 200 is out of range"),
            "{e}"
        );
    }
}
