//! The one interface the AMSDOS layer uses to reach a disc: read or write a sector found
//! by cylinder, side and sector ID, the way the FDC finds it (interleave does not matter).

use thiserror::Error;

use crate::image::DiskImage;

/// Where a sector is: cylinder, side and the sector ID (R) to look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectorPos {
    /// Cylinder (track) number.
    pub cylinder: u8,
    /// Side (0 or 1).
    pub side: u8,
    /// Sector ID, e.g. &C1.
    pub id: u8,
}

impl std::fmt::Display for SectorPos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "sector &{:02X} of track {} side {}",
            self.id, self.cylinder, self.side
        )
    }
}

/// Why a sector could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SectorError {
    /// The track is outside the image or was never formatted.
    #[error("track {cylinder} side {side} is not in the image (or is unformatted)")]
    NoTrack {
        /// Cylinder asked for.
        cylinder: u8,
        /// Side asked for.
        side: u8,
    },
    /// The track has no sector with that ID.
    #[error("{pos} not found (the track has IDs {ids})")]
    NoSector {
        /// The sector asked for.
        pos: SectorPos,
        /// The IDs the track does have, for the message.
        ids: String,
    },
    /// The sector exists but holds a different number of bytes than asked for.
    #[error("{pos}{at} holds {found} bytes, {expected} expected")]
    WrongSize {
        /// The sector asked for.
        pos: SectorPos,
        /// " at byte offset 0x..." when known.
        at: String,
        /// Bytes asked for.
        expected: usize,
        /// Bytes stored.
        found: usize,
    },
}

/// Sector access for a file system.
pub trait SectorIo {
    /// Fills `buf` with the sector's data; the sector must hold exactly `buf.len()` bytes.
    fn read_sector(&self, pos: SectorPos, buf: &mut [u8]) -> Result<(), SectorError>;
    /// Replaces the sector's data; the sector must hold exactly `data.len()` bytes.
    fn write_sector(&mut self, pos: SectorPos, data: &[u8]) -> Result<(), SectorError>;
}

impl DiskImage {
    fn locate(&self, pos: SectorPos, len: usize) -> Result<usize, SectorError> {
        let track = self
            .track(pos.cylinder, pos.side)
            .ok_or(SectorError::NoTrack {
                cylinder: pos.cylinder,
                side: pos.side,
            })?;
        let index = track
            .sectors
            .iter()
            .position(|s| s.id.id == pos.id)
            .ok_or_else(|| SectorError::NoSector {
                pos,
                ids: show_ids(&track.sector_ids()),
            })?;
        let found = track.sectors[index].data.len();
        if found != len {
            let at = self
                .sector_offset(pos.cylinder, pos.side, index)
                .map(|o| format!(" at byte offset {o:#x}"))
                .unwrap_or_default();
            return Err(SectorError::WrongSize {
                pos,
                at,
                expected: len,
                found,
            });
        }
        Ok(index)
    }
}

impl SectorIo for DiskImage {
    fn read_sector(&self, pos: SectorPos, buf: &mut [u8]) -> Result<(), SectorError> {
        let index = self.locate(pos, buf.len())?;
        if let Some(sector) = self
            .track(pos.cylinder, pos.side)
            .and_then(|t| t.sectors.get(index))
        {
            buf.copy_from_slice(&sector.data);
        }
        Ok(())
    }

    fn write_sector(&mut self, pos: SectorPos, data: &[u8]) -> Result<(), SectorError> {
        let index = self.locate(pos, data.len())?;
        if let Some(sector) = self
            .track_mut(pos.cylinder, pos.side)
            .and_then(|t| t.sectors.get_mut(index))
        {
            sector.data.copy_from_slice(data);
        }
        Ok(())
    }
}

/// "&C1,&C6,&C2" or "none".
pub fn show_ids(ids: &[u8]) -> String {
    if ids.is_empty() {
        return "none".into();
    }
    let parts: Vec<String> = ids.iter().map(|id| format!("&{id:02X}")).collect();
    parts.join(",")
}
