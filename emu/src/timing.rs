//! CPC time: every constant of the machine's clock and the per-instruction cost table in
//! microseconds ("NOPs"). This is the only place that knows how long anything takes.
//!
//! The Gate Array stretches every memory access of the Z80 to a 1 µs slot, so on a CPC every
//! instruction lasts a whole number of microseconds, and the count is not `ceil(T / 4)`
//! (reference section 4.9). The tables below are the measured CPC costs (cpctech
//! "instruction timings" table). They also follow from one rule, which is how the cells that
//! the measured table lists only by group were filled in: each memory M-cycle starts on a
//! 4 T boundary, each I/O M-cycle starts 3 T after one (its /WAIT is sampled a T-state
//! later), and the next opcode fetch starts on a boundary.

/// One scan line: 64 µs (CRTC R0 = 63, 1 µs per character; reference section 4.4).
pub const LINE_US: u64 = 64;
/// Lines in a 50 Hz frame with the firmware CRTC values: (R4 + 1) * (R9 + 1) + R5 = 39 * 8.
pub const LINES_PER_FRAME: u64 = 312;
/// One 50 Hz frame: 312 * 64 = 19 968 µs (reference section 4.4).
pub const FRAME_US: u64 = LINES_PER_FRAME * LINE_US;
/// The Gate Array raises an interrupt every 52 HSYNCs (reference section 4.8).
pub const LINES_PER_INTERRUPT: u8 = 52;
/// Accepting an IM 1 interrupt costs 5 µs before the handler's first instruction
/// (cpctech timing sheet, "time between acknowledge of an interrupt and execution").
pub const IM1_ACK_NOPS: u32 = 5;
/// A halted Z80 executes NOPs: 1 µs each.
pub const HALT_NOP: u32 = 1;
/// The Z80 runs at 4 MHz: 4 T-states per µs, used only to report T-state equivalents.
pub const T_STATES_PER_US: u64 = 4;

/// Unprefixed opcodes; conditional instructions hold the "not taken" cost (see
/// [`TAKEN_EXTRA`]). Prefix bytes (CB, DD, ED, FD) hold 0: they are decoded separately.
#[rustfmt::skip]
const MAIN: [u8; 256] = [
//  0  1  2  3  4  5  6  7  8  9  A  B  C  D  E  F
    1, 3, 2, 2, 1, 1, 2, 1, 1, 3, 2, 2, 1, 1, 2, 1, // 0x: NOP, LD BC,nn ... ADD HL,BC 3
    3, 3, 2, 2, 1, 1, 2, 1, 3, 3, 2, 2, 1, 1, 2, 1, // 1x: DJNZ 3/4, JR 3
    2, 3, 5, 2, 1, 1, 2, 1, 2, 3, 5, 2, 1, 1, 2, 1, // 2x: JR cc 2/3, LD (nn),HL 5
    2, 3, 4, 2, 3, 3, 3, 1, 2, 3, 4, 2, 1, 1, 2, 1, // 3x: LD (nn),A 4, INC (HL) 3
    1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1, // 4x: LD r,r' 1, LD r,(HL) 2
    1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1, // 5x
    1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1, // 6x
    2, 2, 2, 2, 2, 2, 1, 2, 1, 1, 1, 1, 1, 1, 2, 1, // 7x: LD (HL),r 2, HALT 1
    1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1, // 8x: ALU r 1, ALU (HL) 2
    1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1, // 9x
    1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1, // Ax
    1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1, // Bx
    2, 3, 3, 3, 3, 4, 2, 4, 2, 3, 3, 0, 3, 5, 2, 4, // Cx: RET cc 2/4, CALL cc 3/5, PUSH 4, RST 4
    2, 3, 3, 3, 3, 4, 2, 4, 2, 1, 3, 3, 3, 0, 2, 4, // Dx: OUT (n),A 3, EXX 1, IN A,(n) 3
    2, 3, 3, 6, 3, 4, 2, 4, 2, 1, 3, 1, 3, 0, 2, 4, // Ex: EX (SP),HL 6, JP (HL) 1
    2, 3, 3, 1, 3, 4, 2, 4, 2, 2, 3, 1, 3, 0, 2, 4, // Fx: DI 1, LD SP,HL 2, EI 1
];

/// ED-prefixed opcodes (including the prefix). Undefined ED codes are 8 T no-ops: 2 µs.
/// Block repeats hold the cost of the last (non-repeating) iteration.
#[rustfmt::skip]
const ED: [u8; 256] = {
    let mut t = [2u8; 256];
    let mut op = 0x40;
    while op < 0x80 {
        t[op] = match op & 7 {
            0 | 1 => 4, // IN r,(C) / OUT (C),r: the I/O cycle is not aligned like memory
            2 => 4,     // SBC/ADC HL,rr
            3 => 6,     // LD (nn),rr / LD rr,(nn)
            4 => 2,     // NEG
            5 => 4,     // RETN / RETI
            6 => 2,     // IM n
            _ => match op {
                0x47 | 0x4F | 0x57 | 0x5F => 3, // LD I,A / LD R,A / LD A,I / LD A,R
                0x67 | 0x6F => 5,               // RRD / RLD
                _ => 2,                         // ED 77 / ED 7F: no-ops
            },
        };
        op += 1;
    }
    // LDI 5, CPI 4, INI 5, OUTI 5 and the D / R / DR variants.
    let block = [5u8, 4, 5, 5];
    let mut i = 0;
    while i < 4 {
        t[0xA0 + i] = block[i];
        t[0xA8 + i] = block[i];
        t[0xB0 + i] = block[i];
        t[0xB8 + i] = block[i];
        i += 1;
    }
    t
};

/// What decides whether a conditional instruction pays [`TAKEN_EXTRA`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// Fixed cost.
    Always,
    /// JR cc / RET cc / CALL cc: condition code 0-7 (NZ Z NC C PO PE P M), read from F (which
    /// they leave as it was).
    Flag(u8),
    /// DJNZ: taken when B before the instruction is not 1 (B after it is not 0).
    Djnz,
    /// LDIR and friends: repeating when PC comes back to the instruction's ED byte.
    Repeat(u16),
}

/// Instructions the CPU wrapper must treat specially.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    None,
    /// HALT: the CPU idles until an interrupt.
    Halt,
    /// EI: interrupts stay blocked for one more instruction.
    Ei,
    /// OUTI/OUTD/OTIR/OTDR: the real Z80 puts B on the bus *after* its decrement (the
    /// vendored iz80 does so; kept to name them).
    OutBlock,
    /// INI/IND/INIR/INDR: the real Z80 puts B on the bus *before* its decrement (ditto).
    InBlock,
}

/// The cost of one instruction, decoded from its bytes before it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InstrTiming {
    /// µs when the condition is false (or the only cost).
    pub nops: u8,
    /// Extra µs when the condition holds.
    pub taken_extra: u8,
    pub cond: Cond,
    pub special: Special,
}

impl InstrTiming {
    /// A fixed cost and nothing for the CPU wrapper to do: most instructions.
    #[inline(always)]
    pub const fn is_plain(&self) -> bool {
        matches!(self.cond, Cond::Always) && matches!(self.special, Special::None)
    }

    /// Total µs given whether the condition held.
    pub fn cost(&self, taken: bool) -> u32 {
        self.nops as u32 + if taken { self.taken_extra as u32 } else { 0 }
    }
}

/// Extra µs of a taken conditional, by unprefixed opcode: DJNZ +1, JR cc +1, RET cc +2,
/// CALL cc +2 (JP cc costs 3 either way).
const fn taken_extra_main(op: u8) -> (u8, Cond) {
    match op {
        0x10 => (1, Cond::Djnz),
        0x20 | 0x28 | 0x30 | 0x38 => (1, Cond::Flag((op >> 3) & 3)),
        _ if op & 0xC7 == 0xC0 => (2, Cond::Flag((op >> 3) & 7)),
        _ if op & 0xC7 == 0xC4 => (2, Cond::Flag((op >> 3) & 7)),
        _ => (0, Cond::Always),
    }
}

/// The µs of every instruction whose cost is fixed and needs nothing of the CPU wrapper
/// (`InstrTiming::is_plain`), by what iz80's decoder decoded: the index is the decoded
/// table and opcode (`table_op`, below 0x400) with 0x400 added behind one DD/FD prefix; 0 for
/// the others: conditionals, the block instructions the wrapper times itself (repeats,
/// INI/IND/OUTI/OUTD), HALT, EI. Combinations the decoder never produces hold 0 or their
/// table's entry, never looked up. The lookup of most instructions; two or more prefixes are
/// rare and decoded apart.
pub const PLAIN_NOPS: [u8; 0x800] = {
    let mut t = [0u8; 0x800];
    let mut op = 0;
    while op < 256 {
        let plain = [
            (0x000, MAIN_TIMING[op]),
            (0x100, CB_TIMING[op]),
            (0x300, ED_TIMING[op]),
            (0x400, INDEX_TIMING[op]),
            (0x600, INDEX_CB_TIMING[op]),
            (0x700, INDEX_ED_TIMING[op]),
        ];
        let mut k = 0;
        while k < plain.len() {
            let (base, timing) = plain[k];
            if timing.is_plain() {
                t[base + op] = timing.nops;
            }
            k += 1;
        }
        op += 1;
    }
    t
};

/// [`main_timing`] for every unprefixed opcode; prefixes hold `nops == 0`.
const MAIN_TIMING: [InstrTiming; 256] = {
    let mut t = [InstrTiming {
        nops: 0,
        taken_extra: 0,
        cond: Cond::Always,
        special: Special::None,
    }; 256];
    let mut op = 0;
    while op < 256 {
        t[op] = main_timing(op as u8, 0);
        op += 1;
    }
    t
};

/// True when an unprefixed opcode reads or writes (HL), so that a DD/FD prefix turns it into
/// an (IX+d) form: those cost 3 µs more than the (HL) form (fetching d, adding it).
const fn uses_hl_memory(op: u8) -> bool {
    match op {
        0x34..=0x36 => true,
        0x76 => false,
        0x40..=0x7F => op & 7 == 6 || op & 0xF8 == 0x70,
        0x80..=0xBF => op & 7 == 6,
        _ => false,
    }
}

/// CB-prefixed cost: register forms 2, BIT b,(HL) 3, the other (HL) forms 4.
const fn cb_nops(op: u8) -> u8 {
    if op & 7 != 6 {
        2
    } else if op & 0xC0 == 0x40 {
        3
    } else {
        4
    }
}

const fn ed_timing(op: u8, ed_addr: u16) -> InstrTiming {
    let (taken_extra, cond) = if op & 0xF4 == 0xB0 {
        // LDIR CPIR INIR OTIR LDDR CPDR INDR OTDR repeat at 6 µs (CPIR: 4 + 2).
        (6 - ED[op as usize], Cond::Repeat(ed_addr))
    } else {
        (0, Cond::Always)
    };
    let special = match op {
        0xA3 | 0xAB | 0xB3 | 0xBB => Special::OutBlock,
        0xA2 | 0xAA | 0xB2 | 0xBA => Special::InBlock,
        _ => Special::None,
    };
    InstrTiming {
        nops: ED[op as usize],
        taken_extra,
        cond,
        special,
    }
}

/// Decodes the instruction at `pc` (reading its bytes with `peek`) and returns its CPC cost.
/// Mirrors iz80's decoder: any run of DD/FD prefixes costs 1 µs per extra prefix, and ED
/// after DD/FD drops the index prefix. Every cost comes from the tables below, built once
/// at compile time; only the bytes are read here.
#[inline(always)]
pub fn decode(pc: u16, mut peek: impl FnMut(u16) -> u8) -> InstrTiming {
    let op = peek(pc);
    let unprefixed = MAIN_TIMING[op as usize];
    if unprefixed.nops != 0 {
        return unprefixed;
    }
    decode_prefixed(op, pc, peek)
}

#[inline]
fn decode_prefixed(op: u8, pc: u16, mut peek: impl FnMut(u16) -> u8) -> InstrTiming {
    let next = pc.wrapping_add(1);
    match op {
        0xCB => CB_TIMING[peek(next) as usize],
        0xED => with_repeat_at(ED_TIMING[peek(next) as usize], pc),
        _ => {
            // DD or FD, perhaps followed by more of them.
            let at = next;
            match peek(at) {
                0xCB => INDEX_CB_TIMING[peek(at.wrapping_add(2)) as usize],
                0xED => with_repeat_at(INDEX_ED_TIMING[peek(at.wrapping_add(1)) as usize], at),
                second @ (0xDD | 0xFD) => decode_prefix_run(at, second, peek),
                second => INDEX_TIMING[second as usize],
            }
        }
    }
}

/// The cost of the instruction iz80 has just decoded, from what its decoder reports (the
/// vendored patch's `Cpu::last_decoded`): `table_op` is the table (0 unprefixed, 0x100 CB,
/// 0x200 DD/FD CB, 0x300 ED) ORed with the opcode, `prefixes` the DD/FD bytes before it,
/// `at` the instruction's first byte. The same costs as [`decode`] on the same bytes,
/// without reading them again.
#[inline(always)]
pub fn decoded(table_op: u16, prefixes: u8, at: u16) -> InstrTiming {
    let op = table_op as u8 as usize;
    if table_op < 0x100 && prefixes == 0 {
        return MAIN_TIMING[op];
    }
    decoded_prefixed(table_op, prefixes, at)
}

#[inline]
fn decoded_prefixed(table_op: u16, prefixes: u8, at: u16) -> InstrTiming {
    let op = table_op as u8 as usize;
    let mut t = match table_op >> 8 {
        0 => INDEX_TIMING[op],
        1 => CB_TIMING[op],
        2 => INDEX_CB_TIMING[op],
        _ if prefixes == 0 => ED_TIMING[op],
        _ => INDEX_ED_TIMING[op],
    };
    t = with_repeat_at(t, at.wrapping_add(prefixes as u16));
    if prefixes > 1 {
        t.nops = t.nops.saturating_add(prefixes - 1);
    }
    t
}

/// Two or more DD/FD prefixes (rare): 1 µs per extra prefix.
#[inline(never)]
fn decode_prefix_run(first: u16, second: u8, mut peek: impl FnMut(u16) -> u8) -> InstrTiming {
    let mut prefixes: u8 = 1;
    let mut at = first;
    let mut next = second;
    while next == 0xDD || next == 0xFD {
        prefixes = prefixes.saturating_add(1);
        at = at.wrapping_add(1);
        next = peek(at);
    }
    let mut t = match next {
        0xCB => INDEX_CB_TIMING[peek(at.wrapping_add(2)) as usize],
        0xED => with_repeat_at(INDEX_ED_TIMING[peek(at.wrapping_add(1)) as usize], at),
        _ => INDEX_TIMING[next as usize],
    };
    t.nops = t.nops.saturating_add(prefixes - 1);
    t
}

/// A block repeat's table entry holds no address: it is the ED byte's, known only here.
#[inline(always)]
fn with_repeat_at(mut t: InstrTiming, ed_addr: u16) -> InstrTiming {
    if let Cond::Repeat(_) = t.cond {
        t.cond = Cond::Repeat(ed_addr);
    }
    t
}

/// A 256-entry table of `$entry` for every `$op`, built at compile time.
macro_rules! table {
    (|$op:ident| $entry:expr) => {{
        let mut t = [NO_TIMING; 256];
        let mut i = 0;
        while i < 256 {
            let $op = i as u8;
            t[i] = $entry;
            i += 1;
        }
        t
    }};
}

const NO_TIMING: InstrTiming = InstrTiming {
    nops: 0,
    taken_extra: 0,
    cond: Cond::Always,
    special: Special::None,
};

/// CB xx.
const CB_TIMING: [InstrTiming; 256] = table!(|op| InstrTiming {
    nops: cb_nops(op),
    ..NO_TIMING
});
/// ED xx (a repeat's address is filled in by [`with_repeat_at`]).
const ED_TIMING: [InstrTiming; 256] = table!(|op| ed_timing(op, 0));
/// DD/FD xx, xx not a prefix: the (IX+d) forms cost 3 µs more than the (HL) ones, the rest 1.
const INDEX_TIMING: [InstrTiming; 256] =
    table!(|op| main_timing(op, if uses_hl_memory(op) { 3 } else { 1 }));
/// DD/FD CB d xx: always on (IX+d); BIT 6 µs, the rest 7.
const INDEX_CB_TIMING: [InstrTiming; 256] = table!(|op| InstrTiming {
    nops: cb_nops(op | 6) + 3,
    ..NO_TIMING
});
/// DD/FD ED xx: the ED instruction, 1 µs more.
const INDEX_ED_TIMING: [InstrTiming; 256] = table!(|op| {
    let mut t = ed_timing(op, 0);
    t.nops += 1;
    t
});

const fn main_timing(op: u8, extra: u8) -> InstrTiming {
    let (taken_extra, cond) = taken_extra_main(op);
    let special = match op {
        0x76 => Special::Halt,
        0xFB => Special::Ei,
        _ => Special::None,
    };
    InstrTiming {
        nops: MAIN[op as usize] + extra,
        taken_extra,
        cond,
        special,
    }
}

/// Whether condition code `cc` (0-7: NZ Z NC C PO PE P M) holds for flags `f`.
pub fn condition_holds(cc: u8, f: u8) -> bool {
    let bit = match cc >> 1 {
        0 => f & 0x40, // Z
        1 => f & 0x01, // C
        2 => f & 0x04, // P/V
        _ => f & 0x80, // S
    } != 0;
    if cc & 1 == 0 {
        !bit
    } else {
        bit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cost(bytes: &[u8], taken: bool) -> u32 {
        let mut mem = [0u8; 8];
        mem[..bytes.len()].copy_from_slice(bytes);
        decode(0, |a| mem[a as usize & 7]).cost(taken)
    }

    /// The measured CPC costs that the reference (section 4.9) lists explicitly, including
    /// the cases where plain rounding of T-states is wrong.
    #[test]
    fn measured_costs_from_the_reference() {
        let cases: &[(&[u8], bool, u32, &str)] = &[
            (&[0x00], false, 1, "NOP"),
            (&[0x41], false, 1, "LD B,C"),
            (&[0x06, 0], false, 2, "LD B,n"),
            (&[0xC3, 0, 0], false, 3, "JP nn"),
            (&[0x18, 0], false, 3, "JR e"),
            (&[0x20, 0], false, 2, "JR NZ not taken"),
            (&[0x20, 0], true, 3, "JR NZ taken"),
            (&[0xCD, 0, 0], false, 5, "CALL nn"),
            (&[0xC4, 0, 0], false, 3, "CALL NZ not taken"),
            (&[0xC4, 0, 0], true, 5, "CALL NZ taken"),
            (&[0xC9], false, 3, "RET"),
            (&[0xC0], false, 2, "RET NZ not taken"),
            (&[0xC0], true, 4, "RET NZ taken"),
            (&[0xC1], false, 3, "POP BC"),
            (&[0xC5], false, 4, "PUSH BC (11 T)"),
            (&[0xFF], false, 4, "RST 38 (11 T)"),
            (&[0xE3], false, 6, "EX (SP),HL (19 T)"),
            (&[0x2A, 0, 0], false, 5, "LD HL,(nn) (16 T)"),
            (&[0x22, 0, 0], false, 5, "LD (nn),HL (16 T)"),
            (&[0xED, 0x78], false, 4, "IN A,(C) (12 T)"),
            (&[0xED, 0x79], false, 4, "OUT (C),A (12 T)"),
            (&[0xD3, 0], false, 3, "OUT (n),A"),
            (&[0xDB, 0], false, 3, "IN A,(n)"),
            (&[0xED, 0xA0], false, 5, "LDI (16 T)"),
            (&[0xED, 0xA8], false, 5, "LDD"),
            (&[0xED, 0xB0], false, 5, "LDIR last iteration"),
            (&[0xED, 0xB0], true, 6, "LDIR repeating"),
            (&[0x10, 0], false, 3, "DJNZ not taken (8 T)"),
            (&[0x10, 0], true, 4, "DJNZ taken"),
            (&[0xDD, 0x36, 0, 0], false, 6, "LD (IX+d),n (19 T)"),
            (&[0x23], false, 2, "INC HL"),
            (&[0x09], false, 3, "ADD HL,BC"),
            (&[0xDD, 0x09], false, 4, "ADD IX,BC"),
            (&[0xDD, 0x7E, 0], false, 5, "LD A,(IX+d)"),
        ];
        for (bytes, taken, want, name) in cases {
            assert_eq!(cost(bytes, *taken), *want, "{name}");
        }
    }

    /// Further rows of the cpctech measured table.
    #[test]
    fn measured_costs_index_and_bit_groups() {
        let cases: &[(&[u8], u32, &str)] = &[
            (&[0xDD, 0x21, 0, 0], 4, "LD IX,nn"),
            (&[0xDD, 0x22, 0, 0], 6, "LD (nn),IX"),
            (&[0xDD, 0x23], 3, "INC IX"),
            (&[0xDD, 0x24], 2, "INC IXH"),
            (&[0xDD, 0x26, 0], 3, "LD IXH,n"),
            (&[0xDD, 0x34, 0], 6, "INC (IX+d)"),
            (&[0xDD, 0x86, 0], 5, "ADD A,(IX+d)"),
            (&[0xDD, 0x84], 2, "ADD A,IXH"),
            (&[0xDD, 0xE5], 5, "PUSH IX"),
            (&[0xDD, 0xE1], 4, "POP IX"),
            (&[0xDD, 0xE3], 7, "EX (SP),IX"),
            (&[0xDD, 0xE9], 2, "JP (IX)"),
            (&[0xDD, 0xF9], 3, "LD SP,IX"),
            (&[0xDD, 0xCB, 0, 0x46], 6, "BIT 0,(IX+d)"),
            (&[0xDD, 0xCB, 0, 0x06], 7, "RLC (IX+d)"),
            (&[0xDD, 0xCB, 0, 0xC6], 7, "SET 0,(IX+d)"),
            (&[0xCB, 0x00], 2, "RLC B"),
            (&[0xCB, 0x46], 3, "BIT 0,(HL)"),
            (&[0xCB, 0x06], 4, "RLC (HL)"),
            (&[0xCB, 0xC6], 4, "SET 0,(HL)"),
            (&[0x34], 3, "INC (HL)"),
            (&[0x36, 0], 3, "LD (HL),n"),
            (&[0x32, 0, 0], 4, "LD (nn),A"),
            (&[0xED, 0x43, 0, 0], 6, "LD (nn),BC"),
            (&[0xED, 0x42], 4, "SBC HL,BC"),
            (&[0xED, 0x44], 2, "NEG"),
            (&[0xED, 0x56], 2, "IM 1"),
            (&[0xED, 0x4D], 4, "RETI"),
            (&[0xED, 0x57], 3, "LD A,I"),
            (&[0xED, 0x6F], 5, "RLD"),
            (&[0xED, 0xA1], 4, "CPI"),
            (&[0xED, 0xA3], 5, "OUTI"),
            (&[0xF3], 1, "DI"),
            (&[0xD9], 1, "EXX"),
            (&[0x27], 1, "DAA"),
            (&[0xDD, 0xDD, 0x00], 3, "two prefixes + NOP"),
        ];
        for (bytes, want, name) in cases {
            assert_eq!(cost(bytes, false), *want, "{name}");
        }
    }

    #[test]
    fn conditions() {
        assert!(condition_holds(0, 0x00)); // NZ
        assert!(!condition_holds(0, 0x40));
        assert!(condition_holds(3, 0x01)); // C
        assert!(condition_holds(5, 0x04)); // PE
        assert!(condition_holds(6, 0x00)); // P
        assert!(condition_holds(7, 0x80)); // M
    }

    /// The plain table is `decoded` for every table and prefix the decoder can produce:
    /// the cost wherever the cost is fixed and needs nothing of the wrapper, 0 elsewhere.
    #[test]
    fn plain_table_agrees_with_decoded() {
        let mut plain = 0;
        for prefixes in 0..=1u8 {
            for table_op in 0..0x400u16 {
                let produced = match table_op >> 8 {
                    1 => prefixes == 0,
                    2 => prefixes == 1,
                    _ => true,
                };
                let entry = PLAIN_NOPS[(table_op | u16::from(prefixes) << 10) as usize];
                if !produced {
                    assert_eq!(entry, 0, "{table_op:#05x} behind {prefixes} prefixes");
                    continue;
                }
                let t = decoded(table_op, prefixes, 0x1234);
                let want = if t.is_plain() { t.nops } else { 0 };
                assert_eq!(entry, want, "{table_op:#05x} behind {prefixes} prefixes");
                plain += usize::from(entry != 0);
            }
        }
        // Of the 1 536 checked, all but the conditionals, the block instructions the wrapper
        // times itself, HALT, EI and the prefix codes as unprefixed opcodes.
        assert_eq!(plain, 1462);
    }

    #[test]
    fn frame_constants() {
        assert_eq!(FRAME_US, 19_968);
        assert_eq!(LINES_PER_INTERRUPT as u64 * LINE_US, 3_328);
    }
}
