//! Writing `.sna` snapshots (version 3, the CPCEMU format as cpcwiki's "SNA snapshot file
//! format" describes it): the machine's state, so that WinAPE, Caprice32 and MAME carry on
//! from where it stands. The reader is [`crate::sna`]; every field written here is one it
//! reads back.
//!
//! The RAM goes out as a plain 64 KB dump after the header (memory size 64), which every
//! version-3 reader accepts; no chunks follow. The program this is for needs only the base
//! 64 KB, so one file loads on a 464 as on a 6128.

use crate::machine::Cpc;

/// The 256-byte header, then the RAM.
const HEADER: usize = 0x100;
/// Base RAM written: 64 KB.
const DUMP: usize = 0x10000;

/// The model byte (&6D) of a snapshot: which machine it was taken on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SnaModel {
    /// CPC 464 (model 0).
    Cpc464,
    /// CPC 6128 (model 2).
    Cpc6128,
}

impl Cpc {
    /// The machine as a version-3 snapshot with 64 KB of RAM (`model` only fills the header's
    /// model byte: the RAM written is the base 64 KB either way).
    #[must_use]
    pub fn to_sna(&self, model: SnaModel) -> Vec<u8> {
        let mut out = vec![0u8; HEADER];
        out[..8].copy_from_slice(b"MV - SNA");
        out[0x10] = 3;
        let r = self.registers();
        // Register pairs are stored low byte first: F A, C B, E D, L H, IX, IY, SP, PC, then
        // the alternate set.
        for (at, pair) in [
            (0x11, r.af),
            (0x13, r.bc),
            (0x15, r.de),
            (0x17, r.hl),
            (0x1D, r.ix),
            (0x1F, r.iy),
            (0x21, r.sp),
            (0x23, r.pc),
            (0x26, r.af_alt),
            (0x28, r.bc_alt),
            (0x2A, r.de_alt),
            (0x2C, r.hl_alt),
        ] {
            out[at..at + 2].copy_from_slice(&pair.to_le_bytes());
        }
        out[0x19] = r.r;
        out[0x1A] = r.i;
        out[0x1B] = u8::from(r.iff1);
        out[0x1C] = u8::from(r.iff2);
        out[0x25] = r.im;

        let bus = &self.bus;
        let ga = &bus.ga;
        out[0x2E] = if ga.pen >= 16 { 0x10 } else { ga.pen };
        out[0x2F..0x40].copy_from_slice(&ga.inks);
        out[0x40] = ga.rmr();
        out[0x41] = bus.mem.ram_config();
        out[0x42] = bus.crtc.selected;
        out[0x43..0x55].copy_from_slice(&bus.crtc.regs);
        out[0x55] = bus.mem.upper_selected();
        out[0x56] = bus.ppi.port_a;
        out[0x57] = crate::ppi::PORT_B_LINKS | u8::from(bus.crtc.in_vsync());
        out[0x58] = bus.ppi.port_c;
        out[0x59] = bus.ppi.control;
        out[0x5A] = bus.ppi.psg_selected;
        out[0x5B..0x6B].copy_from_slice(&bus.ppi.psg_regs);
        out[0x6B..0x6D].copy_from_slice(&((DUMP / 1024) as u16).to_le_bytes());
        out[0x6D] = match model {
            SnaModel::Cpc464 => 0,
            SnaModel::Cpc6128 => 2,
        };

        // Version 3: where the CRTC and the Gate Array's interrupt counter stand.
        let crtc = &bus.crtc;
        out[0xAB] = crtc.row;
        out[0xAC] = crtc.raster;
        let vsync = crtc.in_vsync();
        out[0xAF] = if vsync {
            crtc.vsync_width().saturating_sub(crtc.vsync_left)
        } else {
            0
        };
        out[0xB0] = u8::from(vsync) | if crtc.in_adjust { 0x80 } else { 0 };
        out[0xB2] = if vsync && ga.vsync_delay > 0 {
            2 - ga.vsync_delay.min(2)
        } else {
            2
        };
        out[0xB3] = ga.int_counter;
        out[0xB4] = u8::from(ga.int_pending);

        out.extend_from_slice(&bus.mem.ram()[..DUMP]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program that keeps changing RAM, the border ink and the PSG, with interrupts on.
    fn busy_machine() -> Cpc {
        let mut cpc = Cpc::boot_binary(0x4000, &busy_machine_program()).unwrap();
        cpc.run_frames(7).unwrap();
        cpc
    }

    fn busy_machine_program() -> Vec<u8> {
        vec![
            0x21, 0x00, 0x80, // LD HL,&8000
            0x34, // loop: INC (HL)
            0x01, 0x10, 0x7F, // LD BC,&7F10
            0xED, 0x49, // OUT (C),C: select the border
            0x7E, // LD A,(HL)
            0xE6, 0x1F, // AND &1F
            0xF6, 0x40, // OR &40
            0xED, 0x79, // OUT (C),A: its ink
            0x23, // INC HL
            0xCB, 0xFC, // SET 7,H: stay in &8000-&FFFF
            0x18, 0xEE, // JR loop
        ]
    }

    #[test]
    fn a_snapshot_reads_back_as_the_same_machine() {
        let cpc = busy_machine();
        let file = cpc.to_sna(SnaModel::Cpc6128);
        assert_eq!(file.len(), HEADER + DUMP);
        assert_eq!(
            (&file[..8], file[0x10], file[0x6D]),
            (&b"MV - SNA"[..], 3, 2)
        );
        let back = Cpc::from_sna(&file).unwrap();
        assert_eq!(back.registers(), cpc.registers());
        assert_eq!(back.ram()[..DUMP], cpc.ram()[..DUMP]);
        let (a, b) = (cpc.gate_array(), back.gate_array());
        assert_eq!(
            (a.inks, a.pen, a.rmr(), a.int_counter),
            (b.inks, b.pen, b.rmr(), b.int_counter)
        );
        // R0-R13 (R14-R17, the cursor and light pen, keep only the bits the CRTC has).
        assert_eq!(cpc.crtc().regs[..14], back.crtc().regs[..14]);
        assert_eq!(
            (cpc.crtc().row, cpc.crtc().raster),
            (back.crtc().row, back.crtc().raster)
        );
        let again = back.to_sna(SnaModel::Cpc6128);
        let third = Cpc::from_sna(&again).unwrap().to_sna(SnaModel::Cpc6128);
        assert_eq!(third, again, "read and written again, the same bytes");
    }

    #[test]
    fn a_machine_about_to_start_reloads_frame_for_frame() {
        // Taken before the first instruction (the state `RUN"` leaves), the snapshot starts
        // on a line boundary, so the copy runs in step with the original to the cycle.
        let program = busy_machine_program();
        let mut cpc = Cpc::boot_binary(0x4000, &program).unwrap();
        let mut back = Cpc::from_sna(&cpc.to_sna(SnaModel::Cpc464)).unwrap();
        cpc.run_frames(20).unwrap();
        back.run_frames(20).unwrap();
        assert_eq!(back.registers(), cpc.registers());
        assert_eq!(back.ram()[..DUMP], cpc.ram()[..DUMP]);
        assert_eq!(back.framebuffer(), cpc.framebuffer());
    }
}
