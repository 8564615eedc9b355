//! The command line's side of each comparison: the build `cpc-othello build --weights` makes
//! (the sources read from cpc/), and the picture `cpc-othello run --headless --screenshot`
//! leaves, run in-process through the same crates and the same steps.

use std::path::Path;
use std::time::{Duration, Instant};

use cpc_emu::{KeyScript, OpenOptions, Symbols};
use cpc_game::sources::{self, Sources};
use cpc_game::{media, symbols as sym};
use othello_engine::weights::Weights;

/// The CLI's build of `text` (cpc/ read from disc, as `cpc-othello build --weights` reads it).
pub fn cli_crc(text: &str) -> u32 {
    let weights = Weights::parse(text, "my.toml").expect("a valid table");
    cpc_game::assemble(&Sources::dir(sources::default_dir()), &weights, "my.toml")
        .expect("the CLI's build")
        .crc32()
}

/// The CLI's build of the shipped weights.
pub fn cli_image() -> cpc_game::GameImage {
    cpc_game::assemble(
        &Sources::dir(sources::default_dir()),
        &Weights::default(),
        "w",
    )
    .expect("the CLI's build")
}

/// `cpc-othello run othello.dsk --headless --keys KEYS --frames N --screenshot` of `image`: the
/// machine after it, and the wall time of its frames (the run, not the boot, as the CLI
/// reports it).
pub fn headless_run(
    image: &cpc_game::GameImage,
    keys: &str,
    frames: u64,
) -> (cpc_emu::Cpc, Duration) {
    let dsk = media::dsk(&image.program()).unwrap();
    let mut cpc = cpc_emu::open::open_bytes("othello.dsk", &dsk, &OpenOptions::default())
        .unwrap()
        .cpc;
    cpc.schedule(&KeyScript::parse(keys).unwrap());
    let started = Instant::now();
    // As `cpc-othello run --headless` does: only the last frame drawn.
    cpc.set_rendering(false);
    cpc.run_frames(frames - 1).unwrap();
    cpc.set_rendering(true);
    cpc.run_frame().unwrap();
    (cpc, started.elapsed())
}

/// The CLI's headless run of the disc with `keys` for `frames` frames: its last picture, RGBA,
/// and the machine.
pub fn cli_run(keys: &str, frames: u64) -> (Vec<u8>, cpc_emu::Cpc) {
    let image = cli_image();
    let (cpc, _) = headless_run(&image, keys, frames);
    let rgba = cpc
        .framebuffer()
        .iter()
        .flat_map(|p| [(p >> 16) as u8, (p >> 8) as u8, *p as u8, 0xFF])
        .collect();
    let symbols = Symbols::from_json(&image.symbols_json()).unwrap();
    let record_count = cpc.peek(symbols.get(sym::RECORD_COUNT).unwrap());
    let level = cpc.peek(symbols.get(sym::GAME_LEVEL).unwrap());
    assert_eq!(level, 1, "the script plays at level 1");
    assert!(
        record_count >= 2,
        "the script makes a move and the computer replies (record_count {record_count})"
    );
    (rgba, cpc)
}

/// Writes 768 x 544 RGBA pixels as a PNG.
pub fn write_rgba_png(path: &Path, rgba: &[u8]) {
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(file, 768, 544);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .unwrap()
        .write_image_data(rgba)
        .unwrap();
}

/// Percent-encodes a URL query value.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
