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

/// The group of a lower-case mnemonic.
pub(super) fn lookup(mnemonic: &str) -> Option<Group> {
    MNEMONICS
        .iter()
        .find(|(name, _)| *name == mnemonic)
        .map(|&(_, group)| group)
}

/// Whether `mnemonic` (any case) is a Z80 instruction this encoder knows.
pub fn is_mnemonic(mnemonic: &str) -> bool {
    MNEMONICS
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case(mnemonic))
}
