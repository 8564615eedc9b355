//! Errors of the AMSDOS file system layer.

use thiserror::Error;

use crate::sector::SectorError;

/// `NAME.EXT`, with the user number in front when it is not 0 (`3:NAME.EXT`).
pub(crate) fn user_name(user: &u8, name: &str) -> String {
    if *user == 0 {
        name.to_string()
    } else {
        format!("{user}:{name}")
    }
}

/// Why a file operation failed. Nothing is written when one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AmsdosError {
    /// The image is not in a format AMSDOS reads.
    #[error("not an AMSDOS disc: {reason}")]
    NotAmsdos {
        /// What was found instead.
        reason: String,
    },
    /// A name that AMSDOS cannot store.
    #[error("invalid AMSDOS file name \"{name}\": {reason}")]
    InvalidName {
        /// The name as given.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// User numbers are 0-15.
    #[error("invalid user number {0}: AMSDOS users are 0-15")]
    InvalidUser(u8),
    /// No such file.
    #[error("{} not found", user_name(.user, .name))]
    NotFound {
        /// User number searched.
        user: u8,
        /// Name searched.
        name: String,
    },
    /// The name is taken.
    #[error("{} already exists (use --force to replace it)", user_name(.user, .name))]
    FileExists {
        /// User number.
        user: u8,
        /// Name.
        name: String,
    },
    /// The file has the read-only attribute.
    #[error("{} is read-only (use --force to erase it anyway)", user_name(.user, .name))]
    ReadOnly {
        /// User number.
        user: u8,
        /// Name.
        name: String,
    },
    /// Not enough free blocks.
    #[error("disk full: {name} needs {needed_k}K but only {free_k}K free")]
    DiskFull {
        /// File being written.
        name: String,
        /// Kilobytes (blocks) the file needs.
        needed_k: u32,
        /// Kilobytes free.
        free_k: u32,
    },
    /// Not enough free directory entries.
    #[error(
        "directory full: {name} needs {needed} directory entries but only {free} of 64 are free"
    )]
    DirectoryFull {
        /// File being written.
        name: String,
        /// Entries the file needs (one per 16 K).
        needed: usize,
        /// Entries free.
        free: usize,
    },
    /// A binary file longer than the 16-bit header length allows.
    #[error("{name}: a binary file holds at most 65535 bytes (16-bit header length), this one has {len}")]
    BinaryTooLarge {
        /// File being written.
        name: String,
        /// Its length.
        len: usize,
    },
    /// An ASCII file containing the end-of-file byte.
    #[error("{name}: byte {offset} is &1A, the AMSDOS end-of-file mark; store the file as binary instead")]
    EofInAscii {
        /// File being written.
        name: String,
        /// Offset of the first &1A.
        offset: usize,
    },
    /// Data given as already carrying a header does not have a valid one.
    #[error("{name}: the first 128 bytes are not a valid AMSDOS header ({reason})")]
    NoHeader {
        /// File being written.
        name: String,
        /// Why not.
        reason: String,
    },
    /// A directory entry that cannot be followed.
    #[error("corrupt directory: {0}")]
    CorruptDirectory(String),
    /// A sector could not be read or written.
    #[error(transparent)]
    Sector(#[from] SectorError),
}
