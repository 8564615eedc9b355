//! Data-driven cases: every `tests/cases/*.asm` is assembled and checked against the
//! expectations written in its comments.
//!
//! - `; = 3E 01` — the bytes this line emits (with everything it includes or expands); a line
//!   that emits bytes must say so, `; =` alone means none.
//! - `; error: text` — an error whose message contains `text` points at this line. A case with
//!   such lines must fail, with no other errors.
//! - `; print: text` — `PRINT` output, in order.
//! - `;; file: name` — the lines below form another (in-memory) file, for INCLUDE/INCBIN.
//!   The first part of the case file is the root, named after the case.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use cpc_asm::{assemble_with, MemoryFiles, Options};

#[derive(Default)]
struct Expect {
    bytes: BTreeMap<(String, usize), Vec<u8>>,
    errors: Vec<(String, usize, String)>,
    prints: Vec<String>,
}

fn hex_bytes(text: &str) -> Result<Vec<u8>, String> {
    text.split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).map_err(|_| format!("bad byte `{h}` in expectation")))
        .collect()
}

/// Splits the case into files and reads the expectations.
fn load(path: &Path) -> Result<(MemoryFiles, String, Expect), String> {
    let text = fs::read_to_string(path).map_err(|e| e.to_string())?;
    let root = path.file_name().unwrap().to_string_lossy().to_string();
    let mut files: Vec<(String, String)> = vec![(root.clone(), String::new())];
    let mut ex = Expect::default();
    let mut line_no = 0;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix(";; file: ") {
            files.push((name.trim().to_string(), String::new()));
            line_no = 0;
            continue;
        }
        line_no += 1;
        let (file, body) = files.last_mut().unwrap();
        body.push_str(line);
        body.push('\n');
        let key = (file.clone(), line_no);
        if let Some(i) = line.find("; =") {
            ex.bytes.insert(key.clone(), hex_bytes(&line[i + 3..])?);
        }
        for part in line.split("; error:").skip(1) {
            ex.errors
                .push((file.clone(), line_no, part.trim().to_string()));
        }
        if let Some(i) = line.find("; print:") {
            ex.prints.push(line[i + 8..].trim().to_string());
        }
    }
    let mut mem = MemoryFiles::new();
    for (name, body) in &files {
        if let Some(hex) = name.strip_suffix(".hex") {
            // Binary files for INCBIN are written as hex bytes; the file is named without `.hex`.
            mem.insert(hex, hex_bytes(body.lines().next().unwrap_or(""))?);
        } else {
            mem.insert(name, body.as_bytes());
        }
    }
    Ok((mem, root, ex))
}

fn run_case(path: &Path) -> Result<(), String> {
    let (files, root, ex) = load(path)?;
    if !ex.errors.is_empty() && !ex.bytes.is_empty() {
        return Err("a case checks either bytes (`; =`) or errors (`; error:`), not both".into());
    }
    let result = assemble_with(&files, &[PathBuf::from(&root)], &Options::default());
    if !ex.errors.is_empty() {
        let diags = match result {
            Ok(_) => return Err("assembled, but errors were expected".to_string()),
            Err(d) => d,
        };
        let mut missing: Vec<&(String, usize, String)> = ex.errors.iter().collect();
        for d in diags.errors() {
            let at = d.location().map(|l| (l.file.clone(), l.line));
            let found = missing.iter().position(|(f, l, m)| {
                at.as_ref() == Some(&(f.clone(), *l)) && d.message().contains(m.as_str())
            });
            match found {
                Some(i) => {
                    missing.remove(i);
                }
                None => return Err(format!("unexpected error:\n{}", diags.render(d))),
            }
        }
        if let Some((f, l, m)) = missing.first() {
            return Err(format!(
                "expected error `{m}` at {f}:{l} was not reported; got:\n{diags}"
            ));
        }
        return Ok(());
    }
    let asm = result.map_err(|d| format!("failed:\n{d}"))?;
    let mut got: BTreeMap<(String, usize), Vec<u8>> = BTreeMap::new();
    for e in asm.listing_entries() {
        // Bytes belong to the root line that produced them; lines of other files are checked
        // through the INCLUDE line that pulled them in.
        got.entry((root.clone(), e.top_line))
            .or_default()
            .extend(e.bytes);
    }
    for (key, bytes) in &got {
        let want = ex.bytes.get(key);
        if !bytes.is_empty() && want.is_none() {
            return Err(format!(
                "{}:{} emits {:02X?} but has no `; =`",
                key.0, key.1, bytes
            ));
        }
    }
    for (key, want) in &ex.bytes {
        let have = got.get(key).cloned().unwrap_or_default();
        if &have != want {
            return Err(format!(
                "{}:{}: expected {:02X?}, got {:02X?}",
                key.0, key.1, want, have
            ));
        }
    }
    if asm.printed() != ex.prints.as_slice() {
        return Err(format!(
            "printed {:?}, expected {:?}",
            asm.printed(),
            ex.prints
        ));
    }
    Ok(())
}

#[test]
fn all_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "asm"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 10, "cases missing in {}", dir.display());
    let mut failures = Vec::new();
    for p in &paths {
        if let Err(msg) = run_case(p) {
            failures.push(format!(
                "--- {}\n{msg}",
                p.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    eprintln!("{} cases, {} failed", paths.len(), failures.len());
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
