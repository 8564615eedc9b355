//! The AI's whole answer for a level: the opening book first, then the search.
//!
//! It sits above both: the book is built with the search (`book::generate`), so the search
//! cannot consult the book itself without a circle.

use crate::board::Board;
use crate::book;
use crate::search::{search, SearchResult};
use crate::weights::Weights;

/// The AI's answer at level `level` (1 = Nixon easy, 2 = Nixon hard, 3.. = the file's search
/// levels): from the opening book when the level uses it and the position is in it, otherwise
/// from [`search`](crate::search::search).
///
/// # Panics
/// When `weights` does not define `level`; check with [`Weights::level`] first.
#[must_use]
pub fn best_move(board: &Board, level: u8, weights: &Weights) -> SearchResult {
    let Some(level_def) = weights.level(level) else {
        panic!(
            "level {level} is not defined (levels 1..{} are)",
            weights.max_level()
        );
    };
    // The opening book (docs/ai.md, "Opening book") answers first at the levels that use it.
    if let Some(from_book) = book::answer(board, level, weights) {
        return from_book;
    }
    search(board, level_def, weights)
}
