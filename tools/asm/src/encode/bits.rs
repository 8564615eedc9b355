//! The CB group: rotates and shifts (`rot[y] r`, x=0) and BIT/RES/SET (x=1..3), with the
//! DD CB d / FD CB d forms on `(ix+d)`, including the undocumented ones that also copy the
//! result into a register (`rlc (ix+5),b`, `set 3,(iy-2),a`: z = that register).

use super::fields::{prefix, reg_code, slot, Slot};
use super::operand::{Operand, Reg8};
use super::value::Ctx;
use super::{EncodeError, Encoded};

/// `rot[y] r`, `rot[y] (ix+d)` and `rot[y] (ix+d),r`.
pub(super) fn rot(ctx: Ctx, y: u8, ops: &[Operand]) -> Encoded {
    match ops {
        [op] => match slot(op) {
            Some(Slot::Half(..)) | None => Ok(None),
            Some(s) => cb(ctx, s, 0, y << 3 | s.code()).map(Some),
        },
        [mem @ Operand::Indexed(..), Operand::Reg8(copy)] => copy_form(ctx, mem, 0, *copy, y << 3),
        _ => Ok(None),
    }
}

/// BIT (`x` = 1), RES (2), SET (3): `b,r`, `b,(ix+d)`, and for RES/SET `b,(ix+d),r`.
pub(super) fn bit_op(ctx: Ctx, x: u8, ops: &[Operand]) -> Encoded {
    match ops {
        [Operand::Imm(b), op] => match slot(op) {
            Some(Slot::Half(..)) | None => Ok(None),
            Some(s) => {
                let b = ctx.bit(0, *b)?;
                cb(ctx, s, 1, x << 6 | b << 3 | s.code()).map(Some)
            }
        },
        // BIT only reads, so it has no register-copy form.
        [Operand::Imm(b), mem @ Operand::Indexed(..), Operand::Reg8(copy)] if x != 1 => {
            if reg_code(*copy).is_none() {
                return Ok(None);
            }
            let b = ctx.bit(0, *b)?;
            copy_form(ctx, mem, 1, *copy, x << 6 | b << 3)
        }
        _ => Ok(None),
    }
}

/// The undocumented `op (ix+d),r`: DD CB d with z = the register that receives a copy.
fn copy_form(ctx: Ctx, mem: &Operand, operand: usize, copy: Reg8, opcode: u8) -> Encoded {
    match (*mem, reg_code(copy)) {
        (Operand::Indexed(index, d), Some(z)) => Ok(Some(vec![
            prefix(index),
            0xCB,
            ctx.disp(operand, d)?,
            opcode | z,
        ])),
        _ => Ok(None),
    }
}

/// `CB op`, or `DD/FD CB d op` when the operand is `(ix+d)` (`operand` numbers it for errors).
fn cb(ctx: Ctx, s: Slot, operand: usize, opcode: u8) -> Result<Vec<u8>, EncodeError> {
    Ok(match s {
        Slot::Indexed(index, d) => vec![prefix(index), 0xCB, ctx.disp(operand, d)?, opcode],
        _ => vec![0xCB, opcode],
    })
}
