//! Symbols from the assembler's JSON symbol file, so tests can name addresses
//! (`symbols.get("ai_entry")`) instead of hard-coding them.
//!
//! Accepted shapes (the assembler's own, and the common ones around it):
//! `{"NAME": 4096, ...}`, `{"NAME": {"value": 4096, ...}, ...}`, a list
//! `[{"name": "NAME", "value": 4096, ...}, ...]`, or any of these under a top-level
//! `"symbols"` key. A value may be a number or a string in `&1000`, `$1000`, `#1000`,
//! `0x1000`, `1000h` or decimal form. Names are matched without regard to case, as the
//! assembler treats them.

use std::collections::HashMap;

use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SymbolError {
    #[error("not valid JSON: {0}")]
    Json(String),
    #[error("symbol `{name}`: {problem}")]
    BadValue { name: String, problem: String },
    #[error("expected an object or a list of symbols at the top level, found {0}")]
    BadShape(&'static str),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symbols {
    /// Lower-case name -> (name as written, value).
    map: HashMap<String, (String, i64)>,
    load: Option<u16>,
    exec: Option<u16>,
}

impl Symbols {
    pub fn from_json(text: &str) -> Result<Symbols, SymbolError> {
        let root: Value =
            serde_json::from_str(text).map_err(|e| SymbolError::Json(e.to_string()))?;
        let mut symbols = Symbols::default();
        let root = match root.get("symbols") {
            Some(inner) if root.is_object() => {
                // The assembler's file also says where the program loads and starts.
                let address = |key| {
                    root.get(key)
                        .and_then(Value::as_u64)
                        .and_then(|v| u16::try_from(v).ok())
                };
                symbols.load = address("load");
                symbols.exec = address("exec");
                inner.clone()
            }
            _ => root,
        };
        match root {
            Value::Object(entries) => {
                for (name, value) in entries {
                    let v = match &value {
                        Value::Object(fields) => field_value(&name, fields)?,
                        other => number(&name, other)?,
                    };
                    symbols.insert(&name, v);
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let fields = item.as_object().ok_or_else(|| SymbolError::BadValue {
                        name: format!("#{i}"),
                        problem: "list entries must be objects with `name` and `value`".into(),
                    })?;
                    let name = fields.get("name").and_then(Value::as_str).ok_or_else(|| {
                        SymbolError::BadValue {
                            name: format!("#{i}"),
                            problem: "missing `name`".into(),
                        }
                    })?;
                    let v = field_value(name, fields)?;
                    symbols.insert(name, v);
                }
            }
            other => return Err(SymbolError::BadShape(kind(&other))),
        }
        Ok(symbols)
    }

    /// Reads a symbol file.
    pub fn load(path: &std::path::Path) -> Result<Symbols, crate::EmuError> {
        let text = std::fs::read_to_string(path).map_err(|error| crate::EmuError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        Symbols::from_json(&text).map_err(|error| crate::EmuError::SymbolFile {
            path: path.to_path_buf(),
            error,
        })
    }

    /// The load address the assembler recorded, if the file has one.
    pub fn load_address(&self) -> Option<u16> {
        self.load
    }

    /// The entry address the assembler recorded, if the file has one.
    pub fn exec_address(&self) -> Option<u16> {
        self.exec
    }

    fn insert(&mut self, name: &str, value: i64) {
        self.map
            .insert(name.to_ascii_lowercase(), (name.to_string(), value));
    }

    /// The value of `name` (any case).
    pub fn value(&self, name: &str) -> Option<i64> {
        self.map.get(&name.to_ascii_lowercase()).map(|(_, v)| *v)
    }

    /// `name` as a 16-bit address; `None` if missing or outside 0..=&FFFF.
    pub fn get(&self, name: &str) -> Option<u16> {
        self.value(name).and_then(|v| u16::try_from(v).ok())
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// (name as written, value), sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, i64)> {
        let mut all: Vec<_> = self.map.values().map(|(n, v)| (n.as_str(), *v)).collect();
        all.sort();
        all.into_iter()
    }
}

fn field_value(name: &str, fields: &serde_json::Map<String, Value>) -> Result<i64, SymbolError> {
    let v = ["value", "address", "addr"]
        .iter()
        .find_map(|k| fields.get(*k))
        .ok_or_else(|| SymbolError::BadValue {
            name: name.to_string(),
            problem: "no `value` or `address` field".into(),
        })?;
    number(name, v)
}

fn number(name: &str, v: &Value) -> Result<i64, SymbolError> {
    let bad = |problem: String| SymbolError::BadValue {
        name: name.to_string(),
        problem,
    };
    match v {
        Value::Number(n) => n
            .as_i64()
            .ok_or_else(|| bad(format!("{n} is not an integer"))),
        Value::String(s) => parse_number(s).ok_or_else(|| bad(format!("`{s}` is not a number"))),
        other => Err(bad(format!("expected a number, found {}", kind(other)))),
    }
}

/// `&1F`, `$1F`, `#1F`, `0x1F`, `1Fh`, or decimal, with an optional leading `-`.
pub fn parse_number(text: &str) -> Option<i64> {
    let t = text.trim();
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let hex = t
        .strip_prefix('&')
        .or_else(|| t.strip_prefix('$'))
        .or_else(|| t.strip_prefix('#'))
        .or_else(|| t.strip_prefix("0x"))
        .or_else(|| t.strip_prefix("0X"))
        .or_else(|| t.strip_suffix('h'))
        .or_else(|| t.strip_suffix('H'));
    let v = match hex {
        Some(digits) if !digits.is_empty() => i64::from_str_radix(digits, 16).ok()?,
        Some(_) => return None,
        None => t.parse().ok()?,
    };
    Some(if negative { -v } else { v })
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_object() {
        let s = Symbols::from_json(r#"{"Start": 16384, "board": "&8000", "neg": -2}"#).unwrap();
        assert_eq!(s.get("start"), Some(0x4000));
        assert_eq!(s.get("BOARD"), Some(0x8000));
        assert_eq!(s.get("neg"), None);
        assert_eq!(s.value("neg"), Some(-2));
        assert_eq!(s.get("missing"), None);
        assert_eq!(s.len(), 3);
    }

    #[test]
    fn nested_and_list_shapes() {
        let s = Symbols::from_json(
            r#"{"symbols": {"a": {"value": 1, "kind": "label"}, "b": {"address": "0x10"}}}"#,
        )
        .unwrap();
        assert_eq!((s.get("a"), s.get("b")), (Some(1), Some(16)));
        let s = Symbols::from_json(r#"[{"name": "x", "value": "1Fh"}]"#).unwrap();
        assert_eq!(s.get("X"), Some(31));
        let names: Vec<_> = s.iter().collect();
        assert_eq!(names, vec![("x", 31)]);
    }

    #[test]
    fn errors_name_the_symbol() {
        let e = Symbols::from_json(r#"{"a": "zz"}"#).unwrap_err();
        assert_eq!(e.to_string(), "symbol `a`: `zz` is not a number");
        let e = Symbols::from_json(r#"{"a": true}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "symbol `a`: expected a number, found a boolean"
        );
        let e = Symbols::from_json(r#"[{"value": 1}]"#).unwrap_err();
        assert_eq!(e.to_string(), "symbol `#0`: missing `name`");
        assert!(Symbols::from_json("{")
            .unwrap_err()
            .to_string()
            .starts_with("not valid JSON"));
        assert!(matches!(
            Symbols::from_json("3"),
            Err(SymbolError::BadShape("a number"))
        ));
    }

    #[test]
    fn number_forms() {
        for (text, want) in [
            ("&FF", 255),
            ("$ff", 255),
            ("#10", 16),
            ("0x10", 16),
            ("10h", 16),
            ("42", 42),
            ("-&10", -16),
        ] {
            assert_eq!(parse_number(text), Some(want), "{text}");
        }
        assert_eq!(parse_number("&"), None);
        assert_eq!(parse_number("x"), None);
    }
}
