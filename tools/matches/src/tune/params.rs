//! The parameters `tune` may change, as named groups of a weights file, and how a vector of
//! them is read from and written into the file's text (comments and layout kept: toml_edit).

use othello_engine::lines::{largest_share, SHARE_LIMIT};
use othello_engine::weights::{Weights, WeightsError};
use toml_edit::{value, DocumentMut, Item, Value};

/// A group of parameters a user names with `--params`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The 64 square weights under the 8 symmetries of the board: 10 classes.
    Squares,
    /// All 64 square weights, each on its own.
    AllSquares,
    /// `corner.edge`, `corner.diagonal`.
    Corner,
    /// `flips.early`, `flips.late`.
    Flips,
    /// `level2.pass_bonus`.
    PassBonus,
    /// `search.mobility`.
    Mobility,
    /// `search.potential`.
    Potential,
    /// The `[edge]` table: fitted to self-play games ([`super::edge`]), not moved by SPSA.
    Edge,
}

impl Group {
    /// The names `--params` takes.
    pub const NAMES: &'static [(&'static str, Group)] = &[
        ("squares", Group::Squares),
        ("all-squares", Group::AllSquares),
        ("corner", Group::Corner),
        ("flips", Group::Flips),
        ("pass-bonus", Group::PassBonus),
        ("mobility", Group::Mobility),
        ("potential", Group::Potential),
        ("edge", Group::Edge),
    ];

    /// Parses one name.
    ///
    /// # Errors
    /// An unknown name, with the known ones.
    pub fn parse(name: &str) -> Result<Group, String> {
        Group::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, g)| g)
            .ok_or_else(|| {
                let names: Vec<&str> = Group::NAMES.iter().map(|(n, _)| *n).collect();
                format!("`{name}`: not a parameter group ({})", names.join(", "))
            })
    }
}

/// Square class under the board's 8 symmetries: a1 b1 c1 d1 b2 c2 d2 c3 d3 d4 = 0..9.
#[must_use]
pub fn square_class(sq: usize) -> usize {
    let (mut r, mut c) = (sq / 8, sq % 8);
    if r > 3 {
        r = 7 - r;
    }
    if c > 3 {
        c = 7 - c;
    }
    if r > c {
        std::mem::swap(&mut r, &mut c);
    }
    [[0, 1, 2, 3], [9, 4, 5, 6], [9, 9, 7, 8], [9, 9, 9, 9]][r][c]
}

/// One tunable number: where it lives and its range.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// A name for messages: `square a1`, `corner.edge`, ...
    pub name: String,
    /// The squares it sets (for square parameters), else empty.
    pub squares: Vec<usize>,
    /// `section.key` for the others.
    pub key: Option<(&'static str, &'static str)>,
    /// The valid range (the validator's).
    pub range: (i64, i64),
}

/// The parameters of `groups`, in a fixed order, without repeats.
#[must_use]
pub fn params(groups: &[Group]) -> Vec<Param> {
    let mut out: Vec<Param> = Vec::new();
    let byte = (-128, 127);
    let keyed = |out: &mut Vec<Param>, section: &'static str, key: &'static str| {
        // The mobility weights have the narrower range of docs/ai.md 7.
        let range = if section == "search" {
            let r = othello_engine::weights::MOBILITY_RANGE;
            (*r.start(), *r.end())
        } else {
            byte
        };
        if !out.iter().any(|p| p.key == Some((section, key))) {
            out.push(Param {
                name: format!("{section}.{key}"),
                squares: Vec::new(),
                key: Some((section, key)),
                range,
            });
        }
    };
    for g in groups {
        match g {
            Group::Squares => {
                for class in 0..10 {
                    let squares: Vec<usize> =
                        (0..64).filter(|&s| square_class(s) == class).collect();
                    if class == 9 {
                        continue; // the 4 centre squares are never empty after the start
                    }
                    let name = format!(
                        "squares {}",
                        othello_engine::notation::square_name(squares[0] as u8)
                    );
                    if !out.iter().any(|p| p.name == name) {
                        out.push(Param {
                            name,
                            squares,
                            key: None,
                            range: byte,
                        });
                    }
                }
            }
            Group::AllSquares => {
                for s in 0..64usize {
                    if square_class(s) == 9 {
                        continue;
                    }
                    out.push(Param {
                        name: format!("square {}", othello_engine::notation::square_name(s as u8)),
                        squares: vec![s],
                        key: None,
                        range: byte,
                    });
                }
            }
            Group::Corner => {
                keyed(&mut out, "corner", "edge");
                keyed(&mut out, "corner", "diagonal");
            }
            Group::Flips => {
                keyed(&mut out, "flips", "early");
                keyed(&mut out, "flips", "late");
            }
            Group::PassBonus => keyed(&mut out, "level2", "pass_bonus"),
            Group::Mobility => keyed(&mut out, "search", "mobility"),
            Group::Potential => keyed(&mut out, "search", "potential"),
            // Fitted, not tuned: no SPSA parameter.
            Group::Edge => {}
        }
    }
    out
}

/// The current values of `params` in `weights` (a square group: its first square's value).
#[must_use]
pub fn read(params: &[Param], w: &Weights) -> Vec<i64> {
    params
        .iter()
        .map(|p| match p.key {
            None => i64::from(w.squares()[p.squares[0]]),
            Some(("corner", "edge")) => i64::from(w.corner_edge()),
            Some(("corner", "diagonal")) => i64::from(w.corner_diagonal()),
            Some(("flips", "early")) => i64::from(w.flip_early()),
            Some(("flips", "late")) => i64::from(w.flip_late()),
            Some(("level2", "pass_bonus")) => i64::from(w.pass_bonus()),
            Some(("search", "mobility")) => i64::from(w.mobility()),
            Some(("search", "potential")) => i64::from(w.potential()),
            Some(other) => unreachable!("no parameter {other:?}"),
        })
        .collect()
}

/// The weights file `text` with `params` set to `values` (clamped to their ranges, and the
/// two mobility weights to what the line tables hold together), its comments and layout kept.
///
/// # Errors
/// A text that is not a weights file's TOML.
pub fn write(text: &str, params: &[Param], values: &[i64]) -> Result<String, String> {
    let mut doc: DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    let mut values: Vec<i64> = params
        .iter()
        .zip(values)
        .map(|(p, &v)| v.clamp(p.range.0, p.range.1))
        .collect();
    fit_line_tables(&doc, params, &mut values);
    for (p, &v) in params.iter().zip(&values) {
        match p.key {
            None => {
                let rows = doc["squares"].as_array_mut().ok_or("no `squares` array")?;
                for &s in &p.squares {
                    let row = rows
                        .get_mut(s / 8)
                        .and_then(Value::as_array_mut)
                        .ok_or("`squares` is not 8 rows")?;
                    let cell = row.get_mut(s % 8).ok_or("a `squares` row is short")?;
                    let decor = cell.decor().clone();
                    *cell = Value::from(v);
                    *cell.decor_mut() = decor;
                }
            }
            Some((section, key)) => {
                let table = doc[section]
                    .as_table_mut()
                    .ok_or_else(|| format!("no [{section}] table"))?;
                match table.get_mut(key) {
                    Some(item @ Item::Value(_)) => {
                        let decor = item.as_value().map(|x| x.decor().clone());
                        *item = value(v);
                        if let (Some(d), Some(x)) = (decor, item.as_value_mut()) {
                            *x.decor_mut() = d;
                        }
                    }
                    _ => {
                        table.insert(key, value(v));
                    }
                }
            }
        }
    }
    Ok(doc.to_string())
}

/// Brings `search.mobility` and `search.potential` (those among `params`; the file's own value
/// for the other) within what the Z80's line tables hold together (docs/ai.md 2): the tuned
/// ones move toward 0 a step at a time, the one with the larger term first. A tuning step that
/// stays inside is left alone.
fn fit_line_tables(doc: &DocumentMut, params: &[Param], values: &mut [i64]) {
    let index = |key: &str| params.iter().position(|p| p.key == Some(("search", key)));
    let (at_m, at_pm) = (index("mobility"), index("potential"));
    if at_m.is_none() && at_pm.is_none() {
        return;
    }
    let in_file = |key: &str| {
        doc.get("search")
            .and_then(|s| s.get(key))
            .and_then(Item::as_integer)
            .unwrap_or(0)
    };
    let mut m = at_m.map_or_else(|| in_file("mobility"), |i| values[i]);
    let mut pm = at_pm.map_or_else(|| in_file("potential"), |i| values[i]);
    let fits = |m: i64, pm: i64| largest_share(m as i32, pm as i32) <= SHARE_LIMIT;
    while !fits(m, pm) {
        let m_movable = at_m.is_some() && m != 0;
        let pm_movable = at_pm.is_some() && pm != 0;
        match (m_movable, pm_movable) {
            // Both tuned: the one with the larger term (3 |M| against 5 |PM|, docs/ai.md 2).
            (true, true) if 3 * m.abs() >= 5 * pm.abs() => m -= m.signum(),
            (true, true) | (false, true) => pm -= pm.signum(),
            (true, false) => m -= m.signum(),
            // The file's own value alone is too large: the validator will say so.
            (false, false) => break,
        }
    }
    if let Some(i) = at_m {
        values[i] = m;
    }
    if let Some(i) = at_pm {
        values[i] = pm;
    }
}

/// The weights of `text` with `params` = `values`.
///
/// # Errors
/// What the validator says (a value out of range cannot happen: they are clamped).
pub fn weights_with(text: &str, params: &[Param], values: &[i64]) -> Result<Weights, String> {
    let edited = write(text, params, values)?;
    Weights::parse(&edited, "tuned").map_err(|e: WeightsError| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_engine::weights::NORVIG_TOML;

    #[test]
    fn ten_square_classes_under_the_eight_symmetries() {
        let mut sizes = [0usize; 10];
        for s in 0..64 {
            sizes[square_class(s)] += 1;
            // The class is the same in every mirror and on the diagonal.
            let (r, c) = (s / 8, s % 8);
            for t in [r * 8 + (7 - c), (7 - r) * 8 + c, c * 8 + r] {
                assert_eq!(square_class(t), square_class(s), "{s} {t}");
            }
        }
        // a1 b1 c1 d1 b2 c2 d2 c3 d3 and the centre d4.
        assert_eq!(sizes, [4, 8, 8, 8, 4, 8, 8, 4, 8, 4]);
        assert_eq!(
            params(&[Group::Squares]).len(),
            9,
            "the centre is never tuned"
        );
        assert_eq!(params(&[Group::AllSquares]).len(), 60);
        assert_eq!(
            params(&[Group::Corner, Group::Corner, Group::Mobility]).len(),
            3
        );
        assert!(Group::parse("squares").is_ok());
        assert!(Group::parse("sqaures").unwrap_err().contains("pass-bonus"));
    }

    #[test]
    fn writing_keeps_the_comments_and_sets_every_square_of_a_class() {
        let ps = params(&[
            Group::Squares,
            Group::Corner,
            Group::Potential,
            Group::Flips,
        ]);
        let w = Weights::norvig();
        let mut values = read(&ps, &w);
        assert_eq!(values[0], 120, "a1");
        values[1] = -33; // b1 and its 7 images
        values[9] = 17; // corner.edge
        values[11] = 200; // search.potential: clamped to 64, then to what the tables hold
        let text = write(NORVIG_TOML, &ps, &values).unwrap();
        let tuned = Weights::parse(&text, "t").unwrap();
        for s in [1usize, 6, 8, 15, 48, 55, 57, 62] {
            assert_eq!(tuned.squares()[s], -33, "square {s}");
        }
        assert_eq!(tuned.squares()[0], 120);
        // With Norvig's mobility 10, the potential comes down to the most the line tables hold.
        assert_eq!((tuned.corner_edge(), tuned.mobility()), (17, 10));
        assert!(largest_share(10, i32::from(tuned.potential())) <= SHARE_LIMIT);
        assert!(largest_share(10, i32::from(tuned.potential()) + 1) > SHARE_LIMIT);
        // Every comment line of the original is still there, in order.
        let comments = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| l.trim_start().starts_with('#'))
                .map(String::from)
                .collect()
        };
        assert_eq!(comments(&text), comments(NORVIG_TOML));
        assert!(
            text.contains("# the two edge neighbours"),
            "inline comments kept"
        );
        // Unchanged values round-trip to the same text.
        let same = write(NORVIG_TOML, &ps, &read(&ps, &w)).unwrap();
        assert_eq!(same, NORVIG_TOML);
    }

    /// `fit_line_tables` on (m, pm) for `groups`, with `doc` giving the untuned one.
    fn fit(doc: &str, groups: &[Group], values: &[i64]) -> Vec<i64> {
        let doc: DocumentMut = doc.parse().unwrap();
        let mut values = values.to_vec();
        fit_line_tables(&doc, &params(groups), &mut values);
        values
    }

    #[test]
    fn with_both_mobility_weights_tuned_the_larger_term_steps_first() {
        // fit_line_tables's rule: step M while 3|M| >= 5|PM|, else PM; one step at a time to 0.
        let by_the_rule = |mut m: i64, mut pm: i64| {
            while largest_share(m as i32, pm as i32) > SHARE_LIMIT {
                if 3 * m.abs() >= 5 * pm.abs() {
                    m -= m.signum();
                } else {
                    pm -= pm.signum();
                }
            }
            vec![m, pm]
        };
        let both = [Group::Mobility, Group::Potential];
        for m in (-64..=64).step_by(8) {
            for pm in (-64..=64).step_by(8) {
                let got = fit(NORVIG_TOML, &both, &[m, pm]);
                assert!(largest_share(got[0] as i32, got[1] as i32) <= SHARE_LIMIT);
                assert_eq!(got, by_the_rule(m, pm), "from ({m}, {pm})");
            }
        }
        // Worked by hand, so that "always step M" (or "always PM") fails:
        // (30, 5) has share 105: M's term is larger throughout, only M moves (PM first gives (21, 0)).
        assert!(largest_share(30, 5) > SHARE_LIMIT);
        assert_eq!(fit(NORVIG_TOML, &both, &[30, 5]), [16, 5]);
        assert_eq!(fit(NORVIG_TOML, &both, &[-30, 5]), [-26, 5]);
        // (10, 20) has share 100: PM's term is larger throughout, only PM moves (M first gives (0, 12)).
        assert!(largest_share(10, 20) > SHARE_LIMIT);
        assert_eq!(fit(NORVIG_TOML, &both, &[10, 20]), [10, 11]);
        // (20, 10), share 90: M, M, M, M, then PM at (16, 10), ... (M only gives (11, 10)).
        assert_eq!(fit(NORVIG_TOML, &both, &[20, 10]), [13, 8]);
    }

    #[test]
    fn with_mobility_alone_tuned_the_files_potential_holds() {
        // Norvig's file has potential 5: only M moves, and only as far as (16, 5) fits.
        assert!(largest_share(17, 5) > SHARE_LIMIT);
        assert_eq!(fit(NORVIG_TOML, &[Group::Mobility], &[40]), [16]);
        // Without the key the potential is 0, so M may stay larger.
        let no_potential = NORVIG_TOML.replace("\npotential = 5", "\n# left out");
        assert_eq!(fit(&no_potential, &[Group::Mobility], &[40]), [21]);
        // A file potential too large by itself cannot be fixed by M: left to the validator.
        let too_large = NORVIG_TOML.replace("\npotential = 5", "\npotential = 40");
        assert_eq!(fit(&too_large, &[Group::Mobility], &[30]), [0]);
    }
}
