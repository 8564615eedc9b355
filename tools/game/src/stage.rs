//! The stage an answer of the Z80 program comes from (`ai_depth`, cpc/ai.asm): which
//! reference answer it must equal, whether the stage is one the level may report at all,
//! and the count of answers per stage that the reports print.
//!
//! Without a time limit (`ai_time` = 0) a search level runs its own final stage only, so its
//! answer is `othello_engine::ai::best_move`. With one (a level with a budget, or chess
//! clocks) it deepens in stages and answers with the last complete one: the reference's
//! `search_stage` of that stage. Either way an opening-book answer and a pass report stage 0,
//! and levels 1 and 2 always do.

use othello_engine::ai::best_move;
use othello_engine::board::Board;
use othello_engine::levels::{Level, SearchLevel};
use othello_engine::search::{
    deepest_timed_depth, final_stage, search_stage_select, SearchResult, Stage,
};
use othello_engine::weights::Weights;
use serde_json::{json, Value};

/// `ai_depth`: no search stage (levels 1 and 2, the opening book, a pass, bad input).
pub const STAGE_NONE: u8 = 0;
/// `ai_depth`: the exact endgame.
pub const STAGE_EXACT: u8 = Stage::EXACT_BYTE;
/// `ai_depth`: stopped by the time limit before any stage was complete (the move is the best
/// root move whose value was complete, or the first root move: not the reference's).
pub const STAGE_STOPPED: u8 = 0xFE;
/// `ai_depth`: the win/loss/draw check after the depth-limited stage of depth `d` is
/// `STAGE_WLD + d` (docs/ai.md 4.6).
pub const STAGE_WLD: u8 = Stage::WLD_BASE;

/// A stage byte as messages write it: `book` (or `none` at levels 1 and 2), `depth 6`,
/// `exact`, `wld after depth 6`, `stopped`, or the raw byte.
#[must_use]
pub fn stage_name(byte: u8) -> String {
    match byte {
        STAGE_NONE => "book".into(),
        STAGE_EXACT => "exact".into(),
        STAGE_STOPPED => "stopped".into(),
        d @ 1..=12 => format!("depth {d}"),
        b @ 0xE1..=0xEC => format!("wld after depth {}", b - STAGE_WLD),
        other => format!("&{other:02X} (no stage)"),
    }
}

/// The parameters of `level` when it is a search level.
#[must_use]
pub fn search_level(weights: &Weights, level: u8) -> Option<SearchLevel> {
    match weights.level(level) {
        Some(Level::Search(s)) => Some(s),
        _ => None,
    }
}

/// The first stage of a timed search of `depth` (docs/ai.md 4.4: the stages keep the final
/// depth's parity, so 2, or 1 for an odd depth; cpc/search.asm `sr_deep_first`).
#[must_use]
pub fn first_stage_depth(depth: u8) -> u8 {
    2 - depth % 2
}

/// The level's time budget, CPC minutes a side per game (0: none).
#[must_use]
pub fn budget_minutes(weights: &Weights, level: u8) -> u8 {
    search_level(weights, level).map_or(0, |s| s.budget)
}

/// A level whose moves take CPC minutes: depth 6 or more, or a time budget. `verify` checks
/// fewer positions at these (`--deep-positions`).
#[must_use]
pub fn is_deep(weights: &Weights, level: u8) -> bool {
    search_level(weights, level).is_some_and(|s| s.depth >= 6 || s.budget > 0)
}

/// The `ai_time` a side has at `level` in a position with `empties` empty squares, if the
/// game's budget were shared out evenly: budget minutes × empties seconds (the side's share
/// of its budget for the moves left; at least 1). 0 at a level without a budget.
#[must_use]
pub fn nominal_time(weights: &Weights, level: u8, empties: u32) -> u16 {
    let budget = u32::from(budget_minutes(weights, level));
    if budget == 0 {
        return 0;
    }
    u16::try_from((budget * empties).max(1)).unwrap_or(u16::MAX)
}

/// The stage byte `level` reports for `board` without a time limit: 0 for a pass, the book
/// and levels 1 and 2, else its final stage. What a program without `ai_depth` (an older
/// build) is taken to have reported.
#[must_use]
pub fn untimed_byte(board: &Board, level: u8, weights: &Weights) -> u8 {
    match search_level(weights, level) {
        Some(s)
            if board.legal_moves() != 0
                && othello_engine::book::answer(board, level, weights).is_none() =>
        {
            final_stage(board, s).ai_depth()
        }
        _ => STAGE_NONE,
    }
}

/// What an answer that reported a stage is compared with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The reference's answer at that stage (or `best_move`, which is the final stage's, the
    /// book's or a pass).
    Answer(SearchResult),
    /// Stopped before any stage was complete: any legal move, counted apart.
    Stopped,
}

/// The reference's answer for an answer of the Z80 program at `level` that reported stage
/// `byte`; `timed`: `ai_time` was not 0 (the search ran in stages under a time limit).
///
/// # Errors
/// Why the stage is not one the level may report here: a search stage at levels 1 and 2, in
/// the book or for a pass; stage 0 outside the book; without a time limit, any stage but the
/// level's final one; with one, a depth beyond what the level's allows there
/// (`othello_engine::search::deepest_timed_depth`), the exact endgame or the
/// win/loss/draw check with more empty squares than its threshold, or a byte that names no
/// stage.
pub fn expected(
    board: &Board,
    level: u8,
    weights: &Weights,
    timed: bool,
    byte: u8,
) -> Result<Expected, String> {
    let Some(s) = search_level(weights, level) else {
        // Levels 1 and 2 have no stages.
        return if byte == STAGE_NONE {
            Ok(Expected::Answer(best_move(board, level, weights)))
        } else {
            Err(format!(
                "ai_depth &{byte:02X} ({}) at level {level}, which has no search stages",
                stage_name(byte)
            ))
        };
    };
    let empties = board.empties().count_ones();
    let in_book =
        board.legal_moves() == 0 || othello_engine::book::answer(board, level, weights).is_some();
    if in_book {
        // A pass or the opening book: best_move gives exactly that.
        return if byte == STAGE_NONE {
            Ok(Expected::Answer(best_move(board, level, weights)))
        } else {
            Err(format!(
                "stage {} where the answer is {} (stage 0)",
                stage_name(byte),
                if board.legal_moves() == 0 {
                    "a pass"
                } else {
                    "the opening book's"
                }
            ))
        };
    }
    if byte == STAGE_NONE {
        return Err("stage 0 (the opening book), but the position is not in the book".into());
    }
    if !timed {
        let want = final_stage(board, s);
        return if byte == want.ai_depth() {
            Ok(Expected::Answer(search_stage_select(
                board, want, s.margin, weights,
            )))
        } else {
            Err(format!(
                "stage {} without a time limit, where level {level} searches {} only",
                stage_name(byte),
                stage_name(want.ai_depth())
            ))
        };
    }
    if byte == STAGE_STOPPED {
        return Ok(Expected::Stopped);
    }
    match Stage::from_ai_depth(byte) {
        Some(Stage::Depth(d)) if d > deepest_timed_depth(s, empties) => Err(format!(
            "stage depth {d}, deeper than level {level}'s depth {} allows with {empties} empty squares",
            s.depth
        )),
        Some(Stage::Exact) if empties > u32::from(s.endgame) => Err(format!(
            "the exact endgame with {empties} empty squares, where level {level} solves from {}",
            s.endgame
        )),
        Some(Stage::Wld(_)) if empties > u32::from(s.wld) => Err(format!(
            "the win/loss/draw check with {empties} empty squares, where level {level} checks from {}",
            s.wld
        )),
        Some(Stage::Wld(d)) if d > s.depth => Err(format!(
            "the win/loss/draw check after depth {d}, deeper than level {level}'s depth {}",
            s.depth
        )),
        Some(stage) => Ok(Expected::Answer(search_stage_select(
            board, stage, s.margin, weights,
        ))),
        None => Err(format!("ai_depth &{byte:02X}, which names no stage")),
    }
}

/// A stage byte as reports write one answer's: `book` (`pass` for a pass), `d6`, `wld d6`
/// (the win/loss/draw check after depth 6), `exact`, `stopped`, or the raw byte.
#[must_use]
pub fn stage_label(byte: u8, pass: bool) -> String {
    match byte {
        STAGE_NONE if pass => "pass".into(),
        STAGE_NONE => "book".into(),
        STAGE_EXACT => "exact".into(),
        STAGE_STOPPED => "stopped".into(),
        d @ 1..=12 => format!("d{d}"),
        b @ 0xE1..=0xEC => format!("wld d{}", b - STAGE_WLD),
        other => format!("&{other:02X}"),
    }
}

/// The stage byte a report's label names ([`stage_label`] read back; `pass` is stage 0 too),
/// or `None` for a label it never writes.
#[must_use]
pub fn stage_of_label(label: &str) -> Option<u8> {
    if label == "pass" {
        return Some(STAGE_NONE);
    }
    let number = |text: &str, radix| u8::from_str_radix(text, radix).ok();
    let byte = match label {
        "book" => STAGE_NONE,
        "exact" => STAGE_EXACT,
        "stopped" => STAGE_STOPPED,
        _ => {
            if let Some(d) = label.strip_prefix("wld d") {
                STAGE_WLD.checked_add(number(d, 10)?)?
            } else if let Some(d) = label.strip_prefix('d') {
                number(d, 10)?
            } else {
                number(label.strip_prefix('&')?, 16)?
            }
        }
    };
    (stage_label(byte, false) == label).then_some(byte)
}

/// Answers counted by the stage they came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StageCounts {
    /// Passes (stage 0, no move).
    pub pass: u32,
    /// The opening book (stage 0 with a move, at a search level).
    pub book: u32,
    /// The depth-limited searches, depth 1 to 12 (index 0 = depth 1).
    pub depth: [u32; 12],
    /// The exact endgame.
    pub exact: u32,
    /// The win/loss/draw check, whatever the depth before it.
    pub wld: u32,
    /// Stopped before any stage was complete.
    pub stopped: u32,
    /// Bytes that name no stage (each one is also a mismatch).
    pub other: u32,
}

impl StageCounts {
    /// Counts one answer: its stage byte, and whether it was a pass.
    pub fn add(&mut self, byte: u8, pass: bool) {
        match byte {
            STAGE_NONE if pass => self.pass += 1,
            STAGE_NONE => self.book += 1,
            d @ 1..=12 => self.depth[usize::from(d - 1)] += 1,
            STAGE_EXACT => self.exact += 1,
            0xE1..=0xEC => self.wld += 1,
            STAGE_STOPPED => self.stopped += 1,
            _ => self.other += 1,
        }
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &StageCounts) {
        self.pass += other.pass;
        self.book += other.book;
        for (a, b) in self.depth.iter_mut().zip(other.depth) {
            *a += b;
        }
        self.exact += other.exact;
        self.wld += other.wld;
        self.stopped += other.stopped;
        self.other += other.other;
    }

    /// Answers counted.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.pass
            + self.book
            + self.depth.iter().sum::<u32>()
            + self.exact
            + self.wld
            + self.stopped
            + self.other
    }

    /// Answers of a depth-limited stage of depth `d` (1..=12).
    #[must_use]
    pub fn at_depth(&self, d: u8) -> u32 {
        usize::from(d)
            .checked_sub(1)
            .and_then(|i| self.depth.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// The non-zero counts in stage order: (name, count); names as in [`StageCounts::text`].
    #[must_use]
    pub fn entries(&self) -> Vec<(String, u32)> {
        let mut v = vec![("book".to_string(), self.book)];
        for (i, &n) in self.depth.iter().enumerate() {
            v.push((format!("d{}", i + 1), n));
        }
        v.push(("wld".into(), self.wld));
        v.push(("exact".into(), self.exact));
        v.push(("stopped".into(), self.stopped));
        v.push(("pass".into(), self.pass));
        v.push(("other".into(), self.other));
        v.into_iter().filter(|(_, n)| *n > 0).collect()
    }

    /// `book 3, d6 2, d8 20, wld 1, exact 9, pass 1` (`-` when nothing was counted).
    #[must_use]
    pub fn text(&self) -> String {
        let e = self.entries();
        if e.is_empty() {
            return "-".into();
        }
        e.iter()
            .map(|(name, n)| format!("{name} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The counts as a JSON object (`{"book": 3, "d8": 20, ...}`, non-zero ones only).
    #[must_use]
    pub fn json(&self) -> Value {
        let map: serde_json::Map<String, Value> = self
            .entries()
            .into_iter()
            .map(|(k, n)| (k, json!(n)))
            .collect();
        Value::Object(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_engine::board::Color;
    use othello_engine::notation::parse_position;

    #[test]
    fn every_stage_label_reads_back_as_its_byte() {
        for byte in 0..=u8::MAX {
            let label = stage_label(byte, false);
            assert_eq!(stage_of_label(&label), Some(byte), "{label}");
        }
        assert_eq!(stage_of_label("pass"), Some(STAGE_NONE));
        for bad in [
            "none", "d0", "d13", "d01", "wld d0", "wld d13", "d", "&0e", "&01", "&FE", "deep", "",
        ] {
            assert_eq!(stage_of_label(bad), None, "{bad}");
        }
    }

    #[test]
    fn stages_are_named_and_counted() {
        let mut c = StageCounts::default();
        for (byte, pass) in [(0, false), (0, true), (8, false), (8, false), (4, false)] {
            c.add(byte, pass);
        }
        c.add(STAGE_EXACT, false);
        c.add(STAGE_WLD + 6, false);
        c.add(STAGE_STOPPED, false);
        assert_eq!(
            c.text(),
            "book 1, d4 1, d8 2, wld 1, exact 1, stopped 1, pass 1"
        );
        assert_eq!(c.total(), 8);
        assert_eq!((c.at_depth(8), c.at_depth(0), c.at_depth(13)), (2, 0, 0));
        assert_eq!(c.json()["d8"], 2);
        let mut d = StageCounts::default();
        d.merge(&c);
        d.merge(&c);
        assert_eq!(d.at_depth(8), 4);
        assert_eq!(StageCounts::default().text(), "-");
        assert_eq!(stage_name(6), "depth 6");
        assert_eq!(stage_name(STAGE_EXACT), "exact");
        assert_eq!(stage_name(STAGE_WLD + 4), "wld after depth 4");
        assert_eq!(stage_name(STAGE_WLD), "&E0 (no stage)");
        // One answer's label in match reports.
        let labels: Vec<String> = [
            (STAGE_NONE, false),
            (STAGE_NONE, true),
            (8, false),
            (STAGE_WLD + 8, false),
            (STAGE_EXACT, false),
            (STAGE_STOPPED, false),
            (STAGE_WLD, false),
        ]
        .into_iter()
        .map(|(b, pass)| stage_label(b, pass))
        .collect();
        assert_eq!(
            labels,
            ["book", "pass", "d8", "wld d8", "exact", "stopped", "&E0"]
        );
        assert_eq!(stage_name(0x20), "&20 (no stage)");
    }

    #[test]
    fn only_plausible_stages_are_compared() {
        let w = Weights::default();
        let top = w.max_level();
        let s = search_level(&w, top).expect("a search level");
        assert!(s.budget > 0, "the top level has a budget");
        // A middle game out of the book, with more empty squares than the exact threshold.
        let mid =
            parse_position("---------------------XXXO---XXOO---XOXOO--OOXXX-----X----------- O")
                .unwrap();
        assert_eq!(mid.to_move, Color::White);
        assert!(mid.empties().count_ones() > u32::from(s.endgame));
        assert!(othello_engine::book::answer(&mid, top, &w).is_none());
        let at = |timed, byte| expected(&mid, top, &w, timed, byte);
        assert_eq!(
            at(true, 2),
            Ok(Expected::Answer(search_stage_select(
                &mid,
                Stage::Depth(2),
                0,
                &w
            )))
        );
        assert_eq!(
            at(false, s.depth),
            Ok(Expected::Answer(best_move(&mid, top, &w)))
        );
        assert_eq!(at(true, STAGE_STOPPED), Ok(Expected::Stopped));
        for (timed, byte) in [
            (false, 2),             // a shallow stage without a time limit
            (false, STAGE_STOPPED), // stopped without a time limit
            (true, s.depth + 1),    // deeper than the level
            (true, STAGE_EXACT),    // exact above the threshold
            (true, STAGE_WLD + 2),  // win/loss/draw above its threshold
            (true, STAGE_NONE),     // the book, outside it
            (true, 0x40),           // no stage
        ] {
            assert!(at(timed, byte).is_err(), "timed {timed}, stage &{byte:02X}");
        }
        // Levels 1 and 2 report no stage; the start position is in the book.
        assert!(expected(&mid, 2, &w, false, 0).is_ok());
        assert!(expected(&mid, 2, &w, false, 2).is_err());
        assert!(expected(&Board::start(), top, &w, true, 0).is_ok());
        assert!(expected(&Board::start(), top, &w, true, 2).is_err());
        assert_eq!(nominal_time(&w, top, 30), u16::from(s.budget) * 30);
        assert_eq!(nominal_time(&w, top, 0), 1);
        assert_eq!(nominal_time(&w, 2, 30), 0);
    }

    #[test]
    fn late_in_the_middle_game_a_timed_search_may_go_two_plies_deeper() {
        let w = Weights::default();
        let top = w.max_level();
        let s = search_level(&w, top).unwrap();
        // The first legal move each ply, from the start to 20 empty squares: late in the
        // middle game, above the exact endgame and the check.
        let mut late = Board::start();
        while late.empties().count_ones() > 20 {
            let first = othello_engine::board::squares(late.legal_moves()).next();
            match first {
                Some(sq) => {
                    late.play(sq).unwrap();
                }
                None => {
                    late.pass();
                }
            }
        }
        assert!(late.legal_moves() != 0 && !late.is_game_over());
        assert!(20 > u32::from(s.endgame.max(s.wld)) && 20 <= u32::from(s.deepen));
        let deeper = s.depth + 2;
        assert!(
            deeper <= 12,
            "the shipped top level has room for two plies more"
        );
        assert!(expected(&late, top, &w, true, deeper).is_ok());
        assert!(expected(&late, top, &w, true, deeper + 1).is_err());
        assert!(
            expected(&late, top, &w, false, deeper).is_err(),
            "only with a time limit"
        );
    }
}
