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

/// Bound of |leaf evaluation| (23552), far below [`WIN`] - 64.
pub const EVAL_BOUND: i16 = SQUARE_SUM_BOUND + MOBILITY_BOUND + POTENTIAL_BOUND;

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
    square_sum(w, player, opponent) + mobility_term(w, mp, mo) + potential_term(w, player, opponent)
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
