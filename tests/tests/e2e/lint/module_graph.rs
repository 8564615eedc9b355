//! No module circles (docs/architecture.md, "The rule"): inside every crate of the workspace,
//! the modules of one parent use each other without a circle, so each one can be read (and
//! tested) knowing only the ones below it. A module may use its parent's items and its own
//! children; siblings form a layered graph.
//!
//! The graph comes from the sources: every `crate::a::b` and `super::a` path outside
//! comments and `#[cfg(test)]` modules, `use` groups included (`crate::{a, b::c}`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use cpc_e2e::workspace;

/// A module's path inside its crate: `["verify", "check"]` for `verify/check.rs`.
type ModPath = Vec<String>;

/// The source roots of the workspace's members (`members = [...]` of the root Cargo.toml), so
/// that a new crate is checked without being listed here.
fn crate_roots(root: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml reads");
    let line = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .expect("the workspace lists its members on one line");
    let members: Vec<String> = line
        .split('"')
        .skip(1)
        .step_by(2)
        .map(|m| format!("{m}/src"))
        .collect();
    assert!(members.len() >= 8, "members: {members:?}");
    members
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `verify/check.rs` -> [verify, check]; `verify/mod.rs` -> [verify]; `lib.rs` -> [].
fn module_of(root: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(root).unwrap();
    let mut parts: ModPath = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The source without comments and without its `#[cfg(test)]` modules (which sit at the end
/// of a file in this workspace, and whose `super` is the file's own module).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths of a `use` tree or a plain path starting at `text` (just after `crate::` or
/// `super::`): `a::b`, `{a, b::{c, d}}`. Each result is the list of its segments.
fn paths_at(text: &str) -> Vec<Vec<String>> {
    fn tree(chars: &[char], i: &mut usize) -> Vec<Vec<String>> {
        let mut prefix: Vec<String> = Vec::new();
        loop {
            while *i < chars.len() && chars[*i].is_whitespace() {
                *i += 1;
            }
            if *i < chars.len() && chars[*i] == '{' {
                *i += 1;
                let mut all = Vec::new();
                loop {
                    for mut p in tree(chars, i) {
                        let mut full = prefix.clone();
                        full.append(&mut p);
                        all.push(full);
                    }
                    while *i < chars.len() && chars[*i].is_whitespace() {
                        *i += 1;
                    }
                    match chars.get(*i) {
                        Some(',') => *i += 1,
                        Some('}') => {
                            *i += 1;
                            return all;
                        }
                        _ => return all,
                    }
                }
            }
            let start = *i;
            while *i < chars.len() && is_ident(chars[*i]) {
                *i += 1;
            }
            if *i == start {
                return vec![prefix];
            }
            prefix.push(chars[start..*i].iter().collect());
            if chars.get(*i) == Some(&':') && chars.get(*i + 1) == Some(&':') {
                *i += 2;
            } else {
                return vec![prefix];
            }
        }
    }
    let chars: Vec<char> = text.chars().take(2000).collect();
    tree(&chars, &mut 0)
}

/// The absolute module paths a file's code names.
fn references(module: &ModPath, code: &str) -> Vec<ModPath> {
    let mut out = Vec::new();
    for (keyword, base) in [
        ("crate::", Vec::new()),
        ("super::", {
            // `super` of verify/check.rs is verify; of verify/mod.rs, the crate root.
            let mut parent = module.clone();
            parent.pop();
            parent
        }),
    ] {
        let mut from = 0;
        while let Some(at) = code[from..].find(keyword) {
            let pos = from + at;
            from = pos + keyword.len();
            if pos > 0 && is_ident(code[..pos].chars().last().unwrap()) {
                continue; // `foo_crate::`, `self::super::` and the like
            }
            for path in paths_at(&code[from..]) {
                let mut full = base.clone();
                full.extend(path);
                out.push(full);
            }
        }
    }
    out
}

/// Edges between sibling modules: (parent, from child, to child).
fn sibling_edges(root: &Path) -> BTreeSet<(ModPath, String, String)> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let modules: BTreeSet<ModPath> = files.iter().map(|f| module_of(root, f)).collect();
    let mut edges = BTreeSet::new();
    for file in &files {
        let from = module_of(root, file);
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        for target in references(&from, &code) {
            // The deepest module the path names (the rest are items).
            let Some(to) = (1..=target.len())
                .rev()
                .map(|n| target[..n].to_vec())
                .find(|p| modules.contains(p))
            else {
                continue;
            };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common < from.len() && common < to.len() {
                edges.insert((
                    from[..common].to_vec(),
                    from[common].clone(),
                    to[common].clone(),
                ));
            }
        }
    }
    edges
}

/// The circles of a directed graph: its strongly connected components of two or more nodes.
fn circles(edges: &[(String, String)]) -> Vec<BTreeSet<String>> {
    let nodes: BTreeSet<&String> = edges.iter().flat_map(|(a, b)| [a, b]).collect();
    let reach = |start: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(n) = stack.pop() {
            for (a, b) in edges {
                if *a == n && seen.insert(b.clone()) {
                    stack.push(b.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut found: Vec<BTreeSet<String>> = Vec::new();
    for n in &nodes {
        if !reaches[n].contains(*n) {
            continue;
        }
        let component: BTreeSet<String> = nodes
            .iter()
            .filter(|m| reaches[n].contains(**m) && reaches[**m].contains(*n))
            .map(|m| (*m).clone())
            .collect();
        if !found.contains(&component) {
            found.push(component);
        }
    }
    found
}

fn describe(crate_root: &str, parent: &ModPath, circle: &BTreeSet<String>) -> String {
    let at = if parent.is_empty() {
        String::new()
    } else {
        format!("{}::", parent.join("::"))
    };
    let names: Vec<String> = circle.iter().map(|m| format!("{at}{m}")).collect();
    format!("{crate_root}: {}", names.join(" <-> "))
}

#[test]
fn no_crate_has_a_module_circle() {
    let root = workspace::root();
    let mut problems = Vec::new();
    for krate in &crate_roots(&root) {
        let edges = sibling_edges(&root.join(krate));
        let parents: BTreeSet<&ModPath> = edges.iter().map(|(p, ..)| p).collect();
        for parent in parents {
            let local: Vec<(String, String)> = edges
                .iter()
                .filter(|(p, ..)| p == parent)
                .map(|(_, a, b)| (a.clone(), b.clone()))
                .collect();
            for circle in circles(&local) {
                problems.push(describe(krate, parent, &circle));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "module circles (a module uses another that uses it back, directly or through others; \
         docs/architecture.md says how to break them):\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn the_lint_sees_use_groups_super_paths_and_circles() {
    let paths = paths_at("{a, b::{c, D}, e::f}; fn x() {}");
    assert_eq!(
        paths,
        vec![
            vec!["a".to_string()],
            vec!["b".into(), "c".into()],
            vec!["b".into(), "D".into()],
            vec!["e".into(), "f".into()]
        ]
    );
    let module = vec!["verify".to_string(), "check".to_string()];
    let refs = references(&module, "use super::game::play;\nx = crate::mame::run();");
    assert!(refs.contains(&vec!["verify".into(), "game".into(), "play".into()]));
    assert!(refs.contains(&vec!["mame".into(), "run".into()]));
    let e = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(circles(&[e("a", "b"), e("b", "c")]).len(), 0);
    let found = circles(&[e("a", "b"), e("b", "c"), e("c", "a"), e("c", "d")]);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 3);
}
