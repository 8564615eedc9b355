//! The crate's errors, at the bottom so that every module may name them: why a build failed,
//! and why a driver of the program's memory could not do what it was asked (a program that
//! answers differently from the reference is not an error here: the checkers judge that).

use std::ops::RangeInclusive;
use std::path::PathBuf;

use cpc_asm::Diagnostics;

use othello_engine::weights::WeightsError;

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

/// Why a build failed.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The weights file is unreadable or invalid. (The message already holds the cause, so
    /// it is not repeated as a source.)
    #[error("{0}")]
    Weights(WeightsError),
    /// The sources do not assemble (the diagnostics say where).
    #[error("{diagnostics}")]
    Assembly {
        /// Every error of the assembly, rendered with file:line:col.
        diagnostics: Diagnostics,
    },
    /// The program does not fit where `RUN"` can load it.
    #[error(
        "the program occupies &{load:04X}-&{last:04X} (entry &{exec:04X}), but RUN\" can only \
         load it within &{:04X}-&{:04X} and must enter it there",
        allowed.start(),
        allowed.end()
    )]
    Layout {
        /// First byte.
        load: u16,
        /// Last byte.
        last: u32,
        /// Entry address.
        exec: u16,
        /// Where it must lie ([`crate::program::LOAD_RANGE`]).
        allowed: RangeInclusive<u16>,
    },
    /// The program does not fit its RAM with the opening book, and fits without it.
    #[error(
        "the opening book ({entries} entries, {bytes} bytes) does not fit: the program has room \
         for {room} bytes of book ({limit}); generate a smaller one (`[book] plies` in the \
         weights file, then `cpc-othello engine book --generate`) or set `plies = 0`"
    )]
    BookTooBig {
        /// Book entries.
        entries: usize,
        /// Their bytes in the program.
        bytes: usize,
        /// The most book bytes the program has room for.
        room: usize,
        /// Which limit binds: the search's RAM or where `RUN"` loads.
        limit: &'static str,
    },
    /// The sources produced no bytes.
    #[error("{0} produced no bytes")]
    Empty(String),
    /// The disc image or a file beside it could not be made or written.
    #[error("{0}")]
    Disk(cpc_dsk::Error),
    /// The program cannot be written to a tape.
    #[error("tape: {0}")]
    Tape(cpc_dsk::tape::TapeError),
    /// The snapshot could not be made.
    #[error("snapshot: {0}")]
    Snapshot(String),
    /// The output directory could not be created.
    #[error("{}: cannot create the output directory: {error}", path.display())]
    OutputDir {
        /// The directory.
        path: PathBuf,
        /// The operating system's error.
        error: std::io::Error,
    },
}

impl From<WeightsError> for BuildError {
    fn from(e: WeightsError) -> BuildError {
        BuildError::Weights(e)
    }
}

impl From<cpc_dsk::Error> for BuildError {
    fn from(e: cpc_dsk::Error) -> BuildError {
        BuildError::Disk(e)
    }
}
