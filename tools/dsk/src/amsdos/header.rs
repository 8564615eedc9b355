//! The 128-byte AMSDOS file header (cpc-reference.md section 3) and its checksum.

use super::AmsdosName;

/// Size of the header record.
pub const HEADER_SIZE: usize = 128;
pub use crate::file_type::TYPE_BINARY;

/// A parsed AMSDOS header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmsdosHeader {
    /// User number (byte 0).
    pub user: u8,
    /// File name (bytes 1-11).
    pub name: AmsdosName,
    /// File type (byte 18): 0 BASIC, 1 protected BASIC, 2 binary, ...
    pub file_type: u8,
    /// Load address (bytes 21-22).
    pub load: u16,
    /// Logical length, the one AMSDOS loads (bytes 24-25).
    pub length: u16,
    /// Entry address (bytes 26-27).
    pub exec: u16,
    /// 24-bit real length (bytes 64-66).
    pub real_length: u32,
}

/// What the first record of a file turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderCheck {
    /// A header whose checksum matches.
    Valid(AmsdosHeader),
    /// The record carries the file's own name like a header does, but its checksum is
    /// wrong: AMSDOS would treat the file as headerless.
    BadChecksum {
        /// Checksum stored at bytes 67-68.
        stored: u16,
        /// Sum of bytes 0-66.
        computed: u16,
    },
    /// No header (an ASCII file, or a file too short to hold one).
    Missing,
}

impl AmsdosHeader {
    /// The header of a binary file of `length` bytes.
    pub fn binary(user: u8, name: AmsdosName, load: u16, exec: u16, length: u16) -> Self {
        AmsdosHeader {
            user,
            name,
            file_type: TYPE_BINARY,
            load,
            length,
            exec,
            real_length: u32::from(length),
        }
    }

    /// The 128 header bytes, checksum included. Unused bytes (and the cassette-only
    /// "data length" at 19-20, which AMSDOS-saved files leave 0) are zero.
    pub fn to_bytes(&self) -> [u8; HEADER_SIZE] {
        let mut b = [0u8; HEADER_SIZE];
        b[0] = self.user;
        b[1..12].copy_from_slice(&self.name.raw());
        b[18] = self.file_type;
        b[21..23].copy_from_slice(&self.load.to_le_bytes());
        b[24..26].copy_from_slice(&self.length.to_le_bytes());
        b[26..28].copy_from_slice(&self.exec.to_le_bytes());
        b[64..67].copy_from_slice(&self.real_length.to_le_bytes()[..3]);
        let sum = checksum(&b);
        b[67..69].copy_from_slice(&sum.to_le_bytes());
        b
    }

    /// Reads a header from a file's first record. `dir_name` is the name the directory
    /// gives the file: a record with a wrong checksum counts as a damaged header (rather
    /// than plain data) only when it carries that name.
    pub fn check(record: &[u8], dir_name: &AmsdosName) -> HeaderCheck {
        let Some(b) = record.get(..HEADER_SIZE) else {
            return HeaderCheck::Missing;
        };
        if let Some(header) = AmsdosHeader::from_record(b) {
            return HeaderCheck::Valid(header);
        }
        if name_at(b) == *dir_name {
            HeaderCheck::BadChecksum {
                stored: u16::from_le_bytes([b[67], b[68]]),
                computed: checksum(b),
            }
        } else {
            HeaderCheck::Missing
        }
    }

    /// The header at the start of `bytes`, if there is one with a matching checksum (the
    /// test AMSDOS itself makes).
    pub fn from_record(bytes: &[u8]) -> Option<AmsdosHeader> {
        let b = bytes.get(..HEADER_SIZE)?;
        if u16::from_le_bytes([b[67], b[68]]) != checksum(b) {
            return None;
        }
        Some(AmsdosHeader {
            user: b[0],
            name: name_at(b),
            file_type: b[18],
            load: u16::from_le_bytes([b[21], b[22]]),
            length: u16::from_le_bytes([b[24], b[25]]),
            exec: u16::from_le_bytes([b[26], b[27]]),
            real_length: u32::from_le_bytes([b[64], b[65], b[66], 0]),
        })
    }
}

fn name_at(record: &[u8]) -> AmsdosName {
    let mut raw = [0u8; 11];
    raw.copy_from_slice(&record[1..12]);
    AmsdosName::from_raw(&raw)
}

/// Unsigned 16-bit sum of bytes 0-66, the checksum AMSDOS recomputes to find a header.
pub fn checksum(record: &[u8]) -> u16 {
    record
        .iter()
        .take(67)
        .fold(0u16, |sum, &b| sum.wrapping_add(u16::from(b)))
}
