//! Criterion benchmarks of the rules and the solver on short workloads. The long measured
//! runs (perft 12-13, FFO #40-#49) are the `perft` and `ffo` examples.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use othello_engine::perft::{perft, Convention};
use othello_engine::solve::ffo::{load_ffo_dir, DEFAULT_FFO_DIR};
use othello_engine::solve::Solver;
use othello_engine::Board;

fn perft_9(c: &mut Criterion) {
    c.bench_function("perft 9 (convention A)", |b| {
        b.iter(|| perft(black_box(&Board::start()), 9, Convention::A))
    });
}

fn ffo_1_to_19(c: &mut Criterion) {
    let positions: Vec<_> = load_ffo_dir(Path::new(DEFAULT_FFO_DIR))
        .expect("the FFO positions of tools/engine/data/ffo")
        .into_iter()
        .filter(|p| p.number <= 19)
        .collect();
    let mut solver = Solver::new(18);
    c.bench_function("solve FFO #1-#19", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| solver.solve(black_box(&p.board)).score)
                .sum::<i32>()
        })
    });
}

criterion_group!(benches, perft_9, ffo_1_to_19);
criterion_main!(benches);
