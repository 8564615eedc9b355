//! Starting a program without ROMs, in the state `RUN"` leaves (reference sections 3.1 and
//! 4.11): program bytes at the load address, PC = entry address, mode 1, firmware inks and
//! CRTC values, IM 1 with interrupts enabled, SP = &C000 (MC BOOT PROGRAM's stack), both
//! ROMs off, RAM configuration 0.
//!
//! Without the firmware nothing handles interrupts, so &0038 holds `EI : RET` (the program
//! may overwrite it, and does so when it loads over &0038).

use std::sync::Arc;

use crate::cpu::Registers;
use crate::error::EmuError;
use crate::machine::{Cpc, Origin};

/// A binary to run: where it goes, where it starts, its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub load: u16,
    pub exec: u16,
    pub bytes: Vec<u8>,
}

/// The stack MC BOOT PROGRAM sets up.
pub const START_SP: u16 = 0xC000;
/// `EI : RET`, placed at the IM 1 entry point.
pub const INTERRUPT_STUB: [u8; 2] = [0xFB, 0xC9];

impl Cpc {
    /// A machine with empty RAM in the `RUN"` state, PC at &0000.
    pub fn new() -> Cpc {
        let mut cpc = Cpc::power_on();
        cpc.write_bytes(0x0038, &INTERRUPT_STUB);
        cpc.set_registers(&start_registers(0));
        cpc
    }

    /// A machine running `program` from its entry address.
    pub fn boot(program: &Program) -> Result<Cpc, EmuError> {
        let end = program.load as usize + program.bytes.len();
        if end > 0x10000 {
            return Err(EmuError::ProgramTooLong {
                load: program.load,
                len: program.bytes.len(),
                overflow: end - 0x10000,
            });
        }
        let mut cpc = Cpc::new();
        cpc.write_bytes(program.load, &program.bytes);
        cpc.set_registers(&start_registers(program.exec));
        let again = program.clone();
        cpc.origin = Origin::Restart(Arc::new(move || Cpc::boot(&again)));
        Ok(cpc)
    }

    /// Shorthand for [`Cpc::boot`] with entry = load address.
    pub fn boot_binary(load: u16, bytes: &[u8]) -> Result<Cpc, EmuError> {
        Cpc::boot(&Program {
            load,
            exec: load,
            bytes: bytes.to_vec(),
        })
    }
}

impl Default for Cpc {
    fn default() -> Self {
        Self::new()
    }
}

fn start_registers(pc: u16) -> Registers {
    Registers {
        pc,
        sp: START_SP,
        im: 1,
        iff1: true,
        iff2: true,
        ..Registers::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_state_matches_run_quote() {
        let cpc = Cpc::boot_binary(0x4000, &[0x18, 0xFE]).unwrap();
        let r = cpc.registers();
        assert_eq!((r.pc, r.sp, r.im, r.iff1), (0x4000, 0xC000, 1, true));
        assert_eq!(cpc.gate_array().mode_requested, 1);
        assert!(!cpc.gate_array().lower_rom && !cpc.gate_array().upper_rom);
        assert_eq!(cpc.crtc().regs, crate::crtc::DEFAULT_REGS);
        assert_eq!(cpc.read_bytes(0x38, 2), INTERRUPT_STUB);
        assert_eq!(cpc.read_bytes(0x4000, 2), [0x18, 0xFE]);
    }

    #[test]
    fn program_past_the_address_space_is_refused() {
        let err = Cpc::boot_binary(0xFFF0, &[0; 32]).err().unwrap();
        assert_eq!(
            err.to_string(),
            "a program of 32 bytes loaded at &FFF0 would run past &FFFF (by 16 bytes)"
        );
    }

    #[test]
    fn program_over_0038_keeps_its_own_bytes() {
        let cpc = Cpc::boot(&Program {
            load: 0x0000,
            exec: 0x40,
            bytes: vec![0x11; 0x40],
        })
        .unwrap();
        assert_eq!(cpc.peek(0x38), 0x11);
    }
}
