//! Pattern tables fitted on the host (Iago's way, docs/ai.md 3.3a): what an edge (or a 3×3
//! corner region) is worth beyond the rest of the evaluation, learnt from the final disc
//! differences of self-play games. `tune --params edge` fits the weights file's `[edge]`
//! table with it ([`super::edge`]); issue 53's trials fitted both tables with it
//! (`examples/pattern_fit.rs`).
//!
//! Each sample is a position with its evaluation `e` without the tables and the game's final
//! disc difference `y`, both for the side to move. The additive model
//! `y ≈ c·e + Σ_4 edges EDGE[state] (+ Σ_4 corners REGION[state])` is fitted by backfitting
//! (Jacobi steps with a ridge); the tables are tied under their pattern's own symmetry (an edge
//! read backwards; a corner region transposed) and antisymmetric under the colour swap, so
//! the negamax evaluation stays one function and the Z80 can read an edge from either end.
//! In evaluation units a value is `T / c`, rounded and clamped to −127..127.

use othello_engine::eval::{pattern_index, CORNER_REGIONS, EDGES};
use othello_engine::weights::swap_colours;

/// One position of a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The evaluation without the fitted tables, for the side to move.
    pub e: f64,
    /// The game's final disc difference for the side to move.
    pub y: f64,
    /// The states of the four edges (`EDGES`' order).
    pub edges: [u16; 4],
    /// The states of the four corner regions (`CORNER_REGIONS`' order).
    pub corners: [u16; 4],
}

impl Sample {
    /// The sample of the position `player`/`opponent` (side to move first).
    #[must_use]
    pub fn new(e: f64, y: f64, player: u64, opponent: u64) -> Sample {
        // 3^9 states fit a u16.
        let state = |cells: &[u8]| pattern_index(cells, player, opponent) as u16;
        Sample {
            e,
            y,
            edges: EDGES.map(|cells| state(&cells)),
            corners: CORNER_REGIONS.map(|cells| state(&cells)),
        }
    }
}

/// The edge's places read from its other end.
pub const EDGE_REFLECTION: [usize; 8] = [7, 6, 5, 4, 3, 2, 1, 0];
/// A corner region's places transposed (its row and its column swap).
pub const CORNER_REFLECTION: [usize; 9] = [0, 3, 6, 1, 4, 7, 2, 5, 8];

/// For each state of a pattern of `cells` squares whose places `perm` maps onto themselves:
/// (its class representative, its sign), or sign 0 when the symmetries force the value to 0
/// (a state equal to its own colour swap, possibly reflected).
#[must_use]
pub fn classes(cells: u32, perm: &[usize]) -> Vec<(usize, f64)> {
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
                .expect("an orbit has four members");
            let zero = orbit.iter().any(|&(x, sg)| x == rep && sg != sign);
            (rep, if zero { 0.0 } else { sign })
        })
        .collect()
}

/// How the fit runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// Fit the edge table.
    pub edge: bool,
    /// Fit the corner-region table.
    pub corner: bool,
    /// Backfitting steps.
    pub epochs: usize,
    /// The ridge λ: a state seen n times moves n/(n+λ) of the way its samples ask, so rare
    /// states stay near 0.
    pub ridge: f64,
}

impl FitOptions {
    /// The trials' settings: 40 epochs, λ = 30.
    #[must_use]
    pub fn new(edge: bool, corner: bool) -> FitOptions {
        FitOptions {
            edge,
            corner,
            epochs: 40,
            ridge: 30.0,
        }
    }
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// Discs per evaluation unit.
    pub c: f64,
    /// The error (discs) of `c·e` alone, with its own best `c`.
    pub base_rmse: f64,
    /// After each epoch: (c, the error before the epoch's step).
    pub epochs: Vec<(f64, f64)>,
    /// The edge table in evaluation units (6 561 values), when fitted.
    pub edge: Option<Vec<i8>>,
    /// The corner-region table (19 683 values), when fitted.
    pub corner: Option<Vec<i8>>,
}

/// Fits the tables `options` names to `data`.
#[must_use]
pub fn fit(data: &[Sample], options: FitOptions) -> Fitted {
    let edge_cls = classes(8, &EDGE_REFLECTION);
    let corner_cls = classes(9, &CORNER_REFLECTION);
    let mut et = vec![0.0f64; edge_cls.len()];
    let mut ct = vec![0.0f64; corner_cls.len()];
    let lambda = options.ridge;
    let pred = |s: &Sample, et: &[f64], ct: &[f64]| -> f64 {
        let mut v = 0.0;
        if options.edge {
            v += s
                .edges
                .iter()
                .map(|&i| edge_cls[i as usize].1 * et[edge_cls[i as usize].0])
                .sum::<f64>();
        }
        if options.corner {
            v += s
                .corners
                .iter()
                .map(|&i| corner_cls[i as usize].1 * ct[corner_cls[i as usize].0])
                .sum::<f64>();
        }
        v
    };
    let least_squares_c = |et: &[f64], ct: &[f64]| {
        let (num, den) = data.iter().fold((0.0, 0.0), |(n, d), s| {
            (n + s.e * (s.y - pred(s, et, ct)), d + s.e * s.e)
        });
        if den > 0.0 {
            num / den
        } else {
            0.0
        }
    };
    let c0 = least_squares_c(&et, &ct);
    let base_sse: f64 = data.iter().map(|s| (s.y - c0 * s.e).powi(2)).sum();
    let rmse = |sse: f64| (sse / data.len().max(1) as f64).sqrt();
    let mut c = c0;
    let mut epochs = Vec::with_capacity(options.epochs);
    // Jacobi steps are damped: with both tables a square's evidence is split between them.
    let eta = if options.edge && options.corner {
        0.35
    } else {
        0.6
    };
    for _ in 0..options.epochs {
        c = least_squares_c(&et, &ct);
        let mut er = vec![0.0f64; et.len()];
        let mut en = vec![0.0f64; et.len()];
        let mut cr = vec![0.0f64; ct.len()];
        let mut cn = vec![0.0f64; ct.len()];
        let mut sse = 0.0;
        for s in data {
            let r = s.y - c * s.e - pred(s, &et, &ct);
            sse += r * r;
            if options.edge {
                gather(&s.edges, &edge_cls, r, &mut er, &mut en);
            }
            if options.corner {
                gather(&s.corners, &corner_cls, r, &mut cr, &mut cn);
            }
        }
        ridge_step(&mut et, &er, &en, eta, lambda);
        ridge_step(&mut ct, &cr, &cn, eta, lambda);
        epochs.push((c, rmse(sse)));
    }
    let values = |cls: &[(usize, f64)], t: &[f64]| -> Vec<i8> {
        cls.iter()
            .map(|&(k, sg)| {
                let v = if c == 0.0 { 0.0 } else { sg * t[k] / c };
                v.round().clamp(-127.0, 127.0) as i8
            })
            .collect()
    };
    Fitted {
        c,
        base_rmse: rmse(base_sse),
        epochs,
        edge: options.edge.then(|| values(&edge_cls, &et)),
        corner: options.corner.then(|| values(&corner_cls, &ct)),
    }
}

/// Adds a sample's residual `r` to the sums of the classes its four `states` fall in.
fn gather(states: &[u16; 4], cls: &[(usize, f64)], r: f64, sums: &mut [f64], counts: &mut [f64]) {
    for &i in states {
        let (k, sg) = cls[i as usize];
        sums[k] += sg * r;
        counts[k] += sg * sg;
    }
}

/// One damped step of each entry toward the minimiser of Σr² + λT² for it (the ridge).
fn ridge_step(t: &mut [f64], sums: &[f64], counts: &[f64], eta: f64, lambda: f64) {
    for ((t, &sum), &n) in t.iter_mut().zip(sums).zip(counts) {
        *t += eta * (sum - lambda * *t) / (n + lambda);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_engine::weights::reverse_state;

    /// A small deterministic generator for the synthetic samples.
    fn xorshift(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    #[test]
    fn classes_tie_an_edge_read_backwards_and_oppose_the_colour_swap() {
        let cls = classes(8, &EDGE_REFLECTION);
        assert_eq!(cls.len(), 6561);
        for s in 0..6561 {
            let (k, sg) = cls[s];
            let (kr, sgr) = cls[reverse_state(s, 8)];
            assert_eq!((k, sg), (kr, sgr), "state {s} read backwards");
            let (ks, sgs) = cls[swap_colours(s, 8)];
            assert_eq!((k, sg), (ks, -sgs), "state {s} with the colours swapped");
        }
        // The empty edge and every edge that reads as its own colour swap are worth 0: 1 681
        // classes under the four symmetries (Burnside), a few dozen of them forced to 0.
        assert_eq!(cls[0].1, 0.0);
        let all: std::collections::BTreeSet<usize> = cls.iter().map(|(k, _)| *k).collect();
        let free: std::collections::BTreeSet<usize> = cls
            .iter()
            .filter(|(_, sg)| *sg != 0.0)
            .map(|(k, _)| *k)
            .collect();
        assert_eq!(all.len(), 1681);
        assert!(free.len() < 1681 && free.len() > 1600, "{}", free.len());
    }

    #[test]
    fn a_planted_edge_table_is_found_again() {
        // y = c (e + Σ EDGE[state]) for a table with the required symmetries.
        let cls = classes(8, &EDGE_REFLECTION);
        let mut seed = 0x5EED_u64;
        let mut planted_by_class = vec![0.0f64; 6561];
        for (k, v) in planted_by_class.iter_mut().enumerate() {
            if cls[k].0 == k {
                *v = (xorshift(&mut seed) % 101) as f64 - 50.0;
            }
        }
        let planted: Vec<f64> = cls
            .iter()
            .map(|&(k, sg)| sg * planted_by_class[k])
            .collect();
        let c = 0.1;
        let data: Vec<Sample> = (0..60_000)
            .map(|_| {
                let edges = [0; 4].map(|_: u16| (xorshift(&mut seed) % 6561) as u16);
                let e = (xorshift(&mut seed) % 2001) as f64 - 1000.0;
                let table: f64 = edges.iter().map(|&s| planted[s as usize]).sum();
                Sample {
                    e,
                    y: c * (e + table),
                    edges,
                    corners: [0; 4],
                }
            })
            .collect();
        let fitted = fit(
            &data,
            FitOptions {
                ridge: 0.01,
                ..FitOptions::new(true, false)
            },
        );
        assert!((fitted.c - c).abs() < 1e-3, "c = {}", fitted.c);
        let edge = fitted.edge.expect("the edge table was asked for");
        let worst = edge
            .iter()
            .zip(&planted)
            .map(|(&v, &p)| (f64::from(v) - p).abs())
            .fold(0.0, f64::max);
        assert!(worst <= 1.0, "worst error {worst}");
        assert!(fitted.corner.is_none());
        let (first, last) = (fitted.epochs[0].1, fitted.epochs.last().unwrap().1);
        assert!(last < first / 10.0, "the error falls: {first} -> {last}");
        assert!(fitted.base_rmse > last);
    }

    #[test]
    fn the_ridge_keeps_rare_states_small() {
        // c = 0.1 from samples whose edges are empty (worth 0); then state 1 with a residual
        // of 5 discs, seen once or 300 times: n / (n + λ) of 5 discs, in units of 1 / c.
        let base = |e: f64| Sample {
            e,
            y: 0.1 * e,
            edges: [0; 4],
            corners: [0; 4],
        };
        let value_of_state_1 = |seen: usize| {
            let mut data: Vec<Sample> = (1..=1000).map(|e| base(f64::from(e))).collect();
            data.extend((0..seen).map(|_| Sample {
                y: 0.1 * 100.0 + 5.0,
                edges: [1, 0, 0, 0],
                ..base(100.0)
            }));
            fit(&data, FitOptions::new(true, false)).edge.unwrap()[1]
        };
        let once = value_of_state_1(1);
        let often = value_of_state_1(300);
        assert!((0..=3).contains(&once), "seen once: {once}");
        assert!((35..=50).contains(&often), "seen 300 times: {often}");
    }
}
