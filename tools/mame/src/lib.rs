//! MAME with the real Amstrad ROMs as an outside oracle, driven by a small step script.
//! `cpc-othello verify --mame` and the end-to-end tests (`tests/`, crate `cpc-e2e`, which
//! re-exports this crate) both run the real firmware through it. It knows nothing of the
//! game: a caller hands it media, keys to type and addresses to read.
//!
//! A [`Script`] (wait frames, type text, wait until a RAM byte has a value, read RAM,
//! take a snapshot) is turned into a Lua autoboot script that runs one step per frame
//! and prints its results on stdout; [`run`] starts `/usr/games/mame` headless, parses
//! those lines and hands back a [`Outcome`]. MAME 0.251 may crash at exit when a Lua
//! script is loaded, so the script ends MAME itself with `os.exit` once it is done.
//!
//! ```no_run
//! use cpc_mame::{self as mame, Machine, Script};
//!
//! if let Err(e) = mame::available() {
//!     eprintln!("SKIPPED: {e}");
//!     return;
//! }
//! let script = Script::new(Machine::Cpc6128)
//!     .floppy("target/othello.dsk")
//!     .wait_frames(100) // BASIC ready after about a second
//!     .type_text("run\"othello\n")
//!     .wait_ram(0x9000, 0x01, 30 * mame::FPS)
//!     .read_ram("state", 0x9000, 16)
//!     .snapshot("screen");
//! let outcome = mame::run(&script, std::path::Path::new("/tmp/my-test")).unwrap();
//! assert_eq!(outcome.reads["state"][0], 0x01);
//! println!("screenshot at {}", outcome.snapshots["screen"].display());
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub mod roms;

use roms::Roms;

/// Where Debian's `mame` package installs the emulator.
pub const MAME: &str = "/usr/games/mame";
/// Frames per second of the emulated CPC (50 Hz).
pub const FPS: u32 = 50;

/// A machine MAME emulates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Machine {
    /// CPC 6128 (built-in AMSDOS and drive).
    Cpc6128,
    /// CPC 464 with the DDI-1 disc interface (AMSDOS ROM) on its expansion port.
    Cpc464Ddi1,
    /// CPC 464 as sold: a cassette deck and no disc drive.
    Cpc464,
}

impl Machine {
    /// Short name for files and messages.
    pub fn name(self) -> &'static str {
        match self {
            Machine::Cpc6128 => "cpc6128",
            Machine::Cpc464Ddi1 => "cpc464-ddi1",
            Machine::Cpc464 => "cpc464",
        }
    }

    fn args(self) -> &'static [&'static str] {
        match self {
            Machine::Cpc6128 => &["cpc6128"],
            Machine::Cpc464Ddi1 => &["cpc464", "-exp", "ddi1"],
            Machine::Cpc464 => &["cpc464"],
        }
    }
}

/// One step of a script; steps run in order, frame by frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Let this many frames pass.
    WaitFrames(u32),
    /// Type text on the keyboard (`\n` = RETURN) and wait until every key went in.
    Type(String),
    /// Wait until the byte at `addr` equals `value`; fail after `timeout_frames`.
    WaitRam {
        /// Address in the base 64 K.
        addr: u16,
        /// Value to wait for.
        value: u8,
        /// Frames to wait at most.
        timeout_frames: u32,
    },
    /// Read `len` bytes from `addr` into [`Outcome::reads`] under `label`.
    ReadRam {
        /// Key in the outcome.
        label: String,
        /// First address.
        addr: u16,
        /// Number of bytes.
        len: u16,
    },
    /// Save the screen as `<label>.png` into [`Outcome::snapshots`].
    Snapshot(String),
    /// Note the frame reached under `label` in [`Outcome::marks`] (to time a load).
    Mark(String),
}

/// A machine, an optional disc in drive A and the steps to run.
#[derive(Debug, Clone)]
pub struct Script {
    /// The machine.
    pub machine: Machine,
    /// Disc image for drive A (copied; MAME never writes to the original).
    pub floppy: Option<PathBuf>,
    /// Tape image (.cdt or .wav) in the cassette deck, PLAY pressed: it turns whenever the
    /// firmware runs the motor, as on the machine.
    pub cassette: Option<PathBuf>,
    /// Snapshot (.sna) the machine starts from.
    pub sna: Option<PathBuf>,
    /// The steps.
    pub steps: Vec<Step>,
    /// Wall-clock time after which MAME is killed ([`WALL_LIMIT`] unless set).
    pub wall_limit: Duration,
}

impl Script {
    /// An empty script for `machine`.
    pub fn new(machine: Machine) -> Script {
        Script {
            machine,
            floppy: None,
            cassette: None,
            sna: None,
            steps: Vec::new(),
            wall_limit: WALL_LIMIT,
        }
    }

    /// Puts a disc in drive A.
    pub fn floppy(mut self, path: impl Into<PathBuf>) -> Script {
        self.floppy = Some(path.into());
        self
    }

    /// Puts a tape in the cassette deck, PLAY pressed.
    pub fn cassette(mut self, path: impl Into<PathBuf>) -> Script {
        self.cassette = Some(path.into());
        self
    }

    /// Starts the machine from a snapshot.
    pub fn sna(mut self, path: impl Into<PathBuf>) -> Script {
        self.sna = Some(path.into());
        self
    }

    /// Adds [`Step::Mark`].
    pub fn mark(mut self, label: &str) -> Script {
        self.steps.push(Step::Mark(label.to_string()));
        self
    }

    /// Sets the wall-clock limit (long scripts, such as whole games, need more).
    pub fn wall_limit(mut self, limit: Duration) -> Script {
        self.wall_limit = limit;
        self
    }

    /// Adds [`Step::WaitFrames`].
    pub fn wait_frames(mut self, frames: u32) -> Script {
        self.steps.push(Step::WaitFrames(frames));
        self
    }

    /// Adds [`Step::Type`].
    pub fn type_text(mut self, text: &str) -> Script {
        self.steps.push(Step::Type(text.to_string()));
        self
    }

    /// Adds [`Step::WaitRam`].
    pub fn wait_ram(mut self, addr: u16, value: u8, timeout_frames: u32) -> Script {
        self.steps.push(Step::WaitRam {
            addr,
            value,
            timeout_frames,
        });
        self
    }

    /// Adds [`Step::ReadRam`].
    pub fn read_ram(mut self, label: &str, addr: u16, len: u16) -> Script {
        self.steps.push(Step::ReadRam {
            label: label.to_string(),
            addr,
            len,
        });
        self
    }

    /// Adds [`Step::Snapshot`].
    pub fn snapshot(mut self, label: &str) -> Script {
        self.steps.push(Step::Snapshot(label.to_string()));
        self
    }

    /// Emulated seconds the steps can take at most (MAME's own stop, a safety net).
    fn seconds_limit(&self) -> u32 {
        let frames: u32 = self
            .steps
            .iter()
            .map(|s| match s {
                Step::WaitFrames(n) => *n,
                Step::Type(t) => 10 * t.len() as u32 + 50,
                Step::WaitRam { timeout_frames, .. } => *timeout_frames,
                _ => 1,
            })
            .sum();
        frames / FPS + 30
    }

    /// The Lua autoboot script.
    pub fn lua(&self) -> String {
        let mut steps = String::new();
        for step in &self.steps {
            let _ = match step {
                Step::WaitFrames(n) => writeln!(steps, "  {{'wait', {n}}},"),
                Step::Type(text) => writeln!(steps, "  {{'type', {}}},", lua_string(text)),
                Step::WaitRam {
                    addr,
                    value,
                    timeout_frames,
                } => writeln!(steps, "  {{'waitram', {addr}, {value}, {timeout_frames}}},"),
                Step::ReadRam { label, addr, len } => {
                    writeln!(steps, "  {{'read', {}, {addr}, {len}}},", lua_string(label))
                }
                Step::Snapshot(label) => {
                    writeln!(
                        steps,
                        "  {{'snap', {}}},",
                        lua_string(&format!("{label}.png"))
                    )
                }
                Step::Mark(label) => writeln!(steps, "  {{'mark', {}}},", lua_string(label)),
            };
        }
        let play = if self.cassette.is_some() {
            "manager.machine.cassettes[\":cassette\"]:play()"
        } else {
            ""
        };
        LUA_RUNNER
            .replace("--STEPS--", &steps)
            .replace("--PLAY--", play)
    }
}

/// The step interpreter: one pass per frame; `wait`, `type` and `waitram` may span
/// frames, the others finish at once. Results go to stdout as `READ`, `SNAP`, `DONE`
/// and `FAIL` lines.
const LUA_RUNNER: &str = r#"
local steps = {
--STEPS--
}
local ram = emu.item(manager.machine.devices[":ram"].items["0/m_pointer"])
local kbd = manager.machine.natkeyboard
local index, count, posted, frame = 1, 0, false, 0
local function finish(code)
  io.stdout:flush()
  os.exit(code)
end
emu.register_frame_done(function()
  frame = frame + 1
  if frame == 1 then
    --PLAY--
  end
  while true do
    local s = steps[index]
    if s == nil then
      print("DONE " .. frame)
      finish(0)
    end
    local kind = s[1]
    if kind == "wait" then
      if count < s[2] then count = count + 1; return end
    elseif kind == "type" then
      if not posted then kbd:post(s[2]); posted = true; return end
      if kbd.is_posting then return end
      posted = false
    elseif kind == "waitram" then
      local v = ram:read(s[2])
      if v ~= s[3] then
        count = count + 1
        if count > s[4] then
          print(string.format("FAIL step %d: waited %d frames for &%04X = &%02X, it holds &%02X", index, s[4], s[2], s[3], v))
          finish(3)
        end
        return
      end
    elseif kind == "read" then
      local t = {}
      for a = s[3], s[3] + s[4] - 1 do t[#t + 1] = string.format("%02x", ram:read(a)) end
      print("READ " .. s[2] .. " " .. table.concat(t))
    elseif kind == "mark" then
      print("MARK " .. s[2] .. " " .. frame)
    elseif kind == "snap" then
      manager.machine.screens[":screen"]:snapshot(s[2])
      print("SNAP " .. s[2])
    end
    index, count = index + 1, 0
  end
end)
"#;

fn lua_string(text: &str) -> String {
    let mut out = String::from("\"");
    for b in text.bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(char::from(b));
            }
            0x20..=0x7E => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\{b:03}");
            }
        }
    }
    out.push('"');
    out
}

/// Wall-clock time after which a MAME run is killed (a script takes seconds).
pub const WALL_LIMIT: Duration = Duration::from_secs(150);

/// Runs `cmd` to completion, killing it after `limit`.
fn run_with_timeout(cmd: &mut Command, limit: Duration) -> Result<Output, MameError> {
    let mut child = cmd
        .spawn()
        .map_err(|e| MameError::Unavailable(format!("cannot start {MAME}: {e}")))?;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(MameError::Failed(format!(
                    "MAME still running after {} s, killed",
                    limit.as_secs()
                )));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(MameError::Failed(e.to_string())),
        }
    };
    Ok(Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    })
}

/// What a finished script produced.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Bytes of each [`Step::ReadRam`], by label.
    pub reads: BTreeMap<String, Vec<u8>>,
    /// Each [`Step::Snapshot`]'s PNG, by label (in the run's scratch directory).
    pub snapshots: BTreeMap<String, PathBuf>,
    /// Emulated frames until the script ended.
    pub frames: u32,
    /// The frame of each [`Step::Mark`], by label.
    pub marks: BTreeMap<String, u32>,
    /// Wall-clock time MAME ran.
    pub wall: Duration,
}

/// Why a script could not be run or did not finish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MameError {
    /// MAME or the ROMs are not available: the oracle is missing.
    Unavailable(String),
    /// MAME ran but the script failed (timeout, crash, missing output).
    Failed(String),
}

impl std::fmt::Display for MameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MameError::Unavailable(why) => write!(f, "MAME unavailable: {why}"),
            MameError::Failed(why) => write!(f, "MAME run failed: {why}"),
        }
    }
}

/// MAME and the ROMs, or why they are missing.
pub fn available() -> Result<&'static Roms, MameError> {
    if !Path::new(MAME).is_file() {
        return Err(MameError::Unavailable(format!(
            "{MAME} not found (Debian package mame)"
        )));
    }
    roms::fetch().map_err(MameError::Unavailable)
}

/// Runs `script` in a fresh scratch directory `work` (created; MAME's cfg, snap and
/// the copied disc go there), with the ROMs of [`available`].
pub fn run(script: &Script, work: &Path) -> Result<Outcome, MameError> {
    run_with(script, work, available()?)
}

/// [`run`] with the ROMs in `roms`.
pub fn run_with(script: &Script, work: &Path, roms: &Roms) -> Result<Outcome, MameError> {
    match run_partial(script, work, roms)? {
        (outcome, None) => Ok(outcome),
        (_, Some(why)) => Err(MameError::Failed(why)),
    }
}

/// [`run_with`], but a script that stops at a failed step (a [`Step::WaitRam`] that timed
/// out) still hands back what it read and saved before, with the reason.
pub fn run_partial(
    script: &Script,
    work: &Path,
    roms: &Roms,
) -> Result<(Outcome, Option<String>), MameError> {
    if !Path::new(MAME).is_file() {
        return Err(MameError::Unavailable(format!(
            "{MAME} not found (Debian package mame)"
        )));
    }
    let failed = |why: String| MameError::Failed(why);
    std::fs::create_dir_all(work).map_err(|e| failed(format!("{}: {e}", work.display())))?;
    let lua = work.join("script.lua");
    std::fs::write(&lua, script.lua()).map_err(|e| failed(e.to_string()))?;

    let mut cmd = Command::new(MAME);
    cmd.args(script.machine.args())
        .arg("-rompath")
        .arg(roms.dir())
        .arg("-homepath")
        .arg(work)
        .arg("-snapshot_directory")
        .arg(work.join("snap"))
        .arg("-cfg_directory")
        .arg(work.join("cfg"))
        .args([
            "-video",
            "none",
            "-sound",
            "none",
            "-nothrottle",
            "-noreadconfig",
        ])
        .args([
            "-noplugins",
            "-skip_gameinfo",
            "-nonvram_save",
            "-seconds_to_run",
        ])
        .arg(script.seconds_limit().to_string())
        .arg("-autoboot_script")
        .arg(&lua)
        .env("SDL_VIDEODRIVER", "dummy")
        .env("SDL_AUDIODRIVER", "dummy")
        .current_dir(work)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(floppy) = &script.floppy {
        let copy = work.join("drive-a.dsk");
        std::fs::copy(floppy, &copy).map_err(|e| failed(format!("{}: {e}", floppy.display())))?;
        cmd.arg("-flop1").arg(copy);
    }
    for (media, option, path) in [
        ("tape", "-cass", &script.cassette),
        ("snapshot", "-snapshot", &script.sna),
    ] {
        if let Some(path) = path {
            let name = path.file_name().map_or_else(
                || format!("{media}.bin"),
                |n| n.to_string_lossy().into_owned(),
            );
            let copy = work.join(format!("{media}-{name}"));
            std::fs::copy(path, &copy).map_err(|e| failed(format!("{}: {e}", path.display())))?;
            cmd.arg(option).arg(copy);
        }
    }

    let start = Instant::now();
    let output = run_with_timeout(&mut cmd, script.wall_limit)?;
    let wall = start.elapsed();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let context = || {
        format!(
            "exit status {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            output.status,
            stdout.chars().take(4000).collect::<String>(),
            stderr.chars().take(4000).collect::<String>()
        )
    };

    let mut outcome = Outcome {
        wall,
        ..Outcome::default()
    };
    let mut done = false;
    let mut failure = None;
    for line in stdout.lines() {
        if let Some(rest) = line.strip_prefix("READ ") {
            let (label, hex) = rest.split_once(' ').unwrap_or((rest, ""));
            let bytes = (0..hex.len() / 2)
                .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16))
                .collect::<Result<Vec<u8>, _>>()
                .map_err(|e| failed(format!("bad READ line for {label}: {e}")))?;
            outcome.reads.insert(label.to_string(), bytes);
        } else if let Some(file) = line.strip_prefix("SNAP ") {
            let label = file.trim_end_matches(".png").to_string();
            outcome
                .snapshots
                .insert(label, work.join("snap").join(file));
        } else if let Some(rest) = line.strip_prefix("MARK ") {
            let (label, frame) = rest.rsplit_once(' ').unwrap_or((rest, "0"));
            outcome
                .marks
                .insert(label.to_string(), frame.trim().parse().unwrap_or(0));
        } else if let Some(frames) = line.strip_prefix("DONE ") {
            outcome.frames = frames.trim().parse().unwrap_or(0);
            done = true;
        } else if let Some(why) = line.strip_prefix("FAIL ") {
            failure = Some(format!("{}: {why}\n{}", script.machine.name(), context()));
        }
    }
    if failure.is_some() {
        return Ok((outcome, failure));
    }
    if !done || !output.status.success() {
        return Err(failed(format!(
            "{}: the script did not finish\n{}",
            script.machine.name(),
            context()
        )));
    }
    for (label, path) in &outcome.snapshots {
        if !path.is_file() {
            return Err(failed(format!(
                "snapshot {label} not written at {}",
                path.display()
            )));
        }
    }
    Ok((outcome, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_become_lua_with_escaped_text() {
        let script = Script::new(Machine::Cpc6128)
            .wait_frames(100)
            .type_text("run\"test\n")
            .wait_ram(0x9000, 0x4F, 500)
            .read_ram("marker", 0x9000, 4)
            .snapshot("run");
        let lua = script.lua();
        assert!(lua.contains("  {'wait', 100},\n"));
        assert!(lua.contains("  {'type', \"run\\\"test\\010\"},\n"));
        assert!(lua.contains("  {'waitram', 36864, 79, 500},\n"));
        assert!(lua.contains("  {'read', \"marker\", 36864, 4},\n"));
        assert!(lua.contains("  {'snap', \"run.png\"},\n"));
        assert!(!lua.contains("--STEPS--"));
        // 100 + (10 * 9 + 50) + 500 + 2 frames, in seconds, plus a margin.
        assert_eq!(script.seconds_limit(), 742 / FPS + 30);
    }

    #[test]
    fn a_cassette_is_played_at_the_start_and_marks_note_frames() {
        let tape = Script::new(Machine::Cpc464)
            .cassette("othello.cdt")
            .mark("key")
            .type_text(" ");
        let lua = tape.lua();
        assert!(lua.contains("manager.machine.cassettes[\":cassette\"]:play()"));
        assert!(lua.contains("  {'mark', \"key\"},\n"));
        assert!(!lua.contains("--PLAY--"));
        // Without a tape nothing is played: a snapshot or a disc starts as it is.
        let sna = Script::new(Machine::Cpc6128).sna("x.sna").lua();
        assert!(!sna.contains("cassettes"));
        assert!(!sna.contains("--PLAY--"));
    }
}
