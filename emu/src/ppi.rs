//! The 8255 PPI and the AY-3-8912 PSG behind it (reference sections 4.6 and 4.7).
//!
//! Port A is the PSG data bus, port B reads VSYNC and the links, port C selects the keyboard
//! line (bits 3-0) and drives the PSG control lines (bits 7-6). Only the PSG register file
//! is modelled (no sound); register 14 reads the keyboard line.

use crate::keyboard::Keyboard;

/// Port B bits 1-3 = 111 (Amstrad), bit 4 = 1 (50 Hz), bit 5 = 0 (/EXP, as Caprice32
/// reports for a 6128), bit 6 = 1 (printer busy / not connected), bit 7 = 0 (cassette):
/// &5E, or &5F during VSYNC (reference section 4.6).
pub const PORT_B_LINKS: u8 = 0x5E;

#[derive(Clone, Debug)]
pub struct Ppi {
    pub port_a: u8,
    pub port_c: u8,
    /// Last mode-set control word (firmware uses &82 and &92).
    pub control: u8,
    pub psg_selected: u8,
    pub psg_regs: [u8; 16],
}

impl Ppi {
    /// The firmware state: control &82 (A out, B in, C out), PSG register 7 = &3F
    /// (port A input, all channels off).
    pub fn new() -> Ppi {
        let mut psg_regs = [0u8; 16];
        psg_regs[7] = 0x3F;
        Ppi {
            port_a: 0,
            port_c: 0,
            control: 0x82,
            psg_selected: 0,
            psg_regs,
        }
    }

    fn port_a_input(&self) -> bool {
        self.control & 0x10 != 0
    }

    pub fn write_a(&mut self, value: u8) {
        self.port_a = value;
        self.psg_bus();
    }

    pub fn write_c(&mut self, value: u8) {
        self.port_c = value;
        self.psg_bus();
    }

    pub fn write_control(&mut self, value: u8) {
        if value & 0x80 != 0 {
            // Mode set: new directions, and every output latch is cleared.
            self.control = value;
            self.port_a = 0;
            self.port_c = 0;
        } else {
            let bit = (value >> 1) & 7;
            if value & 1 != 0 {
                self.port_c |= 1 << bit;
            } else {
                self.port_c &= !(1 << bit);
            }
        }
        self.psg_bus();
    }

    /// PSG function from port C bits 7-6: 00 inactive, 01 read, 10 write, 11 latch address.
    fn psg_bus(&mut self) {
        match self.port_c >> 6 {
            // The AY ignores an address whose upper nibble is not 0.
            3 if self.port_a < 16 => self.psg_selected = self.port_a,
            2 => {
                let reg = self.psg_selected as usize;
                self.psg_regs[reg] = self.port_a & PSG_MASKS[reg];
            }
            _ => {}
        }
    }

    pub fn read_a(&self, keyboard: &Keyboard) -> u8 {
        if !self.port_a_input() {
            return self.port_a;
        }
        if self.port_c >> 6 != 1 {
            return 0xFF;
        }
        match self.psg_selected {
            14 => keyboard.line(self.port_c & 0x0F),
            15 => 0xFF,
            reg => self.psg_regs[reg as usize],
        }
    }

    pub fn read_b(&self, vsync: bool) -> u8 {
        PORT_B_LINKS | vsync as u8
    }

    pub fn read_c(&self) -> u8 {
        self.port_c
    }
}

impl Default for Ppi {
    fn default() -> Self {
        Self::new()
    }
}

/// Bits the AY-3-8912 keeps in each register.
const PSG_MASKS: [u8; 16] = [
    0xFF, 0x0F, 0xFF, 0x0F, 0xFF, 0x0F, 0x1F, 0xFF, 0x1F, 0x1F, 0x1F, 0xFF, 0xFF, 0x0F, 0xFF, 0xFF,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keyboard::CpcKey;

    /// The firmware's scan sequence from the reference, section 4.7.
    fn read_line(ppi: &mut Ppi, kb: &Keyboard, line: u8) -> u8 {
        ppi.write_control(0x82);
        ppi.write_a(14);
        ppi.write_c(0xC0);
        ppi.write_c(0x00);
        ppi.write_control(0x92);
        ppi.write_c(0x40 | line);
        let value = ppi.read_a(kb);
        ppi.write_control(0x82);
        ppi.write_c(0x00);
        value
    }

    #[test]
    fn keyboard_scan_sequence() {
        let mut ppi = Ppi::new();
        let mut kb = Keyboard::new();
        kb.set(CpcKey::Esc, true);
        assert_eq!(read_line(&mut ppi, &kb, 8), 0xFB);
        assert_eq!(read_line(&mut ppi, &kb, 7), 0xFF);
        assert_eq!(read_line(&mut ppi, &kb, 11), 0xFF);
    }

    #[test]
    fn psg_register_write_and_read_back() {
        let mut ppi = Ppi::new();
        let kb = Keyboard::new();
        ppi.write_a(1);
        ppi.write_c(0xC0);
        ppi.write_a(0xFF);
        ppi.write_c(0x80);
        assert_eq!(ppi.psg_regs[1], 0x0F);
        ppi.write_control(0x92);
        ppi.write_c(0x40);
        assert_eq!(ppi.read_a(&kb), 0x0F);
    }

    #[test]
    fn port_b_and_bit_set_reset() {
        let mut ppi = Ppi::new();
        assert_eq!(ppi.read_b(true), 0x5F);
        assert_eq!(ppi.read_b(false) & 1, 0);
        ppi.write_control(0x0F); // set bit 7
        ppi.write_control(0x0D); // set bit 6
        assert_eq!(ppi.read_c(), 0xC0);
        ppi.write_control(0x0C); // reset bit 6
        assert_eq!(ppi.read_c(), 0x80);
    }
}
