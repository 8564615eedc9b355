//! Writing `.dsk` bytes: the layout (where each track block and sector lands) is computed
//! once and shared with [`DiskImage::sector_offset`] so error messages and files agree.

use super::parse::{DIB_SIZE, MAX_EXTENDED_TRACKS, MAX_SECTORS, MAX_STANDARD_SIZE_CODE, TIB_SIZE};
use super::{DiskImage, ImageError, ImageKind, Track};

const STANDARD_SIGNATURE: &[u8; 34] = b"MV - CPCEMU Disk-File\r\nDisk-Info\r\n";
const EXTENDED_SIGNATURE: &[u8; 34] = b"EXTENDED CPC DSK File\r\nDisk-Info\r\n";
const TRACK_SIGNATURE: &[u8; 13] = b"Track-Info\r\n\0";

/// Size of each track block (header + data) in image order; 0 = not stored (extended).
fn block_sizes(image: &DiskImage) -> Result<Vec<usize>, ImageError> {
    let mut sizes = Vec::with_capacity(image.tracks.len());
    for (slot, track) in image.tracks.iter().enumerate() {
        let Some(track) = track else {
            sizes.push(match image.kind {
                ImageKind::Standard => TIB_SIZE,
                ImageKind::Extended => 0,
            });
            continue;
        };
        check_track(image, slot, track)?;
        let data: usize = track.sectors.iter().map(|s| s.data.len()).sum();
        sizes.push((TIB_SIZE + data).div_ceil(0x100) * 0x100);
    }
    if image.kind == ImageKind::Standard {
        // One size for all tracks: the largest, or the original one if everything fits.
        let largest = sizes.iter().copied().max().unwrap_or(TIB_SIZE);
        let size = match image.standard_track_size {
            Some(original) if original >= largest => original,
            _ => largest,
        };
        if size > usize::from(u16::MAX) {
            let (cylinder, side) = position(image, 0);
            return Err(ImageError::Unwritable {
                cylinder,
                side,
                reason: format!("a standard image's track size must fit 16 bits, {size:#x} needed"),
            });
        }
        sizes.iter_mut().for_each(|s| *s = size);
    }
    Ok(sizes)
}

fn check_track(image: &DiskImage, slot: usize, track: &Track) -> Result<(), ImageError> {
    let (cylinder, side) = position(image, slot);
    let fail = |reason: String| {
        Err(ImageError::Unwritable {
            cylinder,
            side,
            reason,
        })
    };
    if track.sectors.len() > MAX_SECTORS {
        return fail(format!(
            "{} sectors, a Track-Info block lists at most {MAX_SECTORS}",
            track.sectors.len()
        ));
    }
    match image.kind {
        ImageKind::Standard => {
            if !track.sectors.is_empty() && track.size_code > MAX_STANDARD_SIZE_CODE {
                return fail(format!(
                    "size code {} is too large for a standard image",
                    track.size_code
                ));
            }
            let want = 128usize << track.size_code.min(MAX_STANDARD_SIZE_CODE);
            if let Some(s) = track.sectors.iter().find(|s| s.data.len() != want) {
                return fail(format!(
                    "sector &{:02X} holds {} bytes; a standard image stores exactly {want} (use an extended image)",
                    s.id.id,
                    s.data.len()
                ));
            }
        }
        ImageKind::Extended => {
            if let Some(s) = track
                .sectors
                .iter()
                .find(|s| s.data.len() > usize::from(u16::MAX))
            {
                return fail(format!(
                    "sector &{:02X} holds more than 65535 bytes",
                    s.id.id
                ));
            }
            let data: usize = track.sectors.iter().map(|s| s.data.len()).sum();
            if (TIB_SIZE + data).div_ceil(0x100) > 0xFF {
                return fail(format!(
                    "{data} bytes of sector data exceed an extended track block (0xFF00 bytes)"
                ));
            }
        }
    }
    Ok(())
}

fn position(image: &DiskImage, slot: usize) -> (u8, u8) {
    let sides = usize::from(image.sides.max(1));
    // Slots never exceed 255 * 2, so both parts fit a byte.
    ((slot / sides) as u8, (slot % sides) as u8)
}

pub(super) fn write(image: &DiskImage) -> Result<Vec<u8>, ImageError> {
    if image.kind == ImageKind::Extended && image.tracks.len() > MAX_EXTENDED_TRACKS {
        return Err(ImageError::Unwritable {
            cylinder: image.cylinders.saturating_sub(1),
            side: image.sides.saturating_sub(1),
            reason: format!("an extended image holds at most {MAX_EXTENDED_TRACKS} track blocks"),
        });
    }
    let sizes = block_sizes(image)?;
    let mut out = vec![0u8; DIB_SIZE + sizes.iter().sum::<usize>()];
    let signature = match image.kind {
        ImageKind::Standard => STANDARD_SIGNATURE,
        ImageKind::Extended => EXTENDED_SIGNATURE,
    };
    out[..34].copy_from_slice(signature);
    let creator = image.creator.as_bytes();
    let n = creator.len().min(14);
    out[0x22..0x22 + n].copy_from_slice(&creator[..n]);
    out[0x30] = image.cylinders;
    out[0x31] = image.sides;
    match image.kind {
        ImageKind::Standard => {
            let size = sizes.first().copied().unwrap_or(TIB_SIZE) as u16;
            out[0x32..0x34].copy_from_slice(&size.to_le_bytes());
        }
        ImageKind::Extended => {
            for (i, size) in sizes.iter().enumerate() {
                out[0x34 + i] = (size / 0x100) as u8;
            }
        }
    }
    let mut offset = DIB_SIZE;
    for (slot, (track, size)) in image.tracks.iter().zip(&sizes).enumerate() {
        if *size == 0 {
            continue;
        }
        let block = &mut out[offset..offset + size];
        match track {
            Some(track) => write_track(block, track, image.kind),
            None => {
                // Standard images cannot skip a track: store it with no sectors.
                let (cylinder, side) = position(image, slot);
                block[..13].copy_from_slice(TRACK_SIGNATURE);
                block[0x10] = cylinder;
                block[0x11] = side;
                block[0x14] = 2;
                block[0x17] = super::FORMAT_FILLER;
            }
        }
        offset += size;
    }
    Ok(out)
}

fn write_track(block: &mut [u8], track: &Track, kind: ImageKind) {
    block[..13].copy_from_slice(TRACK_SIGNATURE);
    block[0x10] = track.cylinder;
    block[0x11] = track.side;
    block[0x12] = track.data_rate;
    block[0x13] = track.recording_mode;
    block[0x14] = track.size_code;
    block[0x15] = track.sectors.len() as u8;
    block[0x16] = track.gap3;
    block[0x17] = track.filler;
    let mut data_at = TIB_SIZE;
    for (i, sector) in track.sectors.iter().enumerate() {
        let info = &mut block[0x18 + 8 * i..0x20 + 8 * i];
        info[0] = sector.id.cylinder;
        info[1] = sector.id.head;
        info[2] = sector.id.id;
        info[3] = sector.id.size_code;
        info[4] = sector.st1;
        info[5] = sector.st2;
        if kind == ImageKind::Extended {
            info[6..8].copy_from_slice(&(sector.data.len() as u16).to_le_bytes());
        }
        block[data_at..data_at + sector.data.len()].copy_from_slice(&sector.data);
        data_at += sector.data.len();
    }
}

pub(super) fn sector_offset(image: &DiskImage, slot: usize, index: usize) -> Option<usize> {
    let sizes = block_sizes(image).ok()?;
    let track = image.tracks.get(slot)?.as_ref()?;
    if index >= track.sectors.len() {
        return None;
    }
    let before: usize = track.sectors[..index].iter().map(|s| s.data.len()).sum();
    Some(DIB_SIZE + sizes[..slot].iter().sum::<usize>() + TIB_SIZE + before)
}
