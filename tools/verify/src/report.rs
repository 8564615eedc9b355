//! The result of a run: counts and CPC time per move by level, the stages the search levels
//! answered from, every mismatch (the first ones kept in full), the summary table, the JSON
//! form, and the commands that reproduce a mismatch.

use othello_engine::board::Color;
use othello_engine::notation::{color_char, square_name, to_board_string};
use serde_json::{json, Value};

use super::check::{PositionOutcome, Stopped};
use super::game::{plies_text, thought_us, GameOutcome};
use super::mame_game::{MameOutcome, TableRam};
use super::{Config, Levels, Mismatch, MismatchKind};
use cpc_game::stage::{StageCounts, STAGE_EXACT, STAGE_WLD};

/// One MAME game of a report.
#[derive(Clone, Debug)]
pub struct MameRow {
    /// The machine (`cpc6128`, `cpc464-ddi1`).
    pub machine: String,
    /// The game's setup, as text.
    pub game: String,
    /// Plies of the reference's game.
    pub plies: usize,
    /// Emulated frames.
    pub frames: u32,
    /// Wall-clock seconds.
    pub wall_seconds: f64,
    /// Where the program kept its transposition table (`tt_bank`, read at the end).
    pub table: Option<&'static str>,
    /// The final screenshot.
    pub screenshot: Option<String>,
}
/// Mismatches kept in full (the count goes on).
pub const KEPT: usize = 100;

/// What one level gave.
#[derive(Clone, Debug, Default)]
pub struct LevelReport {
    /// The level.
    pub level: u8,
    /// Positions whose `ai_entry` answer was compared.
    pub positions: usize,
    /// Games played through the user interface.
    pub games: usize,
    /// Games played in MAME.
    pub mame_games: usize,
    /// Differences at this level (positions and games).
    pub mismatches: usize,
    /// CPC µs per move: `ai_entry` calls that chose a move, and the program's thinking time
    /// in games.
    pub move_us: Vec<u64>,
    /// The stages the answers came from (positions and the computer's moves in games), at
    /// the search levels.
    pub stages: StageCounts,
    /// The level's time budget, CPC minutes a side per game (0: none).
    pub budget: u8,
    /// CPC µs the computer thought in its longest game (its side's time in `ST_THINKING`),
    /// if a game was played.
    pub worst_game_us: Option<u64>,
}

impl LevelReport {
    /// (min, median, max) CPC seconds per move, if any move was timed.
    #[must_use]
    pub fn seconds_per_move(&self) -> Option<(f64, f64, f64)> {
        let mut t = self.move_us.clone();
        if t.is_empty() {
            return None;
        }
        t.sort_unstable();
        let s = |us: u64| us as f64 / 1e6;
        Some((s(t[0]), s(t[t.len() / 2]), s(t[t.len() - 1])))
    }

    /// The worst game side in CPC minutes, with the budget: `12.3 (budget 25)`, `0.4`, `-`.
    #[must_use]
    pub fn worst_game_text(&self) -> String {
        match (self.worst_game_us, self.budget) {
            (None, _) => "-".into(),
            (Some(us), 0) => format!("{:.1}", us as f64 / 6e7),
            (Some(us), b) => format!("{:.1} (budget {b})", us as f64 / 6e7),
        }
    }
}

/// A whole run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The levels checked.
    pub levels: Vec<LevelReport>,
    /// Levels of the weights file the program answers `&FE` for.
    pub not_implemented: Vec<u8>,
    /// True when the levels were listed (an unimplemented one then fails the run).
    pub levels_listed: bool,
    /// Positions checked.
    pub positions: usize,
    /// Rule differences (`gen_legal`, `play_move`).
    pub rule_mismatches: usize,
    /// The first [`KEPT`] mismatches: positions in order, then games, then MAME games.
    pub mismatches: Vec<Mismatch>,
    /// All mismatches.
    pub mismatch_count: usize,
    /// Host seconds of the positions.
    pub position_seconds: f64,
    /// Host seconds of the games.
    pub game_seconds: f64,
    /// The games through the user interface that ended: (setup text, plies, final score).
    pub finished_games: Vec<(String, usize, (u8, u8))>,
    /// The MAME games.
    pub mame: Vec<MameRow>,
    /// Levels with a budget, left out of the MAME games (the computer plays by its clock, so
    /// its moves cannot be typed in advance).
    pub mame_skipped: Vec<u8>,
    /// The first [`KEPT`] answers stopped before any stage was complete (legal moves, not
    /// mismatches, but a time limit too short for the program).
    pub stopped: Vec<Stopped>,
    /// All such answers.
    pub stopped_count: usize,
    /// The run's seed.
    pub seed: u64,
}

impl Report {
    /// An empty report for a run of `levels`.
    #[must_use]
    pub fn new(levels: &[u8], not_implemented: Vec<u8>, config: &Config) -> Report {
        Report {
            levels: levels
                .iter()
                .map(|&level| LevelReport {
                    level,
                    ..LevelReport::default()
                })
                .collect(),
            not_implemented,
            levels_listed: matches!(config.levels, Levels::List(_)),
            seed: config.seed,
            ..Report::default()
        }
    }

    fn level_mut(&mut self, level: Option<u8>) -> Option<&mut LevelReport> {
        self.levels.iter_mut().find(|l| Some(l.level) == level)
    }

    fn add_mismatch(&mut self, m: Mismatch) {
        match m.kind {
            MismatchKind::Legal | MismatchKind::PlayMove => self.rule_mismatches += 1,
            _ => {
                if let Some(l) = self.level_mut(m.level) {
                    l.mismatches += 1;
                }
            }
        }
        self.mismatch_count += 1;
        if self.mismatches.len() < KEPT {
            self.mismatches.push(m);
        }
    }

    /// Adds a checked position.
    pub fn add_position(&mut self, outcome: PositionOutcome) {
        self.positions += 1;
        for &level in &outcome.levels {
            if let Some(l) = self.level_mut(Some(level)) {
                l.positions += 1;
            }
        }
        for (level, us) in outcome.ai_us {
            if let Some(l) = self.level_mut(Some(level)) {
                l.move_us.push(us);
            }
        }
        for (level, stage, pass) in outcome.stages {
            if level >= othello_engine::levels::FIRST_SEARCH_LEVEL {
                if let Some(l) = self.level_mut(Some(level)) {
                    l.stages.add(stage, pass);
                }
            }
        }
        for s in outcome.stopped {
            self.stopped_count += 1;
            if self.stopped.len() < KEPT {
                self.stopped.push(s);
            }
        }
        for m in outcome.mismatches {
            self.add_mismatch(m);
        }
    }

    /// Adds a game played through the user interface.
    pub fn add_game(&mut self, outcome: GameOutcome) {
        let thought = thought_us(&outcome);
        if let Some(l) = self.level_mut(Some(outcome.setup.level)) {
            l.games += 1;
            l.move_us.extend(&outcome.think_us);
            if l.level >= othello_engine::levels::FIRST_SEARCH_LEVEL {
                l.stages.merge(&outcome.stages);
            }
            l.worst_game_us = Some(l.worst_game_us.unwrap_or(0).max(thought));
        }
        if let Some(score) = outcome.final_score {
            self.finished_games
                .push((outcome.setup.to_string(), outcome.plies.len(), score));
        }
        if let Some(m) = outcome.mismatch {
            self.add_mismatch(m);
        }
    }

    /// Adds a game played in MAME.
    pub fn add_mame(&mut self, outcome: MameOutcome) {
        if let Some(l) = self.level_mut(Some(outcome.setup.level)) {
            l.mame_games += 1;
        }
        self.mame.push(MameRow {
            machine: outcome.machine.name().to_string(),
            game: outcome.setup.to_string(),
            plies: outcome.plies,
            frames: outcome.frames,
            wall_seconds: outcome.wall.as_secs_f64(),
            table: outcome.table.map(TableRam::name),
            screenshot: outcome.screenshot.map(|p| p.display().to_string()),
        });
        if let Some(m) = outcome.mismatch {
            self.add_mismatch(m);
        }
    }

    /// True when nothing differs and every level asked for was checked.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.mismatch_count == 0 && (!self.levels_listed || self.not_implemented.is_empty())
    }

    /// The first mismatch (positions in suite order first, then games, then MAME).
    #[must_use]
    pub fn first_mismatch(&self) -> Option<&Mismatch> {
        self.mismatches.first()
    }

    /// Positions per host second (all levels and the rules of each position).
    #[must_use]
    pub fn positions_per_second(&self) -> f64 {
        if self.position_seconds > 0.0 {
            self.positions as f64 / self.position_seconds
        } else {
            0.0
        }
    }

    /// The summary as a Markdown table.
    #[must_use]
    pub fn table(&self) -> String {
        let mame = !self.mame.is_empty();
        let mut out = String::new();
        out.push_str("| level | positions | games |");
        if mame {
            out.push_str(" MAME games |");
        }
        out.push_str(
            " mismatches | CPC s/move min | median | max | stages | worst game side, CPC min |\n|---|---|---|",
        );
        if mame {
            out.push_str("---|");
        }
        out.push_str("---|---|---|---|---|---|\n");
        for l in &self.levels {
            let times = l.seconds_per_move().map_or_else(
                || "- | - | -".to_string(),
                |(a, b, c)| format!("{a:.4} | {b:.4} | {c:.4}"),
            );
            out.push_str(&format!("| {} | {} | {} |", l.level, l.positions, l.games));
            if mame {
                out.push_str(&format!(" {} |", l.mame_games));
            }
            out.push_str(&format!(
                " {} | {times} | {} | {} |\n",
                l.mismatches,
                l.stages.text(),
                l.worst_game_text()
            ));
        }
        for level in &self.not_implemented {
            out.push_str(&format!(
                "| {level} | not implemented in the Z80 program (ai_entry answers &FE) |\n"
            ));
        }
        out.push_str(&format!(
            "| rules (gen_legal, play_move) | {} | - |{} {} | - | - | - | - | - |\n",
            self.positions,
            if mame { " - |" } else { "" },
            self.rule_mismatches
        ));
        out
    }

    /// The report as JSON; `command` is the command line of the run.
    #[must_use]
    pub fn json(&self, command: &str, threads: usize) -> Value {
        let levels: Vec<Value> = self
            .levels
            .iter()
            .map(|l| {
                let t = l.seconds_per_move();
                json!({
                    "level": l.level,
                    "positions": l.positions,
                    "games": l.games,
                    "mame_games": l.mame_games,
                    "mismatches": l.mismatches,
                    "moves_timed": l.move_us.len(),
                    "cpc_seconds_per_move": t.map(|(a, b, c)| json!({"min": a, "median": b, "max": c})),
                    "stages": (l.level >= othello_engine::levels::FIRST_SEARCH_LEVEL)
                        .then(|| l.stages.json()),
                    "budget_minutes": l.budget,
                    "worst_game_side_cpc_seconds": l.worst_game_us.map(|us| us as f64 / 1e6),
                })
            })
            .collect();
        let mismatches: Vec<Value> = self.mismatches.iter().map(mismatch_json).collect();
        json!({
            "command": command,
            "passed": self.passed(),
            "seed": self.seed,
            "threads": threads,
            "positions": self.positions,
            "position_seconds": self.position_seconds,
            "positions_per_second": self.positions_per_second(),
            "game_seconds": self.game_seconds,
            "levels": levels,
            "not_implemented_in_the_z80_program": self.not_implemented,
            "rule_mismatches": self.rule_mismatches,
            "mismatch_count": self.mismatch_count,
            "mismatches": mismatches,
            "games": self.finished_games.iter().map(|(g, plies, (b, w))| json!({
                "game": g, "plies": plies, "final_black": b, "final_white": w,
            })).collect::<Vec<_>>(),
            "mame_games": self.mame.iter().map(|r| json!({
                "machine": r.machine, "game": r.game, "plies": r.plies, "frames": r.frames,
                "wall_seconds": r.wall_seconds, "table": r.table, "screenshot": r.screenshot,
            })).collect::<Vec<_>>(),
            "mame_skipped_levels": self.mame_skipped,
            "stopped_count": self.stopped_count,
            "stopped": self.stopped.iter().map(stopped_json).collect::<Vec<_>>(),
        })
    }
}

fn mismatch_json(m: &Mismatch) -> Value {
    json!({
        "kind": m.kind.name(),
        "level": m.level,
        "origin": m.origin,
        "board": to_board_string(&m.board),
        "to_move": color_char(m.board.to_move).to_string(),
        "z80": m.z80,
        "reference": m.reference,
        "game": m.game.map(|g| g + 1),
        "moves": if m.moves.is_empty() { Value::Null } else { json!(plies_text(&m.moves)) },
        "stage": m.stage,
        "ai_time": m.ai_time,
    })
}

fn stopped_json(s: &Stopped) -> Value {
    json!({
        "level": s.level,
        "origin": s.origin,
        "board": to_board_string(&s.board),
        "to_move": color_char(s.board.to_move).to_string(),
        "ai_time": s.ai_time,
        "move": square_name(s.mv),
        "cpc_seconds": s.us as f64 / 1e6,
    })
}

/// A stopped answer as the summary writes it, with the command that shows it again.
#[must_use]
pub fn stopped_text(s: &Stopped, how: &Invocation) -> String {
    let side = color_char(s.board.to_move);
    format!(
        "level {} on {} ({}): {} after {:.1} CPC s with ai_time {} s\n    {} --levels {} --board {} --to-move {side} --time {}",
        s.level,
        othello_engine::notation::to_position_string(&s.board),
        s.origin,
        square_name(s.mv),
        s.us as f64 / 1e6,
        s.ai_time,
        how.verify,
        s.level,
        to_board_string(&s.board),
        s.ai_time
    )
}

/// How the run was invoked, for the commands that reproduce a mismatch.
#[derive(Clone, Debug)]
pub struct Invocation {
    /// `cpc-othello verify` with the options that choose the program and weights
    /// (`--weights F`, `--program P --symbols S`), without the checks.
    pub verify: String,
    /// ` --weights F` for `engine best`, or empty for the default weights.
    pub engine_weights: String,
    /// The run's positions count.
    pub positions: usize,
    /// The run's seed.
    pub seed: u64,
    /// The run's other options that choose what a position check does, each with a leading
    /// space (` --deep-positions 100`, ` --time 300`), or empty.
    pub options: String,
}

/// Commands that show the mismatch again: the reference's answer for the position, and a
/// `verify` run that meets it.
#[must_use]
pub fn reproduce(m: &Mismatch, how: &Invocation) -> Vec<String> {
    let board = to_board_string(&m.board);
    let side = match m.board.to_move {
        Color::Black => 'X',
        Color::White => 'O',
    };
    let position = format!("--board {board} --to-move {side}");
    let level = m.level.unwrap_or(1);
    let engine = format!(
        "cpc-othello engine best {position} --level {level}{}",
        how.engine_weights
    );
    let v = &how.verify;
    let seed = how.seed;
    let opts = &how.options;
    // The reference at the stage compared: `engine best` gives the level's answer (its final
    // stage), `engine solve` the exact endgame, `engine best --depth D` a depth-limited stage,
    // `engine best --wld D` the win/loss/draw check after one.
    let engine: Vec<String> = match m.stage {
        None => vec![engine],
        Some(STAGE_EXACT) => vec![format!("cpc-othello engine solve {position}")],
        Some(wld @ 0xE1..=0xEC) => vec![format!(
            "cpc-othello engine best {position} --level {level} --wld {}{}",
            wld - STAGE_WLD,
            how.engine_weights
        )],
        Some(depth) => vec![format!(
            "cpc-othello engine best {position} --level {level} --depth {depth}{}",
            how.engine_weights
        )],
    };
    match m.kind {
        MismatchKind::Ai => {
            let mut v2 = engine;
            let time = m
                .ai_time
                .map_or_else(String::new, |t| format!(" --time {t}"));
            v2.push(format!("{v} --levels {level} {position}{time}"));
            v2.push(format!(
                "{v} --levels {level} --positions {} --games 0 --seed {seed}{opts}",
                how.positions
            ));
            v2
        }
        MismatchKind::Legal | MismatchKind::PlayMove => vec![
            format!("{v} --levels 1 {position}"),
            format!(
                "{v} --levels 1 --positions {} --games 0 --seed {seed}",
                how.positions
            ),
        ],
        MismatchKind::Game | MismatchKind::Budget => {
            let mut v2 = engine;
            v2.push(format!(
                "{v} --levels {level} --positions 0 --games {} --seed {seed}",
                m.game.unwrap_or(0) + 1
            ));
            v2
        }
        MismatchKind::Mame => {
            let mut v2 = engine;
            v2.push(format!(
                "{v} --levels {level} --positions 0 --games 0 --mame --mame-games {} --seed {seed}",
                m.game.unwrap_or(0) + 1
            ));
            v2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_engine::board::Board;

    fn mismatch(kind: MismatchKind, level: Option<u8>) -> Mismatch {
        Mismatch {
            kind,
            level,
            origin: "test".into(),
            board: Board::start(),
            z80: "d3".into(),
            reference: "c4".into(),
            game: Some(4),
            moves: Vec::new(),
            stage: None,
            ai_time: None,
        }
    }

    fn report(levels: &[u8], not_implemented: Vec<u8>, listed: bool) -> Report {
        let config = Config {
            levels: if listed {
                Levels::List(levels.to_vec())
            } else {
                Levels::All
            },
            positions: 0,
            games: 0,
            seed: 9,
            ffo: Vec::new(),
            given: None,
            mame: None,
            deep_positions: None,
            time: None,
        };
        Report::new(levels, not_implemented, &config)
    }

    #[test]
    fn unplayed_levels_fail_only_when_asked_for() {
        let all = report(&[1, 2], vec![3, 4], false);
        assert!(all.passed());
        assert!(all
            .table()
            .contains("| 3 | not implemented in the Z80 program (ai_entry answers &FE) |"));
        assert!(!report(&[1], vec![3], true).passed());
        assert!(report(&[1, 2], Vec::new(), true).passed());
    }

    #[test]
    fn mismatches_are_counted_by_level_and_the_first_is_kept() {
        let mut r = report(&[1, 2], Vec::new(), true);
        r.add_position(PositionOutcome {
            levels: vec![1, 2],
            mismatches: vec![
                mismatch(MismatchKind::Ai, Some(2)),
                mismatch(MismatchKind::Legal, None),
            ],
            ai_us: vec![(1, 5000), (2, 9000), (2, 1000), (2, 3000)],
            ..PositionOutcome::default()
        });
        assert!(!r.passed());
        assert_eq!(r.mismatch_count, 2);
        assert_eq!((r.levels[0].mismatches, r.levels[1].mismatches), (0, 1));
        assert_eq!(r.rule_mismatches, 1);
        assert_eq!(r.first_mismatch().unwrap().level, Some(2));
        assert_eq!(r.levels[1].seconds_per_move(), Some((0.001, 0.003, 0.009)));
        assert!(r
            .table()
            .contains("| 2 | 1 | 0 | 1 | 0.0010 | 0.0030 | 0.0090 |"));
        let json = r.json("cpc-othello verify", 2);
        assert_eq!(json["mismatch_count"], 2);
        assert_eq!(json["mismatches"][0]["kind"], "ai_entry");
        assert_eq!(json["mismatches"][0]["game"], 5);
    }

    #[test]
    fn reproduce_commands_name_the_position_level_and_run() {
        let how = Invocation {
            verify: "cpc-othello verify --weights w.toml".into(),
            engine_weights: " --weights w.toml".into(),
            positions: 500,
            seed: 42,
            options: String::new(),
        };
        let start = "---------------------------OX------XO---------------------------";
        let ai = reproduce(&mismatch(MismatchKind::Ai, Some(2)), &how);
        assert_eq!(
            ai[0],
            format!(
                "cpc-othello engine best --board {start} --to-move X --level 2 --weights w.toml"
            )
        );
        assert_eq!(
            ai[1],
            format!("cpc-othello verify --weights w.toml --levels 2 --board {start} --to-move X")
        );
        assert_eq!(
            ai[2],
            "cpc-othello verify --weights w.toml --levels 2 --positions 500 --games 0 --seed 42"
        );
        let game = reproduce(&mismatch(MismatchKind::Game, Some(1)), &how);
        assert_eq!(
            game[1],
            "cpc-othello verify --weights w.toml --levels 1 --positions 0 --games 5 --seed 42"
        );
        let mame = reproduce(&mismatch(MismatchKind::Mame, Some(1)), &how);
        assert!(
            mame[1].ends_with("--mame --mame-games 5 --seed 42"),
            "{}",
            mame[1]
        );

        // With a time limit: the stage's reference (`best --depth` for a depth, `solve` for
        // the exact endgame) and the same ai_time; the run's other options on the suite's line.
        let how = Invocation {
            options: " --deep-positions 40".into(),
            ..how
        };
        let timed = |stage| Mismatch {
            stage: Some(stage),
            ai_time: Some(350),
            ..mismatch(MismatchKind::Ai, Some(7))
        };
        let depth = reproduce(&timed(4), &how);
        assert_eq!(
            depth,
            [
                format!(
                    "cpc-othello engine best --board {start} --to-move X --level 7 --depth 4 --weights w.toml"
                ),
                format!(
                    "cpc-othello verify --weights w.toml --levels 7 --board {start} --to-move X \
                     --time 350"
                ),
                "cpc-othello verify --weights w.toml --levels 7 --positions 500 --games 0 \
                 --seed 42 --deep-positions 40"
                    .to_string()
            ]
        );
        let exact = reproduce(&timed(STAGE_EXACT), &how);
        assert_eq!(
            exact[0],
            format!("cpc-othello engine solve --board {start} --to-move X")
        );
        let wld = reproduce(&timed(STAGE_WLD + 6), &how);
        assert_eq!(
            wld[0],
            format!(
                "cpc-othello engine best --board {start} --to-move X --level 7 --wld 6 --weights w.toml"
            )
        );
        let budget = reproduce(&mismatch(MismatchKind::Budget, Some(7)), &how);
        assert!(budget[1].ends_with("--levels 7 --positions 0 --games 5 --seed 42"));
    }

    #[test]
    fn stages_budgets_and_stopped_answers_are_reported() {
        let mut r = report(&[2, 7], Vec::new(), true);
        r.levels[1].budget = 25;
        let board = Board::start();
        r.add_position(PositionOutcome {
            levels: vec![2, 7],
            stages: vec![(2, 0, false), (7, 8, false), (7, 0xFF, false), (7, 0, true)],
            stopped: vec![Stopped {
                level: 7,
                origin: "test".into(),
                board,
                ai_time: 3,
                mv: 19,
                us: 1_500_000,
            }],
            ..PositionOutcome::default()
        });
        let mut one = StageCounts::default();
        one.add(6, false);
        r.levels[1].stages.merge(&one);
        r.levels[1].worst_game_us = Some(90_000_000);
        assert!(r.passed(), "a stopped answer is no mismatch");
        assert_eq!(r.stopped_count, 1);
        let table = r.table();
        assert!(
            table.contains("| max | stages | worst game side, CPC min |"),
            "{table}"
        );
        assert!(
            table.contains(
                "| 7 | 1 | 0 | 0 | - | - | - | d6 1, d8 1, exact 1, pass 1 | 1.5 (budget 25) |"
            ),
            "{table}"
        );
        assert!(
            table.contains("| 2 | 1 | 0 | 0 | - | - | - | - | - |"),
            "{table}"
        );
        let json = r.json("cmd", 1);
        assert_eq!(json["levels"][1]["stages"]["d8"], 1);
        assert_eq!(json["levels"][1]["budget_minutes"], 25);
        assert_eq!(json["levels"][1]["worst_game_side_cpc_seconds"], 90.0);
        assert_eq!(json["stopped_count"], 1);
        assert_eq!(json["stopped"][0]["move"], "d3");
        let how = Invocation {
            verify: "cpc-othello verify".into(),
            engine_weights: String::new(),
            positions: 1,
            seed: 1,
            options: String::new(),
        };
        let text = stopped_text(&r.stopped[0], &how);
        assert!(text.ends_with("--to-move X --time 3"), "{text}");
    }
}
