//! A Z80 assembler and linker for Amstrad CPC sources (WinAPE / Maxam / RASM syntax).
//!
//! It turns source files into bytes, listings and symbol files, and knows nothing of the
//! programs it builds. The pipeline reads top to bottom in [`assemble_with`]:
//!
//! 1. `lexer` and `parser` turn each file into lines of statements, once (`resolve::files`);
//! 2. `resolve` runs passes over the lines (conditionals, macros, REPT, includes, symbols,
//!    layout) until every value is final; instructions are encoded by [`encode`];
//! 3. `link` checks that sections do not overlap; [`Assembly`] holds the result and writes
//!    the listing, symbol files and memory map (`output`). AMSDOS headers are `cpc-dsk`'s.
//!
//! Errors are collected, not thrown: [`Diagnostics`] holds every error of the final pass,
//! rendered like rustc's. No input can make the assembler panic.
//!
//! # Example
//!
//! ```
//! let asm = cpc_asm::assemble_str(
//!     "        org &4000\n\
//!      start:  db 1, 2, \"AB\"\n\
//!              dw start, end\n\
//!      end:\n",
//! )
//! .unwrap();
//! assert_eq!(asm.load_address(), 0x4000);
//! assert_eq!(asm.binary(), vec![1, 2, b'A', b'B', 0x00, 0x40, 0x08, 0x40]);
//! assert_eq!(asm.symbol("END"), Some(0x4008));
//!
//! let err = cpc_asm::assemble_str("  db 1/0\n").unwrap_err();
//! assert_eq!(err.errors()[0].message(), "division by zero");
//! assert!(err.to_string().contains(" --> <input>:1:8"));
//! ```

#![deny(missing_docs)]

mod assembly;
mod diag;
pub mod encode;
mod expr;
mod keywords;
mod lexer;
mod link;
mod options;
mod output;
mod parser;
mod resolve;
mod source;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use assembly::{Assembly, ListingEntry, Section, Symbol, SymbolKind};
pub use diag::{Diagnostic, Diagnostics, Location, Note};
pub use options::{parse_address, parse_define, parse_value, Options};
pub use source::{FileSystem, MemoryFiles, SourceProvider};

/// The name under which [`assemble_str`] sources appear in messages.
pub const STRING_SOURCE_NAME: &str = "<input>";

/// Assembles source text with default options. `INCLUDE` finds nothing on disk.
pub fn assemble_str(src: &str) -> Result<Assembly, Diagnostics> {
    assemble_str_with(src, &Options::default())
}

/// Assembles source text; `INCLUDE` can find `options.generated` files only.
pub fn assemble_str_with(src: &str, options: &Options) -> Result<Assembly, Diagnostics> {
    let mut files = MemoryFiles::new();
    files.insert(STRING_SOURCE_NAME, src.as_bytes());
    assemble_with(&files, &[PathBuf::from(STRING_SOURCE_NAME)], options)
}

/// Assembles one file from disk.
pub fn assemble_file(path: impl AsRef<Path>, options: &Options) -> Result<Assembly, Diagnostics> {
    assemble_with(&FileSystem, &[path.as_ref().to_path_buf()], options)
}

/// Assembles several files from disk into one program: they share their symbols, and each file
/// starts where the previous one ended unless it sets its own `ORG`.
pub fn assemble_files(paths: &[PathBuf], options: &Options) -> Result<Assembly, Diagnostics> {
    assemble_with(&FileSystem, paths, options)
}

/// Assembles `roots` (in order) read through `provider`.
pub fn assemble_with(
    provider: &dyn SourceProvider,
    roots: &[PathBuf],
    options: &Options,
) -> Result<Assembly, Diagnostics> {
    let generated: HashMap<String, String> = options.generated.iter().cloned().collect();
    let mut files = resolve::files::Files::new(provider, options.include_dirs.clone(), generated);

    let mut errors = Vec::new();
    for (name, _) in &options.defines {
        if let Err(msg) = options::check_symbol_name(name) {
            errors.push(Diagnostic::global(format!("bad define: {msg}")));
        }
    }
    let mut ids = Vec::new();
    for root in roots {
        match files.load_root(root) {
            Ok(id) => ids.push(id),
            Err(msg) => errors.push(Diagnostic::global(msg)),
        }
    }
    if roots.is_empty() {
        errors.push(Diagnostic::global("no source file to assemble"));
    }
    if !errors.is_empty() {
        return Err(Diagnostics::new(Arc::new(files.map), errors, Vec::new()));
    }

    let mut out = resolve::resolve_iteratively(&mut files, &ids, &options.defines);
    if out.errors.is_empty() {
        out.errors = link::check_overlaps(&out.sections);
    }
    let sources = Arc::new(files.map);
    if !out.errors.is_empty() {
        let errors = std::mem::take(&mut out.errors);
        return Err(Diagnostics::new(sources, errors, out.printed));
    }
    Ok(Assembly::new(sources, out, options.exec))
}
