//! Reading `.dsk` bytes. Every check names the byte offset it looked at, and every length
//! is checked before it is used, so no input can make the reader panic.

use super::{DiskImage, ImageError, ImageKind, Sector, SectorId, Track};

pub(super) const DIB_SIZE: usize = 0x100;
pub(super) const TIB_SIZE: usize = 0x100;
/// Sector-info entries that fit in a Track-Info block after its 0x18-byte head.
pub(super) const MAX_SECTORS: usize = (TIB_SIZE - 0x18) / 8;
/// Track-size table entries that fit in the disc information block (0x34..0xFF).
pub(super) const MAX_EXTENDED_TRACKS: usize = DIB_SIZE - 0x34;
/// Largest size code whose `128 << N` a standard image can hold in a sector slot.
pub(super) const MAX_STANDARD_SIZE_CODE: u8 = 6;

pub(super) fn parse(bytes: &[u8]) -> Result<DiskImage, ImageError> {
    let len = bytes.len();
    if len < DIB_SIZE {
        return Err(ImageError::Truncated {
            offset: 0,
            expected: "a 256-byte disc information block".into(),
            len,
        });
    }
    let kind = if bytes.starts_with(b"MV - CPC") {
        ImageKind::Standard
    } else if bytes.starts_with(b"EXTENDED") {
        ImageKind::Extended
    } else {
        return Err(ImageError::Corrupt {
            offset: 0,
            expected: "the signature \"MV - CPCEMU\" or \"EXTENDED CPC DSK\"".into(),
            found: show_text(&bytes[..16]),
        });
    };
    let creator = text_field(&bytes[0x22..0x30]);
    let cylinders = bytes[0x30];
    let sides = bytes[0x31];
    if cylinders == 0 {
        return Err(ImageError::Corrupt {
            offset: 0x30,
            expected: "a number of tracks of at least 1".into(),
            found: "0".into(),
        });
    }
    if !(1..=2).contains(&sides) {
        return Err(ImageError::Corrupt {
            offset: 0x31,
            expected: "1 or 2 sides".into(),
            found: sides.to_string(),
        });
    }
    let slots = usize::from(cylinders) * usize::from(sides);
    let reader = Reader { bytes, kind };
    let (tracks, standard_track_size) = match kind {
        ImageKind::Standard => {
            let size = usize::from(u16::from_le_bytes([bytes[0x32], bytes[0x33]]));
            if size < TIB_SIZE {
                return Err(ImageError::Corrupt {
                    offset: 0x32,
                    expected: "a track size of at least 0x100 bytes".into(),
                    found: format!("{size:#x}"),
                });
            }
            let mut tracks = Vec::with_capacity(slots);
            for slot in 0..slots {
                let offset = DIB_SIZE + slot * size;
                tracks.push(Some(reader.track(offset, size, slot_name(slot, sides))?));
            }
            (tracks, Some(size))
        }
        ImageKind::Extended => {
            if slots > MAX_EXTENDED_TRACKS {
                return Err(ImageError::Corrupt {
                    offset: 0x30,
                    expected: format!(
                        "at most {MAX_EXTENDED_TRACKS} track blocks (the size table's room)"
                    ),
                    found: format!("{cylinders} tracks x {sides} sides"),
                });
            }
            let mut tracks = Vec::with_capacity(slots);
            let mut offset = DIB_SIZE;
            for slot in 0..slots {
                let size = usize::from(bytes[0x34 + slot]) * 0x100;
                if size == 0 {
                    tracks.push(None);
                    continue;
                }
                tracks.push(Some(reader.track(offset, size, slot_name(slot, sides))?));
                offset += size;
            }
            (tracks, None)
        }
    };
    Ok(DiskImage {
        kind,
        creator,
        cylinders,
        sides,
        standard_track_size,
        tracks,
    })
}

struct Reader<'a> {
    bytes: &'a [u8],
    kind: ImageKind,
}

impl Reader<'_> {
    /// Reads the track block at `offset` whose size (header + data) is `size`.
    fn track(&self, offset: usize, size: usize, name: String) -> Result<Track, ImageError> {
        let bytes = self.bytes;
        let len = bytes.len();
        let Some(head) = bytes.get(offset..offset + TIB_SIZE) else {
            return Err(ImageError::Truncated {
                offset,
                expected: format!("the Track-Info block of {name}"),
                len,
            });
        };
        if !head.starts_with(b"Track-Info") {
            return Err(ImageError::Corrupt {
                offset,
                expected: format!("\"Track-Info\" starting the block of {name}"),
                found: show_text(&head[..10]),
            });
        }
        let size_code = head[0x14];
        let count = usize::from(head[0x15]);
        if count > MAX_SECTORS {
            return Err(ImageError::Corrupt {
                offset: offset + 0x15,
                expected: format!("at most {MAX_SECTORS} sectors in {name}"),
                found: count.to_string(),
            });
        }
        if self.kind == ImageKind::Standard && count > 0 && size_code > MAX_STANDARD_SIZE_CODE {
            return Err(ImageError::Corrupt {
                offset: offset + 0x14,
                expected: format!("a sector size code of 0-{MAX_STANDARD_SIZE_CODE} in {name}"),
                found: size_code.to_string(),
            });
        }
        let room = size - TIB_SIZE;
        let mut data_offset = offset + TIB_SIZE;
        let mut used = 0usize;
        let mut sectors = Vec::with_capacity(count);
        for i in 0..count {
            let info = &head[0x18 + 8 * i..0x20 + 8 * i];
            let data_len = match self.kind {
                ImageKind::Standard => 128usize << size_code,
                ImageKind::Extended => usize::from(u16::from_le_bytes([info[6], info[7]])),
            };
            if used + data_len > room {
                let (at, expected) = match self.kind {
                    ImageKind::Standard => (
                        offset + 0x15,
                        format!(
                            "sectors that fit the {size:#x}-byte track block of {name} ({count} x {data_len:#x} bytes do not)"
                        ),
                    ),
                    ImageKind::Extended => (
                        offset + 0x18 + 8 * i + 6,
                        format!(
                            "sector lengths that fit the {size:#x}-byte track block of {name} (sector {i} ends past it)"
                        ),
                    ),
                };
                return Err(ImageError::Corrupt {
                    offset: at,
                    expected,
                    found: format!("{:#x} bytes of sector data", used + data_len),
                });
            }
            let Some(data) = bytes.get(data_offset..data_offset + data_len) else {
                return Err(ImageError::Truncated {
                    offset: data_offset,
                    expected: format!(
                        "{data_len} bytes of data for sector &{:02X} of {name}",
                        info[2]
                    ),
                    len,
                });
            };
            sectors.push(Sector {
                id: SectorId {
                    cylinder: info[0],
                    head: info[1],
                    id: info[2],
                    size_code: info[3],
                },
                st1: info[4],
                st2: info[5],
                data: data.to_vec(),
            });
            data_offset += data_len;
            used += data_len;
        }
        Ok(Track {
            cylinder: head[0x10],
            side: head[0x11],
            data_rate: head[0x12],
            recording_mode: head[0x13],
            size_code,
            gap3: head[0x16],
            filler: head[0x17],
            sectors,
        })
    }
}

fn slot_name(slot: usize, sides: u8) -> String {
    let sides = usize::from(sides);
    format!("track {} side {}", slot / sides, slot % sides)
}

/// Free-text header field: stops at the first NUL, drops CR/LF and padding.
fn text_field(raw: &[u8]) -> String {
    let end = raw.iter().position(|&b| b == 0).unwrap_or(raw.len());
    String::from_utf8_lossy(&raw[..end])
        .trim_matches(|c: char| c.is_whitespace() || c.is_control())
        .to_string()
}

/// Shows bytes that should have been a signature: printable ASCII as text, the rest as hex.
fn show_text(raw: &[u8]) -> String {
    if raw.iter().all(|b| b.is_ascii_graphic() || *b == b' ') {
        format!("\"{}\"", String::from_utf8_lossy(raw))
    } else {
        let hex: Vec<String> = raw.iter().map(|b| format!("{b:02X}")).collect();
        format!("bytes {}", hex.join(" "))
    }
}
