//! The 128-byte AMSDOS header of a binary file (type 2), as the CPC's `RUN"` and `LOAD"` read
//! it: name, type, load address, lengths, entry address and the checksum of bytes 0-66.

use crate::Assembly;

/// Why an AMSDOS file cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AmsdosError {
    /// The name does not fit the 8.3 AMSDOS form.
    #[error("`{name}` is not an AMSDOS file name: {why}")]
    BadName {
        /// The name as given.
        name: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// More than 65535 bytes.
    #[error("the program is {0} bytes long; an AMSDOS file holds at most 65535")]
    TooLong(usize),
}

/// Characters AMSDOS does not accept in a file name.
const FORBIDDEN: &[u8] = b"<>.,;:=[]*?\"/\\|";

fn field(part: &str, width: usize, whole: &str) -> Result<Vec<u8>, AmsdosError> {
    let bad = |why| AmsdosError::BadName {
        name: whole.to_string(),
        why,
    };
    if part.len() > width {
        return Err(bad(if width == 8 {
            "the name part has more than 8 characters"
        } else {
            "the extension has more than 3 characters"
        }));
    }
    if part
        .bytes()
        .any(|b| !(0x21..0x7F).contains(&b) || FORBIDDEN.contains(&b))
    {
        return Err(bad("it contains a character AMSDOS does not accept"));
    }
    let mut v: Vec<u8> = part.to_ascii_uppercase().into_bytes();
    v.resize(width, b' ');
    Ok(v)
}

/// The header for `length` bytes named `name` (like `OTHELLO.BIN`, any case) loaded at `load`
/// and entered at `exec`, user 0.
///
/// ```
/// let h = cpc_asm::amsdos_header("game.bin", 0x4000, 0x4000, 0x100).unwrap();
/// assert_eq!(&h[1..12], b"GAME    BIN");
/// assert_eq!(h[18], 2); // binary
/// let sum: u32 = h[..67].iter().map(|&b| b as u32).sum();
/// assert_eq!(u16::from_le_bytes([h[67], h[68]]), sum as u16);
/// ```
pub fn amsdos_header(
    name: &str,
    load: u16,
    exec: u16,
    length: usize,
) -> Result<[u8; 128], AmsdosError> {
    let len = u16::try_from(length).map_err(|_| AmsdosError::TooLong(length))?;
    let (stem, ext) = name.split_once('.').unwrap_or((name, ""));
    if stem.is_empty() {
        return Err(AmsdosError::BadName {
            name: name.to_string(),
            why: "the name part is empty",
        });
    }
    let mut h = [0u8; 128];
    h[1..9].copy_from_slice(&field(stem, 8, name)?);
    h[9..12].copy_from_slice(&field(ext, 3, name)?);
    h[18] = 2;
    h[19..21].copy_from_slice(&len.to_le_bytes());
    h[21..23].copy_from_slice(&load.to_le_bytes());
    h[24..26].copy_from_slice(&len.to_le_bytes());
    h[26..28].copy_from_slice(&exec.to_le_bytes());
    h[64..66].copy_from_slice(&len.to_le_bytes());
    let sum: u32 = h[..67].iter().map(|&b| b as u32).sum();
    h[67..69].copy_from_slice(&(sum as u16).to_le_bytes());
    Ok(h)
}

impl Assembly {
    /// The binary with its AMSDOS header in front, ready to be put on a disc as `name`.
    pub fn amsdos_binary(&self, name: &str) -> Result<Vec<u8>, AmsdosError> {
        let body = self.binary();
        let header = amsdos_header(name, self.load_address(), self.exec_address(), body.len())?;
        let mut out = header.to_vec();
        out.extend_from_slice(&body);
        Ok(out)
    }
}
