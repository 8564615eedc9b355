//! Bitboard rules of Othello: legal moves, flips, passes, game end, the WOF final score.
//!
//! A board is two `u64` bitboards. Square index `i = row * 8 + col`, where col 0..7 is a..h
//! (left to right) and row 0..7 is 1..8 (top to bottom): a1 = bit 0, h1 = bit 7, a8 = bit 56,
//! h8 = bit 63. This is the order of the 64-character FFO board string.

use std::fmt;

/// A side. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// `X` in board strings.
    Black,
    /// `O` in board strings.
    White,
}

impl Color {
    /// 0 for black, 1 for white: the index of per-side arrays.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// Legal moves for the side owning `player` against `opponent`, as a bitboard.
///
/// Flood fill in the 4 line directions, both ways. The opponent mask drops the a and h files
/// for every direction with a horizontal component, so runs never wrap a file edge. Each
/// direction does two single steps and then two double steps (a run of opponent discs is at
/// most 6 long), which keeps the dependency chain short.
#[must_use]
#[inline]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let inner = opponent & 0x7e7e_7e7e_7e7e_7e7e;
    let moves = dir_moves(player, inner, 1)
        | dir_moves(player, opponent, 8)
        | dir_moves(player, inner, 7)
        | dir_moves(player, inner, 9);
    moves & !(player | opponent)
}

/// The line mobility of docs/ai.md 3.3: for each of the four orientations (row, column,
/// both diagonals), the empty squares where the owner of `player` brackets discs of
/// `opponent` along that orientation, summed over the orientations. A square legal along two
/// orientations counts twice; the sum is 0 exactly when the side has no legal move.
#[must_use]
pub fn line_moves(player: u64, opponent: u64) -> u32 {
    let inner = opponent & 0x7e7e_7e7e_7e7e_7e7e;
    let empty = !(player | opponent);
    (dir_moves(player, inner, 1) & empty).count_ones()
        + (dir_moves(player, opponent, 8) & empty).count_ones()
        + (dir_moves(player, inner, 7) & empty).count_ones()
        + (dir_moves(player, inner, 9) & empty).count_ones()
}

#[inline(always)]
fn dir_moves(player: u64, opp: u64, shift: u32) -> u64 {
    let double = shift * 2;
    let mut l = opp & (player << shift);
    l |= opp & (l << shift);
    let pairs_l = opp & (opp << shift);
    l |= pairs_l & (l << double);
    l |= pairs_l & (l << double);
    let mut r = opp & (player >> shift);
    r |= opp & (r >> shift);
    let pairs_r = opp & (opp >> shift);
    r |= pairs_r & (r >> double);
    r |= pairs_r & (r >> double);
    (l << shift) | (r >> shift)
}

/// Discs flipped when the owner of `player` plays on square `sq` (0..63) against `opponent`.
/// Returns 0 when the move flips nothing (it is then illegal). `sq` is taken modulo 64.
///
/// For each of the 8 rays leaving `sq` the first square that is not an opponent disc ends
/// the run; the run flips when that square is the player's. On rays towards higher indices
/// that square is the lowest set bit of `ray & !opponent`, towards lower indices the highest.
/// (Per-square compiled versions reached through a function table run fewer instructions
/// but lose more to mispredicted indirect calls; this branch-free loop is faster.)
#[must_use]
#[inline]
pub fn flips(player: u64, opponent: u64, sq: u8) -> u64 {
    let rays = &RAYS[usize::from(sq & 63)];
    let mut all = 0u64;
    for &ray in &rays[..4] {
        let stop = ray & !opponent;
        let first = stop & stop.wrapping_neg();
        let run = first.wrapping_sub(1) & ray;
        if first & player != 0 {
            all |= run;
        }
    }
    for &ray in &rays[4..] {
        // `| 1` keeps the bit scan defined; bit 0 then only counts when it is on the ray.
        let stop = (ray & !opponent) | 1;
        let first = 1u64 << (63 - stop.leading_zeros());
        let run = (first << 1).wrapping_neg() & ray;
        if first & player & ray != 0 {
            all |= run;
        }
    }
    all
}

/// For each square, the 8 rays leaving it (the square itself excluded): first the four
/// towards higher indices (+1, +7, +8, +9), then the four towards lower ones.
static RAYS: [[u64; 8]; 64] = make_rays();

const fn make_rays() -> [[u64; 8]; 64] {
    // (row step, column step) in the order of the table.
    const STEPS: [(i32, i32); 8] = [
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
        (0, -1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = STEPS[d];
            let (mut r, mut c) = (sq as i32 / 8 + dr, sq as i32 % 8 + dc);
            while r >= 0 && r < 8 && c >= 0 && c < 8 {
                rays[sq][d] |= 1u64 << (r * 8 + c);
                r += dr;
                c += dc;
            }
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The 8 directions as (row step, column step): N, NE, E, SE, S, SW, W, NW.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// A position: both bitboards and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Black discs.
    pub black: u64,
    /// White discs.
    pub white: u64,
    /// Side to move.
    pub to_move: Color,
}

/// What a move did, so that it can be undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The square played (0..63).
    pub square: u8,
    /// The discs it flipped.
    pub flipped: u64,
}

/// A final result under the WOF rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinalScore {
    /// Black's discs after empties are given to the winner.
    pub black: u8,
    /// White's discs after empties are given to the winner.
    pub white: u8,
}

impl Default for Board {
    fn default() -> Self {
        Self::start()
    }
}

impl Board {
    /// The standard start: d4, e5 white; d5, e4 black; black to move.
    #[must_use]
    pub fn start() -> Board {
        // Square index = 8 * (rank - 1) + file: d4 = 27, e4 = 28, d5 = 35, e5 = 36.
        let sq = |index: u8| 1u64 << index;
        Board {
            black: sq(35) | sq(28),
            white: sq(27) | sq(36),
            to_move: Color::Black,
        }
    }

    /// Bitboards as (side to move, opponent).
    #[must_use]
    pub fn player_opponent(&self) -> (u64, u64) {
        match self.to_move {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }

    /// Discs of one colour.
    #[must_use]
    pub fn discs(&self, color: Color) -> u64 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// Empty squares.
    #[must_use]
    pub fn empties(&self) -> u64 {
        !(self.black | self.white)
    }

    /// Legal moves of the side to move.
    #[must_use]
    pub fn legal_moves(&self) -> u64 {
        let (p, o) = self.player_opponent();
        legal_moves(p, o)
    }

    /// True when the side to move has no legal move (it must pass, or the game is over).
    #[must_use]
    pub fn must_pass(&self) -> bool {
        self.legal_moves() == 0
    }

    /// True when neither side can move.
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        let (p, o) = self.player_opponent();
        legal_moves(p, o) == 0 && legal_moves(o, p) == 0
    }

    /// Plays `sq` for the side to move. Returns `None` (board unchanged) when illegal.
    pub fn play(&mut self, sq: u8) -> Option<Undo> {
        if sq >= 64 || self.legal_moves() & (1u64 << sq) == 0 {
            return None;
        }
        let (p, o) = self.player_opponent();
        let flipped = flips(p, o, sq);
        let (p, o) = (p | flipped | (1u64 << sq), o & !flipped);
        self.set_player_opponent(p, o);
        self.to_move = self.to_move.opponent();
        Some(Undo {
            square: sq,
            flipped,
        })
    }

    /// Undoes [`Board::play`]: `undo` must come from the last move played on this board.
    pub fn unplay(&mut self, undo: Undo) {
        self.to_move = self.to_move.opponent();
        let (p, o) = self.player_opponent();
        let p = p & !(undo.flipped | (1u64 << undo.square));
        let o = o | undo.flipped;
        self.set_player_opponent(p, o);
    }

    /// Passes: only the side to move changes.
    pub fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    fn set_player_opponent(&mut self, p: u64, o: u64) {
        match self.to_move {
            Color::Black => (self.black, self.white) = (p, o),
            Color::White => (self.white, self.black) = (p, o),
        }
    }

    /// Final score by the WOF rule: empty squares go to the winner; a draw is 32-32.
    #[must_use]
    pub fn final_score(&self) -> FinalScore {
        let b = self.black.count_ones() as u8;
        let w = self.white.count_ones() as u8;
        let e = 64 - b - w;
        match b.cmp(&w) {
            std::cmp::Ordering::Greater => FinalScore {
                black: b + e,
                white: w,
            },
            std::cmp::Ordering::Less => FinalScore {
                black: b,
                white: w + e,
            },
            std::cmp::Ordering::Equal => FinalScore {
                black: 32,
                white: 32,
            },
        }
    }
}

/// Exact final disc difference for the owner of `player` by the WOF rule, for a finished game.
#[must_use]
pub fn wof_difference(player: u64, opponent: u64) -> i32 {
    let p = player.count_ones() as i32;
    let o = opponent.count_ones() as i32;
    let e = 64 - p - o;
    match p.cmp(&o) {
        std::cmp::Ordering::Greater => p - o + e,
        std::cmp::Ordering::Less => p - o - e,
        std::cmp::Ordering::Equal => 0,
    }
}

/// Iterates the squares (0..63, ascending) of a bitboard.
pub fn squares(mut bits: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let sq = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(sq)
        }
    })
}

/// The name `a1`..`h8` of a square index 0..63 (taken modulo 64): a1 is 0, h1 7, a8 56.
#[must_use]
pub fn square_name(sq: u8) -> String {
    let sq = sq & 63;
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain square-by-square walk, as the reference for the bit tricks of [`flips`].
    fn flips_reference(player: u64, opponent: u64, sq: u8) -> u64 {
        let (row, col) = (i32::from(sq / 8), i32::from(sq % 8));
        let mut all = 0u64;
        for (dr, dc) in DIRECTIONS {
            let mut line = 0u64;
            let (mut r, mut c) = (row + dr, col + dc);
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let bit = 1u64 << (r * 8 + c);
                if opponent & bit != 0 {
                    line |= bit;
                } else {
                    if player & bit != 0 {
                        all |= line;
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        all
    }

    #[test]
    fn start_has_four_moves_d3_c4_f5_e6() {
        let b = Board::start();
        let names: Vec<String> = squares(b.legal_moves()).map(square_name).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    }

    #[test]
    fn fast_moves_match_flip_scan_everywhere() {
        // Every square with a non-empty flip set is a legal move, and nothing else.
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            let mut b = Board::start();
            loop {
                let (p, o) = b.player_opponent();
                let slow = (0..64u8)
                    .filter(|&s| (p | o) & (1 << s) == 0 && flips_reference(p, o, s) != 0)
                    .fold(0u64, |m, s| m | 1 << s);
                assert_eq!(legal_moves(p, o), slow, "{b:?}");
                if b.is_game_over() {
                    break;
                }
                if slow == 0 {
                    b.pass();
                    continue;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let list: Vec<u8> = squares(slow).collect();
                let before = b;
                let undo = b.play(list[(rng % list.len() as u64) as usize]).unwrap();
                let mut back = b;
                back.unplay(undo);
                assert_eq!(back, before);
            }
        }
    }

    #[test]
    fn fast_flips_match_the_walk_on_random_boards() {
        // Arbitrary (not necessarily reachable) boards, every square including occupied ones.
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..20_000 {
            let (a, b) = (next(), next());
            let (p, o) = (a & b, !a & next());
            for sq in 0..64 {
                assert_eq!(
                    flips(p, o, sq),
                    flips_reference(p, o, sq),
                    "{p:#x} {o:#x} {sq}"
                );
            }
        }
    }

    #[test]
    fn wof_gives_empties_to_the_winner() {
        let b = Board {
            black: 0b111,
            white: 0b1000,
            to_move: Color::White,
        };
        assert_eq!(
            b.final_score(),
            FinalScore {
                black: 63,
                white: 1
            }
        );
        assert_eq!(wof_difference(0b111, 0b1000), 62);
        assert_eq!(wof_difference(0b1000, 0b111), -62);
        assert_eq!(wof_difference(0b1, 0b10), 0);
    }
}
