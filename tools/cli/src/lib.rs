//! The library half of `cpc-othello`: the pipelines that join several crates and that tests
//! call directly, without going through the command line. The binary (`main.rs`) only turns
//! arguments into calls of these functions.

pub mod build;
pub mod mame;
pub mod matches;
pub mod transcript;
pub mod tune;
pub mod verify;
