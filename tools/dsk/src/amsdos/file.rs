//! File contents going onto the disc (with or without a header) and coming off it.

use super::header::{AmsdosHeader, HeaderCheck, HEADER_SIZE};
use super::{AmsdosError, AmsdosName};

/// AMSDOS/CP/M end-of-file mark, also used to pad the last record of an ASCII file.
pub const EOF: u8 = 0x1A;

/// What to store, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileContents<'a> {
    /// A binary file: a header (type 2, load and entry address) is written before `data`.
    Binary {
        /// Load address.
        load: u16,
        /// Entry (execution) address.
        exec: u16,
        /// The program bytes.
        data: &'a [u8],
    },
    /// A headerless ASCII file (must not contain &1A, which ends it for AMSDOS).
    Ascii(&'a [u8]),
    /// Bytes that already start with a valid AMSDOS header (e.g. a file taken off another
    /// disc); the header's user and name are replaced by the new ones.
    Headered(&'a [u8]),
}

impl FileContents<'_> {
    /// The bytes as they go on the disc (header first if there is one).
    pub fn stored(&self, user: u8, name: &AmsdosName) -> Result<Vec<u8>, AmsdosError> {
        match *self {
            FileContents::Binary { load, exec, data } => {
                let length =
                    u16::try_from(data.len()).map_err(|_| AmsdosError::BinaryTooLarge {
                        name: name.to_string(),
                        len: data.len(),
                    })?;
                let header = AmsdosHeader::binary(user, *name, load, exec, length);
                let mut out = header.to_bytes().to_vec();
                out.extend_from_slice(data);
                Ok(out)
            }
            FileContents::Ascii(data) => {
                if let Some(offset) = data.iter().position(|&b| b == EOF) {
                    return Err(AmsdosError::EofInAscii {
                        name: name.to_string(),
                        offset,
                    });
                }
                Ok(data.to_vec())
            }
            FileContents::Headered(bytes) => {
                let Some(mut header) = AmsdosHeader::from_record(bytes) else {
                    return Err(AmsdosError::NoHeader {
                        name: name.to_string(),
                        reason: if bytes.len() < HEADER_SIZE {
                            format!("only {} bytes", bytes.len())
                        } else {
                            "the checksum of bytes 0-66 does not match bytes 67-68".into()
                        },
                    });
                };
                header.user = user;
                header.name = *name;
                // Keep every byte of the original header except user, name and checksum.
                let mut out = bytes.to_vec();
                let fresh = header.to_bytes();
                out[..12].copy_from_slice(&fresh[..12]);
                let sum = super::header::checksum(&out[..HEADER_SIZE]);
                out[67..69].copy_from_slice(&sum.to_le_bytes());
                Ok(out)
            }
        }
    }
}

/// A file read off the disc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AmsdosFile {
    /// User number.
    pub user: u8,
    /// Name.
    pub name: AmsdosName,
    /// Read-only attribute.
    pub read_only: bool,
    /// System (hidden) attribute.
    pub system: bool,
    /// Every record of the file as stored (header included), in 128-byte multiples.
    pub stored: Vec<u8>,
    /// What the first record is.
    pub header: HeaderCheck,
}

impl AmsdosFile {
    /// The parsed header, when valid.
    pub fn valid_header(&self) -> Option<&AmsdosHeader> {
        match &self.header {
            HeaderCheck::Valid(h) => Some(h),
            _ => None,
        }
    }

    /// The file as a program sees it: the bytes after a valid header (its logical length),
    /// an ASCII file without the &1A padding of its last record, or every stored byte
    /// when the header is damaged.
    pub fn contents(&self) -> &[u8] {
        match &self.header {
            HeaderCheck::Valid(h) => {
                let end = (HEADER_SIZE + usize::from(h.length)).min(self.stored.len());
                &self.stored[HEADER_SIZE.min(end)..end]
            }
            HeaderCheck::Missing => &self.stored[..ascii_end(&self.stored)],
            HeaderCheck::BadChecksum { .. } => &self.stored,
        }
    }

    /// The file as tools exchange it: header plus contents for headered files,
    /// [`AmsdosFile::contents`] otherwise.
    pub fn with_header(&self) -> &[u8] {
        match &self.header {
            HeaderCheck::Valid(h) => {
                let end = (HEADER_SIZE + usize::from(h.length)).min(self.stored.len());
                &self.stored[..end]
            }
            _ => self.contents(),
        }
    }

    /// The contents after the header even when its checksum is wrong: a damaged header
    /// still says how long the file is, if the length is plausible.
    pub fn contents_after_damaged_header(&self) -> &[u8] {
        let Some(rest) = self.stored.get(HEADER_SIZE..) else {
            return &[];
        };
        let length = usize::from(u16::from_le_bytes([self.stored[24], self.stored[25]]));
        &rest[..length.min(rest.len())]
    }
}

/// End of an ASCII file: the first &1A in its last record (earlier records are full).
fn ascii_end(stored: &[u8]) -> usize {
    let last = stored.len().saturating_sub(1) / 128 * 128;
    stored[last..]
        .iter()
        .position(|&b| b == EOF)
        .map_or(stored.len(), |p| last + p)
}
