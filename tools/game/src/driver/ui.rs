//! The program's user interface as a harness drives it (docs/architecture.md, "The game's
//! memory interface"): the addresses and `ui_state` values looked up once ([`UiAddrs`]), the
//! key protocol (wait for `ui_ready`, press, run until `ui_keys` moves, release, let one
//! keyboard scan see the release: [`press_key`], or its halves [`hold_key`] and [`next_scan`]),
//! and what the screen shows read out of memory ([`UiState`], [`UiAddrs::legal`],
//! [`UiAddrs::record`]).

use cpc_emu::{Cpc, CpcKey};

use crate::symbols as sym;
use crate::{DriverError, Image};

/// CPC time allowed for a pressed key to be taken.
pub const KEY_LIMIT_US: u64 = 1_000_000;
/// One frame at 50 Hz (312 lines of 64 µs).
pub const FRAME_US: u64 = 19_968;

/// The addresses and state values of the user interface.
#[derive(Clone, Copy, Debug)]
pub struct UiAddrs {
    /// `ui_state`.
    pub state: u16,
    /// `ui_ready`.
    pub ready: u16,
    /// `ui_keys`.
    pub keys: u16,
    /// `frame_counter` (a word).
    pub frames: u16,
    /// `game_board` (64 bytes).
    pub board: u16,
    /// `side_to_move`.
    pub side: u16,
    /// `legal_count`.
    pub legal_count: u16,
    /// `legal_list`.
    pub legal_list: u16,
    /// `cursor_square`.
    pub cursor: u16,
    /// `record_count`.
    pub record_count: u16,
    /// `record_list`.
    pub record_list: u16,
    /// `human_colour`.
    pub human_colour: u16,
    /// `game_level`.
    pub level: u16,
    /// `game_over`.
    pub game_over: u16,
    /// `game_winner`.
    pub winner: u16,
    /// `final_black`.
    pub final_black: u16,
    /// `final_white`.
    pub final_white: u16,
    /// `ai_move`.
    pub ai_move: u16,
    /// `ai_depth` (older builds lack it).
    pub ai_depth: Option<u16>,
    /// `ST_HUMAN`.
    pub st_human: u8,
    /// `ST_THINKING`.
    pub st_thinking: u8,
    /// `ST_GAME_OVER`.
    pub st_over: u8,
    /// `ST_MENU`.
    pub st_menu: u8,
    /// `ST_PASS`.
    pub st_pass: u8,
    /// `ST_ERROR`.
    pub st_error: u8,
}

impl UiAddrs {
    /// The user interface of `image`.
    ///
    /// # Errors
    /// [`DriverError::Symbol`] naming the first symbol the file lacks.
    pub fn of(image: &Image) -> Result<UiAddrs, DriverError> {
        let a = |name: &str| image.addr(name);
        let st = |name: &str| image.addr(name).map(|v| v as u8);
        Ok(UiAddrs {
            state: a(sym::UI_STATE)?,
            ready: a(sym::UI_READY)?,
            keys: a(sym::UI_KEYS)?,
            frames: a(sym::FRAME_COUNTER)?,
            board: a(sym::GAME_BOARD)?,
            side: a(sym::SIDE_TO_MOVE)?,
            legal_count: a(sym::LEGAL_COUNT)?,
            legal_list: a(sym::LEGAL_LIST)?,
            cursor: a(sym::CURSOR_SQUARE)?,
            record_count: a(sym::RECORD_COUNT)?,
            record_list: a(sym::RECORD_LIST)?,
            human_colour: a(sym::HUMAN_COLOUR)?,
            level: a(sym::GAME_LEVEL)?,
            game_over: a(sym::GAME_OVER)?,
            winner: a(sym::GAME_WINNER)?,
            final_black: a(sym::FINAL_BLACK)?,
            final_white: a(sym::FINAL_WHITE)?,
            ai_move: a(sym::AI_MOVE)?,
            ai_depth: image.addr(sym::AI_DEPTH).ok(),
            st_human: st(sym::ST_HUMAN)?,
            st_thinking: st(sym::ST_THINKING)?,
            st_over: st(sym::ST_GAME_OVER)?,
            st_menu: st(sym::ST_MENU)?,
            st_pass: st(sym::ST_PASS)?,
            st_error: st(sym::ST_ERROR)?,
        })
    }

    /// The legal moves of `side_to_move`: `legal_list` up to `legal_count`, ascending square
    /// index (valid while `ui_state` is `ST_HUMAN`).
    #[must_use]
    pub fn legal(&self, cpc: &Cpc) -> Vec<u8> {
        cpc.read_bytes(self.legal_list, usize::from(cpc.peek(self.legal_count)))
    }

    /// The plies of the position shown: `record_list` up to `record_count` (a square, or
    /// &FF for a pass).
    #[must_use]
    pub fn record(&self, cpc: &Cpc) -> Vec<u8> {
        cpc.read_bytes(self.record_list, usize::from(cpc.peek(self.record_count)))
    }

    /// What the program shows now.
    #[must_use]
    pub fn read(&self, cpc: &Cpc) -> UiState {
        UiState {
            state: cpc.peek(self.state),
            ready: cpc.peek(self.ready) == 1,
            board: cpc.read_bytes(self.board, 64),
            side: cpc.peek(self.side),
            level: cpc.peek(self.level),
            human_colour: cpc.peek(self.human_colour),
            record: self.record(cpc),
            game_over: cpc.peek(self.game_over) != 0,
            final_score: (cpc.peek(self.final_black), cpc.peek(self.final_white)),
            ai_move: cpc.peek(self.ai_move),
            ai_depth: self.ai_depth.map(|a| cpc.peek(a)),
        }
    }
}

/// The user interface's state as read out of memory at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UiState {
    /// `ui_state`: one of the `ST_` values.
    pub state: u8,
    /// `ui_ready` = 1: the program waits for a key.
    pub ready: bool,
    /// `game_board`: 0 empty, 1 black, 2 white, a1 first.
    pub board: Vec<u8>,
    /// `side_to_move`: 1 black, 2 white.
    pub side: u8,
    /// `game_level`.
    pub level: u8,
    /// `human_colour`.
    pub human_colour: u8,
    /// The plies of the position shown: `record_list` up to `record_count`.
    pub record: Vec<u8>,
    /// `game_over` is set.
    pub game_over: bool,
    /// `final_black`, `final_white` (meaningful once the game is over).
    pub final_score: (u8, u8),
    /// `ai_move` of the last call of `ai_entry`.
    pub ai_move: u8,
    /// `ai_depth` of the last call of `ai_entry`, for a program that has it.
    pub ai_depth: Option<u8>,
}

/// Presses `key` (the program waits for one, or takes it while busy: M, ESC), holds it until
/// `ui_keys` shows it taken, releases it and runs until the next frame so that a keyboard
/// scan sees the release ([`hold_key`], then [`next_scan`]). Returns false if the key was not
/// taken within [`KEY_LIMIT_US`] (it is released all the same).
///
/// # Errors
/// [`DriverError::Emulator`] if the emulator stops.
pub fn press_key(cpc: &mut Cpc, ui: &UiAddrs, key: CpcKey) -> Result<bool, DriverError> {
    if !hold_key(cpc, ui, key, KEY_LIMIT_US)? {
        return Ok(false);
    }
    next_scan(cpc, ui)?;
    Ok(true)
}

/// The first half of [`press_key`]: presses `key`, holds it until `ui_keys` shows it taken
/// (at most `limit_us` of CPC time) and releases it, nothing more. For a harness that looks
/// at the machine right after the keyboard scan that took the key (M or ESC while the program
/// is busy), or gives a key more time than [`KEY_LIMIT_US`]. Returns false if the key was not
/// taken in time (it is released all the same).
///
/// # Errors
/// [`DriverError::Emulator`] if the emulator stops.
pub fn hold_key(
    cpc: &mut Cpc,
    ui: &UiAddrs,
    key: CpcKey,
    limit_us: u64,
) -> Result<bool, DriverError> {
    let taken = cpc.peek(ui.keys);
    cpc.press(key);
    let out = cpc
        .run_until(limit_us, |m| m.peek(ui.keys) != taken)
        .map_err(|e| DriverError::Emulator(e.to_string()));
    cpc.release(key);
    Ok(out?.met())
}

/// The second half of [`press_key`]: runs until `frame_counter` moves (at most three frames),
/// so that the next keyboard scan has seen a released key up before it is pressed again.
/// Returns false if no frame was counted in that time.
///
/// # Errors
/// [`DriverError::Emulator`] if the emulator stops.
pub fn next_scan(cpc: &mut Cpc, ui: &UiAddrs) -> Result<bool, DriverError> {
    let now = cpc.peek_word(ui.frames);
    let out = cpc
        .run_until(3 * FRAME_US, |m| m.peek_word(ui.frames) != now)
        .map_err(|e| DriverError::Emulator(e.to_string()))?;
    Ok(out.met())
}
