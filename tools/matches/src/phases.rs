//! The Z80 program's answers in match reports (`match --json`) by phase of the game: the
//! depth goals of the top level (docs/ai.md 4.4). ODIN's tournament level searched 7 plies
//! until move 18, then 9; ours must reach 7 plies before move 18, 9 or more after it (the
//! win/loss/draw check counts) and solve exactly from the level's `endgame`, all within its
//! CPC minutes. A match's own summary gives the stages, not where in the game they were; this
//! is what a match table's depth columns are counted from (docs/benchmarks.md "Match").
//!
//! Move n of a game without passes is played with 61 - n empty squares, so "before move 18"
//! is 44 empties or more (`OPENING_EMPTIES`, cpc/search.asm; after a 4-ply random opening,
//! moves 5 to 17). Book moves and passes are not searched and are not counted; their CPC time
//! is in the minutes.

use cpc_game::stage::{stage_of_label, STAGE_EXACT, STAGE_NONE, STAGE_WLD};
use othello_engine::board::Color;
use serde_json::Value;

use super::losses::{answers_by_empties, AnswerRecord};
use super::pool::{engines_of, PoolError, ReportEngine};

/// The fewest empty squares of a move before move 18.
pub const OPENING_EMPTIES: u64 = 44;
/// The depth the top level must reach before move 18.
pub const OPENING_PLIES: u8 = 7;
/// The depth it must reach from move 18 until the exact endgame.
pub const MIDDLE_PLIES: u8 = 9;

/// A phase's searched moves and how many of them met its goal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Goal {
    /// Moves searched in the phase (not the book's, not passes).
    pub moves: usize,
    /// Those that met the phase's goal.
    pub met: usize,
}

impl Goal {
    fn count(&mut self, met: bool) {
        self.moves += 1;
        self.met += usize::from(met);
    }

    fn text(self) -> String {
        if self.moves == 0 {
            return "no moves".to_owned();
        }
        let share = 100.0 * self.met as f64 / self.moves as f64;
        format!("{} of {} ({share:.1} %)", self.met, self.moves)
    }
}

/// One Z80 engine's answers over the reports.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Phases {
    /// The engine as the first report that has it names it, with its build when named
    /// (`z80:7@old.dsk (crc32 F4D23736, ...)`): one build of a level is one engine, from
    /// whatever path it was played, as [`super::pool`] counts it.
    pub engine: String,
    /// Game sides with answers.
    pub sides: usize,
    /// CPC µs of all the answers of all sides.
    pub total_us: u64,
    /// CPC µs of the answers of the side that took the most.
    pub max_side_us: u64,
    /// Before move 18: at least [`OPENING_PLIES`].
    pub opening: Goal,
    /// From move 18 until the exact endgame: at least [`MIDDLE_PLIES`], or the check.
    pub middle: Goal,
    /// At most `endgame` empty squares: the exact endgame.
    pub endgame: Goal,
}

impl Phases {
    /// Counts one game side's answers (`color`'s, for messages).
    fn add_side(
        &mut self,
        answers: &[(u64, AnswerRecord)],
        color: Color,
        endgame: u64,
    ) -> Result<(), String> {
        self.sides += 1;
        let side_us = answers
            .iter()
            .fold(0u64, |sum, (_, a)| sum.saturating_add(a.us));
        self.total_us = self.total_us.saturating_add(side_us);
        self.max_side_us = self.max_side_us.max(side_us);
        for (j, (empties, answer)) in answers.iter().enumerate() {
            if answer.stage == "none" {
                continue; // levels 1 and 2: no search stage
            }
            let stage = stage_of_label(&answer.stage).ok_or_else(|| {
                format!(
                    "cpc.{color}.answers[{j}] has the stage {:?}, which names none",
                    answer.stage
                )
            })?;
            let Some(depth) = depth_reached(stage) else {
                continue;
            };
            if *empties <= endgame {
                self.endgame.count(stage == STAGE_EXACT);
            } else if *empties >= OPENING_EMPTIES {
                self.opening.count(depth >= OPENING_PLIES);
            } else {
                self.middle.count(depth >= MIDDLE_PLIES);
            }
        }
        Ok(())
    }

    /// True when no answer was searched (levels 1 and 2, or the book alone).
    #[must_use]
    pub fn searched_none(&self) -> bool {
        self.opening.moves + self.middle.moves + self.endgame.moves == 0
    }

    /// The engine's line as `elo` prints it.
    #[must_use]
    pub fn line(&self, endgame: u64) -> String {
        let minutes = |us: f64| us / 60e6;
        format!(
            "{}: {} game sides, CPC minutes a side mean {:.1}, max {:.1}; before move 18 at \
             {OPENING_PLIES} plies or more {}; move 18 on at {MIDDLE_PLIES} plies or more (the \
             check counts) {}; exact from {endgame} empties {}",
            self.engine,
            self.sides,
            minutes(self.total_us as f64 / self.sides.max(1) as f64),
            minutes(self.max_side_us as f64),
            self.opening.text(),
            self.middle.text(),
            self.endgame.text()
        )
    }
}

/// The depth a stage byte reached, for the goals: the check and the exact endgame meet every
/// depth goal; `stopped` and a byte that names no stage meet none; `None` when nothing was
/// searched (the book, a pass).
fn depth_reached(stage: u8) -> Option<u8> {
    match stage {
        STAGE_NONE => None,
        d @ 1..=12 => Some(d),
        STAGE_EXACT => Some(u8::MAX),
        b if b > STAGE_WLD && b <= STAGE_WLD + 12 => Some(u8::MAX),
        _ => Some(0), // stopped, or a byte that names no stage
    }
}

/// Every Z80 engine with answers in `reports` (name, parsed JSON of `match --json`), in the
/// order met, its answers counted by phase; `endgame` is the level's exact endgame (14 at
/// the shipped top level). Aborted games have no answers; answers without a stage (levels 1
/// and 2) are not searched moves.
///
/// # Errors
/// When a report is not a match report, or a game's answers are malformed (naming the
/// report, the game and the answer).
pub fn by_engine(reports: &[(String, Value)], endgame: u64) -> Result<Vec<Phases>, PoolError> {
    let mut all: Vec<(ReportEngine, Phases)> = Vec::new();
    for (name, report) in reports {
        let err = |reason: String| PoolError {
            report: name.clone(),
            reason,
        };
        let engines = engines_of(name, report)?;
        let games = report["games"]
            .as_array()
            .ok_or_else(|| err("not a match report (no \"games\" list)".into()))?;
        for (i, game) in games.iter().enumerate() {
            let at_game = |e: String| match game["number"].as_u64() {
                Some(n) => err(format!("game {n}: {e}")),
                None => err(format!("game entry {i}: {e}")),
            };
            for color in [Color::Black, Color::White] {
                let answers = answers_by_empties(game, color).map_err(at_game)?;
                if answers.is_empty() {
                    continue;
                }
                let spec = game[color.to_string()].as_str();
                let Some(engine) = engines.iter().find(|e| Some(e.spec.as_str()) == spec) else {
                    return Err(at_game(format!(
                        "its {color} engine is not one of the report's \"engines\""
                    )));
                };
                let at = match all.iter().position(|(k, _)| k.same(engine, false)) {
                    Some(at) => at,
                    None => {
                        let phases = Phases {
                            engine: engine.to_string(),
                            ..Phases::default()
                        };
                        all.push((engine.clone(), phases));
                        all.len() - 1
                    }
                };
                all[at]
                    .1
                    .add_side(&answers, color, endgame)
                    .map_err(at_game)?;
            }
        }
    }
    Ok(all.into_iter().map(|(_, phases)| phases).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn answer(empties: u64, stage: &str, us: u64) -> Value {
        json!({ "empties": empties, "given_s": 1500, "stage": stage, "us": us })
    }

    fn engine(spec: &str, program: Option<&str>) -> Value {
        json!({ "spec": spec, "program": program })
    }

    fn report(name: &str, engines: [Value; 2], games: Value) -> (String, Value) {
        (
            name.to_owned(),
            json!({ "engines": engines, "games": games }),
        )
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
            answer(12, "d9", 2),  // the exact solve did not finish
            answer(11, "&0E", 1), // a byte that names no stage meets no goal
            answer(10, "pass", 0),
        ];
        let games = json!([
            { "number": 1, "black": "z80:7", "white": "gtp-rhino -l 5",
              "cpc": { "black": { "answers": black }, "white": null } },
            { "number": 2, "black": "gtp-rhino -l 5", "white": "z80:7",
              "cpc": { "black": null, "white": { "answers": [answer(45, "d7", 1000)] } } },
            { "number": 3, "black": "z80:7", "white": "gtp-rhino -l 5", "aborted": "lost" },
        ]);
        let engines = [
            engine("z80:7", Some("crc32 1")),
            engine("gtp-rhino -l 5", None),
        ];
        let p = by_engine(&[report("r.json", engines, games)], 14).unwrap();
        assert_eq!(p.len(), 1);
        let p = &p[0];
        assert_eq!(p.engine, "z80:7 (crc32 1)");
        assert_eq!(p.sides, 2);
        assert_eq!(p.total_us, 349 + 1000);
        assert_eq!(p.max_side_us, 1000);
        assert_eq!(p.opening, Goal { moves: 3, met: 2 });
        assert_eq!(p.middle, Goal { moves: 5, met: 3 });
        assert_eq!(p.endgame, Goal { moves: 3, met: 1 });
        let line = p.line(14);
        assert!(
            line.starts_with("z80:7 (crc32 1): 2 game sides, CPC minutes a side mean 0.0")
                && line.contains("before move 18 at 7 plies or more 2 of 3 (66.7 %)")
                && line.contains("(the check counts) 3 of 5 (60.0 %)")
                && line.contains("exact from 14 empties 1 of 3 (33.3 %)"),
            "{line}"
        );
    }

    #[test]
    fn one_build_is_one_engine_whatever_its_path() {
        let new = Some("crc32 2");
        let play = |name: &str, path: &str, stage: &str| {
            let spec = format!("z80:7@{path}");
            let games = json!([
                { "number": 1, "black": spec, "white": "z80:7@old.dsk",
                  "cpc": { "black": { "answers": [answer(40, stage, 1)] },
                           "white": { "answers": [answer(39, "d7", 1)] } } },
            ]);
            report(
                name,
                [engine(&spec, new), engine("z80:7@old.dsk", Some("crc32 1"))],
                games,
            )
        };
        let reports = [
            play("a.json", "a/new.dsk", "d9"),
            play("b.json", "b/new.dsk", "d7"),
        ];
        let p = by_engine(&reports, 14).unwrap();
        let names: Vec<&str> = p.iter().map(|p| p.engine.as_str()).collect();
        assert_eq!(
            names,
            ["z80:7@a/new.dsk (crc32 2)", "z80:7@old.dsk (crc32 1)"]
        );
        assert_eq!(p[0].middle, Goal { moves: 2, met: 1 });
        assert_eq!(p[1].middle, Goal { moves: 2, met: 0 });
        assert_eq!(p[0].sides, 2);
    }

    #[test]
    fn levels_without_stages_search_nothing() {
        let games = json!([
            { "number": 1, "black": "z80:1", "white": "ref:1",
              "cpc": { "black": { "answers": [answer(50, "none", 1), answer(10, "none", 1)] } } },
        ]);
        let engines = [engine("z80:1", Some("crc32 3")), engine("ref:1", None)];
        let p = by_engine(&[report("r.json", engines, games)], 14).unwrap();
        assert!(p[0].searched_none(), "{p:?}");
        assert!(p[0].line(14).ends_with("exact from 14 empties no moves"));
    }

    #[test]
    fn malformed_reports_are_named() {
        let engines = || [engine("z80:7", None), engine("ref:7", None)];
        let with = |answers: Value| {
            let games = json!([
                { "number": 5, "black": "z80:7", "white": "ref:7",
                  "cpc": { "black": { "answers": answers } } },
            ]);
            by_engine(&[report("r.json", engines(), games)], 14).unwrap_err()
        };
        let e = with(json!([answer(41, "d9", 1), answer(40, "deep", 1)]));
        assert_eq!(e.report, "r.json");
        assert!(
            e.reason
                .contains("game 5: cpc.black.answers[1] has the stage \"deep\", which names none"),
            "{e}"
        );
        let e = with(json!([{ "empties": 40 }]));
        assert!(
            e.reason.starts_with("game 5: cpc.black.answers[0] has no"),
            "{e}"
        );
        let e = by_engine(&[report("r.json", engines(), json!({}))], 14).unwrap_err();
        assert!(e.reason.contains("no \"games\" list"), "{e}");
        let e = by_engine(&[("r.json".to_owned(), json!({ "games": [] }))], 14).unwrap_err();
        assert!(e.reason.contains("not a match report"), "{e}");
        let stranger = json!([
            { "number": 2, "black": "z80:6", "white": "ref:7",
              "cpc": { "black": { "answers": [answer(40, "d6", 1)] } } },
        ]);
        let e = by_engine(&[report("r.json", engines(), stranger)], 14).unwrap_err();
        assert!(
            e.reason.contains("game 2: its black engine is not one of"),
            "{e}"
        );
    }
}
