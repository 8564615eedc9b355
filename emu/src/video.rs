//! The monitor: turns each scan line into 0x00RRGGBB pixels, border included.
//!
//! The picture is 48 characters (40 displayed + 4 of border each side with the firmware
//! CRTC values) by 272 lines (37 + 200 + 35), drawn at 2 x 2 host pixels per mode 1 pixel:
//! 768 x 544. Like a real monitor the image is locked to the sync signals: the first visible
//! line is the 35th after the start of VSYNC, and the first visible character is 50
//! characters before the HSYNC position (R2), so moving R2 or R7 moves the picture. This
//! frames the screen exactly as MAME's CPC 6128 does (768 x 272, screen area at 64, 37),
//! at twice its height.

use crate::crtc::Crtc;
use crate::gate_array::{GateArray, BORDER};
use crate::palette;

/// Framebuffer width in host pixels.
pub const WIDTH: usize = 768;
/// Framebuffer height in host pixels.
pub const HEIGHT: usize = 544;
/// Visible scan lines (each drawn twice).
pub const VISIBLE_LINES: usize = HEIGHT / 2;
/// Visible characters per line (16 host pixels each).
pub const VISIBLE_CHARS: usize = WIDTH / 16;
/// Monitor line (counted from the start of VSYNC) shown at the top of the picture.
pub const FIRST_VISIBLE_LINE: u32 = 35;
/// Characters between the first visible one and the HSYNC position.
const HSYNC_TO_FIRST_CHAR: i32 = 50;
/// With the firmware CRTC values the 320 x 200 (mode 1) area starts at this host pixel.
pub const SCREEN_LEFT: usize = 64;
/// ... and at this host row.
pub const SCREEN_TOP: usize = 74;

/// For each mode (0-3) and byte value, the pen of each of the 8 host pixels that byte
/// covers at 2 host pixels per mode 1 pixel (reference section 4.5).
const PENS: [[[u8; 8]; 256]; 4] = {
    let mut t = [[[0u8; 8]; 256]; 4];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        // Mode 0: pixel 0 = bits 7,3,5,1 (pen bits 0-3); pixel 1 = bits 6,2,4,0.
        let p0 = bit(byte, 7) | bit(byte, 3) << 1 | bit(byte, 5) << 2 | bit(byte, 1) << 3;
        let p1 = bit(byte, 6) | bit(byte, 2) << 1 | bit(byte, 4) << 2 | bit(byte, 0) << 3;
        let mut x = 0;
        while x < 8 {
            let m0 = if x < 4 { p0 } else { p1 };
            t[0][b][x] = m0;
            t[3][b][x] = m0 & 3;
            // Mode 1: pixel p = bits (7-p) and (3-p).
            let p = (x / 2) as u32;
            t[1][b][x] = bit(byte, 7 - p) | bit(byte, 3 - p) << 1;
            // Mode 2: pixel p = bit (7-p).
            t[2][b][x] = bit(byte, 7 - x as u32);
            x += 1;
        }
        b += 1;
    }
    t
};

const fn bit(byte: u8, n: u32) -> u8 {
    (byte >> n) & 1
}

/// The pens of the pixels of one byte in a given mode, leftmost first: 2 in mode 0 and 3,
/// 4 in mode 1, 8 in mode 2.
pub fn byte_pens(mode: u8, byte: u8) -> Vec<u8> {
    let per_pixel = match mode & 3 {
        1 => 2,
        2 => 1,
        _ => 4,
    };
    PENS[(mode & 3) as usize][byte as usize]
        .iter()
        .step_by(per_pixel)
        .copied()
        .collect()
}

#[derive(Clone)]
pub struct Monitor {
    pub pixels: Vec<u32>,
}

impl Monitor {
    pub fn new() -> Monitor {
        Monitor {
            pixels: vec![0; WIDTH * HEIGHT],
        }
    }

    /// Draws the current CRTC line as visible row `row` (0-271).
    pub fn draw_line(&mut self, row: usize, crtc: &Crtc, ga: &GateArray, video_ram: &[u8]) {
        let mut colours = [0u32; 17];
        for (c, hw) in colours.iter_mut().zip(ga.inks.iter()) {
            *c = palette::rgb(*hw);
        }
        let border = colours[BORDER];
        let table = &PENS[(ga.mode_line & 3) as usize];
        let displayed = crtc.regs[1] as i32;
        let first = crtc.regs[2] as i32 - HSYNC_TO_FIRST_CHAR;
        let show = crtc.display_line();
        let start = row * 2 * WIDTH;
        let (line, below) = self.pixels[start..start + 2 * WIDTH].split_at_mut(WIDTH);
        for (col, out) in line.chunks_exact_mut(16).enumerate() {
            let h = (first + col as i32).rem_euclid(64);
            if show && h < displayed {
                for byte in 0..2 {
                    let value = video_ram[crtc.video_address(h as u16, byte as u16)];
                    let pens = &table[value as usize];
                    for (px, pen) in out[byte * 8..byte * 8 + 8].iter_mut().zip(pens) {
                        *px = colours[*pen as usize];
                    }
                }
            } else {
                out.fill(border);
            }
        }
        below.copy_from_slice(line);
    }
}

impl Default for Monitor {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked examples of the reference, section 4.5.
    #[test]
    fn pixel_packing_examples() {
        assert_eq!(byte_pens(0, 0xB6), vec![13, 6]);
        assert_eq!(byte_pens(0, 0xFF), vec![15, 15]);
        assert_eq!(byte_pens(0, 0x80), vec![1, 0]);
        assert_eq!(byte_pens(1, 0xFF), vec![3, 3, 3, 3]);
        assert_eq!(byte_pens(1, 0x80), vec![1, 0, 0, 0]);
        assert_eq!(byte_pens(1, 0x08), vec![2, 0, 0, 0]);
        assert_eq!(byte_pens(1, 0x11), vec![0, 0, 0, 3]);
        assert_eq!(byte_pens(2, 0x81), vec![1, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(byte_pens(3, 0xB6), vec![1, 2]);
    }

    #[test]
    fn default_geometry_puts_the_screen_at_64_74() {
        let mut crtc = Crtc::new();
        for _ in 0..72 {
            crtc.next_line();
        }
        let mut ram = vec![0u8; 0x10000];
        ram[0xC000] = 0xFF; // four pixels of pen 3
        let mut ga = GateArray::new();
        ga.inks[BORDER] = 0x14;
        let mut monitor = Monitor::new();
        let row = 72 - FIRST_VISIBLE_LINE as usize;
        monitor.draw_line(row, &crtc, &ga, &ram);
        let at = |x: usize, y: usize| monitor.pixels[y * WIDTH + x];
        let pen3 = palette::rgb(ga.inks[3]);
        let pen0 = palette::rgb(ga.inks[0]);
        let border = palette::rgb(ga.inks[BORDER]);
        assert_eq!(row * 2, SCREEN_TOP);
        assert_eq!(at(SCREEN_LEFT - 1, SCREEN_TOP), border);
        assert_eq!(at(SCREEN_LEFT, SCREEN_TOP), pen3);
        assert_eq!(at(SCREEN_LEFT + 7, SCREEN_TOP + 1), pen3);
        assert_eq!(at(SCREEN_LEFT + 8, SCREEN_TOP), pen0);
        assert_eq!(at(SCREEN_LEFT + 640, SCREEN_TOP), border);
        assert_eq!(at(SCREEN_LEFT + 639, SCREEN_TOP), pen0);
    }
}
