//! The opening book (docs/ai.md, "Opening book"): positions near the start whose move comes
//! from a deep search made once on the host, not from the level's own search.
//!
//! The book is `cpc/book.txt`, computed by [`generate`] from the weights file and committed,
//! because the searches take minutes. The reference answers from it in
//! [`crate::ai::best_move`], and `cpc-othello build` turns the same file into the Z80
//! program's table, so the verification compares book answers like any other.
//!
//! A position is looked up by its canonical form under the 8 symmetries ([`symmetry`]), seen
//! from the side to move, so the book holds each position once and answers its mirror images
//! and its colour-swapped twin too (the AI is colour-blind). The book applies only to the
//! weights it was computed with: its header records the evaluation's fingerprint, the depth and
//! the plies, and a weights file that differs in any of them gets no book.

pub mod generate;
pub mod symmetry;
mod text;

use std::sync::OnceLock;

use crate::board::Board;
use crate::search::SearchResult;
use crate::weights::Weights;
use symmetry::{canonical, inverse, transform_square, Key};

/// The text of `cpc/book.txt`, the shipped book.
pub const BOOK_TEXT: &str = include_str!("../../../../cpc/book.txt");

/// The name errors in [`BOOK_TEXT`] would carry.
pub const BOOK_FILE_NAME: &str = "cpc/book.txt";

pub use crate::weights::{BookParams, FIRST_LEVEL_RANGE, PLIES_RANGE};

/// One book position, as written in the book file: the line that reaches it and the move to
/// play there, both in the line's orientation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The moves from the start position (no passes).
    pub line: Vec<u8>,
    /// The book move.
    pub mv: u8,
    /// Its score: the depth-limited search value of docs/ai.md, in evaluation units.
    pub score: i16,
}

/// The book's answer for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, in the orientation of the position asked about.
    pub mv: u8,
    /// The score of the entry.
    pub score: i16,
}

/// An opening book: its parameters and its entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    plies: u8,
    depth: u8,
    evaluation: u32,
    entries: Vec<Entry>,
    /// Canonical key, canonical move, score; sorted by key.
    index: Vec<(Key, u8, i16)>,
}

/// Why a book file was rejected.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The text is not a valid book.
    #[error("{file}:{line}:{col}: {message}")]
    Invalid {
        /// The file name given to the parser.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        col: usize,
        /// What is wrong.
        message: String,
    },
}

impl Book {
    /// A book from its parameters and entries. Fails with the index of the first entry whose
    /// line or move is not legal, or whose position (up to symmetry) came before.
    ///
    /// # Errors
    /// `(index, reason)` of the first bad entry.
    pub fn new(
        plies: u8,
        depth: u8,
        evaluation: u32,
        entries: Vec<Entry>,
    ) -> Result<Book, (usize, String)> {
        let mut index = Vec::with_capacity(entries.len());
        for (i, e) in entries.iter().enumerate() {
            if e.line.len() >= usize::from(plies) {
                return Err((
                    i,
                    format!("{} moves, but the book covers {plies} plies", e.line.len()),
                ));
            }
            let board = replay(&e.line).map_err(|why| (i, why))?;
            if e.mv > 63 || board.legal_moves() & 1u64 << e.mv == 0 {
                return Err((
                    i,
                    format!("the book move is not legal after {}", line_text(&e.line)),
                ));
            }
            let (p, o) = board.player_opponent();
            let (key, t) = canonical(p, o);
            index.push((key, transform_square(t, e.mv), e.score, i));
        }
        index.sort_unstable();
        if let Some(w) = index.windows(2).find(|w| w[0].0 == w[1].0) {
            let (first, second) = (w[0].3.min(w[1].3), w[0].3.max(w[1].3));
            return Err((
                second,
                format!(
                    "the same position (up to symmetry) as the entry for {}",
                    line_text(&entries[first].line)
                ),
            ));
        }
        Ok(Book {
            plies,
            depth,
            evaluation,
            entries,
            index: index.into_iter().map(|(k, m, s, _)| (k, m, s)).collect(),
        })
    }

    /// Parses and checks a book file. `file` names it in error messages.
    ///
    /// # Errors
    /// [`BookError::Invalid`] with the position and reason of the first problem.
    pub fn parse(text: &str, file: &str) -> Result<Book, BookError> {
        text::parse(text, file)
    }

    /// The book file's text; `origin` names the weights file in its header comment.
    #[must_use]
    pub fn to_text(&self, origin: &str) -> String {
        text::format(self, origin)
    }

    /// Plies covered: positions after 0 to `plies - 1` moves.
    #[must_use]
    pub fn plies(&self) -> u8 {
        self.plies
    }

    /// Depth of the searches behind the moves.
    #[must_use]
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The fingerprint of the evaluation the searches used ([`evaluation_fingerprint`]).
    #[must_use]
    pub fn evaluation(&self) -> u32 {
        self.evaluation
    }

    /// The entries, in file order.
    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Every entry as (canonical key, canonical move, score), sorted by key: the Z80 table.
    #[must_use]
    pub fn canonical_entries(&self) -> &[(Key, u8, i16)] {
        &self.index
    }

    /// The most discs a book position has (0 for an empty book).
    #[must_use]
    pub fn max_discs(&self) -> u8 {
        self.entries
            .iter()
            .map(|e| e.line.len() as u8 + 4)
            .max()
            .unwrap_or(0)
    }

    /// The book's answer for `board`, or `None` when no entry is `board` up to symmetry.
    #[must_use]
    pub fn lookup(&self, board: &Board) -> Option<BookMove> {
        let (p, o) = board.player_opponent();
        if (p | o).count_ones() > u32::from(self.max_discs()) {
            return None;
        }
        let (key, t) = canonical(p, o);
        let i = self.index.binary_search_by(|e| e.0.cmp(&key)).ok()?;
        let (_, mv, score) = self.index[i];
        Some(BookMove {
            mv: transform_square(inverse(t), mv),
            score,
        })
    }

    /// Why this book does not apply to `weights`, or `None` when it does.
    #[must_use]
    pub fn mismatch(&self, weights: &Weights) -> Option<String> {
        let Some(params) = weights.book() else {
            return Some("the weights file has no book ([book] missing or plies = 0)".into());
        };
        let fingerprint = evaluation_fingerprint(weights);
        if (params.plies, params.depth) != (self.plies, self.depth) {
            Some(format!(
                "the book has plies = {}, depth = {}, the weights file plies = {}, depth = {}",
                self.plies, self.depth, params.plies, params.depth
            ))
        } else if fingerprint != self.evaluation {
            Some(format!(
                "the book was computed for evaluation {:08x}, the weights file's is {fingerprint:08x} \
                 (squares, corner, mobility or edge table changed)",
                self.evaluation
            ))
        } else {
            None
        }
    }
}

/// The shipped book (`cpc/book.txt`, embedded at compile time; a test keeps it valid).
///
/// # Panics
/// When the embedded file is invalid.
#[must_use]
pub fn shipped() -> &'static Book {
    static SHIPPED: OnceLock<Book> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        Book::parse(BOOK_TEXT, BOOK_FILE_NAME)
            .unwrap_or_else(|e| panic!("embedded book is invalid: {e}"))
    })
}

/// The shipped book when it applies to `weights`.
#[must_use]
pub fn for_weights(weights: &Weights) -> Option<&'static Book> {
    weights.book()?;
    let book = shipped();
    book.mismatch(weights).is_none().then_some(book)
}

/// The AI's answer from the book at `level`: `None` when the level does not use the book, the
/// book does not apply to `weights`, or `board` is not in it. The PV is the move alone and the
/// node count 0, since nothing is searched.
#[must_use]
pub fn answer(board: &Board, level: u8, weights: &Weights) -> Option<SearchResult> {
    if level < weights.book()?.first_level {
        return None;
    }
    let found = for_weights(weights)?.lookup(board)?;
    Some(SearchResult {
        best_move: Some(found.mv),
        score: found.score,
        pv: vec![found.mv],
        nodes: 0,
    })
}

/// The version of the evaluation's definition, folded into the fingerprint so that a book
/// computed with an older definition never applies: 2 since the mobility terms count line
/// moves (docs/ai.md 3.3).
const EVALUATION_VERSION: i8 = 2;

/// A 32-bit fingerprint (FNV-1a) of the parameters the book's searches read: the 64 square
/// weights, the two corner values and the mobility weight, each as a byte, and the
/// definition's version; the potential-mobility weight and the edge table when set.
#[must_use]
pub fn evaluation_fingerprint(weights: &Weights) -> u32 {
    let rest = [
        EVALUATION_VERSION,
        weights.corner_edge(),
        weights.corner_diagonal(),
        weights.mobility(),
    ];
    // The potential-mobility weight counts only when set, so files without it keep their book.
    let potential = [weights.potential()];
    let extra: &[i8] = if weights.potential() == 0 {
        &[]
    } else {
        &potential
    };
    // So does the edge table (docs/ai.md 3.3a), also where a 464 plays without it.
    let edge = weights.edge_in_file().unwrap_or(&[]);
    let bytes = weights
        .squares()
        .iter()
        .chain(&rest)
        .chain(extra)
        .chain(edge)
        .map(|&v| v as u8);
    bytes.fold(0x811c_9dc5, |h: u32, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The position after `line` from the start; every move must be legal (no passes).
fn replay(line: &[u8]) -> Result<Board, String> {
    let mut board = Board::start();
    for (i, &sq) in line.iter().enumerate() {
        if board.play(sq).is_none() {
            return Err(format!(
                "{} is not legal after {}",
                crate::notation::square_name(sq & 63),
                line_text(&line[..i])
            ));
        }
    }
    Ok(board)
}

/// A line as written in the book file: `start`, or the moves run together (`d3c3c4`).
fn line_text(line: &[u8]) -> String {
    if line.is_empty() {
        "start".to_string()
    } else {
        line.iter()
            .map(|&s| crate::notation::square_name(s & 63))
            .collect()
    }
}
