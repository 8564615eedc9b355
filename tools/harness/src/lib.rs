//! The tools that judge the Z80 Othello program, one module a job; the game itself (its
//! build, its media and the driver of its memory) is `cpc-game`'s, the rules and the AI
//! the reference engine's (`othello-engine`):
//! - [`verify`]: the Z80 program in the emulator against the reference, on positions and
//!   whole games, and in MAME;
//! - [`matches`]: games between the Z80 program, the reference and GTP programs, with the
//!   referee, the report, the Elo arithmetic, the losses' analysis, the margin and `tune`;
//! - [`mame`]: the real Amstrad firmware in MAME, and the ROMs it needs.
//!
//! It prints nothing (the command line does).

pub mod mame;
pub mod matches;
pub mod tune;
pub mod verify;
