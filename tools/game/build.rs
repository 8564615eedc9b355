//! Compiles the game's sources (`cpc/*.asm`) into the crate, so that a build can run with no
//! file system at all (the browser page): `OUT_DIR/embedded_sources.rs` lists every file.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let dir = manifest.join("../../cpc");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.ends_with(".asm").then_some(name)
        })
        .collect();
    names.sort();
    let mut out = String::from("/// Every `cpc/*.asm` file: its name and its text.\n");
    out.push_str("pub const EMBEDDED: &[(&str, &str)] = &[\n");
    for name in &names {
        let path = dir.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    std::fs::write(target.join("embedded_sources.rs"), out).expect("OUT_DIR is writable");
}
