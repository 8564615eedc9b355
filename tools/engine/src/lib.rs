//! The reference Othello engine: the oracle for the rules and for the Z80 program's AI.
//!
//! Everything the CPC program does is checked against this crate: legal moves and flips
//! ([`board`]), notation ([`notation`]), and the AI of `docs/ai.md`. It is also the opponent
//! the tests play against.

#![deny(missing_docs)]

pub mod ai;
pub mod board;
pub mod book;
pub mod eval;
pub mod game;
pub mod gtp;
pub mod levels;
pub mod lines;
pub mod notation;
pub mod perft;
pub mod record;
pub mod rng;
pub mod search;
pub mod solve;
pub mod terminal;
pub mod weights;

pub use board::{Board, Color};
