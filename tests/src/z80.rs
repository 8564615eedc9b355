//! The Z80 AI and board routines of `cpc/` called one at a time in the bundled emulator, and
//! the positions they are checked on; shared by the end-to-end tests and the Z80 benches.
//!
//! [`Z80`] is the driver's [`Routines`] (`cpc_game::driver`) on a machine of its own,
//! panicking instead of returning errors: a routine that does not return, or a symbol the
//! program lacks, fails the test at once. The position generators are `cpc_verify`'s (the
//! ones `cpc-othello verify` uses).

use cpc_emu::{CallOutcome, Cpc, Registers};
use cpc_game::driver::{board_bytes, AiAnswer, Played, Routines, CALL_LIMIT_US};
use cpc_game::symbols as sym;
use cpc_game::Image;
use cpc_verify::positions::default_ffo_dir;
use othello_engine::board::Board;
use othello_engine::notation::to_position_string;
use othello_engine::weights::Weights;

use crate::game;

/// A game image booted in an emulator, its routines located through the symbol file (the
/// program's own start-up is not run: the routines need nothing but a stack; see
/// [`Z80::start`]).
pub struct Z80 {
    /// The machine.
    pub cpc: Cpc,
    routines: Routines,
}

impl Z80 {
    /// Boots `image`.
    pub fn new(image: &Image) -> Z80 {
        let routines = Routines::new(image).unwrap_or_else(|e| panic!("{e}"));
        let cpc = routines.boot().unwrap_or_else(|e| panic!("{e}"));
        Z80 { cpc, routines }
    }

    /// Boots the game with the shipped weights, built once per process
    /// ([`game::default_image`]).
    pub fn game() -> Z80 {
        Z80::new(game::default_image())
    }

    /// Builds the game with `weights` (`origin`: the weights file's name for `weights.inc`)
    /// and boots it.
    pub fn with_weights(weights: &Weights, origin: &str) -> Z80 {
        Z80::new(&game::image(weights, origin))
    }

    /// The address of a symbol of the program.
    pub fn addr(&self, name: &str) -> u16 {
        self.routines.addr(name).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Calls `routine` with A = `a`; panics if it does not return in time.
    pub fn call(&mut self, routine: &str, a: u8) -> CallOutcome {
        let addr = self.addr(routine);
        self.routines
            .call_at(&mut self.cpc, addr, a, routine, CALL_LIMIT_US)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Writes `board` (64 bytes, 0/1/2) at `name`.
    pub fn write_board(&mut self, name: &str, board: &Board) {
        let at = self.addr(name);
        self.cpc.write_bytes(at, &board_bytes(board));
    }

    /// Writes the inputs of `ai_entry` (`ai_board`, `ai_side`, `ai_level`) without calling
    /// it: for a test that runs the call its own way.
    pub fn write_ai_input(&mut self, board: &Board, level: u8) {
        self.routines.write_ai_input(&mut self.cpc, board, level);
    }

    /// The AI's answer at `level`.
    pub fn ai(&mut self, board: &Board, level: u8) -> AiAnswer {
        self.routines
            .ai(&mut self.cpc, board, level, CALL_LIMIT_US)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The AI's answer at `level` with `ai_time` = `seconds` (0: no limit), allowing the call
    /// `limit_us` of CPC time. The limit only takes effect once the program runs
    /// ([`Z80::start`]).
    pub fn ai_timed(&mut self, board: &Board, level: u8, seconds: u16, limit_us: u64) -> AiAnswer {
        self.routines
            .ai_timed(&mut self.cpc, board, level, seconds, limit_us)
            .unwrap_or_else(|e| panic!("{}: level {level}: {e}", show(board)))
    }

    /// [`Z80::ai_timed`], calling `observe` with the machine after each instruction (the
    /// profile bench: where the CPC time goes).
    pub fn ai_observed(
        &mut self,
        board: &Board,
        level: u8,
        seconds: u16,
        limit_us: u64,
        observe: impl FnMut(&Cpc),
    ) -> AiAnswer {
        self.routines
            .ai_observed(&mut self.cpc, board, level, seconds, limit_us, observe)
            .unwrap_or_else(|e| panic!("{}: level {level}: {e}", show(board)))
    }

    /// Runs the program until it waits for a key: then its interrupt handler runs, which
    /// counts `ai_time` down.
    pub fn start(&mut self) {
        self.routines
            .start(&mut self.cpc)
            .unwrap_or_else(|e| panic!("the game does not start: {e}"));
    }

    /// `ai_pv_len` moves of `ai_pv`, as the last `ai_entry` left them.
    pub fn pv(&self) -> Vec<u8> {
        let n = self.cpc.peek(self.addr(sym::AI_PV_LEN));
        self.cpc.read_bytes(self.addr(sym::AI_PV), usize::from(n))
    }

    /// Reads `ai_move`, `ai_score`, `ai_nodes` and `ai_depth`; `us` is the time to report.
    pub fn read_answer(&self, us: u64) -> AiAnswer {
        self.routines.read_answer(&self.cpc, us)
    }

    /// `gen_legal` on `board`: the `legal_list` entries.
    pub fn gen_legal(&mut self, board: &Board) -> Vec<u8> {
        self.routines
            .gen_legal(&mut self.cpc, board, CALL_LIMIT_US)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// `play_move(sq)` on `board`, with `move_number` set to 7 before.
    pub fn play_move(&mut self, board: &Board, sq: u8) -> Played {
        self.routines
            .play_move(&mut self.cpc, board, sq, CALL_LIMIT_US)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The CPU's registers.
    pub fn registers(&self) -> Registers {
        self.cpc.registers()
    }
}

/// The FFO endgame positions in `tools/engine/data/ffo`, or why they are not there.
pub fn ffo_positions() -> Result<Vec<Board>, String> {
    cpc_verify::positions::ffo_positions(&default_ffo_dir())
}

/// Parses a position written as `<64 chars> <X|O>`.
pub fn position(text: &str) -> Board {
    othello_engine::notation::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A position as a one-line string for messages.
pub fn show(board: &Board) -> String {
    to_position_string(board)
}
