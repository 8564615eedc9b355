//! The mnemonic table: each mnemonic names an instruction group and the opcode field
//! (the `y` of the x/y/z decomposition, or fixed bytes) that selects it inside the group.

/// What a mnemonic does, i.e. which group encodes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Group {
    /// No operands, fixed bytes (NOP, LDIR, NEG ...).
    Fixed(&'static [u8]),
    /// 8-bit arithmetic/logic, `y` = ADD ADC SUB SBC AND XOR OR CP; ADD/ADC/SBC also 16-bit.
    Alu(u8),
    /// INC (`0`) or DEC (`1`), 8 or 16 bit.
    IncDec(u8),
    /// CB rotate/shift, `y` = RLC RRC RL RR SLA SRA SLL SRL.
    Rot(u8),
    /// CB bit operation, `x` = 1 BIT, 2 RES, 3 SET.
    BitOp(u8),
    /// LD in all its forms.
    Ld,
    /// PUSH (`true`) or POP (`false`).
    Stack(bool),
    /// EX.
    Ex,
    /// JP.
    Jp,
    /// JR.
    Jr,
    /// DJNZ.
    Djnz,
    /// CALL.
    Call,
    /// RET, with or without condition.
    Ret,
    /// RST.
    Rst,
    /// IM.
    Im,
    /// IN.
    In,
    /// OUT.
    Out,
}

/// Every mnemonic the encoder knows, lower case.
const MNEMONICS: &[(&str, Group)] = &[
    // x=0 z=7 and the other unprefixed opcodes without operands.
    ("nop", Group::Fixed(&[0x00])),
    ("rlca", Group::Fixed(&[0x07])),
    ("rrca", Group::Fixed(&[0x0F])),
    ("rla", Group::Fixed(&[0x17])),
    ("rra", Group::Fixed(&[0x1F])),
    ("daa", Group::Fixed(&[0x27])),
    ("cpl", Group::Fixed(&[0x2F])),
    ("scf", Group::Fixed(&[0x37])),
    ("ccf", Group::Fixed(&[0x3F])),
    ("halt", Group::Fixed(&[0x76])),
    ("exx", Group::Fixed(&[0xD9])),
    ("di", Group::Fixed(&[0xF3])),
    ("ei", Group::Fixed(&[0xFB])),
    // ED x=1 without operands.
    ("neg", Group::Fixed(&[0xED, 0x44])),
    ("retn", Group::Fixed(&[0xED, 0x45])),
    ("reti", Group::Fixed(&[0xED, 0x4D])),
    ("rrd", Group::Fixed(&[0xED, 0x67])),
    ("rld", Group::Fixed(&[0xED, 0x6F])),
    // ED x=2 block instructions: y=4..7 (I, D, IR, DR) times z=0..3 (LD CP IN OUT).
    ("ldi", Group::Fixed(&[0xED, 0xA0])),
    ("cpi", Group::Fixed(&[0xED, 0xA1])),
    ("ini", Group::Fixed(&[0xED, 0xA2])),
    ("outi", Group::Fixed(&[0xED, 0xA3])),
    ("ldd", Group::Fixed(&[0xED, 0xA8])),
    ("cpd", Group::Fixed(&[0xED, 0xA9])),
    ("ind", Group::Fixed(&[0xED, 0xAA])),
    ("outd", Group::Fixed(&[0xED, 0xAB])),
    ("ldir", Group::Fixed(&[0xED, 0xB0])),
    ("cpir", Group::Fixed(&[0xED, 0xB1])),
    ("inir", Group::Fixed(&[0xED, 0xB2])),
    ("otir", Group::Fixed(&[0xED, 0xB3])),
    ("lddr", Group::Fixed(&[0xED, 0xB8])),
    ("cpdr", Group::Fixed(&[0xED, 0xB9])),
    ("indr", Group::Fixed(&[0xED, 0xBA])),
    ("otdr", Group::Fixed(&[0xED, 0xBB])),
    // x=2 / z=6 of x=3: alu[y].
    ("add", Group::Alu(0)),
    ("adc", Group::Alu(1)),
    ("sub", Group::Alu(2)),
    ("sbc", Group::Alu(3)),
    ("and", Group::Alu(4)),
    ("xor", Group::Alu(5)),
    ("or", Group::Alu(6)),
    ("cp", Group::Alu(7)),
    ("inc", Group::IncDec(0)),
    ("dec", Group::IncDec(1)),
    // CB x=0: rot[y]. SLL is also spelled SL1 and SLI.
    ("rlc", Group::Rot(0)),
    ("rrc", Group::Rot(1)),
    ("rl", Group::Rot(2)),
    ("rr", Group::Rot(3)),
    ("sla", Group::Rot(4)),
    ("sra", Group::Rot(5)),
    ("sll", Group::Rot(6)),
    ("sl1", Group::Rot(6)),
    ("sli", Group::Rot(6)),
    ("srl", Group::Rot(7)),
    // CB x=1..3.
    ("bit", Group::BitOp(1)),
    ("res", Group::BitOp(2)),
    ("set", Group::BitOp(3)),
    ("ld", Group::Ld),
    ("push", Group::Stack(true)),
    ("pop", Group::Stack(false)),
    ("ex", Group::Ex),
    ("jp", Group::Jp),
    ("jr", Group::Jr),
    ("djnz", Group::Djnz),
    ("call", Group::Call),
    ("ret", Group::Ret),
    ("rst", Group::Rst),
    ("im", Group::Im),
    ("in", Group::In),
    ("out", Group::Out),
];

/// A mnemonic of up to 4 characters as one number (little-endian bytes, zero padded), so the
/// table is searched with integer compares: the assembler looks up every instruction of
/// every pass. None for a longer word (no mnemonic has more than 4 characters).
const fn packed(word: &[u8]) -> Option<u32> {
    if word.len() > 4 {
        return None;
    }
    let mut key = 0u32;
    let mut i = 0;
    while i < word.len() {
        key |= (word[i].to_ascii_lowercase() as u32) << (8 * i);
        i += 1;
    }
    Some(key)
}

/// [`MNEMONICS`]' names, [`packed`], in the same order.
const KEYS: [u32; MNEMONICS.len()] = {
    let mut keys = [0; MNEMONICS.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = match packed(MNEMONICS[i].0.as_bytes()) {
            Some(key) => key,
            None => panic!("a mnemonic longer than 4 characters"),
        };
        i += 1;
    }
    keys
};

/// The group of a mnemonic (any case).
pub(super) fn lookup(mnemonic: &str) -> Option<Group> {
    index(mnemonic).map(|i| MNEMONICS[i].1)
}

fn index(mnemonic: &str) -> Option<usize> {
    let key = packed(mnemonic.as_bytes())?;
    KEYS.iter().position(|&k| k == key)
}

/// Whether `mnemonic` (any case) is a Z80 instruction this encoder knows.
pub fn is_mnemonic(mnemonic: &str) -> bool {
    lookup(mnemonic).is_some()
}

/// The table's lower-case spelling of `mnemonic` (any case): statements keep it instead of
/// a copy of their own.
pub(crate) fn canonical(mnemonic: &str) -> Option<&'static str> {
    index(mnemonic).map(|i| MNEMONICS[i].0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mnemonic_is_found_in_any_case_and_nothing_else() {
        for &(name, group) in MNEMONICS {
            assert_eq!(lookup(name), Some(group));
            assert_eq!(lookup(&name.to_ascii_uppercase()), Some(group));
            assert_eq!(canonical(&name.to_ascii_uppercase()), Some(name));
        }
        for word in ["", "l", "ldirx", "mov", "lda", "nop ", "n\u{f6}p"] {
            assert_eq!(lookup(word), None, "{word:?}");
        }
    }
}
