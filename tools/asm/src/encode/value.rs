//! Range checks for operand values. In `Check::Strict` a value that does not fit is an
//! error; in `Check::Lenient` it is truncated to the field, so the size never changes.

use super::{Check, EncodeError};

/// The context every value check needs: where the instruction sits and how strict to be.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ctx {
    pub(super) pc: u16,
    pub(super) check: Check,
}

impl Ctx {
    /// `value` itself if it lies in `min..=max` (or checks are lenient), else the error.
    pub(super) fn range(
        self,
        operand: usize,
        what: &'static str,
        value: i64,
        min: i64,
        max: i64,
    ) -> Result<i64, EncodeError> {
        self.require(
            (min..=max).contains(&value),
            operand,
            what,
            value,
            (min, max),
        )?;
        Ok(value)
    }

    /// An error unless `valid` (or checks are lenient); `bounds` is the range the message names.
    pub(super) fn require(
        self,
        valid: bool,
        operand: usize,
        what: &'static str,
        value: i64,
        (min, max): (i64, i64),
    ) -> Result<(), EncodeError> {
        if self.check == Check::Strict && !valid {
            return Err(EncodeError::OutOfRange {
                operand,
                what,
                value,
                min,
                max,
            });
        }
        Ok(())
    }

    /// An 8-bit immediate `n`: signed or unsigned, -128..=255.
    pub(super) fn imm8(self, operand: usize, value: i64) -> Result<u8, EncodeError> {
        Ok(self.range(operand, "8-bit value", value, -128, 255)? as u8)
    }

    /// A 16-bit immediate or address `nn`, little-endian: -32768..=65535.
    pub(super) fn imm16(self, operand: usize, value: i64) -> Result<[u8; 2], EncodeError> {
        let v = self.range(operand, "16-bit value", value, -32768, 65535)?;
        Ok((v as u16).to_le_bytes())
    }

    /// The signed displacement `d` of `(ix+d)`.
    pub(super) fn disp(self, operand: usize, value: i64) -> Result<u8, EncodeError> {
        Ok(self.range(operand, "index offset", value, -128, 127)? as u8)
    }

    /// The distance byte of JR/DJNZ to `target`, counted from the next instruction.
    pub(super) fn rel(self, operand: usize, target: i64) -> Result<u8, EncodeError> {
        let distance = target.wrapping_sub(i64::from(self.pc) + 2);
        Ok(self.range(operand, "relative jump distance", distance, -128, 127)? as u8)
    }

    /// A port number `(n)` of `in a,(n)` / `out (n),a`.
    pub(super) fn port(self, operand: usize, value: i64) -> Result<u8, EncodeError> {
        Ok(self.range(operand, "port number", value, 0, 255)? as u8)
    }

    /// A bit number of BIT/RES/SET.
    pub(super) fn bit(self, operand: usize, value: i64) -> Result<u8, EncodeError> {
        Ok(self.range(operand, "bit number", value, 0, 7)? as u8 & 7)
    }
}
