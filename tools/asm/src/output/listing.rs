//! The listing: address, bytes, line number and source text of every assembled line. Lines
//! from an included file or a macro are marked with one `+` per level of nesting, and a
//! `--- file` line shows where the file changes.

use std::fmt::Write;

use crate::Assembly;

/// Bytes shown per listing row.
const PER_ROW: usize = 4;
/// Rows shown for one line (long `DS`/`INCBIN` lines are cut).
const MAX_ROWS: usize = 8;

impl Assembly {
    /// The listing as text.
    pub fn listing(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "; cpc-asm listing");
        let _ = writeln!(out, "; addr  bytes          line  source");
        let mut file = String::new();
        for e in self.listing_entries() {
            if e.file != file {
                let _ = writeln!(out, "--- {}", e.file);
                file = e.file.clone();
            }
            let nest = "+".repeat(e.depth);
            let rows: Vec<&[u8]> = e.bytes.chunks(PER_ROW).collect();
            let hex = |row: &[u8]| {
                row.iter()
                    .map(|b| format!("{b:02X}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let first = rows.first().map(|r| hex(r)).unwrap_or_default();
            let _ = writeln!(
                out,
                "{:04X}  {first:<12}  {:>5}{nest:<2} {}",
                e.address,
                e.line,
                e.text.trim_end()
            );
            for (k, row) in rows.iter().enumerate().skip(1).take(MAX_ROWS - 1) {
                let addr = e.address as usize + k * PER_ROW;
                let _ = writeln!(out, "{:04X}  {}", addr & 0xFFFF, hex(row));
            }
            if rows.len() > MAX_ROWS {
                let _ = writeln!(out, "      ... {} bytes in all", e.bytes.len());
            }
        }
        out
    }
}
