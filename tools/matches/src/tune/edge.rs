//! `tune --params edge`: the weights file's edge table fitted again for the rest of its
//! evaluation (docs/ai.md 3.3a). 6 561 values are too many for SPSA's game pairs; they are
//! learnt instead from self-play games of the reference at a search level
//! ([`super::pattern_fit`]), as the shipped table was: change the squares or the mobility
//! weights, then fit the table that completes them.

use std::sync::atomic::{AtomicBool, Ordering};

use othello_engine::eval::evaluate;
// Mixed: `Rng::new` gives neighbouring seeds the same sequence (`seed + g` played each
// opening twice).
use othello_engine::rng::mix_seed;
use othello_engine::weights::Weights;
use rayon::prelude::*;
use toml_edit::{Array, DocumentMut, Item, Table, Value};

use cpc_game::progress::Progress;

use super::pattern_fit::{fit, FitOptions, Sample};
use super::{opening, play_out, weights_at_level};

/// The positions that make samples: from the middle game to where level 7 solves exactly
/// (the table only matters where the search ends on the evaluation).
pub const SAMPLED_EMPTIES: std::ops::RangeInclusive<u32> = 14..=50;

/// The most games a fit plays (10^7 games are about 12 GB of samples).
pub const MAX_GAMES: usize = 10_000_000;

/// What an edge fit does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeFitConfig {
    /// Self-play games.
    pub games: usize,
    /// The level both sides play (a search level, 3 and up).
    pub level: u8,
    /// Random plies of each game's opening.
    pub random_plies: u32,
    /// The seed of the openings: the same seed gives the same table.
    pub seed: u64,
}

/// How an edge fit ended.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeFitResult {
    /// The fitted table, 6 561 values.
    pub values: Vec<i8>,
    /// Games played (fewer than asked when stopped).
    pub games: usize,
    /// Positions sampled.
    pub samples: usize,
    /// The final disc difference's error (discs) without the table and with it.
    pub rmse: (f64, f64),
    /// Stopped by the user (Ctrl-C).
    pub stopped: bool,
}

/// Plays the games and fits the table. `stop` ends the games cleanly; the table is then
/// fitted to the games played.
///
/// # Errors
/// A weights text that does not parse, a level it lacks or one below 3, no games.
pub fn run(
    text: &str,
    config: &EdgeFitConfig,
    stop: &AtomicBool,
    progress: &dyn Progress,
) -> Result<EdgeFitResult, String> {
    let w = weights_at_level(text, config.level)?;
    if config.level < 3 {
        return Err(format!(
            "level {}: the edge table is part of the searches' evaluation (levels 3 and up)",
            config.level
        ));
    }
    if config.games == 0 {
        return Err("no games to fit the edge table to".into());
    }
    if config.games > MAX_GAMES {
        return Err(format!(
            "{} games: at most {MAX_GAMES} (each keeps its 37 positions in memory)",
            config.games
        ));
    }
    // A file the table cannot be written into is refused before the games.
    write(text, &[0; 6561])?;
    // The table is fitted beyond the rest of the evaluation, from games the rest plays: where
    // both sides already value edges, a bad edge is rarely seen and the table learns less
    // (the same file's table fitted from its own games lost 40.6 % against the shipped one,
    // docs/trials-53.md).
    let base = w.without_edge();
    progress.phase("games", config.games as u64);
    let games: Vec<Option<Vec<Sample>>> = (0..config.games)
        .into_par_iter()
        .map(|g| {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let start = opening(mix_seed(&[config.seed, g as u64]), config.random_plies);
            let samples = game_samples(start, &base, config.level);
            progress.advance(1);
            Some(samples)
        })
        .collect();
    let played = games.iter().flatten().count();
    let data: Vec<Sample> = games.into_iter().flatten().flatten().collect();
    if data.is_empty() {
        return Err(if stop.load(Ordering::Relaxed) {
            "no positions to fit the edge table to: stopped before a game ended".into()
        } else {
            "no positions to fit the edge table to: the random openings ended the games".into()
        });
    }
    progress.phase("fit", 1);
    let fitted = fit(&data, FitOptions::new(true, false));
    progress.advance(1);
    let last = fitted.epochs.last().map_or(fitted.base_rmse, |e| e.1);
    Ok(EdgeFitResult {
        values: fitted.edge.expect("the edge table was asked for"),
        games: played,
        samples: data.len(),
        rmse: (fitted.base_rmse, last),
        stopped: played < config.games,
    })
}

/// One self-play game of `base` at `level` from `start`: its positions with
/// [`SAMPLED_EMPTIES`] empty squares, evaluated by `base`.
fn game_samples(start: othello_engine::board::Board, base: &Weights, level: u8) -> Vec<Sample> {
    use othello_engine::board::Color;
    let mut board = start;
    let mut positions: Vec<(u64, u64, Color)> = Vec::new();
    play_out(
        &mut board,
        level,
        |_| base,
        |b| {
            if SAMPLED_EMPTIES.contains(&b.empties().count_ones()) {
                let (p, o) = b.player_opponent();
                positions.push((p, o, b.to_move));
            }
        },
    );
    let s = board.final_score();
    let black = f64::from(s.black) - f64::from(s.white);
    positions
        .into_iter()
        .map(|(p, o, colour)| {
            let y = if colour == Color::Black {
                black
            } else {
                -black
            };
            Sample::new(f64::from(evaluate(base, p, o)), y, p, o)
        })
        .collect()
}

/// Values a line of the written table (the shipped file's layout: state 27·(line−1) + k is
/// the k-th value of a line).
const PER_LINE: usize = 27;

/// `text` with its `[edge] values` replaced by `values` (the section added at the end when
/// the file has none), everything else kept.
///
/// # Errors
/// A text that is not TOML, or whose `edge` is not a table.
pub fn write(text: &str, values: &[i8]) -> Result<String, String> {
    let mut doc: DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    let mut array = Array::new();
    for (i, &v) in values.iter().enumerate() {
        let mut item = Value::from(i64::from(v));
        let prefix = if i % PER_LINE == 0 { "\n  " } else { " " };
        item.decor_mut().set_prefix(prefix);
        array.push_formatted(item);
    }
    array.set_trailing("\n");
    array.set_trailing_comma(true);
    let has_edge = doc.contains_key("edge");
    match doc.get_mut("edge").and_then(Item::as_table_like_mut) {
        Some(table) => match table.get_mut("values") {
            // Replacing the value alone keeps the key's comments and the one after the array.
            Some(Item::Value(old)) => {
                let decor = old.decor().clone();
                let mut new = Value::Array(array);
                *new.decor_mut() = decor;
                *old = new;
            }
            _ => {
                table.insert("values", toml_edit::value(array));
            }
        },
        None if has_edge => return Err("`edge` is not a table".into()),
        None => {
            let mut table = Table::new();
            table.insert("values", toml_edit::value(array));
            // The file's closing comments stay where they were, above the new section.
            let trailing = doc.trailing().as_str().unwrap_or_default().to_owned();
            doc.set_trailing("");
            table.decor_mut().set_prefix(format!(
                "{trailing}\n# The edge table (docs/ai.md 3.3a), fitted by `cpc-othello tune \
                 --params edge`.\n"
            ));
            doc.insert("edge", Item::Table(table));
        }
    }
    Ok(doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cpc_game::progress::Silent;
    use othello_engine::weights::DEFAULT_TOML;

    fn config(games: usize, seed: u64) -> EdgeFitConfig {
        EdgeFitConfig {
            games,
            level: 3,
            random_plies: 6,
            seed,
        }
    }

    #[test]
    fn a_short_fit_is_reproducible_and_makes_a_valid_file() {
        let stop = AtomicBool::new(false);
        let a = run(DEFAULT_TOML, &config(24, 7), &stop, &Silent).unwrap();
        let b = run(DEFAULT_TOML, &config(24, 7), &stop, &Silent).unwrap();
        assert_eq!(a, b, "the same seed gives the same table");
        assert_eq!((a.games, a.values.len(), a.stopped), (24, 6561, false));
        assert!(a.samples > 24 * 30, "{} samples", a.samples);
        assert!(
            a.rmse.1 < a.rmse.0,
            "the table explains something: {:?}",
            a.rmse
        );
        assert!(a.values.iter().any(|&v| v != 0));
        let text = write(DEFAULT_TOML, &a.values).unwrap();
        // The validator checks both symmetries with file:line:col.
        let w = Weights::parse(&text, "fitted.toml").expect("a valid weights file");
        assert!(w.edge_in_file().is_some());
        for line in DEFAULT_TOML
            .lines()
            .filter(|l| l.trim_start().starts_with('#'))
        {
            assert!(text.contains(line), "comment lost: {line}");
        }
        let c = run(DEFAULT_TOML, &config(24, 8), &stop, &Silent).unwrap();
        assert_ne!(a.values, c.values, "another seed, other games");
    }

    #[test]
    fn a_file_without_the_table_gets_one() {
        let without = &DEFAULT_TOML[..DEFAULT_TOML.find("\n[edge]").expect("the shipped table")];
        assert!(Weights::parse(without, "w")
            .unwrap()
            .edge_in_file()
            .is_none());
        let values: Vec<i8> = vec![0; 6561];
        let text = write(without, &values).unwrap();
        let w = Weights::parse(&text, "w").unwrap();
        assert!(w.edge_in_file().is_some());
        assert!(text.starts_with(without));
    }

    #[test]
    fn the_comments_around_the_table_stay() {
        let text =
            "# top\n[edge] # the section\n# before the values\nvalues = [1, 2] # after\n# end\n";
        let out = write(text, &[0; 6561]).unwrap();
        for comment in [
            "# top",
            "# the section",
            "# before the values",
            "# after",
            "# end",
        ] {
            assert!(out.contains(comment), "{comment} lost:\n{}", &out[..200]);
        }
        let inline = write("edge = { values = [1] }\n", &[0; 6561]).unwrap();
        let doc: DocumentMut = inline.parse().unwrap();
        assert_eq!(doc["edge"]["values"].as_array().map(Array::len), Some(6561));
    }

    #[test]
    fn every_game_has_its_own_opening() {
        let openings: std::collections::BTreeSet<_> = (0..1000)
            .map(|g| opening(mix_seed(&[1, g]), 8))
            .map(|b| b.player_opponent())
            .collect();
        assert!(openings.len() > 990, "{} distinct of 1000", openings.len());
    }

    #[test]
    fn bad_requests_are_clear_errors() {
        let stop = AtomicBool::new(false);
        let err = |c: EdgeFitConfig| run(DEFAULT_TOML, &c, &stop, &Silent).unwrap_err();
        assert!(err(EdgeFitConfig {
            level: 2,
            ..config(4, 1)
        })
        .contains("levels 3 and up"));
        assert!(err(EdgeFitConfig {
            level: 9,
            ..config(4, 1)
        })
        .contains("level 9: not defined"));
        assert!(err(config(0, 1)).contains("no games"));
        let stopped = AtomicBool::new(true);
        let e = run(DEFAULT_TOML, &config(4, 1), &stopped, &Silent).unwrap_err();
        assert!(e.contains("stopped"), "{e}");
        assert!(write("edge = 3", &[0; 6561])
            .unwrap_err()
            .contains("not a table"));
        let huge = EdgeFitConfig {
            games: MAX_GAMES + 1,
            ..config(4, 1)
        };
        assert!(err(huge).contains("at most"));
        // Refused before any game, by the validator, with where (file:line:col).
        let bad = run("edge = 3", &config(4, 1), &stop, &Silent).unwrap_err();
        assert!(bad.starts_with("tune:1:8:"), "{bad}");
    }
}
