//! The weights file (`cpc/weights.toml`): every parameter of the AI of docs/ai.md.
//!
//! Reading is strict because the same file is compiled into the Z80 program: unknown keys,
//! wrong row or column counts, wrong types and out-of-range values are all rejected with
//! `file:line:col` and the reason. The ranges are the ones docs/ai.md ("Overflow bounds") uses
//! to prove that no 16-bit computation can overflow.

use std::collections::BTreeMap;
use std::ops::{Range, RangeInclusive};
use std::path::Path;
use std::sync::OnceLock;

use serde::Deserialize;
use toml::Spanned;

use crate::levels::{
    Level, SearchLevel, BUDGET_RANGE, DEEPEN_RANGE, DEPTH_RANGE, ENDGAME_RANGE, FIRST_SEARCH_LEVEL,
    MARGIN_RANGE, MAX_LEVEL, WLD_RANGE,
};

/// Levels a weights file may name as the first one that uses the book: search levels only, so
/// that levels 1 and 2 always play Nixon's move scores.
pub const FIRST_LEVEL_RANGE: RangeInclusive<u8> = FIRST_SEARCH_LEVEL..=MAX_LEVEL;

/// Plies a book may cover (0 = no book). At most 20 plies from the start leave 40 empty
/// squares, more than any exact-endgame threshold, so book scores are always search values.
pub const PLIES_RANGE: RangeInclusive<u8> = 0..=20;

/// The `[book]` section of a weights file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookParams {
    /// Levels from this one on answer from the book.
    pub first_level: u8,
    /// The book holds positions reached after 0 to `plies - 1` moves.
    pub plies: u8,
    /// Depth of the searches that chose the book moves.
    pub depth: u8,
}

/// The text of `cpc/weights.toml`, the default parameters.
pub const DEFAULT_TOML: &str = include_str!("../../../cpc/weights.toml");

/// The name errors in [`DEFAULT_TOML`] would carry.
pub const DEFAULT_FILE_NAME: &str = "cpc/weights.toml";

/// The text of `cpc/weights-norvig.toml`, the classic table the default was tuned from; the
/// hand-worked examples of docs/ai.md 9 use it.
pub const NORVIG_TOML: &str = include_str!("../../../cpc/weights-norvig.toml");

/// The name errors in [`NORVIG_TOML`] would carry.
pub const NORVIG_FILE_NAME: &str = "cpc/weights-norvig.toml";

/// The range of every signed-byte parameter (square weights, corner values, flip factors,
/// pass bonus, mobility weight).
pub const BYTE_RANGE: RangeInclusive<i64> = -128..=127;

/// Range of `search.mobility` and `search.potential` (docs/ai.md 7).
pub const MOBILITY_RANGE: RangeInclusive<i64> = -64..=64;

/// Discs on the board at which the flip factor switches from early to late.
pub const BOUNDARY_RANGE: RangeInclusive<i64> = 0..=64;

/// The AI parameters, validated. Build one with [`Weights::parse`], [`Weights::load`] or
/// [`Weights::default`] (the contents of `cpc/weights.toml`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    squares: [i8; 64],
    corner_edge: i8,
    corner_diagonal: i8,
    flip_boundary: u8,
    flip_early: i8,
    flip_late: i8,
    pass_bonus: i8,
    mobility: i8,
    potential: i8,
    stability: i8,
    parity: i8,
    /// The edge table as the evaluation adds it: each value saturated with its state's line
    /// share (docs/ai.md 3.3a).
    edge: Option<std::sync::Arc<[i8]>>,
    /// The edge table as the file gives it.
    edge_file: Option<std::sync::Arc<[i8]>>,
    /// False in [`Weights::without_edge`]: the table is kept for the book's fingerprint.
    edge_played: bool,
    corner_region: Option<std::sync::Arc<[i8]>>,
    levels: Vec<SearchLevel>,
    book: Option<BookParams>,
}

/// Why a weights file was rejected.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read.
    #[error("{path}: cannot read: {error}")]
    Io {
        /// The file.
        path: String,
        /// The underlying error (already in the message, so not chained as a source).
        error: std::io::Error,
    },
    /// The text is not a valid weights file.
    #[error("{file}:{line}:{col}: {message}")]
    Invalid {
        /// The file name given to the parser.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        col: usize,
        /// What is wrong.
        message: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeights {
    squares: Spanned<Vec<Spanned<Vec<Spanned<i64>>>>>,
    corner: RawCorner,
    flips: RawFlips,
    level2: RawLevel2,
    search: RawSearch,
    /// Optional: the edge table (issue 53's trials); absent means no edge term.
    #[serde(default)]
    edge: Option<RawTable>,
    /// Optional: the 3x3 corner-region table; absent means no corner-region term.
    #[serde(default)]
    corner_region: Option<RawTable>,
    levels: BTreeMap<Spanned<String>, RawLevel>,
    /// Optional: a file without it (or with `plies = 0`) has no opening book.
    book: Option<RawBook>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBook {
    first_level: Spanned<i64>,
    plies: Spanned<i64>,
    depth: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    values: Spanned<Vec<Spanned<i64>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCorner {
    edge: Spanned<i64>,
    diagonal: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFlips {
    boundary: Spanned<i64>,
    early: Spanned<i64>,
    late: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel2 {
    pass_bonus: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSearch {
    mobility: Spanned<i64>,
    /// Optional: absent means no potential-mobility term (0).
    #[serde(default)]
    potential: Option<Spanned<i64>>,
    /// Optional: absent means no edge-stability term (0).
    #[serde(default)]
    stability: Option<Spanned<i64>>,
    /// Optional: absent means no region-parity term (0).
    #[serde(default)]
    parity: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    depth: Spanned<i64>,
    endgame: Spanned<i64>,
    /// Optional: absent means no time budget (0).
    #[serde(default)]
    budget: Option<Spanned<i64>>,
    /// Optional: absent means full width (0).
    #[serde(default)]
    margin: Option<Spanned<i64>>,
    /// Optional: absent means no win/loss/draw check (0).
    #[serde(default)]
    wld: Option<Spanned<i64>>,
    /// Optional: absent means no late deepening (0).
    #[serde(default)]
    deepen: Option<Spanned<i64>>,
}

/// A problem found in the text: where (byte span) and why.
type Located = (Range<usize>, String);

impl Weights {
    /// Parses and validates the text of a weights file. `file` names it in error messages.
    ///
    /// # Errors
    /// [`WeightsError::Invalid`] with the position and reason of the first problem.
    pub fn parse(text: &str, file: &str) -> Result<Weights, WeightsError> {
        let located = |(span, message): Located| {
            let (line, col) = line_col(text, span.start);
            WeightsError::Invalid {
                file: file.to_string(),
                line,
                col,
                message,
            }
        };
        let raw: RawWeights = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            located((span, e.message().trim_end().to_string()))
        })?;
        validate(&raw).map_err(located)
    }

    /// Reads and validates a weights file.
    ///
    /// # Errors
    /// [`WeightsError::Io`] when it cannot be read, [`WeightsError::Invalid`] otherwise.
    pub fn load(path: &Path) -> Result<Weights, WeightsError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| WeightsError::Io {
            path: name.clone(),
            error,
        })?;
        Weights::parse(&text, &name)
    }

    /// The 64 table weights, a1 (index 0) to h8 (index 63).
    #[must_use]
    pub fn squares(&self) -> &[i8; 64] {
        &self.squares
    }

    /// The value of the two edge neighbours of an occupied corner.
    #[must_use]
    pub fn corner_edge(&self) -> i8 {
        self.corner_edge
    }

    /// The value of the diagonal neighbour (X-square) of an occupied corner.
    #[must_use]
    pub fn corner_diagonal(&self) -> i8 {
        self.corner_diagonal
    }

    /// Discs on the board from which the late flip factor applies (0..=64).
    #[must_use]
    pub fn flip_boundary(&self) -> u8 {
        self.flip_boundary
    }

    /// Score per flipped disc while the board holds fewer than [`Weights::flip_boundary`] discs.
    #[must_use]
    pub fn flip_early(&self) -> i8 {
        self.flip_early
    }

    /// Score per flipped disc from [`Weights::flip_boundary`] discs on.
    #[must_use]
    pub fn flip_late(&self) -> i8 {
        self.flip_late
    }

    /// Level 2: added to a move's score when the opponent has no reply.
    #[must_use]
    pub fn pass_bonus(&self) -> i8 {
        self.pass_bonus
    }

    /// Levels 3 and up: the weight of the mobility difference in the leaf evaluation.
    #[must_use]
    pub fn mobility(&self) -> i8 {
        self.mobility
    }

    /// Levels 3 and up: the weight of the potential-mobility difference in the leaf evaluation
    /// (docs/ai.md 3.3; 0 when the file leaves it out).
    #[must_use]
    pub fn potential(&self) -> i8 {
        self.potential
    }

    /// Levels 3 and up: the weight of the edge-stable disc difference (0 when absent).
    #[must_use]
    pub fn stability(&self) -> i8 {
        self.stability
    }

    /// Levels 3 and up: the weight of the region parity (0 when absent).
    #[must_use]
    pub fn parity(&self) -> i8 {
        self.parity
    }

    /// Levels 3 and up: the edge table, the value of each of the 3^8 states of an edge for the
    /// side to move, as the evaluation adds it (`None` when absent): the file's value, except
    /// where the value plus the state's line share of the mobility terms leaves -127..127,
    /// where it is what brings that sum to the nearer bound (docs/ai.md 3.3a).
    #[must_use]
    pub fn edge(&self) -> Option<&[i8]> {
        self.edge.as_deref().filter(|_| self.edge_played)
    }

    /// The weights file's edge table as written, played or not ([`Weights::without_edge`]):
    /// the book's fingerprint reads it, so a 464 keeps the book of the file it was built from.
    #[must_use]
    pub fn edge_in_file(&self) -> Option<&[i8]> {
        self.edge_file.as_deref()
    }

    /// Levels 3 and up: the 3x3 corner-region table, 3^9 states (`None` when absent).
    #[must_use]
    pub fn corner_region(&self) -> Option<&[i8]> {
        self.corner_region.as_deref()
    }

    /// Whether the file sets a trial term only the reference implements: the corner-region
    /// table, stability or parity (the Z80 program has the edge table, docs/ai.md 3.3a).
    #[must_use]
    pub fn has_reference_only_terms(&self) -> bool {
        self.stability != 0 || self.parity != 0 || self.corner_region.is_some()
    }

    /// The same weights without the edge term: what the Z80 program evaluates with on a
    /// machine that has no room for the table (a 464, docs/ai.md appendix A). The opening book
    /// still applies: the program carries the file's book on every machine.
    #[must_use]
    pub fn without_edge(&self) -> Weights {
        Weights {
            edge_played: false,
            ..self.clone()
        }
    }

    /// The search levels, level 3 first.
    #[must_use]
    pub fn search_levels(&self) -> &[SearchLevel] {
        &self.levels
    }

    /// The opening book's parameters (docs/ai.md, "Opening book"); `None` when the file has no
    /// `[book]` section or sets `plies = 0`.
    #[must_use]
    pub fn book(&self) -> Option<BookParams> {
        self.book.filter(|b| b.plies > 0)
    }

    /// The highest level defined (2 when the file defines no search level).
    #[must_use]
    pub fn max_level(&self) -> u8 {
        FIRST_SEARCH_LEVEL - 1 + self.levels.len() as u8
    }

    /// What level `n` runs, or `None` when this file does not define it.
    #[must_use]
    pub fn level(&self, n: u8) -> Option<Level> {
        match n {
            1 => Some(Level::NixonEasy),
            2 => Some(Level::NixonHard),
            _ => n
                .checked_sub(FIRST_SEARCH_LEVEL)
                .and_then(|i| self.levels.get(usize::from(i)))
                .map(|&s| Level::Search(s)),
        }
    }

    /// What level `n` runs, or a message naming the levels this file defines.
    ///
    /// # Errors
    /// When this file does not define level `n`.
    pub fn require_level(&self, n: u8) -> Result<Level, String> {
        self.level(n).ok_or_else(|| {
            format!(
                "level {n} is not defined: the weights file defines levels 1 to {}",
                self.max_level()
            )
        })
    }
}

impl Weights {
    /// The contents of `cpc/weights-norvig.toml` (embedded at compile time; a test keeps it
    /// valid): the classic table of docs/ai.md 9's worked examples.
    #[must_use]
    pub fn norvig() -> Self {
        Weights::parse(NORVIG_TOML, NORVIG_FILE_NAME)
            .unwrap_or_else(|e| panic!("embedded weights file is invalid: {e}"))
    }
}

impl Default for Weights {
    /// The contents of `cpc/weights.toml` (embedded at compile time; a test keeps it valid).
    fn default() -> Self {
        static DEFAULT: OnceLock<Weights> = OnceLock::new();
        DEFAULT
            .get_or_init(|| {
                Weights::parse(DEFAULT_TOML, DEFAULT_FILE_NAME)
                    .unwrap_or_else(|e| panic!("embedded weights file is invalid: {e}"))
            })
            .clone()
    }
}

fn validate(raw: &RawWeights) -> Result<Weights, Located> {
    let byte = |v: &Spanned<i64>, what: &str| -> Result<i8, Located> {
        in_range(v, &BYTE_RANGE, what, "a signed byte").map(|x| x as i8)
    };
    let rows = raw.squares.get_ref();
    if rows.len() != 8 {
        return Err((
            raw.squares.span(),
            format!("squares has {} rows, expected 8", rows.len()),
        ));
    }
    let mut squares = [0i8; 64];
    for (r, row) in rows.iter().enumerate() {
        let values = row.get_ref();
        if values.len() != 8 {
            return Err((
                row.span(),
                format!(
                    "row {} of squares has {} values, expected 8",
                    r + 1,
                    values.len()
                ),
            ));
        }
        for (c, v) in values.iter().enumerate() {
            let name = format!("square {}{}", (b'a' + c as u8) as char, r + 1);
            squares[r * 8 + c] = byte(v, &name)?;
        }
    }
    let flip_boundary = in_range(
        &raw.flips.boundary,
        &BOUNDARY_RANGE,
        "flips.boundary",
        "discs on the board",
    )? as u8;
    let (mobility, potential) = mobility_weights(&raw.search)?;
    let edge = raw
        .edge
        .as_ref()
        .map(|t| validate_edge(t, mobility, potential))
        .transpose()?;
    Ok(Weights {
        squares,
        corner_edge: byte(&raw.corner.edge, "corner.edge")?,
        corner_diagonal: byte(&raw.corner.diagonal, "corner.diagonal")?,
        flip_boundary,
        flip_early: byte(&raw.flips.early, "flips.early")?,
        flip_late: byte(&raw.flips.late, "flips.late")?,
        pass_bonus: byte(&raw.level2.pass_bonus, "level2.pass_bonus")?,
        mobility,
        potential,
        stability: optional_weight(raw.search.stability.as_ref(), "search.stability")?,
        parity: optional_weight(raw.search.parity.as_ref(), "search.parity")?,
        edge: edge.as_ref().map(|(_, played)| played.clone()),
        edge_file: edge.map(|(file, _)| file),
        edge_played: true,
        corner_region: raw
            .corner_region
            .as_ref()
            .map(|t| validate_table(t, 9, "corner_region.values"))
            .transpose()?,
        levels: validate_levels(&raw.levels)?,
        book: raw.book.as_ref().map(validate_book).transpose()?,
    })
}

fn validate_book(raw: &RawBook) -> Result<BookParams, Located> {
    let wide = |r: &RangeInclusive<u8>| i64::from(*r.start())..=i64::from(*r.end());
    Ok(BookParams {
        first_level: in_range(
            &raw.first_level,
            &wide(&FIRST_LEVEL_RANGE),
            "book.first_level",
            "a level",
        )? as u8,
        plies: in_range(
            &raw.plies,
            &wide(&PLIES_RANGE),
            "book.plies",
            "moves from the start",
        )? as u8,
        depth: in_range(&raw.depth, &wide(&DEPTH_RANGE), "book.depth", "plies")? as u8,
    })
}

fn validate_levels(raw: &BTreeMap<Spanned<String>, RawLevel>) -> Result<Vec<SearchLevel>, Located> {
    let mut numbered = Vec::with_capacity(raw.len());
    for (key, level) in raw {
        let n = key
            .get_ref()
            .parse::<u8>()
            .ok()
            .filter(|n| (FIRST_SEARCH_LEVEL..=MAX_LEVEL).contains(n))
            .ok_or_else(|| {
                (
                    key.span(),
                    format!(
                        "`{}` is not a search level number {FIRST_SEARCH_LEVEL}..{MAX_LEVEL}",
                        key.get_ref()
                    ),
                )
            })?;
        numbered.push((n, key, level));
    }
    // Keys such as "3" and "03" both parse to 3; sorting by number finds gaps and repeats,
    // and by position reports a repeat where it comes second.
    numbered.sort_by_key(|&(n, key, _)| (n, key.span().start));
    let mut levels = Vec::with_capacity(numbered.len());
    for (i, (n, key, level)) in numbered.into_iter().enumerate() {
        let expected = FIRST_SEARCH_LEVEL + i as u8;
        if n != expected {
            return Err((
                key.span(),
                format!(
                    "levels must be numbered {FIRST_SEARCH_LEVEL}, {}, ... without gaps or repeats: \
                     expected level {expected} here, found {n}",
                    FIRST_SEARCH_LEVEL + 1
                ),
            ));
        }
        let wide = |r: &RangeInclusive<u8>| i64::from(*r.start())..=i64::from(*r.end());
        let depth = in_range(
            &level.depth,
            &wide(&DEPTH_RANGE),
            &format!("level {n} depth"),
            "plies",
        )? as u8;
        let endgame = in_range(
            &level.endgame,
            &wide(&ENDGAME_RANGE),
            &format!("level {n} endgame"),
            "empty squares",
        )? as u8;
        // An optional parameter: absent means 0 (none, full width).
        let optional = |v: &Option<Spanned<i64>>, range: &RangeInclusive<u8>, key: &str, unit| {
            v.as_ref().map_or(Ok(0), |v| {
                in_range(v, &wide(range), &format!("level {n} {key}"), unit).map(|x| x as u8)
            })
        };
        let budget = optional(&level.budget, &BUDGET_RANGE, "budget", "minutes")?;
        let margin = optional(&level.margin, &MARGIN_RANGE, "margin", "evaluation units")?;
        let wld = optional(&level.wld, &WLD_RANGE, "wld", "empty squares")?;
        let deepen = optional(&level.deepen, &DEEPEN_RANGE, "deepen", "empty squares")?;
        levels.push(SearchLevel {
            depth,
            endgame,
            budget,
            margin,
            wld,
            deepen,
        });
    }
    Ok(levels)
}

/// `search.mobility` and `search.potential`: each within its range, and together small enough
/// that every line's share of the two terms fits the Z80's line tables (docs/ai.md 2).
fn mobility_weights(raw: &RawSearch) -> Result<(i8, i8), Located> {
    let mobility = mobility_weight(&raw.mobility, "search.mobility")?;
    let potential = match &raw.potential {
        Some(p) => mobility_weight(p, "search.potential")?,
        None => 0,
    };
    let largest = crate::lines::largest_share(i32::from(mobility), i32::from(potential));
    if largest > crate::lines::SHARE_LIMIT {
        // Name the value that comes later in the file: the pair is what is wrong.
        let span = match &raw.potential {
            Some(p) if p.span().start > raw.mobility.span().start => p.span(),
            _ => raw.mobility.span(),
        };
        return Err((
            span,
            format!(
                "search.mobility = {mobility} with search.potential = {potential}: one line's share \
                 of the two terms reaches {largest}, and the line tables of the Z80 program hold \
                 -{limit}..{limit} (3 x |mobility| + 5 x |potential| <= {limit} always fits)",
                limit = crate::lines::SHARE_LIMIT
            ),
        ));
    }
    Ok((mobility, potential))
}

/// An optional weight of the mobility range (absent = 0).
fn optional_weight(v: Option<&Spanned<i64>>, what: &str) -> Result<i8, Located> {
    v.map_or(Ok(0), |v| mobility_weight(v, what))
}

/// The state with black and white swapped (base 3: digits 1 and 2 exchanged).
#[must_use]
pub fn swap_colours(mut state: usize, len: u32) -> usize {
    let mut out = 0;
    let mut place = 1;
    for _ in 0..len {
        out += place * [0, 2, 1][state % 3];
        state /= 3;
        place *= 3;
    }
    out
}

/// The edge table: a pattern table of 3^8 values that also reads the same from either end
/// of the edge (the Z80 program numbers each line from the end that suits its updates, and
/// keeps one table for the four edges). Returns it as written and as the evaluation adds it:
/// each value saturated so that, with its state's line share of the mobility terms, it stays
/// within -EDGE_BYTE_LIMIT..EDGE_BYTE_LIMIT, the byte the Z80 program keeps for the two
/// (docs/ai.md 3.3a and appendix A, "The edge table").
type EdgeTables = (std::sync::Arc<[i8]>, std::sync::Arc<[i8]>);
fn validate_edge(t: &RawTable, mobility: i8, potential: i8) -> Result<EdgeTables, Located> {
    let what = "edge.values";
    let table = validate_table(t, 8, what)?;
    let values = t.values.get_ref();
    for (i, v) in values.iter().enumerate() {
        let j = reverse_state(i, 8);
        if table[i] != table[j] {
            return Err((
                v.span(),
                format!(
                    "{what}[{i}] = {} but the same edge read from the other end, {what}[{j}], \
                     = {}: the table must read the same from either end",
                    table[i], table[j]
                ),
            ));
        }
    }
    let shares = crate::lines::table(i32::from(mobility), i32::from(potential), 8);
    let played: Vec<i8> = table
        .iter()
        .zip(&shares)
        .map(|(&v, &share)| {
            let sum = (share + i32::from(v)).clamp(-EDGE_BYTE_LIMIT, EDGE_BYTE_LIMIT);
            // |sum - share| <= |v|: a signed byte.
            (sum - share) as i8
        })
        .collect();
    Ok((table, played.into()))
}

/// The largest |line share + edge value| the Z80 program's edge table holds in a byte (with
/// its bias, at most 2 * 127).
pub const EDGE_BYTE_LIMIT: i32 = 127;

/// The state read from the other end of its line (base 3, `len` digits reversed).
#[must_use]
pub fn reverse_state(mut state: usize, len: u32) -> usize {
    let mut out = 0;
    for _ in 0..len {
        out = 3 * out + state % 3;
        state /= 3;
    }
    out
}

/// A pattern table: 3^cells signed bytes, antisymmetric (a state and its colour swap have
/// opposite values), so that the evaluation stays the negamax of one function.
fn validate_table(t: &RawTable, cells: u32, what: &str) -> Result<std::sync::Arc<[i8]>, Located> {
    let values = t.values.get_ref();
    let len = 3usize.pow(cells);
    if values.len() != len {
        return Err((
            t.values.span(),
            format!(
                "{what} has {} values, expected 3^{cells} = {len}",
                values.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(len);
    for (i, v) in values.iter().enumerate() {
        out.push(in_range(v, &BYTE_RANGE, &format!("{what}[{i}]"), "a signed byte")? as i8);
    }
    for (i, v) in values.iter().enumerate() {
        let j = swap_colours(i, cells);
        if i16::from(out[i]) != -i16::from(out[j]) {
            return Err((
                v.span(),
                format!(
                    "{what}[{i}] = {} but its colour swap {what}[{j}] = {}: the table must be \
                     antisymmetric",
                    out[i], out[j]
                ),
            ));
        }
    }
    Ok(out.into())
}

/// The weights of the line-mobility terms: -64..64, so the leaf evaluation stays within its
/// bound (docs/ai.md 7).
fn mobility_weight(v: &Spanned<i64>, what: &str) -> Result<i8, Located> {
    in_range(
        v,
        &MOBILITY_RANGE,
        what,
        "the overflow bound of docs/ai.md 7",
    )
    .map(|x| x as i8)
}

fn in_range(
    v: &Spanned<i64>,
    range: &RangeInclusive<i64>,
    what: &str,
    unit: &str,
) -> Result<i64, Located> {
    let x = *v.get_ref();
    if range.contains(&x) {
        Ok(x)
    } else {
        Err((
            v.span(),
            format!(
                "{what} = {x} is out of range {}..{} ({unit})",
                range.start(),
                range.end()
            ),
        ))
    }
}

/// 1-based line and column (in characters) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::line_col;

    #[test]
    fn columns_count_characters_not_bytes() {
        // "é" is two bytes: byte offset 5 of "x\né=1" is the `1`, in column 3 of line 2.
        let text = "x\n\u{e9}=1";
        assert_eq!(&text[5..], "1");
        assert_eq!(line_col(text, 5), (2, 3));
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 2), (2, 1));
        assert_eq!(line_col(text, 99), (2, 4));
    }
}
