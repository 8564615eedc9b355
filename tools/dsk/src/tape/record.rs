//! A record as the cassette manager writes it (Amstrad Firmware Guide, "the cassette
//! manager"): after the leader and the sync bit, a sync byte (&2C for a header record, &16
//! for a data record), the data in 256-byte segments each followed by its CRC (the last
//! segment padded with zeros), and a trailer of 32 one-bits.

use super::crc::stored_crc;
use super::TapeError;

/// The sync byte of a header record.
pub const SYNC_HEADER: u8 = 0x2C;
/// The sync byte of a data record.
pub const SYNC_DATA: u8 = 0x16;
/// Bytes of a segment, without its CRC.
pub const SEGMENT: usize = 256;
/// The trailer: 32 one-bits.
pub const TRAILER: [u8; 4] = [0xFF; 4];

/// The bytes of a record: sync byte, segments with their CRCs, trailer.
#[must_use]
pub fn record_bytes(sync: u8, data: &[u8]) -> Vec<u8> {
    let segments = data.len().div_ceil(SEGMENT).max(1);
    let mut out = Vec::with_capacity(1 + segments * (SEGMENT + 2) + TRAILER.len());
    out.push(sync);
    for k in 0..segments {
        let mut segment = [0u8; SEGMENT];
        let part = &data[(k * SEGMENT).min(data.len())..((k + 1) * SEGMENT).min(data.len())];
        segment[..part.len()].copy_from_slice(part);
        out.extend_from_slice(&segment);
        out.extend_from_slice(&stored_crc(&segment));
    }
    out.extend_from_slice(&TRAILER);
    out
}

/// A record read back: its sync byte and its segments' bytes (padding included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// &2C header, &16 data (other values are other loaders' records).
    pub sync: u8,
    /// The segments, joined.
    pub data: Vec<u8>,
}

/// Reads a record from the bytes of a tape data block that starts at `offset` in the image:
/// every segment's CRC is checked.
///
/// # Errors
/// [`TapeError::Record`] when the bytes are not whole segments, [`TapeError::Crc`] naming
/// the offset of a segment whose CRC does not match.
pub fn parse_record(bytes: &[u8], offset: usize) -> Result<Record, TapeError> {
    let Some((&sync, rest)) = bytes.split_first() else {
        return Err(TapeError::Record {
            offset,
            problem: "an empty data block".into(),
        });
    };
    // The trailer is optional for reading: the firmware stops after the last CRC.
    let body = if rest.len() % (SEGMENT + 2) == TRAILER.len() && rest.ends_with(&TRAILER) {
        &rest[..rest.len() - TRAILER.len()]
    } else {
        rest
    };
    if body.is_empty() || body.len() % (SEGMENT + 2) != 0 {
        return Err(TapeError::Record {
            offset,
            problem: format!(
                "{} bytes after the sync byte are not whole 258-byte segments (256 bytes and \
                 a CRC) and a trailer",
                rest.len()
            ),
        });
    }
    let mut data = Vec::with_capacity(body.len() / (SEGMENT + 2) * SEGMENT);
    for (k, chunk) in body.chunks(SEGMENT + 2).enumerate() {
        let (segment, crc) = chunk.split_at(SEGMENT);
        let want = stored_crc(segment);
        if crc != want {
            return Err(TapeError::Crc {
                offset: offset + 1 + k * (SEGMENT + 2) + SEGMENT,
                segment: k,
                found: u16::from_be_bytes([crc[0], crc[1]]),
                expected: u16::from_be_bytes(want),
            });
        }
        data.extend_from_slice(segment);
    }
    Ok(Record { sync, data })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_padded_and_each_has_its_crc() {
        let data: Vec<u8> = (0..300u16).map(|i| i as u8).collect();
        let r = record_bytes(SYNC_DATA, &data);
        assert_eq!(r.len(), 1 + 2 * 258 + 4);
        assert_eq!(r[0], SYNC_DATA);
        assert_eq!(&r[1 + 258 + 44..1 + 258 + 256], &[0u8; 212][..], "padding");
        assert_eq!(&r[r.len() - 4..], &TRAILER);
        let back = parse_record(&r, 0).unwrap();
        assert_eq!(back.sync, SYNC_DATA);
        assert_eq!(&back.data[..300], &data[..]);
        assert_eq!(back.data.len(), 512);
    }

    #[test]
    fn a_flipped_bit_is_found_in_its_segment() {
        let mut r = record_bytes(SYNC_DATA, &[7u8; 600]);
        r[1 + 258 + 10] ^= 0x10; // segment 1
        let e = parse_record(&r, 1000).unwrap_err();
        assert!(
            matches!(e, TapeError::Crc { segment: 1, offset, .. } if offset == 1000 + 1 + 258 + 256),
            "{e}"
        );
        assert!(parse_record(&r[..100], 0).is_err());
        assert!(parse_record(&[], 0).is_err());
    }
}
