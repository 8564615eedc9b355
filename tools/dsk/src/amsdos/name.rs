//! AMSDOS 8.3 file names: upper-cased, space-padded, with the characters CP/M and AMSDOS
//! reserve refused.

use std::fmt;

use super::AmsdosError;

/// Characters that AMSDOS/CP/M use as separators or wildcards and so cannot be in a name.
const RESERVED: &[u8] = b"<>.,;:=?*[]\"|/\\";

/// An 8.3 name as stored in the directory and the header (without attribute bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AmsdosName {
    name: [u8; 8],
    ext: [u8; 3],
}

impl AmsdosName {
    /// Parses `NAME.EXT` (or `NAME`), upper-casing letters.
    pub fn parse(text: &str) -> Result<AmsdosName, AmsdosError> {
        let invalid = |reason: String| AmsdosError::InvalidName {
            name: text.to_string(),
            reason,
        };
        let (base, ext) = match text.split_once('.') {
            Some((b, e)) => (b, e),
            None => (text, ""),
        };
        if base.is_empty() {
            return Err(invalid("the name part is empty".into()));
        }
        for (part, max, what) in [(base, 8, "name"), (ext, 3, "extension")] {
            if let Some(c) = part.chars().find(|c| !valid_char(*c)) {
                return Err(invalid(format!(
                    "{} is not allowed in AMSDOS names",
                    show(c)
                )));
            }
            if part.len() > max {
                return Err(invalid(format!(
                    "the {what} has {} characters, at most {max} are allowed",
                    part.len()
                )));
            }
        }
        let mut name = [b' '; 8];
        let mut extension = [b' '; 3];
        name[..base.len()].copy_from_slice(base.to_ascii_uppercase().as_bytes());
        extension[..ext.len()].copy_from_slice(ext.to_ascii_uppercase().as_bytes());
        Ok(AmsdosName {
            name,
            ext: extension,
        })
    }

    /// The name from 11 directory or header bytes, attribute bits (bit 7) cleared.
    pub fn from_raw(raw: &[u8; 11]) -> AmsdosName {
        let mut name = [0u8; 8];
        let mut ext = [0u8; 3];
        for (dst, src) in name.iter_mut().zip(&raw[..8]) {
            *dst = src & 0x7F;
        }
        for (dst, src) in ext.iter_mut().zip(&raw[8..]) {
            *dst = src & 0x7F;
        }
        AmsdosName { name, ext }
    }

    /// The 11 stored bytes (8 name + 3 extension, space padded).
    pub fn raw(&self) -> [u8; 11] {
        let mut raw = [0u8; 11];
        raw[..8].copy_from_slice(&self.name);
        raw[8..].copy_from_slice(&self.ext);
        raw
    }

    /// The 8-byte name part, space padded.
    pub fn name_part(&self) -> &[u8; 8] {
        &self.name
    }

    /// The 3-byte extension, space padded.
    pub fn ext_part(&self) -> &[u8; 3] {
        &self.ext
    }
}

impl fmt::Display for AmsdosName {
    /// `NAME.EXT`, or `NAME` when the extension is blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = String::from_utf8_lossy(&self.name);
        let ext = String::from_utf8_lossy(&self.ext);
        let (base, ext) = (base.trim_end(), ext.trim_end());
        if ext.is_empty() {
            write!(f, "{base}")
        } else {
            write!(f, "{base}.{ext}")
        }
    }
}

fn valid_char(c: char) -> bool {
    c.is_ascii_graphic() && !RESERVED.contains(&(c as u8))
}

fn show(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("'{c}'")
    } else {
        format!("character U+{:04X}", c as u32)
    }
}
