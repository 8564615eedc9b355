//! Operands as the encoder sees them: registers, conditions and already-evaluated values.
//!
//! The parser (front end) turns source text into these; the encoder never parses. Values are
//! `i64` so that range checks see the real number, never a truncated one.

/// 8-bit registers, including the undocumented halves of IX and IY and `F` (only in `in f,(c)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Reg8 {
    A,
    B,
    C,
    D,
    E,
    H,
    L,
    I,
    R,
    F,
    Ixh,
    Ixl,
    Iyh,
    Iyl,
}

/// 16-bit register pairs. `AfAlt` is `af'`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Reg16 {
    Bc,
    De,
    Hl,
    Sp,
    Af,
    AfAlt,
    Ix,
    Iy,
}

/// Jump/call/return conditions. `c` is written like register C: the parser gives
/// `Operand::Reg8(Reg8::C)` and the encoder reads it as the carry condition where one is expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Cond {
    Nz,
    Z,
    Nc,
    Po,
    Pe,
    P,
    M,
}

/// Index registers for `(ix+d)` / `(iy+d)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum IndexReg {
    Ix,
    Iy,
}

/// One operand of an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// `a`, `b`, ..., `ixh`, `f`.
    Reg8(Reg8),
    /// `bc`, `de`, `hl`, `sp`, `af`, `af'`, `ix`, `iy`.
    Reg16(Reg16),
    /// `nz`, `z`, `nc`, `po`, `pe`, `p`, `m` (and `c`, see [`Cond`]).
    Cond(Cond),
    /// A plain value: `n`, `nn`, a jump target, a bit number, an `rst`/`im` argument.
    Imm(i64),
    /// `(nn)`: memory at an address (also `(n)` for `in a,(n)` / `out (n),a`).
    Mem(i64),
    /// `(bc)`, `(de)`, `(hl)`, `(sp)`; `(ix)`/`(iy)` without offset are `Indexed(_, 0)`.
    Ind(Reg16),
    /// `(c)` in `in r,(c)` / `out (c),r`.
    PortC,
    /// `(ix+d)` / `(iy+d)`: the offset `d` as written (checked against -128..127).
    Indexed(IndexReg, i64),
}
