//! Control flow: JP, JR, DJNZ, CALL, RET, RST, and IM (the interrupt mode).

use super::fields::{cond, hl_like, prefixed};
use super::operand::{Operand, Reg16};
use super::value::Ctx;
use super::Encoded;

/// `jp nn` (C3), `jp cc,nn` (C2+8y), `jp (hl)`/`jp hl` (E9), `jp (ix)`/`jp ix` (DD E9).
pub(super) fn jp(ctx: Ctx, ops: &[Operand]) -> Encoded {
    Ok(match ops {
        [Operand::Imm(nn)] => Some(with_word(0xC3, ctx.imm16(0, *nn)?)),
        [cc, Operand::Imm(nn)] => match cond(cc) {
            Some(y) => Some(with_word(0xC2 | y << 3, ctx.imm16(1, *nn)?)),
            None => None,
        },
        [Operand::Ind(Reg16::Hl)] => Some(vec![0xE9]),
        [Operand::Indexed(index, d)] => {
            // JP (IX) jumps to IX itself: there is no displacement byte to hold d.
            ctx.range(0, "jp (ix) offset", *d, 0, 0)?;
            Some(prefixed(Some(*index), &[0xE9]))
        }
        [reg] => hl_like(reg).map(|index| prefixed(index, &[0xE9])),
        _ => None,
    })
}

/// `jr e` (18) and `jr nz/z/nc/c,e` (20+8y): only the first four conditions exist.
pub(super) fn jr(ctx: Ctx, ops: &[Operand]) -> Encoded {
    Ok(match ops {
        [Operand::Imm(target)] => Some(vec![0x18, ctx.rel(0, *target)?]),
        [cc, Operand::Imm(target)] => match cond(cc) {
            Some(y @ 0..=3) => Some(vec![0x20 | y << 3, ctx.rel(1, *target)?]),
            _ => None,
        },
        _ => None,
    })
}

/// `djnz e` (10).
pub(super) fn djnz(ctx: Ctx, ops: &[Operand]) -> Encoded {
    Ok(match ops {
        [Operand::Imm(target)] => Some(vec![0x10, ctx.rel(0, *target)?]),
        _ => None,
    })
}

/// `call nn` (CD) and `call cc,nn` (C4+8y).
pub(super) fn call(ctx: Ctx, ops: &[Operand]) -> Encoded {
    Ok(match ops {
        [Operand::Imm(nn)] => Some(with_word(0xCD, ctx.imm16(0, *nn)?)),
        [cc, Operand::Imm(nn)] => match cond(cc) {
            Some(y) => Some(with_word(0xC4 | y << 3, ctx.imm16(1, *nn)?)),
            None => None,
        },
        _ => None,
    })
}

/// `ret` (C9) and `ret cc` (C0+8y).
pub(super) fn ret(ops: &[Operand]) -> Encoded {
    Ok(match ops {
        [] => Some(vec![0xC9]),
        [cc] => cond(cc).map(|y| vec![0xC0 | y << 3]),
        _ => None,
    })
}

/// `rst p` (C7+p) for p in 0, 8, ..., &38.
pub(super) fn rst(ctx: Ctx, ops: &[Operand]) -> Encoded {
    let [Operand::Imm(target)] = ops else {
        return Ok(None);
    };
    let valid = target & !0x38 == 0;
    ctx.require(
        valid,
        0,
        "rst address (a multiple of 8)",
        *target,
        (0, 0x38),
    )?;
    Ok(Some(vec![0xC7 | (*target as u8 & 0x38)]))
}

/// `im 0/1/2` (ED 46, ED 56, ED 5E).
pub(super) fn im(ctx: Ctx, ops: &[Operand]) -> Encoded {
    const MODES: [u8; 3] = [0x46, 0x56, 0x5E];
    let [Operand::Imm(mode)] = ops else {
        return Ok(None);
    };
    let mode = ctx.range(0, "interrupt mode", *mode, 0, 2)?;
    Ok(Some(vec![0xED, MODES[mode.rem_euclid(3) as usize]]))
}

fn with_word(opcode: u8, word: [u8; 2]) -> Vec<u8> {
    vec![opcode, word[0], word[1]]
}
