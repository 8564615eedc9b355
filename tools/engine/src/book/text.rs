//! The book file (`cpc/book.txt`): a header of three parameters, then one entry a line,
//! human-readable and checked strictly when read (file:line:col on error).
//!
//! ```text
//! plies 8
//! depth 12
//! evaluation 5d0e0b7c
//! start       d3  -33  12
//! d3          c3  -43  12
//! ```
//!
//! An entry is the line from the start position (`start`, or the moves run together), the book
//! move, its score and the depth of its search. `#` starts a comment line.

use std::fmt::Write;

use super::{Book, BookError, Entry, PLIES_RANGE};
use crate::board::Board;
use crate::levels::DEPTH_RANGE;
use crate::notation::{parse_square, square_name};

/// The header keys, in the order the file gives them.
const HEADER: [&str; 3] = ["plies", "depth", "evaluation"];

/// A problem at (1-based line, 1-based column).
type Located = (usize, usize, String);

pub(super) fn parse(text: &str, file: &str) -> Result<Book, BookError> {
    parse_located(text).map_err(|(line, col, message)| BookError::Invalid {
        file: file.to_string(),
        line,
        col,
        message,
    })
}

fn parse_located(text: &str) -> Result<Book, Located> {
    let mut header: Vec<u32> = Vec::with_capacity(3);
    let mut entries = Vec::new();
    // (file line, column of the line field) of every entry, for errors found by Book::new.
    let mut places = Vec::new();
    let mut last_line = 0;
    for (n, raw) in text.lines().enumerate() {
        let n = n + 1;
        last_line = n;
        let tokens = tokens(raw);
        if tokens.is_empty() || tokens[0].1.starts_with('#') {
            continue;
        }
        if header.len() < HEADER.len() {
            header.push(header_value(n, &tokens, header.len())?);
            continue;
        }
        let (plies, depth) = (header[0] as u8, header[1] as u8);
        entries.push(entry(n, &tokens, plies, depth)?);
        places.push((n, tokens[0].0));
    }
    if header.len() < HEADER.len() {
        return Err((
            last_line + 1,
            1,
            format!("the header ends before `{}`", HEADER[header.len()]),
        ));
    }
    Book::new(header[0] as u8, header[1] as u8, header[2], entries).map_err(|(i, why)| {
        let (line, col) = places[i];
        (line, col, why)
    })
}

/// The whitespace-separated words of a line with their 1-based columns.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (col, (i, c)) in line.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((col + 1, i)),
            (true, Some((scol, si))) => {
                out.push((scol, &line[si..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((scol, si)) = start {
        out.push((scol, &line[si..]));
    }
    out
}

fn header_value(n: usize, tokens: &[(usize, &str)], k: usize) -> Result<u32, Located> {
    let key = HEADER[k];
    let (col, word) = tokens[0];
    if word != key {
        return Err((n, col, format!("expected `{key}` here, found `{word}`")));
    }
    let Some(&(vcol, value)) = tokens.get(1) else {
        return Err((n, col + key.len(), format!("`{key}` needs a value")));
    };
    if let Some(&(xcol, extra)) = tokens.get(2) {
        return Err((n, xcol, format!("unexpected `{extra}` after the value")));
    }
    let parsed = match key {
        "evaluation" => u32::from_str_radix(value, 16)
            .ok()
            .filter(|_| value.len() == 8 && value.bytes().all(|b| b.is_ascii_hexdigit())),
        "plies" => value
            .parse::<u8>()
            .ok()
            .filter(|v| PLIES_RANGE.contains(v))
            .map(u32::from),
        _ => value
            .parse::<u8>()
            .ok()
            .filter(|v| DEPTH_RANGE.contains(v))
            .map(u32::from),
    };
    parsed.ok_or_else(|| {
        let want = match key {
            "evaluation" => "8 hexadecimal digits".to_string(),
            "plies" => format!("{}..{}", PLIES_RANGE.start(), PLIES_RANGE.end()),
            _ => format!("{}..{}", DEPTH_RANGE.start(), DEPTH_RANGE.end()),
        };
        (n, vcol, format!("{key} `{value}` is not {want}"))
    })
}

fn entry(n: usize, tokens: &[(usize, &str)], plies: u8, depth: u8) -> Result<Entry, Located> {
    const FIELDS: &str = "`<line> <move> <score> <depth>`";
    if tokens.len() != 4 {
        let col = tokens.get(4).map_or(tokens[tokens.len() - 1].0, |t| t.0);
        return Err((
            n,
            col,
            format!("expected {FIELDS}, found {} fields", tokens.len()),
        ));
    }
    let (lcol, line_word) = tokens[0];
    let mut board = Board::start();
    let mut line = Vec::new();
    if line_word != "start" {
        if line_word.len() % 2 != 0 || !line_word.is_ascii() {
            return Err((
                n,
                lcol,
                format!("`{line_word}` is not `start` or moves like `d3c3`"),
            ));
        }
        for (i, name) in line_word.as_bytes().chunks(2).enumerate() {
            let name = std::str::from_utf8(name).unwrap_or("");
            let col = lcol + 2 * i;
            let sq =
                parse_square(name).ok_or_else(|| (n, col, format!("`{name}` is not a square")))?;
            if board.play(sq).is_none() {
                return Err((n, col, format!("{name} is not a legal move here")));
            }
            line.push(sq);
        }
    }
    if line.len() >= usize::from(plies) {
        return Err((
            n,
            lcol,
            format!(
                "{} moves from the start, but the book covers {plies} plies",
                line.len()
            ),
        ));
    }
    let (mcol, move_word) = tokens[1];
    let mv = parse_square(move_word)
        .ok_or_else(|| (n, mcol, format!("`{move_word}` is not a square")))?;
    if board.legal_moves() & 1u64 << mv == 0 {
        return Err((n, mcol, format!("{move_word} is not a legal move here")));
    }
    let (scol, score_word) = tokens[2];
    let bound = i32::from(crate::eval::WIN) + 64;
    let score = score_word
        .parse::<i16>()
        .ok()
        .filter(|s| i32::from(*s).abs() <= bound)
        .ok_or_else(|| {
            (
                n,
                scol,
                format!("score `{score_word}` is not a number in -{bound}..{bound}"),
            )
        })?;
    let (dcol, depth_word) = tokens[3];
    if depth_word.parse::<u8>().ok() != Some(depth) {
        return Err((
            n,
            dcol,
            format!("depth `{depth_word}` differs from the header's depth {depth}"),
        ));
    }
    Ok(Entry { line, mv, score })
}

pub(super) fn format(book: &Book, origin: &str) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        s,
        "# The opening book of the CPC Othello (docs/ai.md, \"Opening book\").\n\
         # Generated by `cpc-othello engine book --generate` from {origin}.\n\
         # Do not edit: change the weights file and generate again.\n\
         #\n\
         # Header: the plies the book covers, the depth of its searches and the fingerprint of\n\
         # the evaluation they used; a weights file must match all three for the book to apply.\n\
         # Entries: the moves from the start (`start` for none), the book move, its score (the\n\
         # depth-limited search value, in evaluation units) and the depth of that search.\n\
         # {} entries.\n\
         plies {}\n\
         depth {}\n\
         evaluation {:08x}\n\n",
        book.entries().len(),
        book.plies(),
        book.depth(),
        book.evaluation()
    );
    let width = book
        .entries()
        .iter()
        .map(|e| 2 * e.line.len())
        .max()
        .unwrap_or(0)
        .max(5);
    for e in book.entries() {
        let line: String = if e.line.is_empty() {
            "start".into()
        } else {
            e.line.iter().map(|&sq| square_name(sq)).collect()
        };
        let _ = writeln!(
            s,
            "{line:<width$}  {}  {:>6}  {}",
            square_name(e.mv),
            e.score,
            book.depth()
        );
    }
    s
}
