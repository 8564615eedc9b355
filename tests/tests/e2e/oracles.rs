//! The workspace against programs outside the test: MAME running the real Amstrad firmware
//! and AMSDOS ROMs (discs, tapes, snapshots, the game, the emulator's picture), GRhino over
//! GTP, and the `cpc-othello` binary as a user runs it. Without MAME or GRhino a test fails
//! under `CI=true` and says loudly that it was skipped otherwise (`cpc_e2e::oracle`).

mod dsk_cli;
mod dsk_mame;
mod emu_mame;
mod gtp_rhino;
mod match_cmd;
mod tape_sna;
mod verify_mame;
mod z80_mame;
mod z80_replay_mame;
