//! A game in progress: the position, the moves that led to it (passes included) and undo.
//!
//! [`Board`] knows the rules of one position; a `Game` adds the history that the terminal
//! game, GTP and transcripts need. A pass is only legal when the side to move has no move.

use crate::board::{Board, Color, FinalScore, Undo};

/// One entry of a game's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A disc played on a square (0..63).
    Play(u8),
    /// The side to move had no legal move.
    Pass,
}

/// A move that the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A square index outside 0..63.
    #[error("square index {0} is outside the board (0..63)")]
    BadSquare(u8),
    /// The square is occupied or flips nothing.
    #[error("{} is not a legal move for {color}", crate::board::square_name(*square))]
    Illegal {
        /// The square tried.
        square: u8,
        /// The side to move.
        color: Color,
    },
    /// The side to move has no legal move: it must pass.
    #[error("{0} has no legal move and must pass")]
    MustPass(Color),
    /// A pass while a legal move exists.
    #[error("{0} cannot pass: it has a legal move")]
    CannotPass(Color),
    /// Neither side can move.
    #[error("the game is over")]
    GameOver,
}

/// A game: its start position, current position and history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Board,
    board: Board,
    history: Vec<(Move, Option<Undo>)>,
}

impl Default for Game {
    fn default() -> Self {
        Game::from_board(Board::start())
    }
}

impl Game {
    /// A new game at the standard start.
    #[must_use]
    pub fn new() -> Game {
        Game::default()
    }

    /// A game starting from any position.
    #[must_use]
    pub fn from_board(start: Board) -> Game {
        Game {
            start,
            board: start,
            history: Vec::new(),
        }
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.board.to_move
    }

    /// Legal moves of the side to move, as a bitboard.
    #[must_use]
    pub fn legal_moves(&self) -> u64 {
        self.board.legal_moves()
    }

    /// True when neither side can move.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.board.is_game_over()
    }

    /// The WOF final score once the game is over.
    #[must_use]
    pub fn final_score(&self) -> Option<FinalScore> {
        self.is_over().then(|| self.board.final_score())
    }

    /// The history, oldest first, passes included.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|&(m, _)| m)
    }

    /// The squares played, oldest first (passes left out, as in a transcript).
    pub fn squares(&self) -> impl Iterator<Item = u8> + '_ {
        self.moves().filter_map(|m| match m {
            Move::Play(sq) => Some(sq),
            Move::Pass => None,
        })
    }

    /// Number of history entries (passes included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.history.len()
    }

    /// True before the first move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// Plays `square` for the side to move.
    pub fn play(&mut self, square: u8) -> Result<(), GameError> {
        if square >= 64 {
            return Err(GameError::BadSquare(square));
        }
        let color = self.board.to_move;
        if self.board.must_pass() {
            return Err(if self.is_over() {
                GameError::GameOver
            } else {
                GameError::MustPass(color)
            });
        }
        let undo = self
            .board
            .play(square)
            .ok_or(GameError::Illegal { square, color })?;
        self.history.push((Move::Play(square), Some(undo)));
        Ok(())
    }

    /// Passes; legal only when the side to move has no move and the game is not over.
    pub fn pass(&mut self) -> Result<(), GameError> {
        if !self.board.must_pass() {
            return Err(GameError::CannotPass(self.board.to_move));
        }
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        self.board.pass();
        self.history.push((Move::Pass, None));
        Ok(())
    }

    /// Plays a history entry.
    pub fn apply(&mut self, mv: Move) -> Result<(), GameError> {
        match mv {
            Move::Play(sq) => self.play(sq),
            Move::Pass => self.pass(),
        }
    }

    /// Passes when the side to move has no move and the game is not over; says whether it did.
    pub fn pass_if_forced(&mut self) -> bool {
        self.pass().is_ok()
    }

    /// Takes back the last history entry (a move or a pass) and returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let (mv, undo) = self.history.pop()?;
        match undo {
            Some(undo) => self.board.unplay(undo),
            None => self.board.pass(),
        }
        Some(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_square;

    fn sq(name: &str) -> u8 {
        parse_square(name).unwrap()
    }

    #[test]
    fn plays_and_undoes_back_to_the_start() {
        let mut g = Game::new();
        g.play(sq("f5")).unwrap();
        g.play(sq("d6")).unwrap();
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.len(), 2);
        assert_eq!(g.undo(), Some(Move::Play(sq("d6"))));
        assert_eq!(g.undo(), Some(Move::Play(sq("f5"))));
        assert_eq!(g.undo(), None);
        assert_eq!(*g.board(), Board::start());
        assert!(g.is_empty());
    }

    #[test]
    fn refuses_what_the_rules_refuse() {
        let mut g = Game::new();
        assert_eq!(
            g.play(sq("a1")),
            Err(GameError::Illegal {
                square: 0,
                color: Color::Black
            })
        );
        assert_eq!(g.play(64), Err(GameError::BadSquare(64)));
        assert_eq!(g.pass(), Err(GameError::CannotPass(Color::Black)));
        assert_eq!(
            g.play(sq("a1")).unwrap_err().to_string(),
            "a1 is not a legal move for black"
        );
    }

    #[test]
    fn a_forced_pass_is_recorded_and_undone() {
        // Black a1, b1; white c1; white to move cannot flank anything, black can play d1,
        // which takes white's last disc.
        let start = Board {
            black: 0b11,
            white: 0b100,
            to_move: Color::White,
        };
        let mut g = Game::from_board(start);
        assert_eq!(g.play(sq("d1")), Err(GameError::MustPass(Color::White)));
        assert!(g.pass_if_forced());
        assert_eq!(g.to_move(), Color::Black);
        g.play(sq("d1")).unwrap();
        assert!(g.is_over());
        assert_eq!(g.play(sq("e1")), Err(GameError::GameOver));
        assert_eq!(g.pass(), Err(GameError::GameOver));
        let score = g.final_score().unwrap();
        assert_eq!((score.black, score.white), (64, 0));
        assert_eq!(g.moves().collect::<Vec<_>>(), [Move::Pass, Move::Play(3)]);
        assert_eq!(g.undo(), Some(Move::Play(3)));
        assert_eq!(g.undo(), Some(Move::Pass));
        assert_eq!(*g.board(), start);
    }
}
