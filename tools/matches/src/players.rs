//! The three kinds of player a match seats, behind one interface the referee drives: the Z80
//! program in the bundled emulator, the reference engine, and a GTP program.
//!
//! At a level with a time budget the Z80 program thinks as in the game: each `ai_entry` call
//! gets `ai_time` = what is left of the side's budget (the level's CPC minutes less the CPC
//! time of its calls so far in this game), on a machine whose program runs (its interrupt
//! handler counts the time down), and reports the stage its answer comes from. The reference
//! engine has no clock: `ref:LEVEL` always plays `best_move`, the level's full search.

use std::time::Duration;

use othello_engine::ai::best_move;
use othello_engine::board::{Board, Color};
use othello_engine::game::{Game, Move};
use othello_engine::notation::{parse_square, square_name};
use othello_engine::weights::Weights;

use super::sides::Side;

use super::gtp_process::{GtpFault, GtpProcess};
use super::spec::EngineSpec;
use cpc_game::driver::call_limit_us;
use cpc_game::driver::{AiAnswer, AI_BAD_INPUT, AI_PASS};
use cpc_game::stage::{budget_minutes, StageCounts};
use cpc_game::{Image, Z80Ai};

/// What a player answered when asked for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A square (0..63); the referee checks that it is legal.
    Square(u8),
    /// A pass.
    Pass,
    /// GTP `resign`.
    Resign,
    /// Something that is no move (a GTP answer such as `Z9`).
    Nonsense(String),
}

/// One answer of the Z80 program in a game: what a developer tuning the time manager needs
/// to see where its clock went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpcAnswer {
    /// Empty squares of the position asked about.
    pub empties: u8,
    /// `ai_time`: the seconds the side had left (0: no limit).
    pub given_s: u16,
    /// CPC µs the call took.
    pub us: u64,
    /// `ai_depth`: the stage the answer comes from ([`cpc_game::stage::stage_label`]);
    /// `None` at levels 1 and 2, which have no stages.
    pub stage: Option<u8>,
    /// The answer was a pass.
    pub pass: bool,
}

/// CPC time the Z80 program spent in `ai_entry` during one game, and the stages of its
/// answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CpcClock {
    /// Moves chosen.
    pub moves: u32,
    /// Total CPC µs.
    pub total_us: u64,
    /// The longest move, CPC µs.
    pub max_us: u64,
    /// The stages (`ai_depth`) of its answers; counted at the search levels only.
    pub stages: StageCounts,
    /// Each answer, in the order asked.
    pub answers: Vec<CpcAnswer>,
}

/// A player as the referee sees it. Errors are messages; the referee adds which game and
/// which side.
pub trait Player {
    /// A name for the report (GTP: the program's answer to `name`).
    fn name(&self) -> String;
    /// A new game from the standard start, after the moves of `opening`.
    ///
    /// # Errors
    /// The player cannot take the position (a GTP program refusing a move, ...).
    fn begin(&mut self, opening: &Game) -> Result<(), String>;
    /// The move for the side to move of `board`, which has a legal move.
    ///
    /// # Errors
    /// The player cannot answer (a crash, a timeout, an emulator error); a wrong answer is
    /// an [`Answer`] that the referee judges.
    fn choose(&mut self, board: &Board) -> Result<Answer, String>;
    /// The opponent (`color`) played `square`.
    ///
    /// # Errors
    /// As [`Player::begin`].
    fn observe(&mut self, color: Color, square: u8) -> Result<(), String>;
    /// The player's own final score text (GTP `final_score`), if it has one.
    fn final_score(&mut self) -> Option<String> {
        None
    }
    /// CPC time spent so far in this game, for the Z80 program.
    fn cpc_clock(&self) -> Option<CpcClock> {
        None
    }
}

/// What players are made from: each engine's weights and Z80 program ([`Side`], the match's
/// weights file unless the engine names its own) and the GTP time limit.
pub struct Workshop {
    /// Engine 0 (`--black`) and engine 1 (`--white`).
    pub sides: [Side; 2],
    /// How long a GTP program may take to answer one command.
    pub gtp_timeout: Duration,
}

impl Workshop {
    /// A fresh player for `spec`, engine `index` (0 or 1) of the match.
    ///
    /// # Errors
    /// A level the weights file does not define or the Z80 program does not play, a GTP
    /// program that does not start or does not speak GTP.
    pub fn player(&self, index: usize, spec: &EngineSpec) -> Result<Box<dyn Player>, String> {
        let side = &self.sides[index];
        Ok(match spec {
            EngineSpec::Z80(level) => {
                let image = side.image.as_ref().ok_or("the Z80 program was not built")?;
                Box::new(Z80Player::new(image, *level, &side.weights)?)
            }
            EngineSpec::Reference(level) => {
                side.weights.require_level(*level)?;
                Box::new(RefPlayer {
                    level: *level,
                    weights: side.weights.clone(),
                })
            }
            EngineSpec::Gtp { program, args } => {
                let process = GtpProcess::spawn(program, args)?;
                Box::new(GtpPlayer::handshake(process, self.gtp_timeout)?)
            }
        })
    }
}

/// The reference engine at a level.
pub struct RefPlayer {
    level: u8,
    weights: Weights,
}

impl Player for RefPlayer {
    fn name(&self) -> String {
        format!("reference engine level {}", self.level)
    }

    fn begin(&mut self, _: &Game) -> Result<(), String> {
        Ok(())
    }

    fn choose(&mut self, board: &Board) -> Result<Answer, String> {
        Ok(best_move(board, self.level, &self.weights)
            .best_move
            .map_or(Answer::Pass, Answer::Square))
    }

    fn observe(&mut self, _: Color, _: u8) -> Result<(), String> {
        Ok(())
    }
}

/// The Z80 program's `ai_entry` at a level, in its own emulated CPC.
pub struct Z80Player {
    ai: Z80Ai,
    level: u8,
    /// The level's budget, CPC seconds a side per game (0: none).
    budget_s: u32,
    clock: CpcClock,
}

impl Z80Player {
    /// Boots `image` and checks that it plays `level` (which `weights` must define); at a
    /// level with a budget, starts the program so that `ai_time` takes effect.
    ///
    /// # Errors
    /// An undefined level, one the program does not play, or an emulator error.
    pub fn new(image: &Image, level: u8, weights: &Weights) -> Result<Z80Player, String> {
        weights.require_level(level)?;
        let mut ai = Z80Ai::new(image).map_err(|e| e.to_string())?;
        ai.limit_us = call_limit_us(level);
        if !ai.plays_level(level).map_err(|e| e.to_string())? {
            return Err(format!(
                "level {level}: the Z80 program does not play it (ai_entry answers &{AI_BAD_INPUT:02X})"
            ));
        }
        let budget_s = u32::from(budget_minutes(weights, level)) * 60;
        if budget_s > 0 {
            ai.start().map_err(|e| e.to_string())?;
        }
        Ok(Z80Player {
            ai,
            level,
            budget_s,
            clock: CpcClock::default(),
        })
    }

    /// The level's budget, CPC seconds a side per game (0: none).
    #[must_use]
    pub fn budget_seconds(&self) -> u32 {
        self.budget_s
    }

    /// The CPC time and stages of this game so far.
    #[must_use]
    pub fn clock(&self) -> &CpcClock {
        &self.clock
    }

    /// A new game: the CPC time and the stages start again from 0.
    pub fn new_game(&mut self) {
        self.clock = CpcClock::default();
    }

    /// `ai_time` from the level's budget: what is left of it this game.
    #[must_use]
    pub fn budget_time(&self) -> u16 {
        budget_left(self.budget_s, self.clock.total_us)
    }

    /// The level's name in GTP's `version`.
    #[must_use]
    pub fn version(&self) -> String {
        format!("{} level {}", env!("CARGO_PKG_VERSION"), self.level)
    }

    /// `ai_entry` for `board` with `ai_time` = `seconds` (0: no limit), timed and counted.
    ///
    /// # Errors
    /// An emulator error, or a call that does not return.
    pub fn ask(&mut self, board: &Board, seconds: u16) -> Result<AiAnswer, String> {
        let answer = self
            .ai
            .ai_timed(board, self.level, seconds)
            .map_err(|e| e.to_string())?;
        self.clock.moves += 1;
        self.clock.total_us += answer.us;
        self.clock.max_us = self.clock.max_us.max(answer.us);
        let searched = self.level >= othello_engine::levels::FIRST_SEARCH_LEVEL;
        let pass = answer.mv == AI_PASS;
        self.clock.answers.push(CpcAnswer {
            empties: board.empties().count_ones() as u8,
            given_s: seconds,
            us: answer.us,
            stage: searched.then_some(answer.depth),
            pass,
        });
        if searched {
            self.clock.stages.add(answer.depth, pass);
        }
        Ok(answer)
    }
}

/// `ai_time` from a level's budget of `budget_s` CPC seconds a side: what is left of it after
/// `used_us` (at least 1 s), or 0 at a level without one.
#[must_use]
pub fn budget_left(budget_s: u32, used_us: u64) -> u16 {
    if budget_s == 0 {
        return 0;
    }
    let left = u64::from(budget_s)
        .saturating_sub(used_us / 1_000_000)
        .max(1);
    u16::try_from(left).unwrap_or(u16::MAX)
}

impl Player for Z80Player {
    fn name(&self) -> String {
        format!("Z80 program level {}", self.level)
    }

    fn begin(&mut self, _: &Game) -> Result<(), String> {
        self.new_game();
        Ok(())
    }

    fn choose(&mut self, board: &Board) -> Result<Answer, String> {
        let seconds = self.budget_time();
        Ok(match self.ask(board, seconds)?.mv {
            AI_PASS => Answer::Pass,
            sq @ 0..=63 => Answer::Square(sq),
            other => Answer::Nonsense(format!("ai_move = &{other:02X}")),
        })
    }

    fn observe(&mut self, _: Color, _: u8) -> Result<(), String> {
        Ok(())
    }

    fn cpc_clock(&self) -> Option<CpcClock> {
        Some(self.clock.clone())
    }
}

/// A GTP program, one process per game.
pub struct GtpPlayer {
    process: GtpProcess,
    name: String,
    timeout: Duration,
}

impl GtpPlayer {
    /// Checks that `process` speaks GTP and plays Othello on 8x8: `protocol_version`,
    /// `name`, `boardsize 8`.
    ///
    /// # Errors
    /// The program's fault, with what it said.
    pub fn handshake(mut process: GtpProcess, timeout: Duration) -> Result<GtpPlayer, String> {
        let text = |f: GtpFault| f.to_string();
        process.send("protocol_version", timeout).map_err(text)?;
        let name = process.send("name", timeout).map_err(text)?;
        process.send("boardsize 8", timeout).map_err(text)?;
        Ok(GtpPlayer {
            process,
            name: name.lines().next().unwrap_or_default().to_string(),
            timeout,
        })
    }

    fn send(&mut self, command: &str) -> Result<String, String> {
        self.process
            .send(command, self.timeout)
            .map_err(|f| f.to_string())
    }
}

impl Player for GtpPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn begin(&mut self, opening: &Game) -> Result<(), String> {
        self.send("clear_board")?;
        // Passes are left out: GRhino refuses `play <color> pass`, and a GTP program infers
        // the pass from two moves of the same colour.
        let mut board = *opening.start();
        for mv in opening.moves() {
            match mv {
                Move::Play(sq) => {
                    self.observe(board.to_move, sq)?;
                    board.play(sq);
                }
                Move::Pass => board.pass(),
            }
        }
        Ok(())
    }

    fn choose(&mut self, board: &Board) -> Result<Answer, String> {
        let answer = self.send(&format!("genmove {}", board.to_move))?;
        let word = answer.trim();
        Ok(if word.eq_ignore_ascii_case("pass") {
            Answer::Pass
        } else if word.eq_ignore_ascii_case("resign") {
            Answer::Resign
        } else if let Some(sq) = parse_square(word) {
            Answer::Square(sq)
        } else {
            Answer::Nonsense(answer)
        })
    }

    fn observe(&mut self, color: Color, square: u8) -> Result<(), String> {
        self.send(&format!("play {} {}", color, square_name(square)))
            .map(drop)
    }

    fn final_score(&mut self) -> Option<String> {
        self.send("final_score").ok()
    }
}
