//! The Amstrad ROMs MAME needs, fetched at test time and never stored in the repository: a
//! re-export of `cpc_othello::mame::roms`.

pub use cpc_othello::mame::roms::*;
