//! Writers for an [`Assembly`](crate::Assembly): listing, symbol files, memory map and the
//! AMSDOS-headed binary. Each returns the file's content; the caller writes it.

mod amsdos;
mod listing;
mod map;
mod symbols;

pub use amsdos::{amsdos_header, AmsdosError};

/// `&` and four hex digits for 16-bit values, decimal otherwise.
pub(crate) fn hex_or_decimal(v: i64) -> String {
    if (0..=0xFFFF).contains(&v) {
        format!("&{v:04X}")
    } else {
        v.to_string()
    }
}
