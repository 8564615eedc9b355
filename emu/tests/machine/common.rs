//! Helpers shared by the acceptance tests.

use cpc_emu::{Cpc, Program};

/// Assembles `src` with cpc-asm and boots it in the `RUN"` state.
pub fn boot(src: &str) -> (Cpc, cpc_asm::Assembly) {
    let asm = match cpc_asm::assemble_str(src) {
        Ok(asm) => asm,
        Err(diagnostics) => panic!("test program does not assemble:\n{diagnostics}"),
    };
    let program = Program {
        load: asm.load_address(),
        exec: asm.exec_address(),
        bytes: asm.binary(),
    };
    let cpc = Cpc::boot(&program).expect("program fits in memory");
    (cpc, asm)
}

/// The address of a label of the assembled program.
pub fn label(asm: &cpc_asm::Assembly, name: &str) -> u16 {
    let value = asm
        .symbol(name)
        .unwrap_or_else(|| panic!("no label `{name}`"));
    u16::try_from(value).expect("label is an address")
}
