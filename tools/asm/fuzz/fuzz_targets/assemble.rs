//! Any bytes, as a main source that may INCLUDE/INCBIN a second in-memory file made of the
//! same bytes: the assembler must return (success or diagnostics), never panic or hang.
#![no_main]

use std::path::PathBuf;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut files = cpc_asm::MemoryFiles::new();
    files.insert("main.asm", data);
    files.insert("inc.asm", data);
    let options = cpc_asm::Options::default()
        .define("FUZZ", 1)
        .generated_file("gen.inc", "g: db 1\n");
    match cpc_asm::assemble_with(&files, &[PathBuf::from("main.asm")], &options) {
        Ok(asm) => {
            let _ = asm.binary();
            let _ = asm.listing();
            let _ = asm.symbols_json();
            let _ = asm.memory_map();
        }
        Err(diags) => {
            let _ = diags.to_string();
        }
    }
});
