//! The reserved words of the source language: mnemonics, directives, registers and conditions.
//! All are case-insensitive; none can be used as a label.

use crate::encode::{Cond, Operand, Reg16, Reg8};

/// Lower-cases a short word on the stack (keywords are at most 7 characters), so the hot
/// keyword tests do not allocate. None if the word is too long to be a keyword.
struct Lower {
    buf: [u8; 8],
    len: usize,
}

impl Lower {
    fn new(word: &str) -> Option<Self> {
        let b = word.as_bytes();
        if b.len() > 8 {
            return None;
        }
        let mut buf = [0u8; 8];
        for (d, s) in buf.iter_mut().zip(b) {
            *d = s.to_ascii_lowercase();
        }
        Some(Lower { buf, len: b.len() })
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

/// True if `word` (any case) is a Z80 mnemonic: one the encoder's table knows.
pub(crate) fn is_mnemonic(word: &str) -> bool {
    crate::encode::is_mnemonic(word)
}

/// Directives, after folding their aliases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Org,
    Equ,
    Db,
    Dw,
    Ds,
    Align,
    Include,
    Incbin,
    If,
    Ifdef,
    Ifndef,
    Else,
    Endif,
    Macro,
    Endm,
    Rept,
    Endr,
    Assert,
    Print,
    Run,
}

/// The directive named `word` (any case), aliases included.
pub(crate) fn directive(word: &str) -> Option<Dir> {
    use Dir::*;
    let lower = Lower::new(word)?;
    let d = match lower.as_str() {
        "org" => Org,
        "equ" => Equ,
        "db" | "defb" | "byte" | "dm" | "defm" => Db,
        "dw" | "defw" | "word" => Dw,
        "ds" | "defs" => Ds,
        "align" => Align,
        "include" | "read" => Include,
        "incbin" => Incbin,
        "if" => If,
        "ifdef" => Ifdef,
        "ifndef" => Ifndef,
        "else" => Else,
        "endif" => Endif,
        "macro" => Macro,
        "endm" | "mend" => Endm,
        "rept" | "repeat" => Rept,
        "endr" | "rend" => Endr,
        "assert" => Assert,
        "print" => Print,
        "run" => Run,
        _ => return None,
    };
    Some(d)
}

/// True if `word` is a mnemonic or a directive (a statement keyword).
pub(crate) fn is_keyword(word: &str) -> bool {
    is_mnemonic(word) || directive(word).is_some()
}

/// The register or condition named `word` (any case), as an operand.
pub(crate) fn register(word: &str) -> Option<Operand> {
    use Operand::{Cond as C, Reg16 as W, Reg8 as B};
    let lower = Lower::new(word)?;
    let op = match lower.as_str() {
        "a" => B(Reg8::A),
        "b" => B(Reg8::B),
        "c" => B(Reg8::C),
        "d" => B(Reg8::D),
        "e" => B(Reg8::E),
        "h" => B(Reg8::H),
        "l" => B(Reg8::L),
        "i" => B(Reg8::I),
        "r" => B(Reg8::R),
        "f" => B(Reg8::F),
        "ixh" | "hx" | "xh" => B(Reg8::Ixh),
        "ixl" | "lx" | "xl" => B(Reg8::Ixl),
        "iyh" | "hy" | "yh" => B(Reg8::Iyh),
        "iyl" | "ly" | "yl" => B(Reg8::Iyl),
        "bc" => W(Reg16::Bc),
        "de" => W(Reg16::De),
        "hl" => W(Reg16::Hl),
        "sp" => W(Reg16::Sp),
        "af" => W(Reg16::Af),
        "af'" => W(Reg16::AfAlt),
        "ix" => W(Reg16::Ix),
        "iy" => W(Reg16::Iy),
        "nz" => C(Cond::Nz),
        "z" => C(Cond::Z),
        "nc" => C(Cond::Nc),
        "po" => C(Cond::Po),
        "pe" => C(Cond::Pe),
        "p" => C(Cond::P),
        "m" => C(Cond::M),
        _ => return None,
    };
    Some(op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mnemonics_are_the_encoders_in_any_case() {
        for word in [
            "adc", "add", "and", "bit", "call", "ccf", "cp", "cpd", "cpdr", "cpi", "cpir", "cpl",
            "daa", "dec", "di", "djnz", "ei", "ex", "exx", "halt", "im", "in", "inc", "ind",
            "indr", "ini", "inir", "jp", "jr", "ld", "ldd", "lddr", "ldi", "ldir", "neg", "nop",
            "or", "otdr", "otir", "out", "outd", "outi", "pop", "push", "res", "ret", "reti",
            "retn", "rl", "rla", "rlc", "rlca", "rld", "rr", "rra", "rrc", "rrca", "rrd", "rst",
            "sbc", "scf", "set", "sl1", "sla", "sli", "sll", "sra", "srl", "sub", "xor",
        ] {
            assert!(
                is_mnemonic(word) && is_mnemonic(&word.to_ascii_uppercase()),
                "{word}"
            );
        }
        assert!(!is_mnemonic("mov") && !is_mnemonic("org") && !is_mnemonic("ldirx"));
    }

    #[test]
    fn no_directive_is_a_mnemonic() {
        for d in ["org", "db", "ds", "if", "rept", "run", "print", "read"] {
            assert!(directive(d).is_some() && !is_mnemonic(d));
        }
    }
}
