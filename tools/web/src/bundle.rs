//! A build as the page passes it around: from the build worker (or the page build, for the
//! default program shipped with the page) to the emulator on the page, as one byte string that
//! JavaScript never looks inside. It holds what running and checking the program need: the
//! program bytes and addresses, the symbol file, the weights text it was built with, its CRC-32,
//! and why the opening book was left out, if it was.
//!
//! Layout: the magic `CPCWEB1\n`, then parts, each a tag byte, a little-endian u32 length and
//! the bytes.

use serde_json::json;

const MAGIC: &[u8; 8] = b"CPCWEB1\n";
const TAG_BINARY: u8 = 1;
const TAG_SYMBOLS: u8 = 2;
const TAG_WEIGHTS: u8 = 3;
const TAG_META: u8 = 4;

/// A built program and what the page shows and checks about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bundle {
    /// The program bytes, from `load` on.
    pub binary: Vec<u8>,
    /// The load address.
    pub load: u16,
    /// The entry address.
    pub exec: u16,
    /// The assembler's symbol file (JSON).
    pub symbols_json: String,
    /// The weights file's text the program was built with.
    pub weights_text: String,
    /// The build's CRC-32, as `cpc-othello build` prints it.
    pub crc32: u32,
    /// Why the opening book was left out (`None`: the book is in the program).
    pub book_left_out: Option<String>,
}

/// Why bytes are not a bundle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BundleError {
    /// The bytes do not start with the magic.
    #[error("not a build of this page (no CPCWEB1 header)")]
    Magic,
    /// A part runs past the end.
    #[error("the build is cut short at byte {0}")]
    Truncated(usize),
    /// A part is missing or unreadable.
    #[error("the build's {0} is missing or damaged")]
    Part(&'static str),
}

impl Bundle {
    /// The bytes of the bundle.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let meta = json!({
            "load": self.load,
            "exec": self.exec,
            "crc32": self.crc32,
            "book_left_out": self.book_left_out,
        })
        .to_string();
        let mut out = MAGIC.to_vec();
        for (tag, bytes) in [
            (TAG_BINARY, self.binary.as_slice()),
            (TAG_SYMBOLS, self.symbols_json.as_bytes()),
            (TAG_WEIGHTS, self.weights_text.as_bytes()),
            (TAG_META, meta.as_bytes()),
        ] {
            out.push(tag);
            let len = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(bytes);
        }
        out
    }

    /// Reads a bundle.
    ///
    /// # Errors
    /// [`BundleError`] when the bytes are not one [`Bundle::encode`] wrote.
    pub fn decode(bytes: &[u8]) -> Result<Bundle, BundleError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(BundleError::Magic)?;
        let mut parts: [Option<&[u8]>; 5] = [None; 5];
        let mut at = 0usize;
        while at < rest.len() {
            let header = rest
                .get(at..at + 5)
                .ok_or(BundleError::Truncated(MAGIC.len() + at))?;
            let len = u32::from_le_bytes([header[1], header[2], header[3], header[4]]) as usize;
            let body = rest
                .get(at + 5..at + 5 + len)
                .ok_or(BundleError::Truncated(MAGIC.len() + at))?;
            if let Some(slot) = parts.get_mut(usize::from(header[0])) {
                *slot = Some(body);
            }
            at += 5 + len;
        }
        let text = |tag: u8, name: &'static str| {
            parts[usize::from(tag)]
                .and_then(|b| std::str::from_utf8(b).ok())
                .map(str::to_string)
                .ok_or(BundleError::Part(name))
        };
        let meta: serde_json::Value = serde_json::from_str(&text(TAG_META, "description")?)
            .map_err(|_| BundleError::Part("description"))?;
        let word = |key: &str| {
            meta[key]
                .as_u64()
                .and_then(|v| u16::try_from(v).ok())
                .ok_or(BundleError::Part("description"))
        };
        Ok(Bundle {
            binary: parts[usize::from(TAG_BINARY)]
                .ok_or(BundleError::Part("program"))?
                .to_vec(),
            load: word("load")?,
            exec: word("exec")?,
            symbols_json: text(TAG_SYMBOLS, "symbol file")?,
            weights_text: text(TAG_WEIGHTS, "weights text")?,
            crc32: meta["crc32"]
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or(BundleError::Part("description"))?,
            book_left_out: meta["book_left_out"].as_str().map(str::to_string),
        })
    }

    /// What the page shows about the build: `{"crc32": "1A2B3C4D", "load": ..., "exec": ...,
    /// "bytes": ..., "book_left_out": null | "why"}`.
    #[must_use]
    pub fn summary_json(&self) -> serde_json::Value {
        json!({
            "crc32": format!("{:08X}", self.crc32),
            "load": self.load,
            "exec": self.exec,
            "bytes": self.binary.len(),
            "book_left_out": self.book_left_out,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Bundle {
        Bundle {
            binary: vec![0x3E, 1, 0x76],
            load: 0x4000,
            exec: 0x4001,
            symbols_json: r#"{"x": 1}"#.into(),
            weights_text: "# ü\n".into(),
            crc32: 0xDEAD_BEEF,
            book_left_out: Some("evaluation differs".into()),
        }
    }

    #[test]
    fn round_trip() {
        let b = sample();
        assert_eq!(Bundle::decode(&b.encode()), Ok(b.clone()));
        let plain = Bundle {
            book_left_out: None,
            ..b
        };
        assert_eq!(Bundle::decode(&plain.encode()), Ok(plain.clone()));
        assert_eq!(plain.summary_json()["crc32"], "DEADBEEF");
    }

    #[test]
    fn damage_is_reported() {
        let bytes = sample().encode();
        assert_eq!(Bundle::decode(b"MV - SNA"), Err(BundleError::Magic));
        assert!(matches!(
            Bundle::decode(&bytes[..bytes.len() - 3]),
            Err(BundleError::Truncated(_))
        ));
        let only_magic = &bytes[..MAGIC.len()];
        assert_eq!(
            Bundle::decode(only_magic),
            Err(BundleError::Part("description"))
        );
    }
}
