//! The Z80, on the `iz80` crate. This is the only module that names `iz80`: swapping the
//! core touches this file alone.
//!
//! The wrapper fixes what iz80 0.5.1 does not do for a CPC:
//! * time comes from [`crate::timing`], not from iz80's T-state counter (wrong for the IX/IY
//!   forms and frozen while halted; switched off, which the vendored patch allows);
//! * interrupts are decided here: an interrupt the CPU would accept in IM 0 or IM 2 (which
//!   would make iz80 panic) becomes [`CpuError::UnsupportedInterruptMode`] before iz80 runs;
//! * HALT is tracked here, so a halted CPU keeps time and wakes on the next interrupt;
//! * most steps are plain ([`Cpu::step_plain`]: no interrupt pending, not halted, not just
//!   after EI), most of them costed by one table lookup; the machine's loop runs them without
//!   the interrupt logic, which only the other steps go through;
//! * OUTI/OTIR/OUTD/OTDR put B on the bus after its decrement and INI/INIR/IND/INDR before
//!   it, as a real Z80 does (iz80 0.5.1 has them the wrong way round; fixed in the vendored
//!   copy, `emu/vendor/iz80/PATCH.md`).
//!
//! iz80 is used through a small vendored patch: its CPU is generic over the bus type (every
//! memory access a direct call) and reports what its decoder decoded, from which the CPC
//! cost is looked up in [`crate::timing`]'s tables without reading the bytes again.

use iz80::{Machine, Reg16, Reg8};

use crate::bus::Bus;
use crate::timing::{self, Cond, Special, IM1_ACK_NOPS};

/// The Z80 register file as the emulator exposes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Registers {
    pub af: u16,
    pub bc: u16,
    pub de: u16,
    pub hl: u16,
    pub af_alt: u16,
    pub bc_alt: u16,
    pub de_alt: u16,
    pub hl_alt: u16,
    pub ix: u16,
    pub iy: u16,
    pub sp: u16,
    pub pc: u16,
    pub i: u8,
    pub r: u8,
    pub iff1: bool,
    pub iff2: bool,
    /// Interrupt mode 0, 1 or 2.
    pub im: u8,
    /// Executing HALT, waiting for an interrupt.
    pub halted: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CpuError {
    #[error(
        "the Z80 accepted an interrupt in IM {mode} at PC=&{pc:04X}; only IM 1 is emulated \
         (the CPC's Gate Array puts no vector on the bus: use IM 1)"
    )]
    UnsupportedInterruptMode { mode: u8, pc: u16 },
}

/// What one call to [`Cpu::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Ran one instruction (after accepting an interrupt if `interrupt`), costing `nops` µs.
    Ran { nops: u32, interrupt: bool },
    /// Halted and no interrupt to take: nothing ran; the caller lets time pass.
    Halted,
}

pub struct Cpu {
    z80: iz80::Cpu<Bus>,
    halted: bool,
    /// The last instruction was EI: interrupts wait one more instruction.
    ei_delay: bool,
}

impl Machine for Bus {
    fn peek(&mut self, address: u16) -> u8 {
        self.read(address)
    }
    fn poke(&mut self, address: u16, value: u8) {
        self.write(address, value);
    }
    fn port_in(&mut self, address: u16) -> u8 {
        self.io_read(address)
    }
    fn port_out(&mut self, address: u16, value: u8) {
        self.io_write(address, value);
    }
}

impl Cpu {
    pub fn new() -> Cpu {
        let mut z80 = iz80::Cpu::new_z80_typed();
        // The CPC cost comes from `timing`; iz80's own T-state counter is not read.
        z80.set_cycle_counting(false);
        Cpu {
            z80,
            halted: false,
            ei_delay: false,
        }
    }

    /// Runs one instruction, accepting the interrupt first when `int_line` is asserted and
    /// the CPU can take it.
    #[inline(always)]
    pub fn step(&mut self, bus: &mut Bus, int_line: bool) -> Result<Step, CpuError> {
        if self.is_plain_step(int_line) {
            Ok(Step::Ran {
                nops: self.step_plain(bus),
                interrupt: false,
            })
        } else {
            self.step_careful(bus, int_line)
        }
    }

    /// True when the next [`Cpu::step`] is a plain one: no interrupt to consider (`int_line`
    /// low), not halted, not just after EI. Then [`Cpu::step_plain`] runs it.
    #[inline(always)]
    pub fn is_plain_step(&self, int_line: bool) -> bool {
        !(int_line || self.halted || self.ei_delay)
    }

    /// [`Cpu::step`] when [`Cpu::is_plain_step`] holds: runs one instruction on iz80's plain
    /// path (no signal can be pending), returns its µs. Most instructions cost a fixed time
    /// by what was decoded (table, opcode, one prefix or none), looked up at once.
    #[inline(always)]
    pub fn step_plain(&mut self, bus: &mut Bus) -> u32 {
        let at = self.z80.immutable_registers().pc();
        self.z80.execute_plain(bus);
        let (table_op, prefixes) = self.z80.last_decoded();
        if prefixes <= 1 {
            // In range already (`table_op` < 0x400): the mask only spares a bounds check.
            let index =
                (table_op | (prefixes as u16) << 10) as usize & (timing::PLAIN_NOPS.len() - 1);
            let nops = timing::PLAIN_NOPS[index];
            if nops != 0 {
                return nops as u32;
            }
        }
        self.cost_after(table_op, prefixes, at)
    }

    /// [`Cpu::step`] with an interrupt to consider, halted, or just after EI.
    #[inline(never)]
    pub(crate) fn step_careful(&mut self, bus: &mut Bus, int_line: bool) -> Result<Step, CpuError> {
        let regs = self.z80.immutable_registers();
        let (iff1, im) = regs.get_interrupt_mode();
        let accept = int_line && iff1 && !self.ei_delay;
        if accept && im != 1 {
            return Err(CpuError::UnsupportedInterruptMode {
                mode: im,
                pc: regs.pc(),
            });
        }
        if self.halted && !accept {
            return Ok(Step::Halted);
        }
        let at = if accept { 0x0038 } else { regs.pc() };
        if accept {
            self.z80.signal_interrupt(true);
            self.z80.execute_instruction(bus);
            self.z80.signal_interrupt(false);
            self.halted = false;
        } else {
            self.z80.execute_instruction(bus);
        }
        let (table_op, prefixes) = self.z80.last_decoded();
        let nops = self.cost_after(table_op, prefixes, at);
        Ok(Step::Ran {
            nops: nops + if accept { IM1_ACK_NOPS } else { 0 },
            interrupt: accept,
        })
    }

    /// The CPC cost of the instruction just run (decoded at `at`), from what iz80's decoder
    /// decoded; notes HALT and EI. What decides a conditional is read after the instruction:
    /// JR/CALL/RET cc leave F as it was, DJNZ leaves B non-zero exactly when it did not
    /// start at 1, and a repeating block instruction leaves PC on its ED byte.
    #[inline]
    fn cost_after(&mut self, table_op: u16, prefixes: u8, at: u16) -> u32 {
        let cost = timing::decoded(table_op, prefixes, at);
        if cost.is_plain() {
            self.ei_delay = false;
            return cost.nops as u32;
        }
        let regs = self.z80.immutable_registers();
        let taken = match cost.cond {
            Cond::Always => false,
            Cond::Flag(cc) => timing::condition_holds(cc, regs.get8(Reg8::F)),
            Cond::Djnz => regs.get8(Reg8::B) != 0,
            Cond::Repeat(ed_at) => regs.pc() == ed_at,
        };
        self.ei_delay = cost.special == Special::Ei;
        if cost.special == Special::Halt {
            self.halted = true;
        }
        cost.cost(taken)
    }

    /// Runs one instruction in iz80 alone, on its plain path (`execute_plain`, what a plain
    /// step runs): no CPC time, no interrupt decision, no HALT bookkeeping. Only for code
    /// that neither halts nor waits for an interrupt; not for running programs (the machine
    /// never calls it): it measures what [`Cpu::step`] and the machine add to the core
    /// (`tests/benches/emu_core.rs`).
    #[doc(hidden)]
    #[inline]
    pub fn execute_bare(&mut self, bus: &mut Bus) {
        self.z80.execute_plain(bus);
    }

    #[inline]
    pub fn pc(&self) -> u16 {
        self.z80.immutable_registers().pc()
    }

    #[inline]
    pub fn sp(&self) -> u16 {
        self.z80.immutable_registers().get16(Reg16::SP)
    }

    pub fn is_halted(&self) -> bool {
        self.halted
    }

    /// Every register, read through iz80's state serialisation (the only way to reach the
    /// alternate set and IFF2).
    pub fn registers(&self) -> Registers {
        let s = self.z80.serialize();
        let word = |hi: usize| (s[hi] as u16) << 8 | s[hi + 1] as u16;
        let shadow = STATE_SHADOW;
        Registers {
            af: word(A),
            bc: word(B),
            de: word(D),
            hl: word(H),
            af_alt: word(shadow + A),
            bc_alt: word(shadow + B),
            de_alt: word(shadow + D),
            hl_alt: word(shadow + H),
            ix: word(IXH),
            iy: word(IYH),
            sp: word(SPH),
            pc: u16::from_le_bytes([s[STATE_PC], s[STATE_PC + 1]]),
            i: s[I],
            r: s[R],
            iff1: s[STATE_PC + 2] != 0,
            iff2: s[STATE_PC + 3] != 0,
            im: s[STATE_PC + 4],
            halted: self.halted,
        }
    }

    /// Replaces every register (and the halt state); clears the EI delay.
    pub fn set_registers(&mut self, r: &Registers) {
        let mut s = self.z80.serialize();
        let mut put = |hi: usize, v: u16| {
            s[hi] = (v >> 8) as u8;
            s[hi + 1] = v as u8;
        };
        let shadow = STATE_SHADOW;
        put(A, r.af);
        put(B, r.bc);
        put(D, r.de);
        put(H, r.hl);
        put(shadow + A, r.af_alt);
        put(shadow + B, r.bc_alt);
        put(shadow + D, r.de_alt);
        put(shadow + H, r.hl_alt);
        put(IXH, r.ix);
        put(IYH, r.iy);
        put(SPH, r.sp);
        s[I] = r.i;
        s[R] = r.r;
        s[STATE_PC..STATE_PC + 2].copy_from_slice(&r.pc.to_le_bytes());
        s[STATE_PC + 2] = r.iff1 as u8;
        s[STATE_PC + 3] = r.iff2 as u8;
        s[STATE_PC + 4] = r.im;
        s[STATE_HALTED] = r.halted as u8;
        s[STATE_INT_SIGNALED] = 0;
        s[STATE_INT_JUST_ENABLED] = 0;
        // The layout is checked by this module's tests; a mismatch cannot happen at run time.
        let _ = self.z80.deserialize(&s);
        self.halted = r.halted;
        self.ei_delay = false;
    }
}

impl Default for Cpu {
    fn default() -> Self {
        Self::new()
    }
}

// iz80 0.5.1 state serialisation: 16 registers (A F B C D E H L I R IXH IXL IYH IYL SPH
// SPL), the 16 alternates, PC (little-endian), IFF1, IFF2, IM, the cycle counter (8 bytes),
// then flags: branch_taken, halted, int_signaled, nmi_pending, reset_pending,
// int_just_enabled, index, displacement.
const A: usize = 0;
const B: usize = 2;
const D: usize = 4;
const H: usize = 6;
const I: usize = 8;
const R: usize = 9;
const IXH: usize = 10;
const IYH: usize = 12;
const SPH: usize = 14;
const STATE_SHADOW: usize = 16;
const STATE_PC: usize = 32;
const STATE_HALTED: usize = STATE_PC + 5 + 8 + 1;
const STATE_INT_SIGNALED: usize = STATE_HALTED + 1;
const STATE_INT_JUST_ENABLED: usize = STATE_HALTED + 4;

#[cfg(test)]
mod tests {
    use super::*;

    /// The µs of the next `n` steps with the interrupt line low (0 for a halted step).
    fn step_costs(cpu: &mut Cpu, bus: &mut Bus, n: usize) -> Vec<u32> {
        (0..n)
            .map(|_| match cpu.step(bus, false).unwrap() {
                Step::Ran { nops, .. } => nops,
                Step::Halted => 0,
            })
            .collect()
    }

    fn cpu_with(program: &[u8]) -> (Cpu, Bus) {
        let mut bus = Bus::new();
        for (i, b) in program.iter().enumerate() {
            bus.write(0x4000 + i as u16, *b);
        }
        let mut cpu = Cpu::new();
        let mut r = cpu.registers();
        r.pc = 0x4000;
        r.sp = 0xC000;
        r.im = 1;
        cpu.set_registers(&r);
        (cpu, bus)
    }

    #[test]
    fn register_round_trip_through_iz80_state() {
        let mut cpu = Cpu::new();
        let want = Registers {
            af: 0x1234,
            bc: 0x5678,
            de: 0x9ABC,
            hl: 0xDEF0,
            af_alt: 0x1111,
            bc_alt: 0x2222,
            de_alt: 0x3333,
            hl_alt: 0x4444,
            ix: 0x5555,
            iy: 0x6666,
            sp: 0x7777,
            pc: 0x8888,
            i: 0x99,
            r: 0x0A,
            iff1: true,
            iff2: false,
            im: 2,
            halted: false,
        };
        cpu.set_registers(&want);
        assert_eq!(cpu.registers(), want);
        // Cross-check against iz80's own accessors.
        let z = cpu.z80.immutable_registers();
        assert_eq!(z.get16(Reg16::BC), 0x5678);
        assert_eq!(z.get16(Reg16::IY), 0x6666);
        assert_eq!(z.get8(Reg8::I), 0x99);
        assert_eq!(z.get_interrupt_mode(), (true, 2));
        assert_eq!(z.pc(), 0x8888);
    }

    #[test]
    fn im2_interrupt_is_an_error_not_a_panic() {
        // IM 2 ; EI ; NOP ; NOP
        let (mut cpu, mut bus) = cpu_with(&[0xED, 0x5E, 0xFB, 0x00, 0x00]);
        assert!(matches!(
            cpu.step(&mut bus, true),
            Ok(Step::Ran {
                interrupt: false,
                ..
            })
        ));
        assert!(matches!(
            cpu.step(&mut bus, true),
            Ok(Step::Ran {
                interrupt: false,
                ..
            })
        ));
        // EI delays acceptance by one instruction.
        assert!(matches!(
            cpu.step(&mut bus, true),
            Ok(Step::Ran {
                interrupt: false,
                ..
            })
        ));
        assert_eq!(
            cpu.step(&mut bus, true),
            Err(CpuError::UnsupportedInterruptMode {
                mode: 2,
                pc: 0x4004
            })
        );
    }

    #[test]
    fn halt_waits_then_takes_the_interrupt() {
        // &0038: EI ; RET.  &4000: EI ; HALT ; NOP
        let (mut cpu, mut bus) = cpu_with(&[0xFB, 0x76, 0x00]);
        bus.write(0x38, 0xFB);
        bus.write(0x39, 0xC9);
        assert_eq!(
            cpu.step(&mut bus, false),
            Ok(Step::Ran {
                nops: 1,
                interrupt: false
            })
        );
        assert_eq!(
            cpu.step(&mut bus, false),
            Ok(Step::Ran {
                nops: 1,
                interrupt: false
            })
        );
        assert!(cpu.is_halted());
        assert_eq!(cpu.step(&mut bus, false), Ok(Step::Halted));
        // Accepting: 5 µs, plus the handler's first instruction (EI, 1 µs).
        assert_eq!(
            cpu.step(&mut bus, true),
            Ok(Step::Ran {
                nops: 6,
                interrupt: true
            })
        );
        assert!(!cpu.is_halted());
        assert_eq!(
            cpu.step(&mut bus, false),
            Ok(Step::Ran {
                nops: 3,
                interrupt: false
            })
        );
        assert_eq!(cpu.pc(), 0x4002, "returns after the HALT");
    }

    #[test]
    fn outi_uses_b_after_decrement_like_a_real_z80() {
        // LD HL,&4010 ; LD BC,&8000 ; OUTI ; LD B,&80 ; OUTI  with data &10,&54 at &4010:
        // a real Z80 outputs to &7F00 (Gate Array): border black.
        let mut program = vec![0x21, 0x10, 0x40, 0x01, 0x00, 0x80, 0xED, 0xA3, 0x06, 0x80];
        program.extend([0xED, 0xA3]);
        program.resize(0x10, 0);
        program.extend([0x10, 0x54]);
        let (mut cpu, mut bus) = cpu_with(&program);
        for _ in 0..5 {
            cpu.step(&mut bus, false).unwrap();
        }
        assert_eq!(bus.ga.inks[crate::gate_array::BORDER], 0x14);
        assert_eq!(bus.crtc.selected, 0, "nothing went to the CRTC at &8000");
    }

    #[test]
    fn ini_uses_b_before_decrement() {
        // LD HL,&4100 ; LD BC,&F500 ; INI  -> reads PPI port B (&F5xx), not &F4xx.
        let (mut cpu, mut bus) = cpu_with(&[0x21, 0x00, 0x41, 0x01, 0x00, 0xF5, 0xED, 0xA2]);
        for _ in 0..3 {
            cpu.step(&mut bus, false).unwrap();
        }
        assert_eq!(bus.read(0x4100) & 0xFE, 0x5E);
    }

    /// The cost looked up from what iz80 decoded equals the cost decoded from the bytes, for
    /// every opcode of every table, with one, two and three index prefixes.
    #[test]
    fn costs_from_iz80s_decoder_match_the_byte_decoder() {
        let mut sequences: Vec<Vec<u8>> = Vec::new();
        for op in 0..=255u8 {
            sequences.push(vec![op, 0x12, 0x34, 0x56]);
            sequences.push(vec![0xCB, op]);
            sequences.push(vec![0xED, op, 0x12, 0x34]);
            for prefix in [0xDD, 0xFD] {
                sequences.push(vec![prefix, op, 0x12, 0x34, 0x56]);
                sequences.push(vec![prefix, 0xCB, 0x05, op]);
                sequences.push(vec![prefix, 0xED, op, 0x12, 0x34]);
                sequences.push(vec![prefix, 0xDD, op, 0x12, 0x34, 0x56]);
                sequences.push(vec![prefix, 0xFD, 0xDD, 0xCB, 0x05, op]);
                sequences.push(vec![prefix, 0xFD, 0xED, op, 0x12, 0x34]);
            }
        }
        for bytes in sequences {
            let (mut cpu, mut bus) = cpu_with(&bytes);
            let want = timing::decode(0x4000, |a| bus.read(a));
            cpu.step(&mut bus, false).unwrap();
            let (table_op, prefixes) = cpu.z80.last_decoded();
            let got = timing::decoded(table_op, prefixes, 0x4000);
            assert_eq!(got, want, "{bytes:02X?}");
        }
    }

    #[test]
    fn conditional_costs_follow_the_flags() {
        // XOR A (Z set) ; JR Z,+0 (taken: 3) ; JR NZ,+0 (not taken: 2) ; LD B,1 ; DJNZ (3)
        let (mut cpu, mut bus) = cpu_with(&[0xAF, 0x28, 0x00, 0x20, 0x00, 0x06, 0x01, 0x10, 0xFE]);
        assert_eq!(step_costs(&mut cpu, &mut bus, 5), vec![1, 3, 2, 2, 3]);
    }

    #[test]
    fn taken_and_untaken_costs_of_every_conditional_kind() {
        // What decides them is read after the instruction: DJNZ's B, CALL/RET cc's F, the PC
        // a repeating LDIR leaves on itself.
        let mut program = vec![
            0x06, 0x02, // LD B,2: 2
            0x10, 0xFE, // DJNZ $: taken (4), then not (3)
            0xAF, // XOR A (Z set): 1
            0xC4, 0x00, 0x50, // CALL NZ,&5000: not taken, 3
            0xCC, 0x00, 0x50, // CALL Z,&5000: taken, 5
            0x21, 0x00, 0x60, // LD HL,&6000: 3
            0x11, 0x00, 0x70, // LD DE,&7000: 3
            0x01, 0x02, 0x00, // LD BC,2: 3
            0xED, 0xB0, // LDIR: repeating (6), then the last (5)
        ];
        program.resize(0x1000, 0);
        program.extend([0xC0, 0xC8]); // &5000: RET NZ (not taken, 2) ; RET Z (taken, 4)
        let (mut cpu, mut bus) = cpu_with(&program);
        assert_eq!(
            step_costs(&mut cpu, &mut bus, 13),
            vec![2, 4, 3, 1, 3, 5, 2, 4, 3, 3, 3, 6, 5]
        );
        assert_eq!(cpu.pc(), 0x4016);
    }

    #[test]
    fn conditionals_from_b_zero_after_ei_and_behind_prefixes() {
        let program = [
            0x06, 0x00, // LD B,0: 2
            0x10, 0x00, // DJNZ +0: B wraps to 255, taken (4)
            0xAF, // XOR A (Z set): 1
            0xFB, // EI: 1
            0x28, 0x00, // JR Z,+0 just after EI (the careful step): taken, 3
            0xDD, 0x10, 0x00, // DJNZ behind a DD prefix: taken, 5
            0x21, 0x00, 0x60, // LD HL,&6000: 3
            0x11, 0x00, 0x70, // LD DE,&7000: 3
            0x01, 0x02, 0x00, // LD BC,2: 3
            0xDD, 0xED, 0xB0, // LDIR behind DD: 7, then from its ED byte the last, 5
        ];
        let (mut cpu, mut bus) = cpu_with(&program);
        assert_eq!(
            step_costs(&mut cpu, &mut bus, 11),
            vec![2, 4, 1, 1, 3, 5, 3, 3, 3, 7, 5]
        );
        assert_eq!(cpu.pc(), 0x4017);
    }
}
