//! The CDT container: a TZX file (the ZX Spectrum tape format, "TZX format" revision 1.20,
//! worldofspectrum.org) that the CPC scene uses for tapes (cpcwiki "CDT tape image file
//! format"). Timings are in T-states of the Spectrum's 3.5 MHz clock.
//!
//! We write "turbo speed data" blocks (&11) whose pulse lengths are the CPC firmware's; we
//! read those and the other data blocks (&10 standard, &14 pure data) and step over the
//! blocks that carry no data (pauses, texts, groups, archive information...). A block we do
//! not know is an error naming its offset: its length cannot be known, so nothing after it can
//! be trusted.

use super::TapeError;

/// "ZXTape!", &1A, then the version: 1.20.
pub const SIGNATURE: &[u8; 8] = b"ZXTape!\x1A";
/// The TZX version we write.
pub const VERSION: (u8, u8) = (1, 20);
/// The clock the pulse lengths count.
pub const TZX_CLOCK_HZ: u32 = 3_500_000;

/// A turbo speed data block (&11): a pilot tone, two sync pulses, then the bytes, most
/// significant bit first, each bit two pulses (of the zero or the one length).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurboBlock {
    /// Length of a pilot pulse.
    pub pilot: u16,
    /// Pulses of the pilot tone.
    pub pilot_pulses: u16,
    /// The two sync pulses.
    pub sync: (u16, u16),
    /// Length of each of a zero bit's two pulses.
    pub zero: u16,
    /// Length of each of a one bit's two pulses.
    pub one: u16,
    /// Silence after the block, in milliseconds.
    pub pause_ms: u16,
    /// The bytes.
    pub data: Vec<u8>,
}

impl TurboBlock {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(0x11);
        for v in [
            self.pilot,
            self.sync.0,
            self.sync.1,
            self.zero,
            self.one,
            self.pilot_pulses,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.push(8); // every bit of the last byte is used
        out.extend_from_slice(&self.pause_ms.to_le_bytes());
        let len = self.data.len() as u32;
        out.extend_from_slice(&len.to_le_bytes()[..3]);
        out.extend_from_slice(&self.data);
    }
}

/// A whole CDT file: `lead_in_ms` of silence (a pause block, &20; none if 0), then `blocks`.
#[must_use]
pub fn write_cdt(lead_in_ms: u16, blocks: &[TurboBlock]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(SIGNATURE);
    out.extend_from_slice(&[VERSION.0, VERSION.1]);
    if lead_in_ms > 0 {
        out.push(0x20);
        out.extend_from_slice(&lead_in_ms.to_le_bytes());
    }
    for b in blocks {
        b.write(&mut out);
    }
    out
}

/// A block of a CDT file that carries data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataBlock {
    /// Where the block (its ID byte) starts in the file.
    pub offset: usize,
    /// Where its data bytes start.
    pub data_offset: usize,
    /// The zero bit's pulse length, which gives the speed (for &10, the Spectrum's 855).
    pub zero: u16,
    /// The bytes.
    pub data: Vec<u8>,
}

/// A little-endian number of `n` bytes at `at`, or a truncation error.
fn number(bytes: &[u8], at: usize, n: usize, what: &str) -> Result<usize, TapeError> {
    let field = bytes.get(at..at + n).ok_or(TapeError::Truncated {
        offset: at,
        what: what.to_string(),
        len: bytes.len(),
    })?;
    Ok(field
        .iter()
        .rev()
        .fold(0usize, |acc, &b| acc << 8 | usize::from(b)))
}

/// The data blocks of a CDT file, in order.
///
/// # Errors
/// [`TapeError::NotCdt`] without the signature, [`TapeError::Truncated`] for a block cut
/// short, [`TapeError::UnknownBlock`] for a block ID the TZX revision 1.20 does not define.
pub fn read_cdt(bytes: &[u8]) -> Result<Vec<DataBlock>, TapeError> {
    if bytes.len() < 10 || &bytes[..8] != SIGNATURE {
        return Err(TapeError::NotCdt);
    }
    let mut out = Vec::new();
    let mut at = 10;
    while at < bytes.len() {
        let id = bytes[at];
        let body = at + 1;
        let num = |off: usize, n: usize, what: &str| number(bytes, body + off, n, what);
        // (length of the fixed part, length of the variable part) of each block.
        let (fixed, variable) = match id {
            0x10 => (4, num(2, 2, "a standard data block's length")?),
            0x11 => (0x12, num(0x0F, 3, "a turbo data block's length")?),
            0x12 => (4, 0),
            0x13 => (1, 2 * num(0, 1, "a pulse sequence's count")?),
            0x14 => (0x0A, num(0x07, 3, "a pure data block's length")?),
            0x15 => (0x08, num(0x05, 3, "a direct recording's length")?),
            0x18 | 0x19 => (4, num(0, 4, "a block's length")?),
            0x20 | 0x23 | 0x24 => (2, 0),
            0x21 => (1, num(0, 1, "a group name's length")?),
            0x22 | 0x25 | 0x27 => (0, 0),
            0x26 => (2, 2 * num(0, 2, "a call sequence's count")?),
            0x28 | 0x32 => (2, num(0, 2, "a block's length")?),
            0x2A => (4, 0),
            0x2B => (5, 0),
            0x30 => (1, num(0, 1, "a text's length")?),
            0x31 => (2, num(1, 1, "a message's length")?),
            0x33 => (1, 3 * num(0, 1, "a hardware list's count")?),
            0x35 => (0x14, num(0x10, 4, "a custom block's length")?),
            0x5A => (9, 0),
            _ => return Err(TapeError::UnknownBlock { offset: at, id }),
        };
        let end = body + fixed + variable;
        if end > bytes.len() {
            return Err(TapeError::Truncated {
                offset: at,
                what: format!("block &{id:02X} of {} bytes", end - at),
                len: bytes.len(),
            });
        }
        let timing = |off: usize| u16::from_le_bytes([bytes[body + off], bytes[body + off + 1]]);
        // (where the data starts, the zero bit's pulse) of the blocks that carry data.
        let data = match id {
            0x10 => Some((4, 855)),
            0x11 => Some((0x12, timing(6))),
            0x14 => Some((0x0A, timing(0))),
            _ => None,
        };
        if let Some((from, zero)) = data {
            out.push(DataBlock {
                offset: at,
                data_offset: body + from,
                zero,
                data: bytes[body + from..end].to_vec(),
            });
        }
        at = end;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(data: &[u8]) -> TurboBlock {
        TurboBlock {
            pilot: 2333,
            pilot_pulses: 4096,
            sync: (1167, 1167),
            zero: 1167,
            one: 2333,
            pause_ms: 20,
            data: data.to_vec(),
        }
    }

    #[test]
    fn the_turbo_block_layout_of_the_tzx_specification() {
        let file = write_cdt(0, &[block(&[0x2C, 1, 2])]);
        assert_eq!(&file[..10], b"ZXTape!\x1A\x01\x14");
        assert_eq!(file[10], 0x11);
        assert_eq!(&file[11..13], &2333u16.to_le_bytes()); // pilot pulse
        assert_eq!(&file[17..19], &1167u16.to_le_bytes()); // zero
        assert_eq!(&file[21..23], &4096u16.to_le_bytes()); // pilot tone
        assert_eq!(file[23], 8); // used bits
        assert_eq!(&file[24..26], &20u16.to_le_bytes()); // pause
        assert_eq!(&file[26..29], &[3, 0, 0]); // length
        assert_eq!(&file[29..], &[0x2C, 1, 2]);
        let blocks = read_cdt(&file).unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!(
            (blocks[0].offset, blocks[0].data_offset, blocks[0].zero),
            (10, 29, 1167)
        );
        assert_eq!(blocks[0].data, [0x2C, 1, 2]);
    }

    #[test]
    fn blocks_without_data_are_stepped_over_and_bad_ones_named() {
        let mut file = write_cdt(2000, &[]);
        assert_eq!(&file[10..], &[0x20, 0xD0, 0x07], "2 s of silence first");
        file.extend([0x30, 3, b'a', b'b', b'c']); // text description
        file.extend([0x20, 0xE8, 0x03]); // pause 1000 ms
        let at = file.len();
        block(&[9]).write(&mut file);
        let blocks = read_cdt(&file).unwrap();
        assert_eq!((blocks.len(), blocks[0].offset), (1, at));

        let mut unknown = file.clone();
        unknown.push(0x77);
        let e = read_cdt(&unknown).unwrap_err();
        assert_eq!(
            e,
            TapeError::UnknownBlock {
                offset: file.len(),
                id: 0x77
            }
        );
        let e = read_cdt(&file[..file.len() - 1]).unwrap_err();
        assert!(
            matches!(e, TapeError::Truncated { offset, .. } if offset == at),
            "{e}"
        );
        assert_eq!(read_cdt(b"MV - CPC").unwrap_err(), TapeError::NotCdt);
    }
}
