//! Why a driver of the program's memory could not do what it was asked (a program that
//! answers differently from the reference is not an error here: the checkers judge that).

/// Why a program could not be booted, read or called.
#[derive(Debug, Clone, thiserror::Error)]
pub enum DriverError {
    /// The image's symbol file lacks a symbol of the interface.
    #[error("symbol `{0}` is missing from the symbol file")]
    Symbol(String),
    /// The program image cannot be loaded.
    #[error("{0}")]
    Image(String),
    /// The emulator stopped (an instruction it cannot run, ...).
    #[error("the emulator stopped: {0}")]
    Emulator(String),
    /// A routine did not return in time.
    #[error("{routine} did not return within {} s of CPC time (pc &{pc:04X})", *limit_us as f64 / 1e6)]
    Hang {
        /// The routine called.
        routine: String,
        /// The limit, CPC µs.
        limit_us: u64,
        /// Where the CPU was.
        pc: u16,
    },
}
