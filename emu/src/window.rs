//! The emulator's window (minifb, X11): 50 frames per second, PC keys mapped onto the CPC
//! keyboard matrix, F-keys for the emulator itself. The machine knows nothing of windows;
//! this front-end only copies its framebuffer out and feeds key presses in. What F11 saves
//! is the caller's business (the emulator knows no game): it passes a [`SaveRecord`].

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use minifb::{Key, KeyRepeat, Window, WindowOptions};

use crate::keyboard::CpcKey;
use crate::machine::Cpc;
use crate::timing::FRAME_US;
use crate::video::{HEIGHT, WIDTH};

/// F11: saves what the program on the screen holds (a game record) to the path given, and
/// says what it saved; or says why it could not.
pub type SaveRecord<'a> = dyn FnMut(&Cpc, &Path) -> Result<String, String> + 'a;

/// Why the window could not run.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct WindowError(String);

/// The emulator's own keys (the CPC has no F-keys of this kind: its f0-f9 are the keypad).
const PAUSE: Key = Key::F1;
const WARP: Key = Key::F2;
const RESET: Key = Key::F5;
const TRANSCRIPT: Key = Key::F11;
const SCREENSHOT: Key = Key::F12;
const HELP: &str = "F1 pause, F2 warp speed, F5 reset, F11 save the game (record), F12 screenshot; close the window to quit";

/// Runs `cpc` in a window until the window is closed. `program` is the file it came from
/// (for the message when no window can open); `save_record` is what F11 does.
pub fn run_window(
    mut cpc: Cpc,
    description: &str,
    program: &Path,
    save_record: &mut SaveRecord,
) -> Result<(), WindowError> {
    let mut window = open_window(description, program)?;
    eprintln!("running {description}\n{HELP}");
    let mut paused = false;
    let mut warp = false;
    let mut stopped: Option<String> = None;
    let mut held: HashSet<CpcKey> = HashSet::new();
    let mut next_frame = Instant::now();
    let frame = Duration::from_micros(FRAME_US);
    let mut title = String::new();
    while window.is_open() {
        for key in window.get_keys_pressed(KeyRepeat::No) {
            match key {
                PAUSE => paused = !paused,
                WARP => warp = !warp,
                RESET => {
                    cpc.reset().map_err(|e| WindowError(e.to_string()))?;
                    held.clear();
                    stopped = None;
                }
                TRANSCRIPT => {
                    let path = free_name("cpc-game", "txt");
                    match save_record(&cpc, &path) {
                        Ok(what) => eprintln!("wrote {}: {what}", path.display()),
                        Err(e) => eprintln!("game record not saved: {e}"),
                    }
                }
                SCREENSHOT => {
                    let path = free_name("cpc-screenshot", "png");
                    match cpc.save_png(&path) {
                        Ok(()) => eprintln!("wrote {}", path.display()),
                        Err(e) => eprintln!("screenshot failed: {e}"),
                    }
                }
                _ => {}
            }
        }
        // Only changes are passed on, so key-script presses are not cancelled.
        let now_held: HashSet<CpcKey> = window.get_keys().into_iter().filter_map(cpc_key).collect();
        for key in held.difference(&now_held) {
            cpc.release(*key);
        }
        for key in now_held.difference(&held) {
            cpc.press(*key);
        }
        held = now_held;

        if !paused && stopped.is_none() {
            let budget = if warp {
                Instant::now() + frame
            } else {
                Instant::now()
            };
            loop {
                if let Err(e) = cpc.run_frame() {
                    eprintln!("the emulated program stopped: {e}");
                    stopped = Some(e.to_string());
                    break;
                }
                if Instant::now() >= budget {
                    break;
                }
            }
        }
        let state = match (&stopped, paused, warp) {
            (Some(_), ..) => " [stopped: F5 resets]",
            (None, true, _) => " [paused]",
            (None, false, true) => " [warp]",
            _ => "",
        };
        let wanted = format!("cpc-othello: {description}{state}");
        if wanted != title {
            window.set_title(&wanted);
            title = wanted;
        }
        window
            .update_with_buffer(cpc.framebuffer(), WIDTH, HEIGHT)
            .map_err(|e| WindowError(e.to_string()))?;
        if !warp {
            next_frame += frame;
            let now = Instant::now();
            if next_frame > now {
                std::thread::sleep(next_frame - now);
            } else if now - next_frame > 5 * frame {
                next_frame = now; // fell behind (e.g. window dragged): do not race to catch up
            }
        } else {
            next_frame = Instant::now();
        }
    }
    Ok(())
}

/// Opens the window, or explains why not and how to run without one.
fn open_window(description: &str, program: &Path) -> Result<Window, WindowError> {
    let headless = format!(
        "run headless instead: cpc-othello run {} --headless --frames 250 --screenshot out.png",
        program.display()
    );
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Err(WindowError(format!(
            "cannot open the emulator window: no X display (DISPLAY is not set); {headless}"
        )));
    }
    let options = WindowOptions {
        resize: true,
        ..WindowOptions::default()
    };
    let title = format!("cpc-othello: {description}");
    // A broken X setup must not crash the command: turn a panic inside minifb into an error.
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let window = std::panic::catch_unwind(|| Window::new(&title, WIDTH, HEIGHT, options));
    std::panic::set_hook(quiet);
    match window {
        Ok(Ok(window)) => Ok(window),
        Ok(Err(e)) => Err(WindowError(format!(
            "cannot open the emulator window on display {display}: {e}; {headless}"
        ))),
        Err(_) => Err(WindowError(format!(
            "cannot open the emulator window on display {display}: the window library failed; {headless}"
        ))),
    }
}

/// `STEM-NNN.EXT`, the first that does not exist yet.
fn free_name(stem: &str, ext: &str) -> PathBuf {
    (1..)
        .map(|n| PathBuf::from(format!("{stem}-{n:03}.{ext}")))
        .find(|p| !p.exists())
        .expect("an unused name")
}

/// The CPC key a PC key stands for. Main Enter is RETURN, keypad Enter is ENTER, the keypad
/// digits are the CPC's f0-f9, Backspace is DEL, Delete is CLR, Alt or Insert is COPY.
pub fn cpc_key(key: Key) -> Option<CpcKey> {
    use CpcKey as C;
    Some(match key {
        Key::A => C::A,
        Key::B => C::B,
        Key::C => C::C,
        Key::D => C::D,
        Key::E => C::E,
        Key::F => C::F,
        Key::G => C::G,
        Key::H => C::H,
        Key::I => C::I,
        Key::J => C::J,
        Key::K => C::K,
        Key::L => C::L,
        Key::M => C::M,
        Key::N => C::N,
        Key::O => C::O,
        Key::P => C::P,
        Key::Q => C::Q,
        Key::R => C::R,
        Key::S => C::S,
        Key::T => C::T,
        Key::U => C::U,
        Key::V => C::V,
        Key::W => C::W,
        Key::X => C::X,
        Key::Y => C::Y,
        Key::Z => C::Z,
        Key::Key0 => C::Digit0,
        Key::Key1 => C::Digit1,
        Key::Key2 => C::Digit2,
        Key::Key3 => C::Digit3,
        Key::Key4 => C::Digit4,
        Key::Key5 => C::Digit5,
        Key::Key6 => C::Digit6,
        Key::Key7 => C::Digit7,
        Key::Key8 => C::Digit8,
        Key::Key9 => C::Digit9,
        Key::NumPad0 => C::F0,
        Key::NumPad1 => C::F1,
        Key::NumPad2 => C::F2,
        Key::NumPad3 => C::F3,
        Key::NumPad4 => C::F4,
        Key::NumPad5 => C::F5,
        Key::NumPad6 => C::F6,
        Key::NumPad7 => C::F7,
        Key::NumPad8 => C::F8,
        Key::NumPad9 => C::F9,
        Key::NumPadDot => C::KeypadDot,
        Key::NumPadEnter => C::Enter,
        Key::Enter => C::Return,
        Key::Space => C::Space,
        Key::Up => C::CursorUp,
        Key::Down => C::CursorDown,
        Key::Left => C::CursorLeft,
        Key::Right => C::CursorRight,
        Key::Escape => C::Esc,
        Key::Backspace => C::Del,
        Key::Delete => C::Clr,
        Key::LeftShift | Key::RightShift => C::Shift,
        Key::LeftCtrl | Key::RightCtrl => C::Control,
        Key::LeftAlt | Key::RightAlt | Key::Insert => C::Copy,
        Key::Tab => C::Tab,
        Key::CapsLock => C::CapsLock,
        Key::Comma => C::Comma,
        Key::Period => C::Dot,
        Key::Slash => C::Slash,
        Key::Semicolon => C::Semicolon,
        Key::Apostrophe => C::Colon,
        Key::Minus => C::Minus,
        Key::Equal => C::Caret,
        Key::LeftBracket => C::LeftBracket,
        Key::RightBracket => C::RightBracket,
        Key::Backslash => C::Backslash,
        Key::Backquote => C::At,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key the issue names is reachable, and the emulator's F-keys are not CPC keys.
    #[test]
    fn key_map_covers_the_required_keys() {
        #[rustfmt::skip]
        let all = [
            Key::A, Key::B, Key::C, Key::D, Key::E, Key::F, Key::G, Key::H, Key::I, Key::J, Key::K,
            Key::L, Key::M, Key::N, Key::O, Key::P, Key::Q, Key::R, Key::S, Key::T, Key::U, Key::V,
            Key::W, Key::X, Key::Y, Key::Z, Key::Key0, Key::Key1, Key::Key2, Key::Key3, Key::Key4,
            Key::Key5, Key::Key6, Key::Key7, Key::Key8, Key::Key9, Key::NumPad0, Key::NumPad1,
            Key::NumPad2, Key::NumPad3, Key::NumPad4, Key::NumPad5, Key::NumPad6, Key::NumPad7,
            Key::NumPad8, Key::NumPad9, Key::NumPadDot, Key::NumPadEnter, Key::Enter, Key::Space,
            Key::Up, Key::Down, Key::Left, Key::Right, Key::Escape, Key::Backspace, Key::LeftShift,
            Key::LeftCtrl, Key::LeftAlt,
        ];
        let mapped: HashSet<CpcKey> = all.iter().filter_map(|k| cpc_key(*k)).collect();
        assert_eq!(
            mapped.len(),
            all.len(),
            "each PC key gives a different CPC key"
        );
        for (line, bit, name) in [
            (2, 2, "RETURN"),
            (0, 6, "ENTER"),
            (5, 7, "SPACE"),
            (8, 2, "ESC"),
            (9, 7, "DEL"),
            (2, 5, "SHIFT"),
            (2, 7, "CTRL"),
            (1, 1, "COPY"),
            (0, 0, "UP"),
            (1, 0, "LEFT"),
        ] {
            let key = CpcKey::from_name(name).unwrap();
            assert_eq!(key.position(), (line, bit));
            assert!(mapped.contains(&key), "{name} not reachable");
        }
        for f in [PAUSE, WARP, RESET, TRANSCRIPT, SCREENSHOT] {
            assert_eq!(cpc_key(f), None);
        }
    }
}
