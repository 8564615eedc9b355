//! The Amstrad ROMs MAME needs, fetched at test time and never stored in the repository: a
//! re-export of `cpc_mame::roms`.

pub use cpc_mame::roms::*;
