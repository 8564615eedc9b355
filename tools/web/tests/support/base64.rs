//! Standard base64 decoding, for what the browser hands back (screenshots, canvas pixels).

/// Decodes standard base64 (padding and line breaks allowed).
pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' | b'\n' | b'\r' => continue,
            other => return Err(format!("base64: unexpected byte {other:#04x}")),
        };
        acc = acc << 6 | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}

#[test]
fn decodes() {
    assert_eq!(decode("TWFu").unwrap(), b"Man");
    assert_eq!(decode("TWE=").unwrap(), b"Ma");
    assert_eq!(decode("TQ==\n").unwrap(), b"M");
    assert!(decode("T!").is_err());
}
