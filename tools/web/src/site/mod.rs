//! The page as files (native only): the WebAssembly module ([`wasm`]), the page's own static
//! files compiled into this crate, and the default build shipped beside them, so the page
//! starts the game at once; [`server`] serves a directory of them on 127.0.0.1.
//! `cpc-othello web` and the browser test both go through here.

pub mod server;
pub mod wasm;

use std::path::{Path, PathBuf};

use cpc_game::sources::DEFAULT_WEIGHTS_TEXT;

use crate::bundle::Bundle;
use crate::rebuild;

/// The page's own files: the HTML, the JavaScript glue and logic, the style.
pub const ASSETS: &[(&str, &str)] = &[
    ("index.html", include_str!("../../assets/index.html")),
    ("style.css", include_str!("../../assets/style.css")),
    ("cpc.js", include_str!("../../assets/cpc.js")),
    ("page.js", include_str!("../../assets/page.js")),
    ("screen.js", include_str!("../../assets/screen.js")),
    ("panels.js", include_str!("../../assets/panels.js")),
    ("worker.js", include_str!("../../assets/worker.js")),
];

/// The module's file name in the page.
pub const WASM_FILE: &str = "cpc_web.wasm";

/// The default build's file name: the program `cpc-othello build` makes of `cpc/weights.toml`.
pub const DEFAULT_BUILD_FILE: &str = "default.build";

/// Why the page could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// A file could not be written.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        error: std::io::Error,
    },
    /// The default build failed.
    #[error("the default build: {0}")]
    Build(#[from] rebuild::RebuildError),
    /// The WebAssembly build failed.
    #[error("{0}")]
    Wasm(String),
}

/// The page written: its directory, its files and their sizes, the default build's CRC-32.
#[derive(Clone, Debug)]
pub struct Page {
    /// The directory (index.html at its root).
    pub dir: PathBuf,
    /// Each file and its size in bytes.
    pub files: Vec<(String, u64)>,
    /// The default build's CRC-32.
    pub crc32: u32,
}

impl Page {
    /// Bytes the page downloads in all.
    #[must_use]
    pub fn total_bytes(&self) -> u64 {
        self.files.iter().map(|(_, n)| n).sum()
    }
}

/// Writes the page into `dir`: the static files, the module `wasm`, and the default build.
///
/// # Errors
/// [`SiteError`] when a file cannot be written or the default build fails.
pub fn write_page(dir: &Path, wasm: &[u8]) -> Result<Page, SiteError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |error| SiteError::Io { path, error }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let default: Bundle = rebuild::build(DEFAULT_WEIGHTS_TEXT)?;
    let built = default.encode();
    let mut files = Vec::new();
    let all = ASSETS
        .iter()
        .map(|(name, text)| (*name, text.as_bytes()))
        .chain([(WASM_FILE, wasm), (DEFAULT_BUILD_FILE, built.as_slice())]);
    for (name, bytes) in all {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(io(&path))?;
        files.push((name.to_string(), bytes.len() as u64));
    }
    Ok(Page {
        dir: dir.to_path_buf(),
        files,
        crc32: default.crc32,
    })
}

/// Builds the module and writes the page into `dir` ([`wasm::build`], then [`write_page`]).
///
/// # Errors
/// As both.
pub fn build_page(dir: &Path) -> Result<Page, SiteError> {
    let module = wasm::build().map_err(SiteError::Wasm)?;
    let bytes = std::fs::read(&module).map_err(|error| SiteError::Io {
        path: module.clone(),
        error,
    })?;
    write_page(dir, &bytes)
}
