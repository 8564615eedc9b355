//! Helpers shared by the AI tests: board strings, a seeded generator, random game positions
//! and the FFO endgame oracle of `tools/engine/data/ffo`.
#![allow(dead_code)] // each test binary uses a different subset

use othello_engine::board::{squares, Board, Color};
use othello_engine::notation::parse_square;
use othello_engine::solve::ffo::parse_ffo;

pub const FFO_1_19: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/ffo/ffo-1-19.txt");

/// A square index from its name; panics on a typo in a test.
pub fn sq(name: &str) -> u8 {
    parse_square(name).unwrap_or_else(|| panic!("bad square name {name}"))
}

/// A bitboard from square names.
pub fn bits(names: &[&str]) -> u64 {
    names.iter().fold(0, |b, n| b | 1u64 << sq(n))
}

/// A board from the 64-character FFO string (`X` black, `O` white, `-` empty, a1 first).
pub fn board(text: &str, to_move: Color) -> Board {
    assert_eq!(text.len(), 64, "{text}");
    let mut b = Board {
        black: 0,
        white: 0,
        to_move,
    };
    for (i, c) in text.bytes().enumerate() {
        match c {
            b'X' => b.black |= 1 << i,
            b'O' => b.white |= 1 << i,
            b'-' => {}
            _ => panic!("bad board char {c}"),
        }
    }
    b
}

/// xorshift64: deterministic test data without a dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Positions reached by random play from the start: for each game, the position after a
/// number of moves drawn in `plies` (fewer if the game ends first), side to move having a move
/// unless the game is over.
pub fn random_positions(seed: u64, count: usize, plies: std::ops::Range<u32>) -> Vec<Board> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let target = plies.start + rng.below(u64::from(plies.end - plies.start)) as u32;
        let mut b = Board::start();
        let mut played = 0;
        while played < target && !b.is_game_over() {
            let moves: Vec<u8> = squares(b.legal_moves()).collect();
            if moves.is_empty() {
                b.pass();
                continue;
            }
            b.play(moves[rng.below(moves.len() as u64) as usize]);
            played += 1;
        }
        out.push(b);
    }
    out
}

/// One line of an FFO file: the position, the exact score and every move's exact score.
pub struct Ffo {
    pub board: Board,
    pub score: i16,
    pub all: Vec<(u8, i16)>,
}

/// The FFO test positions #1-#19 (`FFO_1_19`), read by the engine's own FFO parser.
pub fn ffo_1_19() -> Vec<Ffo> {
    let path = std::path::Path::new(FFO_1_19);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!("the FFO oracle {FFO_1_19} is missing or unreadable ({e}); it is part of the repository (tools/engine/data)")
    });
    parse_ffo(&text, path)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|p| Ffo {
            board: p.board,
            score: i16::try_from(p.score).expect("a disc difference"),
            all: p
                .all
                .into_iter()
                .map(|(sq, v)| (sq, i16::try_from(v).expect("a disc difference")))
                .collect(),
        })
        .collect()
}
