//! The one driver of the Z80 program's memory interface (docs/architecture.md, "The game's
//! memory interface"): every tool that reads or pokes the program (verify, matches, MAME,
//! the CLI's game record, the tests, the browser page) goes through here.
//!
//! - [`routines`]: `ai_entry`, `gen_legal` and `play_move` called one at a time ([`Z80Ai`]);
//! - [`ui`]: the user interface: its addresses, the key protocol, its state read out;
//! - [`transcript`]: the game on the screen as a game record.

pub mod routines;
pub mod transcript;
pub mod ui;

pub use routines::{
    board_bytes, board_from_bytes, call_limit_us, side_code, AiAnswer, Played, Routines, Z80Ai,
    AI_BAD_INPUT, AI_PASS, CALL_LIMIT_US,
};
