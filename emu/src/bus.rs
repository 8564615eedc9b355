//! Everything the Z80 reaches through memory and I/O: RAM/ROM, Gate Array, CRTC, PPI/PSG
//! and the keyboard, with the CPC's partial port decoding (reference section 4.1).

use crate::crtc::Crtc;
use crate::gate_array::GateArray;
use crate::keyboard::Keyboard;
use crate::memory::Memory;
use crate::ppi::Ppi;

#[derive(Clone)]
pub struct Bus {
    pub mem: Memory,
    pub ga: GateArray,
    pub crtc: Crtc,
    pub ppi: Ppi,
    pub keyboard: Keyboard,
}

impl Bus {
    pub fn new() -> Bus {
        let ga = GateArray::new();
        let mut mem = Memory::new();
        mem.set_rom_enables(ga.lower_rom, ga.upper_rom);
        Bus {
            mem,
            ga,
            crtc: Crtc::new(),
            ppi: Ppi::new(),
            keyboard: Keyboard::new(),
        }
    }

    #[inline]
    pub fn read(&self, addr: u16) -> u8 {
        self.mem.read(addr)
    }

    #[inline]
    pub fn write(&mut self, addr: u16, value: u8) {
        self.mem.write(addr, value);
    }

    /// An OUT. Every device whose select lines match sees the write, as on the real bus.
    pub fn io_write(&mut self, port: u16, value: u8) {
        let function = (port >> 8) & 3;
        if port & 0x8000 == 0 {
            if value & 0xC0 == 0xC0 {
                self.mem.set_ram_config(value);
            } else if port & 0x4000 != 0 && self.ga.write(value) {
                self.mem
                    .set_rom_enables(self.ga.lower_rom, self.ga.upper_rom);
            }
        }
        if port & 0x4000 == 0 {
            match function {
                0 => self.crtc.select(value),
                1 => self.crtc.write(value),
                _ => {}
            }
        }
        if port & 0x2000 == 0 {
            self.mem.select_upper_rom(value);
        }
        if port & 0x0800 == 0 {
            match function {
                0 => self.ppi.write_a(value),
                2 => self.ppi.write_c(value),
                3 => self.ppi.write_control(value),
                _ => {} // port B is an input
            }
        }
    }

    /// An IN. Unselected bits float high.
    pub fn io_read(&mut self, port: u16) -> u8 {
        let function = (port >> 8) & 3;
        let mut value = 0xFF;
        if port & 0x4000 == 0 && function == 3 {
            value &= self.crtc.read();
        }
        if port & 0x0800 == 0 {
            value &= match function {
                0 => self.ppi.read_a(&self.keyboard),
                1 => self.ppi.read_b(self.crtc.in_vsync()),
                2 => self.ppi.read_c(),
                _ => 0xFF,
            };
        }
        value
    }
}

impl Default for Bus {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conventional_ports_reach_their_devices() {
        let mut bus = Bus::new();
        bus.io_write(0x7F00, 0x01); // pen 1
        bus.io_write(0x7F00, 0x54); // black
        assert_eq!(bus.ga.inks[1], 0x14);
        bus.io_write(0x7F00, 0xC2); // RAM config 2
        assert_eq!(bus.mem.ram_config(), 2);
        bus.io_write(0xBC00, 12);
        bus.io_write(0xBD00, 0x10);
        assert_eq!(bus.crtc.regs[12], 0x10);
        assert_eq!(bus.io_read(0xBF00), 0x10);
        bus.io_write(0xF600, 0x0A);
        assert_eq!(bus.ppi.port_c, 0x0A);
        assert_eq!(bus.io_read(0xF500) & 0xFE, 0x5E);
    }
}
