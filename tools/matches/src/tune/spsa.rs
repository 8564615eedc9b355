//! Simultaneous perturbation stochastic approximation (Spall, 1992): each iteration moves every
//! parameter at once by ±c_k (a random sign each), plays the two perturbed tables against each
//! other, and steps the estimate along the perturbation by the result. Two evaluations per
//! iteration whatever the number of parameters, and noise (game results) is what it is made
//! for. Gains as Spall recommends: a_k = a / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101.

/// The gains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    /// `a`: the size of the steps.
    pub a: f64,
    /// `c`: the size of the perturbations (in weight units).
    pub c: f64,
    /// `A`: stability constant, about a tenth of the iterations.
    pub big_a: f64,
}

impl Gains {
    /// (a_k, c_k) of iteration `k` (0-based).
    #[must_use]
    pub fn at(&self, k: usize) -> (f64, f64) {
        let k = k as f64;
        (
            self.a / (k + 1.0 + self.big_a).powf(0.602),
            self.c / (k + 1.0).powf(0.101),
        )
    }
}

/// A deterministic random sequence (xorshift64*), so that `--seed` reproduces a run.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (0 is allowed).
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// +1 or -1, each with probability ½.
    pub fn sign(&mut self) -> f64 {
        if self.next_u64() >> 63 == 0 {
            1.0
        } else {
            -1.0
        }
    }
}

/// One SPSA step: `theta` moves by `a_k * difference / (2 c_k delta_i)` for each parameter,
/// where `difference` = f(theta + c_k delta) - f(theta - c_k delta) (to be maximised).
pub fn step(theta: &mut [f64], delta: &[f64], difference: f64, a_k: f64, c_k: f64) {
    for (t, d) in theta.iter_mut().zip(delta) {
        *t += a_k * difference / (2.0 * c_k * d);
    }
}

/// The two perturbed points of an iteration: theta ± c_k delta, rounded, within `ranges`.
#[must_use]
pub fn perturbed(theta: &[f64], delta: &[f64], c_k: f64, ranges: &[(i64, i64)]) -> [Vec<i64>; 2] {
    let point = |sign: f64| {
        theta
            .iter()
            .zip(delta)
            .zip(ranges)
            .map(|((t, d), (lo, hi))| ((t + sign * c_k * d).round() as i64).clamp(*lo, *hi))
            .collect()
    };
    [point(1.0), point(-1.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gains_follow_spall() {
        let g = Gains {
            a: 10.0,
            c: 4.0,
            big_a: 9.0,
        };
        let (a0, c0) = g.at(0);
        assert!((a0 - 10.0 / 10f64.powf(0.602)).abs() < 1e-12);
        assert!((c0 - 4.0).abs() < 1e-12);
        let (a99, c99) = g.at(99);
        assert!((a99 - 10.0 / 109f64.powf(0.602)).abs() < 1e-12);
        assert!((c99 - 4.0 / 100f64.powf(0.101)).abs() < 1e-12);
    }

    #[test]
    fn one_step_by_hand() {
        // f(θ+) - f(θ-) = 0.2, a_k = 1, c_k = 2: each parameter moves 0.05 along its sign.
        let mut theta = vec![10.0, -5.0];
        step(&mut theta, &[1.0, -1.0], 0.2, 1.0, 2.0);
        assert_eq!(theta, vec![10.05, -5.05]);
        let [plus, minus] = perturbed(&[10.4, -5.0], &[1.0, -1.0], 2.0, &[(-128, 127); 2]);
        assert_eq!((plus, minus), (vec![12, -7], vec![8, -3]));
        let [plus, _] = perturbed(&[126.0], &[1.0], 4.0, &[(-128, 127)]);
        assert_eq!(plus, vec![127], "clamped to the range");
    }

    #[test]
    fn it_finds_the_top_of_a_known_function() {
        // f(x, y) = -(x - 30)² - (y + 12)², from (0, 0): SPSA with exact evaluations converges.
        let f = |p: &[i64]| -((p[0] - 30) * (p[0] - 30) + (p[1] + 12) * (p[1] + 12)) as f64;
        let gains = Gains {
            a: 0.5,
            c: 3.0,
            big_a: 10.0,
        };
        let mut rng = Rng::new(7);
        let mut theta = vec![0.0, 0.0];
        for k in 0..400 {
            let (a_k, c_k) = gains.at(k);
            let delta = [rng.sign(), rng.sign()];
            let [plus, minus] = perturbed(&theta, &delta, c_k, &[(-128, 127); 2]);
            step(&mut theta, &delta, f(&plus) - f(&minus), a_k, c_k);
        }
        assert!(
            (theta[0] - 30.0).abs() < 1.0 && (theta[1] + 12.0).abs() < 1.0,
            "{theta:?}"
        );
    }

    #[test]
    fn the_random_signs_are_reproducible_and_balanced() {
        let signs = |seed| {
            let mut r = Rng::new(seed);
            (0..1000).map(|_| r.sign()).collect::<Vec<_>>()
        };
        assert_eq!(signs(3), signs(3));
        assert_ne!(signs(3), signs(4));
        let plus = signs(3).iter().filter(|&&s| s > 0.0).count();
        assert!((450..550).contains(&plus), "{plus}");
    }
}
