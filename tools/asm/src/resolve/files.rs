//! Loads source and binary files once per assembly (all passes share them): finds `INCLUDE`d
//! names in the generated files, next to the including file, then in the include directories.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::diag::Span;
use crate::lexer::lex_file;
use crate::parser::{drop_unneeded_tokens, parse_line, Line};
use crate::source::{normalize, FileId, SourceMap, SourceProvider};

pub(crate) type Lines = Rc<[Rc<Line>]>;

/// Lookup answers by including file, then by name as written.
type Seen<T> = HashMap<FileId, HashMap<String, Result<T, String>>>;

pub(crate) struct Files<'p> {
    provider: &'p dyn SourceProvider,
    include_dirs: Vec<PathBuf>,
    generated: HashMap<String, String>,
    pub map: SourceMap,
    /// Per file: its parsed lines, and its path (None for generated and in-memory strings).
    lines: Vec<Lines>,
    paths: Vec<Option<PathBuf>>,
    by_key: HashMap<PathBuf, FileId>,
    binaries: HashMap<PathBuf, Rc<[u8]>>,
    /// Lookups that failed, by candidate list: a REPT or a later pass asks again.
    failed: HashMap<Vec<PathBuf>, String>,
    /// Answers already given, by including file and name as written (paths are slow to build).
    sources_seen: Seen<FileId>,
    binaries_seen: Seen<Rc<[u8]>>,
}

impl<'p> Files<'p> {
    pub fn new(
        provider: &'p dyn SourceProvider,
        include_dirs: Vec<PathBuf>,
        generated: HashMap<String, String>,
    ) -> Self {
        Files {
            provider,
            include_dirs,
            generated,
            map: SourceMap::default(),
            lines: Vec::new(),
            paths: Vec::new(),
            by_key: HashMap::new(),
            binaries: HashMap::new(),
            failed: HashMap::new(),
            sources_seen: HashMap::new(),
            binaries_seen: HashMap::new(),
        }
    }

    pub fn lines(&self, id: FileId) -> Lines {
        self.lines[id.0 as usize].clone()
    }

    /// Adds a file from text (also used for `assemble_str`).
    pub fn add_text(&mut self, name: String, bytes: &[u8], path: Option<PathBuf>) -> FileId {
        let id = self.map.add(name, bytes);
        let text = &self.map.file(id).text;
        let lexed = lex_file(id, text);
        let mut lines: Vec<Line> = lexed
            .into_iter()
            .enumerate()
            .map(|(i, l)| {
                let len = self.map.line_text(id, i).len() as u32;
                let span = Span::new(id, l.start, l.start + len);
                parse_line(l, span)
            })
            .collect();
        drop_unneeded_tokens(&mut lines);
        self.lines.push(lines.into_iter().map(Rc::new).collect());
        self.paths.push(path);
        id
    }

    /// A root file named on the command line or by the API.
    pub fn load_root(&mut self, path: &Path) -> Result<FileId, String> {
        let key = normalize(path);
        if let Some(&id) = self.by_key.get(&key) {
            return Ok(id);
        }
        let bytes = self
            .provider
            .read(&key)
            .map_err(|e| format!("cannot read `{}`: {}", path.display(), describe(&e)))?;
        let id = self.add_text(path.display().to_string(), &bytes, Some(key.clone()));
        self.by_key.insert(key, id);
        Ok(id)
    }

    /// Where to look for `name` included from file `from`.
    fn candidates(&self, name: &str, from: FileId) -> Vec<PathBuf> {
        let p = Path::new(name);
        if p.is_absolute() {
            return vec![p.to_path_buf()];
        }
        let here = self.paths[from.0 as usize]
            .as_ref()
            .and_then(|f| f.parent())
            .map_or_else(|| p.to_path_buf(), |dir| dir.join(p));
        let mut v = vec![normalize(&here)];
        v.extend(self.include_dirs.iter().map(|d| normalize(&d.join(p))));
        v
    }

    /// Reads the first candidate that exists.
    fn find(&mut self, name: &str, from: FileId) -> Result<(PathBuf, Vec<u8>), String> {
        let candidates = self.candidates(name, from);
        if let Some(msg) = self.failed.get(&candidates) {
            return Err(msg.clone());
        }
        let mut error = None;
        for c in &candidates {
            match self.provider.read(c) {
                Ok(bytes) => return Ok((c.clone(), bytes)),
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => {
                    error = Some(format!("cannot read `{}`: {}", c.display(), describe(&e)));
                    break;
                }
            }
        }
        let msg = error.unwrap_or_else(|| {
            let looked: Vec<String> = candidates
                .iter()
                .map(|c| format!("`{}`", c.display()))
                .collect();
            format!("file `{name}` not found (looked for {})", looked.join(", "))
        });
        self.failed.insert(candidates, msg.clone());
        Err(msg)
    }

    /// The source file `name` as written in an `INCLUDE` in file `from`.
    pub fn load_source(&mut self, name: &str, from: FileId) -> Result<FileId, String> {
        if let Some(r) = self.sources_seen.get(&from).and_then(|m| m.get(name)) {
            return r.clone();
        }
        let r = self.lookup_source(name, from);
        let seen = self.sources_seen.entry(from).or_default();
        seen.insert(name.to_string(), r.clone());
        r
    }

    fn lookup_source(&mut self, name: &str, from: FileId) -> Result<FileId, String> {
        if let Some(text) = self.generated.get(name) {
            let key = PathBuf::from(format!("<generated>/{name}"));
            if let Some(&id) = self.by_key.get(&key) {
                return Ok(id);
            }
            let bytes = text.clone().into_bytes();
            let id = self.add_text(name.to_string(), &bytes, None);
            self.by_key.insert(key, id);
            return Ok(id);
        }
        let first = self.candidates(name, from);
        if let Some(&id) = first.iter().find_map(|c| self.by_key.get(c)) {
            return Ok(id);
        }
        let (path, bytes) = self.find(name, from)?;
        if let Some(&id) = self.by_key.get(&path) {
            return Ok(id);
        }
        let id = self.add_text(path.display().to_string(), &bytes, Some(path.clone()));
        self.by_key.insert(path, id);
        Ok(id)
    }

    /// The bytes of the binary file `name` as written in an `INCBIN` in file `from`.
    pub fn load_binary(&mut self, name: &str, from: FileId) -> Result<Rc<[u8]>, String> {
        if let Some(r) = self.binaries_seen.get(&from).and_then(|m| m.get(name)) {
            return r.clone();
        }
        let r = self.lookup_binary(name, from);
        let seen = self.binaries_seen.entry(from).or_default();
        seen.insert(name.to_string(), r.clone());
        r
    }

    fn lookup_binary(&mut self, name: &str, from: FileId) -> Result<Rc<[u8]>, String> {
        if let Some(b) = self
            .candidates(name, from)
            .iter()
            .find_map(|c| self.binaries.get(c))
        {
            return Ok(b.clone());
        }
        let (path, bytes) = self.find(name, from)?;
        let bytes: Rc<[u8]> = bytes.into();
        self.binaries.insert(path, bytes.clone());
        Ok(bytes)
    }
}

fn describe(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        _ => e.to_string(),
    }
}
