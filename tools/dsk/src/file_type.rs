//! The file type byte that AMSDOS headers and cassette headers share (the disc header is the
//! cassette header laid on a disc: Amstrad Firmware Guide, the cassette manager's header):
//! bit 0 protected, bits 1-3 the contents.

/// File type byte of a binary (machine code) file.
pub const TYPE_BINARY: u8 = 2;

/// The contents bits of a file type: 0 BASIC, 1 binary, 2 screen image, 3 ASCII.
fn contents(file_type: u8) -> u8 {
    (file_type >> 1) & 7
}

/// Whether a file of this type is machine code, the kind `RUN"` loads and enters.
#[must_use]
pub fn is_binary(file_type: u8) -> bool {
    contents(file_type) == contents(TYPE_BINARY)
}

/// What the contents bits of a file type say, as the firmware's manual names them.
#[must_use]
pub fn file_kind(file_type: u8) -> &'static str {
    match contents(file_type) {
        0 => "BASIC",
        1 => "binary",
        2 => "screen image",
        3 => "ASCII",
        _ => "unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_protection_bit_does_not_change_the_contents() {
        assert!(is_binary(TYPE_BINARY) && is_binary(TYPE_BINARY | 1));
        assert!(!is_binary(0) && !is_binary(6));
        assert_eq!(
            [0, 1, 2, 4, 6, 8].map(file_kind),
            [
                "BASIC",
                "BASIC",
                "binary",
                "screen image",
                "ASCII",
                "unknown"
            ]
        );
    }
}
