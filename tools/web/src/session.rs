//! The machine the page runs: a build of this page (a [`Bundle`]) or a file dropped on it
//! (.dsk, .sna, .cdt, AMSDOS binary), booted in the bundled emulator as `cpc-othello run` boots
//! it, then run frame by frame with the keys the page passes in, its picture handed out as RGBA
//! for the canvas. For the game (a build with its symbol file) each computer move is caught as
//! it is made ([`crate::watch`]); a dropped file the emulator cannot run gets a message, never a
//! crash: a damaged file, a BASIC file, or a program that calls the CPC's firmware, which the
//! bundled emulator does not have.

use cpc_emu::{Cpc, KeyScript, OpenOptions, Program, Symbols, HEIGHT, WIDTH};
use cpc_game::driver::transcript::read_game;
use cpc_game::Image;
use serde_json::{json, Value};

use crate::bundle::Bundle;
use crate::keys::cpc_key_for_code;
use crate::watch::{GameWatch, SeenMove};

/// CPC time one step of a dropped file's [`Session::run_frame`] may take before it looks again
/// (a frame is 19 968 µs; the step ends at the frame's end or a firmware call before that).
const STEP_LIMIT_US: u64 = 40_000;

/// Why a session could not start or goes no further.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SessionError(pub String);

/// The game's side of a session: its memory interface and its symbols.
struct Game {
    watch: GameWatch,
    symbols: Symbols,
}

/// A running machine and what the page reads of it.
pub struct Session {
    cpc: Cpc,
    game: Option<Game>,
    /// A dropped file: stop, with a message, when it calls the firmware.
    guard: bool,
    stopped: Option<String>,
    seen: Vec<SeenMove>,
    rgba: Vec<u8>,
    description: String,
}

impl Session {
    /// The game built with the bundle's weights, started as `RUN"OTHELLO` leaves it.
    ///
    /// # Errors
    /// [`SessionError`] when the bundle's symbol file or program cannot be used.
    pub fn from_bundle(bundle: &Bundle) -> Result<Session, SessionError> {
        let symbols = Symbols::from_json(&bundle.symbols_json)
            .map_err(|e| SessionError(format!("the build's symbol file: {e}")))?;
        let program = Program {
            load: bundle.load,
            exec: bundle.exec,
            bytes: bundle.binary.clone(),
        };
        let image = Image::new(program, symbols.clone());
        let mut cpc = image.boot().map_err(|e| SessionError(e.to_string()))?;
        let watch = GameWatch::of(&image, &cpc).map_err(|e| SessionError(e.to_string()))?;
        cpc.watch_writes(Some(watch.state_addr()));
        let description = format!(
            "OTHELLO.BIN, {} bytes at &{:04X}, CRC-32 {:08X}",
            bundle.binary.len(),
            bundle.load,
            bundle.crc32
        );
        Ok(Session::new(
            cpc,
            Some(Game { watch, symbols }),
            false,
            description,
        ))
    }

    /// A file dropped on the page: one of this page's builds, or anything `cpc-othello run`
    /// opens (a .dsk image's first binary, a snapshot, a tape, an AMSDOS binary).
    ///
    /// # Errors
    /// [`SessionError`] saying why the file cannot run here.
    pub fn from_file(name: &str, bytes: &[u8]) -> Result<Session, SessionError> {
        if let Ok(bundle) = Bundle::decode(bytes) {
            return Session::from_bundle(&bundle);
        }
        let opened =
            cpc_emu::open::open_bytes(name, bytes, &OpenOptions::default()).map_err(|e| {
                let text = e.to_string();
                let firmware = if text.contains("BASIC") {
                    " A BASIC program needs the CPC's firmware and BASIC ROM, which the bundled \
                     emulator does not have: it runs machine-code programs that need no ROM, \
                     such as this game."
                } else {
                    ""
                };
                SessionError(format!("{name} cannot run here: {text}.{firmware}"))
            })?;
        Ok(Session::new(opened.cpc, None, true, opened.description))
    }

    fn new(cpc: Cpc, game: Option<Game>, guard: bool, description: String) -> Session {
        Session {
            cpc,
            game,
            guard,
            stopped: None,
            seen: Vec::new(),
            rgba: vec![0; WIDTH * HEIGHT * 4],
            description,
        }
    }

    /// Schedules a key script (`cpc-othello run --keys`), frames counted from the start.
    ///
    /// # Errors
    /// The script's mistake with its line and column.
    pub fn schedule(&mut self, script: &str) -> Result<(), SessionError> {
        let script = KeyScript::parse(script).map_err(|e| SessionError(format!("keys: {e}")))?;
        self.cpc.schedule(&script);
        Ok(())
    }

    /// Runs up to `frames` frames, drawing only the last unless `draw_all`; stops early when
    /// the program stops. Returns the frames run.
    pub fn run(&mut self, frames: u32, draw_all: bool) -> u32 {
        let mut ran = 0;
        while ran < frames && self.stopped.is_none() {
            self.cpc.set_rendering(draw_all || ran + 1 == frames);
            match self.run_frame() {
                Ok(()) => ran += 1,
                Err(e) => self.stopped = Some(e.0),
            }
        }
        self.cpc.set_rendering(true);
        ran
    }

    /// One frame, stopping at every write to `ui_state` to catch computer moves, or, for a
    /// dropped file, after every instruction to catch a call to the firmware.
    fn run_frame(&mut self) -> Result<(), SessionError> {
        let target = self.cpc.frame() + 1;
        let stopped = |e| SessionError(format!("the emulated program stopped: {e}"));
        if let Some(game) = self.game.as_mut() {
            while self.cpc.frame() < target {
                let left = target - self.cpc.frame();
                if self.cpc.run_frames_watching(left).map_err(stopped)? {
                    if let Some(seen) = game.watch.observe(&self.cpc) {
                        self.seen.push(seen);
                    }
                }
            }
            return Ok(());
        }
        let guard = self.guard;
        while self.cpc.frame() < target {
            self.cpc
                .run_until(STEP_LIMIT_US, |m| {
                    m.frame() >= target || (guard && calls_firmware(m))
                })
                .map_err(stopped)?;
            if guard && calls_firmware(&self.cpc) {
                return Err(SessionError(format!(
                    "the program called the CPC's firmware (PC &{:04X}), which the bundled \
                     emulator does not have: it runs machine-code programs that need no ROM, \
                     such as this game",
                    self.cpc.pc()
                )));
            }
        }
        Ok(())
    }

    /// Presses or releases the CPC key a DOM `KeyboardEvent.code` stands for; false when the
    /// key is not the CPC's (the page leaves it to the browser).
    pub fn key(&mut self, code: &str, down: bool) -> bool {
        match cpc_key_for_code(code) {
            Some(key) if down => self.cpc.press(key),
            Some(key) => self.cpc.release(key),
            None => return false,
        }
        true
    }

    /// Releases every key (the page lost the focus: no key stays down).
    pub fn release_all(&mut self) {
        self.cpc.release_all();
    }

    /// Starts the program again, as F5 in `cpc-othello run`'s window.
    ///
    /// # Errors
    /// When the machine cannot start again.
    pub fn reset(&mut self) -> Result<(), SessionError> {
        self.cpc.reset().map_err(|e| SessionError(e.to_string()))?;
        if let Some(g) = &mut self.game {
            g.watch.resync(&self.cpc);
        }
        self.stopped = None;
        self.seen.clear();
        Ok(())
    }

    /// The picture, [`WIDTH`] x [`HEIGHT`] pixels of RGBA.
    pub fn rgba(&mut self) -> &[u8] {
        for (out, p) in self.rgba.chunks_exact_mut(4).zip(self.cpc.framebuffer()) {
            out.copy_from_slice(&[(p >> 16) as u8, (p >> 8) as u8, *p as u8, 0xFF]);
        }
        &self.rgba
    }

    /// True while the game's computer thinks (the page's warp runs then).
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.watch.thinking(&self.cpc))
    }

    /// The computer moves made since the last call.
    pub fn take_seen(&mut self) -> Vec<SeenMove> {
        std::mem::take(&mut self.seen)
    }

    /// What the page's panel shows: the frame, the CPC time, what runs, why it stopped, and the
    /// game's state (`null` for a dropped file).
    #[must_use]
    pub fn status(&self) -> Value {
        json!({
            "frame": self.cpc.frame(),
            "cpc_seconds": self.cpc.time_us() as f64 / 1e6,
            "description": self.description,
            "stopped": self.stopped,
            "game": self.game.as_ref().map(|g| g.watch.status(&self.cpc)),
        })
    }

    /// The game on the screen as a game record (docs/formats.md; `engine replay` reads it).
    ///
    /// # Errors
    /// When the program is not this game, or its memory holds no valid game.
    pub fn record(&self) -> Result<String, SessionError> {
        let game = self.game.as_ref().ok_or_else(|| {
            SessionError("a dropped file has no symbol file: the game record needs one".into())
        })?;
        let (record, comments) =
            read_game(&self.cpc, &game.symbols).map_err(|e| SessionError(e.to_string()))?;
        Ok(record.to_text(&comments))
    }

    /// The machine (for tests).
    #[must_use]
    pub fn cpc(&self) -> &Cpc {
        &self.cpc
    }
}

/// True when the CPU runs where the firmware would be: in a ROM the page does not have, or at
/// a firmware jump-block entry that holds nothing (&BB00-&BDFF, empty RAM or `RST 1`).
fn calls_firmware(m: &Cpc) -> bool {
    let pc = m.pc();
    let ga = m.gate_array();
    (ga.lower_rom && pc < 0x4000)
        || (ga.upper_rom && pc >= 0xC000)
        || ((0xBB00..=0xBDFF).contains(&pc) && matches!(m.peek(pc), 0x00 | 0xCF))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_and_firmware_files_get_a_message() {
        let err = Session::from_file("junk.bin", b"hello").err().unwrap();
        assert!(err.0.starts_with("junk.bin cannot run here"), "{err}");
        let cut = Session::from_file("cut.sna", b"MV - SNA").err().unwrap();
        assert!(cut.0.contains("cut.sna"), "{cut}");
        // A binary that calls TXT OUTPUT (&BB5A) at once.
        let mut disk = cpc_dsk::Disk::new_data(cpc_dsk::ImageKind::Standard);
        disk.put_binary(
            "FW.BIN",
            &[0x3E, 0x41, 0xCD, 0x5A, 0xBB, 0x18, 0xFE],
            0x4000,
            0x4000,
        )
        .unwrap();
        let mut s = Session::from_file("fw.dsk", &disk.to_bytes().unwrap()).unwrap();
        assert_eq!(s.run(5, false), 0);
        let status = s.status();
        let why = status["stopped"].as_str().unwrap();
        assert!(why.contains("firmware") && why.contains("&BB5A"), "{why}");
        assert!(s.record().is_err());
    }

    #[test]
    fn keys_reach_the_machine() {
        let mut s = Session::new(Cpc::new(), None, false, String::new());
        assert!(s.key("Space", true));
        assert!(s.cpc().is_pressed(cpc_emu::CpcKey::Space));
        assert!(s.key("Space", false));
        assert!(!s.key("F5", true));
        assert!(s
            .schedule("10:SPCE")
            .unwrap_err()
            .0
            .contains("line 1, column 4"));
    }
}
