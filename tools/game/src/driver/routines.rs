//! The Z80 program's AI and rules, called one routine at a time in the bundled emulator.
//!
//! A [`Z80Ai`] boots an [`Image`] (without running the program's own start-up: the routines
//! need nothing but a stack) and calls `ai_entry`, `gen_legal` and `play_move` with positions
//! written into the program's memory at the addresses the symbol file gives. A call with a
//! time limit (`ai_time`) needs the program's interrupt handler, which counts the time down:
//! [`Z80Ai::start`] runs the program's start-up first, until it waits for a key.

use cpc_emu::{CallOutcome, Cpc};
use othello_engine::board::{Board, Color};

use crate::symbols as sym;
use crate::{DriverError, Image};

/// CPC time one call of a routine may take at levels 1 and 2 before it counts as a hang
/// (level 2 needs well under 0.5 s).
pub const CALL_LIMIT_US: u64 = 5_000_000;

/// `ai_move` when the side to move has no legal move.
pub const AI_PASS: u8 = 0xFF;
/// `ai_move` when `ai_level` or `ai_side` is not one the program plays.
pub const AI_BAD_INPUT: u8 = 0xFE;

/// CPC time one `ai_entry` call may take at `level` before it counts as a hang: levels 1
/// and 2 answer in well under a second, a deep search level may take minutes.
#[must_use]
pub fn call_limit_us(level: u8) -> u64 {
    if level <= 2 {
        CALL_LIMIT_US
    } else {
        3_600_000_000
    }
}

/// What `ai_entry` answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiAnswer {
    /// `ai_move`: a square, [`AI_PASS`] or [`AI_BAD_INPUT`].
    pub mv: u8,
    /// `ai_score`.
    pub score: i16,
    /// `ai_nodes`.
    pub nodes: u32,
    /// CPC time of the call, interrupts included.
    pub us: u64,
    /// `ai_depth`: the stage the answer comes from (0: none, 1..=12 a depth, &FF the exact
    /// endgame, &E1..=&EC the win/loss/draw check after a depth, &FE stopped before any
    /// stage; [`crate::stage`]). 0 for a program without the symbol.
    pub depth: u8,
}

/// What `play_move` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Carry flag on return: set = refused as illegal.
    pub refused: bool,
    /// `game_board` after the call.
    pub board: Vec<u8>,
    /// `side_to_move` after the call.
    pub side: u8,
    /// `move_number` after the call (it was 7 before).
    pub move_number: u8,
    /// `flip_list`, in the program's order.
    pub flips: Vec<u8>,
}

/// The addresses every position needs, looked up once.
#[derive(Clone, Copy, Debug)]
struct Addrs {
    ai_entry: u16,
    ai_board: u16,
    ai_side: u16,
    ai_level: u16,
    ai_move: u16,
    ai_score: u16,
    ai_nodes: u16,
    gen_legal: u16,
    play_move: u16,
    game_board: u16,
    side_to_move: u16,
    legal_count: u16,
    legal_list: u16,
    move_number: u16,
    flip_count: u16,
    flip_list: u16,
    /// Optional (older builds lack them): the time limit in, the stage out.
    ai_time: Option<u16>,
    ai_depth: Option<u16>,
    ui_ready: Option<u16>,
}

impl Addrs {
    fn of(image: &Image) -> Result<Addrs, DriverError> {
        let a = |name: &str| image.addr(name);
        Ok(Addrs {
            ai_entry: a(sym::AI_ENTRY)?,
            ai_board: a(sym::AI_BOARD)?,
            ai_side: a(sym::AI_SIDE)?,
            ai_level: a(sym::AI_LEVEL)?,
            ai_move: a(sym::AI_MOVE)?,
            ai_score: a(sym::AI_SCORE)?,
            ai_nodes: a(sym::AI_NODES)?,
            gen_legal: a(sym::GEN_LEGAL)?,
            play_move: a(sym::PLAY_MOVE)?,
            game_board: a(sym::GAME_BOARD)?,
            side_to_move: a(sym::SIDE_TO_MOVE)?,
            legal_count: a(sym::LEGAL_COUNT)?,
            legal_list: a(sym::LEGAL_LIST)?,
            move_number: a(sym::MOVE_NUMBER)?,
            flip_count: a(sym::FLIP_COUNT)?,
            flip_list: a(sym::FLIP_LIST)?,
            ai_time: image.addr(sym::AI_TIME).ok(),
            ai_depth: image.addr(sym::AI_DEPTH).ok(),
            ui_ready: image.addr(sym::UI_READY).ok(),
        })
    }
}

/// The program's routines, located through its symbol file; they act on a machine passed
/// in, so that a caller may keep the machine itself (see [`Z80Ai`] for the two together).
#[derive(Clone, Debug)]
pub struct Routines {
    image: Image,
    at: Addrs,
}

impl Routines {
    /// The routines of `image`.
    ///
    /// # Errors
    /// [`DriverError::Symbol`] when the symbol file lacks an interface symbol.
    pub fn new(image: &Image) -> Result<Routines, DriverError> {
        Ok(Routines {
            image: image.clone(),
            at: Addrs::of(image)?,
        })
    }

    /// A machine with the program loaded (not started), screen rendering off: nothing
    /// here looks at the picture.
    ///
    /// # Errors
    /// [`DriverError::Image`] when the program does not fit in memory.
    pub fn boot(&self) -> Result<Cpc, DriverError> {
        let mut cpc = self.image.boot()?;
        cpc.set_rendering(false);
        Ok(cpc)
    }

    /// The image.
    #[must_use]
    pub fn image(&self) -> &Image {
        &self.image
    }

    /// The address of a symbol of the program.
    ///
    /// # Errors
    /// [`DriverError::Symbol`] when it is missing.
    pub fn addr(&self, name: &str) -> Result<u16, DriverError> {
        self.image.addr(name)
    }

    /// Calls the routine at `addr` (named `routine` in messages) with A = `a`, allowing it
    /// `limit_us` of CPC time.
    ///
    /// # Errors
    /// [`DriverError::Hang`] if it does not return in time, [`DriverError::Emulator`] if
    /// the emulator stops.
    pub fn call_at(
        &self,
        cpc: &mut Cpc,
        addr: u16,
        a: u8,
        routine: &str,
        limit_us: u64,
    ) -> Result<CallOutcome, DriverError> {
        self.call_observed_at(cpc, addr, a, routine, limit_us, |_| {})
    }

    /// [`Routines::call_at`], calling `observe` with the machine after each instruction.
    ///
    /// # Errors
    /// As [`Routines::call_at`].
    pub fn call_observed_at(
        &self,
        cpc: &mut Cpc,
        addr: u16,
        a: u8,
        routine: &str,
        limit_us: u64,
        observe: impl FnMut(&Cpc),
    ) -> Result<CallOutcome, DriverError> {
        let mut regs = cpc.registers();
        regs.af = u16::from(a) << 8 | (regs.af & 0xFF);
        cpc.set_registers(&regs);
        let out = cpc
            .call_observed(addr, limit_us, observe)
            .map_err(|e| DriverError::Emulator(format!("{routine}: {e}")))?;
        if !out.returned {
            return Err(DriverError::Hang {
                routine: routine.to_string(),
                limit_us,
                pc: cpc.pc(),
            });
        }
        Ok(out)
    }

    /// The AI's answer for `board` at `level`, without a time limit (`ai_time` = 0).
    ///
    /// # Errors
    /// As [`Routines::call_at`].
    pub fn ai(
        &self,
        cpc: &mut Cpc,
        board: &Board,
        level: u8,
        limit_us: u64,
    ) -> Result<AiAnswer, DriverError> {
        self.ai_timed(cpc, board, level, 0, limit_us)
    }

    /// The AI's answer for `board` at `level` with `ai_time` = `seconds` (0: no limit), the
    /// time the side to move has left for the rest of the game. The limit only takes effect
    /// on a machine whose program runs (its interrupt handler counts the time down; see
    /// [`Routines::start`]); on a machine that was only booted every stage runs to the end.
    ///
    /// # Errors
    /// As [`Routines::call_at`]; [`DriverError::Symbol`] for a time limit on a program
    /// without `ai_time`.
    pub fn ai_timed(
        &self,
        cpc: &mut Cpc,
        board: &Board,
        level: u8,
        seconds: u16,
        limit_us: u64,
    ) -> Result<AiAnswer, DriverError> {
        self.ai_observed(cpc, board, level, seconds, limit_us, |_| {})
    }

    /// [`Routines::ai_timed`], calling `observe` with the machine before each instruction
    /// (for profiles: where the CPC time goes).
    ///
    /// # Errors
    /// As [`Routines::ai_timed`].
    pub fn ai_observed(
        &self,
        cpc: &mut Cpc,
        board: &Board,
        level: u8,
        seconds: u16,
        limit_us: u64,
        observe: impl FnMut(&Cpc),
    ) -> Result<AiAnswer, DriverError> {
        let at = self.at;
        self.write_ai_input(cpc, board, level);
        match at.ai_time {
            Some(addr) => cpc.poke_word(addr, seconds),
            None if seconds != 0 => return Err(DriverError::Symbol(sym::AI_TIME.into())),
            None => {}
        }
        let out = self.call_observed_at(cpc, at.ai_entry, 0, sym::AI_ENTRY, limit_us, observe)?;
        Ok(self.read_answer(cpc, out.elapsed_us))
    }

    /// Writes the inputs of `ai_entry` for `board` at `level` (`ai_board`, `ai_side`,
    /// `ai_level`) without calling it: for a caller that runs the call its own way (stops it
    /// midway with `ai_abort`, say) or calls another routine that reads them (`book_lookup`).
    pub fn write_ai_input(&self, cpc: &mut Cpc, board: &Board, level: u8) {
        let at = self.at;
        cpc.write_bytes(at.ai_board, &board_bytes(board));
        cpc.poke(at.ai_side, side_code(board.to_move));
        cpc.poke(at.ai_level, level);
    }

    /// Runs the program itself on `cpc` (booted by [`Routines::boot`], nothing called yet)
    /// until it waits for a key (`ui_ready` = 1, under a second of CPC time): then its
    /// interrupt handler runs, which is what counts `ai_time` down during a call of
    /// `ai_entry`, as in the game.
    ///
    /// # Errors
    /// [`DriverError::Symbol`] without `ui_ready`, [`DriverError::Emulator`] if the program
    /// stops, [`DriverError::Hang`] if it does not wait for a key within 10 s of CPC time.
    pub fn start(&self, cpc: &mut Cpc) -> Result<(), DriverError> {
        const START_LIMIT_US: u64 = 10_000_000;
        let ready = self
            .at
            .ui_ready
            .ok_or_else(|| DriverError::Symbol(sym::UI_READY.into()))?;
        let out = cpc
            .run_until(START_LIMIT_US, |m| m.peek(ready) == 1)
            .map_err(|e| DriverError::Emulator(format!("the start-up: {e}")))?;
        if !out.met() {
            return Err(DriverError::Hang {
                routine: "the start-up (until ui_ready = 1)".into(),
                limit_us: START_LIMIT_US,
                pc: cpc.pc(),
            });
        }
        Ok(())
    }

    /// A machine with the program loaded and started ([`Routines::boot`], then
    /// [`Routines::start`]): ready for calls of `ai_entry` with a time limit.
    ///
    /// # Errors
    /// As [`Routines::boot`] and [`Routines::start`].
    pub fn boot_started(&self) -> Result<Cpc, DriverError> {
        let mut cpc = self.boot()?;
        self.start(&mut cpc)?;
        Ok(cpc)
    }

    /// Reads `ai_move`, `ai_score`, `ai_nodes` and `ai_depth`; `us` is the time to report.
    #[must_use]
    pub fn read_answer(&self, cpc: &Cpc, us: u64) -> AiAnswer {
        let at = self.at;
        AiAnswer {
            mv: cpc.peek(at.ai_move),
            score: cpc.peek_word(at.ai_score) as i16,
            nodes: u32::from(cpc.peek_word(at.ai_nodes))
                | u32::from(cpc.peek_word(at.ai_nodes.wrapping_add(2))) << 16,
            us,
            depth: at.ai_depth.map_or(0, |a| cpc.peek(a)),
        }
    }

    /// `gen_legal` on `board`: the `legal_list` entries.
    ///
    /// # Errors
    /// As [`Routines::call_at`].
    pub fn gen_legal(
        &self,
        cpc: &mut Cpc,
        board: &Board,
        limit_us: u64,
    ) -> Result<Vec<u8>, DriverError> {
        let at = self.at;
        cpc.write_bytes(at.game_board, &board_bytes(board));
        cpc.poke(at.side_to_move, side_code(board.to_move));
        self.call_at(cpc, at.gen_legal, 0, sym::GEN_LEGAL, limit_us)?;
        let n = cpc.peek(at.legal_count);
        Ok(cpc.read_bytes(at.legal_list, usize::from(n)))
    }

    /// `play_move(sq)` on `board`, with `move_number` set to 7 before.
    ///
    /// # Errors
    /// As [`Routines::call_at`].
    pub fn play_move(
        &self,
        cpc: &mut Cpc,
        board: &Board,
        sq: u8,
        limit_us: u64,
    ) -> Result<Played, DriverError> {
        let at = self.at;
        cpc.write_bytes(at.game_board, &board_bytes(board));
        cpc.poke(at.side_to_move, side_code(board.to_move));
        cpc.poke(at.move_number, 7);
        let out = self.call_at(cpc, at.play_move, sq, sym::PLAY_MOVE, limit_us)?;
        let n = cpc.peek(at.flip_count);
        Ok(Played {
            refused: out.registers.af & 1 != 0,
            board: cpc.read_bytes(at.game_board, 64),
            side: cpc.peek(at.side_to_move),
            move_number: cpc.peek(at.move_number),
            flips: cpc.read_bytes(at.flip_list, usize::from(n.min(64))),
        })
    }
}

/// The program booted in an emulator, ready to have its routines called.
pub struct Z80Ai {
    /// The machine (public for tests that look at or change more than the interface).
    pub cpc: Cpc,
    /// The routines.
    pub routines: Routines,
    /// CPC time a call may take before it counts as a hang.
    pub limit_us: u64,
    /// True once the program itself runs ([`Z80Ai::start`]); a reboot starts it again.
    pub started: bool,
}

impl Z80Ai {
    /// Boots `image`.
    ///
    /// # Errors
    /// [`DriverError::Symbol`] when the symbol file lacks an interface symbol,
    /// [`DriverError::Image`] when the program does not fit in memory.
    pub fn new(image: &Image) -> Result<Z80Ai, DriverError> {
        let routines = Routines::new(image)?;
        Ok(Z80Ai {
            cpc: routines.boot()?,
            routines,
            limit_us: CALL_LIMIT_US,
            started: false,
        })
    }

    /// Runs the program's own start-up until it waits for a key, once ([`Routines::start`]):
    /// from then on its interrupt handler runs, so that `ai_time` limits a search.
    ///
    /// # Errors
    /// As [`Routines::start`].
    pub fn start(&mut self) -> Result<(), DriverError> {
        if !self.started {
            self.routines.start(&mut self.cpc)?;
            self.started = true;
        }
        Ok(())
    }

    /// Starts the machine again from the image (after a hang left it in an unknown state),
    /// and its program if it ran.
    ///
    /// # Errors
    /// As [`Z80Ai::new`] and [`Z80Ai::start`].
    pub fn reboot(&mut self) -> Result<(), DriverError> {
        self.cpc = self.routines.boot()?;
        if self.started {
            self.routines.start(&mut self.cpc)?;
        }
        Ok(())
    }

    /// The address of a symbol of the program.
    ///
    /// # Errors
    /// [`DriverError::Symbol`] when it is missing.
    pub fn addr(&self, name: &str) -> Result<u16, DriverError> {
        self.routines.addr(name)
    }

    /// Calls the routine named `routine` with A = `a`.
    ///
    /// # Errors
    /// As [`Routines::call_at`], and [`DriverError::Symbol`].
    pub fn call(&mut self, routine: &str, a: u8) -> Result<CallOutcome, DriverError> {
        let addr = self.addr(routine)?;
        self.routines
            .call_at(&mut self.cpc, addr, a, routine, self.limit_us)
    }

    /// The AI's answer for `board` at `level`.
    ///
    /// # Errors
    /// As [`Routines::call_at`].
    pub fn ai(&mut self, board: &Board, level: u8) -> Result<AiAnswer, DriverError> {
        self.routines.ai(&mut self.cpc, board, level, self.limit_us)
    }

    /// The AI's answer for `board` at `level` with `ai_time` = `seconds` (0: no limit);
    /// starts the program first ([`Z80Ai::start`]) when `seconds` is not 0, so that the
    /// limit takes effect.
    ///
    /// # Errors
    /// As [`Routines::ai_timed`] and [`Z80Ai::start`].
    pub fn ai_timed(
        &mut self,
        board: &Board,
        level: u8,
        seconds: u16,
    ) -> Result<AiAnswer, DriverError> {
        if seconds != 0 {
            self.start()?;
        }
        self.routines
            .ai_timed(&mut self.cpc, board, level, seconds, self.limit_us)
    }

    /// True when the program plays `level`: `ai_entry` does not answer [`AI_BAD_INPUT`] in
    /// a position with one empty square (one legal move, so any search is short).
    ///
    /// # Errors
    /// As [`Routines::call_at`].
    pub fn plays_level(&mut self, level: u8) -> Result<bool, DriverError> {
        let one_move = Board {
            black: (1 << 62) - 1,
            white: 1 << 62,
            to_move: Color::Black,
        };
        let limit = call_limit_us(level);
        let answer = self.routines.ai(&mut self.cpc, &one_move, level, limit)?;
        Ok(answer.mv != AI_BAD_INPUT)
    }

    /// `gen_legal` on `board`.
    ///
    /// # Errors
    /// As [`Routines::call_at`].
    pub fn gen_legal(&mut self, board: &Board) -> Result<Vec<u8>, DriverError> {
        self.routines.gen_legal(&mut self.cpc, board, self.limit_us)
    }

    /// `play_move(sq)` on `board`.
    ///
    /// # Errors
    /// As [`Routines::call_at`].
    pub fn play_move(&mut self, board: &Board, sq: u8) -> Result<Played, DriverError> {
        self.routines
            .play_move(&mut self.cpc, board, sq, self.limit_us)
    }
}

/// The board in `game_board` coding: 0 empty, 1 black, 2 white, a1 first.
#[must_use]
pub fn board_bytes(board: &Board) -> Vec<u8> {
    (0..64)
        .map(|s| u8::from(board.black >> s & 1 != 0) | u8::from(board.white >> s & 1 != 0) << 1)
        .collect()
}

/// The colour code of the program: 1 black, 2 white.
#[must_use]
pub fn side_code(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

/// A `game_board` image as a reference board, `None` if a byte is not 0, 1 or 2.
#[must_use]
pub fn board_from_bytes(bytes: &[u8], to_move: Color) -> Option<Board> {
    let mut board = Board {
        black: 0,
        white: 0,
        to_move,
    };
    for (sq, v) in bytes.iter().enumerate().take(64) {
        match v {
            0 => {}
            1 => board.black |= 1 << sq,
            2 => board.white |= 1 << sq,
            _ => return None,
        }
    }
    Some(board)
}
