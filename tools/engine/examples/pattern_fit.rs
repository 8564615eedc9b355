//! Issue 53's trials: the edge table and the 3x3 corner-region table, fitted on the host.
//!
//! `cargo run --release -p othello-engine --example pattern_fit -- GAMES DEPTH SEED OUT_DIR`
//!
//! Plays GAMES self-play games of the reference (the weights of `BASE_WEIGHTS`, default
//! cpc/weights.toml) from openings of 8 random plies: depth-DEPTH alpha-beta, exact from 12
//! empty squares. Every position with 14 to 50 empty squares is a sample: its evaluation `e`
//! by today's leaf evaluation, and the game's final disc difference `y`, both for the side to
//! move. Then it fits, by backfitting (Jacobi steps with a ridge), the additive model
//! `y ~ c * e + sum over the 4 edges of E[edge] (+ sum over the 4 corners of C[region])`:
//! the tables say what an edge (a corner region) is worth beyond what the square table and
//! the mobility terms already say. The tables are tied under the pattern's own symmetry
//! (an edge read backwards; a corner region transposed) and antisymmetric under the colour
//! swap; in evaluation units they are `E / c` (clamped to -127..127), written as the TOML
//! arrays `[edge] values` and `[corner_region] values` to OUT_DIR/edge.toml, corner.toml.
use othello_engine::board::{squares, Board};
use othello_engine::eval::{evaluate, pattern_index, CORNER_REGIONS, EDGES};
use othello_engine::search::alphabeta::search_depth;
use othello_engine::search::exact::solve_exact;
use othello_engine::weights::{swap_colours, Weights};
use std::io::Write;

struct Sample {
    e: f64,
    y: f64,
    edges: [usize; 4],
    corners: [usize; 4],
}

fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

fn play_game(g: u64, seed: u64, depth: u8, w: &Weights) -> Vec<Sample> {
    let mut s = seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x1234_5678;
    for _ in 0..4 {
        next(&mut s);
    }
    let mut b = Board::start();
    for _ in 0..8 {
        let moves: Vec<u8> = squares(b.legal_moves()).collect();
        if moves.is_empty() {
            break;
        }
        b.play(moves[(next(&mut s) % moves.len() as u64) as usize]);
    }
    let mut positions: Vec<(u64, u64, othello_engine::board::Color)> = Vec::new();
    while !b.is_game_over() {
        if b.must_pass() {
            b.pass();
            continue;
        }
        let e = b.empties().count_ones();
        let (p, o) = b.player_opponent();
        if (14..=50).contains(&e) {
            positions.push((p, o, b.to_move));
        }
        let r = if e <= 12 {
            solve_exact(&b)
        } else {
            search_depth(&b, depth, w)
        };
        b.play(r.best_move.expect("a move"));
    }
    let f = b.final_score();
    let black = f64::from(f.black) - f64::from(f.white);
    positions
        .into_iter()
        .map(|(p, o, c)| Sample {
            e: f64::from(evaluate(w, p, o)),
            y: if c == othello_engine::board::Color::Black {
                black
            } else {
                -black
            },
            edges: EDGES.map(|cells| pattern_index(&cells, p, o)),
            corners: CORNER_REGIONS.map(|cells| pattern_index(&cells, p, o)),
        })
        .collect()
}

/// For each state of a pattern of `cells` squares under the permutation `perm` of its places:
/// (the class representative, the sign), or sign 0 when the state's value must be 0.
fn classes(cells: u32, perm: &[usize]) -> Vec<(usize, f64)> {
    let n = 3usize.pow(cells);
    let permute = |s: usize| -> usize {
        let digits: Vec<usize> = (0..cells).map(|i| s / 3usize.pow(i) % 3).collect();
        (0..cells as usize)
            .map(|i| digits[perm[i]] * 3usize.pow(i as u32))
            .sum()
    };
    (0..n)
        .map(|s| {
            let ps = permute(s);
            let orbit = [
                (s, 1.0),
                (ps, 1.0),
                (swap_colours(s, cells), -1.0),
                (swap_colours(ps, cells), -1.0),
            ];
            let (rep, sign) = orbit
                .iter()
                .copied()
                .min_by_key(|&(x, sg)| (x, sg < 0.0))
                .unwrap();
            let zero = orbit.iter().any(|&(x, sg)| x == rep && sg != sign);
            (rep, if zero { 0.0 } else { sign })
        })
        .collect()
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = a[0].parse().unwrap();
    let depth: u8 = a[1].parse().unwrap();
    let seed: u64 = a[2].parse().unwrap();
    let out = std::path::PathBuf::from(&a[3]);
    let w = std::env::var("BASE_WEIGHTS").map_or_else(
        |_| Weights::default(),
        |f| Weights::load(std::path::Path::new(&f)).expect("weights"),
    );
    let t0 = std::time::Instant::now();
    let mut data: Vec<Sample> = Vec::new();
    for g in 0..games {
        data.extend(play_game(g, seed, depth, &w));
        if g % 1000 == 999 {
            eprintln!(
                "{} games, {} samples, {:.0} s",
                g + 1,
                data.len(),
                t0.elapsed().as_secs_f64()
            );
        }
    }
    let edge_cls = classes(8, &[7, 6, 5, 4, 3, 2, 1, 0]);
    let corner_cls = classes(9, &[0, 3, 6, 1, 4, 7, 2, 5, 8]);
    for (name, use_edge, use_corner) in [
        ("edge", true, false),
        ("corner", false, true),
        ("both", true, true),
    ] {
        let mut et = vec![0.0f64; 6561];
        let mut ct = vec![0.0f64; 19683];
        let lambda = 30.0;
        let mut c = {
            let (num, den) = data
                .iter()
                .fold((0.0, 0.0), |(n, d), s| (n + s.e * s.y, d + s.e * s.e));
            num / den
        };
        for epoch in 0..40 {
            let pred = |s: &Sample, et: &[f64], ct: &[f64]| -> f64 {
                let mut v = 0.0;
                if use_edge {
                    v += s
                        .edges
                        .iter()
                        .map(|&i| edge_cls[i].1 * et[edge_cls[i].0])
                        .sum::<f64>();
                }
                if use_corner {
                    v += s
                        .corners
                        .iter()
                        .map(|&i| corner_cls[i].1 * ct[corner_cls[i].0])
                        .sum::<f64>();
                }
                v
            };
            // c by least squares on what the tables leave.
            let (num, den) = data.iter().fold((0.0, 0.0), |(n, d), s| {
                (n + s.e * (s.y - pred(s, &et, &ct)), d + s.e * s.e)
            });
            c = num / den;
            let mut er = vec![0.0f64; 6561];
            let mut en = vec![0.0f64; 6561];
            let mut cr = vec![0.0f64; 19683];
            let mut cn = vec![0.0f64; 19683];
            let mut sse = 0.0;
            for s in &data {
                let r = s.y - c * s.e - pred(s, &et, &ct);
                sse += r * r;
                if use_edge {
                    for &i in &s.edges {
                        let (k, sg) = edge_cls[i];
                        er[k] += sg * r;
                        en[k] += sg * sg;
                    }
                }
                if use_corner {
                    for &i in &s.corners {
                        let (k, sg) = corner_cls[i];
                        cr[k] += sg * r;
                        cn[k] += sg * sg;
                    }
                }
            }
            let eta = if use_edge && use_corner { 0.35 } else { 0.6 };
            for k in 0..6561 {
                // Ridge: the step toward the minimiser of sum r^2 + lambda T^2 for this entry.
                et[k] += eta * (er[k] - lambda * et[k]) / (en[k] + lambda);
            }
            for k in 0..19683 {
                ct[k] += eta * (cr[k] - lambda * ct[k]) / (cn[k] + lambda);
            }
            if epoch % 5 == 0 || epoch == 39 {
                eprintln!(
                    "{name} epoch {epoch}: c {c:.5} rmse {:.3}",
                    (sse / data.len() as f64).sqrt()
                );
            }
        }
        let base_sse: f64 = {
            let (num, den) = data
                .iter()
                .fold((0.0, 0.0), |(n, d), s| (n + s.e * s.y, d + s.e * s.e));
            let c0 = num / den;
            data.iter().map(|s| (s.y - c0 * s.e).powi(2)).sum()
        };
        eprintln!(
            "{name}: base rmse {:.3}, c {c:.5} (discs per evaluation unit)",
            (base_sse / data.len() as f64).sqrt()
        );
        let write = |file: &str, section: &str, cls: &[(usize, f64)], t: &[f64]| {
            let vals: Vec<i64> = cls
                .iter()
                .map(|&(k, sg)| (sg * t[k] / c).round().clamp(-127.0, 127.0) as i64)
                .collect();
            let mut f = std::fs::File::create(out.join(file)).unwrap();
            writeln!(
                f,
                "# {section}: fitted by examples/pattern_fit.rs ({games} games, depth {depth}, seed {seed}, {} samples, model `{name}`)",
                data.len()
            )
            .unwrap();
            writeln!(f, "[{section}]\nvalues = [").unwrap();
            for chunk in vals.chunks(27) {
                let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
                writeln!(f, "  {},", line.join(", ")).unwrap();
            }
            writeln!(f, "]").unwrap();
            let big = vals.iter().filter(|v| v.abs() >= 127).count();
            eprintln!(
                "{file}: {big} values clamped, max |v| {}",
                vals.iter().map(|v| v.abs()).max().unwrap()
            );
        };
        if use_edge {
            write(&format!("edge-{name}.toml"), "edge", &edge_cls, &et);
        }
        if use_corner {
            write(
                &format!("corner-{name}.toml"),
                "corner_region",
                &corner_cls,
                &ct,
            );
        }
    }
}
