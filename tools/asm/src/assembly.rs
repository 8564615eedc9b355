//! The result of a successful assembly: the bytes, the symbols, the entry address, and what is
//! needed to write the listing.

use std::collections::HashMap;
use std::sync::Arc;

use crate::diag::{Location, Span};
use crate::resolve::pass::{PassOutput, Record};
use crate::resolve::symbols::SymKind;
use crate::source::SourceMap;

/// A run of bytes at consecutive addresses (from an `ORG` or the start of a root file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Address of the first byte.
    pub start: u16,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The `ORG` that started it, or the file it starts.
    pub origin: Location,
}

impl Section {
    /// One past the last address (may be &10000).
    pub fn end(&self) -> u32 {
        self.start as u32 + self.bytes.len() as u32
    }
}

/// How a symbol was defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// `name:` (an address).
    Label,
    /// `name EQU value`.
    Equ,
    /// `name = value` (its last value).
    Variable,
    /// From outside: `-D` or [`Options::defines`](crate::Options::defines).
    Define,
}

impl SymbolKind {
    /// Lower-case name, as in the JSON symbol file.
    pub fn as_str(self) -> &'static str {
        match self {
            SymbolKind::Label => "label",
            SymbolKind::Equ => "equ",
            SymbolKind::Variable => "variable",
            SymbolKind::Define => "define",
        }
    }
}

/// A symbol of the program (macro-local `@` labels are not listed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// As spelled where it was defined; local labels are `global.local`.
    pub name: String,
    /// The value.
    pub value: i64,
    /// How it was defined.
    pub kind: SymbolKind,
    /// Where it was defined (none for defines).
    pub location: Option<Location>,
}

/// One source line as assembled, for listings and tools that map addresses to lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListingEntry {
    /// The file of the line.
    pub file: String,
    /// 1-based line in that file.
    pub line: usize,
    /// 1-based line of the root file that led to this one (an `INCLUDE` or macro call).
    pub top_line: usize,
    /// Include/macro/REPT nesting, 0 for a root file.
    pub depth: usize,
    /// Address of the line's first byte (or the address at that point, if it has none).
    pub address: u16,
    /// The bytes this line emitted.
    pub bytes: Vec<u8>,
    /// The source text of the line.
    pub text: String,
}

/// An assembled program.
pub struct Assembly {
    pub(crate) sources: Arc<SourceMap>,
    pub(crate) sections: Vec<Section>,
    /// Parallel to `sections` before empty ones were dropped: index in `sections` or none.
    section_index: Vec<Option<usize>>,
    pub(crate) symbols: Vec<Symbol>,
    by_key: HashMap<String, usize>,
    pub(crate) exec: u16,
    records: Vec<Record>,
    printed: Vec<String>,
}

fn location(map: &SourceMap, span: Span) -> Location {
    let (line, column) = map.line_col(span.file, span.start);
    Location {
        file: map.file(span.file).name.clone(),
        line,
        column,
    }
}

impl Assembly {
    pub(crate) fn new(
        sources: Arc<SourceMap>,
        out: PassOutput,
        exec_override: Option<u16>,
    ) -> Self {
        let mut sections = Vec::new();
        let mut section_index = Vec::new();
        for s in out.sections {
            if s.data.is_empty() {
                section_index.push(None);
                continue;
            }
            section_index.push(Some(sections.len()));
            sections.push(Section {
                start: s.start as u16,
                bytes: s.data,
                origin: location(&sources, s.origin),
            });
        }
        let mut symbols: Vec<Symbol> = out
            .symbols
            .iter()
            .filter(|(_, s)| !s.hidden)
            .map(|(_, s)| Symbol {
                name: s.text.to_string(),
                value: s.value,
                kind: match s.kind {
                    SymKind::Label => SymbolKind::Label,
                    SymKind::Equ => SymbolKind::Equ,
                    SymKind::Var => SymbolKind::Variable,
                    SymKind::Define => SymbolKind::Define,
                },
                location: s.span.map(|sp| location(&sources, sp)),
            })
            .collect();
        symbols.sort_unstable_by(|a, b| {
            let (x, y) = (a.name.as_bytes(), b.name.as_bytes());
            let folded = x
                .iter()
                .map(u8::to_ascii_lowercase)
                .cmp(y.iter().map(u8::to_ascii_lowercase));
            folded.then(x.cmp(y))
        });
        let by_key = symbols
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.to_ascii_lowercase(), i))
            .collect();
        let exec = exec_override
            .or(out.exec.map(|(a, _)| a as u16))
            .or(sections.first().map(|s| s.start))
            .unwrap_or(0);
        Assembly {
            sources,
            sections,
            section_index,
            symbols,
            by_key,
            exec,
            records: out.records,
            printed: out.printed,
        }
    }

    /// The program as one block from the lowest to the highest address written; gaps between
    /// sections are zeros. Empty if nothing was emitted.
    pub fn binary(&self) -> Vec<u8> {
        let (Some(lo), Some(hi)) = (
            self.sections.iter().map(|s| s.start as u32).min(),
            self.sections.iter().map(Section::end).max(),
        ) else {
            return Vec::new();
        };
        let mut out = vec![0u8; (hi - lo) as usize];
        for s in &self.sections {
            let at = (s.start as u32 - lo) as usize;
            out[at..at + s.bytes.len()].copy_from_slice(&s.bytes);
        }
        out
    }

    /// The address of the first byte of [`binary`](Self::binary) (0 if nothing was emitted).
    pub fn load_address(&self) -> u16 {
        self.sections.iter().map(|s| s.start).min().unwrap_or(0)
    }

    /// The entry address: `Options::exec` if set, else the `RUN` directive, else the start of
    /// the first section that has bytes (usually the first `ORG`).
    pub fn exec_address(&self) -> u16 {
        self.exec
    }

    /// The sections with bytes, in source order.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// Every symbol, sorted by name (case-insensitive).
    pub fn symbols(&self) -> &[Symbol] {
        &self.symbols
    }

    /// The value of a symbol (names are case-insensitive; local labels as `global.local`).
    pub fn symbol(&self, name: &str) -> Option<i64> {
        self.by_key
            .get(&name.to_ascii_lowercase())
            .map(|&i| self.symbols[i].value)
    }

    /// What the `PRINT` directives wrote, in order.
    pub fn printed(&self) -> &[String] {
        &self.printed
    }

    /// Every assembled line, in the order it was assembled (lines in a REPT or macro appear
    /// once per expansion).
    pub fn listing_entries(&self) -> Vec<ListingEntry> {
        self.records
            .iter()
            .map(|r| {
                let map = &self.sources;
                let line = map.line_index(r.line.file, r.line.start);
                let bytes = self
                    .section_index
                    .get(r.section)
                    .copied()
                    .flatten()
                    .and_then(|i| self.sections[i].bytes.get(r.offset..r.offset + r.len))
                    .map(<[u8]>::to_vec)
                    .unwrap_or_default();
                ListingEntry {
                    file: map.file(r.line.file).name.clone(),
                    line: line + 1,
                    top_line: map.line_index(r.top.file, r.top.start) + 1,
                    depth: r.depth as usize,
                    address: r.addr as u16,
                    bytes,
                    text: map.line_text(r.line.file, line).to_string(),
                }
            })
            .collect()
    }
}

impl std::fmt::Debug for Assembly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Assembly")
            .field("load_address", &self.load_address())
            .field("exec_address", &self.exec)
            .field("sections", &self.sections.len())
            .field("symbols", &self.symbols.len())
            .finish()
    }
}
