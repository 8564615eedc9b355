//! Errors of the container layer: every parse error names the byte offset in the image
//! file and what was expected there.

use thiserror::Error;

/// Why an image could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ImageError {
    /// The file ends before a structure that must be there.
    #[error("truncated image: at byte offset {offset:#x} expected {expected}, but the file is only {len:#x} bytes long")]
    Truncated {
        /// Where the missing structure starts.
        offset: usize,
        /// What should be there.
        expected: String,
        /// Length of the file.
        len: usize,
    },
    /// A structure is present but does not hold what the format requires.
    #[error("corrupt image at byte offset {offset:#x}: expected {expected}, found {found}")]
    Corrupt {
        /// Where the offending bytes are.
        offset: usize,
        /// What the format requires.
        expected: String,
        /// What the file holds.
        found: String,
    },
    /// A track list of the wrong length was given to [`crate::DiskImage::from_tracks`].
    #[error("an image of this geometry needs {expected} track slots, {found} were given")]
    TrackCount {
        /// Cylinders times sides.
        expected: usize,
        /// Slots given.
        found: usize,
    },
    /// The image cannot be expressed in the chosen container format.
    #[error("cannot write track {cylinder} side {side}: {reason}")]
    Unwritable {
        /// Cylinder of the track.
        cylinder: u8,
        /// Side of the track.
        side: u8,
        /// What the format cannot hold.
        reason: String,
    },
}
