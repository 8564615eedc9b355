//! A test's scratch directory, shared as a source file by the test code of the workspace's
//! crates (`#[path]`: they have no library in common that should carry test scaffolding).

use std::ops::Deref;
use std::path::Path;

/// A fresh, empty directory under the system's temporary directory, named
/// `{suite}-{process id}-{name}-` and a random suffix (which makes it unique; the rest tells a
/// person whose it is).
pub fn scratch_dir(suite: &str, name: &str) -> ScratchDir {
    let prefix = format!("{suite}-{}-{name}-", std::process::id());
    let dir = tempfile::Builder::new()
        .prefix(&prefix)
        .tempdir()
        .unwrap_or_else(|e| panic!("cannot create a scratch directory {prefix}: {e}"));
    ScratchDir(dir)
}

/// Removed on drop, so that test runs do not litter the temp dir; kept (and named on
/// stderr) when dropped by a panicking, i.e. failing, test, so its files can be looked at.
/// Keep it in a binding for as long as the files are used.
#[derive(Debug)]
pub struct ScratchDir(tempfile::TempDir);

impl Drop for ScratchDir {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.disable_cleanup(true);
            eprintln!("kept {} for inspection", self.0.path().display());
        }
    }
}

impl Deref for ScratchDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for ScratchDir {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}
