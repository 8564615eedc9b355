//! A small Amstrad CPC emulator.
