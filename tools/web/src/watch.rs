//! The game's memory interface as the page reads it while the program runs freely under the
//! player's keys: what the panel shows (level, state, whether the computer thinks), and each
//! computer move, caught at the instruction that ends `ST_THINKING`, as `cpc-othello verify`
//! catches it in its UI games (`cpc-verify`, game.rs): at that moment `game_board` and
//! `side_to_move` still hold the position the computer thought about, `ai_move` its answer and
//! `ai_depth` the stage it came from (docs/architecture.md, "The game's memory interface").

use cpc_emu::Cpc;
use cpc_game::driver::ui::UiAddrs;
use cpc_game::symbols as sym;
use cpc_game::{DriverError, Image};
use serde_json::{json, Value};

/// A computer move as the program made it, with what checking it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenMove {
    /// `game_board` as the computer thought: 0 empty, 1 black, 2 white, a1 first.
    pub board: [u8; 64],
    /// `side_to_move`: 1 black, 2 white.
    pub side: u8,
    /// `game_level`.
    pub level: u8,
    /// `ai_move`: a square, &FF for a pass.
    pub square: u8,
    /// `ai_depth`, for a program that has it.
    pub stage: Option<u8>,
    /// `ai_stopped`: "move now" (M, or ESC in the demo) stopped the search.
    pub stopped: bool,
    /// `clock_enabled` was set: the computer thought under its chess clock.
    pub clocks: bool,
    /// `time_out` was set: the flag fell while it thought, the move was not played.
    pub flag_fell: bool,
    /// The program left `ST_THINKING` for `ST_ERROR`: the move is not legal.
    pub illegal: bool,
    /// `record_count`: the plies before this move.
    pub ply: u8,
}

impl SeenMove {
    /// The move as JSON (the page hands it to the checking worker as it is).
    #[must_use]
    pub fn to_json(&self) -> Value {
        let board: String = self
            .board
            .iter()
            .map(|b| char::from(b'0' + b % 10))
            .collect();
        json!({
            "board": board,
            "side": self.side,
            "level": self.level,
            "square": self.square,
            "stage": self.stage,
            "stopped": self.stopped,
            "clocks": self.clocks,
            "flag_fell": self.flag_fell,
            "illegal": self.illegal,
            "ply": self.ply,
        })
    }

    /// Reads [`SeenMove::to_json`]'s form back.
    ///
    /// # Errors
    /// A message naming the field that is missing or out of range.
    pub fn from_json(v: &Value) -> Result<SeenMove, String> {
        let byte = |key: &str| {
            v[key]
                .as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| format!("move: `{key}` is not a byte"))
        };
        let flag = |key: &str| {
            v[key]
                .as_bool()
                .ok_or_else(|| format!("move: `{key}` is not true or false"))
        };
        let text = v["board"].as_str().unwrap_or_default();
        let cells: Vec<u8> = text.bytes().map(|c| c.wrapping_sub(b'0')).collect();
        let board: [u8; 64] = cells
            .try_into()
            .map_err(|_| "move: `board` is not 64 digits".to_string())?;
        Ok(SeenMove {
            board,
            side: byte("side")?,
            level: byte("level")?,
            square: byte("square")?,
            stage: match &v["stage"] {
                Value::Null => None,
                _ => Some(byte("stage")?),
            },
            stopped: flag("stopped")?,
            clocks: flag("clocks")?,
            flag_fell: flag("flag_fell")?,
            illegal: flag("illegal")?,
            ply: byte("ply")?,
        })
    }
}

/// The addresses the page reads, and the state last seen.
#[derive(Clone, Debug)]
pub struct GameWatch {
    ui: UiAddrs,
    ai_busy: u16,
    ai_stopped: u16,
    clock_enabled: u16,
    time_out: u16,
    play_mode: u16,
    move_number: u16,
    last_state: u8,
}

impl GameWatch {
    /// The watch of `image`'s program, started at the state `cpc` shows.
    ///
    /// # Errors
    /// [`DriverError::Symbol`] when the symbol file lacks a symbol of the interface.
    pub fn of(image: &Image, cpc: &Cpc) -> Result<GameWatch, DriverError> {
        let ui = UiAddrs::of(image)?;
        Ok(GameWatch {
            ui,
            ai_busy: image.addr(sym::AI_BUSY)?,
            ai_stopped: image.addr(sym::AI_STOPPED)?,
            clock_enabled: image.addr(sym::CLOCK_ENABLED)?,
            time_out: image.addr(sym::TIME_OUT)?,
            play_mode: image.addr(sym::PLAY_MODE)?,
            move_number: image.addr(sym::MOVE_NUMBER)?,
            last_state: cpc.peek(ui.state),
        })
    }

    /// `ui_state`'s address: the run watches writes to it ([`Cpc::watch_writes`]) and stops
    /// at each, so that [`GameWatch::observe`] sees every change at the instruction that made it.
    #[must_use]
    pub fn state_addr(&self) -> u16 {
        self.ui.state
    }

    /// Takes note of the state now; a computer move just made is returned.
    pub fn observe(&mut self, cpc: &Cpc) -> Option<SeenMove> {
        let now = cpc.peek(self.ui.state);
        let was = std::mem::replace(&mut self.last_state, now);
        (was == self.ui.st_thinking && now != was).then(|| self.read_move(cpc, now))
    }

    /// Forgets the state last seen (after a reset): the next look starts afresh.
    pub fn resync(&mut self, cpc: &Cpc) {
        self.last_state = cpc.peek(self.ui.state);
    }

    fn read_move(&self, cpc: &Cpc, next_state: u8) -> SeenMove {
        let mut board = [0u8; 64];
        board.copy_from_slice(&cpc.read_bytes(self.ui.board, 64));
        SeenMove {
            board,
            side: cpc.peek(self.ui.side),
            level: cpc.peek(self.ui.level),
            square: cpc.peek(self.ui.ai_move),
            stage: self.ui.ai_depth.map(|a| cpc.peek(a)),
            stopped: cpc.peek(self.ai_stopped) != 0,
            clocks: cpc.peek(self.clock_enabled) != 0,
            flag_fell: cpc.peek(self.time_out) != 0,
            illegal: next_state == self.ui.st_error,
            ply: cpc.peek(self.ui.record_count),
        }
    }

    /// True while the UI's call of the AI runs (`ai_busy`): the computer thinks, works out a
    /// hint or the per-move scores. The page's warp runs then.
    #[must_use]
    pub fn thinking(&self, cpc: &Cpc) -> bool {
        cpc.peek(self.ai_busy) != 0
    }

    /// What the panel shows: `{"state", "ready", "level", "mode", "move", "side", "thinking",
    /// "game_over"}`.
    #[must_use]
    pub fn status(&self, cpc: &Cpc) -> Value {
        let state = cpc.peek(self.ui.state);
        let name = [
            (self.ui.st_human, "your move"),
            (self.ui.st_thinking, "thinking"),
            (self.ui.st_over, "game over"),
            (self.ui.st_menu, "menu"),
            (self.ui.st_pass, "pass"),
            (self.ui.st_error, "stopped: illegal move"),
        ]
        .iter()
        .find(|(st, _)| *st == state)
        .map_or("busy", |(_, name)| *name);
        json!({
            "state": name,
            "ready": cpc.peek(self.ui.ready) == 1,
            "level": cpc.peek(self.ui.level),
            "mode": cpc.peek(self.play_mode),
            "move": cpc.peek(self.move_number),
            "side": cpc.peek(self.ui.side),
            "thinking": self.thinking(cpc),
            "game_over": cpc.peek(self.ui.game_over) != 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_moves_survive_json() {
        let mut board = [0u8; 64];
        board[27] = 2;
        board[28] = 1;
        let m = SeenMove {
            board,
            side: 2,
            level: 3,
            square: 0xFF,
            stage: Some(4),
            stopped: false,
            clocks: true,
            flag_fell: false,
            illegal: false,
            ply: 9,
        };
        assert_eq!(SeenMove::from_json(&m.to_json()), Ok(m.clone()));
        let older = SeenMove { stage: None, ..m };
        assert_eq!(SeenMove::from_json(&older.to_json()), Ok(older));
        let mut bad = m_json_without_side();
        assert!(SeenMove::from_json(&bad).unwrap_err().contains("`side`"));
        bad["side"] = json!(1);
        bad["board"] = json!("012");
        assert!(SeenMove::from_json(&bad).unwrap_err().contains("64 digits"));
    }

    fn m_json_without_side() -> Value {
        json!({"board": "0".repeat(64), "level": 1, "square": 19, "stage": 0,
               "stopped": false, "clocks": false, "flag_fell": false, "illegal": false, "ply": 0})
    }
}
