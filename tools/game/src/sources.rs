//! The game's sources: the `cpc/` directory of this workspace, or the same files compiled into
//! the crate ([`embedded`]), so that a build needs no file system (the browser page builds the
//! program this way).

use std::path::{Path, PathBuf};

use cpc_asm::MemoryFiles;

mod files {
    include!(concat!(env!("OUT_DIR"), "/embedded_sources.rs"));
}

/// The top source file: the one the assembler is handed; it includes the others.
pub const MAIN_SOURCE: &str = "main.asm";

/// The weights file's text as the workspace ships it (`cpc/weights.toml`).
pub const DEFAULT_WEIGHTS_TEXT: &str = othello_engine::weights::DEFAULT_TOML;

/// The weights file's name inside a sources directory: where every command looks when it is
/// given no `--weights`.
pub const WEIGHTS_FILE: &str = "weights.toml";

/// Where the game's sources are read from.
#[derive(Clone, Debug)]
pub enum Sources {
    /// A directory holding [`MAIN_SOURCE`] and the files it includes.
    Dir(PathBuf),
    /// Files in memory: a name (as `include` writes it) and its text.
    Memory(Vec<(String, String)>),
}

impl Sources {
    /// The directory, for a build from files.
    #[must_use]
    pub fn dir(path: impl Into<PathBuf>) -> Sources {
        Sources::Dir(path.into())
    }

    /// How diagnostics name the top file.
    #[must_use]
    pub fn main_path(&self) -> PathBuf {
        match self {
            Sources::Dir(dir) => dir.join(MAIN_SOURCE),
            Sources::Memory(_) => PathBuf::from(MAIN_SOURCE),
        }
    }

    /// The in-memory files as the assembler reads them (`None` for a directory).
    #[must_use]
    pub fn memory_files(&self) -> Option<MemoryFiles> {
        match self {
            Sources::Dir(_) => None,
            Sources::Memory(files) => {
                let mut memory = MemoryFiles::new();
                for (name, text) in files {
                    memory.insert(name, text.as_bytes());
                }
                Some(memory)
            }
        }
    }
}

/// The game's sources in this workspace (`cpc/`).
#[must_use]
pub fn default_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cpc");
    // Shorter names in messages and in weights.inc; the joined path works as well.
    std::fs::canonicalize(&dir).unwrap_or(dir)
}

/// The weights file of this workspace's sources: [`WEIGHTS_FILE`] in [`default_dir`].
#[must_use]
pub fn default_weights() -> PathBuf {
    default_dir().join(WEIGHTS_FILE)
}

/// `cpc/*.asm` as they were when this crate was compiled: a build from them reads no file.
#[must_use]
pub fn embedded() -> Sources {
    Sources::Memory(
        files::EMBEDDED
            .iter()
            .map(|(name, text)| ((*name).to_string(), (*text).to_string()))
            .collect(),
    )
}

/// The names of the embedded files, for messages and tests.
#[must_use]
pub fn embedded_names() -> Vec<&'static str> {
    files::EMBEDDED.iter().map(|(name, _)| *name).collect()
}
