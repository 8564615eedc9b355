//! What `cpc-othello match` prints of a report (and its `--sprt` option read), and what
//! `cpc-othello losses` prints of the lost games and of the endgame moves that fell short:
//! here so that the CLI only parses and prints, and the text can be tested without a match.

use std::fmt::Write as _;
use std::path::Path;

use crate::elo::{self, Sprt, SprtState};
use crate::losses::{LostGame, ShortMoves};
use crate::match_report::MatchReport;

impl Sprt {
    /// `--sprt ELO0,ELO1`: two Elo differences, the first below the second.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let (a, b) = text
            .split_once(',')
            .ok_or_else(|| format!("`{text}`: expected ELO0,ELO1 (e.g. 0,10)"))?;
        let number = |s: &str| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && v.abs() < 1000.0)
                .ok_or_else(|| format!("`{s}`: not an Elo difference"))
        };
        let (elo0, elo1) = (number(a)?, number(b)?);
        if elo0 >= elo1 {
            return Err(format!("ELO0 ({elo0}) must be below ELO1 ({elo1})"));
        }
        Ok(Sprt { elo0, elo1 })
    }
}

impl MatchReport {
    /// The text `match` prints: who played with what, a line per game, the tallies, the
    /// SPRT's decision, the Elo line and the wall time.
    #[must_use]
    pub fn text(&self, weights: &Path, threads: usize) -> String {
        // Writing to a String cannot fail.
        let mut out = String::new();
        let [a, b] = [&self.engines[0], &self.engines[1]];
        let _ = writeln!(
            out,
            "match: `{}` ({}) against `{}` ({}): {} games{}, openings of {} random plies (seed \
             {}), weights {}, {threads} threads\n",
            a.label,
            a.name,
            b.label,
            b.name,
            self.games.len(),
            if self.alternate {
                ", colours alternate"
            } else {
                ""
            },
            self.random_plies,
            self.seed,
            weights.display()
        );
        for game in &self.games {
            let _ = writeln!(out, "{}", game.line(&self.engines));
        }
        let _ = writeln!(out, "\n{}", self.summary());
        if let Some((test, state)) = self.sprt {
            let (what, llr) = match state {
                SprtState::H1(l) => (format!("H1 accepted: Elo >= {}", test.elo1), l),
                SprtState::H0(l) => (format!("H0 accepted: Elo <= {}", test.elo0), l),
                SprtState::Open(l) => ("no decision yet".to_string(), l),
            };
            let (low, high) = Sprt::bounds();
            let _ = writeln!(
                out,
                "SPRT [{}, {}] (alpha = beta = 0.05): {what}; LLR {llr:.2} (bounds {low:.2}, \
                 {high:.2})",
                test.elo0, test.elo1
            );
        }
        if let Some(e) = self.elo() {
            let _ = writeln!(
                out,
                "{}",
                elo::line(&self.engines[0].label, &e, self.alternate)
            );
        }
        let _ = writeln!(
            out,
            "{} games in {:.1} s of wall time{}",
            self.games.len(),
            self.seconds,
            match self.aborted() {
                0 => String::new(),
                n => format!("; {n} ABORTED (see above)"),
            }
        );
        out
    }
}

impl LostGame {
    /// `REPORT game N (COLOUR): lost by D; exact values 20 empties -4, 14 empties -` (a
    /// position not reached: `-`).
    #[must_use]
    pub fn line(&self) -> String {
        let values: Vec<String> = self
            .values
            .iter()
            .map(|&(e, v)| match v {
                Some(v) => format!("{e} empties {v:+}"),
                None => format!("{e} empties -"),
            })
            .collect();
        format!(
            "{} game {} ({}): lost by {}; exact values {}",
            self.report,
            self.number,
            self.color,
            -self.result,
            values.join(", ")
        )
    }
}

impl ShortMoves {
    /// A line per game with moves that fell short, then the counts (total, and by number
    /// of empty squares where a move fell short), each line ending in a newline.
    #[must_use]
    pub fn text(&self, max_empties: u32) -> String {
        let mut out = String::new();
        for g in &self.short_games {
            let moves: Vec<String> = g
                .moves
                .iter()
                .map(|m| {
                    let result = if m.changes_result() { " (result)" } else { "" };
                    let answer = m.answer.as_ref().map_or(String::new(), |a| {
                        let took = a.us as f64 / 1e6;
                        match a.given_s {
                            0 => format!(" [{}, {took:.1} s, no time limit]", a.stage),
                            left => format!(" [{}, {took:.1} of {left} s]", a.stage),
                        }
                    });
                    format!(
                        "{} empties {:+} -> {:+}{result}{answer}",
                        m.empties, m.best, m.played
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "{} game {} ({}): {}",
                g.report,
                g.number,
                g.color,
                moves.join(", ")
            );
        }
        let total = self.total();
        let by_empties: Vec<String> = self
            .by_empties
            .iter()
            .filter(|t| t.short > 0)
            .map(|t| {
                format!(
                    "{}: {} of {} short ({} result)",
                    t.empties, t.short, t.played, t.result
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "{} moves at <= {max_empties} empties in {} games: {} fell short, in {} games, {} of \
             them changed the result; by empties: {}",
            total.played,
            self.games,
            total.short,
            self.short_games.len(),
            total.result,
            if by_empties.is_empty() {
                "none".to_owned()
            } else {
                by_empties.join(", ")
            }
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprt_option() {
        assert_eq!(
            Sprt::parse(" -5, 10"),
            Ok(Sprt {
                elo0: -5.0,
                elo1: 10.0
            })
        );
        assert!(Sprt::parse("10")
            .unwrap_err()
            .contains("expected ELO0,ELO1"));
        assert!(Sprt::parse("x,1")
            .unwrap_err()
            .contains("not an Elo difference"));
        assert!(Sprt::parse("0,2000")
            .unwrap_err()
            .contains("not an Elo difference"));
        assert!(Sprt::parse("10,0").unwrap_err().contains("must be below"));
    }
}
