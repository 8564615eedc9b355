//! The openings of a match: K seeded random plies from the standard start, so that
//! deterministic programs play different games. Openings differ from each other while
//! there are enough of them (4 one-ply openings, 12 two-ply, 56 three-ply, 244 four-ply).

use othello_engine::board::squares;
use othello_engine::game::Game;

use othello_engine::rng::{mix_seed, Rng};

/// Tries to find an opening not drawn before, per opening.
const ATTEMPTS: u64 = 64;

/// `count` openings of `plies` random moves each (forced passes are not counted as plies;
/// an opening stops early if the game ends). The same seed gives the same openings.
#[must_use]
pub fn openings(seed: u64, count: usize, plies: u8) -> Vec<Game> {
    let mut drawn: Vec<Game> = Vec::with_capacity(count);
    for index in 0..count as u64 {
        let mut game = random_opening(mix_seed(&[seed, index, 0]), plies);
        for attempt in 1..ATTEMPTS {
            if !drawn.iter().any(|g| g.board() == game.board()) {
                break;
            }
            game = random_opening(mix_seed(&[seed, index, attempt]), plies);
        }
        drawn.push(game);
    }
    drawn
}

/// One opening of `plies` uniformly random legal moves.
#[must_use]
pub fn random_opening(seed: u64, plies: u8) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new();
    let mut played = 0;
    while played < plies && !game.is_over() {
        if game.pass_if_forced() {
            continue;
        }
        let legal: Vec<u8> = squares(game.legal_moves()).collect();
        let pick = legal[rng.below(legal.len() as u64) as usize];
        // Legal by construction.
        let _ = game.play(pick);
        played += 1;
    }
    game.pass_if_forced();
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_engine::board::Board;

    #[test]
    fn openings_are_seeded_legal_and_distinct() {
        let a = openings(7, 20, 4);
        assert_eq!(a, openings(7, 20, 4));
        assert_ne!(a, openings(8, 20, 4));
        for (i, g) in a.iter().enumerate() {
            assert_eq!(g.squares().count(), 4);
            assert!(
                a[..i].iter().all(|h| h.board() != g.board()),
                "opening {i} repeats"
            );
        }
        // Only 4 one-ply openings: the fifth repeats one, as it must.
        let one = openings(7, 5, 1);
        let mut boards: Vec<String> = one.iter().map(|g| format!("{:?}", g.board())).collect();
        boards.sort();
        boards.dedup();
        assert_eq!(boards.len(), 4);
        assert_eq!(*openings(7, 1, 0)[0].board(), Board::start());
    }

    #[test]
    fn a_long_opening_stops_at_the_end_of_the_game() {
        let g = random_opening(3, 200);
        assert!(g.is_over());
        assert!(g.squares().count() <= 60);
    }
}
