//! Z80 instruction encoding: mnemonic + operands -> bytes. Knows nothing of source text.

mod operand;

pub use operand::{Cond, IndexReg, Operand, Reg16, Reg8};

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
    let _ = (operands, pc, check);
    Err(EncodeError::UnknownMnemonic(mnemonic.to_ascii_lowercase()))
}
