//! The games of a run: who plays the human side (a seeded random player, or the reference
//! engine after a few random opening moves), which colour it takes, and the whole game as
//! the reference engine expects it ([`plan`]), which the MAME driver types in advance.

use othello_engine::ai::best_move;
use othello_engine::board::{squares, Board, Color};
use othello_engine::weights::Weights;

use super::positions::{mix_seed, Rng};

/// `record_list` / `last_move` entry of a pass.
pub const PLY_PASS: u8 = 0xFF;

/// Who plays the human side through the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HumanPlayer {
    /// A uniformly random legal move, from the game's seed.
    Random,
    /// The reference engine at `level`, after `opening` random moves (so that games differ).
    Reference {
        /// The engine level.
        level: u8,
        /// Random moves first.
        opening: u8,
    },
}

/// One game of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// The level the Z80 program plays at.
    pub level: u8,
    /// The game's number in the run for this level (0-based).
    pub index: usize,
    /// The colour the keys play.
    pub human: Color,
    /// Who chooses the keys' moves.
    pub player: HumanPlayer,
    /// The game's own seed (from the run's seed, the level and the index).
    pub seed: u64,
}

impl GameSetup {
    /// Game `index` at `level` of the run with seed `run_seed`: the human side alternates
    /// black, white; every other pair of games is played by the reference engine (its level
    /// cycling through the first four the weights define) after 0 to 8 random moves.
    #[must_use]
    pub fn new(run_seed: u64, level: u8, index: usize, weights: &Weights) -> GameSetup {
        let seed = mix_seed(&[run_seed, u64::from(level), index as u64]);
        let human = if index & 1 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let player = if index & 2 == 0 {
            HumanPlayer::Random
        } else {
            let levels = weights.max_level().min(4);
            HumanPlayer::Reference {
                level: 1 + ((index / 4) % usize::from(levels)) as u8,
                opening: (seed % 9) as u8,
            }
        };
        GameSetup {
            level,
            index,
            human,
            player,
            seed,
        }
    }
}

impl std::fmt::Display for GameSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let colour = match self.human {
            Color::Black => "black",
            Color::White => "white",
        };
        write!(
            f,
            "level {} game #{} (the keys play {colour}: ",
            self.level,
            self.index + 1
        )?;
        match self.player {
            HumanPlayer::Random => write!(f, "random moves")?,
            HumanPlayer::Reference { level, opening } => write!(
                f,
                "the reference at level {level} after {opening} random moves"
            )?,
        }
        write!(f, ")")
    }
}

/// The human side's move chooser of a game; deterministic from the setup.
#[derive(Clone, Debug)]
pub struct Human {
    player: HumanPlayer,
    rng: Rng,
    moves: u32,
}

impl Human {
    /// The chooser of `setup`.
    #[must_use]
    pub fn new(setup: &GameSetup) -> Human {
        Human {
            player: setup.player,
            rng: Rng::new(setup.seed),
            moves: 0,
        }
    }

    /// The move for `board` (which has a legal move).
    pub fn choose(&mut self, board: &Board, weights: &Weights) -> u8 {
        let legal: Vec<u8> = squares(board.legal_moves()).collect();
        self.moves += 1;
        let random = match self.player {
            HumanPlayer::Random => true,
            HumanPlayer::Reference { opening, .. } => self.moves <= u32::from(opening),
        };
        let engine = match self.player {
            HumanPlayer::Reference { level, .. } if !random => {
                best_move(board, level, weights).best_move
            }
            _ => None,
        };
        engine.unwrap_or_else(|| legal[self.rng.below(legal.len() as u64) as usize])
    }
}

/// The computer's move at `level`, `None` for a pass.
#[must_use]
pub fn computer_choice(board: &Board, level: u8, weights: &Weights) -> Option<u8> {
    best_move(board, level, weights).best_move
}

/// What the keys do where the program waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitKeys {
    /// The human's turn: SPACE `presses` times from the first legal move, then ENTER plays
    /// `choice`.
    Human {
        /// SPACE presses.
        presses: usize,
        /// The move.
        choice: u8,
    },
    /// A forced pass was announced: SPACE goes on.
    Pass,
}

/// A point of a game where the program waits for a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wait {
    /// The position then (after the pass, for [`WaitKeys::Pass`]).
    pub board: Board,
    /// Plies played before it.
    pub plies_before: usize,
    /// The keys.
    pub keys: WaitKeys,
}

/// A whole game as the reference expects it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Where the program waits, in order (game over excluded).
    pub waits: Vec<Wait>,
    /// Every ply: a square, or [`PLY_PASS`].
    pub plies: Vec<u8>,
    /// The position before each ply.
    pub before: Vec<Board>,
    /// The final position.
    pub end: Board,
}

/// The game `setup` gives when the program plays exactly the reference's moves.
#[must_use]
pub fn plan(setup: &GameSetup, weights: &Weights) -> Plan {
    let mut human = Human::new(setup);
    let mut board = Board::start();
    let mut waits = Vec::new();
    let mut plies = Vec::new();
    let mut before = Vec::new();
    while !board.is_game_over() {
        before.push(board);
        if board.must_pass() {
            board.pass();
            plies.push(PLY_PASS);
            waits.push(Wait {
                board,
                plies_before: plies.len(),
                keys: WaitKeys::Pass,
            });
            continue;
        }
        let sq = if board.to_move == setup.human {
            let choice = human.choose(&board, weights);
            let presses = squares(board.legal_moves())
                .position(|s| s == choice)
                .unwrap_or_default();
            waits.push(Wait {
                board,
                plies_before: plies.len(),
                keys: WaitKeys::Human { presses, choice },
            });
            choice
        } else {
            computer_choice(&board, setup.level, weights).unwrap_or_default()
        };
        board.play(sq);
        plies.push(sq);
    }
    Plan {
        waits,
        plies,
        before,
        end: board,
    }
}
