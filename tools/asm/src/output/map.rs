//! The memory map: each section with its range and origin, the free gaps between them, and the
//! labels in address order.

use std::fmt::Write;

use crate::{Assembly, SymbolKind};

impl Assembly {
    /// The memory map as text.
    pub fn memory_map(&self) -> String {
        let mut out = String::new();
        let bin = self.binary();
        let _ = writeln!(
            out,
            "; cpc-asm memory map: load &{:04X}, exec &{:04X}, {} bytes",
            self.load_address(),
            self.exec_address(),
            bin.len()
        );
        let _ = writeln!(out, "; start  end    size   origin");
        let mut sorted: Vec<_> = self.sections().iter().collect();
        sorted.sort_by_key(|s| s.start);
        let mut prev_end: Option<u32> = None;
        for s in sorted {
            if let Some(pe) = prev_end.filter(|&pe| pe < s.start as u32) {
                let _ = writeln!(
                    out,
                    "  &{pe:04X}  &{:04X}  {:>5}  (free)",
                    s.start - 1,
                    s.start as u32 - pe
                );
            }
            let _ = writeln!(
                out,
                "  &{:04X}  &{:04X}  {:>5}  {}:{}",
                s.start,
                s.end() - 1,
                s.bytes.len(),
                s.origin.file,
                s.origin.line
            );
            prev_end = Some(prev_end.map_or(s.end(), |pe| pe.max(s.end())));
        }
        let mut labels: Vec<_> = self
            .symbols()
            .iter()
            .filter(|s| s.kind == SymbolKind::Label)
            .collect();
        labels.sort_by_key(|s| s.value);
        if !labels.is_empty() {
            let _ = writeln!(out, ";\n; labels by address");
            for l in labels {
                let at = l
                    .location
                    .as_ref()
                    .map(|loc| format!("{}:{}", loc.file, loc.line))
                    .unwrap_or_default();
                let _ = writeln!(out, "  &{:04X}  {:<24} {at}", l.value, l.name);
            }
        }
        out
    }
}
