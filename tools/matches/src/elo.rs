//! How much stronger engine 0 is, with its uncertainty: the score, the Elo difference with a
//! 95 % interval, and the likelihood of superiority (LOS).
//!
//! With `--alternate` both games of an opening form a pair, and the statistics are taken over
//! pairs (the "pentanomial" model: a pair scores 0, ½, 1, 1½ or 2), which removes most of the
//! noise the openings add; otherwise over single games (win, draw, loss). The mean score `s`
//! per game gives `Elo = -400 log10(1/s - 1)`; its standard error `σ/√n` (σ the standard
//! deviation of one pair's or game's score per game) gives the interval `s ± 1.96 σ/√n`,
//! mapped to Elo the same way, and `LOS = Φ((s - ½) / (σ/√n))`.

/// The quantile of the normal distribution for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The statistics of a match for engine 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Scored units: pairs with `--alternate`, else games.
    pub units: usize,
    /// Mean score per game, 0..1.
    pub score: f64,
    /// The Elo difference (engine 0 minus engine 1); ±inf for a clean sweep.
    pub elo: f64,
    /// The 95 % interval of the Elo difference.
    pub interval: (f64, f64),
    /// Likelihood of superiority, 0..1.
    pub los: f64,
}

/// The Elo difference for a mean score `s` per game.
#[must_use]
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The scored units of a match from each game's number (1-based, as `match` numbers them) and
/// engine 0's points in it (1, ½, 0; `None` for an aborted game): with `pairs` (`--alternate`)
/// the mean of games 2k−1 and 2k, which share an opening, where both were played; else each
/// played game.
#[must_use]
pub fn units(games: &[(usize, Option<f64>)], pairs: bool) -> Vec<f64> {
    if !pairs {
        return games.iter().filter_map(|&(_, p)| p).collect();
    }
    games
        .iter()
        .filter(|&&(n, _)| n % 2 == 1)
        .filter_map(|&(n, a)| {
            let &(_, b) = games.iter().find(|&&(m, _)| m == n + 1)?;
            Some((a? + b?) / 2.0)
        })
        .collect()
}

/// The statistics of `units`: each unit's score per game (0..1; a pair's two games averaged).
/// `None` without a unit.
#[must_use]
pub fn estimate(units: &[f64]) -> Option<EloEstimate> {
    let n = units.len();
    if n == 0 {
        return None;
    }
    let mean = units.iter().sum::<f64>() / n as f64;
    let variance = units.iter().map(|u| (u - mean).powi(2)).sum::<f64>() / n as f64;
    let error = (variance / n as f64).sqrt();
    let los = if error > 0.0 {
        normal_cdf((mean - 0.5) / error)
    } else if mean > 0.5 {
        1.0
    } else if mean < 0.5 {
        0.0
    } else {
        0.5
    };
    let clamp = |s: f64| s.clamp(0.0, 1.0);
    Some(EloEstimate {
        units: n,
        score: mean,
        elo: elo_of_score(mean),
        interval: (
            elo_of_score(clamp(mean - Z95 * error)),
            elo_of_score(clamp(mean + Z95 * error)),
        ),
        los,
    })
}

/// Φ, the standard normal distribution function (Abramowitz and Stegun 7.1.26 for erf,
/// absolute error below 1.5e-7).
#[must_use]
pub fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// One line for the report: "engine 0: score 60.0 %, Elo +70 (95 %: +12 .. +135), LOS 99 %
/// (40 pairs)".
#[must_use]
pub fn line(label: &str, e: &EloEstimate, pairs: bool) -> String {
    let elo = |v: f64| {
        if v.is_infinite() {
            if v > 0.0 { "+inf" } else { "-inf" }.to_string()
        } else {
            format!("{:+}", v.round() as i64) // never "-0"
        }
    };
    format!(
        "{label}: score {:.1} %, Elo {} (95 %: {} .. {}), LOS {:.1} % ({} {})",
        100.0 * e.score,
        elo(e.elo),
        elo(e.interval.0),
        elo(e.interval.1),
        100.0 * e.los,
        e.units,
        if pairs { "game pairs" } else { "games" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_elo_of_scores() {
        // 60 % is 70.4 Elo, 75 % is 190.8, 50 % is 0; symmetric.
        assert!((elo_of_score(0.6) - 70.437).abs() < 1e-3);
        assert!((elo_of_score(0.75) - 190.849).abs() < 1e-3);
        assert_eq!(elo_of_score(0.5), 0.0);
        assert!((elo_of_score(0.4) + 70.437).abs() < 1e-3);
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
    }

    #[test]
    fn the_normal_distribution_function() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655_25).abs() < 1e-6);
    }

    #[test]
    fn pairs_at_sixty_percent() {
        // 10 pairs: 2 pairs won 2-0, 8 split 1-1 (score 12/20 = 60 %).
        let mut units = vec![1.0; 2];
        units.extend([0.5; 8]);
        let e = estimate(&units).unwrap();
        assert!((e.score - 0.6).abs() < 1e-12);
        assert!((e.elo - 70.437).abs() < 1e-3);
        // σ = 0.2 per pair, error 0.2/√10 = 0.0632: 0.6 ± 0.124 -> 0.476 .. 0.724.
        let lo = elo_of_score(0.6 - Z95 * 0.2 / 10f64.sqrt());
        let hi = elo_of_score(0.6 + Z95 * 0.2 / 10f64.sqrt());
        assert!((e.interval.0 - lo).abs() < 1e-9 && (e.interval.1 - hi).abs() < 1e-9);
        assert!(
            (lo + 16.7).abs() < 0.5 && (hi - 168.0).abs() < 1.0,
            "{lo} {hi}"
        );
        // LOS = Φ(0.1 / 0.0632) = Φ(1.581) = 0.943.
        assert!((e.los - 0.943).abs() < 1e-3, "{}", e.los);
    }

    #[test]
    fn even_and_one_sided_matches() {
        let e = estimate(&[1.0, 0.0, 0.5, 0.5]).unwrap();
        assert_eq!((e.score, e.elo), (0.5, 0.0));
        assert!((e.los - 0.5).abs() < 1e-9);
        let sweep = estimate(&[1.0; 5]).unwrap();
        assert_eq!((sweep.los, sweep.elo), (1.0, f64::INFINITY));
        assert!(estimate(&[]).is_none());
        assert!(line("z80:7", &sweep, true).contains("Elo +inf"));
    }
}

/// A sequential probability ratio test of "engine 0 is `elo0` stronger" (H0) against "`elo1`
/// stronger" (H1), with error rates α = β = 0.05: the generalized SPRT on the mean score with
/// the normal approximation (as Fishtest first ran it), over the same units as [`estimate`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1 (above `elo0`).
    pub elo1: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtState {
    /// Not decided: the log-likelihood ratio lies between the bounds.
    Open(f64),
    /// H0 accepted (the LLR fell to the lower bound).
    H0(f64),
    /// H1 accepted (the LLR rose to the upper bound).
    H1(f64),
}

/// α = β: the chance of each wrong decision.
pub const SPRT_ERROR: f64 = 0.05;

impl Sprt {
    /// The bounds of the log-likelihood ratio: ln(β / (1 - α)) and ln((1 - β) / α), ±2.944.
    #[must_use]
    pub fn bounds() -> (f64, f64) {
        (
            (SPRT_ERROR / (1.0 - SPRT_ERROR)).ln(),
            ((1.0 - SPRT_ERROR) / SPRT_ERROR).ln(),
        )
    }

    /// The log-likelihood ratio of `units` (scores per game, 0..1): with `s_i` the score that
    /// `elo_i` gives, `n (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)`; 0 while σ² is 0.
    #[must_use]
    pub fn llr(&self, units: &[f64]) -> f64 {
        let n = units.len() as f64;
        if units.len() < 2 {
            return 0.0;
        }
        let mean = units.iter().sum::<f64>() / n;
        let variance = units.iter().map(|u| (u - mean).powi(2)).sum::<f64>() / n;
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The decision after `units`.
    #[must_use]
    pub fn state(&self, units: &[f64]) -> SprtState {
        let llr = self.llr(units);
        let (low, high) = Sprt::bounds();
        if llr >= high {
            SprtState::H1(llr)
        } else if llr <= low {
            SprtState::H0(llr)
        } else {
            SprtState::Open(llr)
        }
    }
}

/// The mean score per game that an Elo difference gives.
#[must_use]
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod sprt_tests {
    use super::*;

    #[test]
    fn bounds_and_scores() {
        let (low, high) = Sprt::bounds();
        assert!((high - 2.944_438_979).abs() < 1e-6 && (low + high).abs() < 1e-12);
        assert!((score_of_elo(70.437) - 0.6).abs() < 1e-5);
        assert_eq!(score_of_elo(0.0), 0.5);
    }

    #[test]
    fn llr_by_hand() {
        // 10 pairs: 2 won 2-0, 8 split: mean 0.6, σ² = 0.04. H0 = 0 Elo (0.5), H1 = 70.437
        // (0.6): LLR = 10 * 0.1 * (1.2 - 1.1) / 0.08 = 1.25.
        let mut units = vec![1.0; 2];
        units.extend([0.5; 8]);
        let t = Sprt {
            elo0: 0.0,
            elo1: 70.437,
        };
        assert!((t.llr(&units) - 1.25).abs() < 1e-4, "{}", t.llr(&units));
        assert!(matches!(t.state(&units), SprtState::Open(_)));
        // Three times as many such pairs: 3.75, past the bound: H1.
        let many: Vec<f64> = units.iter().cycle().take(30).copied().collect();
        assert!(matches!(t.state(&many), SprtState::H1(l) if (l - 3.75).abs() < 1e-3));
        // A mean at H0's score or below accepts H0 in the end.
        let even: Vec<f64> = [1.0, 0.0, 0.5, 0.5]
            .iter()
            .cycle()
            .take(80)
            .copied()
            .collect();
        assert!(
            matches!(t.state(&even), SprtState::H0(_)),
            "{:?}",
            t.state(&even)
        );
    }
}
