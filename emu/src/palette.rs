//! The 32 Gate Array hardware colours as 0x00RRGGBB (reference section 4.3: three levels per
//! gun, half brightness drawn as 0x80).

#[rustfmt::skip]
pub const HARDWARE_RGB: [u32; 32] = [
    0x808080, 0x808080, 0x00FF80, 0xFFFF80, 0x000080, 0xFF0080, 0x008080, 0xFF8080, // 00-07
    0xFF0080, 0xFFFF80, 0xFFFF00, 0xFFFFFF, 0xFF0000, 0xFF00FF, 0xFF8000, 0xFF80FF, // 08-0F
    0x000080, 0x00FF80, 0x00FF00, 0x00FFFF, 0x000000, 0x0000FF, 0x008000, 0x0080FF, // 10-17
    0x800080, 0x80FF80, 0x80FF00, 0x80FFFF, 0x800000, 0x8000FF, 0x808000, 0x8080FF, // 18-1F
];

/// RGB of hardware colour `hw` (bits 4-0 are used).
pub fn rgb(hw: u8) -> u32 {
    HARDWARE_RGB[(hw & 0x1F) as usize]
}

/// Firmware colour number (BASIC's INK 0-26) to hardware colour number.
pub const FIRMWARE_TO_HARDWARE: [u8; 27] = [
    0x14, 0x04, 0x15, 0x1C, 0x18, 0x1D, 0x0C, 0x05, 0x0D, 0x16, 0x06, 0x17, 0x1E, 0x00, 0x1F, 0x0E,
    0x07, 0x0F, 0x12, 0x02, 0x13, 0x1A, 0x19, 0x1B, 0x0A, 0x03, 0x0B,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The firmware numbers run from black to bright white through the 27 distinct colours:
    /// each R, G, B level (0, half, full) combination appears exactly once, in base-3 order
    /// with green most significant, then red, then blue.
    #[test]
    fn firmware_numbers_are_base_3_gbr() {
        let level = |v: u32| match v {
            0x00 => 0,
            0x80 => 1,
            0xFF => 2,
            _ => panic!("unexpected level {v:#x}"),
        };
        for (fw, hw) in FIRMWARE_TO_HARDWARE.iter().enumerate() {
            let c = rgb(*hw);
            let (r, g, b) = (level(c >> 16), level((c >> 8) & 0xFF), level(c & 0xFF));
            assert_eq!(g * 9 + r * 3 + b, fw as u32, "firmware {fw} = hw {hw:#04x}");
        }
    }
}
