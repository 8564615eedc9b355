//! Levels 3 and up: the depth-limited alpha-beta returns exactly the move and score of the
//! unpruned definition (so the answer does not depend on pruning or on the root order), a
//! pass uses no ply, finished games score ±30000 + disc difference, and the levels dispatch
//! to the exact endgame at their threshold.

mod ai_util;

use ai_util::{bits, random_positions, sq};
use othello_engine::ai::best_move;
use othello_engine::board::{flips, legal_moves, wof_difference, Board, Color};
use othello_engine::eval::{INF, WIN};
use othello_engine::levels::{Level, SearchLevel};
use othello_engine::search::alphabeta::{search_depth, search_depth_ordered};
use othello_engine::search::exact::{solve_exact, solve_wld};
use othello_engine::search::minimax::{minimax_depth, value_depth};
use othello_engine::search::{final_stage, search, search_stage, SearchResult, Stage};
use othello_engine::weights::{Weights, NORVIG_TOML};

/// Weights far from the defaults: extreme and asymmetric values, negative mobility.
fn odd_weights() -> Weights {
    let text = NORVIG_TOML
        .replacen("[ 120,  -20,   20,", "[ -128,  127,   0,", 1)
        .replacen("[ -20,  -40,   -5,", "[ 127,  -128,   -1,", 1)
        .replacen("edge = 5", "edge = -128", 1)
        .replacen("diagonal = 5", "diagonal = 127", 1)
        .replacen("mobility = 10", "mobility = -13", 1);
    Weights::parse(&text, "odd").unwrap()
}

/// The PV is a playable line (passes omitted) that starts with the chosen move.
fn assert_pv_playable(b: &Board, r: &SearchResult) {
    assert_eq!(r.pv.first(), r.best_move.as_ref(), "{b:?}");
    let mut pos = *b;
    for &m in &r.pv {
        if pos.must_pass() {
            pos.pass();
        }
        assert!(
            pos.play(m).is_some(),
            "PV {:?} of {b:?} is not playable",
            r.pv
        );
    }
}

#[test]
fn alphabeta_equals_unpruned_minimax_at_depths_1_to_4() {
    // Openings, middle games and endings; the late ones put passes and finished games inside
    // the horizon.
    let mut positions = random_positions(0x5eed_0001, 12, 0..20);
    positions.extend(random_positions(0x5eed_0002, 12, 20..44));
    positions.extend(random_positions(0x5eed_0003, 16, 44..58));
    let weight_sets = [Weights::default(), odd_weights()];
    let mut compared = 0;
    for w in &weight_sets {
        for b in &positions {
            for depth in 1..=4 {
                if depth == 4 && b.empties().count_ones() > 40 {
                    continue; // the unpruned tree is too big to stay a quick test
                }
                let (m, score) = minimax_depth(b, depth, w);
                let r = search_depth(b, depth, w);
                assert_eq!((r.best_move, r.score), (m, score), "depth {depth} {b:?}");
                let c = search_depth_ordered(b, depth, w, true);
                assert_eq!((c.best_move, c.score), (m, score), "canonical root, {b:?}");
                if m.is_some() {
                    assert_pv_playable(b, &r);
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 250, "only {compared} searches compared");
}

#[test]
fn ties_go_to_the_lowest_square_at_the_root() {
    // The start position is symmetric: d3, c4, f5 and e6 have equal values at every depth.
    let w = Weights::default();
    for depth in 1..=5 {
        let r = search_depth(&Board::start(), depth, &w);
        assert_eq!(r.best_move, Some(sq("d3")), "depth {depth}");
        let b = Board::start();
        let (p, o) = b.player_opponent();
        for m in ["c4", "f5", "e6"] {
            let f = flips(p, o, sq(m));
            let v = -value_depth(&w, o & !f, p | f | 1 << sq(m), depth - 1);
            assert_eq!(v, r.score, "{m} at depth {depth}");
        }
    }
}

#[test]
fn a_pass_uses_no_ply_and_a_won_game_scores_win_plus_discs() {
    // Black a1, white b1 b2, black to move.
    // c1 (flips b1) leaves white with b2 and no move; black moves again: a3 (c1-b2-a3), b3
    // (b1-b2-b3) or c3 (a1-b2-c3) each take the last white disc and end the game 5-0, 59
    // empties to the winner: WOF +64. The pass uses no ply, so depth 2 sees it: 30000 + 64.
    let b = Board {
        black: bits(&["a1"]),
        white: bits(&["b1", "b2"]),
        to_move: Color::Black,
    };
    let w = Weights::norvig();
    let r = search_depth(&b, 2, &w);
    assert_eq!((r.best_move, r.score), (Some(sq("c1")), WIN + 64));
    assert_eq!(r.pv, vec![sq("c1"), sq("a3")]);
    // Level 3 (depth 2, exact below 8 empties; here 61 are empty) is that search.
    assert_eq!(best_move(&b, 3, &w).score, WIN + 64);
    // Depth 1 stops at the leaves (mobility 10 and potential 5 over line counts, a1 occupied so
    // b1/b2 weigh 5):
    // after c1, white to move: white b2 (5) against a1 b1 c1 (120 + 5 + 20): -140;
    //   line moves: white none, black b3 (column b), c3 (a1-h8), a3 (a3-c1): 10 * (0 - 3) = -30;
    //   line potential: next to black d1 (row 1), a2 (column a), c2 (column c), c2 (b1-c2),
    //   d2 (c1-d2), a2 (b1-a2) = 6, next to white a2 c2 (row 2), b3, c3, a3 = 5: 5 * 1 = 5;
    //   -165, so c1 = +165;
    // after c3, white to move: b1 (5) against a1 b2 c3 (120 + 5 + 15): -135, white's b3
    //   against black's c1: 10 * (1 - 1) = 0, and 5 * (13 - 3) = 50: -85, so c3 = +85.
    let r = search_depth(&b, 1, &w);
    assert_eq!((r.best_move, r.score), (Some(sq("c1")), 165));
}

#[test]
fn finished_games_inside_the_search_are_scored_outside_the_evaluation_range() {
    // Late random positions: every score is either a heuristic value within EVAL_BOUND or a
    // terminal score; and when the whole game fits in the horizon the depth-limited score is
    // the exact result mapped to ±WIN + d (0 for a draw).
    let w = Weights::default();
    let mut exact_seen = 0;
    for b in random_positions(0x7e7e, 40, 54..58) {
        if b.must_pass() {
            continue;
        }
        let empties = b.empties().count_ones() as u8;
        let r = search_depth(&b, empties + 1, &w);
        let x = solve_exact(&b);
        let expected = match x.score {
            0 => 0,
            d if d > 0 => WIN + d,
            d => -WIN + d,
        };
        assert_eq!((r.best_move, r.score), (x.best_move, expected), "{b:?}");
        assert!(r.score.abs() < INF);
        exact_seen += 1;
    }
    assert!(exact_seen >= 30, "{exact_seen}");
}

#[test]
fn levels_switch_to_the_exact_endgame_at_their_threshold() {
    let w = Weights::default();
    let Some(Level::Search(l5)) = w.level(5) else {
        panic!("level 5 is a search level")
    };
    // Find positions with exactly the threshold's empties and one more.
    let positions = random_positions(0xe6e6, 40, 44..52);
    let mut seen = (false, false);
    for b in positions.iter().filter(|b| !b.must_pass()) {
        let empties = b.empties().count_ones();
        let r = best_move(b, 5, &w);
        if empties <= u32::from(l5.endgame) {
            assert_eq!(r, solve_exact(b));
            seen.0 = true;
        } else {
            assert_eq!(r, search_depth(b, l5.depth, &w));
            seen.1 = true;
        }
    }
    assert_eq!(seen, (true, true));
}

#[test]
fn the_final_stage_answers_as_the_level() {
    // The Z80 program reports the stage of its answer; without a time limit it is the final
    // stage, whose answer is the level's (the exact endgame at or below the threshold, the
    // level's depth above it).
    let weight_sets = [Weights::default(), odd_weights()];
    let levels = [
        SearchLevel {
            depth: 2,
            endgame: 8,
            budget: 0,
            margin: 0,
            wld: 0,
            deepen: 0,
        },
        SearchLevel {
            depth: 3,
            endgame: 12,
            budget: 25,
            margin: 0,
            wld: 0,
            deepen: 0,
        },
        SearchLevel {
            depth: 1,
            endgame: 0,
            budget: 180,
            margin: 0,
            wld: 0,
            deepen: 0,
        },
    ];
    let mut positions = random_positions(0x57a6_0001, 6, 10..30);
    positions.extend(random_positions(0x57a6_0002, 10, 46..58));
    positions.push(Board::start());
    // A pass: black a1, white b1, black to move has no move.
    positions.push(Board {
        black: bits(&["a1"]),
        white: bits(&["b1"]),
        to_move: Color::Black,
    });
    let mut seen = (0, 0);
    for w in &weight_sets {
        for b in &positions {
            for &lvl in &levels {
                let stage = final_stage(b, lvl);
                let empties = b.empties().count_ones();
                if empties <= u32::from(lvl.endgame) {
                    assert_eq!(stage, Stage::Exact, "{b:?}");
                    seen.0 += 1;
                } else {
                    assert_eq!(stage, Stage::Depth(lvl.depth), "{b:?}");
                    seen.1 += 1;
                }
                assert_eq!(
                    search_stage(b, stage, w),
                    search(b, Level::Search(lvl), w),
                    "{lvl:?} {b:?}"
                );
            }
        }
    }
    assert!(seen.0 >= 10 && seen.1 >= 10, "{seen:?}");
}

#[test]
fn every_stage_is_its_search_whatever_the_empties() {
    // A stage names its search alone: no level and no endgame threshold decides between the
    // depth-limited search and the exact endgame (these positions have 4 to 10 empties, below
    // every shipped threshold, and 18 to 20).
    let w = Weights::default();
    let mut positions = random_positions(0x57a6_0003, 4, 50..56);
    positions.extend(random_positions(0x57a6_0004, 2, 40..42));
    for b in &positions {
        for d in 1..=3 {
            assert_eq!(search_stage(b, Stage::Depth(d), &w), search_depth(b, d, &w));
        }
        if b.empties().count_ones() <= 14 {
            assert_eq!(search_stage(b, Stage::Exact, &w), solve_exact(b));
        }
    }
}

#[test]
fn ai_depth_bytes_name_the_stages() {
    for d in 1..=12 {
        assert_eq!(Stage::from_ai_depth(d), Some(Stage::Depth(d)));
    }
    assert_eq!(Stage::from_ai_depth(0xFF), Some(Stage::Exact));
    assert_eq!(Stage::from_ai_depth(Stage::EXACT_BYTE), Some(Stage::Exact));
    for d in 1..=12 {
        assert_eq!(Stage::from_ai_depth(0xE0 + d), Some(Stage::Wld(d)));
        assert_eq!(Stage::Wld(d).ai_depth(), 0xE0 + d);
    }
    for byte in [0, 13, 20, 0x7F, 0x80, 0xE0, 0xED, 0xFD, 0xFE] {
        assert_eq!(Stage::from_ai_depth(byte), None, "{byte:#04x}");
    }
}

#[test]
fn every_level_returns_a_legal_move_in_a_middle_game() {
    let w = Weights::default();
    for b in random_positions(0x1e7e1, 4, 16..30) {
        let legal = legal_moves(b.player_opponent().0, b.player_opponent().1);
        if legal == 0 {
            continue;
        }
        for level in 1..=w.max_level() {
            let r = best_move(&b, level, &w);
            let m = r.best_move.expect("a move");
            assert_ne!(legal & 1 << m, 0, "level {level} {b:?}");
            assert_pv_playable(&b, &r);
        }
    }
}

#[test]
#[should_panic(expected = "level 8 is not defined (levels 1..7 are)")]
fn an_undefined_level_is_refused() {
    let _ = best_move(&Board::start(), 8, &Weights::default());
}

#[test]
fn selective_alphabeta_equals_selective_minimax() {
    // docs/ai.md 4.5: the reduced tree is a function of the position, so the alpha-beta (with
    // its own move order) finds the same value as the literal definition.
    use othello_engine::search::alphabeta::search_depth_selective;
    use othello_engine::search::minimax::minimax_depth_select;
    let mut positions = random_positions(0x5e1e_0001, 10, 8..24);
    positions.extend(random_positions(0x5e1e_0002, 10, 24..44));
    positions.extend(random_positions(0x5e1e_0003, 6, 44..56));
    let weight_sets = [Weights::default(), odd_weights()];
    let mut reduced_somewhere = 0;
    for w in &weight_sets {
        for b in &positions {
            for (depth, margin) in [(4, 10), (4, 30), (5, 10), (5, 60)] {
                if depth == 5 && b.empties().count_ones() > 36 {
                    continue; // the unpruned tree is too big to stay a quick test
                }
                let (m, score) = minimax_depth_select(b, depth, margin, w);
                let r = search_depth_selective(b, depth, margin, w);
                assert_eq!(
                    (r.best_move, r.score),
                    (m, score),
                    "depth {depth} margin {margin} {b:?}"
                );
                if m.is_some() && (m, score) != minimax_depth(b, depth, w) {
                    reduced_somewhere += 1;
                }
            }
        }
    }
    // The rule must really change answers, or this test proves nothing.
    assert!(
        reduced_somewhere > 10,
        "selectivity changed only {reduced_somewhere} answers"
    );
}

#[test]
fn a_move_more_than_the_margin_below_the_best_shallow_value_is_reduced() {
    use othello_engine::eval::leaf_value;
    use othello_engine::search::alphabeta::{reduced_moves, shallow_value};
    let w = Weights::default();
    // docs/ai.md 4.5: the shallow value is -V(child, 0), the child's leaf value negated.
    let mut b = Board::start();
    for m in ["f5", "f6", "e6", "f4"] {
        b.play(sq(m)).unwrap();
    }
    let (p, o) = b.player_opponent();
    let mut values: Vec<(u8, i16)> = othello_engine::board::squares(legal_moves(p, o))
        .map(|s| {
            let mut child = b;
            child.play(s).unwrap();
            let (cp, co) = child.player_opponent();
            let v = -leaf_value(&w, cp, co);
            assert_eq!(shallow_value(&w, p, o, s), v, "square {s}");
            (s, v)
        })
        .collect();
    values.sort_by_key(|&(s, v)| (-v, s));
    let best = values[0].1;
    let (second, second_value) = values[1];
    assert!(
        second_value < best,
        "the test needs two different values: {values:?}"
    );
    let gap = u8::try_from(best - second_value).expect("a gap below 256");
    // Exactly the margin below the best: searched to the full depth; one more: reduced.
    assert_eq!(reduced_moves(&w, p, o, 3, gap) >> second & 1, 0);
    if gap > 1 {
        assert_eq!(reduced_moves(&w, p, o, 3, gap - 1) >> second & 1, 1);
    }
    let expected = values
        .iter()
        .filter(|&&(_, v)| i32::from(v) < i32::from(best) - 20)
        .fold(0u64, |r, &(s, _)| r | 1u64 << s);
    assert_eq!(reduced_moves(&w, p, o, 3, 20), expected);
    assert_eq!(
        reduced_moves(&w, p, o, 3, 20) >> values[0].0 & 1,
        0,
        "never the best"
    );
    assert_eq!(reduced_moves(&w, p, o, 2, 20), 0, "not below 3 plies left");
    assert_eq!(reduced_moves(&w, p, o, 3, 0), 0, "margin 0: full width");
    // At the start the four moves are symmetric: equal values, nothing reduced.
    let (p, o) = Board::start().player_opponent();
    assert_eq!(reduced_moves(&w, p, o, 3, 1), 0);
}

#[test]
fn the_wld_check_keeps_the_searched_move_unless_another_has_a_better_sign() {
    // docs/ai.md 4.6, checked against the exact value of every move, with every legal move
    // as the depth-limited stage's: positions with about 8 to 12 empty squares, where wins,
    // draws and losses all occur.
    let w = Weights::default();
    let mut classes_seen = [false; 3];
    let mut replaced = 0;
    for b in random_positions(0x57a6_0005, 40, 48..53) {
        if b.legal_moves() == 0 {
            continue;
        }
        // The exact value for the side to move, passes and finished games included.
        let exact = |pos: &Board| -> i16 {
            let (pp, po) = pos.player_opponent();
            if pos.is_game_over() {
                wof_difference(pp, po) as i16
            } else if pos.must_pass() {
                let mut passed = *pos;
                passed.pass();
                -solve_exact(&passed).score
            } else {
                solve_exact(pos).score
            }
        };
        let (p, o) = b.player_opponent();
        let signs: Vec<(u8, i16)> = othello_engine::board::squares(legal_moves(p, o))
            .map(|sq| {
                let mut child = b;
                child.play(sq).unwrap();
                (sq, -exact(&child).signum())
            })
            .collect();
        let best = signs.iter().map(|&(_, c)| c).max().unwrap();
        let lowest_best = signs.iter().find(|&&(_, c)| c == best).unwrap().0;
        for &(m, class) in &signs {
            let want = if class == best { m } else { lowest_best };
            replaced += usize::from(want != m);
            let r = solve_wld(&b, m);
            assert_eq!(
                (r.best_move, r.score, &r.pv[..]),
                (Some(want), best, &[want][..]),
                "{b:?}, preferred {m}"
            );
        }
        // The stage: the check after the depth-limited search of that depth.
        let d = search_depth(&b, 2, &w).best_move.unwrap();
        assert_eq!(search_stage(&b, Stage::Wld(2), &w), solve_wld(&b, d));
        classes_seen[usize::try_from(best + 1).unwrap()] = true;
    }
    assert_eq!(classes_seen, [true; 3], "losses, draws and wins all tried");
    assert!(replaced > 10, "only {replaced} moves replaced");
}
