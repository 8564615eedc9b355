//! MAME with the real Amstrad ROMs as a test oracle, driven by a small step script: a
//! re-export of `cpc_mame`, where the driver lives so that `cpc-othello verify
//! --mame` runs the same code as these tests.

pub use cpc_mame::*;
