//! Images built byte by byte from cpc-reference.md sections 1-3, without the crate's writer,
//! so reader tests compare the crate against the documented format rather than itself.

use std::collections::BTreeMap;

/// How to lay out a test disc.
#[derive(Clone, Debug)]
pub struct SpecDisk {
    pub extended: bool,
    pub tracks: u8,
    pub sides: u8,
    /// &C1 for DATA, &41 for SYSTEM/VENDOR, &01 for IBM.
    pub first_id: u8,
    /// Tracks before the directory: 0 for DATA, 2 for SYSTEM.
    pub reserved: u8,
    /// Sector order on every track as offsets from `first_id` (a permutation of 0..9).
    pub order: Vec<u8>,
    pub creator: &'static str,
}

/// A file to place: its directory fields and the bytes as stored (header included).
#[derive(Clone, Debug)]
pub struct SpecFile {
    pub user: u8,
    /// 11 bytes: name and extension, space padded, attribute bits already set.
    pub raw_name: [u8; 11],
    pub stored: Vec<u8>,
}

pub const INTERLEAVED: [u8; 9] = [0, 5, 1, 6, 2, 7, 3, 8, 4];
pub const SEQUENTIAL: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

impl SpecDisk {
    pub fn data() -> SpecDisk {
        SpecDisk {
            extended: false,
            tracks: 40,
            sides: 1,
            first_id: 0xC1,
            reserved: 0,
            order: INTERLEAVED.to_vec(),
            creator: "spec test",
        }
    }

    pub fn system() -> SpecDisk {
        SpecDisk {
            first_id: 0x41,
            reserved: 2,
            ..SpecDisk::data()
        }
    }

    /// Sector contents keyed by (track, side, id); everything starts as &E5.
    pub fn blank_sectors(&self) -> BTreeMap<(u8, u8, u8), Vec<u8>> {
        let mut sectors = BTreeMap::new();
        for t in 0..self.tracks {
            for s in 0..self.sides {
                for &o in &self.order {
                    sectors.insert((t, s, self.first_id + o), vec![0xE5u8; 512]);
                }
            }
        }
        sectors
    }

    /// Places files from block 2 upward and writes the directory (section 2.2-2.3).
    pub fn place(&self, sectors: &mut BTreeMap<(u8, u8, u8), Vec<u8>>, files: &[SpecFile]) {
        let mut directory = vec![0xE5u8; 2048];
        let mut next_block = 2u32;
        let mut next_entry = 0usize;
        for f in files {
            let records = f.stored.len().div_ceil(128);
            let extents = records.div_ceil(128).max(1);
            for x in 0..extents {
                let rc = (records - x * 128).min(128);
                let e = &mut directory[next_entry * 32..next_entry * 32 + 32];
                next_entry += 1;
                e[0] = f.user;
                e[1..12].copy_from_slice(&f.raw_name);
                e[12] = x as u8;
                e[13] = 0;
                e[14] = 0;
                e[15] = rc as u8;
                e[16..].fill(0); // unused block slots are 0
                for k in 0..rc.div_ceil(8) {
                    e[16 + k] = next_block as u8;
                    let start = (x * 128 + k * 8) * 128;
                    let end = (start + 1024).min(f.stored.len());
                    // Unused bytes are not interpreted (section 2.4); pad like the
                    // crate does, so whole images compare: &1A to the record end, then &E5.
                    let mut block = f.stored[start..end].to_vec();
                    block.resize((end - start).div_ceil(128) * 128, 0x1A);
                    block.resize(1024, 0xE5);
                    self.write_block(sectors, next_block, &block);
                    next_block += 1;
                }
            }
        }
        self.write_block(sectors, 0, &directory[..1024]);
        self.write_block(sectors, 1, &directory[1024..]);
    }

    /// Block b = logical sectors 2b and 2b+1 from the first data track, ascending IDs.
    pub fn block_place(&self, block: u32, half: u32) -> (u8, u8, u8) {
        let logical = 2 * block + half;
        (
            self.reserved + (logical / 9) as u8,
            0,
            self.first_id + (logical % 9) as u8,
        )
    }

    fn write_block(&self, sectors: &mut BTreeMap<(u8, u8, u8), Vec<u8>>, block: u32, data: &[u8]) {
        for half in 0..2 {
            let key = self.block_place(block, half);
            let chunk = &data[half as usize * 512..half as usize * 512 + 512];
            sectors
                .get_mut(&key)
                .expect("block inside the disc")
                .copy_from_slice(chunk);
        }
    }

    /// The image file (sections 1.2-1.5).
    pub fn image(&self, sectors: &BTreeMap<(u8, u8, u8), Vec<u8>>) -> Vec<u8> {
        let mut out = vec![0u8; 256];
        let sig: &[u8] = if self.extended {
            b"EXTENDED CPC DSK File\r\nDisk-Info\r\n"
        } else {
            b"MV - CPCEMU Disk-File\r\nDisk-Info\r\n"
        };
        out[..34].copy_from_slice(sig);
        out[0x22..0x22 + self.creator.len()].copy_from_slice(self.creator.as_bytes());
        out[0x30] = self.tracks;
        out[0x31] = self.sides;
        let track_size = 0x100 + 512 * self.order.len();
        if self.extended {
            for i in 0..usize::from(self.tracks) * usize::from(self.sides) {
                out[0x34 + i] = (track_size / 256) as u8;
            }
        } else {
            out[0x32..0x34].copy_from_slice(&(track_size as u16).to_le_bytes());
        }
        for t in 0..self.tracks {
            for s in 0..self.sides {
                let mut info = vec![0u8; 256];
                info[..12].copy_from_slice(b"Track-Info\r\n");
                info[0x10] = t;
                info[0x11] = s;
                info[0x14] = 2;
                info[0x15] = self.order.len() as u8;
                info[0x16] = 0x4E;
                info[0x17] = 0xE5;
                let mut data = Vec::new();
                for (i, &o) in self.order.iter().enumerate() {
                    let id = self.first_id + o;
                    let e = &mut info[0x18 + 8 * i..0x20 + 8 * i];
                    e[..4].copy_from_slice(&[t, s, id, 2]);
                    if self.extended {
                        e[6..8].copy_from_slice(&512u16.to_le_bytes());
                    }
                    data.extend_from_slice(&sectors[&(t, s, id)]);
                }
                out.extend_from_slice(&info);
                out.extend_from_slice(&data);
            }
        }
        out
    }

    /// Blank disc with `files` on it.
    pub fn build(&self, files: &[SpecFile]) -> Vec<u8> {
        let mut sectors = self.blank_sectors();
        self.place(&mut sectors, files);
        self.image(&sectors)
    }
}

/// "NAME    EXT" from "NAME.EXT".
pub fn raw_name(name: &str) -> [u8; 11] {
    let (base, ext) = name.split_once('.').unwrap_or((name, ""));
    let mut raw = [b' '; 11];
    raw[..base.len()].copy_from_slice(base.as_bytes());
    raw[8..8 + ext.len()].copy_from_slice(ext.as_bytes());
    raw
}

/// A binary file's header per section 3, with the checksum of bytes 0-66 at 67-68.
pub fn header(user: u8, name: &str, load: u16, exec: u16, len: u16) -> [u8; 128] {
    let mut h = [0u8; 128];
    h[0] = user;
    h[1..12].copy_from_slice(&raw_name(name));
    h[18] = 2;
    h[21..23].copy_from_slice(&load.to_le_bytes());
    h[24..26].copy_from_slice(&len.to_le_bytes());
    h[26..28].copy_from_slice(&exec.to_le_bytes());
    h[64..66].copy_from_slice(&len.to_le_bytes());
    let sum: u32 = h[..67].iter().map(|&b| u32::from(b)).sum();
    h[67..69].copy_from_slice(&(sum as u16).to_le_bytes());
    h
}

/// A binary file with header, as stored.
pub fn binary(user: u8, name: &str, load: u16, data: &[u8]) -> SpecFile {
    let mut stored = header(user, name, load, load, data.len() as u16).to_vec();
    stored.extend_from_slice(data);
    SpecFile {
        user,
        raw_name: raw_name(name),
        stored,
    }
}

/// Deterministic filler bytes that differ per file and position (no &1A).
pub fn pattern(seed: u32, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            match (x >> 24) as u8 {
                0x1A => 0x1B,
                b => b,
            }
        })
        .collect()
}

/// Asserts two images are equal, reporting the first differing offset instead of both dumps.
#[track_caller]
pub fn assert_same_bytes(ours: &[u8], expected: &[u8], context: &str) {
    if let Some(at) = ours.iter().zip(expected).position(|(a, b)| a != b) {
        panic!(
            "{context}: first difference at byte {at:#x}: {:#04x} instead of {:#04x}",
            ours[at], expected[at]
        );
    }
    assert_eq!(ours.len(), expected.len(), "{context}: lengths differ");
}
