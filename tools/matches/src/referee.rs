//! One game between two players, refereed by the reference rules: a player is asked for a
//! move only when it has one (forced passes are the referee's), every answer is checked, and
//! a side that answers an illegal move, a pass with a move on the board, `resign` or
//! nonsense loses the game on the spot.

use std::time::Instant;

use othello_engine::board::{squares, Board, Color};
use othello_engine::game::Game;
use othello_engine::gtp::final_score;
use othello_engine::notation::square_name;

use super::players::{Answer, CpcClock, Player};

/// A game lost by a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The side that answered wrongly.
    pub loser: Color,
    /// What it answered, and why that loses.
    pub reason: String,
}

/// A refereed game.
#[derive(Clone, Debug)]
pub struct Refereed {
    /// The game from the standard start: the opening, then the players' moves.
    pub game: Game,
    /// Set when a side lost by a wrong answer (the game stops there).
    pub forfeit: Option<Forfeit>,
    /// Players whose own `final_score` differs from the referee's.
    pub disputes: Vec<String>,
    /// Host seconds each side (black, white) spent choosing its moves.
    pub host_seconds: [f64; 2],
    /// CPC time of each side (black, white) that is the Z80 program.
    pub cpc: [Option<CpcClock>; 2],
}

/// Plays the game on from `opening`, `black` and `white` choosing the moves.
///
/// # Errors
/// The side whose player cannot go on, and why.
pub fn play(
    opening: &Game,
    black: &mut dyn Player,
    white: &mut dyn Player,
) -> Result<Refereed, (Color, String)> {
    let mut seats: [&mut dyn Player; 2] = [black, white];
    for (i, seat) in seats.iter_mut().enumerate() {
        seat.begin(opening).map_err(|e| (side(i), e))?;
    }
    let mut game = opening.clone();
    let mut host_seconds = [0.0; 2];
    let mut forfeit = None;
    loop {
        game.pass_if_forced();
        if game.is_over() {
            break;
        }
        let board = *game.board();
        let color = board.to_move;
        let me = color.index();
        let started = Instant::now();
        let answer = seats[me].choose(&board).map_err(|e| (color, e))?;
        host_seconds[me] += started.elapsed().as_secs_f64();
        match judge(&board, &answer) {
            Ok(sq) => {
                // Legal: judged on the same board.
                let _ = game.play(sq);
                seats[1 - me]
                    .observe(color, sq)
                    .map_err(|e| (color.opponent(), e))?;
            }
            Err(reason) => {
                forfeit = Some(Forfeit {
                    loser: color,
                    reason,
                });
                break;
            }
        }
    }
    let mut disputes = Vec::new();
    if forfeit.is_none() {
        let ours = final_score(game.board());
        for (i, seat) in seats.iter_mut().enumerate() {
            if let Some(theirs) = seat.final_score() {
                if !theirs.trim().eq_ignore_ascii_case(&ours) {
                    disputes.push(format!(
                        "{} ({}) says final_score {theirs}, the referee {ours}",
                        side(i),
                        seat.name()
                    ));
                }
            }
        }
    }
    Ok(Refereed {
        game,
        forfeit,
        disputes,
        host_seconds,
        cpc: [seats[0].cpc_clock(), seats[1].cpc_clock()],
    })
}

/// The square of a legal answer, or why the answer loses.
fn judge(board: &Board, answer: &Answer) -> Result<u8, String> {
    let legal = board.legal_moves();
    let list = || {
        squares(legal)
            .map(square_name)
            .collect::<Vec<_>>()
            .join(" ")
    };
    match answer {
        Answer::Square(sq) if legal & (1u64 << sq) != 0 => Ok(*sq),
        Answer::Square(sq) => Err(format!(
            "played {}, which is illegal (legal: {})",
            square_name(*sq),
            list()
        )),
        Answer::Pass => Err(format!("passed with legal moves ({})", list())),
        Answer::Resign => Err("resigned".to_string()),
        Answer::Nonsense(text) => Err(format!("answered `{text}`, which is not a move")),
    }
}

fn side(i: usize) -> Color {
    if i == 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_engine::board::squares;

    /// Plays the first legal move, or a scripted wrong answer at its `wrong_at`-th move.
    struct Scripted {
        wrong_at: Option<(usize, Answer)>,
        moves: usize,
        told: Vec<u8>,
    }

    impl Scripted {
        fn new(wrong_at: Option<(usize, Answer)>) -> Scripted {
            Scripted {
                wrong_at,
                moves: 0,
                told: Vec::new(),
            }
        }
    }

    impl Player for Scripted {
        fn name(&self) -> String {
            "scripted".into()
        }
        fn begin(&mut self, _: &Game) -> Result<(), String> {
            Ok(())
        }
        fn choose(&mut self, board: &Board) -> Result<Answer, String> {
            assert!(!board.must_pass(), "asked to move without a legal move");
            self.moves += 1;
            match &self.wrong_at {
                Some((n, answer)) if *n == self.moves => Ok(answer.clone()),
                _ => Ok(Answer::Square(squares(board.legal_moves()).next().unwrap())),
            }
        }
        fn observe(&mut self, _: Color, sq: u8) -> Result<(), String> {
            self.told.push(sq);
            Ok(())
        }
    }

    #[test]
    fn a_whole_game_is_legal_and_each_side_hears_the_other() {
        let (mut b, mut w) = (Scripted::new(None), Scripted::new(None));
        let r = play(&Game::new(), &mut b, &mut w).unwrap();
        assert!(r.game.is_over());
        assert_eq!(r.forfeit, None);
        let played: Vec<u8> = r.game.squares().collect();
        assert_eq!(b.moves + w.moves, played.len());
        assert_eq!(b.told.len(), w.moves);
        assert_eq!(w.told.len(), b.moves);
    }

    #[test]
    fn wrong_answers_lose_with_the_reason() {
        let cases = [
            (
                Answer::Square(0),
                "played a1, which is illegal (legal: d3 c4 f5 e6)",
            ),
            (Answer::Pass, "passed with legal moves (d3 c4 f5 e6)"),
            (Answer::Resign, "resigned"),
            (
                Answer::Nonsense("Z9".into()),
                "answered `Z9`, which is not a move",
            ),
        ];
        for (answer, reason) in cases {
            let (mut b, mut w) = (Scripted::new(Some((1, answer))), Scripted::new(None));
            let r = play(&Game::new(), &mut b, &mut w).unwrap();
            assert_eq!(
                r.forfeit,
                Some(Forfeit {
                    loser: Color::Black,
                    reason: reason.into()
                })
            );
            assert!(r.game.is_empty());
        }
    }
}
