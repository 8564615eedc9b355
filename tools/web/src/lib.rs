//! The browser edition (issue 51): the Z80 game in the bundled emulator in a canvas, the weights
//! file in an editor with *Rebuild* (the same assembler and build as `cpc-othello build`), every
//! computer move cross-checked against the reference engine in a Web Worker, and the build taken
//! home as .dsk, .cdt and .sna, with the game record.
//!
//! It exists so that the magazine loop (change the table, rebuild, run, check) needs nothing
//! but a browser. The page runs the workspace's own crates compiled to WebAssembly: this
//! library, built as a `cdylib` for `wasm32-unknown-unknown`, exports plain `extern "C"`
//! functions ([`abi`], wasm only) that a small hand-written JavaScript glue calls; no
//! wasm-bindgen, so no second tool to install or keep in step.
//!
//! * [`bundle`]: a build as the page passes it around (program, symbols, weights text, CRC-32).
//! * [`rebuild`]: the weights text to a build, or the error with its line and column; the media.
//! * [`session`]: the machine the page runs: boot, frames, keys, the picture as RGBA.
//! * [`watch`]: the game's memory interface as the page reads it, and each computer move seen.
//! * [`check`]: one computer move against the reference at the stage the program reported.
//! * [`keys`]: the PC keyboard (DOM `KeyboardEvent.code`) onto the CPC's, as `cpc-othello run`.
//! * [`site`] (native only): the wasm build, the static files, and a tiny server.

#[cfg(target_arch = "wasm32")]
pub mod abi;
pub mod bundle;
pub mod check;
pub mod keys;
pub mod rebuild;
pub mod session;
#[cfg(not(target_arch = "wasm32"))]
pub mod site;
pub mod watch;
