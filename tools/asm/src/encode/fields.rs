//! Operand fields of an opcode: the 3-bit `r`, 2-bit `rp`/`rp2` and 3-bit `cc` codes of the
//! x/y/z/p/q decomposition, and the DD/FD prefix that an index register brings along.

use super::operand::{Cond, IndexReg, Operand, Reg16, Reg8};
use super::value::Ctx;
use super::EncodeError;

/// `r` field code of `(hl)`: the memory operand; under a prefix it becomes `(ix+d)`.
pub(super) const R_MEM: u8 = 6;

/// The prefix byte that turns HL into IX (DD) or IY (FD).
pub(super) fn prefix(index: IndexReg) -> u8 {
    match index {
        IndexReg::Ix => 0xDD,
        IndexReg::Iy => 0xFD,
    }
}

/// An 8-bit operand as the `r` field sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    /// `b c d e h l (hl) a` -> 0..=7, no prefix.
    Plain(u8),
    /// `ixh ixl iyh iyl`: H (4) or L (5) under a prefix (undocumented).
    Half(IndexReg, u8),
    /// `(ix+d)` / `(iy+d)`: `(hl)` (6) under a prefix, with a displacement.
    Indexed(IndexReg, i64),
}

impl Slot {
    /// The 3-bit `r` code.
    pub(super) fn code(self) -> u8 {
        match self {
            Slot::Plain(code) | Slot::Half(_, code) => code,
            Slot::Indexed(..) => R_MEM,
        }
    }

    /// The index register whose prefix this operand needs, if any.
    pub(super) fn index(self) -> Option<IndexReg> {
        match self {
            Slot::Plain(_) => None,
            Slot::Half(index, _) | Slot::Indexed(index, _) => Some(index),
        }
    }
}

/// Code of a plain 8-bit register (`b c d e h l a`); `None` for I, R, F and the index halves.
pub(super) fn reg_code(reg: Reg8) -> Option<u8> {
    Some(match reg {
        Reg8::B => 0,
        Reg8::C => 1,
        Reg8::D => 2,
        Reg8::E => 3,
        Reg8::H => 4,
        Reg8::L => 5,
        Reg8::A => 7,
        _ => return None,
    })
}

/// The `r` slot of an operand, or `None` if it is not an 8-bit register or memory operand.
pub(super) fn slot(op: &Operand) -> Option<Slot> {
    match *op {
        Operand::Reg8(Reg8::Ixh) => Some(Slot::Half(IndexReg::Ix, 4)),
        Operand::Reg8(Reg8::Ixl) => Some(Slot::Half(IndexReg::Ix, 5)),
        Operand::Reg8(Reg8::Iyh) => Some(Slot::Half(IndexReg::Iy, 4)),
        Operand::Reg8(Reg8::Iyl) => Some(Slot::Half(IndexReg::Iy, 5)),
        Operand::Reg8(reg) => reg_code(reg).map(Slot::Plain),
        Operand::Ind(Reg16::Hl) => Some(Slot::Plain(R_MEM)),
        Operand::Indexed(index, d) => Some(Slot::Indexed(index, d)),
        _ => None,
    }
}

/// Whether two `r` slots can share one opcode (`ld r,r'`), and the prefix they share.
///
/// One prefix rewrites the whole opcode, so: never IX and IY together; an index half
/// (`ixh`) rewrites every H/L, so it cannot sit beside plain `h`/`l` or any memory operand;
/// `(ix+d)` leaves H/L alone but cannot sit beside an index half; `(hl),(hl)` is HALT.
pub(super) fn shared_prefix(a: Slot, b: Slot) -> Option<Option<IndexReg>> {
    use Slot::{Half, Indexed, Plain};
    let halves_clash = |other: Slot| matches!(other, Plain(4..=6) | Indexed(..));
    match (a, b) {
        (Plain(R_MEM), Plain(R_MEM)) => None,
        (Plain(_), Plain(_)) => Some(None),
        (Half(x, _), Half(y, _)) if x == y => Some(Some(x)),
        (Half(..), Half(..)) => None,
        (Half(x, _), other) | (other, Half(x, _)) => (!halves_clash(other)).then_some(Some(x)),
        (Indexed(x, _), Plain(c)) | (Plain(c), Indexed(x, _)) => (c != R_MEM).then_some(Some(x)),
        (Indexed(..), Indexed(..)) => None,
    }
}

/// `rp` table (BC DE HL SP) code; HL's slot also holds IX/IY under their prefix.
pub(super) fn rp(reg: Reg16) -> Option<(u8, Option<IndexReg>)> {
    match reg {
        Reg16::Sp => Some((3, None)),
        _ => rp_common(reg),
    }
}

/// `rp2` table (BC DE HL AF) code, used by PUSH and POP.
pub(super) fn rp2(reg: Reg16) -> Option<(u8, Option<IndexReg>)> {
    match reg {
        Reg16::Af => Some((3, None)),
        _ => rp_common(reg),
    }
}

fn rp_common(reg: Reg16) -> Option<(u8, Option<IndexReg>)> {
    match reg {
        Reg16::Bc => Some((0, None)),
        Reg16::De => Some((1, None)),
        Reg16::Hl => Some((2, None)),
        Reg16::Ix => Some((2, Some(IndexReg::Ix))),
        Reg16::Iy => Some((2, Some(IndexReg::Iy))),
        _ => None,
    }
}

/// HL, IX or IY: the register a DD/FD prefix swaps in. `Some(None)` is HL itself.
pub(super) fn hl_like(op: &Operand) -> Option<Option<IndexReg>> {
    match op {
        Operand::Reg16(Reg16::Hl) => Some(None),
        Operand::Reg16(Reg16::Ix) => Some(Some(IndexReg::Ix)),
        Operand::Reg16(Reg16::Iy) => Some(Some(IndexReg::Iy)),
        _ => None,
    }
}

/// `cc` code (NZ Z NC C PO PE P M); `c` arrives as register C.
pub(super) fn cond(op: &Operand) -> Option<u8> {
    Some(match op {
        Operand::Cond(Cond::Nz) => 0,
        Operand::Cond(Cond::Z) => 1,
        Operand::Cond(Cond::Nc) => 2,
        Operand::Reg8(Reg8::C) => 3,
        Operand::Cond(Cond::Po) => 4,
        Operand::Cond(Cond::Pe) => 5,
        Operand::Cond(Cond::P) => 6,
        Operand::Cond(Cond::M) => 7,
        _ => return None,
    })
}

/// Bytes of `[prefix] body...`.
pub(super) fn prefixed(index: Option<IndexReg>, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 1);
    out.extend(index.map(prefix));
    out.extend_from_slice(body);
    out
}

/// `[prefix] opcode [d] tail...` for an instruction whose single `r` operand is `slot`
/// (operand number `operand`, for the displacement's error).
pub(super) fn with_slot(
    ctx: Ctx,
    slot: Slot,
    operand: usize,
    opcode: u8,
    tail: &[u8],
) -> Result<Vec<u8>, EncodeError> {
    let mut out = prefixed(slot.index(), &[opcode]);
    if let Slot::Indexed(_, d) = slot {
        out.push(ctx.disp(operand, d)?);
    }
    out.extend_from_slice(tail);
    Ok(out)
}
