//! The two AMSDOS disc formats (DATA and SYSTEM/VENDOR), how to tell them apart, and how
//! a 1 K block maps to sectors (cpc-reference.md 2.1-2.2).

use crate::image::DiskImage;
use crate::sector::{show_ids, SectorPos};

use super::AmsdosError;

/// Tracks of an AMSDOS disc (images may hold more; AMSDOS ignores them).
pub const TRACKS: u8 = 40;
/// Sectors per track.
pub const SECTORS_PER_TRACK: u8 = 9;
/// Bytes per sector.
pub const SECTOR_SIZE: usize = 512;
/// Bytes per allocation block (2 sectors).
pub const BLOCK_SIZE: usize = 1024;
/// Directory entries (blocks 0 and 1).
pub const DIR_ENTRIES: usize = 64;
/// Blocks taken by the directory.
pub const DIR_BLOCKS: u16 = 2;

/// An AMSDOS disc format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscFormat {
    /// DATA: sector IDs &C1-&C9, no reserved tracks, 178 K free.
    Data,
    /// SYSTEM or VENDOR (indistinguishable by sector IDs): &41-&49, two reserved
    /// tracks, 169 K free.
    System,
}

impl DiscFormat {
    /// Lowest sector ID of every track.
    pub fn first_sector(self) -> u8 {
        match self {
            DiscFormat::Data => 0xC1,
            DiscFormat::System => 0x41,
        }
    }

    /// Tracks before the directory (boot/CP/M tracks).
    pub fn reserved_tracks(self) -> u8 {
        match self {
            DiscFormat::Data => 0,
            DiscFormat::System => 2,
        }
    }

    /// Blocks on a 40-track disc, directory included (DSM + 1).
    pub fn total_blocks(self) -> u16 {
        match self {
            DiscFormat::Data => 180,
            DiscFormat::System => 171,
        }
    }

    /// Name used by `dsk info`.
    pub fn name(self) -> &'static str {
        match self {
            DiscFormat::Data => "DATA",
            DiscFormat::System => "SYSTEM/VENDOR",
        }
    }

    /// Sector IDs in the order a real AMSDOS FORMAT lays them out (interleave 2:1,
    /// the order WinAPE, Caprice32 and iDSK write too).
    pub fn interleaved_ids(self) -> [u8; 9] {
        let first = self.first_sector();
        [0, 5, 1, 6, 2, 7, 3, 8, 4].map(|i| first + i)
    }

    /// The two sectors of `block`: logical sectors counted from the first data track in
    /// ascending ID order; a block may straddle two tracks.
    pub fn block_sectors(self, block: u16) -> [SectorPos; 2] {
        let sector = |logical: u32| {
            let per = u32::from(SECTORS_PER_TRACK);
            SectorPos {
                // Blocks are at most 255, so the track number stays below 60.
                cylinder: self.reserved_tracks() + (logical / per) as u8,
                side: 0,
                id: self.first_sector() + (logical % per) as u8,
            }
        };
        let first = 2 * u32::from(block);
        [sector(first), sector(first + 1)]
    }

    /// Identifies the format from the sector IDs of track 0 side 0, as AMSDOS does.
    pub fn detect(image: &DiskImage) -> Result<DiscFormat, AmsdosError> {
        let Some(track) = image.track(0, 0).filter(|t| !t.sectors.is_empty()) else {
            return Err(AmsdosError::NotAmsdos {
                reason: "track 0 side 0 is unformatted".into(),
            });
        };
        let ids = track.sector_ids();
        let lowest = ids.iter().copied().min().unwrap_or(0);
        match lowest {
            0xC1..=0xC9 => Ok(DiscFormat::Data),
            0x41..=0x49 => Ok(DiscFormat::System),
            0x01..=0x08 => Err(AmsdosError::NotAmsdos {
                reason: format!(
                    "track 0 has sector IDs {} (IBM format), expected &C1-&C9 (DATA) or &41-&49 (SYSTEM)",
                    show_ids(&ids)
                ),
            }),
            _ => Err(AmsdosError::NotAmsdos {
                reason: format!(
                    "track 0 has sector IDs {}, expected &C1-&C9 (DATA) or &41-&49 (SYSTEM)",
                    show_ids(&ids)
                ),
            }),
        }
    }
}
