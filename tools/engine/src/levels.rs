//! What a level number means (docs/ai.md, "Levels"): 1 and 2 are Nixon's one- and two-ply
//! move scoring, 3 and up are alpha-beta searches whose depth, exact-endgame threshold and
//! time budget come from the weights file.

/// The highest level number a weights file may define (one key on the CPC).
pub const MAX_LEVEL: u8 = 9;

/// The first level that searches with alpha-beta.
pub const FIRST_SEARCH_LEVEL: u8 = 3;

/// Bounds of the search parameters accepted in a weights file.
pub const DEPTH_RANGE: std::ops::RangeInclusive<u8> = 1..=12;
/// Exact solve thresholds accepted in a weights file (0 = never solve exactly).
pub const ENDGAME_RANGE: std::ops::RangeInclusive<u8> = 0..=20;
/// Time budgets accepted in a weights file, in CPC minutes a side per game (0 = no limit); the
/// game's panel shows what is left as mm:ss, two digits of minutes.
pub const BUDGET_RANGE: std::ops::RangeInclusive<u8> = 0..=99;
/// Margins accepted in a weights file (docs/ai.md 4.5), in evaluation units: 0 = full width.
/// The Z80 program holds it in a byte.
pub const MARGIN_RANGE: std::ops::RangeInclusive<u8> = 0..=255;
/// Win/loss/draw check thresholds accepted in a weights file (docs/ai.md 4.6), in empty
/// squares: 0 = never.
pub const WLD_RANGE: std::ops::RangeInclusive<u8> = 0..=20;
/// Late deepening thresholds accepted in a weights file (docs/ai.md 4.4), in empty squares:
/// 0 = never.
pub const DEEPEN_RANGE: std::ops::RangeInclusive<u8> = 0..=60;

/// The parameters of one alpha-beta level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLevel {
    /// Plies of the depth-limited search (a pass uses no ply).
    pub depth: u8,
    /// Exact endgame solve when the root has this many empty squares or fewer.
    pub endgame: u8,
    /// CPC minutes a side may think in one game at this level (the time manager of the Z80
    /// program, docs/ai.md section 4.4); 0 = no limit: every stage runs to the end.
    pub budget: u8,
    /// Selective search (docs/ai.md 4.5): 0 = full width; else, below the root, the moves of a
    /// node whose shallow value lies more than `margin` evaluation units below the best one
    /// are searched one ply shallower.
    pub margin: u8,
    /// The win/loss/draw check of a timed search (docs/ai.md 4.6): where the root has at most
    /// this many empty squares, the move of the depth-limited stages is replaced by one that
    /// wins or draws where it does not; 0 = never.
    pub wld: u8,
    /// Late deepening of a timed search (docs/ai.md 4.4): where the root has at most this
    /// many empty squares, and neither the exact endgame nor the check applies, the stages
    /// may go two plies past `depth` (to at most 12) while the time manager allows; 0 = never.
    pub deepen: u8,
}

/// The algorithm a level runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Level 1: the best one-ply move score.
    NixonEasy,
    /// Level 2: Nixon's "down level", my move score minus the opponent's best reply score.
    NixonHard,
    /// Levels 3 and up: alpha-beta to a fixed depth, or the exact endgame.
    Search(SearchLevel),
}
