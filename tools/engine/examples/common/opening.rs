//! The openings of the self-play trials (`select_trial`, `budget_trial`, `wld_cost`): 6
//! random plies from the start, the same for games `2k` and `2k + 1`, which the trials play
//! with the colours swapped.
use othello_engine::board::{squares, Board};

pub fn opening(game: u32) -> Board {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ u64::from(game / 2);
    let mut b = Board::start();
    for _ in 0..6 {
        let moves: Vec<u8> = squares(b.legal_moves()).collect();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        b.play(moves[(seed % moves.len() as u64) as usize])
            .expect("a legal move");
    }
    b
}
