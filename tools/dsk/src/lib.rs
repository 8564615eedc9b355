//! Amstrad CPC `.dsk` disc images and AMSDOS files.
//!
//! The game build needs a disc the real CPC firmware can `CAT` and `RUN"`, and the
//! emulator needs to read such discs back; this crate does both, with its own reader and
//! writer and no dependency on outside tools.
//!
//! Two layers, as on the real machine:
//! - [`image`]: the container. [`DiskImage`] reads and writes the standard
//!   ("MV - CPCEMU") and extended ("EXTENDED CPC DSK") formats, any sector order,
//!   any number of tracks, one or two sides. Malformed input is reported with the byte
//!   offset and what was expected there ([`ImageError`]).
//! - [`amsdos`]: the file system (DATA and SYSTEM/VENDOR formats, 8.3 names, user
//!   numbers, the 128-byte header, extents, `CAT`). It talks to the disc only through the
//!   [`SectorIo`] trait.
//!
//! [`Disk`] ties them together for callers. [`tape`] is the other medium of the CPC: a
//! file as the firmware writes it to cassette, in a CDT image or as sound.
//!
//! # Example
//!
//! ```
//! use cpc_dsk::{Disk, ImageKind};
//!
//! let mut disk = Disk::new_data(ImageKind::Standard);
//! disk.put_binary("test.bin", &[0xC9], 0x4000, 0x4000)?;
//! let bytes = disk.to_bytes()?;
//! assert_eq!(bytes.len(), 194_816);
//!
//! let back = Disk::from_bytes(&bytes)?;
//! let catalog = back.catalog()?;
//! assert_eq!(catalog.files[0].name.to_string(), "TEST.BIN");
//! assert_eq!(catalog.free_k, 177);
//! let file = back.read_file(0, "TEST.BIN")?;
//! assert_eq!(file.contents(), &[0xC9]);
//! assert_eq!(file.valid_header().map(|h| h.load), Some(0x4000));
//! # Ok::<(), cpc_dsk::Error>(())
//! ```

#![deny(missing_docs)]

pub mod amsdos;
mod disk;
mod error;
pub mod file_type;
pub mod image;
pub mod info;
mod sector;
pub mod tape;

pub use amsdos::{AmsdosError, DiscFormat, FileContents, WriteOptions};
pub use disk::{write_atomically, Disk};
pub use error::Error;
pub use file_type::{file_kind, is_binary, TYPE_BINARY};
pub use image::{DiskImage, ImageError, ImageKind};
pub use sector::{show_ids, SectorError, SectorIo, SectorPos};
