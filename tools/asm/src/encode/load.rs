//! Loads and exchanges: LD in its 8-bit, 16-bit, memory and special-register forms,
//! PUSH/POP and EX.

use super::fields::{hl_like, prefixed, rp, rp2, shared_prefix, slot, with_slot, Slot};
use super::operand::{Operand, Reg16, Reg8};
use super::value::Ctx;
use super::Encoded;

/// Every LD form.
pub(super) fn ld(ctx: Ctx, ops: &[Operand]) -> Encoded {
    use Operand::{Imm, Ind, Mem, Reg16 as R16, Reg8 as R8};
    let [dst, src] = ops else {
        return Ok(None);
    };
    let bytes = match (*dst, *src) {
        // ED x=1 z=7: the interrupt vector and refresh registers.
        (R8(Reg8::I), R8(Reg8::A)) => vec![0xED, 0x47],
        (R8(Reg8::R), R8(Reg8::A)) => vec![0xED, 0x4F],
        (R8(Reg8::A), R8(Reg8::I)) => vec![0xED, 0x57],
        (R8(Reg8::A), R8(Reg8::R)) => vec![0xED, 0x5F],
        // x=0 z=2: A through (BC), (DE), (nn).
        (Ind(Reg16::Bc), R8(Reg8::A)) => vec![0x02],
        (Ind(Reg16::De), R8(Reg8::A)) => vec![0x12],
        (R8(Reg8::A), Ind(Reg16::Bc)) => vec![0x0A],
        (R8(Reg8::A), Ind(Reg16::De)) => vec![0x1A],
        (Mem(nn), R8(Reg8::A)) => with_tail(&[0x32], &ctx.imm16(0, nn)?),
        (R8(Reg8::A), Mem(nn)) => with_tail(&[0x3A], &ctx.imm16(1, nn)?),
        // x=3 z=1 q=1 p=3.
        (R16(Reg16::Sp), reg @ R16(_)) => match hl_like(&reg) {
            Some(index) => prefixed(index, &[0xF9]),
            None => return Ok(None),
        },
        (R16(reg), Imm(nn)) => match rp(reg) {
            Some((p, index)) => with_tail(&prefixed(index, &[0x01 | p << 4]), &ctx.imm16(1, nn)?),
            None => return Ok(None),
        },
        // HL/IX/IY use the short x=0 z=2 forms; BC, DE, SP the ED ones.
        (reg @ R16(r), Mem(nn)) => match (hl_like(&reg), rp(r)) {
            (Some(index), _) => with_tail(&prefixed(index, &[0x2A]), &ctx.imm16(1, nn)?),
            (None, Some((p, _))) => with_tail(&[0xED, 0x4B | p << 4], &ctx.imm16(1, nn)?),
            (None, None) => return Ok(None),
        },
        (Mem(nn), reg @ R16(r)) => match (hl_like(&reg), rp(r)) {
            (Some(index), _) => with_tail(&prefixed(index, &[0x22]), &ctx.imm16(0, nn)?),
            (None, Some((p, _))) => with_tail(&[0xED, 0x43 | p << 4], &ctx.imm16(0, nn)?),
            (None, None) => return Ok(None),
        },
        // x=0 z=6: ld r,n (also (hl), (ix+d), ixh...).
        (dst, Imm(n)) => match slot(&dst) {
            Some(s) => {
                // The displacement (operand 0) is checked before the value (operand 1).
                let mut out = with_slot(ctx, s, 0, 0x06 | s.code() << 3, &[])?;
                out.push(ctx.imm8(1, n)?);
                out
            }
            None => return Ok(None),
        },
        // x=1: ld r,r'.
        (dst, src) => match (slot(&dst), slot(&src)) {
            (Some(d), Some(s)) => return ld_r_r(ctx, d, s),
            _ => return Ok(None),
        },
    };
    Ok(Some(bytes))
}

/// `ld r,r'` (x=1, `40+8y+z`), with the prefix and displacement the operands share.
fn ld_r_r(ctx: Ctx, dst: Slot, src: Slot) -> Encoded {
    let Some(index) = shared_prefix(dst, src) else {
        return Ok(None);
    };
    let mut out = prefixed(index, &[0x40 | dst.code() << 3 | src.code()]);
    for (operand, s) in [(0, dst), (1, src)] {
        if let Slot::Indexed(_, d) = s {
            out.push(ctx.disp(operand, d)?);
        }
    }
    Ok(Some(out))
}

fn with_tail(head: &[u8], tail: &[u8]) -> Vec<u8> {
    [head, tail].concat()
}

/// PUSH (`C5+16p`) / POP (`C1+16p`) of `rp2[p]`, IX/IY under their prefix.
pub(super) fn stack(push: bool, ops: &[Operand]) -> Encoded {
    let [Operand::Reg16(reg)] = ops else {
        return Ok(None);
    };
    Ok(rp2(*reg).map(|(p, index)| prefixed(index, &[0xC1 | p << 4 | u8::from(push) << 2])))
}

/// `ex af,af'` (also written `ex af,af`), `ex de,hl`, `ex (sp),hl/ix/iy`.
pub(super) fn ex(ops: &[Operand]) -> Encoded {
    Ok(match ops {
        [Operand::Reg16(Reg16::Af), Operand::Reg16(Reg16::AfAlt | Reg16::Af)] => Some(vec![0x08]),
        [Operand::Reg16(Reg16::De), Operand::Reg16(Reg16::Hl)] => Some(vec![0xEB]),
        [Operand::Ind(Reg16::Sp), reg] => hl_like(reg).map(|index| prefixed(index, &[0xE3])),
        _ => None,
    })
}
