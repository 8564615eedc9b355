//! The Z80 program's answers in match reports (`match --json`) by phase of the game: the
//! depth goals of the top level (docs/ai.md 4.4). ODIN's tournament level searched 7 plies
//! until move 18, then 9; ours must reach 7 plies before move 18, 9 or more after it (the
//! win/loss/draw check counts) and solve exactly from the level's `endgame`, all within its
//! CPC minutes. A match's own summary gives the stages, not where in the game they were; this
//! is what a match table's depth columns are counted from (docs/benchmarks.md "Match").
//!
//! Move n of a game without passes is played with 61 - n empty squares, so "before move 18"
//! is 44 empties or more (`OPENING_EMPTIES`, cpc/search.asm). Book moves and passes are
//! not searched and are not counted.

use serde_json::Value;

use super::losses::answers_by_empties;
use super::pool::PoolError;
use othello_engine::board::Color;

/// The fewest empty squares of a move before move 18.
pub const OPENING_EMPTIES: u64 = 44;
/// The depth the top level must reach before move 18.
pub const OPENING_PLIES: u32 = 7;
/// The depth it must reach from move 18 until the exact endgame.
pub const MIDDLE_PLIES: u32 = 9;

/// Searched moves of a phase, and how many of them reached the phase's goal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reached {
    pub moves: usize,
    pub reached: usize,
}

impl Reached {
    fn count(&mut self, reached: bool) {
        self.moves += 1;
        self.reached += usize::from(reached);
    }
}

/// One Z80 engine's answers over the reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Phases {
    /// The engine as the games name it (`z80:7`, `z80:7@old.dsk`).
    pub engine: String,
    /// Game sides with answers.
    pub sides: usize,
    /// CPC µs the answers took, summed over all sides, and the most of one side.
    pub total_us: u64,
    pub max_side_us: u64,
    /// Before move 18: at least [`OPENING_PLIES`].
    pub opening: Reached,
    /// From move 18 until the exact endgame: at least [`MIDDLE_PLIES`], or the check.
    pub middle: Reached,
    /// At most `endgame` empty squares: the exact endgame.
    pub endgame: Reached,
}

impl Phases {
    fn new(engine: &str) -> Self {
        Self {
            engine: engine.to_owned(),
            sides: 0,
            total_us: 0,
            max_side_us: 0,
            opening: Reached::default(),
            middle: Reached::default(),
            endgame: Reached::default(),
        }
    }

    /// The engine's line as `elo` prints it.
    #[must_use]
    pub fn line(&self, endgame: u64) -> String {
        let minutes = |us: f64| us / 60e6;
        let part = |r: Reached| {
            if r.moves == 0 {
                "none".to_owned()
            } else {
                format!(
                    "{} of {} ({:.1} %)",
                    r.reached,
                    r.moves,
                    100.0 * r.reached as f64 / r.moves as f64
                )
            }
        };
        format!(
            "{}: {} game sides, CPC minutes a side mean {:.1}, max {:.1}; before move 18 at \
             {OPENING_PLIES} plies or more {}; move 18 on at {MIDDLE_PLIES} plies or more (the \
             check counts) {}; exact from {endgame} empties {}",
            self.engine,
            self.sides,
            minutes(self.total_us as f64 / self.sides.max(1) as f64),
            minutes(self.max_side_us as f64),
            part(self.opening),
            part(self.middle),
            part(self.endgame)
        )
    }
}

/// What a stage label (`d9`, `wld d8`, `exact`, `stopped`, `book`, `pass`) says.
enum Stage {
    /// Not searched: the book, a pass, no stage.
    NotSearched,
    /// A depth-limited stage (0 for `stopped`).
    Depth(u32),
    /// The win/loss/draw check.
    Check,
    Exact,
}

fn stage_of(label: &str) -> Result<Stage, String> {
    match label {
        "book" | "pass" | "none" => Ok(Stage::NotSearched),
        "exact" => Ok(Stage::Exact),
        "stopped" => Ok(Stage::Depth(0)),
        _ if label.starts_with("wld d") => Ok(Stage::Check),
        _ => label
            .strip_prefix('d')
            .and_then(|d| d.parse().ok())
            .map(Stage::Depth)
            .ok_or_else(|| format!("unknown stage {label:?}")),
    }
}

/// Every engine with Z80 answers in `reports` (name, parsed JSON of `match --json`), in the
/// order met, its answers counted by phase; `endgame` is the level's exact endgame (14 at
/// the shipped top level). Aborted games have no answers.
///
/// # Errors
/// When a report has no game list, or a game's answers are malformed (naming the report,
/// the game and the answer).
pub fn phases(reports: &[(String, Value)], endgame: u64) -> Result<Vec<Phases>, PoolError> {
    let mut all: Vec<Phases> = Vec::new();
    for (name, report) in reports {
        let err = |reason: String| PoolError {
            report: name.clone(),
            reason,
        };
        let games = report["games"]
            .as_array()
            .ok_or_else(|| err("not a match report (no \"games\" list)".into()))?;
        for (i, game) in games.iter().enumerate() {
            for color in [Color::Black, Color::White] {
                let answers = answers_by_empties(game, color)
                    .map_err(|e| err(format!("game entry {i}: {e}")))?;
                if answers.is_empty() {
                    continue;
                }
                let Some(engine) = game[color.to_string()].as_str() else {
                    return Err(err(format!(
                        "game entry {i} does not name its {color} engine"
                    )));
                };
                let at = match all.iter().position(|p| p.engine == engine) {
                    Some(at) => at,
                    None => {
                        all.push(Phases::new(engine));
                        all.len() - 1
                    }
                };
                let p = &mut all[at];
                p.sides += 1;
                let side_us: u64 = answers.iter().map(|(_, a)| a.us).sum();
                p.total_us += side_us;
                p.max_side_us = p.max_side_us.max(side_us);
                for (empties, answer) in &answers {
                    let stage = stage_of(&answer.stage)
                        .map_err(|e| err(format!("game entry {i}, {color}: {e}")))?;
                    let depth = match stage {
                        Stage::NotSearched => continue,
                        Stage::Depth(d) => d,
                        Stage::Check | Stage::Exact => u32::MAX,
                    };
                    if *empties <= endgame {
                        p.endgame.count(matches!(stage, Stage::Exact));
                    } else if *empties >= OPENING_EMPTIES {
                        p.opening.count(depth >= OPENING_PLIES);
                    } else {
                        p.middle.count(depth >= MIDDLE_PLIES);
                    }
                }
            }
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn answer(empties: u64, stage: &str, us: u64) -> Value {
        json!({ "empties": empties, "given_s": 1500, "stage": stage, "us": us })
    }

    fn report(games: Value) -> Vec<(String, Value)> {
        vec![("r.json".to_owned(), json!({ "games": games }))]
    }

    #[test]
    fn answers_are_counted_by_phase() {
        let black = vec![
            answer(56, "book", 1),
            answer(50, "d7", 10),
            answer(44, "d4", 10), // before move 18, short of 7
            answer(43, "d9", 100),
            answer(30, "d7", 50), // move 18 on, short of 9
            answer(20, "d11", 100),
            answer(16, "wld d8", 40), // the check counts
            answer(15, "stopped", 5),
            answer(14, "exact", 30),
            answer(12, "d9", 2), // the exact solve did not finish
            answer(10, "pass", 0),
        ];
        let games = json!([
            { "number": 1, "black": "z80:7", "white": "gtp-rhino -l 5",
              "cpc": { "black": { "answers": black }, "white": null } },
            { "number": 2, "black": "gtp-rhino -l 5", "white": "z80:7",
              "cpc": { "black": null, "white": { "answers": [answer(45, "d7", 1000)] } } },
            { "number": 3, "black": "z80:7", "white": "gtp-rhino -l 5", "aborted": "lost" },
        ]);
        let p = phases(&report(games), 14).unwrap();
        assert_eq!(p.len(), 1);
        let p = &p[0];
        assert_eq!(p.engine, "z80:7");
        assert_eq!(p.sides, 2);
        assert_eq!(p.total_us, 348 + 1000);
        assert_eq!(p.max_side_us, 1000);
        assert_eq!(
            p.opening,
            Reached {
                moves: 3,
                reached: 2
            }
        );
        assert_eq!(
            p.middle,
            Reached {
                moves: 5,
                reached: 3
            }
        );
        assert_eq!(
            p.endgame,
            Reached {
                moves: 2,
                reached: 1
            }
        );
        let line = p.line(14);
        assert!(
            line.contains("before move 18 at 7 plies or more 2 of 3 (66.7 %)")
                && line.contains("(the check counts) 3 of 5 (60.0 %)")
                && line.contains("exact from 14 empties 1 of 2 (50.0 %)"),
            "{line}"
        );
    }

    #[test]
    fn each_z80_engine_gets_its_own_tally() {
        let games = json!([
            { "number": 1, "black": "z80:7@new.dsk", "white": "z80:7@old.dsk",
              "cpc": { "black": { "answers": [answer(40, "d9", 1)] },
                       "white": { "answers": [answer(39, "d7", 1)] } } },
        ]);
        let p = phases(&report(games), 14).unwrap();
        let names: Vec<&str> = p.iter().map(|p| p.engine.as_str()).collect();
        assert_eq!(names, ["z80:7@new.dsk", "z80:7@old.dsk"]);
        assert_eq!(p[0].middle.reached, 1);
        assert_eq!(p[1].middle.reached, 0);
    }

    #[test]
    fn malformed_answers_are_named() {
        let games = json!([
            { "number": 1, "black": "z80:7", "white": "ref:7",
              "cpc": { "black": { "answers": [answer(40, "deep", 1)] } } },
        ]);
        let e = phases(&report(games), 14).unwrap_err();
        assert_eq!(e.report, "r.json");
        assert!(
            e.reason
                .contains("game entry 0, black: unknown stage \"deep\""),
            "{e}"
        );
        let e = phases(&report(json!({})), 14).unwrap_err();
        assert!(e.reason.contains("no \"games\" list"), "{e}");
    }
}
