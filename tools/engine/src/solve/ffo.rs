//! The FFO endgame test positions (`tools/engine/data/ffo/*.txt`, Gunnar Andersson's suite
//! with its published scores) and the solver benchmark on them.
//!
//! One position per line:
//!
//! ```text
//! <64-char board> <X|O to move> <score> <best moves, comma separated> #N empties=E all=<move:score ...>
//! ```
//!
//! (board a1..h8, `X` black, `O` white; scores are final disc differences for the side to
//! move; `all=` gives the exact value of some or all moves).

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::board::Board;
use crate::notation::{parse_board, parse_square, NotationError};

use super::Solver;

/// Where the workspace keeps the FFO files (`tools/engine/data/ffo`).
pub const DEFAULT_FFO_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/ffo");

/// One FFO test position with its published solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FfoPosition {
    /// The FFO number (`#N`).
    pub number: u32,
    /// The position and side to move.
    pub board: Board,
    /// Exact final disc difference for the side to move.
    pub score: i32,
    /// Every move that reaches `score`.
    pub best_moves: Vec<u8>,
    /// Empty squares (as published; checked against the board).
    pub empties: u32,
    /// Exact values of individual moves, as published.
    pub all: Vec<(u8, i32)>,
}

/// A file that cannot be read or a line that does not follow the format.
#[derive(Debug, thiserror::Error)]
pub enum FfoError {
    /// The file or directory could not be read.
    #[error("{path}: {source}")]
    Io {
        /// What was being read.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
    /// A malformed line.
    #[error("{path}:{line}:{col}: {message}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column (characters).
        col: usize,
        /// What is wrong.
        message: String,
    },
    /// Two files give the same position number.
    #[error("{path}: position #{number} appears twice")]
    Duplicate {
        /// The file with the second occurrence.
        path: PathBuf,
        /// The number.
        number: u32,
    },
}

/// Parses the text of one FFO file (`path` is only used in errors). Blank lines and lines
/// starting with `#` are skipped.
pub fn parse_ffo(text: &str, path: &Path) -> Result<Vec<FfoPosition>, FfoError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        out.push(parse_line(line).map_err(|(col, message)| FfoError::Syntax {
            path: path.to_path_buf(),
            line: i + 1,
            col,
            message,
        })?);
    }
    Ok(out)
}

/// Reads every `*.txt` file of `dir`, sorted by position number.
pub fn load_ffo_dir(dir: &Path) -> Result<Vec<FfoPosition>, FfoError> {
    let io = |path: &Path, source| FfoError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io(dir, e))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut all: Vec<FfoPosition> = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).map_err(|e| io(&file, e))?;
        for pos in parse_ffo(&text, &file)? {
            if all.iter().any(|q| q.number == pos.number) {
                return Err(FfoError::Duplicate {
                    path: file,
                    number: pos.number,
                });
            }
            all.push(pos);
        }
    }
    all.sort_by_key(|p| p.number);
    Ok(all)
}

/// Parses one line; errors carry the 1-based column.
fn parse_line(line: &str) -> Result<FfoPosition, (usize, String)> {
    // Fields with their 1-based starting column.
    let mut fields = Vec::new();
    let mut start = None;
    for (col, c) in line.chars().chain(std::iter::once(' ')).enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(col),
            (true, Some(s)) => {
                let text: String = line.chars().skip(s).take(col - s).collect();
                fields.push((s + 1, text));
                start = None;
            }
            _ => {}
        }
    }
    let end_col = line.chars().count() + 1;
    let mut it = fields.into_iter();
    let mut next = |what: &str| it.next().ok_or((end_col, format!("missing {what}")));

    let (board_col, board_text) = next("board")?;
    let (side_col, side) = next("side to move")?;
    let mut side_chars = side.chars();
    let side_char = match (side_chars.next(), side_chars.next()) {
        (Some(c), None) => c,
        _ => {
            return Err((
                side_col,
                format!("side to move is {side:?}: expected X or O"),
            ))
        }
    };
    let board = parse_board(&board_text, side_char).map_err(|e| match e {
        NotationError::BoardChar { position, .. } => (board_col + position - 1, e.to_string()),
        NotationError::SideToMove(_) => (side_col, e.to_string()),
        _ => (board_col, e.to_string()),
    })?;

    let (score_col, score_text) = next("score")?;
    let score = parse_score(&score_text).ok_or((
        score_col,
        format!("score {score_text:?} is not a number in -64..64"),
    ))?;

    let (moves_col, moves_text) = next("best moves")?;
    let best_moves = moves_text
        .split(',')
        .map(|m| {
            parse_square(m).ok_or((moves_col, format!("best move {m:?} is not a square a1..h8")))
        })
        .collect::<Result<Vec<u8>, _>>()?;

    let (num_col, num_text) = next("#N")?;
    let number = num_text
        .strip_prefix('#')
        .and_then(|n| n.parse().ok())
        .ok_or((num_col, format!("expected #<number>, found {num_text:?}")))?;

    let (emp_col, emp_text) = next("empties=E")?;
    let empties: u32 = emp_text
        .strip_prefix("empties=")
        .and_then(|n| n.parse().ok())
        .ok_or((
            emp_col,
            format!("expected empties=<number>, found {emp_text:?}"),
        ))?;
    let actual = board.empties().count_ones();
    if empties != actual {
        return Err((
            emp_col,
            format!("empties={empties} but the board has {actual} empty squares"),
        ));
    }

    let (all_col, all_text) = next("all=")?;
    let first = all_text.strip_prefix("all=").ok_or((
        all_col,
        format!("expected all=<move:score>, found {all_text:?}"),
    ))?;
    let mut all = Vec::new();
    let rest = std::iter::once((all_col + 4, first.to_string())).chain(it);
    for (col, item) in rest {
        let parsed = item
            .split_once(':')
            .and_then(|(m, s)| Some((parse_square(m)?, parse_score(s)?)));
        all.push(parsed.ok_or((col, format!("expected <move>:<score>, found {item:?}")))?);
    }
    Ok(FfoPosition {
        number,
        board,
        score,
        best_moves,
        empties,
        all,
    })
}

fn parse_score(text: &str) -> Option<i32> {
    let v: i32 = text.strip_prefix('+').unwrap_or(text).parse().ok()?;
    (-64..=64).contains(&v).then_some(v)
}

/// One benchmark result.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchRecord {
    /// The FFO number.
    pub number: u32,
    /// Empty squares.
    pub empties: u32,
    /// The published score.
    pub expected: i32,
    /// The solver's score.
    pub score: i32,
    /// The solver's move.
    pub best_move: Option<u8>,
    /// Whether the move is among the published best moves.
    pub move_ok: bool,
    /// Positions visited.
    pub nodes: u64,
    /// Wall-clock seconds of the solve.
    pub seconds: f64,
}

impl BenchRecord {
    /// Nodes per second.
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }

    /// Score and move agree with the published solution.
    #[must_use]
    pub fn is_correct(&self) -> bool {
        self.score == self.expected && self.move_ok
    }
}

/// Solves each position in turn, single-threaded, with one solver whose table has
/// `2^table_bits` buckets; calls `report` after each (for progress), returns all records.
pub fn bench_ffo(
    positions: &[FfoPosition],
    table_bits: u32,
    mut report: impl FnMut(&BenchRecord),
) -> Vec<BenchRecord> {
    let mut solver = Solver::new(table_bits);
    positions
        .iter()
        .map(|pos| {
            let start = Instant::now();
            let s = solver.solve(&pos.board);
            let record = BenchRecord {
                number: pos.number,
                empties: pos.empties,
                expected: pos.score,
                score: s.score,
                best_move: s.best_move,
                move_ok: s.best_move.is_some_and(|m| pos.best_moves.contains(&m)),
                nodes: s.nodes,
                seconds: start.elapsed().as_secs_f64(),
            };
            report(&record);
            record
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X +18 g8 #1 empties=14 all=g8:+18 h1:+12";

    #[test]
    fn reads_a_published_line() {
        let v = parse_ffo(LINE, Path::new("t.txt")).unwrap();
        assert_eq!(v.len(), 1);
        let p = &v[0];
        assert_eq!((p.number, p.score, p.empties), (1, 18, 14));
        assert_eq!(p.best_moves, vec![parse_square("g8").unwrap()]);
        assert_eq!(p.all, vec![(62, 18), (7, 12)]);
    }

    #[test]
    fn errors_say_file_line_and_column() {
        let bad = LINE.replace("#1", "#x");
        let err = parse_ffo(&format!("\n{bad}"), Path::new("f.txt")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "f.txt:2:75: expected #<number>, found \"#x\""
        );
        let bad = LINE.replacen('O', "Q", 1);
        let err = parse_ffo(&bad, Path::new("f.txt")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("f.txt:1:10: board string character 10"),
            "{err}"
        );
        let bad = LINE.replace("empties=14", "empties=13");
        let err = parse_ffo(&bad, Path::new("f.txt")).unwrap_err();
        assert!(
            err.to_string().contains("the board has 14 empty squares"),
            "{err}"
        );
        let err = parse_ffo(&LINE[..70], Path::new("f.txt")).unwrap_err();
        assert!(err.to_string().contains("missing best moves"), "{err}");
        let bad = LINE.replace("h1:+12", "h1+12");
        let err = parse_ffo(&bad, Path::new("f.txt")).unwrap_err();
        assert!(
            err.to_string()
                .ends_with("expected <move>:<score>, found \"h1+12\""),
            "{err}"
        );
    }
}
