//! Errors of the emulator: what went wrong, and where.
//!
//! Each message is complete on its own (it includes the underlying cause), so the variants
//! do not also chain that cause as a `source`: printed with `{:#}` it would appear twice.

use std::path::PathBuf;

use crate::cpu::CpuError;

#[derive(Debug, thiserror::Error)]
pub enum EmuError {
    /// The emulated CPU did something the emulator does not support.
    #[error("{error} (after {time_us} µs of CPC time, frame {frame})")]
    Cpu {
        error: CpuError,
        time_us: u64,
        frame: u64,
    },
    /// A program does not fit in the 64 KB address space.
    #[error(
        "a program of {len} bytes loaded at &{load:04X} would run past &FFFF \
         (by {overflow} bytes)"
    )]
    ProgramTooLong {
        load: u16,
        len: usize,
        overflow: usize,
    },
    /// The file given to run is not usable as given.
    #[error("{0}")]
    Open(crate::open::OpenError),
    /// No program could be taken from a disc image.
    #[error("disc image: {0}")]
    Disk(crate::disk::DiskError),
    /// A snapshot file is malformed.
    #[error("snapshot: {0}")]
    Snapshot(crate::sna::SnaError),
    /// A key script does not parse.
    #[error("key script: {0}")]
    KeyScript(crate::keyscript::KeyScriptError),
    /// A symbol file does not parse.
    #[error("{}: {error}", path.display())]
    SymbolFile {
        path: PathBuf,
        error: crate::symbols::SymbolError,
    },
    /// A ROM image has the wrong size.
    #[error("a ROM image must be 16384 bytes, this one has {0}")]
    RomSize(usize),
    /// Reading or writing a file failed.
    #[error("{}: {error}", path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Encoding a PNG failed.
    #[error("{}: PNG encoding failed: {message}", path.display())]
    Png { path: PathBuf, message: String },
}

macro_rules! wrap {
    ($variant:ident, $inner:ty) => {
        impl From<$inner> for EmuError {
            fn from(e: $inner) -> Self {
                EmuError::$variant(e)
            }
        }
    };
}

wrap!(Open, crate::open::OpenError);
wrap!(Disk, crate::disk::DiskError);
wrap!(Snapshot, crate::sna::SnaError);
wrap!(KeyScript, crate::keyscript::KeyScriptError);
