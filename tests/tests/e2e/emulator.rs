//! The Z80 program of `cpc/` in the bundled emulator, checked against the reference engine.
//!
//! [`ui`] plays the whole game through its keys (the driver's key protocol) and reads the
//! screen back; [`pv`] is the principal-variation property both programs' PVs must have; the
//! routines are called one at a time through `cpc_e2e::z80`; [`emu_timing_golden`] holds the
//! emulator to the CPC timings it gave the game before its speed work.

mod pv;
mod ui;

mod emu_timing_golden;
mod transcript;
mod verify;
mod z80_ai;
mod z80_book;
mod z80_budget;
mod z80_deep;
mod z80_endgame_nws;
mod z80_features;
mod z80_pv_scores;
mod z80_ram_leftovers;
mod z80_replay;
mod z80_table_ram;
mod z80_ui;
