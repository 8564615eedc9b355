//! Per-move scores (docs/ai.md, "Per-move scores"; ODIN's SCORES): for every legal move of
//! the side to move, the value `v(s)` that the level's root gives it in "The chosen move".
//! Level 1: Nixon's move score S1; level 2: the down-level score S2; a search level:
//! `-V(child, depth - 1)` in the depth-limited mode or `-X(child)` in the exact endgame,
//! the mode being chosen once by the root's empty squares.
//!
//! So the highest per-move score is the score of the level's search ([`super::search`]) and
//! the earliest move that has it is the search's move, which the tests below check at every
//! level. The opening book plays no part: in a book position `best_move` answers from the
//! book, and the per-move scores are still the search's.

use super::alphabeta::{node_value, search_depth};
use super::exact::solve_exact;
use super::nixon::nixon_hard_score;
use super::{final_stage, Stage};
use crate::board::{flips, legal_moves, squares, wof_difference, Board};
use crate::eval::{leaf_value, move_score, terminal_score};
use crate::levels::Level;
use crate::weights::Weights;

/// `(square, v(square))` for every legal move of the side to move, ascending square index;
/// empty when it has none.
///
/// # Panics
/// When `weights` does not define `level`; check with [`Weights::level`] first.
#[must_use]
pub fn move_scores(board: &Board, level: u8, weights: &Weights) -> Vec<(u8, i16)> {
    let Some(level_def) = weights.level(level) else {
        panic!(
            "level {level} is not defined (levels 1..{} are)",
            weights.max_level()
        );
    };
    let (p, o) = board.player_opponent();
    let moves = legal_moves(p, o);
    let exact = matches!(level_def, Level::Search(s) if final_stage(board, s) == Stage::Exact);
    squares(moves)
        .map(|sq| {
            let v = match level_def {
                Level::NixonEasy => move_score(weights, p, o, sq).expect("legal move"),
                Level::NixonHard => nixon_hard_score(weights, p, o, sq).expect("legal move").0,
                Level::Search(s) => {
                    let f = flips(p, o, sq);
                    let (cp, co) = (o & !f, p | f | 1u64 << sq);
                    if exact {
                        -exact_value(cp, co)
                    } else {
                        -depth_value(weights, cp, co, s.depth.max(1) - 1, s.margin)
                    }
                }
            };
            (sq, v)
        })
        .collect()
}

/// V(position, k) of docs/ai.md (4.5 with `margin` > 0) for the owner of `player`, by the
/// alpha-beta.
fn depth_value(w: &Weights, player: u64, opponent: u64, k: u8, margin: u8) -> i16 {
    if k == 0 {
        return leaf_value(w, player, opponent);
    }
    if margin > 0 {
        return node_value(w, player, opponent, k, margin);
    }
    if legal_moves(player, opponent) != 0 {
        return search_depth(&pov(player, opponent), k, w).score;
    }
    if legal_moves(opponent, player) == 0 {
        return terminal_score(player, opponent);
    }
    // A pass uses no ply.
    -search_depth(&pov(opponent, player), k, w).score
}

/// X(position) of docs/ai.md for the owner of `player`, by the endgame solver.
fn exact_value(player: u64, opponent: u64) -> i16 {
    if legal_moves(player, opponent) != 0 {
        return solve_exact(&pov(player, opponent)).score;
    }
    if legal_moves(opponent, player) == 0 {
        return wof_difference(player, opponent) as i16;
    }
    -solve_exact(&pov(opponent, player)).score
}

/// A board with `player` to move (the colours do not matter to the values).
fn pov(player: u64, opponent: u64) -> Board {
    Board {
        black: player,
        white: opponent,
        to_move: crate::board::Color::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::best_move;
    use crate::search::minimax::{value_depth, value_exact};
    use crate::search::search;

    /// Positions of random games (seeded), at every length, side to move able to move.
    fn positions(seed: u64, games: usize) -> Vec<Board> {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut out = Vec::new();
        for _ in 0..games {
            let mut b = Board::start();
            while !b.is_game_over() {
                if b.must_pass() {
                    b.pass();
                    continue;
                }
                out.push(b);
                let moves: Vec<u8> = squares(b.legal_moves()).collect();
                b.play(moves[(next() % moves.len() as u64) as usize]);
            }
        }
        out
    }

    /// The best per-move score and its earliest move are the level's search's score and
    /// move (and the AI's, at levels 1 and 2, which have no book).
    fn agrees_with_best_move(b: &Board, level: u8, w: &Weights) {
        let scores = move_scores(b, level, w);
        let r = search(b, w.level(level).expect("a level"), w);
        if level <= 2 {
            assert_eq!(r, best_move(b, level, w));
        }
        let max = scores.iter().map(|&(_, v)| v).max().expect("a legal move");
        let first = scores.iter().find(|&&(_, v)| v == max).map(|&(s, _)| s);
        assert_eq!(
            (first, max),
            (r.best_move, r.score),
            "level {level}: {scores:?}"
        );
    }

    #[test]
    fn level_1_and_2_scores_are_s1_and_s2_and_agree_with_the_ai() {
        let w = Weights::default();
        for b in positions(7, 6) {
            let (p, o) = b.player_opponent();
            for (sq, v) in move_scores(&b, 1, &w) {
                assert_eq!(Some(v), move_score(&w, p, o, sq));
            }
            for (sq, v) in move_scores(&b, 2, &w) {
                assert_eq!(Some(v), nixon_hard_score(&w, p, o, sq).map(|x| x.0));
            }
            agrees_with_best_move(&b, 1, &w);
            agrees_with_best_move(&b, 2, &w);
        }
    }

    #[test]
    fn search_scores_are_the_unpruned_child_values() {
        // Level 3 (depth 2): every score against the plain minimax of the child, and the
        // exact mode near the end against the plain exact value.
        let w = Weights::default();
        let Some(Level::Search(s)) = w.level(3) else {
            panic!("the default weights define level 3");
        };
        for b in positions(11, 3) {
            let (p, o) = b.player_opponent();
            let exact = b.empties().count_ones() <= u32::from(s.endgame);
            for (sq, v) in move_scores(&b, 3, &w) {
                let f = flips(p, o, sq);
                let (cp, co) = (o & !f, p | f | 1u64 << sq);
                let want = if exact {
                    -value_exact(cp, co)
                } else {
                    -value_depth(&w, cp, co, s.depth - 1)
                };
                assert_eq!(v, want, "{sq} exact={exact}");
            }
            agrees_with_best_move(&b, 3, &w);
        }
    }

    #[test]
    fn deeper_levels_agree_with_the_search() {
        let w = Weights::default();
        for b in positions(23, 1).iter().step_by(5) {
            for level in 4..=w.max_level().min(5) {
                agrees_with_best_move(b, level, &w);
            }
        }
    }

    #[test]
    fn a_position_without_moves_has_no_scores() {
        let w = Weights::default();
        let b = Board {
            black: 1,
            white: 0,
            to_move: crate::board::Color::Black,
        };
        for level in 1..=w.max_level() {
            assert!(move_scores(&b, level, &w).is_empty());
        }
    }
}
