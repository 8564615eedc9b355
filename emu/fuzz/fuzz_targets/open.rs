//! Any bytes given to `run`'s loader (disc, snapshot, tape or AMSDOS binary, told apart by
//! their signatures): nothing may panic; a machine it started runs a frame, and its
//! snapshot loads again.
#![no_main]

use cpc_emu::{open::open_bytes, Cpc, OpenOptions, SnaModel};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(mut opened) = open_bytes("fuzz", bytes, &OpenOptions::default()) else {
        return;
    };
    let _ = opened.cpc.run_frame();
    let snapshot = opened.cpc.to_sna(SnaModel::Cpc6128);
    Cpc::from_sna(&snapshot).expect("a snapshot we wrote loads");
});
