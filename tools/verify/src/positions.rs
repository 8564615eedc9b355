//! The positions the Z80 program is checked on: seeded random play-outs that reach every
//! stage of a game, the FFO endgame boards, and hand-made edge cases (passes, one move
//! left, a lone disc, corners, full lines, the 19-flip move). Every generator is
//! deterministic, so a seed names a position set for good.

use std::path::{Path, PathBuf};

use othello_engine::board::{squares, Board, Color};
use othello_engine::notation::{parse_position, parse_square};
use othello_engine::solve::ffo::load_ffo_dir;

pub use othello_engine::rng::{mix_seed, Rng};

/// Plays `plies` random plies from `board` (a forced pass is a ply); stops early when the
/// game is over.
pub fn play_out(mut board: Board, plies: u64, rng: &mut Rng) -> Board {
    for _ in 0..plies {
        let moves = board.legal_moves();
        if moves == 0 {
            if board.is_game_over() {
                break;
            }
            board.pass();
            continue;
        }
        let k = rng.below(u64::from(moves.count_ones())) as usize;
        let sq = squares(moves).nth(k).unwrap_or_default();
        board.play(sq);
    }
    board
}

/// `count` positions from seeded random play-outs of `0..70` plies each from the start
/// position, so every stage of the game appears, finished games included.
#[must_use]
pub fn random_positions(seed: u64, count: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let plies = rng.below(70);
            play_out(Board::start(), plies, &mut rng)
        })
        .collect()
}

/// Where the FFO endgame boards live in this workspace (`tools/engine/data/ffo`).
#[must_use]
pub fn default_ffo_dir() -> PathBuf {
    PathBuf::from(othello_engine::solve::ffo::DEFAULT_FFO_DIR)
}

/// The boards of every `*.txt` file in `dir` (the FFO files of `othello_engine::solve::ffo`,
/// read by its parser), in position-number order, or why they cannot be read (with
/// file:line:col).
pub fn ffo_positions(dir: &Path) -> Result<Vec<Board>, String> {
    let positions = load_ffo_dir(dir).map_err(|e| e.to_string())?;
    if positions.is_empty() {
        return Err(format!("{}: no FFO board in any *.txt file", dir.display()));
    }
    Ok(positions.into_iter().map(|p| p.board).collect())
}

/// The position with the given black and white discs (square names) and side to move.
///
/// # Panics
/// On a name that is not a square (the callers pass literals).
#[must_use]
pub fn from_discs(black: &[&str], white: &[&str], to_move: Color) -> Board {
    let bits = |names: &[&str]| {
        names.iter().fold(0u64, |acc, n| {
            acc | 1u64 << parse_square(n).unwrap_or_else(|| panic!("`{n}` is not a square"))
        })
    };
    Board {
        black: bits(black),
        white: bits(white),
        to_move,
    }
}

/// A position where a move flips 19 discs (the most possible): black plays d4 and closes
/// all eight rays at the edge.
#[must_use]
pub fn nineteen_flips() -> Board {
    let black = ["d1", "d8", "a4", "h4", "a1", "g1", "a7", "h8"];
    let white = [
        "d2", "d3", "d5", "d6", "d7", "b4", "c4", "e4", "f4", "g4", "b2", "c3", "f2", "e3", "b6",
        "c5", "e5", "f6", "g7",
    ];
    from_discs(&black, &white, Color::Black)
}

/// True when some row of the board has no empty square.
#[must_use]
pub fn full_row(b: &Board) -> bool {
    (0..8).any(|r| (b.black | b.white) >> (8 * r) & 0xFF == 0xFF)
}

/// True when some column of the board has no empty square.
#[must_use]
pub fn full_column(b: &Board) -> bool {
    let column = 0x0101_0101_0101_0101u64;
    (0..8).any(|c| (b.black | b.white) & column << c == column << c)
}

/// True when the diagonal a1-h8 or h1-a8 has no empty square.
#[must_use]
pub fn full_diagonal(b: &Board) -> bool {
    let occupied = b.black | b.white;
    let a1h8 = (0..8).fold(0u64, |m, i| m | 1 << (9 * i));
    let h1a8 = (0..8).fold(0u64, |m, i| m | 1 << (7 + 7 * i));
    occupied & a1h8 == a1h8 || occupied & h1a8 == h1a8
}

/// True when all four corners hold a disc.
#[must_use]
pub fn all_corners(b: &Board) -> bool {
    let corners = 1u64 | 1 << 7 | 1 << 56 | 1 << 63;
    (b.black | b.white) & corners == corners
}

/// The seed of the play-outs the edge cases are searched in (fixed: the edge cases are the
/// same whatever seed a run uses).
const EDGE_SEED: u64 = 0x5EED_0002;

/// The first play-out position (of a few thousand) with `property`, if any.
fn find(property: impl Fn(&Board) -> bool) -> Option<Board> {
    random_positions(EDGE_SEED, 4000)
        .into_iter()
        .find(|b| property(b))
}

/// The hand-made and searched-for edge cases, by name: a forced pass, finished games (full
/// board, a side wiped out, ended with empties), one empty square, one legal move, a side
/// with one disc, all four corners taken, full rows, columns and diagonals, the 19-flip
/// move and a pass after it.
#[must_use]
pub fn edge_cases() -> Vec<(&'static str, Board)> {
    let one_left = parse_position(&format!("{}O- X", "X".repeat(62)))
        .unwrap_or_else(|e| panic!("the one-empty position: {e}"));
    let mut cases: Vec<(&'static str, Board)> = vec![
        (
            "forced pass (white)",
            from_discs(&["a1"], &["b1"], Color::White),
        ),
        (
            "game over, white wiped out",
            from_discs(&["d4", "e4", "d5"], &[], Color::White),
        ),
        ("one empty square left", one_left),
        (
            "the mover has one disc",
            from_discs(&["d4"], &["d5", "e5", "e4"], Color::Black),
        ),
        (
            "the opponent has one disc",
            from_discs(&["d5", "e5", "e4"], &["d4"], Color::Black),
        ),
        (
            "four corners, mid-game",
            from_discs(
                &["a1", "h8", "d4", "e5"],
                &["h1", "a8", "d5", "e4"],
                Color::Black,
            ),
        ),
        ("19 flips", nineteen_flips()),
        (
            "19 flips, white to move (pass)",
            Board {
                to_move: Color::White,
                ..nineteen_flips()
            },
        ),
    ];
    type Property = fn(&Board) -> bool;
    let searched: [(&'static str, Property); 8] = [
        ("forced pass, from play-outs", |b| {
            b.must_pass() && !b.is_game_over()
        }),
        ("game over, board full", |b| b.empties() == 0),
        ("game over with empties", |b| {
            b.is_game_over() && b.empties() != 0
        }),
        ("one move left", |b| {
            b.legal_moves().count_ones() == 1 && b.empties().count_ones() > 1
        }),
        ("four corners taken", |b| all_corners(b) && !b.must_pass()),
        ("a full row", |b| full_row(b) && !b.must_pass()),
        ("a full column", |b| full_column(b) && !b.must_pass()),
        ("a full diagonal", |b| full_diagonal(b) && !b.must_pass()),
    ];
    for (name, property) in searched {
        if let Some(b) = find(property) {
            cases.push((name, b));
        }
    }
    cases
}

/// Where a position of a run came from, for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An edge case, by name.
    Edge(&'static str),
    /// The n-th FFO board (0-based, in file order).
    Ffo(usize),
    /// The n-th random play-out of the run's seed.
    Random(usize),
    /// Given on the command line.
    Given,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Edge(name) => write!(f, "edge case `{name}`"),
            Origin::Ffo(i) => write!(f, "FFO board #{}", i + 1),
            Origin::Random(i) => write!(f, "random play-out #{}", i + 1),
            Origin::Given => write!(f, "the given position"),
        }
    }
}

/// The positions of a run: the edge cases, then the FFO boards, then random play-outs from
/// `seed`, `count` in all (fewer edge cases and FFO boards when `count` is smaller).
#[must_use]
pub fn suite(count: usize, seed: u64, ffo: &[Board]) -> Vec<(Origin, Board)> {
    let mut out: Vec<(Origin, Board)> = edge_cases()
        .into_iter()
        .map(|(name, b)| (Origin::Edge(name), b))
        .chain(ffo.iter().enumerate().map(|(i, &b)| (Origin::Ffo(i), b)))
        .take(count)
        .collect();
    let rest = count - out.len();
    out.extend(
        random_positions(seed, rest)
            .into_iter()
            .enumerate()
            .map(|(i, b)| (Origin::Random(i), b)),
    );
    out
}
