//! Any bytes given to the tape reader, then the files it finds: nothing may panic, and a
//! file it accepted must survive being written to a tape and read back.
#![no_main]

use cpc_dsk::tape::{read_tape, tape_files, write_tape, TapeSpeed};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(blocks) = read_tape(bytes) else {
        return;
    };
    let Ok(files) = tape_files(&blocks) else {
        return;
    };
    for file in files {
        let Ok(image) = write_tape(&file, TapeSpeed::FAST) else {
            continue;
        };
        let again = read_tape(&image).expect("a tape we wrote is readable");
        let back = tape_files(&again).expect("a tape we wrote holds whole files");
        assert_eq!(back, [file]);
    }
});
