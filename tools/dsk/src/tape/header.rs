//! The 64-byte header record that precedes each 2 KB block of a file on tape (Amstrad
//! Firmware Guide, "cassette header"; cpcwiki "Cassette data information").

use super::TapeError;
use crate::file_type::file_kind;

/// Bytes of the header record (one 256-byte segment on the tape, the rest zeros).
pub const HEADER_RECORD: usize = 64;
/// Longest name a tape file may have.
pub const NAME_LEN: usize = 16;

/// A block's header, as the firmware writes and reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockHeader {
    /// The file name: up to 16 characters, padded with zeros on the tape.
    pub name: String,
    /// Block number, from 1.
    pub block: u8,
    /// Whether this is the file's last block.
    pub last: bool,
    /// File type: bit 0 protected, bits 1-3 contents (0 BASIC, 1 binary, 2 screen, 3 ASCII).
    pub file_type: u8,
    /// Bytes in this block's data record (2048 at most).
    pub data_length: u16,
    /// Where this block's data goes.
    pub location: u16,
    /// Whether this is the file's first block.
    pub first: bool,
    /// The whole file's length.
    pub logical_length: u16,
    /// The entry address (binary files).
    pub entry: u16,
}

impl BlockHeader {
    /// The 64 bytes of the record.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; HEADER_RECORD] {
        let mut out = [0u8; HEADER_RECORD];
        for (o, c) in out.iter_mut().zip(self.name.bytes().take(NAME_LEN)) {
            *o = c;
        }
        out[16] = self.block;
        out[17] = if self.last { 0xFF } else { 0 };
        out[18] = self.file_type;
        out[19..21].copy_from_slice(&self.data_length.to_le_bytes());
        out[21..23].copy_from_slice(&self.location.to_le_bytes());
        out[23] = if self.first { 0xFF } else { 0 };
        out[24..26].copy_from_slice(&self.logical_length.to_le_bytes());
        out[26..28].copy_from_slice(&self.entry.to_le_bytes());
        out
    }

    /// Reads a header record; `offset` is where it starts in the image, for errors.
    ///
    /// # Errors
    /// [`TapeError::BadHeader`] when the record is too short or its data length is over 2 KB.
    pub fn from_bytes(bytes: &[u8], offset: usize) -> Result<BlockHeader, TapeError> {
        if bytes.len() < HEADER_RECORD {
            return Err(TapeError::BadHeader {
                offset,
                problem: format!("{} bytes, a header record has 64", bytes.len()),
            });
        }
        let word = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let name_end = bytes[..NAME_LEN]
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(NAME_LEN);
        let header = BlockHeader {
            name: bytes[..name_end]
                .iter()
                .map(|&b| {
                    if b.is_ascii_graphic() || b == b' ' {
                        b as char
                    } else {
                        '?'
                    }
                })
                .collect::<String>()
                .trim_end()
                .to_string(),
            block: bytes[16],
            last: bytes[17] != 0,
            file_type: bytes[18],
            data_length: word(19),
            location: word(21),
            first: bytes[23] != 0,
            logical_length: word(24),
            entry: word(26),
        };
        if usize::from(header.data_length) > super::BLOCK_LEN {
            return Err(TapeError::BadHeader {
                offset: offset + 19,
                problem: format!(
                    "block data length {} is over the 2048 bytes of a tape block",
                    header.data_length
                ),
            });
        }
        Ok(header)
    }

    /// What the contents bits of the file type say ([`file_kind`]).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        file_kind(self.file_type)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file_type::TYPE_BINARY;

    #[test]
    fn the_fields_sit_where_the_firmware_guide_puts_them() {
        let h = BlockHeader {
            name: "OTHELLO".into(),
            block: 2,
            last: false,
            file_type: TYPE_BINARY,
            data_length: 2048,
            location: 0x1800,
            first: false,
            logical_length: 22967,
            entry: 0x1000,
        };
        let b = h.to_bytes();
        assert_eq!(&b[..8], b"OTHELLO\0");
        assert_eq!(b[15], 0, "names are padded with zeros");
        assert_eq!((b[16], b[17], b[18], b[23]), (2, 0, 2, 0));
        assert_eq!(
            (&b[19..21], &b[21..23]),
            (&[0x00, 0x08][..], &[0x00, 0x18][..])
        );
        assert_eq!(
            (&b[24..26], &b[26..28]),
            (&22967u16.to_le_bytes()[..], &[0x00, 0x10][..])
        );
        assert!(b[28..].iter().all(|&x| x == 0));
        assert_eq!(BlockHeader::from_bytes(&b, 0).unwrap(), h);
        assert_eq!(h.kind(), "binary");
    }

    #[test]
    fn a_data_length_over_2k_is_refused_with_its_offset() {
        let mut b = BlockHeader {
            name: "X".into(),
            block: 1,
            last: true,
            file_type: TYPE_BINARY,
            data_length: 10,
            location: 0x4000,
            first: true,
            logical_length: 10,
            entry: 0x4000,
        }
        .to_bytes();
        b[19..21].copy_from_slice(&2049u16.to_le_bytes());
        let e = BlockHeader::from_bytes(&b, 100).unwrap_err();
        assert!(e.to_string().contains("offset 119"), "{e}");
    }
}
