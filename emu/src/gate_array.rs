//! The Gate Array: pens and inks, screen mode, ROM enables and the 300 Hz interrupt counter
//! (reference sections 4.2 and 4.8). RAM banking (function 3) belongs to the memory.

use crate::timing::LINES_PER_INTERRUPT;

/// Index of the border in [`GateArray::inks`].
pub const BORDER: usize = 16;

/// Firmware colours after `RUN"` (MC START PROGRAM resets the screen pack), as hardware
/// numbers: pens 0-3 = blue, bright yellow, bright cyan, bright red (read from the 6128 ROM,
/// reference section 3.1); pens 4-15 follow the firmware default ink table (first colour of
/// the two flashing pens); the border is blue.
pub const DEFAULT_INKS: [u8; 17] = [
    0x04, 0x0A, 0x13, 0x0C, 0x0B, 0x14, 0x15, 0x0D, 0x06, 0x1E, 0x1F, 0x07, 0x12, 0x19, 0x04, 0x07,
    0x04,
];

#[derive(Clone, Debug)]
pub struct GateArray {
    /// Selected pen: 0-15, or [`BORDER`].
    pub pen: u8,
    /// Hardware colour (0-31) of pens 0-15 and the border.
    pub inks: [u8; 17],
    /// Mode requested by the last RMR write (0-3).
    pub mode_requested: u8,
    /// Mode in force for the current line: the request is latched at each HSYNC.
    pub mode_line: u8,
    /// Lower ROM enabled (RMR bit 2 clear).
    pub lower_rom: bool,
    /// Upper ROM enabled (RMR bit 3 clear).
    pub upper_rom: bool,
    /// The 6-bit HSYNC counter ("R52").
    pub int_counter: u8,
    /// INT line to the Z80: held until acknowledged.
    pub int_pending: bool,
    /// HSYNCs left before the VSYNC re-synchronisation (0 = none armed).
    pub vsync_delay: u8,
}

impl GateArray {
    /// The state `RUN"` leaves: mode 1, default inks, both ROMs off.
    pub fn new() -> GateArray {
        GateArray {
            pen: 0,
            inks: DEFAULT_INKS,
            mode_requested: 1,
            mode_line: 1,
            lower_rom: false,
            upper_rom: false,
            int_counter: 0,
            int_pending: false,
            vsync_delay: 0,
        }
    }

    /// A write with data bits 7-6 = 00, 01 or 10. Returns true when the ROM mapping changed.
    pub fn write(&mut self, value: u8) -> bool {
        match value >> 6 {
            0 => {
                self.pen = if value & 0x10 != 0 {
                    BORDER as u8
                } else {
                    value & 0x0F
                };
                false
            }
            1 => {
                self.inks[self.pen as usize] = value & 0x1F;
                false
            }
            2 => self.write_rmr(value),
            _ => false,
        }
    }

    /// Mode / ROM / interrupt register. Returns true when the ROM mapping changed.
    pub fn write_rmr(&mut self, value: u8) -> bool {
        self.mode_requested = value & 3;
        if value & 0x10 != 0 {
            self.int_counter = 0;
            self.int_pending = false;
        }
        let lower = value & 0x04 == 0;
        let upper = value & 0x08 == 0;
        let changed = lower != self.lower_rom || upper != self.upper_rom;
        self.lower_rom = lower;
        self.upper_rom = upper;
        changed
    }

    /// The RMR value that reproduces the current state (for snapshots).
    pub fn rmr(&self) -> u8 {
        0x80 | self.mode_requested
            | if self.lower_rom { 0 } else { 0x04 }
            | if self.upper_rom { 0 } else { 0x08 }
    }

    /// End of an HSYNC: count it, raise INT every 52, apply the VSYNC re-sync, latch the mode.
    pub fn hsync_end(&mut self) {
        self.mode_line = self.mode_requested;
        self.int_counter += 1;
        if self.int_counter == LINES_PER_INTERRUPT {
            self.int_counter = 0;
            self.int_pending = true;
        }
        if self.vsync_delay > 0 {
            self.vsync_delay -= 1;
            if self.vsync_delay == 0 {
                if self.int_counter >= 32 {
                    self.int_pending = true;
                }
                self.int_counter = 0;
            }
        }
    }

    /// Start of VSYNC: the counter is re-synchronised two HSYNCs later.
    pub fn vsync_start(&mut self) {
        self.vsync_delay = 2;
    }

    /// The Z80 accepted the interrupt: drop INT and clear bit 5 of the counter so the next
    /// interrupt is at least 20 lines away.
    pub fn acknowledge(&mut self) {
        self.int_pending = false;
        self.int_counter &= 0x1F;
    }
}

impl Default for GateArray {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pen_and_ink_selection() {
        let mut ga = GateArray::new();
        ga.write(0x03);
        ga.write(0x54);
        assert_eq!(ga.inks[3], 0x14);
        ga.write(0x10);
        ga.write(0x4B);
        assert_eq!(ga.inks[BORDER], 0x0B);
        assert_eq!(ga.inks[3], 0x14);
    }

    #[test]
    fn rmr_mode_roms_and_counter_reset() {
        let mut ga = GateArray::new();
        ga.int_counter = 40;
        ga.int_pending = true;
        assert!(ga.write(0x80 | 0x10 | 2));
        assert_eq!(ga.mode_requested, 2);
        assert!(ga.lower_rom && ga.upper_rom);
        assert_eq!(ga.int_counter, 0);
        assert!(!ga.int_pending);
        assert_eq!(ga.mode_line, 1, "mode changes wait for the next HSYNC");
        ga.hsync_end();
        assert_eq!(ga.mode_line, 2);
        assert_eq!(ga.rmr(), 0x82);
    }

    #[test]
    fn interrupt_every_52_lines_and_acknowledge() {
        let mut ga = GateArray::new();
        for _ in 0..51 {
            ga.hsync_end();
        }
        assert!(!ga.int_pending);
        ga.hsync_end();
        assert!(ga.int_pending);
        assert_eq!(ga.int_counter, 0);
        ga.int_counter = 40;
        ga.acknowledge();
        assert!(!ga.int_pending);
        assert_eq!(ga.int_counter, 8);
    }

    #[test]
    fn vsync_resync_raises_when_counter_high() {
        let mut ga = GateArray::new();
        ga.int_counter = 35;
        ga.vsync_start();
        ga.hsync_end();
        assert!(!ga.int_pending);
        ga.hsync_end();
        assert!(ga.int_pending);
        assert_eq!(ga.int_counter, 0);

        let mut ga = GateArray::new();
        ga.int_counter = 10;
        ga.vsync_start();
        ga.hsync_end();
        ga.hsync_end();
        assert!(!ga.int_pending);
        assert_eq!(ga.int_counter, 0);
    }
}
