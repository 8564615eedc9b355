//! Golden CPC timings of the game's own work in the bundled emulator (issue 52): the CPC
//! microsecond and the frame of every ply of a fixed level-7 demo game (the first
//! [`LEVEL7_PLIES`] plies) and of the level-4 demo that `run --headless --frames 20000` plays,
//! plus the machine's state at the end (time, frames, interrupts, RAM, registers, the last
//! picture). They were recorded with the emulator before its speed work; any change to the
//! emulator must reproduce them exactly.
//!
//! The program they play is frozen: the build they were recorded with (crc32 F4D23736,
//! issue 15's final program, with the symbols these tests read), kept in
//! `tests/data/golden-program/`, so that they test the emulator alone and a change of the game
//! or its weights leaves them as they are. Never record them again to make an emulator change
//! pass: `EMU_GOLDEN_WRITE=1 cargo test -p cpc-e2e -- emulator::emu_timing_golden
//! --test-threads=1` rewrites the one JSON file.

use std::path::Path;
use std::sync::OnceLock;

use cpc_emu::{Cpc, KeyScript};
use cpc_game::symbols as sym;
use cpc_game::Image;
use serde_json::{json, Value};

/// The golden values, beside this file.
const GOLDEN: &str = "tests/data/emu_golden_timing.json";

/// The level-4 demo of issue 52 and docs/benchmarks.md: menu, level 4, both sides the
/// computer, start.
const LEVEL4_KEYS: &str = "100:ESC 110:L 120:L 130:L 140:P 150:P 170:ESC";
const LEVEL4_FRAMES: u64 = 20_000;

/// The same for level 7 (six L presses from level 1).
const LEVEL7_KEYS: &str = "100:ESC 110:L 120:L 130:L 140:L 150:L 160:L 170:P 180:P 190:ESC";
/// Plies of the level-7 game followed (the book's, then searched ones).
const LEVEL7_PLIES: usize = 24;
/// CPC time allowed for one ply.
const PLY_LIMIT_US: u64 = 600_000_000;

/// The frozen program and its symbols, beside the golden values.
const PROGRAM: &str = "tests/data/golden-program/othello.bin";
const SYMBOLS: &str = "tests/data/golden-program/othello.json";
/// Its CRC-32, as `Image::fingerprint` prints it.
const PROGRAM_CRC: &str = "crc32 F4D23736,";

/// The frozen program (read once per process).
fn golden_image() -> &'static Image {
    static IMAGE: OnceLock<Image> = OnceLock::new();
    IMAGE.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let image = Image::from_files(&root.join(PROGRAM), &root.join(SYMBOLS))
            .expect("the frozen program");
        assert!(
            image.fingerprint().starts_with(PROGRAM_CRC),
            "{PROGRAM} is not the program the golden values were recorded with: {}",
            image.fingerprint()
        );
        image
    })
}

struct Game {
    cpc: Cpc,
    image: &'static Image,
}

impl Game {
    /// Boots the frozen program as `RUN"` would, keys scheduled, drawing off.
    fn boot(keys: &str) -> Game {
        let image = golden_image();
        let mut cpc = image.boot().expect("the image fits in memory");
        cpc.set_rendering(false);
        cpc.schedule(&KeyScript::parse(keys).expect("key script"));
        Game { cpc, image }
    }

    fn sym(&self, name: &str) -> u16 {
        self.image
            .addr(name)
            .unwrap_or_else(|e| panic!("{e} (missing)"))
    }

    /// Runs until the game's record changes or `stop` holds; returns the ply recorded (its
    /// index and square) with the CPC time, the emulator's frame and the game's frame counter.
    fn next_ply(&mut self, stop: impl Fn(&Cpc) -> bool) -> Option<Value> {
        let (count, list) = (self.sym(sym::RECORD_COUNT), self.sym(sym::RECORD_LIST));
        let frame_counter = self.sym(sym::FRAME_COUNTER);
        let seen = self.cpc.peek(count);
        let out = self
            .cpc
            .run_until(PLY_LIMIT_US, |m| m.peek(count) != seen || stop(m))
            .expect("the emulator runs");
        assert!(out.met(), "no ply within {PLY_LIMIT_US} µs");
        let now = self.cpc.peek(count);
        if now == seen {
            return None;
        }
        let square = match now {
            0 => Value::Null,
            n => json!(self.cpc.peek(list + u16::from(n) - 1)),
        };
        Some(json!({
            "count": now,
            "square": square,
            "time_us": self.cpc.time_us(),
            "frame": self.cpc.frame(),
            "frame_counter": self.cpc.peek_word(frame_counter),
        }))
    }

    /// The machine at the end: clocks, registers and a hash of all 128 KB of RAM.
    fn state(&self) -> Value {
        let r = self.cpc.registers();
        json!({
            "time_us": self.cpc.time_us(),
            "frame": self.cpc.frame(),
            "interrupts": self.cpc.interrupts(),
            "ram_fnv1a": format!("{:016x}", fnv1a(self.cpc.ram())),
            "registers": format!(
                "af={:04x} bc={:04x} de={:04x} hl={:04x} ix={:04x} iy={:04x} sp={:04x} pc={:04x} \
                 af'={:04x} bc'={:04x} de'={:04x} hl'={:04x} i={:02x} iff1={} im={} halted={}",
                r.af, r.bc, r.de, r.hl, r.ix, r.iy, r.sp, r.pc,
                r.af_alt, r.bc_alt, r.de_alt, r.hl_alt, r.i, r.iff1, r.im, r.halted
            ),
        })
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The level-4 demo for [`LEVEL4_FRAMES`] frames: every ply, then the state and the last
/// frame's picture (drawn).
fn level4_demo() -> Value {
    let mut g = Game::boot(LEVEL4_KEYS);
    let mut plies = Vec::new();
    let last = LEVEL4_FRAMES - 1;
    while g.cpc.frame() < last {
        if let Some(ply) = g.next_ply(|m| m.frame() >= last) {
            plies.push(ply);
        }
    }
    g.cpc.set_rendering(true);
    g.cpc.run_frame().expect("the emulator runs");
    let pixels: Vec<u8> = g
        .cpc
        .framebuffer()
        .iter()
        .flat_map(|p| p.to_le_bytes())
        .collect();
    json!({
        "keys": LEVEL4_KEYS,
        "frames": LEVEL4_FRAMES,
        "plies": plies,
        "end": g.state(),
        "picture_fnv1a": format!("{:016x}", fnv1a(&pixels)),
    })
}

/// The first [`LEVEL7_PLIES`] plies of the level-7 demo game.
fn level7_game() -> Value {
    let mut g = Game::boot(LEVEL7_KEYS);
    let (level, over) = (g.sym(sym::GAME_LEVEL), g.sym(sym::GAME_OVER));
    let mut plies = Vec::new();
    while plies.len() < LEVEL7_PLIES {
        let ply = g.next_ply(|m| m.peek(over) == 1).expect("the game goes on");
        plies.push(ply);
    }
    assert_eq!(g.cpc.peek(level), 7, "the keys chose level 7");
    json!({
        "keys": LEVEL7_KEYS,
        "plies": plies,
        "end": g.state(),
    })
}

fn check(name: &str, got: Value) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    let mut all: serde_json::Map<String, Value> = std::fs::read_to_string(&path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    if std::env::var_os("EMU_GOLDEN_WRITE").is_some() {
        all.insert(name.to_string(), got);
        let text = serde_json::to_string_pretty(&Value::Object(all)).unwrap() + "\n";
        std::fs::write(&path, text).expect("golden file written");
        return;
    }
    let want = all
        .get(name)
        .unwrap_or_else(|| panic!("{}: no golden values for {name}", path.display()));
    if let (Some(w), Some(g)) = (want["plies"].as_array(), got["plies"].as_array()) {
        for (i, (w, g)) in w.iter().zip(g).enumerate() {
            assert_eq!(g, w, "{name}: ply entry {i} differs");
        }
        assert_eq!(g.len(), w.len(), "{name}: number of plies");
    }
    assert_eq!(&got, want, "{name}: the end state differs");
}

#[test]
fn level4_demo_keeps_its_cpc_timing() {
    check("level4_demo", level4_demo());
}

#[test]
fn level7_game_keeps_its_cpc_timing() {
    check("level7_game", level7_game());
}
