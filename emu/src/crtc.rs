//! The 6845 CRTC (type 0), stepped one scan line at a time: registers, the vertical
//! counters, VSYNC and the memory address of each line (reference sections 4.4 and 4.5).
//!
//! Lines are always 64 µs long (R0 = 63 is assumed); horizontally only R1 (characters
//! displayed) and R2 (HSYNC position, which moves the picture on the monitor) are used.

/// Firmware values at reset, 50 Hz (reference section 4.4).
pub const DEFAULT_REGS: [u8; 18] = [
    63, 40, 46, 0x8E, 38, 0, 25, 30, 0, 7, 0, 0, 0x30, 0x00, 0xC0, 0x00, 0, 0,
];

/// Writable bits of each register on a type 0 CRTC.
const MASKS: [u8; 18] = [
    0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x1F, 0x7F, 0x7F, 0xFF, 0x1F, 0x7F, 0x1F, 0x3F, 0xFF, 0x3F, 0xFF,
    0, 0,
];

/// What happened at the start of a new line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineStart {
    /// VSYNC began with this line.
    pub vsync_started: bool,
}

#[derive(Clone, Debug)]
pub struct Crtc {
    pub regs: [u8; 18],
    pub selected: u8,
    /// Character row counter (VCC).
    pub row: u8,
    /// Raster line within the row (RA).
    pub raster: u8,
    /// In the R5 vertical adjust lines at the end of the frame.
    pub in_adjust: bool,
    /// Memory address (MA) of the first character of the current row.
    pub row_address: u16,
    /// Lines of VSYNC left, including the current one (0 = not in VSYNC).
    pub vsync_left: u8,
}

impl Crtc {
    /// Firmware register values, positioned at the first line of VSYNC (row R7, raster 0).
    pub fn new() -> Crtc {
        let mut crtc = Crtc {
            regs: DEFAULT_REGS,
            selected: 0,
            row: 0,
            raster: 0,
            in_adjust: false,
            row_address: 0,
            vsync_left: 0,
        };
        crtc.position_at_vsync();
        crtc
    }

    /// Moves the counters to the first line of VSYNC.
    pub fn position_at_vsync(&mut self) {
        self.row = self.regs[7] & 0x7F;
        self.raster = 0;
        self.in_adjust = false;
        self.row_address = self
            .start_address()
            .wrapping_add(self.row as u16 * self.regs[1] as u16);
        self.vsync_left = self.vsync_width();
    }

    /// R12/R13: the memory address of the first character of a frame.
    pub fn start_address(&self) -> u16 {
        ((self.regs[12] as u16) << 8 | self.regs[13] as u16) & 0x3FFF
    }

    /// VSYNC length in lines: R3 bits 7-4, where 0 means 16 (type 0).
    pub fn vsync_width(&self) -> u8 {
        match self.regs[3] >> 4 {
            0 => 16,
            n => n,
        }
    }

    pub fn select(&mut self, value: u8) {
        self.selected = value & 0x1F;
    }

    pub fn write(&mut self, value: u8) {
        if let Some(mask) = MASKS.get(self.selected as usize) {
            self.regs[self.selected as usize] = value & mask;
        }
    }

    /// Type 0 reads back only R12-R17; the others read as 0.
    pub fn read(&self) -> u8 {
        match self.selected {
            12..=17 => self.regs[self.selected as usize],
            _ => 0,
        }
    }

    pub fn in_vsync(&self) -> bool {
        self.vsync_left > 0
    }

    /// Whether the current line shows screen memory (row < R6, not in the adjust lines).
    pub fn display_line(&self) -> bool {
        !self.in_adjust && self.row < self.regs[6] & 0x7F
    }

    /// Advances to the next line.
    pub fn next_line(&mut self) -> LineStart {
        if self.vsync_left > 0 {
            self.vsync_left -= 1;
        }
        let max_raster = self.regs[9] & 0x1F;
        let mut row_started = false;
        if self.in_adjust {
            self.raster += 1;
            if self.raster >= self.regs[5] & 0x1F {
                self.new_frame();
                row_started = true;
            }
        } else if self.raster >= max_raster {
            self.raster = 0;
            if self.row >= self.regs[4] & 0x7F {
                if self.regs[5] & 0x1F > 0 {
                    self.in_adjust = true;
                } else {
                    self.new_frame();
                }
            } else {
                self.row += 1;
                self.row_address = self.row_address.wrapping_add(self.regs[1] as u16) & 0x3FFF;
            }
            row_started = !self.in_adjust;
        } else {
            self.raster += 1;
        }
        let vsync_started = row_started && self.vsync_left == 0 && self.row == self.regs[7] & 0x7F;
        if vsync_started {
            self.vsync_left = self.vsync_width();
        }
        LineStart { vsync_started }
    }

    fn new_frame(&mut self) {
        self.row = 0;
        self.raster = 0;
        self.in_adjust = false;
        self.row_address = self.start_address();
    }

    /// Address in the 64 KB of video RAM of byte `byte` (0/1) of character `ch` of the
    /// current line: ((MA & &3000) << 2) | (RA & 7) << 11 | (MA & &3FF) << 1 | byte.
    pub fn video_address(&self, ch: u16, byte: u16) -> usize {
        let ma = self.row_address.wrapping_add(ch);
        (((ma & 0x3000) << 2) | ((self.raster as u16 & 7) << 11) | ((ma & 0x3FF) << 1) | byte)
            as usize
    }
}

impl Default for Crtc {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_frame_is_312_lines_with_one_8_line_vsync() {
        let mut crtc = Crtc::new();
        assert!(crtc.in_vsync());
        let mut vsync_lines = 1;
        let mut starts = 0;
        for line in 1..=312 {
            let start = crtc.next_line();
            if start.vsync_started {
                starts += 1;
                assert_eq!(line, 312, "next VSYNC one frame later");
            }
            if crtc.in_vsync() && line < 312 {
                vsync_lines += 1;
            }
        }
        assert_eq!(starts, 1);
        assert_eq!(vsync_lines, 8);
    }

    #[test]
    fn screen_addresses_follow_the_reference_layout() {
        let mut crtc = Crtc::new();
        // From VSYNC start (row 30) to the first displayed line: 72 lines.
        for _ in 0..72 {
            crtc.next_line();
        }
        assert!(crtc.display_line());
        assert_eq!((crtc.row, crtc.raster), (0, 0));
        assert_eq!(crtc.video_address(0, 0), 0xC000);
        crtc.next_line();
        assert_eq!(crtc.video_address(0, 0), 0xC800);
        for _ in 1..8 {
            crtc.next_line();
        }
        assert_eq!(crtc.video_address(0, 0), 0xC000 + 80);
        assert_eq!(crtc.video_address(39, 1), 0xC000 + 80 + 79);
        for _ in 8..200 {
            crtc.next_line();
        }
        assert!(!crtc.display_line());
    }

    #[test]
    fn register_masks_and_reads() {
        let mut crtc = Crtc::new();
        crtc.select(12);
        crtc.write(0xFF);
        assert_eq!(crtc.read(), 0x3F);
        crtc.select(1);
        assert_eq!(crtc.read(), 0, "type 0 does not read R1");
        crtc.select(31);
        crtc.write(1);
    }
}
