//! What the caller can set for an assembly: defines, include directories, generated files and
//! the entry address.

use std::path::PathBuf;

use crate::diag::Span;
use crate::expr::{eval, parse_expr, Env, SymName};
use crate::keywords;
use crate::lexer::lex_file;
use crate::source::FileId;

/// Options of an assembly. `Options::default()` is what `assemble_str` uses.
///
/// ```
/// let opts = cpc_asm::Options::default()
///     .define("DEBUG", 1)
///     .generated_file("weights.inc", "weights: db 1,2,3\n");
/// let asm = cpc_asm::assemble_str_with("org &4000\ninclude \"weights.inc\"\n", &opts).unwrap();
/// assert_eq!(asm.binary(), vec![1, 2, 3]);
/// assert_eq!(asm.symbol("DEBUG"), Some(1));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Symbols defined before the first line, like `NAME EQU value` (`-D NAME=value`).
    pub defines: Vec<(String, i64)>,
    /// Where `INCLUDE`/`INCBIN` look after the including file's directory (`-I dir`).
    pub include_dirs: Vec<PathBuf>,
    /// In-memory files that `INCLUDE "name"` finds by exactly this name, before any disk file.
    pub generated: Vec<(String, String)>,
    /// Entry address, overriding `RUN` and the default (the start of the first code).
    pub exec: Option<u16>,
}

impl Options {
    /// Adds a define.
    pub fn define(mut self, name: impl Into<String>, value: i64) -> Self {
        self.defines.push((name.into(), value));
        self
    }

    /// Adds an include directory.
    pub fn include_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.include_dirs.push(dir.into());
        self
    }

    /// Adds a generated file that the sources can `INCLUDE` by `name`.
    pub fn generated_file(mut self, name: impl Into<String>, text: impl Into<String>) -> Self {
        self.generated.push((name.into(), text.into()));
        self
    }
}

/// Checks that `name` can be a symbol: letters, digits, `_` and `.`, not starting with a digit
/// or `.`, and not a reserved word.
pub(crate) fn check_symbol_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if !first_ok || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
        return Err(format!("`{name}` is not a valid symbol name"));
    }
    if keywords::is_keyword(name) || keywords::register(name).is_some() {
        return Err(format!("`{name}` is a reserved word"));
    }
    Ok(())
}

/// Reads `NAME=value` or `NAME` (value 1), as given to `-D`. The value is any constant
/// expression in source syntax (`&4000`, `1<<3`, `'A'`).
///
/// ```
/// assert_eq!(cpc_asm::parse_define("START=&4000"), Ok(("START".to_string(), 0x4000)));
/// assert_eq!(cpc_asm::parse_define("DEBUG"), Ok(("DEBUG".to_string(), 1)));
/// assert!(cpc_asm::parse_define("1X=2").is_err());
/// ```
pub fn parse_define(text: &str) -> Result<(String, i64), String> {
    let (name, value) = match text.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v.trim())),
        None => (text.trim(), None),
    };
    check_symbol_name(name)?;
    match value {
        Some(v) => Ok((name.to_string(), parse_value(v)?)),
        None => Ok((name.to_string(), 1)),
    }
}

/// Reads a constant in source syntax: `&4000`, `#4000`, `0x4000`, `16384`, `1<<14`, `'A'`.
///
/// ```
/// assert_eq!(cpc_asm::parse_value("&4000"), Ok(0x4000));
/// assert_eq!(cpc_asm::parse_value("(1 << 8) | 2"), Ok(258));
/// assert!(cpc_asm::parse_value("label").is_err());
/// ```
pub fn parse_value(text: &str) -> Result<i64, String> {
    let value = text.trim();
    let lines = lex_file(FileId(0), value);
    let line = &lines[0];
    if lines.len() != 1 {
        return Err("a value must be on one line".to_string());
    }
    if let Some(e) = &line.error {
        return Err(format!("in `{value}`: {}", e.message));
    }
    let end = Span::new(FileId(0), value.len() as u32, value.len() as u32);
    let expr = parse_expr(&line.tokens, end).map_err(|e| format!("in `{value}`: {}", e.message))?;
    eval(&expr, &mut Constant).map_err(|e| format!("in `{value}`: {}", e.message))
}

/// Reads an address (0..=&FFFF) as the command line gives one: a constant in source syntax
/// (`&4000`, `#4000`, `$4000`, `0x4000`, `4000h`, `16384`, `&4000+3`), or hex digits with an
/// `h` suffix that start with a letter (`C000h`, as symbol files write it). The one parser of
/// the `asm`, `dsk` and `run` commands.
///
/// ```
/// assert_eq!(cpc_asm::parse_address("&C000"), Ok(0xC000));
/// assert_eq!(cpc_asm::parse_address("C000h"), Ok(0xC000));
/// assert!(cpc_asm::parse_address("&10000").unwrap_err().contains("is not an address"));
/// ```
pub fn parse_address(text: &str) -> Result<u16, String> {
    let t = text.trim();
    let letter_hex = t
        .strip_suffix(['h', 'H'])
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_hexdigit()));
    let value = match letter_hex {
        Some(digits) => i64::from_str_radix(digits, 16).ok(),
        None => parse_value(t).ok(),
    };
    let Some(value) = value else {
        return Err(format!(
            "`{t}` is not an address: expected &4000, #4000, $4000, 0x4000, 4000h or a decimal \
             number 0-65535"
        ));
    };
    u16::try_from(value)
        .map_err(|_| format!("`{t}` is not an address: {value} is outside 0..=&FFFF"))
}

/// The environment of a define's value: no symbols, no address.
struct Constant;

impl Env for Constant {
    fn symbol(&mut self, name: &SymName, span: Span) -> Result<i64, crate::diag::Diagnostic> {
        Err(crate::diag::Diagnostic::error(
            format!("`{}`: a define's value cannot use symbols", name.text),
            span,
        ))
    }

    fn pc(&self, span: Span) -> Result<i64, crate::diag::Diagnostic> {
        Err(crate::diag::Diagnostic::error(
            "a define's value cannot use `$`",
            span,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::parse_address;

    /// The union of what `asm --exec`, `dsk put --load` and `run --load`/`--dump` accepted
    /// before they shared this parser.
    #[test]
    fn addresses_in_every_notation() {
        for text in [
            "&4000", "#4000", "$4000", "0x4000", "0X4000", "4000h", "4000H", "16384", " &4000 ",
            "&3FFF+1", "1<<14",
        ] {
            assert_eq!(parse_address(text), Ok(0x4000), "{text}");
        }
        for text in ["C000h", "c000H", "0C000h", "&c000", "49152"] {
            assert_eq!(parse_address(text), Ok(0xC000), "{text}");
        }
        assert_eq!(parse_address("&ffff"), Ok(0xFFFF));
        assert_eq!(parse_address("0"), Ok(0));
    }

    #[test]
    fn what_is_not_an_address_says_so() {
        for bad in ["", "&", "0x", "h", "board", "label+1", "$", "12 34"] {
            let err = parse_address(bad).unwrap_err();
            assert!(
                err.contains("is not an address: expected &4000"),
                "{bad}: {err}"
            );
        }
        for (bad, value) in [("&10000", "65536"), ("65536", "65536"), ("-1", "-1")] {
            let err = parse_address(bad).unwrap_err();
            assert_eq!(
                err,
                format!("`{bad}` is not an address: {value} is outside 0..=&FFFF")
            );
        }
    }
}
