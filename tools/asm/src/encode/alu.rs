//! Arithmetic and logic: `alu[y]` (ADD ADC SUB SBC AND XOR OR CP) on A, the 16-bit
//! ADD/ADC/SBC on HL/IX/IY, and INC/DEC of 8- and 16-bit operands.

use super::fields::{hl_like, prefixed, rp, slot, with_slot};
use super::operand::{Operand, Reg8};
use super::value::Ctx;
use super::Encoded;

/// `alu[y] a,src` (x=2 `80+8y+r`, or `C6+8y n`), also spelled without the `a,`; and the
/// 16-bit `add hl/ix/iy,rr` (`09+16p`), `adc hl,rr` (`ED 4A+16p`), `sbc hl,rr` (`ED 42+16p`).
pub(super) fn alu(ctx: Ctx, y: u8, ops: &[Operand]) -> Encoded {
    if let [dst @ Operand::Reg16(_), Operand::Reg16(src)] = ops {
        let Some(dst_index) = hl_like(dst) else {
            return Ok(None);
        };
        let Some((p, src_index)) = rp(*src) else {
            return Ok(None);
        };
        // In the `rp` table HL's slot (p=2) is the destination register itself:
        // `add ix,ix` exists, `add ix,hl` and `add hl,ix` do not.
        if src_index != if p == 2 { dst_index } else { None } {
            return Ok(None);
        }
        return Ok(match (y, dst_index) {
            (0, index) => Some(prefixed(index, &[0x09 | p << 4])),
            (1, None) => Some(vec![0xED, 0x4A | p << 4]),
            (3, None) => Some(vec![0xED, 0x42 | p << 4]),
            _ => None,
        });
    }
    // `add a,b` and `add b` are the same instruction for all eight operations.
    let (src, operand) = match ops {
        [Operand::Reg8(Reg8::A), src] => (src, 1),
        [src] => (src, 0),
        _ => return Ok(None),
    };
    if let Operand::Imm(n) = *src {
        return Ok(Some(vec![0xC6 | y << 3, ctx.imm8(operand, n)?]));
    }
    match slot(src) {
        Some(s) => with_slot(ctx, s, operand, 0x80 | y << 3 | s.code(), &[]).map(Some),
        None => Ok(None),
    }
}

/// INC (`dec` = 0) or DEC (`dec` = 1): `04+8r`/`05+8r` for 8-bit, `03+16p`/`0B+16p` for 16-bit.
pub(super) fn inc_dec(ctx: Ctx, dec: u8, ops: &[Operand]) -> Encoded {
    match ops {
        [Operand::Reg16(reg)] => {
            Ok(rp(*reg).map(|(p, index)| prefixed(index, &[0x03 | p << 4 | dec << 3])))
        }
        [op] => match slot(op) {
            Some(s) => with_slot(ctx, s, 0, 0x04 | s.code() << 3 | dec, &[]).map(Some),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}
