//! `cpc-othello margin`: how the margin of a selective level (docs/ai.md 4.5) trades the
//! moves it reduces against the good moves it reduces by mistake, measured on the host with
//! the weights file, the way the book is computed, so that a user who edits the table can
//! choose the margin for it. Positions come from the reference's own games (level `level`
//! of the file against itself from seeded openings), where the selective search meets them.
//!
//! For each position and each candidate margin M: the share of the moves whose shallow value
//! lies more than M below the best one (they would be searched a ply shallower), and whether
//! the best move of a full-width search of `depth` plies is among them (a "miss": the rule
//! would have looked less deeply at the move that deserved it most).

use othello_engine::ai::best_move;
use othello_engine::board::{squares, Board};
use othello_engine::search::alphabeta::shallow_value;
use othello_engine::search::{search_stage, Stage};
use othello_engine::weights::Weights;
use rayon::prelude::*;

use crate::opening::openings;

/// The margins the report lists, in evaluation units.
pub const MARGINS: [u8; 12] = [0, 5, 10, 15, 20, 30, 40, 50, 60, 80, 100, 150];

/// What `cpc-othello margin` measures.
#[derive(Clone, Debug)]
pub struct MarginConfig {
    /// Plies of the full-width search that names each position's best move.
    pub depth: u8,
    /// The level that plays the games the positions come from.
    pub level: u8,
    /// Games played (each gives the positions with `empties` empty squares).
    pub games: usize,
    /// Empty squares of the positions kept, the middle game by default.
    pub empties: std::ops::RangeInclusive<u32>,
    /// The seed of the openings.
    pub seed: u64,
}

/// One row of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct MarginRow {
    /// The margin.
    pub margin: u8,
    /// Share of all moves (of positions with two moves or more) searched a ply shallower.
    pub reduced: f64,
    /// Share of positions whose best move at `depth` would be searched a ply shallower.
    pub missed: f64,
}

/// The report: the rows of [`MARGINS`] over `positions` positions and `moves` moves.
#[derive(Clone, Debug, PartialEq)]
pub struct MarginReport {
    /// Positions measured (two legal moves or more).
    pub positions: usize,
    /// Their legal moves.
    pub moves: usize,
    /// One row per margin.
    pub rows: Vec<MarginRow>,
    /// For each position, how far the deep best move's shallow value lies below the best one.
    pub best_gaps: Vec<i32>,
}

impl MarginReport {
    /// The smallest margin (0..255) that reduces the deep best move in at most `share` of the
    /// positions, or `None` when even 255 reduces it more often.
    #[must_use]
    pub fn smallest_within(&self, share: f64) -> Option<u8> {
        (0..=u8::MAX).find(|&m| {
            let missed = self.best_gaps.iter().filter(|&&g| g > i32::from(m)).count();
            missed as f64 <= share * self.best_gaps.len() as f64
        })
    }
}

/// The gaps of one position: for each move, how far its shallow value lies below the best
/// one; and the gap of the deep best move.
struct Gaps {
    all: Vec<i32>,
    best: i32,
}

/// Measures every margin of [`MARGINS`] (see the module documentation).
#[must_use]
pub fn calibrate(weights: &Weights, config: &MarginConfig) -> MarginReport {
    let boards: Vec<Board> = openings(config.seed, config.games, 6)
        .par_iter()
        .flat_map_iter(|opening| game_positions(weights, *opening.board(), config))
        .collect();
    let gaps: Vec<Gaps> = boards
        .par_iter()
        .filter_map(|b| position_gaps(weights, b, config.depth))
        .collect();
    let moves: usize = gaps.iter().map(|g| g.all.len()).sum();
    let rows = MARGINS
        .iter()
        .map(|&m| {
            let m32 = i32::from(m);
            let reduced = gaps
                .iter()
                .map(|g| g.all.iter().filter(|&&gap| gap > m32).count())
                .sum::<usize>();
            let missed = gaps.iter().filter(|g| g.best > m32).count();
            MarginRow {
                margin: m,
                reduced: share(reduced, moves),
                missed: share(missed, gaps.len()),
            }
        })
        .collect();
    MarginReport {
        positions: gaps.len(),
        moves,
        rows,
        best_gaps: gaps.iter().map(|g| g.best).collect(),
    }
}

fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The positions of one game of `level` against itself from `start` with the wanted number
/// of empty squares.
fn game_positions(weights: &Weights, start: Board, config: &MarginConfig) -> Vec<Board> {
    let mut board = start;
    let mut kept = Vec::new();
    while !board.is_game_over() {
        if board.must_pass() {
            board.pass();
            continue;
        }
        if config.empties.contains(&board.empties().count_ones()) {
            kept.push(board);
        }
        let Some(mv) = best_move(&board, config.level, weights).best_move else {
            break;
        };
        if board.play(mv).is_none() {
            break;
        }
    }
    kept
}

fn position_gaps(weights: &Weights, board: &Board, depth: u8) -> Option<Gaps> {
    let (p, o) = board.player_opponent();
    let values: Vec<(u8, i32)> = squares(board.legal_moves())
        .map(|sq| (sq, i32::from(shallow_value(weights, p, o, sq))))
        .collect();
    if values.len() < 2 {
        return None;
    }
    let top = values.iter().map(|&(_, v)| v).max()?;
    let deep = search_stage(board, Stage::Depth(depth), weights).best_move?;
    let best = values
        .iter()
        .find(|&&(sq, _)| sq == deep)
        .map(|&(_, v)| top - v)?;
    Some(Gaps {
        all: values.iter().map(|&(_, v)| top - v).collect(),
        best,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> MarginConfig {
        MarginConfig {
            depth: 2,
            level: 3,
            games: 2,
            empties: 30..=40,
            seed: 5,
        }
    }

    #[test]
    fn wider_margins_reduce_fewer_moves_and_miss_less() {
        let r = calibrate(&Weights::default(), &small());
        assert!(r.positions >= 10, "{} positions", r.positions);
        assert!(r.moves > r.positions * 2);
        for pair in r.rows.windows(2) {
            assert!(pair[1].reduced <= pair[0].reduced, "{r:?}");
            assert!(pair[1].missed <= pair[0].missed, "{r:?}");
        }
        // Margin 0 reduces every move below the best shallow value: most of them.
        assert!(r.rows[0].reduced > 0.5, "{r:?}");
        assert_eq!(r, calibrate(&Weights::default(), &small()), "reproducible");
    }

    #[test]
    fn the_gaps_follow_the_shallow_values_and_the_deep_best_move() {
        let w = Weights::default();
        let mut b = Board::start();
        for m in [37u8, 45, 44, 29] {
            b.play(m).expect("legal");
        }
        let g = position_gaps(&w, &b, 3).expect("several moves");
        let (p, o) = b.player_opponent();
        let values: Vec<i32> = squares(b.legal_moves())
            .map(|sq| i32::from(shallow_value(&w, p, o, sq)))
            .collect();
        let top = *values.iter().max().unwrap();
        assert_eq!(g.all, values.iter().map(|v| top - v).collect::<Vec<_>>());
        assert!(g.all.contains(&0));
        let deep = search_stage(&b, Stage::Depth(3), &w).best_move.unwrap();
        assert_eq!(g.best, top - i32::from(shallow_value(&w, p, o, deep)));
    }

    #[test]
    fn the_suggested_margin_is_the_smallest_within_the_share() {
        // Ten positions whose deep best moves lie 0, 0, 0, 0, 0, 3, 7, 12, 40 and 300 below.
        let r = MarginReport {
            positions: 10,
            moves: 50,
            rows: Vec::new(),
            best_gaps: vec![0, 0, 0, 0, 0, 3, 7, 12, 40, 300],
        };
        assert_eq!(r.smallest_within(0.5), Some(0), "5 of 10 above 0");
        assert_eq!(
            r.smallest_within(0.3),
            Some(7),
            "3 of 10 above 7, 4 above 6"
        );
        assert_eq!(r.smallest_within(0.1), Some(40));
        assert_eq!(r.smallest_within(0.0), None, "300 is beyond any margin");
    }
}
