//! Whole games through the program's own user interface in the bundled emulator: the
//! program starts as after `RUN"`, the level and colour are set in its menu (ESC, L, C),
//! the human side's moves go in with SPACE and ENTER/RETURN on the emulated keyboard, and
//! after every wait for a key the game record, the board and the side to move are compared
//! with the reference engine's game: every computer move must be the reference's choice,
//! every forced pass announced, the game must end when the reference's does, with its WOF
//! final score and winner. Only the memory interface of docs/architecture.md is read.
//!
//! The computer's move is compared at the stage its `ai_entry` reported (`ai_depth`, read as
//! the program leaves `ST_THINKING`): at a level without a budget that must be the level's
//! final stage, so the move is `best_move`'s; at a level with a budget the game passes the
//! computer what is left of it and the move may come from a shallower stage
//! ([`cpc_game::stage`]). There the computer's thinking time over the game (CPC time in
//! `ST_THINKING`) must stay within the budget.

use std::collections::VecDeque;

use cpc_emu::{Cpc, CpcKey};
use othello_engine::board::{squares, Board, Color};
use othello_engine::weights::Weights;

use super::check::move_text;
use super::game_plan::{GameSetup, Human, PLY_PASS};
use super::{DriverError, Mismatch, MismatchKind, VerifyError};
use cpc_game::driver::ui::{press_key, UiAddrs};
use cpc_game::driver::{board_from_bytes, side_code};
use cpc_game::stage::{self, stage_name, Expected, StageCounts};
use cpc_game::Image;

/// CPC time allowed until the program waits for a key again at levels 1 and 2 (a level 2
/// move takes well under a second, a move with its flip animation a few tenths more).
pub const SETTLE_LIMIT_US: u64 = 30_000_000;

/// CPC time allowed until the program waits for a key again at `level` (a deep search
/// level may think for minutes).
#[must_use]
pub fn settle_limit_us(level: u8) -> u64 {
    SETTLE_LIMIT_US.max(super::call_limit_us(level))
}

/// What a game gave.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// The game.
    pub setup: GameSetup,
    /// The plies the program played (and recorded) that agreed with the reference.
    pub plies: Vec<u8>,
    /// The first difference, if any (the game stops there).
    pub mismatch: Option<Mismatch>,
    /// CPC µs the program spent in `ST_THINKING` for each of its moves.
    pub think_us: Vec<u64>,
    /// The stages of the computer's moves that were compared.
    pub stages: StageCounts,
    /// CPC time of the whole game, start-up included.
    pub cpc_us: u64,
    /// The WOF final score (black, white) the program showed, if the game ended.
    pub final_score: Option<(u8, u8)>,
}

/// A game being played: the machine, the reference's view of it, and what was seen.
struct Driver<'a> {
    cpc: Cpc,
    ui: UiAddrs,
    setup: &'a GameSetup,
    weights: &'a Weights,
    board: Board,
    plies: Vec<u8>,
    think_us: Vec<u64>,
    /// The stage of each computer move seen leaving `ST_THINKING`, not yet matched with a
    /// ply of the record.
    pending_stages: VecDeque<u8>,
    stages: StageCounts,
}

/// Why a game stopped early: a difference, or the run must end.
enum Stop {
    Mismatch(Box<Mismatch>),
    Error(VerifyError),
}

impl From<VerifyError> for Stop {
    fn from(e: VerifyError) -> Stop {
        Stop::Error(e)
    }
}

impl From<DriverError> for Stop {
    fn from(e: DriverError) -> Stop {
        Stop::Error(e.into())
    }
}

impl Driver<'_> {
    fn byte(&self, addr: u16) -> u8 {
        self.cpc.peek(addr)
    }

    fn state(&self) -> u8 {
        self.byte(self.ui.state)
    }

    /// A difference at the current position, the game so far attached.
    fn mismatch(&self, z80: String, reference: String) -> Stop {
        Stop::Mismatch(Box::new(self.record(z80, reference)))
    }

    /// The record of a difference at the current position ([`Driver::mismatch`]).
    fn record(&self, z80: String, reference: String) -> Mismatch {
        Mismatch {
            kind: MismatchKind::Game,
            level: Some(self.setup.level),
            origin: format!("{}, after {} plies", self.setup, self.plies.len()),
            board: self.board,
            z80,
            reference,
            game: Some(self.setup.index),
            moves: self.plies.clone(),
            stage: None,
            ai_time: None,
        }
    }

    /// The stage of the computer's last move: as `settle` saw it when the move was chosen,
    /// else [`Driver::ai_depth`].
    fn next_stage(&mut self) -> u8 {
        match (self.pending_stages.pop_front(), self.ui.ai_depth) {
            (Some(stage), Some(_)) => stage,
            _ => self.ai_depth(),
        }
    }

    /// `ai_depth` now; for a program without it (an older build), the stage the level
    /// reports without a time limit.
    fn ai_depth(&self) -> u8 {
        match self.ui.ai_depth {
            Some(a) => self.byte(a),
            None => stage::untimed_byte(&self.board, self.setup.level, self.weights),
        }
    }

    /// True when the computer plays with a time limit: the level has a budget (the games of
    /// `verify` have no chess clocks).
    fn timed(&self) -> bool {
        stage::budget_minutes(self.weights, self.setup.level) > 0
    }

    /// The reference's move for the computer's move reported at `stage`, or why that stage
    /// is not one the level may report.
    fn reference_at(&self, stage: u8) -> Result<Option<u8>, String> {
        match stage::expected(
            &self.board,
            self.setup.level,
            self.weights,
            self.timed(),
            stage,
        )? {
            Expected::Answer(r) => Ok(r.best_move),
            Expected::Stopped => {
                Err("a stage complete: the computer stopped before any (ai_depth &FE)".into())
            }
        }
    }

    /// Runs until the program waits for a key, timing each stay in `ST_THINKING`. `ui_state`
    /// and `ui_ready` change only by writes: where they are neighbours (every build since
    /// the write watch), the run stops at each write to them instead of reading both after
    /// every instruction, and sees each change after the same instruction. (Already waiting,
    /// the program writes neither: then one instruction is run and read, as before.)
    fn settle(&mut self) -> Result<(), Stop> {
        let ui = self.ui;
        let limit = settle_limit_us(self.setup.level);
        let watched = ui.state.abs_diff(ui.ready) == 1
            && self.byte(ui.ready) != 1
            && self.cpc.watch_writes_span(ui.state.min(ui.ready), 2);
        let mut prev = self.state();
        let start = self.cpc.time_us();
        let mut since = start;
        let mut met = false;
        while !met {
            let left = (start + limit).saturating_sub(self.cpc.time_us());
            let out = if watched {
                self.cpc.run_watching(left)
            } else {
                self.cpc
                    .run_until(left, |m| m.peek(ui.state) != prev || m.peek(ui.ready) == 1)
            }
            .map_err(|e| DriverError::Emulator(e.to_string()))?;
            if !out.met() {
                break;
            }
            let s = self.state();
            if s != prev {
                if s == ui.st_thinking {
                    since = self.cpc.time_us();
                } else if prev == ui.st_thinking {
                    // ai_depth as the call that chose the move left it.
                    let depth = ui.ai_depth.map_or(0, |a| self.byte(a));
                    self.think_us.push(self.cpc.time_us() - since);
                    self.pending_stages.push_back(depth);
                }
                prev = s;
            }
            met = self.byte(ui.ready) == 1;
        }
        if watched {
            self.cpc.watch_writes(None);
        }
        if !met {
            return Err(self.mismatch(
                format!(
                    "no wait for a key within {} s of CPC time (ui_state {}, pc &{:04X})",
                    limit / 1_000_000,
                    self.state(),
                    self.cpc.pc()
                ),
                "a wait for a key".into(),
            ));
        }
        Ok(())
    }

    /// Presses `key` while the program waits, holds it until taken, releases it, lets one
    /// keyboard scan see the release, then runs until the next wait.
    fn key(&mut self, key: CpcKey) -> Result<(), Stop> {
        if !press_key(&mut self.cpc, &self.ui, key)? {
            return Err(self.mismatch(
                format!("{key:?} not taken (ui_state {})", self.state()),
                "the key taken".into(),
            ));
        }
        self.settle()
    }

    /// Sets the level and the colour of the keys through the menu.
    fn choose_settings(&mut self) -> Result<(), Stop> {
        let (level, human) = (self.setup.level, self.setup.human);
        if self.byte(self.ui.level) == level && self.byte(self.ui.human_colour) == side_code(human)
        {
            return Ok(());
        }
        self.key(CpcKey::Esc)?;
        if self.state() != self.ui.st_menu {
            return Err(self.mismatch(
                format!("ui_state {} after ESC", self.state()),
                format!("ST_MENU ({})", self.ui.st_menu),
            ));
        }
        // L steps through the levels the program plays, wrapping to 1.
        for _ in 0..8 {
            if self.byte(self.ui.level) == level {
                break;
            }
            self.key(CpcKey::L)?;
        }
        if self.byte(self.ui.human_colour) != side_code(human) {
            self.key(CpcKey::C)?;
        }
        let got = (self.byte(self.ui.level), self.byte(self.ui.human_colour));
        if got != (level, side_code(human)) {
            return Err(self.mismatch(
                format!("menu set level {} colour {}", got.0, got.1),
                format!("level {level} colour {}", side_code(human)),
            ));
        }
        self.key(CpcKey::Esc)
    }

    /// Checks the plies recorded since the last look against the reference, playing them
    /// on the reference board. `pending`: the move the keys just played.
    fn take_new_plies(&mut self, pending: &mut Option<u8>) -> Result<(), Stop> {
        let n = usize::from(self.byte(self.ui.record_count));
        let record = self.cpc.read_bytes(self.ui.record_list, n);
        if record.len() < self.plies.len() || record[..self.plies.len()] != self.plies[..] {
            return Err(self.mismatch(
                format!("record_list {}", plies_text(&record)),
                format!("a record starting {}", plies_text(&self.plies)),
            ));
        }
        for &ply in &record[self.plies.len()..] {
            let human = self.board.to_move == self.setup.human;
            let (want, who) = if self.board.must_pass() {
                (PLY_PASS, "a pass")
            } else if human {
                match pending.take() {
                    Some(mv) => (mv, "the keys' move"),
                    None => {
                        return Err(self.mismatch(
                            format!("{} recorded for the human side", move_text(ply)),
                            "no move before ENTER".into(),
                        ))
                    }
                }
            } else {
                let stage = self.next_stage();
                let want = match self.reference_at(stage) {
                    Ok(mv) => mv.unwrap_or(PLY_PASS),
                    Err(why) => {
                        return Err(self.mismatch(
                            format!("plays {} (stage {})", move_text(ply), stage_name(stage)),
                            format!("a stage level {} may report: {why}", self.setup.level),
                        ))
                    }
                };
                self.stages.add(stage, false);
                if ply != want {
                    let mut m = self.record(
                        format!("plays {} (stage {})", move_text(ply), stage_name(stage)),
                        format!(
                            "the computer's move at stage {}: {}",
                            stage_name(stage),
                            move_text(want)
                        ),
                    );
                    // With a time limit the reference is that stage's, not best_move.
                    m.stage = self.timed().then_some(stage);
                    return Err(Stop::Mismatch(Box::new(m)));
                }
                (want, "the computer's move")
            };
            if ply != want {
                return Err(self.mismatch(
                    format!("plays {}", move_text(ply)),
                    format!("{who}: {}", move_text(want)),
                ));
            }
            if ply == PLY_PASS {
                self.board.pass();
            } else {
                self.board.play(ply);
            }
            self.plies.push(ply);
        }
        if let Some(mv) = pending {
            return Err(self.mismatch(
                "the move under the cursor not played".into(),
                format!("{} played", move_text(*mv)),
            ));
        }
        Ok(())
    }

    /// The board and side to move in memory against the reference's.
    fn check_board(&self) -> Result<(), Stop> {
        let side = match self.byte(self.ui.side) {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        };
        let bytes = self.cpc.read_bytes(self.ui.board, 64);
        let shown = side.and_then(|c| board_from_bytes(&bytes, c));
        if shown != Some(self.board) {
            return Err(self.mismatch(
                format!(
                    "game_board {} side_to_move {}",
                    super::check::bytes_text(&bytes),
                    self.byte(self.ui.side)
                ),
                format!(
                    "{} side {}",
                    othello_engine::notation::to_board_string(&self.board),
                    side_code(self.board.to_move)
                ),
            ));
        }
        Ok(())
    }

    /// The human's turn: the legal list and the SPACE cycle against the reference, then
    /// ENTER or RETURN on the chosen move.
    fn human_turn(&mut self, human: &mut Human, pending: &mut Option<u8>) -> Result<(), Stop> {
        if self.board.to_move != self.setup.human || self.board.must_pass() {
            return Err(self.mismatch(
                "waits for the human's move".into(),
                "not the human's turn".into(),
            ));
        }
        let legal: Vec<u8> = squares(self.board.legal_moves()).collect();
        let n = usize::from(self.byte(self.ui.legal_count));
        let listed = self.cpc.read_bytes(self.ui.legal_list, n);
        if listed != legal {
            return Err(self.mismatch(
                format!("legal_list {}", plies_text(&listed)),
                plies_text(&legal),
            ));
        }
        let choice = human.choose(&self.board, self.weights);
        let target = legal.iter().position(|&s| s == choice).unwrap_or_default();
        for (i, &want) in legal.iter().enumerate().take(target + 1) {
            let cursor = self.byte(self.ui.cursor);
            if cursor != want {
                return Err(self.mismatch(
                    format!("cursor on {} after {i} SPACE", move_text(cursor)),
                    move_text(want),
                ));
            }
            if i < target {
                self.key(CpcKey::Space)?;
            }
        }
        *pending = Some(choice);
        // Both keys play: alternate them.
        let enter = if self.plies.len() % 4 < 2 {
            CpcKey::Return
        } else {
            CpcKey::Enter
        };
        self.key(enter)
    }

    /// The end: the reference's game must be over, with its WOF score and winner.
    fn game_over(&self) -> Result<(u8, u8), Stop> {
        if !self.board.is_game_over() {
            return Err(self.mismatch("game over".into(), "the game goes on".into()));
        }
        let fs = self.board.final_score();
        let winner = match fs.black.cmp(&fs.white) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 0,
        };
        let got = (
            self.byte(self.ui.final_black),
            self.byte(self.ui.final_white),
            self.byte(self.ui.winner),
            self.byte(self.ui.game_over),
        );
        if got != (fs.black, fs.white, winner, 1) {
            return Err(self.mismatch(
                format!(
                    "final score {}-{}, winner {}, game_over {}",
                    got.0, got.1, got.2, got.3
                ),
                format!(
                    "final score {}-{}, winner {winner}, game_over 1",
                    fs.black, fs.white
                ),
            ));
        }
        Ok((fs.black, fs.white))
    }

    fn play(&mut self) -> Result<(u8, u8), Stop> {
        self.settle()?;
        self.choose_settings()?;
        let mut human = Human::new(self.setup);
        let mut pending = None;
        let mut keys = 0usize;
        loop {
            self.take_new_plies(&mut pending)?;
            self.check_board()?;
            let state = self.state();
            keys += 1;
            if keys > 1000 {
                return Err(self.mismatch("no end after 1000 waits".into(), "a game".into()));
            }
            match state {
                s if s == self.ui.st_human => self.human_turn(&mut human, &mut pending)?,
                s if s == self.ui.st_pass => {
                    if self.plies.last() != Some(&PLY_PASS) {
                        return Err(self.mismatch("announces a pass".into(), "no pass".into()));
                    }
                    let key = if self.plies.len() & 1 == 0 {
                        CpcKey::Space
                    } else {
                        CpcKey::Return
                    };
                    self.key(key)?;
                }
                s if s == self.ui.st_over => return self.game_over(),
                s if s == self.ui.st_error => {
                    let stage = self.next_stage();
                    let want = match self.reference_at(stage) {
                        Ok(mv) => move_text(mv.unwrap_or(PLY_PASS)),
                        Err(why) => why,
                    };
                    return Err(self.mismatch(
                        format!(
                            "stopped with ST_ERROR: its AI chose {}, not a legal move (stage {})",
                            move_text(self.byte(self.ui.ai_move)),
                            stage_name(stage)
                        ),
                        want,
                    ));
                }
                s => {
                    return Err(self.mismatch(
                        format!("waits for a key in ui_state {s}"),
                        "ST_HUMAN, ST_PASS or ST_GAME_OVER".into(),
                    ))
                }
            }
        }
    }
}

/// Plays `setup` through the keys of `image`'s user interface against the reference.
///
/// # Errors
/// [`VerifyError`] when the image lacks an interface symbol or the emulator stops; every
/// difference of the program is a [`GameOutcome::mismatch`] instead.
pub fn play_game(
    image: &Image,
    setup: &GameSetup,
    weights: &Weights,
) -> Result<GameOutcome, VerifyError> {
    let ui = UiAddrs::of(image)?;
    let mut cpc = image.boot()?;
    cpc.set_rendering(false);
    let mut driver = Driver {
        cpc,
        ui,
        setup,
        weights,
        board: Board::start(),
        plies: Vec::new(),
        think_us: Vec::new(),
        pending_stages: VecDeque::new(),
        stages: StageCounts::default(),
    };
    let (mut mismatch, final_score) = match driver.play() {
        Ok(score) => (None, Some(score)),
        Err(Stop::Mismatch(m)) => (Some(*m), None),
        Err(Stop::Error(e)) => return Err(e),
    };
    let budget_us = u64::from(stage::budget_minutes(weights, setup.level)) * 60_000_000;
    let thought: u64 = driver.think_us.iter().sum();
    if mismatch.is_none() && budget_us > 0 && thought > budget_us {
        let mut m = driver.record(
            format!(
                "the computer thought {:.1} CPC s over the game",
                thought as f64 / 1e6
            ),
            format!("at most its budget, {} s", budget_us / 1_000_000),
        );
        m.kind = MismatchKind::Budget;
        mismatch = Some(m);
    }
    Ok(GameOutcome {
        setup: *setup,
        plies: driver.plies,
        mismatch,
        think_us: driver.think_us,
        stages: driver.stages,
        cpc_us: driver.cpc.time_us(),
        final_score,
    })
}

/// CPC µs the computer thought in a game (its side's time in `ST_THINKING`).
#[must_use]
pub fn thought_us(outcome: &GameOutcome) -> u64 {
    outcome.think_us.iter().sum()
}

/// Plies as `d3 c5 pass ...`.
#[must_use]
pub fn plies_text(plies: &[u8]) -> String {
    let v: Vec<String> = plies.iter().map(|&p| move_text(p)).collect();
    format!("[{}]", v.join(" "))
}
