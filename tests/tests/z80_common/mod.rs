//! The Z80 AI and board routines of `cpc/` driven in the bundled emulator, and the positions
//! they are checked on. Shared by `tests/z80_ai.rs` (correctness) and `benches/z80_ai.rs`
//! (emulated time per move).
//!
//! Addresses come from the assembler's JSON symbol file, as a CPC user's tools would read
//! them; the program is the real game image (`cpc/main.asm`) built with the given weights.

#![allow(dead_code)] // each user takes what it needs

use cpc_emu::{Cpc, Program, Registers, Symbols};
use cpc_othello::build::{assemble_game, default_sources};
use othello_engine::board::{squares, Board, Color};
use othello_engine::notation::{parse_board, to_position_string};
use othello_engine::weights::Weights;

/// CPC time allowed for one call before the test calls it a hang (level 2 needs < 0.5 s).
pub const CALL_LIMIT_US: u64 = 5_000_000;

/// `ai_move` when the side to move has no legal move.
pub const AI_PASS: u8 = 0xFF;
/// `ai_move` when `ai_level` or `ai_side` is not one the program plays.
pub const AI_BAD_INPUT: u8 = 0xFE;

/// The game image booted in an emulator, with its symbols.
pub struct Z80 {
    pub cpc: Cpc,
    symbols: Symbols,
}

/// What `ai_entry` answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiAnswer {
    pub mv: u8,
    pub score: i16,
    pub nodes: u32,
    /// CPC time of the call, interrupts included.
    pub us: u64,
}

/// What `play_move` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Carry flag on return: set = refused as illegal.
    pub refused: bool,
    pub board: Vec<u8>,
    pub side: u8,
    pub move_number: u8,
    pub flips: Vec<u8>,
}

impl Z80 {
    /// Builds the game with `weights` and boots it (the program's own start-up is not run:
    /// the routines under test need nothing but a stack).
    pub fn new(weights: &Weights, origin: &str) -> Z80 {
        let image = assemble_game(&default_sources(), weights, origin)
            .unwrap_or_else(|e| panic!("the game does not build:\n{e}"));
        let symbols = Symbols::from_json(&image.symbols_json()).expect("symbol file parses");
        let program = Program {
            load: image.load(),
            exec: image.exec(),
            bytes: image.binary(),
        };
        let cpc = Cpc::boot(&program).expect("the image fits in memory");
        Z80 { cpc, symbols }
    }

    /// The address of a symbol of the program.
    pub fn addr(&self, name: &str) -> u16 {
        self.symbols
            .get(name)
            .unwrap_or_else(|| panic!("symbol `{name}` missing from the symbol file"))
    }

    /// Calls `routine` with A = `a`; panics if it does not return in time.
    pub fn call(&mut self, routine: &str, a: u8) -> cpc_emu::CallOutcome {
        let addr = self.addr(routine);
        let mut regs = self.cpc.registers();
        regs.af = u16::from(a) << 8 | (regs.af & 0xFF);
        self.cpc.set_registers(&regs);
        let out = self
            .cpc
            .call(addr, CALL_LIMIT_US)
            .unwrap_or_else(|e| panic!("{routine}: emulator error: {e}"));
        assert!(
            out.returned,
            "{routine} did not return within {CALL_LIMIT_US} µs"
        );
        out
    }

    /// Writes `board` (64 bytes, 0/1/2) at `name`.
    pub fn write_board(&mut self, name: &str, board: &Board) {
        let at = self.addr(name);
        self.cpc.write_bytes(at, &board_bytes(board));
    }

    /// The AI's answer at `level`.
    pub fn ai(&mut self, board: &Board, level: u8) -> AiAnswer {
        self.write_board("ai_board", board);
        self.cpc
            .poke(self.addr("ai_side"), side_code(board.to_move));
        self.cpc.poke(self.addr("ai_level"), level);
        let out = self.call("ai_entry", 0);
        self.read_answer(out.elapsed_us)
    }

    /// Reads ai_move, ai_score and ai_nodes.
    pub fn read_answer(&self, us: u64) -> AiAnswer {
        let nodes = self.addr("ai_nodes");
        AiAnswer {
            mv: self.cpc.peek(self.addr("ai_move")),
            score: self.cpc.peek_word(self.addr("ai_score")) as i16,
            nodes: u32::from(self.cpc.peek_word(nodes))
                | u32::from(self.cpc.peek_word(nodes.wrapping_add(2))) << 16,
            us,
        }
    }

    /// gen_legal on `board`: the legal_list entries.
    pub fn gen_legal(&mut self, board: &Board) -> Vec<u8> {
        self.write_board("game_board", board);
        self.cpc
            .poke(self.addr("side_to_move"), side_code(board.to_move));
        self.call("gen_legal", 0);
        let n = self.cpc.peek(self.addr("legal_count"));
        self.cpc.read_bytes(self.addr("legal_list"), usize::from(n))
    }

    /// play_move(sq) on `board`, with move_number set to 7 before.
    pub fn play_move(&mut self, board: &Board, sq: u8) -> Played {
        self.write_board("game_board", board);
        self.cpc
            .poke(self.addr("side_to_move"), side_code(board.to_move));
        self.cpc.poke(self.addr("move_number"), 7);
        let out = self.call("play_move", sq);
        let n = self.cpc.peek(self.addr("flip_count"));
        Played {
            refused: out.registers.af & 1 != 0,
            board: self.cpc.read_bytes(self.addr("game_board"), 64),
            side: self.cpc.peek(self.addr("side_to_move")),
            move_number: self.cpc.peek(self.addr("move_number")),
            flips: self.cpc.read_bytes(self.addr("flip_list"), usize::from(n)),
        }
    }

    pub fn registers(&self) -> Registers {
        self.cpc.registers()
    }
}

/// The board in game_board coding: 0 empty, 1 black, 2 white, a1 first.
pub fn board_bytes(board: &Board) -> Vec<u8> {
    (0..64)
        .map(|s| {
            if board.black >> s & 1 != 0 {
                1
            } else if board.white >> s & 1 != 0 {
                2
            } else {
                0
            }
        })
        .collect()
}

pub fn side_code(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

/// A small xorshift generator: the positions are the same on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// `count` positions from seeded random play-outs of `0..70` plies each (a forced pass is a
/// ply; a play-out stops when the game is over), so every stage of the game appears,
/// finished games included.
pub fn random_positions(seed: u64, count: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let plies = rng.below(70);
            let mut b = Board::start();
            for _ in 0..plies {
                let moves = b.legal_moves();
                if moves == 0 {
                    if b.is_game_over() {
                        break;
                    }
                    b.pass();
                    continue;
                }
                let k = rng.below(u64::from(moves.count_ones())) as usize;
                let sq = squares(moves).nth(k).expect("k < move count");
                b.play(sq);
            }
            b
        })
        .collect()
}

/// The FFO endgame positions in `../shared/data/ffo`, or why they are not there.
pub fn ffo_positions() -> Result<Vec<Board>, String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/ffo");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    let mut boards = Vec::new();
    for path in names {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let mut fields = line.split_whitespace();
            let (Some(board), Some(side)) = (fields.next(), fields.next()) else {
                return Err(format!(
                    "{}:{}: expected `<board> <X|O>`",
                    path.display(),
                    i + 1
                ));
            };
            let side = side.chars().next().unwrap_or('?');
            let b = parse_board(board, side)
                .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
            boards.push(b);
        }
    }
    Ok(boards)
}

/// Parses a position written as `<64 chars> <X|O>`.
pub fn position(text: &str) -> Board {
    othello_engine::notation::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position with the given black and white discs (square names) and side to move.
pub fn from_discs(black: &[&str], white: &[&str], to_move: Color) -> Board {
    let bits = |names: &[&str]| {
        names.iter().fold(0u64, |acc, n| {
            acc | 1u64 << othello_engine::notation::parse_square(n).expect("square name")
        })
    };
    Board {
        black: bits(black),
        white: bits(white),
        to_move,
    }
}

/// A position as a one-line string for messages.
pub fn show(board: &Board) -> String {
    to_position_string(board)
}
