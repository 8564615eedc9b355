//! Paths of the workspace as seen from a running test: its root, the target directory and
//! profile the test was built with, the `cpc-othello` binary, and where test output goes.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The workspace root (the directory holding the root `Cargo.toml`).
pub fn root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// The target directory and profile directory name (`debug`, `release`, ...) of the
/// running test executable, which lives in `<target>/<profile>/deps/`.
pub fn target_and_profile() -> (PathBuf, String) {
    let exe = std::env::current_exe().unwrap_or_default();
    let deps = exe.parent().unwrap_or(Path::new("."));
    let profile_dir = deps.parent().unwrap_or(Path::new("."));
    let target = profile_dir.parent().unwrap_or(Path::new("."));
    let profile = profile_dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "debug".into());
    (target.to_path_buf(), profile)
}

/// `<target>/test-output/<name>`, created if needed: where tests leave files for people
/// to look at (screenshots, disc images).
pub fn test_output(name: &str) -> PathBuf {
    let dir = target_and_profile().0.join("test-output").join(name);
    // A failure here shows up when the first file is written there.
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// The `cpc-othello` binary, built (or found up to date) with the test's own profile
/// and target directory, once per test process. `cargo test --workspace` has built it
/// already, so this is normally a no-op; `cargo test -p cpc-e2e` builds it here.
pub fn cli_binary() -> Result<PathBuf, String> {
    static BINARY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            let (target, profile_dir) = target_and_profile();
            let profile = if profile_dir == "debug" {
                "dev".to_string()
            } else {
                profile_dir.clone()
            };
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let output = Command::new(&cargo)
                .arg("build")
                .arg("--quiet")
                .args(["-p", "cpc-othello", "--profile", &profile])
                .arg("--target-dir")
                .arg(&target)
                .arg("--manifest-path")
                .arg(root().join("Cargo.toml"))
                .output()
                .map_err(|e| format!("cannot run {cargo}: {e}"))?;
            if !output.status.success() {
                return Err(format!(
                    "building cpc-othello failed:\n{}",
                    String::from_utf8_lossy(&output.stderr)
                ));
            }
            let binary = target
                .join(profile_dir)
                .join(format!("cpc-othello{}", std::env::consts::EXE_SUFFIX));
            if binary.is_file() {
                Ok(binary)
            } else {
                Err(format!("{} was not built", binary.display()))
            }
        })
        .clone()
}

#[path = "../../tools/game/tests/support/scratch_dir.rs"]
mod scratch_dir;

pub use scratch_dir::ScratchDir;

/// A fresh, empty scratch directory under the system temp dir, unique to this process
/// and `name`, removed when the test is done with it (kept when it failed).
pub fn scratch_dir(name: &str) -> ScratchDir {
    scratch_dir::scratch_dir("cpc-e2e", name)
}
