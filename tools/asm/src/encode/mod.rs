//! Z80 instruction encoding: mnemonic + operands -> bytes. Knows nothing of source text.
//!
//! Table-driven after the x/y/z/p/q decomposition of the opcode byte
//! (`x = bits 7-6, y = 5-3, z = 2-0, p = y >> 1, q = y & 1`): `table` maps a mnemonic to
//! its group and the field value that selects it, `fields` turns operands into `r`,
//! `rp`, `cc` codes plus the DD/FD prefix, and one small module per group assembles the
//! bytes. Covers every documented form and the undocumented ones with a mnemonic of their own
//! (IXH/IXL/IYH/IYL, SLL, `in f,(c)`, `out (c),0`, DD CB / FD CB with a register copy).

mod alu;
mod bits;
mod fields;
mod flow;
mod io;
mod load;
mod operand;
mod table;
mod value;

pub use operand::{Cond, IndexReg, Operand, Reg16, Reg8};
pub(crate) use table::canonical;
pub use table::is_mnemonic;

use table::Group;
use value::Ctx;

/// Why an instruction could not be encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    /// The mnemonic does not exist.
    #[error("unknown instruction `{0}`")]
    UnknownMnemonic(String),
    /// The mnemonic exists but not with these operands.
    #[error("`{mnemonic}` does not take these operands")]
    InvalidOperands {
        /// The mnemonic, lower case.
        mnemonic: String,
    },
    /// A value does not fit: `operand` is the 0-based operand index.
    #[error("{what} {value} is out of range {min}..={max}")]
    OutOfRange {
        /// Which operand (0-based).
        operand: usize,
        /// What the value is (e.g. "relative jump distance", "index offset").
        what: &'static str,
        /// The value as computed.
        value: i64,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
}

/// How strictly values are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Out-of-range values are errors (the final pass).
    Strict,
    /// Values are truncated silently; only the size matters (passes where labels are guesses).
    Lenient,
}

/// What a group encoder answers: the bytes, `Ok(None)` when no form of the mnemonic takes
/// these operands, or a value error.
type Encoded = Result<Option<Vec<u8>>, EncodeError>;

/// Encodes one instruction at address `pc`. `mnemonic` is case-insensitive.
///
/// The encoded size never depends on operand values, only on the form, so a guessing pass
/// (`Check::Lenient`) lays out the same addresses as the final one.
pub fn encode(
    mnemonic: &str,
    operands: &[Operand],
    pc: u16,
    check: Check,
) -> Result<Vec<u8>, EncodeError> {
    let name = || mnemonic.to_ascii_lowercase();
    let Some(group) = table::lookup(mnemonic) else {
        return Err(EncodeError::UnknownMnemonic(name()));
    };
    // The normalised operands live on the stack. No Z80 form takes more than three: a
    // fourth reaches the group, which refuses it; more are refused here.
    const MOST: usize = 4;
    if operands.len() > MOST {
        return Err(EncodeError::InvalidOperands { mnemonic: name() });
    }
    let mut normalised = [Operand::PortC; MOST];
    for (n, op) in normalised.iter_mut().zip(operands) {
        *n = normalise(op);
    }
    let ops = &normalised[..operands.len()];
    let ctx = Ctx { pc, check };
    let encoded = match group {
        Group::Fixed(bytes) => Ok(ops.is_empty().then(|| bytes.to_vec())),
        Group::Alu(y) => alu::alu(ctx, y, ops),
        Group::IncDec(dec) => alu::inc_dec(ctx, dec, ops),
        Group::Rot(y) => bits::rot(ctx, y, ops),
        Group::BitOp(x) => bits::bit_op(ctx, x, ops),
        Group::Ld => load::ld(ctx, ops),
        Group::Stack(push) => load::stack(push, ops),
        Group::Ex => load::ex(ops),
        Group::Jp => flow::jp(ctx, ops),
        Group::Jr => flow::jr(ctx, ops),
        Group::Djnz => flow::djnz(ctx, ops),
        Group::Call => flow::call(ctx, ops),
        Group::Ret => flow::ret(ops),
        Group::Rst => flow::rst(ctx, ops),
        Group::Im => flow::im(ctx, ops),
        Group::In => io::input(ctx, ops),
        Group::Out => io::output(ctx, ops),
    };
    encoded?.ok_or_else(|| EncodeError::InvalidOperands { mnemonic: name() })
}

/// `(ix)` may reach us as `Ind(Ix)`; it means `(ix+0)` everywhere.
fn normalise(op: &Operand) -> Operand {
    match *op {
        Operand::Ind(Reg16::Ix) => Operand::Indexed(IndexReg::Ix, 0),
        Operand::Ind(Reg16::Iy) => Operand::Indexed(IndexReg::Iy, 0),
        other => other,
    }
}
