//! Directory entries (32 bytes each, 64 of them in blocks 0-1; cpc-reference.md 2.3).

use super::AmsdosName;

/// User byte of a free (never used or erased) entry.
pub const FREE: u8 = 0xE5;
/// Size of one entry.
pub const ENTRY_SIZE: usize = 32;
/// Records (128 bytes) one entry maps: 16 blocks of 1 K.
pub const RECORDS_PER_EXTENT: u32 = 128;
/// Block slots in one entry.
pub const BLOCKS_PER_EXTENT: usize = 16;

/// One raw directory entry ("extent").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DirEntry {
    /// User number, or &E5 for a free entry.
    pub user: u8,
    /// Name and extension with the attribute bits (bit 7 of the extension bytes).
    pub raw_name: [u8; 11],
    /// Extent number low part (EX).
    pub extent: u8,
    /// Reserved byte S1.
    pub s1: u8,
    /// Extent number high part (S2).
    pub s2: u8,
    /// Records used in this extent (0-128).
    pub records: u8,
    /// Block numbers; 0 = unused slot.
    pub blocks: [u8; BLOCKS_PER_EXTENT],
}

impl DirEntry {
    /// Decodes 32 directory bytes.
    pub fn parse(b: &[u8; ENTRY_SIZE]) -> DirEntry {
        let mut raw_name = [0u8; 11];
        raw_name.copy_from_slice(&b[1..12]);
        let mut blocks = [0u8; BLOCKS_PER_EXTENT];
        blocks.copy_from_slice(&b[16..32]);
        DirEntry {
            user: b[0],
            raw_name,
            extent: b[12],
            s1: b[13],
            s2: b[14],
            records: b[15],
            blocks,
        }
    }

    /// Encodes the entry.
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut b = [0u8; ENTRY_SIZE];
        b[0] = self.user;
        b[1..12].copy_from_slice(&self.raw_name);
        b[12] = self.extent;
        b[13] = self.s1;
        b[14] = self.s2;
        b[15] = self.records;
        b[16..].copy_from_slice(&self.blocks);
        b
    }

    /// A file entry for extent `index` of a file.
    pub fn new(user: u8, raw_name: [u8; 11], index: u32, records: u8, blocks: &[u8]) -> Self {
        let mut slots = [0u8; BLOCKS_PER_EXTENT];
        slots[..blocks.len()].copy_from_slice(blocks);
        DirEntry {
            user,
            raw_name,
            // EX holds 5 bits, S2 the rest (a 178 K disc needs at most 12 extents).
            extent: (index & 0x1F) as u8,
            s1: 0,
            s2: (index >> 5) as u8,
            records,
            blocks: slots,
        }
    }

    /// True for an entry that holds nothing.
    pub fn is_free(&self) -> bool {
        self.user == FREE
    }

    /// True for an entry AMSDOS shows as a file (users 0-15).
    pub fn is_file(&self) -> bool {
        self.user <= 15
    }

    /// The name without attribute bits.
    pub fn name(&self) -> AmsdosName {
        AmsdosName::from_raw(&self.raw_name)
    }

    /// Logical extent number (EX + 32 * S2).
    pub fn extent_index(&self) -> u32 {
        u32::from(self.extent & 0x1F) + 32 * u32::from(self.s2 & 0x3F)
    }

    /// Read-only attribute (bit 7 of the first extension byte).
    pub fn read_only(&self) -> bool {
        self.raw_name[8] & 0x80 != 0
    }

    /// System (hidden) attribute (bit 7 of the second extension byte).
    pub fn system(&self) -> bool {
        self.raw_name[9] & 0x80 != 0
    }

    /// Archive attribute (bit 7 of the third extension byte).
    pub fn archive(&self) -> bool {
        self.raw_name[10] & 0x80 != 0
    }
}
