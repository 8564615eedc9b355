//! The end-to-end tests, in one binary: the game is built once for all of them
//! (`cpc_e2e::game::default_image`) and reached only through the driver of its memory
//! interface (`cpc_game::driver`). By theme:
//!
//! - [`emulator`]: the Z80 program of `cpc/` in the bundled emulator against the reference
//!   engine: its routines called one at a time, the whole game played through its keys, the
//!   game record read back, `verify` as a library, the CPC timings of the emulator;
//! - [`oracles`]: against programs outside the test: MAME with the real Amstrad ROMs, GRhino,
//!   and the `cpc-othello` binary as a user runs it (a test whose outside tool is missing
//!   fails under `CI=true` and says loudly that it was skipped otherwise: `cpc_e2e::oracle`);
//! - [`lint`]: rules the sources keep: no module circles, assembler sources WinAPE and RASM
//!   read too, nothing outside the repository.
//!
//! `cargo test -p cpc-e2e` runs them all; `cargo test -p cpc-e2e -- lint::` one theme,
//! `cargo test -p cpc-e2e -- emulator::z80_ui::` one file.

mod emulator;
mod lint;
mod oracles;
