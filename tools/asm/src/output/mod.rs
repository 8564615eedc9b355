//! Writers for an [`Assembly`](crate::Assembly): listing, symbol files and memory map. Each
//! returns the file's content; the caller writes it. (AMSDOS headers belong to `cpc-dsk`.)

mod listing;
mod map;
mod symbols;

/// `&` and four hex digits for 16-bit values, decimal otherwise.
pub(crate) fn hex_or_decimal(v: i64) -> String {
    if (0..=0xFFFF).contains(&v) {
        format!("&{v:04X}")
    } else {
        v.to_string()
    }
}
