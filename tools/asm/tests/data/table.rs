//! Shared by the encoding tests: reads `z80_forms.txt` (one instruction form per line:
//! `source ; HEX BYTES ; documented|undocumented`) and turns its source column into
//! encoder operands with a parser just big enough for the table's own spelling.

#![allow(dead_code)] // each test binary uses a different part

use cpc_asm::encode::{encode, Check, Cond, IndexReg, Operand, Reg16, Reg8};

/// The table, as committed next to this file.
pub const FORMS: &str = include_str!("z80_forms.txt");

/// The number of forms the table must hold: 696 documented + 440 undocumented.
pub const TOTAL: usize = 1136;

/// One line of the table.
#[derive(Clone, Debug)]
pub struct Form {
    /// 1-based line number in z80_forms.txt.
    pub line: usize,
    /// The instruction as written, e.g. `ld a,(ix+5)`.
    pub source: String,
    /// The bytes the generator derived from the opcode structure.
    pub expected: Vec<u8>,
    /// Whether Zilog documents the form.
    pub documented: bool,
}

/// Every form of the table, in file order.
pub fn forms() -> Vec<Form> {
    FORMS
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with(';') && !l.trim().is_empty())
        .map(|(i, l)| {
            let mut cols = l.split(';').map(str::trim);
            let (source, hex, class) = (cols.next(), cols.next(), cols.next());
            let (Some(source), Some(hex), Some(class)) = (source, hex, class) else {
                panic!("z80_forms.txt:{}: expected `source ; bytes ; class`", i + 1);
            };
            let expected = hex
                .split_whitespace()
                .map(|b| u8::from_str_radix(b, 16))
                .collect::<Result<Vec<u8>, _>>()
                .unwrap_or_else(|e| panic!("z80_forms.txt:{}: bad hex `{hex}`: {e}", i + 1));
            Form {
                line: i + 1,
                source: source.to_string(),
                expected,
                documented: class == "documented",
            }
        })
        .collect()
}

/// Address each line is assembled at: not 0, so `$` really is the instruction's address.
pub const PC: u16 = 0x4000;

/// Our bytes for one line of source through the real assembler (`assemble_str`, at
/// [`PC`]), or its diagnostics as text.
pub fn assemble_line(source: &str) -> Result<Vec<u8>, String> {
    let program = format!("  org &{PC:04X}\n{source}\n");
    cpc_asm::assemble_str(&program)
        .map(|asm| asm.binary())
        .map_err(|d| d.to_string())
}

/// Our bytes for one line straight from the encoder, the operands read by [`parse`]:
/// tells an encoder fault from a front-end one.
pub fn encode_line(source: &str) -> Result<Vec<u8>, String> {
    let (mnemonic, operands) = parse(source, PC)?;
    encode(&mnemonic, &operands, PC, Check::Strict).map_err(|e| e.to_string())
}

/// Our bytes for the whole table file, assembled as one source by the real assembler.
pub fn assemble_table() -> Result<Vec<u8>, String> {
    cpc_asm::assemble_str(FORMS)
        .map(|asm| asm.binary())
        .map_err(|d| d.to_string())
}

/// Splits `ld a,(ix+5)` into the mnemonic and its operands, `$` being `pc`.
pub fn parse(source: &str, pc: u16) -> Result<(String, Vec<Operand>), String> {
    let (mnemonic, rest) = source.split_once(' ').unwrap_or((source, ""));
    let operands = if rest.trim().is_empty() {
        Vec::new()
    } else {
        rest.split(',')
            .map(|o| operand(o.trim(), pc))
            .collect::<Result<_, _>>()?
    };
    Ok((mnemonic.to_string(), operands))
}

fn operand(text: &str, pc: u16) -> Result<Operand, String> {
    let reg8 = |r| Some(Operand::Reg8(r));
    let known = match text {
        "a" => reg8(Reg8::A),
        "b" => reg8(Reg8::B),
        "c" => reg8(Reg8::C),
        "d" => reg8(Reg8::D),
        "e" => reg8(Reg8::E),
        "h" => reg8(Reg8::H),
        "l" => reg8(Reg8::L),
        "i" => reg8(Reg8::I),
        "r" => reg8(Reg8::R),
        "f" => reg8(Reg8::F),
        "ixh" => reg8(Reg8::Ixh),
        "ixl" => reg8(Reg8::Ixl),
        "iyh" => reg8(Reg8::Iyh),
        "iyl" => reg8(Reg8::Iyl),
        "bc" => Some(Operand::Reg16(Reg16::Bc)),
        "de" => Some(Operand::Reg16(Reg16::De)),
        "hl" => Some(Operand::Reg16(Reg16::Hl)),
        "sp" => Some(Operand::Reg16(Reg16::Sp)),
        "af" => Some(Operand::Reg16(Reg16::Af)),
        "af'" => Some(Operand::Reg16(Reg16::AfAlt)),
        "ix" => Some(Operand::Reg16(Reg16::Ix)),
        "iy" => Some(Operand::Reg16(Reg16::Iy)),
        "nz" => Some(Operand::Cond(Cond::Nz)),
        "z" => Some(Operand::Cond(Cond::Z)),
        "nc" => Some(Operand::Cond(Cond::Nc)),
        "po" => Some(Operand::Cond(Cond::Po)),
        "pe" => Some(Operand::Cond(Cond::Pe)),
        "p" => Some(Operand::Cond(Cond::P)),
        "m" => Some(Operand::Cond(Cond::M)),
        "(bc)" => Some(Operand::Ind(Reg16::Bc)),
        "(de)" => Some(Operand::Ind(Reg16::De)),
        "(hl)" => Some(Operand::Ind(Reg16::Hl)),
        "(sp)" => Some(Operand::Ind(Reg16::Sp)),
        "(c)" => Some(Operand::PortC),
        _ => None,
    };
    if let Some(op) = known {
        return Ok(op);
    }
    if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        for (name, index) in [("ix", IndexReg::Ix), ("iy", IndexReg::Iy)] {
            if let Some(d) = inner.strip_prefix(name) {
                let d = if d.is_empty() { 0 } else { value(d, pc)? };
                return Ok(Operand::Indexed(index, d));
            }
        }
        return Ok(Operand::Mem(value(inner, pc)?));
    }
    Ok(Operand::Imm(value(text, pc)?))
}

/// `&1F`, `31`, `+5`, `-3`, `$+5`.
fn value(text: &str, pc: u16) -> Result<i64, String> {
    let bad = || format!("cannot read value `{text}`");
    if let Some(ofs) = text.strip_prefix('$') {
        return Ok(i64::from(pc) + if ofs.is_empty() { 0 } else { value(ofs, pc)? });
    }
    let (sign, digits) = match text.as_bytes().first() {
        Some(b'-') => (-1, &text[1..]),
        Some(b'+') => (1, &text[1..]),
        _ => (1, text),
    };
    let magnitude = match digits.strip_prefix('&') {
        Some(hex) => i64::from_str_radix(hex, 16),
        None => digits.parse(),
    };
    magnitude.map(|m| sign * m).map_err(|_| bad())
}

/// Upper-case hex, space separated, for messages.
pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}
