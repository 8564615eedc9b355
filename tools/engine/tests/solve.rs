//! The exact solver against outside truth: the published FFO solutions (#1-#19: score, best
//! move, and the value of every listed move), and a plain minimax on small random endgames.

use std::path::Path;

use othello_engine::board::{flips, legal_moves, squares, wof_difference};
use othello_engine::notation::square_name;
use othello_engine::solve::ffo::{load_ffo_dir, FfoPosition, DEFAULT_FFO_DIR};
use othello_engine::solve::{solve, solve_window, Solver};
use othello_engine::{Board, Color};

fn ffo_1_to_19() -> Vec<FfoPosition> {
    let dir = Path::new(DEFAULT_FFO_DIR);
    let all = load_ffo_dir(dir).unwrap_or_else(|e| {
        panic!(
            "the FFO positions must be in {} ({e}); they come with the workspace's shared data",
            dir.display()
        )
    });
    let v: Vec<FfoPosition> = all.into_iter().filter(|p| p.number <= 19).collect();
    assert_eq!(v.len(), 19, "FFO #1-#19 not all found in {}", dir.display());
    v
}

#[test]
fn ffo_1_to_19_scores_and_best_moves() {
    for pos in ffo_1_to_19() {
        let s = solve(&pos.board);
        assert_eq!(s.score, pos.score, "FFO #{} score", pos.number);
        let m = s.best_move.expect("every FFO position has a move");
        assert!(
            pos.best_moves.contains(&m),
            "FFO #{}: {} is not among the published best moves",
            pos.number,
            square_name(m)
        );
        assert_eq!(
            s.pv.first(),
            Some(&m),
            "FFO #{}: the PV starts with the move",
            pos.number
        );
        assert_eq!(
            play_out(&pos.board, &s.pv),
            s.score,
            "FFO #{}: the PV reaches the score",
            pos.number
        );
    }
}

#[test]
fn ffo_1_to_19_every_listed_move_value() {
    let mut solver = Solver::new(16);
    for pos in ffo_1_to_19() {
        let (p, o) = pos.board.player_opponent();
        for &(x, value) in &pos.all {
            let f = flips(p, o, x);
            assert_ne!(
                f,
                0,
                "FFO #{}: listed move {} is illegal",
                pos.number,
                square_name(x)
            );
            let (np, no) = (o & !f, p | f | (1 << x));
            let v = -solver.solve_window(np, no, -64, 64);
            assert_eq!(v, value, "FFO #{} move {}", pos.number, square_name(x));
            // Narrow windows: exact inside, clamped outside (fail-hard).
            assert_eq!(solver.solve_window(np, no, -value - 1, -value + 1), -value);
            assert_eq!(
                solver.solve_window(np, no, -value + 1, -value + 3),
                -value + 1
            );
            assert_eq!(
                solver.solve_window(np, no, -value - 3, -value - 1),
                -value - 1
            );
        }
    }
}

/// Plays `pv` (passes inserted) and returns the final WOF difference for the side to move
/// of `board`.
fn play_out(board: &Board, pv: &[u8]) -> i32 {
    let mut b = *board;
    for &x in pv {
        if b.must_pass() {
            b.pass();
        }
        assert!(b.play(x).is_some(), "PV move {} is illegal", square_name(x));
    }
    if b.must_pass() {
        b.pass();
    }
    assert!(b.is_game_over(), "the PV stops before the end");
    let (p, o) = (b.discs(board.to_move), b.discs(board.to_move.opponent()));
    wof_difference(p, o)
}

/// Plain minimax over the whole game: the oracle for small endgames.
fn minimax(p: u64, o: u64) -> i32 {
    let moves = legal_moves(p, o);
    if moves == 0 {
        return if legal_moves(o, p) == 0 {
            wof_difference(p, o)
        } else {
            -minimax(o, p)
        };
    }
    squares(moves)
        .map(|x| {
            let f = flips(p, o, x);
            -minimax(o & !f, p | f | (1 << x))
        })
        .max()
        .unwrap_or(-64)
}

/// Random positions with `empties` empty squares, reached by random play from the start.
fn random_positions(count: usize, empties: u32, mut seed: u64) -> Vec<Board> {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    while out.len() < count {
        let mut b = Board::start();
        while !b.is_game_over() && b.empties().count_ones() > empties {
            if b.must_pass() {
                b.pass();
                continue;
            }
            let list: Vec<u8> = squares(b.legal_moves()).collect();
            b.play(list[(next() % list.len() as u64) as usize]);
        }
        if b.empties().count_ones() == empties {
            out.push(b);
        }
    }
    out
}

#[test]
fn small_endgames_match_plain_minimax() {
    for empties in [1, 2, 3, 4, 5, 6, 7, 8, 9] {
        for (k, b) in random_positions(40, empties, 0x5eed + u64::from(empties))
            .iter()
            .enumerate()
        {
            let (p, o) = b.player_opponent();
            let truth = minimax(p, o);
            let s = solve(b);
            assert_eq!(s.score, truth, "{empties} empties, position {k}: {b:?}");
            assert_eq!(
                play_out(b, &s.pv),
                truth,
                "{empties} empties, position {k}: PV"
            );
            if b.must_pass() {
                assert_eq!(s.best_move, None);
            }
            // Fail-hard windows: the result is the truth clamped to the window.
            for (alpha, beta) in [
                (-64, 64),
                (truth - 1, truth + 1),
                (truth, truth + 2),
                (truth - 2, truth),
                (-3, 5),
            ] {
                assert_eq!(
                    solve_window(p, o, alpha, beta),
                    truth.clamp(alpha, beta),
                    "{b:?} window {alpha}..{beta}"
                );
            }
            // An empty window reads as alpha..alpha + 1.
            for alpha in [truth - 1, truth] {
                assert_eq!(
                    solve_window(p, o, alpha, alpha),
                    truth.clamp(alpha, alpha + 1)
                );
            }
        }
    }
}

#[test]
fn a_solve_does_not_depend_on_earlier_ones() {
    let positions = ffo_1_to_19();
    let first = solve(&positions[0].board);
    for pos in &positions[1..4] {
        let _ = solve(&pos.board);
    }
    assert_eq!(
        solve(&positions[0].board),
        first,
        "same score, move, PV and nodes"
    );
    let mut own = Solver::new(12);
    assert_eq!(own.solve(&positions[0].board).score, first.score);
}

#[test]
fn endgames_above_the_shallow_limit_match_minimax() {
    // 11 empties: the table, ordering and stability code run; minimax is still quick.
    for (k, b) in random_positions(6, 11, 0xfeed).iter().enumerate() {
        let (p, o) = b.player_opponent();
        assert_eq!(solve(b).score, minimax(p, o), "position {k}: {b:?}");
    }
}

#[test]
fn finished_and_passing_positions() {
    let over = Board {
        black: 0xff,
        white: 0,
        to_move: Color::White,
    };
    let s = solve(&over);
    assert_eq!((s.score, s.best_move, s.pv.len()), (-64, None, 0));
    // White cannot move (a1 b1 black, c1 white), black then plays d1 and wins everything.
    let pass = Board {
        black: 0b11,
        white: 0b100,
        to_move: Color::White,
    };
    let s = solve(&pass);
    assert_eq!((s.score, s.best_move), (-64, None));
    assert_eq!(s.pv, vec![3]);
}
