//! The `.dsk` container: disc, track and sector information blocks of the standard
//! ("MV - CPCEMU") and extended ("EXTENDED CPC DSK") image formats, with no file system.
//!
//! A [`DiskImage`] keeps every track in image order (T0S0, T0S1, T1S0, ...) and every
//! sector in the order the track lists it, so an image read from another tool is written
//! back with its own interleave, gaps and fillers.

mod error;
mod parse;
mod write;

pub use error::ImageError;

/// Which of the two container formats an image uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    /// `MV - CPCEMU Disk-File`: one track size for the whole image.
    Standard,
    /// `EXTENDED CPC DSK File`: a size per track and per sector.
    Extended,
}

impl ImageKind {
    /// The name used by `dsk info` and the docs.
    pub fn describe(self) -> &'static str {
        match self {
            ImageKind::Standard => "standard (MV - CPCEMU)",
            ImageKind::Extended => "extended (EXTENDED CPC DSK)",
        }
    }
}

/// The ID field of a sector as the FDC reads it (C, H, R, N).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectorId {
    /// Cylinder number recorded in the ID field.
    pub cylinder: u8,
    /// Head number recorded in the ID field.
    pub head: u8,
    /// Sector ID (R), e.g. &C1.
    pub id: u8,
    /// Size code N: the sector holds `128 << N` bytes.
    pub size_code: u8,
}

/// One sector: its ID field, the FDC status bytes and the stored data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sector {
    /// The ID field.
    pub id: SectorId,
    /// FDC status register 1 recorded for this sector.
    pub st1: u8,
    /// FDC status register 2 recorded for this sector.
    pub st2: u8,
    /// The data as stored in the image (may be shorter or longer than `128 << N`).
    pub data: Vec<u8>,
}

/// One formatted track.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Track {
    /// Cylinder number from the Track-Info block.
    pub cylinder: u8,
    /// Side number from the Track-Info block.
    pub side: u8,
    /// Data-rate byte (extension; 0 = unknown).
    pub data_rate: u8,
    /// Recording-mode byte (extension; 0 = unknown).
    pub recording_mode: u8,
    /// Track-wide sector size code.
    pub size_code: u8,
    /// GAP#3 length used when formatting.
    pub gap3: u8,
    /// Filler byte used when formatting.
    pub filler: u8,
    /// Sectors in the order the track lists them.
    pub sectors: Vec<Sector>,
}

impl Track {
    /// A track formatted like AMSDOS does: `ids` in the given order, 512-byte sectors
    /// filled with &E5.
    pub fn formatted(cylinder: u8, side: u8, ids: &[u8]) -> Track {
        let sectors = ids
            .iter()
            .map(|&id| Sector {
                id: SectorId {
                    cylinder,
                    head: side,
                    id,
                    size_code: 2,
                },
                st1: 0,
                st2: 0,
                data: vec![FORMAT_FILLER; 512],
            })
            .collect();
        Track {
            cylinder,
            side,
            data_rate: 0,
            recording_mode: 0,
            size_code: 2,
            gap3: AMSDOS_GAP3,
            filler: FORMAT_FILLER,
            sectors,
        }
    }

    /// The sector with ID `id`, looked up by ID as an FDC does (first match).
    pub fn sector(&self, id: u8) -> Option<&Sector> {
        self.sectors.iter().find(|s| s.id.id == id)
    }

    /// Mutable access to the sector with ID `id`.
    pub fn sector_mut(&mut self, id: u8) -> Option<&mut Sector> {
        self.sectors.iter_mut().find(|s| s.id.id == id)
    }

    /// The sector IDs in the order the track lists them.
    pub fn sector_ids(&self) -> Vec<u8> {
        self.sectors.iter().map(|s| s.id.id).collect()
    }
}

/// Byte AMSDOS fills formatted sectors with (also "free directory entry").
pub const FORMAT_FILLER: u8 = 0xE5;
/// GAP#3 written into Track-Info blocks of tracks we format (the value SAMdisk, iDSK and
/// Caprice32's writer use).
pub const AMSDOS_GAP3: u8 = 0x4E;
/// Creator name written into images we create (14 bytes at most).
pub const CREATOR: &str = "cpc-othello";

/// A whole disc image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiskImage {
    kind: ImageKind,
    creator: String,
    cylinders: u8,
    sides: u8,
    /// Standard images: the track-block size read from the header, kept on rewrite.
    standard_track_size: Option<usize>,
    /// `cylinders * sides` slots in image order; `None` = unformatted track.
    tracks: Vec<Option<Track>>,
}

impl DiskImage {
    /// An image with every track formatted with the same sector IDs (in `ids` order).
    pub fn formatted(kind: ImageKind, cylinders: u8, sides: u8, ids: &[u8]) -> DiskImage {
        let mut tracks = Vec::with_capacity(usize::from(cylinders) * usize::from(sides));
        for c in 0..cylinders {
            for s in 0..sides {
                tracks.push(Some(Track::formatted(c, s, ids)));
            }
        }
        DiskImage {
            kind,
            creator: CREATOR.to_string(),
            cylinders,
            sides,
            standard_track_size: None,
            tracks,
        }
    }

    /// Builds an image from its parts; `tracks` must hold `cylinders * sides` slots in
    /// image order (T0S0, T0S1, T1S0, ...).
    pub fn from_tracks(
        kind: ImageKind,
        cylinders: u8,
        sides: u8,
        tracks: Vec<Option<Track>>,
    ) -> Result<DiskImage, ImageError> {
        let expected = usize::from(cylinders) * usize::from(sides);
        if tracks.len() != expected {
            return Err(ImageError::TrackCount {
                expected,
                found: tracks.len(),
            });
        }
        Ok(DiskImage {
            kind,
            creator: CREATOR.to_string(),
            cylinders,
            sides,
            standard_track_size: None,
            tracks,
        })
    }

    /// Parses an image file's bytes.
    pub fn parse(bytes: &[u8]) -> Result<DiskImage, ImageError> {
        parse::parse(bytes)
    }

    /// Serialises the image in its own format.
    pub fn to_bytes(&self) -> Result<Vec<u8>, ImageError> {
        write::write(self)
    }

    /// The container format.
    pub fn kind(&self) -> ImageKind {
        self.kind
    }

    /// Changes the container format used by [`DiskImage::to_bytes`].
    pub fn set_kind(&mut self, kind: ImageKind) {
        self.kind = kind;
        self.standard_track_size = None;
    }

    /// The creator name from the disc information block.
    pub fn creator(&self) -> &str {
        &self.creator
    }

    /// Number of cylinders (tracks per side).
    pub fn cylinders(&self) -> u8 {
        self.cylinders
    }

    /// Number of sides (1 or 2).
    pub fn sides(&self) -> u8 {
        self.sides
    }

    /// The track at `cylinder`/`side`, or `None` if outside the image or unformatted.
    pub fn track(&self, cylinder: u8, side: u8) -> Option<&Track> {
        self.slot(cylinder, side)
            .and_then(|i| self.tracks[i].as_ref())
    }

    /// Mutable access to a track.
    pub fn track_mut(&mut self, cylinder: u8, side: u8) -> Option<&mut Track> {
        self.slot(cylinder, side)
            .and_then(move |i| self.tracks[i].as_mut())
    }

    /// All track slots in image order (`None` = unformatted).
    pub fn tracks(&self) -> &[Option<Track>] {
        &self.tracks
    }

    /// Byte offset of the data of sector number `index` (list order) of a track in the
    /// serialised image, for error messages.
    pub fn sector_offset(&self, cylinder: u8, side: u8, index: usize) -> Option<usize> {
        let slot = self.slot(cylinder, side)?;
        write::sector_offset(self, slot, index)
    }

    fn slot(&self, cylinder: u8, side: u8) -> Option<usize> {
        (cylinder < self.cylinders && side < self.sides)
            .then(|| usize::from(cylinder) * usize::from(self.sides) + usize::from(side))
    }
}
