//! The move choice of docs/ai.md for every level: Nixon's move scores (levels 1 and 2), the
//! depth-limited alpha-beta and the exact endgame (levels 3 and up), and a plain minimax
//! without pruning that restates the definitions for tests.
//!
//! The chosen move and score are defined by the minimax values alone (ties go to the lowest
//! square index), so any correct alpha-beta returns the same pair whatever it prunes; the
//! principal variation and the node count are informational.

pub mod alphabeta;
pub mod exact;
pub mod minimax;
pub mod nixon;
mod root;
pub mod scores;

use crate::board::Board;
use crate::levels::{Level, SearchLevel};
use crate::weights::Weights;

/// What the AI answers for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move (square 0..63), or `None` when the side to move has no legal move ("pass";
    /// also when the game is over).
    pub best_move: Option<u8>,
    /// The score of `best_move` for the side to move, in the unit of the level's mode: move
    /// score (level 1), down-level score (level 2), evaluation units with finished games at
    /// ±30000 + disc difference (depth-limited search), or the exact WOF disc difference
    /// (exact endgame). 0 when `best_move` is `None`.
    pub score: i16,
    /// A principal variation starting with `best_move` (passes omitted); informational.
    pub pv: Vec<u8>,
    /// Positions visited; informational.
    pub nodes: u64,
}

impl SearchResult {
    /// The answer for a side that cannot move.
    #[must_use]
    pub fn pass() -> SearchResult {
        SearchResult {
            best_move: None,
            score: 0,
            pv: Vec::new(),
            nodes: 0,
        }
    }
}

/// The AI's answer for a level definition.
#[must_use]
pub fn search(board: &Board, level: Level, weights: &Weights) -> SearchResult {
    match level {
        Level::NixonEasy => nixon::nixon_easy(board, weights),
        Level::NixonHard => nixon::nixon_hard(board, weights),
        Level::Search(s) => search_stage_select(board, final_stage(board, s), s.margin, weights),
    }
}

/// A stage of a search level (docs/ai.md section 4.4): the depth-limited search of one depth,
/// or the exact endgame.
///
/// The Z80 program searches a level in stages (iterative deepening: depth-limited searches of
/// depth 1, 2, ..., then possibly the exact endgame) and may stop early under a time budget;
/// it reports the stage its answer comes from, and [`search_stage`] reproduces that answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The depth-limited search of §4.3 at this depth (plies, 1..=12).
    Depth(u8),
    /// The exact endgame of §4.3.
    Exact,
    /// The win/loss/draw check of §4.6 after the depth-limited stage of this depth (plies,
    /// 1..=12): that stage's move if no move has an exact value of a better sign, else the
    /// lowest-indexed move of the best sign ([`exact::solve_wld`]).
    Wld(u8),
}

impl Stage {
    /// The value of the Z80 program's `ai_depth` byte that names the exact endgame (1..=12
    /// name the depth-limited searches of those depths).
    pub const EXACT_BYTE: u8 = 0xFF;

    /// `ai_depth` names the win/loss/draw check after a depth-limited stage of depth `d` as
    /// `WLD_BASE + d` (§4.6).
    pub const WLD_BASE: u8 = 0xE0;

    /// The stage a value of the Z80 program's `ai_depth` names: 1..=12 → [`Stage::Depth`],
    /// `0xFF` → [`Stage::Exact`], `0xE1..=0xEC` → [`Stage::Wld`] of depth 1..=12, anything
    /// else → `None`.
    ///
    /// ```
    /// use othello_engine::search::Stage;
    /// assert_eq!(Stage::from_ai_depth(1), Some(Stage::Depth(1)));
    /// assert_eq!(Stage::from_ai_depth(12), Some(Stage::Depth(12)));
    /// assert_eq!(Stage::from_ai_depth(0xFF), Some(Stage::Exact));
    /// assert_eq!(Stage::from_ai_depth(0xE6), Some(Stage::Wld(6)));
    /// assert_eq!(Stage::from_ai_depth(0xE0), None);
    /// assert_eq!(Stage::from_ai_depth(0), None);
    /// assert_eq!(Stage::from_ai_depth(13), None);
    /// ```
    #[must_use]
    pub fn from_ai_depth(byte: u8) -> Option<Stage> {
        match byte {
            Stage::EXACT_BYTE => Some(Stage::Exact),
            d if crate::levels::DEPTH_RANGE.contains(&d) => Some(Stage::Depth(d)),
            b if b > Stage::WLD_BASE
                && crate::levels::DEPTH_RANGE.contains(&(b - Stage::WLD_BASE)) =>
            {
                Some(Stage::Wld(b - Stage::WLD_BASE))
            }
            _ => None,
        }
    }

    /// The Z80 program's `ai_depth` byte for this stage: the inverse of
    /// [`Stage::from_ai_depth`].
    ///
    /// ```
    /// use othello_engine::search::Stage;
    /// assert_eq!(Stage::Depth(6).ai_depth(), 6);
    /// assert_eq!(Stage::Exact.ai_depth(), Stage::EXACT_BYTE);
    /// assert_eq!(Stage::Wld(4).ai_depth(), 0xE4);
    /// ```
    #[must_use]
    pub fn ai_depth(self) -> u8 {
        match self {
            Stage::Depth(d) => d,
            Stage::Exact => Stage::EXACT_BYTE,
            Stage::Wld(d) => Stage::WLD_BASE + d,
        }
    }
}

/// The answer of one stage, as the Z80 program reports it in `ai_depth`: the depth-limited
/// search of §4.3 at that depth (whatever the number of empty squares), the exact endgame, or
/// the win/loss/draw check of §4.6 after a depth-limited search.
/// The opening book is not consulted. `Stage::Depth(0)` counts as depth 1, as in
/// [`alphabeta::search_depth`].
#[must_use]
pub fn search_stage(board: &Board, stage: Stage, weights: &Weights) -> SearchResult {
    match stage {
        Stage::Depth(d) => alphabeta::search_depth(board, d, weights),
        Stage::Exact => exact::solve_exact(board),
        Stage::Wld(_) => search_stage_select(board, stage, 0, weights),
    }
}

/// [`search_stage`] at a selective level (docs/ai.md 4.5): `margin` is the level's
/// [`SearchLevel::margin`] (0 = full width, the same as [`search_stage`]). The exact endgame is
/// never selective; the depth-limited search before a win/loss/draw check is.
#[must_use]
pub fn search_stage_select(
    board: &Board,
    stage: Stage,
    margin: u8,
    weights: &Weights,
) -> SearchResult {
    match stage {
        Stage::Depth(d) => alphabeta::search_depth_selective(board, d, margin, weights),
        Stage::Exact => exact::solve_exact(board),
        Stage::Wld(d) => {
            match alphabeta::search_depth_selective(board, d, margin, weights).best_move {
                Some(m) => exact::solve_wld(board, m),
                None => SearchResult::pass(),
            }
        }
    }
}

/// The answer of `stage` at `level` of `weights`: [`search_stage_select`] with that level's
/// selectivity (full width for a level that is not a search level).
#[must_use]
pub fn level_stage(board: &Board, level: u8, stage: Stage, weights: &Weights) -> SearchResult {
    let margin = match weights.level(level) {
        Some(Level::Search(s)) => s.margin,
        _ => 0,
    };
    search_stage_select(board, stage, margin, weights)
}

/// The stage whose answer [`search`] returns for `level`: [`Stage::Exact`] when the board has
/// at most `level.endgame` empty squares, otherwise [`Stage::Depth`] of `level.depth`.
#[must_use]
pub fn final_stage(board: &Board, level: SearchLevel) -> Stage {
    if board.empties().count_ones() <= u32::from(level.endgame) {
        Stage::Exact
    } else {
        Stage::Depth(level.depth)
    }
}

/// The deepest depth-limited stage a search of `level` may run with a time limit at `empties`
/// empty squares (docs/ai.md 4.4): its depth, or two plies more late in the middle game (at
/// most `level.deepen` empties) where that is still a level's depth (`DEPTH_RANGE`;
/// `MAX_STAGE_DEPTH` in cpc/search.asm).
#[must_use]
pub fn deepest_timed_depth(level: SearchLevel, empties: u32) -> u8 {
    if empties <= u32::from(level.deepen) && level.depth + 2 <= *crate::levels::DEPTH_RANGE.end() {
        level.depth + 2
    } else {
        level.depth
    }
}

#[cfg(test)]
mod deepest_tests {
    use super::*;

    fn level(depth: u8, deepen: u8) -> SearchLevel {
        SearchLevel {
            depth,
            endgame: 14,
            budget: 25,
            margin: 0,
            wld: 16,
            deepen,
        }
    }

    #[test]
    fn late_searches_may_go_two_plies_deeper_up_to_twelve() {
        assert_eq!(deepest_timed_depth(level(9, 22), 23), 9);
        assert_eq!(deepest_timed_depth(level(9, 22), 22), 11);
        assert_eq!(deepest_timed_depth(level(9, 0), 17), 9, "0: never");
        assert_eq!(deepest_timed_depth(level(10, 22), 17), 12);
        assert_eq!(deepest_timed_depth(level(11, 22), 17), 11);
    }
}
