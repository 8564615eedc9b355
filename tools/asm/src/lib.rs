//! A Z80 assembler and linker for Amstrad CPC sources (WinAPE / Maxam / RASM syntax).
//!
//! Knows nothing of Othello: it turns source files into bytes, listings and symbol files.

#![deny(missing_docs)]

pub mod encode;
