//! Computing the book (docs/ai.md, "Opening book"): which positions it holds, and the deep
//! search that chooses each move.
//!
//! The book covers the program's moves on both colours while the opponent may play anything:
//! it holds the start position and the four positions after black's first move, and with each
//! position P the positions two plies later reached by P's book move and any reply, as long as
//! they lie fewer than `plies` moves from the start. Positions where the side to move must pass
//! are left out (the search answers them), and each position is kept once up to symmetry: the
//! first line to reach it, plies in order and moves in ascending square order, names it.
//!
//! Each move is the depth-limited search of docs/ai.md at the book's depth, run on the
//! position's canonical form and mapped back, so the move is a function of the position alone.
//! The searches of one ply run in parallel; the result does not depend on the thread count.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::symmetry::{canonical, inverse, transform_bits, transform_square};
use super::{evaluation_fingerprint, Book, Entry};
use crate::board::{squares, Board};
use crate::search::alphabeta::search_depth;
use crate::weights::Weights;

/// The book move and score for `board` at search depth `depth`: the search of its canonical
/// form, the move mapped back to `board`'s orientation. `None` when the side to move must pass.
#[must_use]
pub fn book_move(board: &Board, depth: u8, weights: &Weights) -> Option<(u8, i16)> {
    let (p, o) = board.player_opponent();
    let (_, t) = canonical(p, o);
    let image = Board {
        black: transform_bits(t, board.black),
        white: transform_bits(t, board.white),
        to_move: board.to_move,
    };
    let r = search_depth(&image, depth, weights);
    Some((transform_square(inverse(t), r.best_move?), r.score))
}

/// Computes the book of `weights` (empty when it defines none). `progress(ply, searched)` is
/// called from the worker threads after each search.
#[must_use]
pub fn generate(weights: &Weights, progress: &(dyn Fn(u8, usize) + Sync)) -> Book {
    let (plies, depth) = weights.book().map_or((0, 1), |b| (b.plies, b.depth));
    generate_with(
        plies,
        depth,
        evaluation_fingerprint(weights),
        progress,
        &|b| book_move(b, depth, weights).expect("book positions have a move"),
    )
}

/// The book of `plies` plies whose moves `choose` gives (it must return a legal move of the
/// position it gets, in that position's orientation); `depth` and `evaluation` only label it.
///
/// # Panics
/// When `choose` returns an illegal move.
#[must_use]
pub fn generate_with(
    plies: u8,
    depth: u8,
    evaluation: u32,
    progress: &(dyn Fn(u8, usize) + Sync),
    choose: &(dyn Fn(&Board) -> (u8, i16) + Sync),
) -> Book {
    let plies_n = usize::from(plies);
    // by_ply[k]: the lines of the book positions after k moves, in discovery order.
    let mut by_ply: Vec<Vec<(Vec<u8>, Board)>> = vec![Vec::new(); plies_n + 2];
    let mut seen = HashSet::new();
    let mut keep = |by_ply: &mut Vec<Vec<(Vec<u8>, Board)>>, line: Vec<u8>, board: Board| {
        let (p, o) = board.player_opponent();
        if line.len() < plies_n && board.legal_moves() != 0 && seen.insert(canonical(p, o).0) {
            by_ply[line.len()].push((line, board));
        }
    };
    keep(&mut by_ply, Vec::new(), Board::start());
    for sq in squares(Board::start().legal_moves()) {
        let mut b = Board::start();
        b.play(sq);
        keep(&mut by_ply, vec![sq], b);
    }
    let done = AtomicUsize::new(0);
    let mut entries = Vec::new();
    for ply in 0..plies_n {
        let positions = std::mem::take(&mut by_ply[ply]);
        let boards: Vec<Board> = positions.iter().map(|(_, b)| *b).collect();
        let choices = choose_all(&boards, &|b| {
            let c = choose(b);
            progress(ply as u8, done.fetch_add(1, Ordering::Relaxed) + 1);
            c
        });
        for ((line, board), (mv, score)) in positions.into_iter().zip(choices) {
            let mut after = board;
            assert!(after.play(mv).is_some(), "the chosen move is not legal");
            for reply in squares(after.legal_moves()) {
                let mut next = after;
                next.play(reply);
                let mut next_line = line.clone();
                next_line.extend([mv, reply]);
                keep(&mut by_ply, next_line, next);
            }
            entries.push(Entry { line, mv, score });
        }
    }
    Book::new(plies, depth, evaluation, entries)
        .unwrap_or_else(|(i, why)| panic!("generated entry {i} is invalid: {why}"))
}

/// `choose` on every board, on all cores; the results in the boards' order.
fn choose_all(boards: &[Board], choose: &(dyn Fn(&Board) -> (u8, i16) + Sync)) -> Vec<(u8, i16)> {
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(boards.len())
        .max(1);
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, (u8, i16))> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(b) = boards.get(i) else { break mine };
                        mine.push((i, choose(b)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a book search panicked"))
            .collect()
    });
    results.sort_unstable_by_key(|&(i, _)| i);
    results.into_iter().map(|(_, c)| c).collect()
}
