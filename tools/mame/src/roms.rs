//! The Amstrad ROMs MAME needs, fetched from a PyPI wheel that ships them
//! (`amle-py==1.1.5`) into a directory laid out as MAME's `-rompath` expects: once per user
//! into a cache directory that the tests and the command line share ([`fetch`],
//! [`user_cache_dir`]), or into a directory of the caller's ([`fetch_cached`]). They are
//! never stored in the repository.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

const WHEEL: &str = "amle-py==1.1.5";
/// Offset of the 8x8 character matrix table in the 464 and 6128 firmware ROMs (&3800 in
/// the lower ROM; 256 characters x 8 bytes, top row first, bit 7 = leftmost pixel).
pub const FONT_OFFSET: usize = 0x3800;

/// A MAME ROM directory with the CPC 6128, CPC 464 and DDI-1 (AMSDOS) ROMs.
#[derive(Debug, Clone)]
pub struct Roms {
    dir: PathBuf,
}

/// The files of a ROM directory, as MAME's `-rompath` wants them.
pub const FILES: [&str; 4] = [
    "cpc6128/cpc6128.rom",
    "cpc6128/cpcados.rom",
    "cpc464/cpc464.rom",
    "cpc_ddi1/cpcados.rom",
];

impl Roms {
    /// An existing ROM directory (holding every one of [`FILES`]), or what it lacks.
    pub fn in_dir(dir: &Path) -> Result<Roms, String> {
        match FILES.iter().find(|f| !dir.join(f).is_file()) {
            Some(missing) => Err(format!(
                "{}: no {missing} (a MAME ROM directory holds {})",
                dir.display(),
                FILES.join(", ")
            )),
            None => Ok(Roms {
                dir: dir.to_path_buf(),
            }),
        }
    }

    /// The directory to pass as `-rompath`.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The 2 K character matrix of the firmware ROM (identical in the 464 and 6128).
    pub fn font(&self) -> Result<Vec<u8>, String> {
        let path = self.dir.join("cpc6128/cpc6128.rom");
        let rom = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        rom.get(FONT_OFFSET..FONT_OFFSET + 2048)
            .map(<[u8]>::to_vec)
            .ok_or_else(|| format!("{} is too short to hold the font", path.display()))
    }
}

/// The ROMs in the user's cache ([`user_cache_dir`]), fetched there by the first process
/// that needs them and read by every later one. Where that cache cannot be written (a
/// read-only home), the same under the system's temporary directory ([`temp_cache_dir`]).
/// `Err` says why they cannot be had (no pip, no network, ...).
pub fn fetch() -> Result<&'static Roms, String> {
    static ROMS: OnceLock<Result<Roms, String>> = OnceLock::new();
    ROMS.get_or_init(|| fetch_first_writable(&[user_cache_dir(), temp_cache_dir()]))
        .as_ref()
        .map_err(Clone::clone)
}

/// `$XDG_CACHE_HOME/cpc-othello/roms`, else `~/.cache/cpc-othello/roms`, else
/// [`temp_cache_dir`].
pub fn user_cache_dir() -> PathBuf {
    match std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
    {
        Some(cache) => cache.join("cpc-othello/roms"),
        None => temp_cache_dir(),
    }
}

/// `cpc-othello-USER/roms` under the system's temporary directory.
pub fn temp_cache_dir() -> PathBuf {
    let user = std::env::var("USER").unwrap_or_else(|_| "user".into());
    std::env::temp_dir().join(format!("cpc-othello-{user}/roms"))
}

/// The ROMs in `dir` (made by an earlier call), or fetched into it now. The ROMs are
/// fetched next to `dir` and renamed into place, so `dir` is complete whenever it exists,
/// and processes can share it: one that finds it made by a quicker one keeps that.
pub fn fetch_cached(dir: &Path) -> Result<Roms, String> {
    fetch_into(dir).map_err(Fetch::why)
}

/// Why a fetch into a directory failed: its place cannot be written (another place may do),
/// or the fetch itself failed (another place would not help).
enum Fetch {
    Unwritable(String),
    Failed(String),
}

impl Fetch {
    fn why(self) -> String {
        match self {
            Fetch::Unwritable(why) | Fetch::Failed(why) => why,
        }
    }
}

/// [`fetch_cached`] into the first of `dirs` whose place can be written.
fn fetch_first_writable(dirs: &[PathBuf]) -> Result<Roms, String> {
    let mut unwritable = Vec::new();
    for dir in dirs {
        match fetch_into(dir) {
            Ok(roms) => return Ok(roms),
            Err(Fetch::Failed(why)) => return Err(why),
            Err(Fetch::Unwritable(why)) => unwritable.push(why),
        }
    }
    Err(format!(
        "no place to keep the ROMs: {}",
        unwritable.join("; ")
    ))
}

fn fetch_into(dir: &Path) -> Result<Roms, Fetch> {
    if let Ok(roms) = Roms::in_dir(dir) {
        return Ok(roms);
    }
    let parent = dir.parent().unwrap_or(Path::new("."));
    let unwritable = |e: std::io::Error| Fetch::Unwritable(format!("{}: {e}", parent.display()));
    std::fs::create_dir_all(parent).map_err(unwritable)?;
    // Unique, and removed with what it still holds when dropped, on every way out.
    let base = tempfile::Builder::new()
        .prefix(".roms-fetch-")
        .tempdir_in(parent)
        .map_err(unwritable)?;
    let fetched = download_into(base.path()).map_err(Fetch::Failed)?;
    let renamed = std::fs::rename(fetched.dir(), dir);
    Roms::in_dir(dir).map_err(|missing| {
        Fetch::Failed(match renamed {
            Err(e) => format!(
                "{}: cannot put the ROMs there ({e}); {missing}: remove it and try again",
                dir.display()
            ),
            Ok(()) => missing,
        })
    })
}

/// Fetches the wheel into `base` (an empty directory) and lays the ROMs out in `base/roms`.
fn download_into(base: &Path) -> Result<Roms, String> {
    let wheel_dir = base.join("wheel");
    run(Command::new("python3")
        .args(["-m", "pip", "download", "--no-deps", "--quiet", WHEEL, "-d"])
        .arg(&wheel_dir))
    .map_err(|e| format!("cannot fetch the ROMs with pip ({WHEEL}): {e}"))?;
    let wheel = std::fs::read_dir(&wheel_dir)
        .map_err(|e| e.to_string())?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or_else(|| format!("pip downloaded no wheel into {}", wheel_dir.display()))?;
    let unpacked = base.join("unpacked");
    run(Command::new("python3")
        .args(["-m", "zipfile", "-e"])
        .arg(&wheel)
        .arg(&unpacked))
    .map_err(|e| format!("cannot unpack {}: {e}", wheel.display()))?;

    let source = unpacked.join("amle_py/data/rom");
    let dir = base.join("roms");
    for (from, to) in [
        ("cpc6128.rom", "cpc6128/cpc6128.rom"),
        ("amsdos.rom", "cpc6128/cpcados.rom"),
        ("cpc464.rom", "cpc464/cpc464.rom"),
        ("amsdos.rom", "cpc_ddi1/cpcados.rom"),
    ] {
        let target = dir.join(to);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
        }
        std::fs::copy(source.join(from), &target)
            .map_err(|e| format!("{from} from {WHEEL}: {e}"))?;
    }
    // Only the 130 K of ROMs are kept.
    let _ = std::fs::remove_dir_all(&wheel_dir);
    let _ = std::fs::remove_dir_all(&unpacked);
    Ok(Roms { dir })
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let output = cmd.output().map_err(|e| e.to_string())?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).trim().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_that_cannot_be_written_gives_way_to_the_next() {
        let scratch = tempfile::tempdir().expect("scratch dir");
        // A file where the cache's parent should be: not writable even by root.
        let blocked = scratch.path().join("a-file");
        std::fs::write(&blocked, b"").expect("write");
        let cached = scratch.path().join("cache/roms");
        for file in FILES {
            let path = cached.join(file);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(&path, b"").expect("write");
        }
        let roms = fetch_first_writable(&[blocked.join("roms"), cached.clone()])
            .expect("the second place holds the ROMs");
        assert_eq!(roms.dir(), cached);

        let err = fetch_first_writable(&[blocked.join("roms")]).expect_err("nowhere to put them");
        assert!(
            err.contains("no place to keep the ROMs") && err.contains("a-file"),
            "{err}"
        );
        // Nothing was fetched next to the places that were tried.
        let left: Vec<_> = std::fs::read_dir(scratch.path()).expect("read").collect();
        assert_eq!(left.len(), 2, "{left:?}");
    }
}
