//! Port input and output: `in a,(n)` / `out (n),a`, the ED `(c)` forms, and the
//! undocumented `in f,(c)` (also `in (c)`, ED 70) and `out (c),0` (ED 71).

use super::fields::reg_code;
use super::operand::{Operand, Reg8};
use super::value::Ctx;
use super::Encoded;

/// `in a,(n)` (DB n), `in r,(c)` (ED 40+8r), `in f,(c)` / `in (c)` (ED 70).
pub(super) fn input(ctx: Ctx, ops: &[Operand]) -> Encoded {
    Ok(match ops {
        [Operand::Reg8(Reg8::A), Operand::Mem(n)] => Some(vec![0xDB, ctx.port(1, *n)?]),
        [Operand::Reg8(Reg8::F), Operand::PortC] | [Operand::PortC] => Some(vec![0xED, 0x70]),
        [Operand::Reg8(reg), Operand::PortC] => reg_code(*reg).map(|r| vec![0xED, 0x40 | r << 3]),
        _ => None,
    })
}

/// `out (n),a` (D3 n), `out (c),r` (ED 41+8r), `out (c),0` (ED 71).
pub(super) fn output(ctx: Ctx, ops: &[Operand]) -> Encoded {
    Ok(match ops {
        [Operand::Mem(n), Operand::Reg8(Reg8::A)] => Some(vec![0xD3, ctx.port(0, *n)?]),
        [Operand::PortC, Operand::Reg8(reg)] => reg_code(*reg).map(|r| vec![0xED, 0x41 | r << 3]),
        [Operand::PortC, Operand::Imm(v)] => {
            // Only zero exists (the chip drives 0 on the bus; some CMOS parts drive &FF).
            ctx.range(1, "out (c) value", *v, 0, 0)?;
            Some(vec![0xED, 0x71])
        }
        _ => None,
    })
}
