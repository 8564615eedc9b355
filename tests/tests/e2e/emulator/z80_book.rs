//! The opening book lookup of `cpc/book.asm`, run in the bundled emulator, against the
//! reference's (`othello_engine::book`): on every book position, mirrored and colour-swapped,
//! and on positions outside the book; and `ai_entry` answering from the book at the levels
//! that use it, exactly as `othello_engine::ai::best_move` does.

use cpc_e2e::z80::{show, Z80};
use cpc_game::symbols as sym;
use cpc_verify::positions::random_positions;
use othello_engine::ai::best_move;
use othello_engine::board::Board;
use othello_engine::book::{self, symmetry::transform_bits};
use othello_engine::weights::{Weights, DEFAULT_TOML};

/// What `book_lookup` answers at `level`: `Some((move, score))` when it reports a hit (carry
/// set). A miss must leave `ai_move` and `ai_score` alone.
fn z80_lookup(z: &mut Z80, board: &Board, level: u8) -> Option<(u8, i16)> {
    z.write_ai_input(board, level);
    z.cpc.poke(z.addr(sym::AI_MOVE), 0xEE);
    z.cpc.poke_word(z.addr(sym::AI_SCORE), 0x1234);
    let out = z.call(sym::BOOK_LOOKUP, 0);
    let (mv, score) = (
        z.cpc.peek(z.addr(sym::AI_MOVE)),
        z.cpc.peek_word(z.addr(sym::AI_SCORE)) as i16,
    );
    if out.registers.af & 1 != 0 {
        Some((mv, score))
    } else {
        assert_eq!((mv, score), (0xEE, 0x1234), "{}: a miss wrote", show(board));
        None
    }
}

/// The reference's answer from the book at `level`.
fn reference(board: &Board, level: u8, w: &Weights) -> Option<(u8, i16)> {
    book::answer(board, level, w).map(|r| (r.best_move.expect("a move"), r.score))
}

fn replay(line: &[u8]) -> Board {
    let mut b = Board::start();
    for &sq in line {
        assert!(b.play(sq).is_some());
    }
    b
}

fn image(board: &Board, t: u8, swap_colours: bool) -> Board {
    let (black, white) = (
        transform_bits(t, board.black),
        transform_bits(t, board.white),
    );
    if swap_colours {
        Board {
            black: white,
            white: black,
            to_move: board.to_move.opponent(),
        }
    } else {
        Board {
            black,
            white,
            to_move: board.to_move,
        }
    }
}

#[test]
fn every_book_position_matches_the_reference() {
    let w = Weights::default();
    let level = w
        .book()
        .expect("the shipped weights have a book")
        .first_level;
    let mut z = Z80::game();
    let entries = book::shipped().entries();
    assert!(!entries.is_empty());
    let mut differences = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let board = replay(&e.line);
        // Every entry as written, one mirror image and one colour-swapped image (all 8
        // transforms over the book); all 16 for the first plies, where symmetric positions are.
        let all = e.line.len() < 3;
        let cases: Vec<(u8, bool)> = if all {
            (0..8).flat_map(|t| [(t, false), (t, true)]).collect()
        } else {
            vec![
                (0, false),
                ((i % 8) as u8, false),
                (((i * 3 + 1) % 8) as u8, true),
            ]
        };
        for (t, swap) in cases {
            let b = image(&board, t, swap);
            let want = reference(&b, level, &w);
            assert!(want.is_some(), "{}: not in the reference's book", show(&b));
            let got = z80_lookup(&mut z, &b, level);
            if got != want {
                differences.push(format!("{}: Z80 {got:?}, reference {want:?}", show(&b)));
            }
        }
    }
    assert!(
        differences.is_empty(),
        "{} differences, first ones:\n{}",
        differences.len(),
        differences[..differences.len().min(10)].join("\n")
    );
}

#[test]
fn positions_outside_the_book_match_the_reference() {
    let w = Weights::default();
    let level = w.book().unwrap().first_level;
    let mut z = Z80::game();
    // Random play-outs: most leave the book, the short ones are in it.
    let boards = random_positions(0xB00C, 300);
    let mut hits = 0;
    for b in &boards {
        let want = reference(b, level, &w);
        hits += usize::from(want.is_some());
        assert_eq!(z80_lookup(&mut z, b, level), want, "{}", show(b));
    }
    assert!(
        hits > 0 && hits < boards.len(),
        "{hits} of {} in the book",
        boards.len()
    );
    // Out of the book by a single disc: the start position with one more black disc.
    let mut near = Board::start();
    near.black |= 1 << 0;
    assert_eq!(reference(&near, level, &w), None);
    assert_eq!(z80_lookup(&mut z, &near, level), None);
    // Below the first book level the lookup never answers.
    assert_eq!(z80_lookup(&mut z, &Board::start(), level - 1), None);
}

#[test]
fn ai_entry_answers_from_the_book_like_best_move() {
    let w = Weights::default();
    let first = w.book().unwrap().first_level;
    let mut z = Z80::game();
    for e in book::shipped().entries().iter().step_by(5) {
        let board = replay(&e.line);
        for level in first..=w.max_level() {
            let r = best_move(&board, level, &w);
            let a = z.ai(&board, level);
            assert_eq!(
                (a.mv, a.score, a.nodes),
                (r.best_move.unwrap(), r.score, 0),
                "{} level {level}",
                show(&board)
            );
        }
    }
}

#[test]
fn a_build_with_another_evaluation_has_no_book() {
    let text = DEFAULT_TOML.replace("mobility = 3 ", "mobility = 12 ");
    let w = Weights::parse(&text, "mobility12.toml").unwrap();
    let mut z = Z80::with_weights(&w, "mobility12.toml");
    assert_eq!(z.cpc.peek_word(z.addr(sym::BOOK_COUNT)), 0);
    let start = Board::start();
    assert_eq!(z80_lookup(&mut z, &start, 6), None);
    // Level 3 then searches the start position, on the Z80 and in the reference alike.
    let r = best_move(&start, 3, &w);
    assert!(r.nodes > 0);
    let a = z.ai(&start, 3);
    assert_eq!((a.mv, a.score), (r.best_move.unwrap(), r.score));
}
