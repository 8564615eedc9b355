//! The cassette manager's CRC of a 256-byte segment: CRC-16 with the CCITT polynomial
//! x^16 + x^12 + x^5 + 1 (&1021), bits taken most significant first, starting from &FFFF
//! (the "CCITT-FALSE" variant); the firmware writes it inverted, high byte first
//! (Amstrad Firmware Guide, the cassette manager's record format).

/// The CRC of `bytes` as the firmware computes it, before the inversion.
#[must_use]
pub fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &byte in bytes {
        crc ^= u16::from(byte) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// The two bytes that follow a segment on the tape: the CRC inverted, high byte first.
#[must_use]
pub fn stored_crc(segment: &[u8]) -> [u8; 2] {
    (!crc16(segment)).to_be_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_check_value() {
        // CRC-16/CCITT-FALSE of "123456789" is &29B1 (the catalogue of parametrised CRCs).
        assert_eq!(crc16(b"123456789"), 0x29B1);
        assert_eq!(crc16(&[]), 0xFFFF);
        assert_eq!(stored_crc(b"123456789"), [0xD6, 0x4E]);
    }
}
