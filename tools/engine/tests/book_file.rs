//! The opening book file and the `[book]` section of the weights file: the shipped
//! `cpc/book.txt` is exactly what the generator makes, every move in it is legal, and every
//! rejection names the line and column and says why.

use othello_engine::board::{squares, Board};
use othello_engine::book::generate::{book_move, generate_with};
use othello_engine::book::{self, Book, BookError, BOOK_FILE_NAME, BOOK_TEXT};
use othello_engine::notation::square_name;
use othello_engine::weights::{Weights, WeightsError, DEFAULT_FILE_NAME, DEFAULT_TOML};

/// The (line, column, message) of a rejected book text.
fn rejected(text: &str) -> (usize, usize, String) {
    match Book::parse(text, "b.txt") {
        Err(BookError::Invalid {
            file,
            line,
            col,
            message,
        }) => {
            assert_eq!(file, "b.txt");
            let shown = BookError::Invalid {
                file: file.clone(),
                line,
                col,
                message: message.clone(),
            }
            .to_string();
            assert!(
                shown.starts_with(&format!("b.txt:{line}:{col}: ")),
                "{shown}"
            );
            (line, col, message)
        }
        Ok(_) => panic!("accepted:\n{text}"),
    }
}

/// A small valid book: 3 plies, two entries, the second line's position after white's c3.
const SMALL: &str = "\
# comment
plies 3
depth 4
evaluation 0000abcd

start   d3  -10  4
d3      c3   20  4
";

#[test]
fn a_small_book_parses_and_prints_back() {
    let b = Book::parse(SMALL, "b.txt").unwrap();
    assert_eq!((b.plies(), b.depth(), b.evaluation()), (3, 4, 0xabcd));
    assert_eq!(b.entries().len(), 2);
    assert_eq!(b.entries()[1].line, vec![19]);
    assert_eq!((b.entries()[1].mv, b.entries()[1].score), (18, 20));
    let again = Book::parse(&b.to_text("w.toml"), "b2.txt").unwrap();
    assert_eq!(again, b);
    assert_eq!(b.max_discs(), 5);
}

#[test]
fn bad_book_files_say_where_and_why() {
    let cases: [(&str, &str, usize, usize, &str); 13] = [
        (
            "evaluation 0000abcd",
            "evaluation +000abcd",
            4,
            12,
            "not 8 hexadecimal digits",
        ),
        ("plies 3", "plys 3", 2, 1, "expected `plies` here"),
        ("plies 3", "plies 21", 2, 7, "plies `21` is not 0..20"),
        ("depth 4", "depth 13", 3, 7, "depth `13` is not 1..12"),
        ("depth 4", "depth 4 5", 3, 9, "unexpected `5`"),
        (
            "evaluation 0000abcd",
            "evaluation abcd",
            4,
            12,
            "not 8 hexadecimal digits",
        ),
        (
            "d3      c3",
            "d3e6    c3",
            7,
            3,
            "e6 is not a legal move here",
        ),
        ("d3      c3", "d3z9    c3", 7, 3, "`z9` is not a square"),
        (
            "d3      c3",
            "d3      d3",
            7,
            9,
            "d3 is not a legal move here",
        ),
        (
            "  20  4\n",
            "  2x  4\n",
            7,
            14,
            "score `2x` is not a number",
        ),
        (
            "  20  4\n",
            "  20  5\n",
            7,
            18,
            "differs from the header's depth 4",
        ),
        ("  20  4\n", "  20\n", 7, 14, "found 3 fields"),
        (
            "d3      c3",
            "d3c3c4  e3",
            7,
            1,
            "3 moves from the start, but the book covers 3",
        ),
    ];
    for (from, to, line, col, why) in cases {
        assert_eq!(SMALL.matches(from).count(), 1, "{from:?}");
        let (l, c, m) = rejected(&SMALL.replacen(from, to, 1));
        assert_eq!((l, c), (line, col), "{to:?}: {m}");
        assert!(m.contains(why), "{to:?}: {m}");
    }
    // f5 is d3 mirrored (transform 7): the same position up to symmetry.
    let (l, c, m) = rejected(&format!("{SMALL}f5      f6   20  4\n"));
    assert_eq!((l, c), (8, 1), "{m}");
    assert!(m.contains("same position (up to symmetry)"), "{m}");
    let (l, _, m) = rejected("plies 3\ndepth 4\n");
    assert_eq!(l, 3);
    assert!(m.contains("before `evaluation`"), "{m}");
}

#[test]
fn the_shipped_book_applies_to_the_shipped_weights() {
    let w = Weights::default();
    let b = book::shipped();
    assert_eq!(b.mismatch(&w), None);
    let params = w.book().expect("cpc/weights.toml has a book");
    assert_eq!((b.plies(), b.depth()), (params.plies, params.depth));
    assert!(params.first_level >= 3, "levels 1 and 2 stay Nixon's");
    assert!(book::for_weights(&w).is_some());
    // Every position the generator keeps is in it: the start and black's four first moves.
    assert!(b.lookup(&Board::start()).is_some());
    for sq in squares(Board::start().legal_moves()) {
        let mut after = Board::start();
        after.play(sq);
        assert!(b.lookup(&after).is_some(), "{}", square_name(sq));
    }
}

#[test]
fn every_book_line_and_move_is_legal() {
    let b = book::shipped();
    assert!(!b.entries().is_empty());
    for e in b.entries() {
        let mut board = Board::start();
        for &sq in &e.line {
            assert!(board.play(sq).is_some(), "{:?}", e.line);
        }
        assert_ne!(board.legal_moves() & 1u64 << e.mv, 0, "{:?}", e.line);
        assert!(e.line.len() < usize::from(b.plies()));
        assert_eq!(
            b.lookup(&board),
            Some(book::BookMove {
                mv: e.mv,
                score: e.score
            })
        );
    }
}

/// The shipped file is the generator's output for the shipped book moves: the same positions,
/// lines, order and text. (The moves themselves: `sampled_moves_are_the_deep_search`.)
#[test]
fn the_shipped_file_is_the_generators_tree() {
    let shipped = book::shipped();
    let remade = generate_with(
        shipped.plies(),
        shipped.depth(),
        shipped.evaluation(),
        &|_, _| {},
        &|b| {
            let m = shipped
                .lookup(b)
                .expect("the generator only asks for book positions");
            (m.mv, m.score)
        },
    );
    assert_eq!(remade.entries(), shipped.entries());
    assert_eq!(remade.to_text(DEFAULT_FILE_NAME), BOOK_TEXT);
}

/// The book moves are the deep search's: every position of the first two plies and a fixed
/// sample of the others, searched again (about a second each at depth 12).
#[test]
fn sampled_moves_are_the_deep_search() {
    let w = Weights::default();
    let b = book::shipped();
    let sample = b
        .entries()
        .iter()
        .enumerate()
        .filter(|(i, e)| e.line.len() < 2 || i % 101 == 50);
    let mut checked = 0;
    for (_, e) in sample {
        let mut board = Board::start();
        for &sq in &e.line {
            board.play(sq);
        }
        assert_eq!(
            book_move(&board, b.depth(), &w),
            Some((e.mv, e.score)),
            "{:?}",
            e.line
        );
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} entries sampled");
}

#[test]
fn the_embedded_text_is_the_file_in_cpc() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cpc/book.txt");
    assert_eq!(std::fs::read_to_string(path).unwrap(), BOOK_TEXT);
    assert!(BOOK_FILE_NAME.ends_with("book.txt"));
}

// ---- The [book] section of the weights file -------------------------------------------------

/// The default weights file with its `[book]` section replaced by `section`.
fn with_book(section: &str) -> String {
    let at = DEFAULT_TOML
        .find("[book]")
        .expect("cpc/weights.toml has [book]");
    format!("{}{section}", &DEFAULT_TOML[..at])
}

fn rejected_weights(text: &str) -> (usize, usize, String) {
    match Weights::parse(text, "w.toml") {
        Err(WeightsError::Invalid {
            line, col, message, ..
        }) => (line, col, message),
        other => panic!("not rejected as invalid: {other:?}"),
    }
}

#[test]
fn the_book_section_is_read_and_checked() {
    let line = DEFAULT_TOML[..DEFAULT_TOML.find("[book]").unwrap()]
        .lines()
        .count()
        + 1;
    let w = Weights::parse(
        &with_book("[book]\nfirst_level = 4\nplies = 6\ndepth = 9\n"),
        "w.toml",
    )
    .unwrap();
    let p = w.book().unwrap();
    assert_eq!((p.first_level, p.plies, p.depth), (4, 6, 9));
    // No section, or no plies: no book.
    assert_eq!(
        Weights::parse(&with_book(""), "w.toml").unwrap().book(),
        None
    );
    let off = with_book("[book]\nfirst_level = 3\nplies = 0\ndepth = 9\n");
    assert_eq!(Weights::parse(&off, "w.toml").unwrap().book(), None);
    let cases = [
        (
            "first_level = 2\nplies = 6\ndepth = 9\n",
            1,
            15,
            "book.first_level = 2 is out of range 3..9",
        ),
        (
            "first_level = 3\nplies = 21\ndepth = 9\n",
            2,
            9,
            "book.plies = 21 is out of range 0..20",
        ),
        (
            "first_level = 3\nplies = 6\ndepth = 0\n",
            3,
            9,
            "book.depth = 0 is out of range 1..12",
        ),
        (
            "first_level = 3\nplies = 6\n",
            0,
            0,
            "missing field `depth`",
        ),
        (
            "first_level = 3\nplies = 6\ndepth = 9\nwidth = 1\n",
            4,
            1,
            "unknown field `width`",
        ),
    ];
    for (body, dl, col, why) in cases {
        let (l, c, m) = rejected_weights(&with_book(&format!("[book]\n{body}")));
        assert!(m.contains(why), "{body:?}: {m}");
        if dl > 0 {
            assert_eq!((l, c), (line + dl, col), "{body:?}: {m}");
        }
    }
}

// ---- The book in the AI ---------------------------------------------------------------------

#[test]
fn levels_from_the_first_book_level_answer_from_the_book() {
    let w = Weights::default();
    let first = w.book().unwrap().first_level;
    let b = book::shipped();
    for e in b.entries().iter().step_by(7) {
        let mut board = Board::start();
        for &sq in &e.line {
            board.play(sq);
        }
        for level in 1..=w.max_level() {
            let r = othello_engine::ai::best_move(&board, level, &w);
            if level >= first {
                assert_eq!(
                    (r.best_move, r.score, r.pv.clone(), r.nodes),
                    (Some(e.mv), e.score, vec![e.mv], 0),
                    "level {level} {:?}",
                    e.line
                );
            } else {
                let level_def = w.level(level).unwrap();
                assert_eq!(r, othello_engine::search::search(&board, level_def, &w));
            }
        }
    }
}

#[test]
fn other_evaluations_get_no_book() {
    let text = DEFAULT_TOML.replace("mobility = 3 ", "mobility = 2 ");
    let w = Weights::parse(&text, "w.toml").unwrap();
    assert!(book::shipped().mismatch(&w).unwrap().contains("evaluation"));
    let deeper = with_book("[book]\nfirst_level = 3\nplies = 8\ndepth = 11\n");
    let w2 = Weights::parse(&deeper, "w.toml").unwrap();
    assert!(book::shipped()
        .mismatch(&w2)
        .unwrap()
        .contains("depth = 11"));
    let start = Board::start();
    for w in [w, w2] {
        assert!(book::answer(&start, 6, &w).is_none());
        let r = othello_engine::ai::best_move(&start, 3, &w);
        assert_eq!(
            r,
            othello_engine::search::search(&start, w.level(3).unwrap(), &w)
        );
    }
    // The squares of levels 1 and 2 and the levels table do not matter to the book.
    let text = DEFAULT_TOML.replace("late = 3", "late = 4");
    let w = Weights::parse(&text, "w.toml").unwrap();
    assert_eq!(book::shipped().mismatch(&w), None);
}

/// A position not in the book: the search answers, at every level.
#[test]
fn positions_outside_the_book_are_searched() {
    let w = Weights::default();
    let b = book::shipped();
    let mut board = Board::start();
    // Follow the book moves on both sides until the line leaves the book.
    while let Some(m) = b.lookup(&board) {
        board.play(m.mv);
    }
    assert!(board.legal_moves() != 0);
    let r = othello_engine::ai::best_move(&board, 3, &w);
    assert_eq!(
        r,
        othello_engine::search::search(&board, w.level(3).unwrap(), &w)
    );
    assert!(r.nodes > 0);
}

/// The lookup is by the position up to symmetry, seen from the side to move: each of the 8
/// images and their colour-swapped twins get the entry's score and a move leading to the same
/// position up to symmetry; the image of the entry's move itself when the images all differ.
#[test]
fn mirror_images_and_the_colour_swap_get_the_same_answer() {
    use othello_engine::book::symmetry::{canonical, transform_bits, transform_square};
    let b = book::shipped();
    for e in b.entries() {
        let mut board = Board::start();
        for &sq in &e.line {
            board.play(sq);
        }
        let mut after = board;
        after.play(e.mv);
        let (ap, ao) = after.player_opponent();
        let want = canonical(ap, ao).0;
        let images: Vec<Board> = (0..8)
            .map(|t| Board {
                black: transform_bits(t, board.black),
                white: transform_bits(t, board.white),
                to_move: board.to_move,
            })
            .collect();
        let distinct = images
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len()
            == 8;
        for (t, image) in (0..8u8).zip(&images) {
            let m = b.lookup(image).expect("every image is in the book");
            assert_eq!(m.score, e.score);
            if distinct {
                assert_eq!(m.mv, transform_square(t, e.mv), "{:?} t={t}", e.line);
            }
            let mut image_after = *image;
            assert!(image_after.play(m.mv).is_some());
            let (p, o) = image_after.player_opponent();
            assert_eq!(canonical(p, o).0, want, "{:?} t={t}", e.line);
            let swapped = Board {
                black: image.white,
                white: image.black,
                to_move: image.to_move.opponent(),
            };
            assert_eq!(b.lookup(&swapped), Some(m));
        }
    }
}

/// The lookup examples of docs/ai.md §11.3.
#[test]
fn the_documented_lookups() {
    use othello_engine::book::symmetry::canonical;
    use othello_engine::notation::parse_square;
    let b = book::shipped();
    let sq = |n: &str| parse_square(n).unwrap();
    let (p, o) = Board::start().player_opponent();
    let (key, t) = canonical(p, o);
    assert_eq!(t, 1);
    let stored = b.canonical_entries().iter().find(|e| e.0 == key).unwrap();
    assert_eq!(stored.1, sq("e3"));
    let answer = |line: &[&str]| {
        let mut board = Board::start();
        for m in line {
            board.play(sq(m));
        }
        b.lookup(&board).map(|m| (square_name(m.mv), m.score))
    };
    assert_eq!(answer(&[]), Some(("d3".into(), 36)));
    assert_eq!(answer(&["f5"]), Some(("d6".into(), 0)));
    assert_eq!(answer(&["d3"]), Some(("c5".into(), 0)));
    // After f5 and after d3 the canonical form is the same, so is the stored move.
    let stored_after = |m: &str| {
        let mut board = Board::start();
        board.play(sq(m));
        let (p, o) = board.player_opponent();
        let (key, _) = canonical(p, o);
        b.canonical_entries().iter().find(|e| e.0 == key).unwrap().1
    };
    assert_eq!(stored_after("f5"), stored_after("d3"));
    assert_eq!(square_name(stored_after("f5")), "d3");
}
