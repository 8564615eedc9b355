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
    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Legal moves for the side owning `player` against `opponent`, as a bitboard.
///
/// Kogge-Stone style flood fill in the 8 directions; shifts by 1 and by 9/7 mask the wrap
/// across the a and h files.
#[must_use]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let empty = !(player | opponent);
    let mut moves = 0u64;
    // (shift, mask applied to the opponent so that runs never wrap a file edge)
    let inner = opponent & NOT_A & NOT_H;
    moves |= dir_moves(player, inner, empty, 1);
    moves |= dir_moves(player, opponent, empty, 8);
    moves |= dir_moves(player, inner, empty, 7);
    moves |= dir_moves(player, inner, empty, 9);
    moves
}

#[inline]
fn dir_moves(player: u64, opp: u64, empty: u64, shift: u32) -> u64 {
    // Left shifts and right shifts both, for the two opposite directions.
    let mut l = opp & (player << shift);
    l |= opp & (l << shift);
    l |= opp & (l << shift);
    l |= opp & (l << shift);
    l |= opp & (l << shift);
    l |= opp & (l << shift);
    let mut r = opp & (player >> shift);
    r |= opp & (r >> shift);
    r |= opp & (r >> shift);
    r |= opp & (r >> shift);
    r |= opp & (r >> shift);
    r |= opp & (r >> shift);
    ((l << shift) | (r >> shift)) & empty
}

/// Discs flipped when the owner of `player` plays on square `sq` (0..63) against `opponent`.
/// Returns 0 when the move flips nothing (it is then illegal).
#[must_use]
pub fn flips(player: u64, opponent: u64, sq: u8) -> u64 {
    debug_assert!(sq < 64);
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
        let sq = |name: &str| 1u64 << crate::notation::parse_square(name).expect("valid square");
        Board {
            black: sq("d5") | sq("e4"),
            white: sq("d4") | sq("e5"),
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

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::notation::to_board_string(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_four_moves_d3_c4_f5_e6() {
        let b = Board::start();
        let names: Vec<String> = squares(b.legal_moves())
            .map(crate::notation::square_name)
            .collect();
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
                    .filter(|&s| (p | o) & (1 << s) == 0 && flips(p, o, s) != 0)
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
    fn wof_gives_empties_to_the_winner() {
        let b = Board {
            black: 0b111,
            white: 0b1000,
            to_move: Color::White,
        };
        assert_eq!(b.final_score(), FinalScore { black: 63, white: 1 });
        assert_eq!(wof_difference(0b111, 0b1000), 62);
        assert_eq!(wof_difference(0b1000, 0b111), -62);
        assert_eq!(wof_difference(0b1, 0b10), 0);
    }
}
