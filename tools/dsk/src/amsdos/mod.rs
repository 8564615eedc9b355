//! The AMSDOS file system: 8.3 names, the 128-byte header, the 64-entry directory with
//! 16 K extents, block allocation and the `CAT` listing. It reaches the disc only through
//! [`crate::SectorIo`], so it works on any sector store, not just [`crate::DiskImage`].

mod catalog;
mod dir;
mod error;
mod file;
mod format;
mod fs;
mod header;
mod name;

pub use catalog::{Catalog, CatalogFile};
pub use dir::DirEntry;
pub use error::AmsdosError;
pub use file::{AmsdosFile, FileContents};
pub use format::{DiscFormat, BLOCK_SIZE, DIR_ENTRIES, SECTORS_PER_TRACK, SECTOR_SIZE, TRACKS};
pub use fs::{FileSystem, WriteOptions};
pub use header::{checksum, AmsdosHeader, HeaderCheck, HEADER_SIZE, TYPE_BINARY};
pub use name::AmsdosName;
