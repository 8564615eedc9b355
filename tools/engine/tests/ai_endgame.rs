//! The exact endgame of levels 3 and up against outside truth (the FFO scores of
//! `tools/engine/data/ffo`) and against the unpruned definition on small endgames.

mod ai_util;

use ai_util::{ffo_1_19, random_positions, sq};
use othello_engine::ai::best_move;
use othello_engine::search::exact::solve_exact;
use othello_engine::search::minimax::minimax_exact;
use othello_engine::search::SearchResult;
use othello_engine::weights::Weights;

/// The move docs/ai.md chooses: the lowest square index among the moves with the best score.
fn canonical_best(all: &[(u8, i16)], score: i16) -> u8 {
    all.iter()
        .filter(|&&(_, s)| s == score)
        .map(|&(m, _)| m)
        .min()
        .expect("the best move is listed")
}

#[test]
fn ffo_positions_with_14_empties_solve_to_their_published_scores() {
    let positions = ffo_1_19();
    // #1-#4 have 14 empties (the fewest in the file); #4 has two best moves, h8 and a5.
    for (i, ffo) in positions.iter().take(4).enumerate() {
        assert_eq!(ffo.board.empties().count_ones(), 14, "FFO #{}", i + 1);
        let r = solve_exact(&ffo.board);
        assert_eq!(r.score, ffo.score, "FFO #{} score", i + 1);
        assert_eq!(
            r.best_move,
            Some(canonical_best(&ffo.all, ffo.score)),
            "FFO #{} move",
            i + 1
        );
        assert_eq!(r.pv.first(), r.best_move.as_ref());
        assert!(r.nodes > 1);
    }
    assert_eq!(canonical_best(&positions[3].all, 0), sq("a5"));
}

#[test]
fn the_top_level_solves_exactly_from_14_empties() {
    // FFO #1: black scores +18 with g8 (docs/ai.md: level 6 solves at 14 empties or fewer).
    let ffo = &ffo_1_19()[0];
    let r = best_move(&ffo.board, 6, &Weights::default());
    assert_eq!((r.best_move, r.score), (Some(sq("g8")), 18));
}

#[test]
fn solver_matches_unpruned_minimax_on_small_endgames() {
    let positions = random_positions(0x00c0_ffee, 60, 51..56);
    let mut checked = 0;
    for b in &positions {
        if b.empties().count_ones() > 9 {
            continue;
        }
        let (m, score) = minimax_exact(b);
        let r = solve_exact(b);
        if m.is_none() {
            assert_eq!(r, SearchResult::pass(), "{b:?}");
            continue;
        }
        assert_eq!((r.best_move, r.score), (m, score), "{b:?}");
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} positions checked");
}
