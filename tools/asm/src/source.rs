//! Source files: how they are read (the [`SourceProvider`] trait) and how they are kept once read
//! (the source map that turns byte offsets into lines and columns for diagnostics).

use std::collections::HashMap;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Reads the files that the sources name (roots, `INCLUDE`, `INCBIN`).
///
/// The assembler never touches the file system itself, so tests can use [`MemoryFiles`].
pub trait SourceProvider {
    /// The whole content of the file at `path`.
    fn read(&self, path: &Path) -> io::Result<Vec<u8>>;
}

/// Reads from the real file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct FileSystem;

impl SourceProvider for FileSystem {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        std::fs::read(path)
    }
}

/// Files held in memory, keyed by path (with `.` components removed).
#[derive(Clone, Debug, Default)]
pub struct MemoryFiles {
    files: HashMap<PathBuf, Vec<u8>>,
}

impl MemoryFiles {
    /// No files.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) a file.
    pub fn insert(&mut self, path: impl AsRef<Path>, contents: impl Into<Vec<u8>>) -> &mut Self {
        self.files.insert(normalize(path.as_ref()), contents.into());
        self
    }
}

impl SourceProvider for MemoryFiles {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        self.files
            .get(&normalize(path))
            .cloned()
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file"))
    }
}

/// Drops `.` components so that `./a.asm` and `a.asm` name the same file.
pub(crate) fn normalize(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

/// Index of a file in the source map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub(crate) u32);

/// One file as read: its name for messages and its text split into lines.
#[derive(Debug)]
pub(crate) struct SourceFile {
    pub name: String,
    pub text: String,
    /// Byte offset where each line starts.
    pub line_starts: Vec<u32>,
}

/// Every file read during one assembly.
#[derive(Debug, Default)]
pub(crate) struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// Adds a file; `bytes` that are not UTF-8 are read as Latin-1 (old CPC sources are).
    pub fn add(&mut self, name: String, bytes: &[u8]) -> FileId {
        let text = match std::str::from_utf8(bytes) {
            Ok(s) => s.to_owned(),
            Err(_) => bytes.iter().map(|&b| b as char).collect(),
        };
        let mut line_starts = vec![0u32];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        self.files.push(SourceFile {
            name,
            text,
            line_starts,
        });
        FileId(self.files.len() as u32 - 1)
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// 0-based line index containing byte `offset`.
    pub fn line_index(&self, id: FileId, offset: u32) -> usize {
        let starts = &self.file(id).line_starts;
        starts.partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// The text of 0-based line `index`, without its line ending.
    pub fn line_text(&self, id: FileId, index: usize) -> &str {
        let f = self.file(id);
        let start = f.line_starts[index] as usize;
        let end = f
            .line_starts
            .get(index + 1)
            .map_or(f.text.len(), |&e| e as usize);
        f.text[start..end].trim_end_matches(['\n', '\r'])
    }

    /// 1-based line and column (in characters) of byte `offset`.
    pub fn line_col(&self, id: FileId, offset: u32) -> (usize, usize) {
        let line = self.line_index(id, offset);
        let f = self.file(id);
        let start = f.line_starts[line] as usize;
        let end = (offset as usize).min(f.text.len());
        let col = f.text.get(start..end).map_or(0, |s| s.chars().count());
        (line + 1, col + 1)
    }
}
