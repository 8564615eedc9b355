//! ODIN's EXPECT and SCORES in the Z80 AI itself (`cpc/ai.asm`), run in the bundled emulator:
//!
//! - the principal variation `ai_entry` leaves in `ai_pv` (docs/ai.md, "The principal
//!   variation"): the PV of a search may differ from the reference's on ties, so it is
//!   checked for the property the document defines (`super::pv`), and that check is shown to
//!   reject PVs that are one move short, one move long, or end elsewhere;
//! - the per-move scores of docs/ai.md section 10, which `ai_entry` computes with `ai_only`
//!   set to a move, against `othello_engine::search::scores::move_scores` at every level,
//!   in both modes of the search, where a child must pass, where a move ends the game and
//!   in book positions; and `ai_only`'s bad inputs.

use cpc_e2e::z80::{position, show, Z80};
use cpc_game::driver::{AiAnswer, AI_BAD_INPUT, AI_PASS};
use cpc_game::stage;
use cpc_game::symbols as sym;
use cpc_verify::positions::{from_discs, random_positions};
use othello_engine::ai::best_move;
use othello_engine::board::{squares, Board, Color};
use othello_engine::book;
use othello_engine::search::nixon::nixon_hard_score;
use othello_engine::search::scores::move_scores;
use othello_engine::weights::Weights;

/// CPC time allowed for one call (the deep levels' per-move scores search every child).
const LIMIT_US: u64 = 600_000_000;
/// `ai_only`'s value for "every move".
const AI_ALL: u8 = 0xFF;

/// `ai_entry` at `level`, with `ai_only` = `only` when given. Returns the answer and its PV.
fn call(z: &mut Z80, board: &Board, level: u8, only: Option<u8>) -> (AiAnswer, Vec<u8>) {
    if let Some(sq) = only {
        z.cpc.poke(z.addr(sym::AI_ONLY), sq);
    }
    let a = z.ai_timed(board, level, 0, LIMIT_US);
    assert_eq!(
        z.cpc.peek(z.addr(sym::AI_ONLY)),
        AI_ALL,
        "ai_entry sets ai_only back to every move"
    );
    (a, z.pv())
}

/// The position `pv` leads to from `board` (passes made where a side has no move), and
/// whether a pass was made on the way.
fn replay(board: &Board, pv: &[u8]) -> (Board, bool) {
    let mut b = *board;
    let mut passed = false;
    for &sq in pv {
        if b.must_pass() {
            b.pass();
            passed = true;
        }
        b.play(sq).expect("a legal PV");
    }
    (b, passed)
}

#[test]
fn the_pv_has_its_property_and_the_check_has_teeth() {
    let w = Weights::default();
    let mut z = Z80::game();
    let boards = random_positions(0x5EED_0F01, 120);
    let (mut book_moves, mut full_depth, mut long_exact, mut through_pass) = (0, 0, 0, 0);
    let (mut passes, mut rejected_ends) = (0, 0);
    for board in &boards {
        for level in [3u8, 4] {
            let r = best_move(board, level, &w);
            let (a, pv) = call(&mut z, board, level, None);
            let at = format!("{} level {level}", show(board));
            assert_eq!(
                (a.mv, a.score),
                (r.best_move.unwrap_or(AI_PASS), r.score),
                "{at}"
            );
            let Some(mv) = r.best_move else {
                assert!(pv.is_empty(), "{at}: a pass has no PV, got {pv:?}");
                passes += 1;
                continue;
            };
            super::pv::check_search_pv(board, level, &w, mv, a.score, &pv)
                .unwrap_or_else(|e| panic!("{e}"));
            if book::answer(board, level, &w).is_some() {
                book_moves += 1;
                continue;
            }
            let s = stage::search_level(&w, level).expect("levels 3 and 4 search");
            let exact = board.empties().count_ones() <= u32::from(s.endgame);
            let (end, passed) = replay(board, &pv);
            full_depth += usize::from(!exact && pv.len() == usize::from(s.depth));
            long_exact += usize::from(exact && pv.len() > usize::from(s.depth));
            through_pass += usize::from(passed);
            // Teeth: one move short, one move long, another score, another last move.
            let check = |line: &[u8], score: i16| {
                super::pv::check_search_pv(board, level, &w, mv, score, line)
            };
            assert!(check(&pv[..pv.len() - 1], a.score).is_err(), "{at}: short");
            let mut after = end;
            if after.must_pass() {
                after.pass();
            }
            if let Some(next) = squares(after.legal_moves()).next() {
                let longer: Vec<u8> = pv.iter().copied().chain([next]).collect();
                assert!(check(&longer, a.score).is_err(), "{at}: long");
            }
            assert!(check(&pv, a.score + 1).is_err(), "{at}: another score");
            let (before, _) = replay(board, &pv[..pv.len() - 1]);
            let mut before = before;
            if before.must_pass() {
                before.pass();
            }
            for other in squares(before.legal_moves()).filter(|&s| s != pv[pv.len() - 1]) {
                let mut line = pv.clone();
                *line.last_mut().expect("a move") = other;
                rejected_ends += usize::from(check(&line, a.score).is_err());
            }
        }
    }
    eprintln!(
        "PVs: {book_moves} book, {full_depth} depth-limited to the full depth, {long_exact} \
         exact beyond the depth, {through_pass} through a pass, {passes} passes; \
         {rejected_ends} other last moves rejected"
    );
    assert!(
        book_moves > 0 && passes > 0,
        "the positions cover the book and passes"
    );
    assert!(full_depth > 100, "depth-limited PVs reach the depth");
    assert!(long_exact > 10, "exact PVs go to the end of the game");
    assert!(through_pass > 0, "some PV crosses a pass");
    assert!(
        rejected_ends > 100,
        "another last move mostly ends elsewhere"
    );
}

/// Checks the per-move score of every legal move of `board` at `level` (ai_only) against
/// `move_scores`, and its PV: at a search level the line behind that value, at level 1 the
/// move, at level 2 the move and its best reply.
fn check_scores(z: &mut Z80, board: &Board, level: u8, w: &Weights) {
    let want = move_scores(board, level, w);
    assert!(!want.is_empty(), "{}: a position with moves", show(board));
    let (p, o) = board.player_opponent();
    for (sq, v) in want {
        let (a, pv) = call(z, board, level, Some(sq));
        let at = format!("{} level {level} move {sq}", show(board));
        assert_eq!((a.mv, a.score), (sq, v), "{at}: the per-move score");
        match level {
            1 => assert_eq!(pv, [sq], "{at}"),
            2 => {
                let (_, reply) = nixon_hard_score(w, p, o, sq).expect("legal");
                let line: Vec<u8> = std::iter::once(sq).chain(reply).collect();
                assert_eq!(pv, line, "{at}");
            }
            _ => super::pv::check_search_line(board, level, w, sq, v, &pv)
                .unwrap_or_else(|e| panic!("{at}: {e}")),
        }
    }
}

/// The first play-out position (seeded) that `pick` accepts.
fn find(what: &str, seed: u64, pick: impl Fn(&Board) -> bool) -> Board {
    random_positions(seed, 4000)
        .into_iter()
        .find(|b| pick(b))
        .unwrap_or_else(|| panic!("no play-out position is {what}"))
}

/// True if a legal move of `b` ends the game with empty squares left.
fn a_move_ends_the_game(b: &Board) -> bool {
    b.empties().count_ones() > 1
        && squares(b.legal_moves()).any(|sq| {
            let mut c = *b;
            c.play(sq).expect("legal");
            c.is_game_over()
        })
}

#[test]
fn per_move_scores_of_ai_entry_are_the_reference_move_scores() {
    let w = Weights::default();
    let mut z = Z80::game();
    let empties = |b: &Board| b.empties().count_ones();
    let mut boards: Vec<Board> = random_positions(0x5EED_0F02, 40)
        .into_iter()
        .filter(|b| !b.must_pass())
        .take(24)
        .collect();
    boards.push(Board::start()); // in the book: the scores are the search's all the same
    boards.push(find("a child must pass", 0x5EED_0F03, |b| {
        !b.must_pass() && empties(b) > 10 && super::pv::a_child_must_pass(b)
    }));
    boards.push(find("a child must pass, near the end", 0x5EED_0F04, |b| {
        !b.must_pass() && (4..=8).contains(&empties(b)) && super::pv::a_child_must_pass(b)
    }));
    // Black's only move f4 takes white's last disc: the game ends with 61 empty squares.
    let wipe_out = from_discs(&["d4"], &["e4"], Color::Black);
    assert!(a_move_ends_the_game(&wipe_out));
    boards.push(wipe_out);
    boards.push(position(&format!("{}O- X", "X".repeat(62))));
    boards.push(from_discs(&["a1"], &["b1", "b2"], Color::Black));
    // Exact mode at level 3 (8 empties or fewer) and depth-limited mode beside it.
    assert!(boards.iter().any(|b| empties(b) <= 8));
    assert!(boards.iter().any(|b| (9..=50).contains(&empties(b))));
    for b in &boards {
        for level in 1..=4 {
            check_scores(&mut z, b, level, &w);
        }
    }
    // The deep levels on positions that are cheap to score: a depth-limited one late in the
    // game and exact solves.
    let late = find("late with few moves", 0x5EED_0F06, |b| {
        (15..=17).contains(&empties(b)) && (2..=4).contains(&b.legal_moves().count_ones())
    });
    let solve = find("with 9 or 10 empties", 0x5EED_0F07, |b| {
        (9..=10).contains(&empties(b)) && !b.must_pass()
    });
    for level in 5..=w.max_level() {
        check_scores(&mut z, &late, level, &w);
        check_scores(&mut z, &solve, level, &w);
    }
}

#[test]
fn ai_only_rejects_what_is_not_a_legal_move() {
    let w = Weights::default();
    let mut z = Z80::game();
    let start = Board::start();
    let d3 = 19u8; // legal at the start
    for level in [1u8, 2, 3, 4] {
        for only in [0u8, 27, 63, 64, 0xFE] {
            let (a, pv) = call(&mut z, &start, level, Some(only));
            assert_eq!(a.mv, AI_BAD_INPUT, "level {level}, ai_only {only}");
            assert!(pv.is_empty(), "level {level}, ai_only {only}: no PV");
        }
        // Without ai_only (set back by the calls above) the level chooses its move again.
        let (a, _) = call(&mut z, &start, level, None);
        let r = best_move(&start, level, &w);
        assert_eq!(
            (Some(a.mv), a.score),
            (r.best_move, r.score),
            "level {level}"
        );
        let (a, _) = call(&mut z, &start, level, Some(d3));
        assert_eq!(a.mv, d3, "level {level}");
    }
    // A side that must pass has no legal move to value; without ai_only it passes.
    let pass = from_discs(&["a1"], &["b1"], Color::White);
    assert!(pass.must_pass() && !pass.is_game_over());
    assert_eq!(call(&mut z, &pass, 3, Some(2)).0.mv, AI_BAD_INPUT);
    assert_eq!(call(&mut z, &pass, 3, None).0.mv, AI_PASS);
}
