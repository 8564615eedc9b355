//! The encoder beyond the acceptance table: the alternative spellings CPC assemblers
//! accept, every out-of-range check (and its lenient twin), and operand combinations that
//! look plausible but have no opcode.

use cpc_asm::encode::{encode, is_mnemonic, Check, Cond, EncodeError, IndexReg, Operand};
use cpc_asm::encode::{Reg16, Reg8};
use Operand::{Imm, Ind, Indexed, Mem, PortC, Reg16 as R16, Reg8 as R8};

const PC: u16 = 0x8000;

fn strict(m: &str, ops: &[Operand]) -> Result<Vec<u8>, EncodeError> {
    encode(m, ops, PC, Check::Strict)
}

fn lenient(m: &str, ops: &[Operand]) -> Result<Vec<u8>, EncodeError> {
    encode(m, ops, PC, Check::Lenient)
}

fn ok(m: &str, ops: &[Operand]) -> Vec<u8> {
    strict(m, ops).unwrap_or_else(|e| panic!("{m} {ops:?}: {e}"))
}

/// Asserts a strict range error on `operand` with `value`, and that lenient mode gives
/// the same size as `in_range` (the same form with a value that fits).
fn out_of_range(m: &str, ops: &[Operand], operand: usize, value: i64, in_range: &[Operand]) {
    match strict(m, ops) {
        Err(EncodeError::OutOfRange {
            operand: o,
            value: v,
            ..
        }) => assert_eq!((o, v), (operand, value), "{m} {ops:?}"),
        other => panic!("{m} {ops:?}: expected a range error, got {other:?}"),
    }
    let truncated = lenient(m, ops).unwrap_or_else(|e| panic!("lenient {m} {ops:?}: {e}"));
    assert_eq!(truncated.len(), ok(m, in_range).len(), "{m} {ops:?}");
}

fn invalid(m: &str, ops: &[Operand]) {
    for check in [Check::Strict, Check::Lenient] {
        assert_eq!(
            encode(m, ops, PC, check),
            Err(EncodeError::InvalidOperands {
                mnemonic: m.to_ascii_lowercase()
            }),
            "{m} {ops:?} ({check:?})"
        );
    }
}

const IX5: Operand = Indexed(IndexReg::Ix, 5);

#[test]
fn implied_a_spellings_are_the_same_instruction() {
    for m in ["add", "adc", "sub", "sbc", "and", "xor", "or", "cp"] {
        for src in [
            R8(Reg8::B),
            R8(Reg8::A),
            Ind(Reg16::Hl),
            IX5,
            R8(Reg8::Iyl),
            Imm(0x12),
        ] {
            assert_eq!(ok(m, &[R8(Reg8::A), src]), ok(m, &[src]), "{m} {src:?}");
        }
    }
    assert_eq!(ok("sub", &[R8(Reg8::B)]), [0x90]);
    assert_eq!(ok("add", &[R8(Reg8::B)]), [0x80]);
}

#[test]
fn sll_has_three_spellings_and_any_case() {
    for m in ["sll", "sl1", "sli", "SLL", "Sli", "SL1"] {
        assert_eq!(ok(m, &[R8(Reg8::B)]), [0xCB, 0x30], "{m}");
        assert_eq!(ok(m, &[IX5, R8(Reg8::A)]), [0xDD, 0xCB, 0x05, 0x37], "{m}");
    }
    assert_eq!(ok("LD", &[R8(Reg8::A), R8(Reg8::B)]), [0x78]);
}

#[test]
fn alternative_spellings() {
    assert_eq!(ok("in", &[PortC]), ok("in", &[R8(Reg8::F), PortC]));
    assert_eq!(ok("in", &[PortC]), [0xED, 0x70]);
    assert_eq!(ok("ex", &[R16(Reg16::Af), R16(Reg16::Af)]), [0x08]);
    assert_eq!(ok("jp", &[R16(Reg16::Hl)]), [0xE9]);
    assert_eq!(ok("jp", &[R16(Reg16::Iy)]), [0xFD, 0xE9]);
    assert_eq!(ok("jp", &[Indexed(IndexReg::Ix, 0)]), [0xDD, 0xE9]);
    assert_eq!(ok("jp", &[Ind(Reg16::Ix)]), [0xDD, 0xE9]);
    assert_eq!(ok("ld", &[R8(Reg8::A), Ind(Reg16::Iy)]), [0xFD, 0x7E, 0x00]);
    assert_eq!(ok("ex", &[Ind(Reg16::Sp), R16(Reg16::Iy)]), [0xFD, 0xE3]);
}

#[test]
fn c_is_the_carry_condition_where_a_condition_is_expected() {
    let c = R8(Reg8::C);
    assert_eq!(ok("jr", &[c, Imm(i64::from(PC) + 5)]), [0x38, 0x03]);
    assert_eq!(ok("jp", &[c, Imm(0x1234)]), [0xDA, 0x34, 0x12]);
    assert_eq!(ok("call", &[c, Imm(0x1234)]), [0xDC, 0x34, 0x12]);
    assert_eq!(ok("ret", &[c]), [0xD8]);
    assert_eq!(ok("ret", &[Operand::Cond(Cond::Nc)]), [0xD0]);
}

#[test]
fn rst_takes_the_eight_restart_addresses_only() {
    for (i, target) in (0..=0x38).step_by(8).enumerate() {
        assert_eq!(ok("rst", &[Imm(target)]), [0xC7 + 8 * i as u8]);
    }
    for bad in [1, 7, 9, 0x39, 0x40, -8, 0x100] {
        out_of_range("rst", &[Imm(bad)], 0, bad, &[Imm(0)]);
    }
}

#[test]
fn im_takes_0_1_2_only() {
    assert_eq!(ok("im", &[Imm(0)]), [0xED, 0x46]);
    assert_eq!(ok("im", &[Imm(1)]), [0xED, 0x56]);
    assert_eq!(ok("im", &[Imm(2)]), [0xED, 0x5E]);
    for bad in [-1, 3, 0x46] {
        out_of_range("im", &[Imm(bad)], 0, bad, &[Imm(0)]);
    }
}

#[test]
fn relative_jumps_reach_minus_128_to_127_from_the_next_instruction() {
    let next = i64::from(PC) + 2;
    for m in ["jr", "djnz"] {
        assert_eq!(ok(m, &[Imm(next + 127)])[1], 0x7F);
        assert_eq!(ok(m, &[Imm(next - 128)])[1], 0x80);
        out_of_range(m, &[Imm(next + 128)], 0, 128, &[Imm(next)]);
        out_of_range(m, &[Imm(next - 129)], 0, -129, &[Imm(next)]);
        out_of_range(
            m,
            &[Imm(i64::MIN)],
            0,
            i64::MIN.wrapping_sub(next),
            &[Imm(next)],
        );
    }
    let nz = Operand::Cond(Cond::Nz);
    out_of_range("jr", &[nz, Imm(next + 200)], 1, 200, &[nz, Imm(next)]);
}

#[test]
fn index_offsets_are_signed_bytes() {
    let at = |d| Indexed(IndexReg::Iy, d);
    assert_eq!(ok("ld", &[R8(Reg8::A), at(127)]), [0xFD, 0x7E, 0x7F]);
    assert_eq!(ok("ld", &[R8(Reg8::A), at(-128)]), [0xFD, 0x7E, 0x80]);
    let fits = at(0);
    for d in [128, -129, 255] {
        out_of_range("ld", &[R8(Reg8::A), at(d)], 1, d, &[R8(Reg8::A), fits]);
        out_of_range("ld", &[at(d), R8(Reg8::B)], 0, d, &[fits, R8(Reg8::B)]);
        out_of_range("ld", &[at(d), Imm(1)], 0, d, &[fits, Imm(1)]);
        out_of_range("inc", &[at(d)], 0, d, &[fits]);
        out_of_range("xor", &[at(d)], 0, d, &[fits]);
        out_of_range("cp", &[R8(Reg8::A), at(d)], 1, d, &[R8(Reg8::A), fits]);
        out_of_range("rlc", &[at(d)], 0, d, &[fits]);
        out_of_range("sll", &[at(d), R8(Reg8::B)], 0, d, &[fits, R8(Reg8::B)]);
        out_of_range("bit", &[Imm(0), at(d)], 1, d, &[Imm(0), fits]);
        out_of_range(
            "set",
            &[Imm(0), at(d), R8(Reg8::A)],
            1,
            d,
            &[Imm(0), fits, R8(Reg8::A)],
        );
    }
    // Lenient keeps the low byte.
    assert_eq!(
        lenient("ld", &[R8(Reg8::A), at(0x180)]).unwrap(),
        [0xFD, 0x7E, 0x80]
    );
}

#[test]
fn immediates_and_addresses_have_their_ranges() {
    let a = R8(Reg8::A);
    assert_eq!(ok("ld", &[a, Imm(255)]), [0x3E, 0xFF]);
    assert_eq!(ok("ld", &[a, Imm(-128)]), [0x3E, 0x80]);
    for n in [256, -129, 1 << 40] {
        out_of_range("ld", &[a, Imm(n)], 1, n, &[a, Imm(0)]);
        out_of_range("and", &[Imm(n)], 0, n, &[Imm(0)]);
        out_of_range("ld", &[IX5, Imm(n)], 1, n, &[IX5, Imm(0)]);
    }
    assert_eq!(lenient("ld", &[a, Imm(0x12C)]).unwrap(), [0x3E, 0x2C]);
    let hl = R16(Reg16::Hl);
    assert_eq!(ok("ld", &[hl, Imm(-32768)]), [0x21, 0x00, 0x80]);
    assert_eq!(ok("ld", &[hl, Imm(65535)]), [0x21, 0xFF, 0xFF]);
    for nn in [65536, -32769] {
        out_of_range("ld", &[hl, Imm(nn)], 1, nn, &[hl, Imm(0)]);
        out_of_range("ld", &[Mem(nn), a], 0, nn, &[Mem(0), a]);
        out_of_range(
            "ld",
            &[R16(Reg16::Sp), Mem(nn)],
            1,
            nn,
            &[R16(Reg16::Sp), Mem(0)],
        );
        out_of_range("jp", &[Imm(nn)], 0, nn, &[Imm(0)]);
        out_of_range(
            "call",
            &[Operand::Cond(Cond::Z), Imm(nn)],
            1,
            nn,
            &[Operand::Cond(Cond::Z), Imm(0)],
        );
    }
}

#[test]
fn bit_numbers_ports_and_out_c_zero() {
    for b in [-1, 8, 64] {
        out_of_range("bit", &[Imm(b), R8(Reg8::A)], 0, b, &[Imm(0), R8(Reg8::A)]);
        out_of_range(
            "res",
            &[Imm(b), IX5, R8(Reg8::A)],
            0,
            b,
            &[Imm(0), IX5, R8(Reg8::A)],
        );
    }
    assert_eq!(ok("set", &[Imm(7), R8(Reg8::A)]), [0xCB, 0xFF]);
    for port in [-1, 256] {
        out_of_range(
            "in",
            &[R8(Reg8::A), Mem(port)],
            1,
            port,
            &[R8(Reg8::A), Mem(0)],
        );
        out_of_range(
            "out",
            &[Mem(port), R8(Reg8::A)],
            0,
            port,
            &[Mem(0), R8(Reg8::A)],
        );
    }
    assert_eq!(ok("out", &[PortC, Imm(0)]), [0xED, 0x71]);
    out_of_range("out", &[PortC, Imm(1)], 1, 1, &[PortC, Imm(0)]);
    out_of_range("out", &[PortC, Imm(255)], 1, 255, &[PortC, Imm(0)]);
    out_of_range(
        "jp",
        &[Indexed(IndexReg::Ix, 1)],
        0,
        1,
        &[Indexed(IndexReg::Ix, 0)],
    );
}

#[test]
fn index_halves_do_not_mix() {
    let (ixh, ixl, iyl) = (R8(Reg8::Ixh), R8(Reg8::Ixl), R8(Reg8::Iyl));
    invalid("ld", &[ixh, iyl]);
    invalid("ld", &[iyl, ixl]);
    invalid("ld", &[ixh, R8(Reg8::H)]);
    invalid("ld", &[R8(Reg8::L), ixl]);
    invalid("ld", &[ixh, IX5]);
    invalid("ld", &[IX5, ixl]);
    invalid("ld", &[ixh, Ind(Reg16::Hl)]);
    invalid("ld", &[Ind(Reg16::Hl), iyl]);
    invalid("ld", &[IX5, Indexed(IndexReg::Iy, 1)]);
    invalid("ld", &[IX5, Ind(Reg16::Hl)]);
    invalid("ld", &[Ind(Reg16::Hl), Ind(Reg16::Hl)]);
    // (ix+d) leaves H and L alone, so these two are fine.
    assert_eq!(ok("ld", &[R8(Reg8::H), IX5]), [0xDD, 0x66, 0x05]);
    assert_eq!(ok("ld", &[IX5, R8(Reg8::L)]), [0xDD, 0x75, 0x05]);
    assert_eq!(ok("ld", &[ixh, ixl]), [0xDD, 0x65]);
    invalid("rlc", &[ixh]);
    invalid("bit", &[Imm(0), iyl]);
    invalid("rlc", &[IX5, ixh]);
    invalid("set", &[Imm(0), IX5, iyl]);
}

#[test]
fn forms_that_do_not_exist() {
    let (a, b, hl, ix, iy) = (
        R8(Reg8::A),
        R8(Reg8::B),
        R16(Reg16::Hl),
        R16(Reg16::Ix),
        R16(Reg16::Iy),
    );
    invalid("add", &[ix, hl]);
    invalid("add", &[hl, ix]);
    invalid("add", &[ix, iy]);
    invalid("adc", &[ix, R16(Reg16::Bc)]);
    invalid("sbc", &[iy, R16(Reg16::De)]);
    invalid("sub", &[hl, R16(Reg16::Bc)]);
    invalid("add", &[b, R8(Reg8::C)]);
    invalid("jr", &[Operand::Cond(Cond::Po), Imm(i64::from(PC))]);
    invalid("jr", &[Operand::Cond(Cond::M), Imm(i64::from(PC))]);
    invalid("jp", &[Mem(0x1234)]);
    invalid("jp", &[Ind(Reg16::De)]);
    invalid("bit", &[Imm(0), IX5, a]);
    invalid("rlc", &[Ind(Reg16::Hl), b]);
    invalid("res", &[Imm(0), Ind(Reg16::Hl), a]);
    invalid("rlc", &[IX5, Ind(Reg16::Hl)]);
    invalid("in", &[b, Mem(0x12)]);
    invalid("out", &[Mem(0x12), b]);
    invalid("in", &[R8(Reg8::I), PortC]);
    invalid("out", &[PortC, R8(Reg8::F)]);
    invalid("ld", &[b, Mem(0x1234)]);
    invalid("ld", &[Mem(0x1234), b]);
    invalid("ld", &[R8(Reg8::I), b]);
    invalid("ld", &[a, R8(Reg8::F)]);
    invalid("ld", &[R16(Reg16::Bc), R16(Reg16::De)]);
    invalid("ld", &[R16(Reg16::Af), Imm(0)]);
    invalid("push", &[R16(Reg16::Sp)]);
    invalid("pop", &[R16(Reg16::AfAlt)]);
    invalid("ex", &[R16(Reg16::De), ix]);
    invalid("ex", &[Ind(Reg16::Sp), R16(Reg16::De)]);
    invalid("inc", &[R16(Reg16::Af)]);
    invalid("nop", &[a]);
    invalid("ret", &[a]);
    invalid("im", &[]);
    invalid("ld", &[a]);
}

#[test]
fn unknown_mnemonics_are_named() {
    assert_eq!(
        strict("MOV", &[]),
        Err(EncodeError::UnknownMnemonic("mov".to_string()))
    );
    assert!(is_mnemonic("Ldir") && is_mnemonic("sl1") && !is_mnemonic("mov"));
    let message = strict("ld", &[R8(Reg8::A), Imm(300)])
        .unwrap_err()
        .to_string();
    assert_eq!(message, "8-bit value 300 is out of range -128..=255");
}
