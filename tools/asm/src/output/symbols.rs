//! Symbol files: JSON for our tools, `NAME &ADDR` lines (WinAPE / RASM) and `NAME EQU &ADDR`
//! lines (to include in another source).

use std::collections::BTreeMap;

use serde::Serialize;

use super::hex_or_decimal;
use crate::Assembly;

#[derive(Serialize)]
struct JsonSymbol<'a> {
    value: i64,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
}

#[derive(Serialize)]
struct JsonFile<'a> {
    load: u16,
    exec: u16,
    length: usize,
    symbols: BTreeMap<&'a str, JsonSymbol<'a>>,
}

impl Assembly {
    /// `{"load": .., "exec": .., "length": .., "symbols": {"name": {"value", "kind", "file",
    /// "line"}}}`; names as spelled in the source.
    pub fn symbols_json(&self) -> String {
        let symbols = self
            .symbols()
            .iter()
            .map(|s| {
                let js = JsonSymbol {
                    value: s.value,
                    kind: s.kind.as_str(),
                    file: s.location.as_ref().map(|l| l.file.as_str()),
                    line: s.location.as_ref().map(|l| l.line),
                };
                (s.name.as_str(), js)
            })
            .collect();
        let file = JsonFile {
            load: self.load_address(),
            exec: self.exec_address(),
            length: self.binary().len(),
            symbols,
        };
        let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
        text.push('\n');
        text
    }

    /// One `NAME &ADDR` line per symbol (the WinAPE / RASM symbol file form).
    pub fn symbols_winape(&self) -> String {
        self.symbols()
            .iter()
            .map(|s| format!("{} {}\n", s.name, hex_or_decimal(s.value)))
            .collect()
    }

    /// One `NAME EQU &ADDR` line per symbol, to include in another source.
    pub fn symbols_equ(&self) -> String {
        self.symbols()
            .iter()
            .map(|s| format!("{} EQU {}\n", s.name, hex_or_decimal(s.value)))
            .collect()
    }
}
