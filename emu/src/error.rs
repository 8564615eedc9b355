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
    Open(OpenError),
    /// No program could be taken from a disc image.
    #[error("disc image: {0}")]
    Disk(DiskError),
    /// A snapshot file is malformed.
    #[error("snapshot: {0}")]
    Snapshot(SnaError),
    /// A tape image is damaged.
    #[error("tape image: {0}")]
    Tape(cpc_dsk::tape::TapeError),
    /// A tape image holds no binary file.
    #[error("no binary file on the tape (it holds: {0})")]
    NoTapeBinary(String),
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

wrap!(Open, OpenError);
wrap!(Disk, DiskError);
wrap!(Snapshot, SnaError);
wrap!(KeyScript, crate::keyscript::KeyScriptError);
wrap!(Tape, cpc_dsk::tape::TapeError);

/// The errors of [`crate::open`], here so that the error types sit below every module.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("--file picks a file on a .dsk image, but {0} is {1}")]
    FileOnlyForDisks(String, &'static str),
    #[error("--load is for raw binaries, but {0} is {1}")]
    LoadNotRaw(String, &'static str),
    #[error(
        "{0} is not a .dsk image, a .sna snapshot, a .cdt tape or an AMSDOS binary \
         (give --load ADDR to run it as a raw binary)"
    )]
    Unknown(String),
}

/// What can go wrong picking a program off a disc.
#[derive(Debug, thiserror::Error)]
pub enum DiskError {
    #[error(transparent)]
    Image(#[from] cpc_dsk::Error),
    #[error("no file {name} for user 0 on the disc (it holds: {available})")]
    NotFound { name: String, available: String },
    #[error("{name} has no valid AMSDOS header, so RUN\" would not start it as a binary")]
    NoHeader { name: String },
    #[error("{name} is a {kind} file (type &{file_type:02X}), not a binary")]
    NotBinary {
        name: String,
        kind: &'static str,
        file_type: u8,
    },
    #[error("no binary file for user 0 on the disc (it holds: {available})")]
    NoBinary { available: String },
}

/// The errors of [`crate::sna`], here so that the error types sit below every module.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnaError {
    #[error("file is {0} bytes, shorter than the 256-byte header")]
    TooShort(usize),
    #[error("offset 0: missing the \"MV - SNA\" signature")]
    BadSignature,
    #[error("offset &10: version {0} is not supported (1, 2 or 3)")]
    UnsupportedVersion(u8),
    #[error("offset &6B: memory size {0} KB is not supported (0, 64 or 128)")]
    UnsupportedMemory(u16),
    #[error("memory dump of {expected} bytes at offset &100 is cut short: the file ends at {len}")]
    MemoryTruncated { expected: usize, len: usize },
    #[error("offset {offset:#x}: chunk `{name}` claims {claimed} bytes, only {left} remain")]
    ChunkTruncated {
        offset: usize,
        name: String,
        claimed: usize,
        left: usize,
    },
    #[error("offset {offset:#x}: compressed `{name}` {problem}")]
    BadCompression {
        offset: usize,
        name: String,
        problem: String,
    },
    #[error("no RAM: memory size 0 and no MEM0 chunk")]
    NoMemory,
}
