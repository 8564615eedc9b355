//! Levels 1 and 2 (Nixon easy and hard) on positions whose answers were worked out by hand
//! from docs/ai.md and the shipped weights (Norvig's table, corners 5, flips -3/+3 at 44
//! discs, pass bonus 20). Square weights used below: corners 120, c1/a3-type 20, c3-type 15,
//! b3-type -5, X-squares -40, the centre 4x4 ring (d3, c4, ...) 3.

mod ai_util;

use ai_util::{bits, sq};
use othello_engine::ai::best_move;
use othello_engine::board::{Board, Color};
use othello_engine::eval::{flip_factor, move_score};
use othello_engine::search::nixon::nixon_hard_score;
use othello_engine::search::SearchResult;
use othello_engine::weights::{Weights, NORVIG_TOML};

fn position(black: &[&str], white: &[&str], to_move: Color) -> Board {
    Board {
        black: bits(black),
        white: bits(white),
        to_move,
    }
}

fn weights_with(from: &str, to: &str) -> Weights {
    assert_eq!(NORVIG_TOML.matches(from).count(), 1, "{from}");
    Weights::parse(&NORVIG_TOML.replacen(from, to, 1), "test").unwrap()
}

#[test]
fn start_position_all_four_moves_tie_and_d3_wins() {
    let w = Weights::norvig();
    let b = Board::start();
    // d3, c4, f5, e6 each weigh 3 and flip 1 disc with 4 discs on the board (early, -3):
    // 3 - 3 = 0 for all four; the tie goes to the lowest index, d3 (19).
    let r = best_move(&b, 1, &w);
    assert_eq!(
        r,
        SearchResult {
            best_move: Some(sq("d3")),
            score: 0,
            pv: vec![sq("d3")],
            nodes: 4
        }
    );
    // Level 2: after d3 white can answer c3 (15 - 3 = 12), e3 (3 - 3 = 0) or c5 (3 - 3 = 0),
    // so d3 scores 0 - 12 = -12; the other three are its mirror images and tie.
    let r = best_move(&b, 2, &w);
    assert_eq!(r.best_move, Some(sq("d3")));
    assert_eq!(r.score, -12);
    assert_eq!(r.pv, vec![sq("d3"), sq("c3")]);
    assert_eq!(
        nixon_hard_score(&w, b.black, b.white, sq("e6")),
        Some((-12, Some(sq("f6"))))
    );
}

#[test]
fn level_2_refuses_the_move_that_gives_up_a_corner() {
    let w = Weights::norvig();
    // Black b1 c3, white d1 c2, black to move (4 discs: early, -3 per flip).
    // Black's moves: c1 (flips c2 via c1-c2-c3): 20 - 3 = 17; d3 (flips c2 via d3-c2-b1):
    // 3 - 3 = 0. Level 1 plays c1.
    let b = position(&["b1", "c3"], &["d1", "c2"], Color::Black);
    let r = best_move(&b, 1, &w);
    assert_eq!((r.best_move, r.score), (Some(sq("c1")), 17));
    // After c1 (black b1 c1 c2 c3, white d1), white replies a1 (flips b1 c1 along row 1):
    // 120 - 3 * 2 = 114, or b3 (flips c2 along b3-c2-d1): -5 - 3 = -8. c1 scores 17 - 114 = -97.
    assert_eq!(
        nixon_hard_score(&w, b.black, b.white, sq("c1")),
        Some((-97, Some(sq("a1"))))
    );
    // After d3 (black b1 c2 c3 d3, white d1) white's only reply is b3: -8, so d3 scores
    // 0 - (-8) = 8 and level 2 plays d3.
    let r = best_move(&b, 2, &w);
    assert_eq!(r.best_move, Some(sq("d3")));
    assert_eq!(r.score, 8);
    assert_eq!(r.pv, vec![sq("d3"), sq("b3")]);
    // Nodes: 2 moves of mine, 2 replies after c1, 1 after d3.
    assert_eq!(r.nodes, 5);
}

#[test]
fn level_2_adds_the_pass_bonus_when_the_opponent_cannot_reply() {
    // Black a1, white b1 b2, black to move (3 discs, early).
    // c1 flips b1: 20 - 3 = 17, and white (left with b2 only) has no reply: 17 + 20 = 37.
    // c3 flips b2 (a1-b2-c3): 15 - 3 = 12; white replies b3 (flips b2 via b1-b2-b3):
    // -5 - 3 = -8, so c3 scores 12 + 8 = 20. Level 2 plays c1 with 37.
    let b = position(&["a1"], &["b1", "b2"], Color::Black);
    let w = Weights::norvig();
    let r = best_move(&b, 2, &w);
    assert_eq!(
        (r.best_move, r.score, r.pv.clone()),
        (Some(sq("c1")), 37, vec![sq("c1")])
    );
    assert_eq!(
        nixon_hard_score(&w, b.black, b.white, sq("c3")),
        Some((20, Some(sq("b3"))))
    );
    // With a pass bonus of -100, c1 scores 17 - 100 = -83 and c3 (20) wins.
    let harsh = weights_with("pass_bonus = 20", "pass_bonus = -100");
    let r = best_move(&b, 2, &harsh);
    assert_eq!((r.best_move, r.score), (Some(sq("c3")), 20));
}

#[test]
fn corner_adjustment_turns_the_x_square_into_the_best_move() {
    // Black a1 d4, white c3 e4, black to move (4 discs, early, -3 per flip).
    // b2 flips c3 (b2-c3-d4); a1 is occupied, so b2 weighs corner.diagonal = 5: 5 - 3 = 2.
    // f4 flips e4 (f4-e4-d4): 3 - 3 = 0. Level 1 plays the X-square b2.
    let b = position(&["a1", "d4"], &["c3", "e4"], Color::Black);
    let w = Weights::norvig();
    let r = best_move(&b, 1, &w);
    assert_eq!((r.best_move, r.score), (Some(sq("b2")), 2));
    // Without the adjustment (neighbours keep their table values) b2 is -40 - 3 = -43: f4.
    let flat = Weights::parse(
        &NORVIG_TOML
            .replacen("edge = 5 ", "edge = -20 ", 1)
            .replacen("diagonal = 5 ", "diagonal = -40 ", 1),
        "test",
    )
    .unwrap();
    assert_ne!(flat, w);
    let r = best_move(&b, 1, &flat);
    assert_eq!((r.best_move, r.score), (Some(sq("f4")), 0));
    // Same weights, a1 empty: the adjustment does not apply and f4 wins again.
    let no_corner = position(&["d4"], &["c3", "e4"], Color::Black);
    let r = best_move(&no_corner, 1, &w);
    assert_eq!((r.best_move, r.score), (Some(sq("f4")), 0));
    // Level 2 agrees with the adjusted choice: after b2 white's only reply c4 scores
    // 3 - 3 = 0 (2 - 0 = 2); after f4 white's only reply e5 scores 0 (0 - 0 = 0).
    let r = best_move(&b, 2, &w);
    assert_eq!((r.best_move, r.score), (Some(sq("b2")), 2));
}

#[test]
fn flip_factor_switches_at_the_boundary() {
    let w = Weights::norvig();
    assert_eq!(flip_factor(&w, 43), -3);
    assert_eq!(flip_factor(&w, 44), 3);
    assert_eq!(flip_factor(&w, 0), -3);
    assert_eq!(flip_factor(&w, 64), 3);
}

#[test]
fn late_move_scores_on_ffo_1() {
    // FFO #1, black to move, 50 discs (late: +3 per flip):
    //     a b c d e f g h
    //   1 - - X X X X X -
    //   2 - O O O X X - O
    //   3 - O O O X X O X
    //   4 - O X O X O X X
    //   5 O X X X O X X X
    //   6 - - X O X O X X
    //   7 - X X X O O O -
    //   8 - O O O O O - -
    // g8: up, g7 O then g6 X: flips g7; up-left, f7 O then e6 X: flips f7; left, b8..f8 O
    // end at the empty a8: nothing. 2 flips; g8 weighs -20 (h8 empty): -20 + 3 * 2 = -14.
    // h1: down, h2 O then h3 X: flips h2; left g1 is black; down-left g2 is empty.
    // 1 flip: 120 + 3 = 123.
    let b = ai_util::ffo_1_19()[0].board;
    assert_eq!(b.to_move, Color::Black);
    assert_eq!((b.black | b.white).count_ones(), 50);
    let w = Weights::norvig();
    assert_eq!(move_score(&w, b.black, b.white, sq("g8")), Some(-14));
    assert_eq!(move_score(&w, b.black, b.white, sq("h1")), Some(123));
    assert_eq!(move_score(&w, b.black, b.white, sq("a1")), None); // not legal
    assert_eq!(move_score(&w, b.black, b.white, sq("c1")), None); // occupied
}

#[test]
fn a_side_without_moves_passes_at_every_level() {
    // Black c1, white a1 b1, black to move: the only line from c1 over white runs off the
    // board after a1. Black must pass (white could play d1).
    let b = position(&["c1"], &["a1", "b1"], Color::Black);
    assert_eq!(b.legal_moves(), 0);
    assert!(!b.is_game_over());
    let w = Weights::norvig();
    for level in 1..=w.max_level() {
        assert_eq!(
            best_move(&b, level, &w),
            SearchResult::pass(),
            "level {level}"
        );
    }
}
