//! The Othello game for the CPC as every tool of the workspace sees it: the one place that
//! knows how the Z80 program is made and how to talk to it once it runs.
//!
//! - [`sources`]: the game's sources, from `cpc/` or compiled in (a build that reads no file,
//!   for the browser page);
//! - [`program`]: the build: the generated includes from the weights file (`weights.inc`,
//!   `book.inc`, `linetab.inc`), the assembly (cpc-asm) and the checks of where it loads,
//!   and the files a build writes beside the disc;
//! - [`media`]: the program as a disc, a cassette (CDT, WAV) and a snapshot, as bytes;
//! - [`Image`]: a built program with its symbol file, booted in the bundled emulator;
//! - [`symbols`]: every symbol name a tool reads, pokes or calls, once;
//! - [`driver`]: the one driver of the program's memory interface: AI calls, the key
//!   protocol of its user interface, the board, record and panel read out, the game record;
//! - [`stage`]: the reference engine's answer at the stage the program reported;
//! - [`progress`]: how a long run over the program reports what it has done.
//!
//! It sits above the assembler, the media, the emulator and the engine, and below every tool
//! that checks or plays the program (verify, matches, MAME, the command line, the tests, the
//! page).
//! It prints nothing.

pub mod driver;
mod error;
mod image;
pub mod media;
pub mod program;
pub mod progress;
pub mod sources;
pub mod stage;
pub mod symbols;

pub use driver::{AiAnswer, Z80Ai};
pub use error::{BuildError, DriverError};
pub use image::{played_weights, Image};
pub use program::{assemble, build_game, BuildOptions, BuildOutput, GameImage};
