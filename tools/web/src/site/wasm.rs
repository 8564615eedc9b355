//! The page's WebAssembly module: this crate built as a `cdylib` for `wasm32-unknown-unknown`
//! by a child `cargo` (the one that runs us, `$CARGO`, else `cargo` on the PATH), in a target
//! directory of its own under the workspace's (`target/web-wasm`), so that it never waits for
//! the build lock of the `cargo run` or `cargo test` that started it. The release profile is
//! tuned for the download through cargo's `CARGO_PROFILE_RELEASE_*` variables (no debug
//! information, one codegen unit, link-time optimisation, `panic = "abort"`), which leaves the
//! workspace's own profile alone.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The target the page's module is built for.
pub const TARGET: &str = "wasm32-unknown-unknown";

/// The workspace root: the folder holding the game's sources (`cpc/`).
#[must_use]
pub fn workspace_root() -> PathBuf {
    let sources = cpc_game::sources::default_dir();
    sources.parent().map_or(sources.clone(), Path::to_path_buf)
}

/// The directory the module is built in: `web-wasm` in the workspace's target directory
/// (`$CARGO_TARGET_DIR` when set).
#[must_use]
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from)
        .join("web-wasm")
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// Whether the wasm target's standard library is installed: `None` when that cannot be told
/// (no rustup: then the build itself says).
#[must_use]
pub fn target_installed() -> Option<bool> {
    let out = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    let sysroot = String::from_utf8(out.stdout).ok()?;
    let lib = Path::new(sysroot.trim()).join("lib/rustlib").join(TARGET);
    Some(lib.is_dir())
}

/// Installs the wasm target with rustup when it is missing.
///
/// # Errors
/// What to run when it cannot.
pub fn ensure_target() -> Result<(), String> {
    if target_installed() != Some(false) {
        return Ok(());
    }
    eprintln!("web: the {TARGET} target is missing; running `rustup target add {TARGET}`");
    let status = Command::new("rustup")
        .args(["target", "add", TARGET])
        .status();
    match status {
        Ok(s) if s.success() => Ok(()),
        _ => Err(format!(
            "the Rust target {TARGET} is not installed and rustup could not add it: run \
             `rustup target add {TARGET}` (or install your distribution's rust-std for it)"
        )),
    }
}

/// Builds the module and returns its path.
///
/// # Errors
/// Why the build failed (cargo's own messages went to standard error).
pub fn build() -> Result<PathBuf, String> {
    ensure_target()?;
    let dir = target_dir();
    let manifest = workspace_root().join("Cargo.toml");
    eprintln!(
        "web: building the page's WebAssembly module (cargo, {TARGET}, release) in {}",
        dir.display()
    );
    let status = Command::new(cargo())
        .arg("rustc")
        .arg("--manifest-path")
        .arg(&manifest)
        .args(["--release", "--target", TARGET, "-p", "cpc-web", "--lib"])
        .args(["--crate-type", "cdylib"])
        .env("CARGO_TARGET_DIR", &dir)
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("CARGO_PROFILE_RELEASE_STRIP", "debuginfo")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "3")
        .env("CARGO_PROFILE_RELEASE_LTO", "true")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "1")
        .env("CARGO_PROFILE_RELEASE_PANIC", "abort")
        .status()
        .map_err(|e| format!("cannot start `{}`: {e}", cargo()))?;
    if !status.success() {
        return Err(format!(
            "the WebAssembly build failed ({status}); its messages are above"
        ));
    }
    let module = dir.join(TARGET).join("release").join("cpc_web.wasm");
    if module.is_file() {
        Ok(module)
    } else {
        Err(format!("the build wrote no {}", module.display()))
    }
}
