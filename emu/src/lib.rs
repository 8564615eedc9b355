//! A small Amstrad CPC 6128 emulator that runs bare-metal programs without any ROM.
//!
//! It exists so that the workspace can run the game it builds, in a window or headless,
//! and verify it without other software: every test of the game drives it through this
//! crate. It knows nothing of the game.
//!
//! * CPU: the `iz80` crate (0.5.1, vendored in `emu/vendor/iz80` with a small patch its
//!   `PATCH.md` describes), wrapped in [`cpu`] (the only module that names it), with time
//!   counted in CPC microseconds from the tables in [`timing`]. ZEXDOC and ZEXALL pass on
//!   this path (`tests/zex.rs`).
//! * Hardware: 128 KB RAM with 6128 banking ([`memory`]), Gate Array ([`gate_array`]),
//!   CRTC ([`crtc`]), PPI and PSG ([`ppi`]), the keyboard matrix ([`keyboard`]), all joined
//!   by the port decoding of [`bus`].
//! * Output: a 768 x 544 RGB framebuffer with the border ([`video`]) and PNG screenshots.
//! * Loading: a raw binary or an AMSDOS file in the state `RUN"` leaves ([`program`]),
//!   `.sna` snapshots v1-3 ([`sna`]; written as version 3 by [`sna_write`]), `.dsk` images
//!   ([`disk`]), `.cdt` tapes ([`tape`]).
//! * Front-end: `window::run_window`, the machine in a window (minifb) with the PC keyboard
//!   mapped onto the CPC's; behind the default cargo feature `window`. Without it
//!   (`--no-default-features`) the crate needs no windowing crate and builds for
//!   `wasm32-unknown-unknown`: nothing else in it reads the clock or starts a thread.
//! * Driving: [`Cpc::run_frame`], [`Cpc::run_until_pc`], [`Cpc::call`], write watches
//!   ([`Cpc::run_frames_watching`]), key presses and [`KeyScript`]s, memory access, and
//!   [`Symbols`] from the assembler's JSON.
//!
//! # Example
//! ```
//! use cpc_emu::{Cpc, CpcKey};
//! // LD A,1 : LD (&8000),A : HALT-loop
//! let program = [0x3E, 0x01, 0x32, 0x00, 0x80, 0x76, 0x18, 0xFD];
//! let mut cpc = Cpc::boot_binary(0x4000, &program).unwrap();
//! cpc.press(CpcKey::Space);
//! cpc.run_frames(2).unwrap();
//! assert_eq!(cpc.peek(0x8000), 1);
//! assert_eq!(cpc.time_us(), 2 * cpc_emu::timing::FRAME_US);
//! ```

pub mod bus;
pub mod cpu;
pub mod crtc;
pub mod disk;

pub mod error;
pub mod gate_array;
pub mod keyboard;
pub mod keyscript;
pub mod machine;
pub mod memory;
pub mod open;
pub mod palette;
pub mod ppi;
pub mod program;
pub mod screenshot;
pub mod sna;
pub mod sna_write;
pub mod symbols;
pub mod tape;
pub mod timing;
pub mod video;
#[cfg(feature = "window")]
pub mod window;

pub use cpu::{CpuError, Registers};
pub use error::EmuError;
pub use keyboard::CpcKey;
pub use keyscript::{KeyChange, KeyScript, KeyScriptError};
pub use machine::{CallOutcome, Cpc, Event, EventKind, RunOutcome, CALL_SENTINEL};
pub use open::{open, OpenOptions, Opened};
pub use program::Program;
pub use sna_write::SnaModel;
pub use symbols::Symbols;
pub use video::{HEIGHT, WIDTH};
