//! The reference Othello engine: the oracle for the rules and for the Z80 program's AI.
//!
//! Everything the CPC program does is checked against this crate: legal moves and flips
//! ([`board`]), notation ([`notation`]), and the AI of `docs/ai.md`. It is also the opponent
//! the tests play against.

#![deny(missing_docs)]

pub mod board;
pub mod notation;

pub use board::{Board, Color};
