//! Acceptance tests of the emulator, each running a small program assembled by our own
//! assembler (cpc-asm).

mod common;

mod calls; // Cpc::call, run_until and symbols from the assembler's JSON
mod interrupts; // 300 Hz interrupts, VSYNC on PPI port B, HALT, IM 2
mod keyboard; // every key of the matrix through the PSG
mod memory; // 6128 RAM banking from a program
mod screen; // pen per pixel in modes 0, 1, 2 and mode changes per line
mod timing; // CPC microseconds measured through running code
mod watch; // run_frames_watching: stops at writes to one RAM byte
