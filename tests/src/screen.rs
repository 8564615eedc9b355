//! CPC screen memory back to text: each 8x8 character cell of a mode 1 screen is matched
//! against the firmware ROM's own font (cpc-reference.md 4.5 for the layout).

/// Screen memory start.
pub const SCREEN_START: u16 = 0xC000;
/// Screen memory size.
pub const SCREEN_SIZE: u16 = 0x4000;
/// Characters per line in mode 1.
pub const MODE1_COLUMNS: usize = 40;
/// Character lines of the firmware's screen.
pub const ROWS: usize = 25;
/// Shown for a cell that is no printable character (the cursor, graphics, ...).
pub const UNKNOWN: char = '\u{25A1}';

/// The text of a mode 1 screen, one `String` per character line with trailing spaces
/// trimmed. `screen` is the 16 K at &C000 with the firmware's screen offset at 0 (as after
/// reset or MODE, before anything scrolled), `font` the ROM's 2 K character matrix.
/// Ink is any pen other than 0 (the paper after reset).
pub fn mode1_text(screen: &[u8], font: &[u8]) -> Vec<String> {
    (0..ROWS)
        .map(|row| {
            let line: String = (0..MODE1_COLUMNS)
                .map(|col| {
                    let cell: Vec<u8> = (0..8)
                        .map(|y| {
                            let at = row * 80 + y * 0x800 + col * 2;
                            let left = screen.get(at).copied().unwrap_or(0);
                            let right = screen.get(at + 1).copied().unwrap_or(0);
                            (ink_mask(left) << 4) | ink_mask(right)
                        })
                        .collect();
                    glyph(&cell, font)
                })
                .collect();
            line.trim_end().to_string()
        })
        .collect()
}

/// The four pixels of a mode 1 byte as a 4-bit mask (bit 3 = leftmost), set where the pen
/// is not 0. Pixel p takes pen bit 0 from byte bit 7-p and pen bit 1 from byte bit 3-p.
fn ink_mask(byte: u8) -> u8 {
    (byte >> 4) | (byte & 0x0F)
}

fn glyph(cell: &[u8], font: &[u8]) -> char {
    (32u8..127)
        .find(|&c| font.get(usize::from(c) * 8..usize::from(c) * 8 + 8) == Some(cell))
        .map_or(UNKNOWN, char::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_character_drawn_into_screen_memory_is_read_back() {
        // A made-up font where 'A' and 'B' have distinct patterns.
        let mut font = vec![0u8; 2048];
        font[b'A' as usize * 8..][..8]
            .copy_from_slice(&[0x18, 0x3C, 0x66, 0x66, 0x7E, 0x66, 0x66, 0]);
        font[b'B' as usize * 8..][..8]
            .copy_from_slice(&[0xFC, 0x66, 0x66, 0x7C, 0x66, 0x66, 0xFC, 0]);
        let mut screen = vec![0u8; 0x4000];
        // 'A' at row 2, column 3 in pen 1 (bits 7-4), 'B' next to it in pen 2 (bits 3-0).
        for y in 0..8 {
            let at = 2 * 80 + y * 0x800 + 3 * 2;
            let a = font[b'A' as usize * 8 + y];
            screen[at] = a >> 4 << 4;
            screen[at + 1] = (a & 0x0F) << 4;
            let b = font[b'B' as usize * 8 + y];
            screen[at + 2] = b >> 4;
            screen[at + 3] = b & 0x0F;
        }
        let text = mode1_text(&screen, &font);
        assert_eq!(text.len(), 25);
        assert_eq!(text[2], "   AB");
        assert_eq!(text[0], "");
    }
}
