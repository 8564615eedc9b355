//! What a match produced: each game (opening, moves, WOF score or forfeit) and the tallies
//! per colour and per engine, as text lines and as JSON. For the Z80 program also its CPC
//! time per game side and the stages its answers came from (`ai_depth`: the book, a search
//! depth, the exact endgame; shallower than the level's depth when its budget ran short),
//! and in the JSON each of its answers: the empty squares, the seconds it had left, the CPC
//! µs it took and its stage, so that `losses` can say what answered a move.

use othello_engine::board::Color;
use othello_engine::game::Game;
use othello_engine::gtp::final_score;
use othello_engine::notation::to_transcript;
use serde_json::{json, Value};

use super::players::CpcClock;
use super::referee::Refereed;
use cpc_game::stage::{stage_label, StageCounts};

/// One engine of the match.
#[derive(Clone, Debug)]
pub struct EngineInfo {
    /// The text it was given as (`z80:6`, `gtp-rhino -l 1`).
    pub label: String,
    /// Its own name (GTP `name`, `Z80 program level 6`).
    pub name: String,
    /// A Z80 engine's build ([`cpc_game::driver::Image::fingerprint`]), so that reports of
    /// one build pool whatever path it was played from.
    pub program: Option<String>,
}

/// One game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based.
    pub number: usize,
    /// The engine (0 = `--black`, 1 = `--white`) playing black, and white.
    pub engines: [usize; 2],
    /// The random opening.
    pub opening: Game,
    /// The game, or why it could not be played to the end.
    pub result: Result<Refereed, String>,
}

/// A game's result for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won (also when the opponent lost by a wrong answer).
    Win,
    /// Drawn.
    Draw,
    /// Lost; `true` when by a wrong answer.
    Loss(bool),
}

impl GameRecord {
    /// The result for `color`: `None` when the game was aborted.
    #[must_use]
    pub fn outcome(&self, color: Color) -> Option<Outcome> {
        let r = self.result.as_ref().ok()?;
        if let Some(f) = &r.forfeit {
            return Some(if f.loser == color {
                Outcome::Loss(true)
            } else {
                Outcome::Win
            });
        }
        let (mine, theirs) = self.discs(color)?;
        Some(match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss(false),
        })
    }

    /// WOF discs of `color` and of its opponent, for a game played to the end.
    #[must_use]
    pub fn discs(&self, color: Color) -> Option<(u8, u8)> {
        let r = self.result.as_ref().ok()?;
        if r.forfeit.is_some() {
            return None;
        }
        let s = r.game.board().final_score();
        Some(match color {
            Color::Black => (s.black, s.white),
            Color::White => (s.white, s.black),
        })
    }

    /// The colour `engine` played, if it played this game.
    #[must_use]
    pub fn color_of(&self, engine: usize) -> Option<Color> {
        if self.engines[0] == engine {
            Some(Color::Black)
        } else if self.engines[1] == engine {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The opening as a transcript (`f5d6c3d3`).
    #[must_use]
    pub fn opening_text(&self) -> String {
        to_transcript(&self.opening)
    }

    /// The players' moves after the opening as a transcript (passes omitted).
    #[must_use]
    pub fn moves_text(&self) -> String {
        match &self.result {
            Ok(r) => {
                let all = to_transcript(&r.game);
                all[self.opening_text().len()..].to_string()
            }
            Err(_) => String::new(),
        }
    }

    /// The one-line account of the game.
    #[must_use]
    pub fn line(&self, engines: &[EngineInfo]) -> String {
        let who = format!(
            "game {}: black {}, white {}",
            self.number, engines[self.engines[0]].label, engines[self.engines[1]].label
        );
        let opening = match self.opening_text() {
            t if t.is_empty() => "-".to_string(),
            t => t,
        };
        let r = match &self.result {
            Ok(r) => r,
            Err(e) => return format!("{who}: opening {opening}: ABORTED: {e}"),
        };
        let mut line = format!("{who}: opening {opening}, moves {}: ", self.moves_text());
        match (&r.forfeit, self.discs(Color::Black)) {
            (Some(f), _) => {
                line.push_str(&format!("{} loses by forfeit: {}", f.loser, f.reason));
            }
            (None, Some((b, w))) => {
                line.push_str(&format!("{b}-{w} ({})", final_score(r.game.board())));
            }
            (None, None) => {}
        }
        for (color, clock) in [("black", &r.cpc[0]), ("white", &r.cpc[1])] {
            if let Some(c) = clock {
                line.push_str(&format!(
                    "; {color} CPC time {} (longest move {:.2} s)",
                    cpc_time(c.total_us),
                    c.max_us as f64 / 1e6
                ));
                if c.stages.total() > 0 {
                    line.push_str(&format!(", stages {}", c.stages.text()));
                }
            }
        }
        for d in &r.disputes {
            line.push_str(&format!("; DISPUTE: {d}"));
        }
        line
    }

    fn json(&self, engines: &[EngineInfo]) -> Value {
        let clock = |c: &Option<CpcClock>| {
            c.as_ref().map(|c| {
                let answers: Vec<Value> = c
                    .answers
                    .iter()
                    .map(|a| {
                        json!({
                            "empties": a.empties, "given_s": a.given_s, "us": a.us,
                            "stage": a.stage.map_or_else(|| "none".to_owned(), |s| stage_label(s, a.pass)),
                        })
                    })
                    .collect();
                json!({
                    "moves": c.moves, "total_us": c.total_us, "max_us": c.max_us,
                    "stages": (c.stages.total() > 0).then(|| c.stages.json()),
                    "answers": answers,
                })
            })
        };
        let mut v = json!({
            "number": self.number,
            "black": engines[self.engines[0]].label,
            "white": engines[self.engines[1]].label,
            "opening": self.opening_text(),
        });
        match &self.result {
            Ok(r) => {
                let s = r.game.board().final_score();
                let (b, w) = (r.game.board().black, r.game.board().white);
                v["moves"] = json!(self.moves_text());
                v["discs"] = json!({ "black": b.count_ones(), "white": w.count_ones() });
                v["final_score"] = match &r.forfeit {
                    None => {
                        json!({ "black": s.black, "white": s.white, "text": final_score(r.game.board()) })
                    }
                    Some(_) => Value::Null,
                };
                v["forfeit"] = match &r.forfeit {
                    Some(f) => json!({
                        "loser": f.loser.to_string(),
                        "reason": f.reason,
                    }),
                    None => Value::Null,
                };
                v["disputes"] = json!(r.disputes);
                v["host_seconds"] =
                    json!({ "black": r.host_seconds[0], "white": r.host_seconds[1] });
                v["cpc"] = json!({ "black": clock(&r.cpc[0]), "white": clock(&r.cpc[1]) });
            }
            Err(e) => v["aborted"] = json!(e),
        }
        v
    }
}

/// CPC time for people: seconds under a minute, minutes above.
fn cpc_time(us: u64) -> String {
    let s = us as f64 / 1e6;
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        format!("{:.1} min", s / 60.0)
    }
}

/// Results of a colour or an engine over the match.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games played to a result.
    pub games: u32,
    /// Won (forfeits of the opponent included).
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost (forfeits included).
    pub losses: u32,
    /// Of the losses, those by a wrong answer.
    pub forfeits: u32,
    /// Games that could not be played to the end.
    pub aborted: u32,
    /// WOF discs summed over the games played to the end.
    pub discs: u32,
    /// Games played to the end (the mean's divisor).
    pub finished: u32,
    /// CPC µs of the longest game side played by the Z80 program.
    pub cpc_max_us: u64,
    /// Sum of CPC µs per game side.
    pub cpc_sum_us: u64,
    /// Game sides with a CPC time.
    pub cpc_sides: u32,
    /// The stages of the Z80 program's answers, over its game sides.
    pub stages: StageCounts,
}

impl Tally {
    fn add(&mut self, record: &GameRecord, color: Color) {
        let Some(outcome) = record.outcome(color) else {
            self.aborted += 1;
            return;
        };
        self.games += 1;
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss(forfeit) => {
                self.losses += 1;
                self.forfeits += u32::from(forfeit);
            }
        }
        if let Some((mine, _)) = record.discs(color) {
            self.discs += u32::from(mine);
            self.finished += 1;
        }
        let i = color.index();
        if let Some(c) = record.result.as_ref().ok().and_then(|r| r.cpc[i].as_ref()) {
            self.cpc_max_us = self.cpc_max_us.max(c.total_us);
            self.cpc_sum_us += c.total_us;
            self.cpc_sides += 1;
            self.stages.merge(&c.stages);
        }
    }

    /// Mean WOF discs over the games played to the end.
    #[must_use]
    pub fn mean_discs(&self) -> Option<f64> {
        (self.finished > 0).then(|| f64::from(self.discs) / f64::from(self.finished))
    }

    fn row(&self, what: &str) -> String {
        let mean = self
            .mean_discs()
            .map_or_else(|| "-".to_string(), |m| format!("{m:.2}"));
        let mut row = format!(
            "{what:<28} {:>5} {:>5} {:>5} {:>6} {:>8} {:>10}",
            self.games, self.wins, self.draws, self.losses, self.forfeits, mean
        );
        if self.cpc_sides > 0 {
            row.push_str(&format!(
                "   CPC time per game side: max {}, mean {}",
                cpc_time(self.cpc_max_us),
                cpc_time(self.cpc_sum_us / u64::from(self.cpc_sides))
            ));
            if self.stages.total() > 0 {
                row.push_str(&format!("; stages {}", self.stages.text()));
            }
        }
        if self.aborted > 0 {
            row.push_str(&format!("   ({} aborted)", self.aborted));
        }
        row
    }

    fn json(&self) -> Value {
        json!({
            "games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
            "forfeits": self.forfeits, "aborted": self.aborted,
            "mean_discs": self.mean_discs(),
            "cpc_max_us_per_game_side": (self.cpc_sides > 0).then_some(self.cpc_max_us),
            "cpc_mean_us_per_game_side": (self.cpc_sides > 0)
                .then(|| self.cpc_sum_us / u64::from(self.cpc_sides)),
            "stages": (self.stages.total() > 0).then(|| self.stages.json()),
        })
    }
}

/// A whole match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The two engines (`--black`, `--white`).
    pub engines: Vec<EngineInfo>,
    /// The games, in order.
    pub games: Vec<GameRecord>,
    /// The games asked for: more than `games` holds in a report of a match still running
    /// ([`run`](super::run)'s `on_game`) or stopped by its sequential test.
    pub planned: usize,
    /// The seed of the openings.
    pub seed: u64,
    /// Random plies per opening.
    pub random_plies: u8,
    /// Whether colours alternated.
    pub alternate: bool,
    /// Wall time of the games.
    pub seconds: f64,
    /// The sequential test asked for, and what it decided (or the LLR where the games ran
    /// out).
    pub sprt: Option<(super::elo::Sprt, super::elo::SprtState)>,
}

impl MatchReport {
    /// The tally of a colour.
    #[must_use]
    pub fn by_color(&self, color: Color) -> Tally {
        let mut t = Tally::default();
        for g in &self.games {
            t.add(g, color);
        }
        t
    }

    /// The tally of engine 0 (`--black`) or 1 (`--white`).
    #[must_use]
    pub fn by_engine(&self, engine: usize) -> Tally {
        let mut t = Tally::default();
        for g in &self.games {
            if let Some(color) = g.color_of(engine) {
                t.add(g, color);
            }
        }
        t
    }

    /// Games that could not be played to the end.
    #[must_use]
    pub fn aborted(&self) -> usize {
        self.games.iter().filter(|g| g.result.is_err()).count()
    }

    /// The summary table.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut text = format!(
            "{:<28} {:>5} {:>5} {:>5} {:>6} {:>8} {:>10}\n",
            "", "games", "wins", "draws", "losses", "forfeits", "mean discs"
        );
        text.push_str(&self.by_color(Color::Black).row("black"));
        text.push('\n');
        text.push_str(&self.by_color(Color::White).row("white"));
        text.push('\n');
        for (i, e) in self.engines.iter().enumerate() {
            text.push_str(&self.by_engine(i).row(&e.label));
            text.push('\n');
        }
        text
    }

    /// Engine 0's score, Elo difference and LOS ([`elo`](super::elo)): over the game pairs
    /// of each opening with alternating colours (both games played), else over the games;
    /// aborted games (and pairs with one) left out.
    #[must_use]
    pub fn elo(&self) -> Option<super::elo::EloEstimate> {
        let points = |g: &GameRecord| {
            let color = g.color_of(0)?;
            Some(match g.outcome(color)? {
                Outcome::Win => 1.0,
                Outcome::Draw => 0.5,
                Outcome::Loss(_) => 0.0,
            })
        };
        let games: Vec<(usize, Option<f64>)> =
            self.games.iter().map(|g| (g.number, points(g))).collect();
        super::elo::estimate(&super::elo::units(&games, self.alternate))
    }

    /// The report as JSON; `command` is the command line that made it.
    #[must_use]
    pub fn json(&self, command: &str) -> Value {
        let engines: Vec<Value> = self
            .engines
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let mut engine =
                    json!({ "spec": e.label, "name": e.name, "tally": self.by_engine(i).json() });
                if let Some(program) = &e.program {
                    engine["program"] = json!(program);
                }
                engine
            })
            .collect();
        json!({
            "command": command,
            "seed": self.seed,
            "random_plies": self.random_plies,
            "alternate": self.alternate,
            "planned_games": self.planned,
            "seconds": self.seconds,
            "engines": engines,
            "black": self.by_color(Color::Black).json(),
            "white": self.by_color(Color::White).json(),
            "sprt": self.sprt.map(|(test, state)| {
                let (decision, llr) = match state {
                    super::elo::SprtState::Open(l) => ("none", l),
                    super::elo::SprtState::H0(l) => ("H0", l),
                    super::elo::SprtState::H1(l) => ("H1", l),
                };
                json!({ "elo0": test.elo0, "elo1": test.elo1, "decision": decision, "llr": llr })
            }),
            "elo": self.elo().map(|e| json!({
                "units": e.units,
                "score": e.score,
                "elo": if e.elo.is_finite() { json!(e.elo) } else { Value::Null },
                "elo_low": if e.interval.0.is_finite() { json!(e.interval.0) } else { Value::Null },
                "elo_high": if e.interval.1.is_finite() { json!(e.interval.1) } else { Value::Null },
                "los": e.los,
            })),
            "games": self.games.iter().map(|g| g.json(&self.engines)).collect::<Vec<_>>(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::CpcAnswer;
    use crate::referee::{Forfeit, Refereed};
    use othello_engine::ai::best_move;
    use othello_engine::weights::Weights;

    /// A game played to the end by the reference at level 1 from `opening`.
    fn to_the_end(opening: &Game) -> Game {
        let w = Weights::default();
        let mut g = opening.clone();
        loop {
            g.pass_if_forced();
            if g.is_over() {
                return g;
            }
            let sq = best_move(g.board(), 1, &w).best_move.unwrap();
            g.play(sq).unwrap();
        }
    }

    fn record(
        number: usize,
        engines: [usize; 2],
        opening: &Game,
        result: Result<Refereed, String>,
    ) -> GameRecord {
        GameRecord {
            number,
            engines,
            opening: opening.clone(),
            result,
        }
    }

    fn refereed(game: Game, forfeit: Option<Forfeit>, cpc: [Option<CpcClock>; 2]) -> Refereed {
        Refereed {
            game,
            forfeit,
            disputes: Vec::new(),
            host_seconds: [0.0; 2],
            cpc,
        }
    }

    #[test]
    fn tallies_follow_the_engines_through_colour_swaps() {
        let opening = crate::opening::random_opening(5, 4);
        let full = to_the_end(&opening);
        let s = full.board().final_score();
        let mut stages = StageCounts::default();
        stages.add(0, false);
        stages.add(8, false);
        stages.add(6, false);
        let clock = CpcClock {
            moves: 30,
            total_us: 90_000_000,
            max_us: 7_000_000,
            stages,
            answers: vec![
                CpcAnswer {
                    empties: 56,
                    given_s: 1500,
                    us: 0,
                    stage: Some(0),
                    pass: false,
                },
                CpcAnswer {
                    empties: 14,
                    given_s: 40,
                    us: 31_000_000,
                    stage: Some(0xE6),
                    pass: false,
                },
            ],
        };
        let games = vec![
            // Engine 0 black, played to the end, with a CPC clock on black.
            record(
                1,
                [0, 1],
                &opening,
                Ok(refereed(full.clone(), None, [Some(clock), None])),
            ),
            // Engine 1 black, loses by forfeit at once.
            record(
                2,
                [1, 0],
                &opening,
                Ok(refereed(
                    opening.clone(),
                    Some(Forfeit {
                        loser: opening.to_move(),
                        reason: "resigned".into(),
                    }),
                    [None, None],
                )),
            ),
            record(3, [0, 1], &opening, Err("white `x`: crashed".into())),
        ];
        let report = MatchReport {
            engines: vec![
                EngineInfo {
                    label: "z80:2".into(),
                    name: "Z80".into(),
                    program: Some("crc32 00000000, 1 bytes at &1000, starts at &1000".into()),
                },
                EngineInfo {
                    label: "ref:1".into(),
                    name: "ref".into(),
                    program: None,
                },
            ],
            games,
            planned: 4,
            seed: 1,
            random_plies: 4,
            alternate: true,
            seconds: 1.0,
            sprt: None,
        };
        assert_eq!(report.aborted(), 1);
        let e0 = report.by_engine(0);
        let e1 = report.by_engine(1);
        // Game 1 by the score; game 2: engine 1 (black, to move after 4 plies) forfeits.
        let black_won = s.black > s.white;
        assert_eq!(opening.to_move(), Color::Black);
        assert_eq!((e0.games, e0.aborted, e1.games, e1.aborted), (2, 1, 2, 1));
        assert_eq!(e0.wins, 1 + u32::from(black_won));
        assert_eq!(e1.losses, 1 + u32::from(black_won));
        assert_eq!((e1.forfeits, e0.forfeits), (1, 0));
        assert_eq!(e0.mean_discs(), Some(f64::from(s.black)));
        assert_eq!(e1.mean_discs(), Some(f64::from(s.white)));
        assert_eq!(
            (e0.cpc_sides, e0.cpc_max_us, e1.cpc_sides),
            (1, 90_000_000, 0)
        );
        let black = report.by_color(Color::Black);
        assert_eq!(black.games + black.aborted, 3);
        assert_eq!(black.forfeits, 1);

        let line = report.games[0].line(&report.engines);
        let moves = report.games[0].moves_text();
        assert_eq!(
            format!("{}{moves}", report.games[0].opening_text()),
            to_transcript(&full)
        );
        assert!(
            line.starts_with("game 1: black z80:2, white ref:1: opening "),
            "{line}"
        );
        assert!(
            line.contains(&format!(
                "{}-{} ({})",
                s.black,
                s.white,
                final_score(full.board())
            )),
            "{line}"
        );
        assert!(
            line.contains(
                "black CPC time 1.5 min (longest move 7.00 s), stages book 1, d6 1, d8 1"
            ),
            "{line}"
        );
        assert!(
            report
                .summary()
                .contains("max 1.5 min, mean 1.5 min; stages book 1, d6 1, d8 1"),
            "{}",
            report.summary()
        );
        assert!(report.games[1]
            .line(&report.engines)
            .contains("black loses by forfeit: resigned"));
        assert!(report.games[2]
            .line(&report.engines)
            .ends_with("ABORTED: white `x`: crashed"));
        let json = report.json("cmd");
        assert_eq!(json["games"][0]["final_score"]["black"], s.black);
        assert_eq!(json["games"][1]["forfeit"]["loser"], "black");
        assert_eq!(json["engines"][1]["tally"]["forfeits"], 1);
        assert_eq!(json["engines"][0]["tally"]["stages"]["d8"], 1);
        assert_eq!(json["games"][0]["cpc"]["black"]["stages"]["book"], 1);
        // Each answer, so that `losses` can say what answered a move that fell short.
        assert_eq!(
            json["games"][0]["cpc"]["black"]["answers"][1],
            json!({ "empties": 14, "given_s": 40, "us": 31_000_000, "stage": "wld d6" })
        );
        // The Z80 engine names its build; the reference has none.
        assert_eq!(
            json["engines"][0]["program"],
            "crc32 00000000, 1 bytes at &1000, starts at &1000"
        );
        assert!(json["engines"][1].get("program").is_none());
    }
}
