//! Square names (a1..h8), board strings (FFO: 64 chars, `X` black, `O` white, `-` empty, a1 first)
//! and game transcripts (`f5d6c3...`).

use crate::board::Board;

/// Parses a square name `a1`..`h8` (either case) into its index 0..63.
#[must_use]
pub fn parse_square(name: &str) -> Option<u8> {
    let b = name.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let col = b[0].to_ascii_lowercase().wrapping_sub(b'a');
    let row = b[1].wrapping_sub(b'1');
    (col < 8 && row < 8).then_some(row * 8 + col)
}

/// The name `a1`..`h8` of a square index 0..63.
#[must_use]
pub fn square_name(sq: u8) -> String {
    let sq = sq & 63;
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

/// The 64-character board string, a1 first.
#[must_use]
pub fn to_board_string(board: &Board) -> String {
    (0..64)
        .map(|i| {
            let bit = 1u64 << i;
            if board.black & bit != 0 {
                'X'
            } else if board.white & bit != 0 {
                'O'
            } else {
                '-'
            }
        })
        .collect()
}
