//! Cassette tapes: a file written as the CPC firmware writes it to tape, in a CDT image (or
//! as sound), and read back.
//!
//! The firmware's cassette manager (Amstrad Firmware Guide, Soft 968, "the cassette
//! manager"; cpcwiki "Cassette data information") cuts a file into blocks of 2 KB. Each block
//! is two records: a 64-byte header record (sync byte &2C; [`BlockHeader`]) and the data
//! record (sync &16). A record is a leader of 2048 one-bits, a zero bit, the sync byte, the
//! data in 256-byte segments each followed by its CRC ([`crc`]), and 32 one-bits. A zero bit is
//! two pulses of a length, a one bit two pulses twice as long: at the standard speed (SPEED
//! WRITE 0, 1000 baud) a zero pulse is 333 µs, at SPEED WRITE 1 (2000 baud) 167 µs.
//!
//! [`cdt`] holds each record in a TZX "turbo speed data" block with those pulse lengths;
//! [`wav`] renders the same pulses as sound.

pub mod cdt;
pub mod crc;
pub mod header;
pub mod record;
pub mod wav;

pub use crate::file_type::{file_kind, is_binary, TYPE_BINARY};
use cdt::{read_cdt, write_cdt, DataBlock, TurboBlock, TZX_CLOCK_HZ};
pub use header::{BlockHeader, NAME_LEN};
use record::{parse_record, record_bytes, Record, SYNC_DATA, SYNC_HEADER};

/// Bytes of a tape block's data: a file is cut into blocks of 2 KB.
pub const BLOCK_LEN: usize = 2048;
/// One-bits of a record's leader.
const LEADER_BITS: u16 = 2048;
/// Silence before the first record, in milliseconds. The firmware starts the motor when a
/// key is pressed after "Press PLAY" and lets it come up to speed before it listens: a tape
/// that starts with the leader at once loses its first block in MAME.
pub const LEAD_IN_MS: u16 = 2000;
/// Silence after a header record and after a data record, in milliseconds. The firmware
/// stops the motor after each record and starts it again for the next, then waits for it to
/// come up to speed; a gap this long leaves most of the next leader to listen to even at
/// 2000 baud (its leader lasts 1.4 s). Measured in MAME: 500 ms lost block 1 at 2000 baud.
const PAUSE_AFTER_HEADER_MS: u16 = 1500;
const PAUSE_AFTER_DATA_MS: u16 = 1500;

/// What can be wrong with a tape image; every variant names the byte offset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TapeError {
    /// The file does not start with the TZX signature.
    #[error("offset 0: not a CDT image (no \"ZXTape!\" signature)")]
    NotCdt,
    /// A block runs past the end of the file.
    #[error("offset {offset}: {what} runs past the end of the file ({len} bytes)")]
    Truncated {
        /// Where the block (or field) starts.
        offset: usize,
        /// What was being read.
        what: String,
        /// The file's length.
        len: usize,
    },
    /// A block ID that TZX 1.20 does not define.
    #[error("offset {offset}: unknown TZX block ID &{id:02X}")]
    UnknownBlock {
        /// Where the block starts.
        offset: usize,
        /// Its ID.
        id: u8,
    },
    /// A data block that is not a firmware record.
    #[error("offset {offset}: {problem}")]
    Record {
        /// Where the block's data starts.
        offset: usize,
        /// What is wrong.
        problem: String,
    },
    /// A segment whose CRC does not match.
    #[error(
        "offset {offset}: the CRC of segment {segment} is &{found:04X}, its bytes give &{expected:04X}"
    )]
    Crc {
        /// Where the stored CRC is.
        offset: usize,
        /// The segment's number in its record, from 0.
        segment: usize,
        /// The CRC stored (inverted, as on the tape).
        found: u16,
        /// The CRC the segment's bytes give (inverted).
        expected: u16,
    },
    /// A header record that cannot be right.
    #[error("offset {offset}: header record: {problem}")]
    BadHeader {
        /// Where the offending field is.
        offset: usize,
        /// What is wrong.
        problem: String,
    },
    /// The blocks of a file do not follow each other.
    #[error("offset {offset}: {problem}")]
    Sequence {
        /// Where the block's header record starts.
        offset: usize,
        /// What is wrong.
        problem: String,
    },
    /// Something that cannot be written to a tape.
    #[error("{0}")]
    Unwritable(String),
}

/// The speed a tape is written at: the firmware's SPEED WRITE 0 (1000 baud) or 1 (2000).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TapeSpeed {
    baud: u16,
}

impl TapeSpeed {
    /// SPEED WRITE 0: 1000 baud, what `SAVE` writes by default.
    pub const STANDARD: TapeSpeed = TapeSpeed { baud: 1000 };
    /// SPEED WRITE 1: 2000 baud.
    pub const FAST: TapeSpeed = TapeSpeed { baud: 2000 };

    /// The speed of `baud` bits a second: 1000 or 2000, the two the firmware's SPEED WRITE
    /// chooses from.
    ///
    /// # Errors
    /// Any other value.
    pub fn from_baud(baud: u16) -> Result<TapeSpeed, TapeError> {
        match baud {
            1000 => Ok(TapeSpeed::STANDARD),
            2000 => Ok(TapeSpeed::FAST),
            _ => Err(TapeError::Unwritable(format!(
                "tape speed {baud}: the firmware writes 1000 baud (SPEED WRITE 0) or 2000 \
                 (SPEED WRITE 1)"
            ))),
        }
    }

    /// Bits a second (the mean of a zero and a one bit).
    #[must_use]
    pub fn baud(self) -> u16 {
        self.baud
    }

    /// A zero bit's pulse, in T-states of the TZX clock: a zero bit lasts 2/3 of the mean
    /// bit, so each of its two pulses 1/3.
    #[must_use]
    pub fn zero_pulse(self) -> u16 {
        let t = f64::from(TZX_CLOCK_HZ) / (3.0 * f64::from(self.baud));
        t.round() as u16
    }

    /// A one bit's pulse: twice a zero's, to the T-state.
    #[must_use]
    pub fn one_pulse(self) -> u16 {
        let t = 2.0 * f64::from(TZX_CLOCK_HZ) / (3.0 * f64::from(self.baud));
        t.round() as u16
    }
}

/// A file to put on a tape, or read from one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapeFile {
    /// Up to 16 characters.
    pub name: String,
    /// The header's file type ([`TYPE_BINARY`] for a program).
    pub file_type: u8,
    /// Where it loads.
    pub load: u16,
    /// Where it starts (binary files).
    pub entry: u16,
    /// Its bytes.
    pub data: Vec<u8>,
}

/// One block of a tape read back: where its header record starts, its header, its data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapeBlock {
    /// Offset of the header record's TZX block in the image.
    pub offset: usize,
    /// The header record.
    pub header: BlockHeader,
    /// The data record's bytes (the header's data length of them).
    pub data: Vec<u8>,
    /// The speed the data record was written at, in baud (to the nearest 10).
    pub baud: u32,
}

fn turbo(speed: TapeSpeed, data: Vec<u8>, pause_ms: u16) -> TurboBlock {
    TurboBlock {
        pilot: speed.one_pulse(),
        pilot_pulses: 2 * LEADER_BITS,
        sync: (speed.zero_pulse(), speed.zero_pulse()),
        zero: speed.zero_pulse(),
        one: speed.one_pulse(),
        pause_ms,
        data,
    }
}

/// The records of `file` as the firmware writes them: header and data, block by block.
///
/// # Errors
/// [`TapeError::Unwritable`] for an empty file, a name over 16 characters or a file that
/// does not fit in the 64 KB it must load into.
pub fn file_records(file: &TapeFile, speed: TapeSpeed) -> Result<Vec<TurboBlock>, TapeError> {
    if file.name.is_empty() || file.name.len() > NAME_LEN || !file.name.is_ascii() {
        return Err(TapeError::Unwritable(format!(
            "tape file name \"{}\": 1 to 16 ASCII characters",
            file.name
        )));
    }
    let end = usize::from(file.load) + file.data.len();
    if file.data.is_empty() || end > 0x10000 {
        return Err(TapeError::Unwritable(format!(
            "{} bytes at &{:04X} do not fit a tape file (1 byte to the end of memory)",
            file.data.len(),
            file.load
        )));
    }
    let chunks: Vec<&[u8]> = file.data.chunks(BLOCK_LEN).collect();
    let mut out = Vec::with_capacity(2 * chunks.len());
    for (k, chunk) in chunks.iter().enumerate() {
        let header = BlockHeader {
            name: file.name.clone(),
            block: (k + 1) as u8,
            last: k + 1 == chunks.len(),
            file_type: file.file_type,
            data_length: chunk.len() as u16,
            location: file.load.wrapping_add((k * BLOCK_LEN) as u16),
            first: k == 0,
            logical_length: file.data.len() as u16,
            entry: file.entry,
        };
        let header_record = record_bytes(SYNC_HEADER, &header.to_bytes());
        out.push(turbo(speed, header_record, PAUSE_AFTER_HEADER_MS));
        out.push(turbo(
            speed,
            record_bytes(SYNC_DATA, chunk),
            PAUSE_AFTER_DATA_MS,
        ));
    }
    Ok(out)
}

/// A CDT image holding `file`.
///
/// # Errors
/// As [`file_records`].
pub fn write_tape(file: &TapeFile, speed: TapeSpeed) -> Result<Vec<u8>, TapeError> {
    Ok(write_cdt(LEAD_IN_MS, &file_records(file, speed)?))
}

/// `file` as a 44.1 kHz WAV file of the tape's sound.
///
/// # Errors
/// As [`file_records`].
pub fn write_tape_wav(file: &TapeFile, speed: TapeSpeed) -> Result<Vec<u8>, TapeError> {
    Ok(wav::write_wav(&file_records(file, speed)?))
}

/// The blocks of a CDT image: every header record with the data record after it, CRCs
/// checked.
///
/// # Errors
/// Any [`TapeError`], with the offset of what is wrong.
pub fn read_tape(bytes: &[u8]) -> Result<Vec<TapeBlock>, TapeError> {
    let blocks = read_cdt(bytes)?;
    let mut out = Vec::new();
    let mut iter = blocks.iter();
    while let Some(block) = iter.next() {
        let record = record_of(block, SYNC_HEADER, || "a header record".into())?;
        let header = BlockHeader::from_bytes(&record.data, block.data_offset + 1)?;
        let Some(data_block) = iter.next() else {
            return Err(TapeError::Truncated {
                offset: block.offset,
                what: format!("block {} of {}: its data record", header.block, header.name),
                len: bytes.len(),
            });
        };
        let data = record_of(data_block, SYNC_DATA, || {
            format!("the data record of block {}", header.block)
        })?;
        let len = usize::from(header.data_length);
        if data.data.len() < len {
            return Err(TapeError::Record {
                offset: data_block.data_offset,
                problem: format!(
                    "the data record holds {} bytes, its header says {len}",
                    data.data.len()
                ),
            });
        }
        // The mean bit is three zero pulses long; to the nearest 10 baud, as people quote it.
        let zero = f64::from(data_block.zero.max(1));
        let baud = f64::from(TZX_CLOCK_HZ) / (3.0 * zero);
        out.push(TapeBlock {
            offset: block.offset,
            header,
            data: data.data[..len].to_vec(),
            baud: (baud / 10.0).round() as u32 * 10,
        });
    }
    Ok(out)
}

/// The firmware record in `block`, which must start with the sync byte `sync`; `what` names
/// the record expected, for the error.
fn record_of(
    block: &DataBlock,
    sync: u8,
    what: impl FnOnce() -> String,
) -> Result<Record, TapeError> {
    let record = parse_record(&block.data, block.data_offset)?;
    if record.sync != sync {
        return Err(TapeError::Record {
            offset: block.data_offset,
            problem: format!(
                "a record with sync byte &{:02X} where {} (&{sync:02X}) should be",
                record.sync,
                what()
            ),
        });
    }
    Ok(record)
}

/// The files of a tape's blocks: each from a first block to a last, numbered 1, 2, ... in
/// order, each block loading where the previous one ends.
///
/// # Errors
/// [`TapeError::Sequence`] naming the offset of a block out of place.
pub fn tape_files(blocks: &[TapeBlock]) -> Result<Vec<TapeFile>, TapeError> {
    let mut files = Vec::new();
    let mut current: Option<(TapeFile, u8)> = None;
    for b in blocks {
        let h = &b.header;
        let out_of_place = |problem: String| TapeError::Sequence {
            offset: b.offset,
            problem,
        };
        match current.take() {
            None if !h.first => {
                return Err(out_of_place(format!(
                    "block {} of {} has no first block before it",
                    h.block, h.name
                )))
            }
            None => {
                current = Some((
                    TapeFile {
                        name: h.name.clone(),
                        file_type: h.file_type,
                        load: h.location,
                        entry: h.entry,
                        data: b.data.clone(),
                    },
                    h.block,
                ));
            }
            Some((mut file, last_block)) => {
                let expected = file.load.wrapping_add(file.data.len() as u16);
                if h.first || h.name != file.name || h.block != last_block.wrapping_add(1) {
                    return Err(out_of_place(format!(
                        "block {} of {} where block {} of {} should follow",
                        h.block,
                        h.name,
                        last_block.wrapping_add(1),
                        file.name
                    )));
                }
                if h.location != expected {
                    return Err(out_of_place(format!(
                        "block {} of {} loads at &{:04X}, not at &{expected:04X} after block {last_block}",
                        h.block, h.name, h.location
                    )));
                }
                file.data.extend_from_slice(&b.data);
                current = Some((file, h.block));
            }
        }
        if h.last {
            if let Some((file, _)) = current.take() {
                files.push(file);
            }
        }
    }
    if let Some((file, block)) = current {
        return Err(TapeError::Sequence {
            offset: blocks.last().map_or(0, |b| b.offset),
            problem: format!(
                "{}: the tape ends after block {block}, not its last",
                file.name
            ),
        });
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(len: usize) -> TapeFile {
        TapeFile {
            name: "OTHELLO".into(),
            file_type: TYPE_BINARY,
            load: 0x1000,
            entry: 0x1000,
            data: (0..len).map(|i| (i * 7 + i / 256) as u8).collect(),
        }
    }

    #[test]
    fn speeds_give_the_firmware_pulse_lengths() {
        // 333 µs and 667 µs at 1000 baud, 167 µs and 333 µs at 2000 baud (3.5 MHz T-states).
        let s = TapeSpeed::STANDARD;
        assert_eq!((s.zero_pulse(), s.one_pulse()), (1167, 2333));
        let f = TapeSpeed::from_baud(2000).unwrap();
        assert_eq!((f.zero_pulse(), f.one_pulse()), (583, 1167));
        assert!(TapeSpeed::from_baud(1500).is_err());
    }

    #[test]
    fn a_file_goes_on_tape_in_2k_blocks_and_comes_back() {
        let file = game(5000);
        let records = file_records(&file, TapeSpeed::STANDARD).unwrap();
        assert_eq!(records.len(), 6, "3 blocks of header + data");
        assert_eq!(records[0].pilot_pulses, 4096);
        assert_eq!(
            records[1].data.len(),
            1 + 8 * 258 + 4,
            "2048 bytes: 8 segments"
        );
        assert_eq!(
            records[5].data.len(),
            1 + 4 * 258 + 4,
            "904 bytes: 4 segments"
        );
        let image = write_tape(&file, TapeSpeed::STANDARD).unwrap();
        let blocks = read_tape(&image).unwrap();
        assert_eq!(blocks.len(), 3);
        let numbers: Vec<(u8, bool, bool, u16, u16)> = blocks
            .iter()
            .map(|b| {
                let h = &b.header;
                (h.block, h.first, h.last, h.data_length, h.location)
            })
            .collect();
        assert_eq!(
            numbers,
            [
                (1, true, false, 2048, 0x1000),
                (2, false, false, 2048, 0x1800),
                (3, false, true, 904, 0x2000)
            ]
        );
        assert!(blocks.iter().all(|b| b.baud == 1000));
        assert_eq!(tape_files(&blocks).unwrap(), std::slice::from_ref(&file));
        let fast = read_tape(&write_tape(&file, TapeSpeed::FAST).unwrap()).unwrap();
        assert!(fast.iter().all(|b| b.baud == 2000));
    }

    #[test]
    fn damage_is_reported_with_its_offset() {
        let image = write_tape(&game(3000), TapeSpeed::STANDARD).unwrap();
        // A byte of the second block's data changed: its segment's CRC says so.
        let blocks = read_cdt(&image).unwrap();
        let mut bad = image.clone();
        bad[blocks[3].data_offset + 5] ^= 1;
        let e = read_tape(&bad).unwrap_err();
        assert!(
            matches!(e, TapeError::Crc { offset, segment: 0, .. } if offset == blocks[3].data_offset + 1 + 256),
            "{e}"
        );
        // Cut short: the last block's data record is missing.
        let e = read_tape(&image[..blocks[3].offset]).unwrap_err();
        assert!(
            matches!(e, TapeError::Truncated { offset, .. } if offset == blocks[2].offset),
            "{e}"
        );
        // Blocks out of order.
        let tape = read_tape(&image).unwrap();
        let swapped = [tape[1].clone(), tape[0].clone()];
        let e = tape_files(&swapped).unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("offset {}:", tape[1].offset)),
            "{e}"
        );
        assert!(tape_files(&tape[..1]).is_err(), "the last block missing");
    }

    #[test]
    fn what_cannot_go_on_a_tape_is_refused() {
        let mut f = game(10);
        f.name = "A NAME OF SEVENTEEN".into();
        assert!(write_tape(&f, TapeSpeed::STANDARD).is_err());
        let mut f = game(0x200);
        f.load = 0xFF00;
        assert!(write_tape(&f, TapeSpeed::STANDARD).is_err());
        assert!(write_tape(&game(0), TapeSpeed::STANDARD).is_err());
    }
}
