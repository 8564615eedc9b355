//! The harness that checks the Z80 Othello program against the reference engine.
//!
//! The game exists twice: as Z80 code in `cpc/` and as the Rust reference engine
//! (`othello-engine`). This crate joins the pipeline's crates to keep the two in step, and
//! is what the command line (`tools/cli`), the end-to-end tests (`tests/`) and the benches
//! call:
//! - [`build`]: `weights.inc` and `book.inc` from the weights TOML, the assembly of
//!   `cpc/main.asm` (cpc-asm) and the disc (cpc-dsk);
//! - [`verify`]: the Z80 program in the emulator (cpc-emu, through the symbol file) against
//!   the reference, on positions and whole games, and in MAME;
//! - [`matches`]: games between the Z80 program, the reference and GTP programs, with the
//!   referee, the report and the Elo arithmetic;
//! - [`mame`]: the real Amstrad firmware in MAME, and the ROMs it needs;
//! - [`transcript`]: the game record read out of the emulated CPC's memory;
//! - [`tune`]: weights tuned by self-play of the reference engine.
//!
//! It knows the game only through the symbol file and docs/architecture.md's contract; it
//! prints nothing (the command line does).

pub mod build;
pub mod mame;
pub mod matches;
pub mod transcript;
pub mod tune;
pub mod verify;
