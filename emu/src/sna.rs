//! `.sna` snapshots, versions 1 to 3 (the CPCEMU format; cpcwiki "SNA snapshot file
//! format"): a 256-byte header of CPU and chip state, the RAM dump, and in version 3
//! optional chunks, of which the `MEM0`-`MEM1` RAM blocks (RLE-compressed) are used.
//!
//! Version 1/2 snapshots do not say where the CRTC was in its frame, so the machine starts
//! at the first line of VSYNC; version 3 restores the CRTC counters and the Gate Array's
//! interrupt counter.
//!
//! From version 2 the header names the machine (&6D: 0 a 464, 1 a 664, 2 a 6128). A 464's or
//! 664's snapshot runs without the second 64 KB, so a program that tests for it (the game's
//! transposition table) finds none, as on the real machine; unless the file carries a second
//! 64 KB (a 128 KB dump or a `MEM1` chunk: a RAM expansion), which is then kept.

use std::sync::Arc;

use crate::cpu::Registers;
use crate::error::EmuError;
pub use crate::error::SnaError;
use crate::machine::{Cpc, Origin};
use crate::memory::RAM_SIZE;

const SIGNATURE: &[u8; 8] = b"MV - SNA";
const HEADER: usize = 0x100;
/// The header's machine byte (version 2 on) and the two models without the second 64 KB.
const MODEL: usize = 0x6D;
const MODEL_464: u8 = 0;
const MODEL_664: u8 = 1;

impl Cpc {
    /// Builds a machine from a snapshot file's bytes.
    pub fn from_sna(bytes: &[u8]) -> Result<Cpc, EmuError> {
        let h = parse_header(bytes)?;
        let mut cpc = Cpc::power_on();
        let second_64k_in_file = load_memory(bytes, &h, cpc.bus.mem.ram_mut())?;
        if h.version >= 2 && matches!(bytes[MODEL], MODEL_464 | MODEL_664) && !second_64k_in_file {
            cpc.set_second_64k(false);
        }
        let b = |o: usize| bytes[o];
        let w = |o: usize| u16::from_le_bytes([bytes[o], bytes[o + 1]]);
        let pair = |hi: usize, lo: usize| (b(hi) as u16) << 8 | b(lo) as u16;
        cpc.set_registers(&Registers {
            af: pair(0x12, 0x11),
            bc: pair(0x14, 0x13),
            de: pair(0x16, 0x15),
            hl: pair(0x18, 0x17),
            r: b(0x19),
            i: b(0x1A),
            iff1: b(0x1B) & 1 != 0,
            iff2: b(0x1C) & 1 != 0,
            ix: w(0x1D),
            iy: w(0x1F),
            sp: w(0x21),
            pc: w(0x23),
            im: b(0x25) & 3,
            af_alt: pair(0x27, 0x26),
            bc_alt: pair(0x29, 0x28),
            de_alt: pair(0x2B, 0x2A),
            hl_alt: pair(0x2D, 0x2C),
            halted: false,
        });

        let bus = &mut cpc.bus;
        for (ink, value) in bus.ga.inks.iter_mut().zip(&bytes[0x2F..0x40]) {
            *ink = value & 0x1F;
        }
        bus.ga.pen = if b(0x2E) & 0x10 != 0 {
            16
        } else {
            b(0x2E) & 0x0F
        };
        bus.ga.write_rmr(b(0x40) & 0x0F);
        bus.ga.mode_line = bus.ga.mode_requested;
        bus.mem.set_rom_enables(bus.ga.lower_rom, bus.ga.upper_rom);
        bus.mem.set_ram_config(b(0x41));
        for (i, value) in bytes[0x43..0x55].iter().enumerate() {
            bus.crtc.select(i as u8);
            bus.crtc.write(*value);
        }
        bus.crtc.select(b(0x42));
        bus.mem.select_upper_rom(b(0x55));
        bus.ppi.control = b(0x59) | 0x80;
        bus.ppi.port_a = b(0x56);
        bus.ppi.port_c = b(0x58);
        bus.ppi.psg_selected = b(0x5A) & 0x0F;
        bus.ppi.psg_regs.copy_from_slice(&bytes[0x5B..0x6B]);

        bus.crtc.position_at_vsync();
        if h.version >= 3 {
            restore_counters(&mut cpc, bytes);
        }
        let again = bytes.to_vec();
        cpc.origin = Origin::Restart(Arc::new(move || Cpc::from_sna(&again)));
        Ok(cpc)
    }
}

struct Header {
    version: u8,
    dump_len: usize,
}

fn parse_header(bytes: &[u8]) -> Result<Header, SnaError> {
    if bytes.len() < HEADER {
        return Err(SnaError::TooShort(bytes.len()));
    }
    if &bytes[..8] != SIGNATURE {
        return Err(SnaError::BadSignature);
    }
    let version = bytes[0x10];
    if !(1..=3).contains(&version) {
        return Err(SnaError::UnsupportedVersion(version));
    }
    let kb = u16::from_le_bytes([bytes[0x6B], bytes[0x6C]]);
    if !matches!(kb, 0 | 64 | 128) {
        return Err(SnaError::UnsupportedMemory(kb));
    }
    let dump_len = kb as usize * 1024;
    if bytes.len() < HEADER + dump_len {
        return Err(SnaError::MemoryTruncated {
            expected: dump_len,
            len: bytes.len(),
        });
    }
    Ok(Header { version, dump_len })
}

/// Copies the dump and the `MEM0`/`MEM1` chunks into `ram`; says whether the file held the
/// second 64 KB.
fn load_memory(bytes: &[u8], h: &Header, ram: &mut [u8]) -> Result<bool, SnaError> {
    ram[..h.dump_len].copy_from_slice(&bytes[HEADER..HEADER + h.dump_len]);
    let mut have_memory = h.dump_len > 0;
    let mut second_64k = h.dump_len > 0x10000;
    if h.version < 3 {
        return Ok(second_64k);
    }
    let mut at = HEADER + h.dump_len;
    while at + 8 <= bytes.len() {
        let name = String::from_utf8_lossy(&bytes[at..at + 4]).into_owned();
        let claimed =
            u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]])
                as usize;
        let data_at = at + 8;
        let left = bytes.len() - data_at;
        if claimed > left {
            return Err(SnaError::ChunkTruncated {
                offset: at,
                name,
                claimed,
                left,
            });
        }
        let data = &bytes[data_at..data_at + claimed];
        // MEM0 is the base 64 KB, MEM1 the 6128's second 64 KB; expansions are not emulated.
        if let Some(bank) = ["MEM0", "MEM1"].iter().position(|n| *n == name) {
            let block = &mut ram[bank * 0x10000..(bank + 1) * 0x10000];
            unpack_rle(data, block).map_err(|problem| SnaError::BadCompression {
                offset: at,
                name,
                problem,
            })?;
            have_memory = true;
            second_64k |= bank == 1;
        }
        at = data_at + claimed;
    }
    debug_assert!(ram.len() == RAM_SIZE);
    if have_memory {
        Ok(second_64k)
    } else {
        Err(SnaError::NoMemory)
    }
}

/// Snapshot RLE: `&E5 n b` = n copies of b (n > 0), `&E5 0` = a literal &E5.
fn unpack_rle(data: &[u8], out: &mut [u8]) -> Result<(), String> {
    let mut i = 0;
    let mut o = 0;
    let mut put = |o: &mut usize, value: u8, count: usize| -> Result<(), String> {
        if *o + count > out.len() {
            return Err(format!("expands past {} bytes", out.len()));
        }
        out[*o..*o + count].fill(value);
        *o += count;
        Ok(())
    };
    while i < data.len() {
        if data[i] != 0xE5 {
            put(&mut o, data[i], 1)?;
            i += 1;
            continue;
        }
        match (data.get(i + 1), data.get(i + 2)) {
            (Some(0), _) => {
                put(&mut o, 0xE5, 1)?;
                i += 2;
            }
            (Some(&n), Some(&value)) => {
                put(&mut o, value, n as usize)?;
                i += 3;
            }
            _ => return Err(format!("ends inside an &E5 run at byte {i}")),
        }
    }
    if o != out.len() {
        return Err(format!("expands to {o} bytes, not {}", out.len()));
    }
    Ok(())
}

/// Version 3: the CRTC's row/raster, VSYNC and the Gate Array's interrupt state.
fn restore_counters(cpc: &mut Cpc, bytes: &[u8]) {
    let crtc = &mut cpc.bus.crtc;
    crtc.row = bytes[0xAB] & 0x7F;
    crtc.raster = bytes[0xAC] & 0x1F;
    let flags = bytes[0xB0];
    crtc.in_adjust = flags & 0x80 != 0;
    crtc.row_address = crtc
        .start_address()
        .wrapping_add(crtc.row as u16 * crtc.regs[1] as u16)
        & 0x3FFF;
    crtc.vsync_left = if flags & 1 != 0 {
        crtc.vsync_width().saturating_sub(bytes[0xAF] & 0x0F).max(1)
    } else {
        0
    };
    let ga = &mut cpc.bus.ga;
    ga.int_counter = bytes[0xB3] & 0x3F;
    ga.int_pending = bytes[0xB4] != 0;
    let since_vsync = bytes[0xB2] & 3;
    ga.vsync_delay = if flags & 1 != 0 && since_vsync < 2 {
        2 - since_vsync
    } else {
        0
    };
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A snapshot header per the cpcwiki table, with a recognisable state.
    pub(crate) fn header(version: u8, kb: u16) -> Vec<u8> {
        let mut h = vec![0u8; HEADER];
        h[..8].copy_from_slice(SIGNATURE);
        h[0x10] = version;
        h[0x11] = 0x44; // F
        h[0x12] = 0x12; // A
        h[0x13] = 0x34; // C
        h[0x14] = 0x56; // B
        h[0x17] = 0x78; // L
        h[0x18] = 0x9A; // H
        h[0x1B] = 1; // IFF0
        h[0x1C] = 1; // IFF1
        h[0x1D..0x1F].copy_from_slice(&0xBEEFu16.to_le_bytes()); // IX
        h[0x21..0x23].copy_from_slice(&0xBFF0u16.to_le_bytes()); // SP
        h[0x23..0x25].copy_from_slice(&0x4000u16.to_le_bytes()); // PC
        h[0x25] = 1; // IM
        h[0x27] = 0x77; // A'
        h[0x2E] = 0x10; // border selected
        for (i, ink) in (0..17u8).enumerate() {
            h[0x2F + i] = 0x40 | (ink + 3); // bit 6 set, as some emulators write
        }
        h[0x40] = 0x8C; // mode 0, ROMs off
        h[0x42] = 12;
        h[0x43..0x55].copy_from_slice(&crate::crtc::DEFAULT_REGS);
        h[0x43 + 12] = 0x20; // screen at &8000
        h[0x59] = 0x82;
        h[0x5A] = 14;
        h[0x5B + 7] = 0x3F;
        h[0x6B..0x6D].copy_from_slice(&kb.to_le_bytes());
        h
    }

    fn check_state(cpc: &Cpc) {
        let r = cpc.registers();
        assert_eq!(
            (r.af, r.bc, r.hl, r.ix, r.sp, r.pc),
            (0x1244, 0x5634, 0x9A78, 0xBEEF, 0xBFF0, 0x4000)
        );
        assert_eq!((r.af_alt >> 8, r.im, r.iff1), (0x77, 1, true));
        let ga = cpc.gate_array();
        assert_eq!(ga.inks[0], 3);
        assert_eq!(ga.inks[16], 19);
        assert_eq!(ga.pen, 16);
        assert_eq!(
            (ga.mode_requested, ga.lower_rom, ga.upper_rom),
            (0, false, false)
        );
        assert_eq!(cpc.crtc().regs[12], 0x20);
        assert_eq!(cpc.crtc().selected, 12);
    }

    #[test]
    fn version_1_with_64k() {
        let mut file = header(1, 64);
        let mut ram = vec![0u8; 0x10000];
        ram[0x4000] = 0xAA;
        ram[0xFFFF] = 0x55;
        file.extend(&ram);
        let cpc = Cpc::from_sna(&file).unwrap();
        check_state(&cpc);
        assert_eq!((cpc.peek(0x4000), cpc.peek(0xFFFF)), (0xAA, 0x55));
    }

    #[test]
    fn version_2_with_128k() {
        let mut file = header(2, 128);
        let mut ram = vec![0u8; 0x20000];
        ram[0x10000] = 0x99; // block 4
        file.extend(&ram);
        let cpc = Cpc::from_sna(&file).unwrap();
        check_state(&cpc);
        assert_eq!(cpc.ram()[0x10000], 0x99);
    }

    #[test]
    fn version_3_compressed_mem0_and_counters() {
        let mut file = header(3, 0);
        file[0xAB] = 3; // VCC
        file[0xAC] = 5; // raster
        file[0xB3] = 17; // interrupt counter
                         // &4000 zeros (64 runs of 255 + one of 64), a literal &E5, &AA, zeros to 64 KB.
        let mut packed = Vec::new();
        for _ in 0..64 {
            packed.extend([0xE5, 0xFF, 0x00]);
        }
        packed.extend([0xE5, 64, 0x00]);
        packed.extend([0xE5, 0x00, 0xAA]);
        let rest = 0x10000 - 0x4000 - 2;
        for _ in 0..rest / 255 {
            packed.extend([0xE5, 0xFF, 0x00]);
        }
        packed.extend([0xE5, (rest % 255) as u8, 0x00]);
        file.extend(b"MEM0");
        file.extend((packed.len() as u32).to_le_bytes());
        file.extend(&packed);
        file.extend(b"XTRA");
        file.extend(2u32.to_le_bytes());
        file.extend([1, 2]);
        let cpc = Cpc::from_sna(&file).unwrap();
        check_state(&cpc);
        assert_eq!(cpc.read_bytes(0x3FFF, 4), [0, 0xE5, 0xAA, 0]);
        assert_eq!((cpc.crtc().row, cpc.crtc().raster), (3, 5));
        assert_eq!(cpc.gate_array().int_counter, 17);
    }

    /// Whether a snapshot of `kb` KB on `model` runs with the second 64 KB, and what the CPU
    /// reads at &C000 when the header asks for RAM configuration 1 (block 7 there on a 6128;
    /// the dump's &C000, &AB, where there is no block 7).
    fn machine_of(version: u8, model: u8, kb: u16) -> (bool, u8) {
        let mut file = header(version, kb);
        file[MODEL] = model;
        file[0x41] = 0xC1;
        let mut ram = vec![0u8; kb as usize * 1024];
        ram[0xC000] = 0xAB;
        file.extend(&ram);
        let cpc = Cpc::from_sna(&file).unwrap();
        (cpc.has_second_64k(), cpc.peek(0xC000))
    }

    #[test]
    fn a_464_or_664_snapshot_runs_without_the_second_64k() {
        assert_eq!(machine_of(2, MODEL_464, 64), (false, 0xAB));
        assert_eq!(machine_of(3, MODEL_664, 64), (false, 0xAB));
        assert_eq!(machine_of(3, 2, 64), (true, 0), "a 6128");
        assert_eq!(machine_of(3, 3, 64), (true, 0), "an unknown model: a 6128");
        assert_eq!(
            machine_of(1, 0, 64),
            (true, 0),
            "version 1 names no machine"
        );
        assert_eq!(
            machine_of(2, MODEL_464, 128),
            (true, 0),
            "a 464 whose snapshot holds a second 64 KB had an expansion"
        );
    }

    #[test]
    fn malformed_files_say_what_and_where() {
        let msg = |bytes: &[u8]| Cpc::from_sna(bytes).err().unwrap().to_string();
        assert_eq!(
            msg(&[0; 10]),
            "snapshot: file is 10 bytes, shorter than the 256-byte header"
        );
        assert!(msg(&[0; 256]).contains("signature"));
        let mut h = header(4, 64);
        assert!(msg(&h).contains("version 4"));
        h[0x10] = 1;
        assert!(msg(&h).contains("cut short"), "{}", msg(&h));
        let mut h = header(3, 0);
        h.extend(b"MEM0");
        h.extend(100u32.to_le_bytes());
        h.extend([0; 10]);
        assert!(msg(&h).contains("offset 0x100: chunk `MEM0` claims 100 bytes, only 10 remain"));
        let mut h = header(3, 0);
        h.extend(b"MEM0");
        h.extend(2u32.to_le_bytes());
        h.extend([0xE5, 0x05]);
        assert!(msg(&h).contains("ends inside an &E5 run"), "{}", msg(&h));
        let h = header(3, 0);
        assert!(msg(&h).contains("no RAM"));
        let h = header(2, 32);
        assert!(msg(&h).contains("32 KB"));
    }
}
