//! End-to-end test support: the outside truths the workspace is checked against.
//!
//! The crates test themselves against documents and independent tools; this crate checks
//! what the user finally gets (a disc, a program, the game) against the real thing: the
//! Amstrad firmware and AMSDOS ROMs running in MAME. It holds the shared pieces that
//! the end-to-end tests in `tests/` (one binary, `tests/e2e/main.rs`) and the Z80 benches in
//! `benches/` use:
//! - [`game`]: the game built once per process (the shipped weights), or with other weights;
//! - [`z80`]: the program's routines called one at a time in the bundled emulator;
//! - [`oracle`]: what to do when an outside tool is missing (fail in CI, loud skip here);
//! - [`roms`]: the Amstrad ROMs, fetched at test time and never committed;
//! - [`mame`]: a step script (wait, type, wait for RAM, read RAM, snapshot) run in MAME;
//! - [`screen`]: CPC screen memory turned back into text with the ROM's own font;
//! - [`workspace`]: where the built `cpc-othello` binary and test output live.

#![deny(missing_docs)]

pub mod game;
pub mod mame;
pub mod oracle;
pub mod roms;
pub mod screen;
pub mod workspace;
pub mod z80;
