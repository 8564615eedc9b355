//! The crate-level error: any layer's error, or a file-system error with the path.

use std::path::PathBuf;

use thiserror::Error;

use crate::amsdos::AmsdosError;
use crate::image::ImageError;

/// Anything that can go wrong opening, changing or saving a disc.
#[derive(Debug, Error)]
pub enum Error {
    /// The image bytes are malformed, or cannot be written in the chosen format.
    #[error(transparent)]
    Image(#[from] ImageError),
    /// An AMSDOS operation failed.
    #[error(transparent)]
    Amsdos(#[from] AmsdosError),
    /// Reading or writing the image file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
}
