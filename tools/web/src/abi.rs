//! The functions the page's JavaScript calls (wasm32 only): plain `extern "C"` exports, bytes
//! and text passed through the module's linear memory. The glue (`assets/cpc.js`) copies its
//! input into a block from [`alloc`], calls the function, and reads the answer from the output
//! buffer ([`out_ptr`], [`out_len`]); a function returns 0 when the answer is the result, 1
//! when it is an error message (text or JSON).
//!
//! One module serves the page's three instances: the emulator on the page (`session_*`), and
//! the worker that rebuilds and checks (`build`, `check_move`). A panic is reported to the page
//! through the imported `env.host_panic` before the instance traps, so the page can say what
//! went wrong and start afresh instead of freezing.

use std::cell::RefCell;

use othello_engine::weights::Weights;
use serde_json::{json, Value};

use crate::bundle::Bundle;
use crate::check::check;
use crate::rebuild::{self, Medium};
use crate::session::Session;
use crate::watch::SeenMove;

#[link(wasm_import_module = "env")]
extern "C" {
    /// Shows a panic's message on the page (the instance is dead afterwards).
    fn host_panic(ptr: *const u8, len: usize);
}

thread_local! {
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
    static WEIGHTS: RefCell<Option<(String, Weights)>> = const { RefCell::new(None) };
}

const OK: i32 = 0;
const ERROR: i32 = 1;

fn answer(result: Result<Vec<u8>, Vec<u8>>) -> i32 {
    let (code, bytes) = match result {
        Ok(b) => (OK, b),
        Err(b) => (ERROR, b),
    };
    OUT.with(|o| *o.borrow_mut() = bytes);
    code
}

fn text(result: Result<String, String>) -> i32 {
    answer(result.map(String::into_bytes).map_err(String::into_bytes))
}

/// # Safety
/// `ptr` must point to `len` readable bytes (from [`alloc`]), or `len` be 0.
unsafe fn input<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if len == 0 || ptr.is_null() {
        &[]
    } else {
        // SAFETY: the caller passes a block of `len` bytes it wrote.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    }
}

/// # Safety
/// As [`input`].
unsafe fn input_str<'a>(ptr: *const u8, len: usize) -> Result<&'a str, String> {
    // SAFETY: as the caller promises.
    std::str::from_utf8(unsafe { input(ptr, len) }).map_err(|e| format!("not UTF-8 text: {e}"))
}

/// Sets the panic hook that reports to the page. Called once by the glue.
#[no_mangle]
pub extern "C" fn init() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        // SAFETY: the page's import reads `len` bytes at `ptr`, which live until it returns.
        unsafe { host_panic(message.as_ptr(), message.len()) };
    }));
}

/// A block of `len` bytes for the page to write its input into.
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut block = Vec::<u8>::with_capacity(len.max(1));
    let ptr = block.as_mut_ptr();
    std::mem::forget(block);
    ptr
}

/// Frees a block from [`alloc`].
///
/// # Safety
/// `ptr` and `len` must be those of one [`alloc`] call, freed once.
#[no_mangle]
pub unsafe extern "C" fn dealloc(ptr: *mut u8, len: usize) {
    // SAFETY: the block was made by `alloc` with capacity `len.max(1)`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Where the last answer is.
#[no_mangle]
pub extern "C" fn out_ptr() -> *const u8 {
    OUT.with(|o| o.borrow().as_ptr())
}

/// The last answer's length.
#[no_mangle]
pub extern "C" fn out_len() -> usize {
    OUT.with(|o| o.borrow().len())
}

/// The shipped weights file's text (`cpc/weights.toml`).
#[no_mangle]
pub extern "C" fn default_weights() -> i32 {
    text(Ok(cpc_game::sources::DEFAULT_WEIGHTS_TEXT.to_string()))
}

/// Rebuild: the weights text in, the build's bundle out; or the error as JSON
/// (`{"message", "line", "col"}`).
///
/// # Safety
/// As [`input`].
#[no_mangle]
pub unsafe extern "C" fn build(ptr: *const u8, len: usize) -> i32 {
    // SAFETY: as the caller promises.
    let result = unsafe { input_str(ptr, len) }
        .map_err(|e| json!({"message": e, "line": null, "col": null}))
        .and_then(|t| rebuild::build(t).map_err(|e| e.to_json()));
    answer(
        result
            .map(|b| b.encode())
            .map_err(|e| e.to_string().into_bytes()),
    )
}

/// What the page shows about a bundle (its summary JSON).
///
/// # Safety
/// As [`input`].
#[no_mangle]
pub unsafe extern "C" fn bundle_summary(ptr: *const u8, len: usize) -> i32 {
    // SAFETY: as the caller promises.
    let bytes = unsafe { input(ptr, len) };
    text(
        Bundle::decode(bytes)
            .map(|b| b.summary_json().to_string())
            .map_err(|e| e.to_string()),
    )
}

/// A bundle's program as a medium: `kind` 0 .dsk, 1 .cdt, 2 .sna.
///
/// # Safety
/// As [`input`].
#[no_mangle]
pub unsafe extern "C" fn medium(ptr: *const u8, len: usize, kind: u32) -> i32 {
    // SAFETY: as the caller promises.
    let bytes = unsafe { input(ptr, len) };
    let which = match kind {
        0 => Medium::Dsk,
        1 => Medium::Cdt,
        _ => Medium::Sna,
    };
    answer(
        Bundle::decode(bytes)
            .map_err(|e| e.to_string())
            .and_then(|b| rebuild::medium(&b, which))
            .map_err(String::into_bytes),
    )
}

/// Checks one computer move: `{"move": <SeenMove JSON>, "weights": "<text>"}` in, the
/// outcome's JSON out.
///
/// # Safety
/// As [`input`].
#[no_mangle]
pub unsafe extern "C" fn check_move(ptr: *const u8, len: usize) -> i32 {
    // SAFETY: as the caller promises.
    let result = unsafe { input_str(ptr, len) }.and_then(|t| {
        let request: Value = serde_json::from_str(t).map_err(|e| e.to_string())?;
        let seen = SeenMove::from_json(&request["move"])?;
        let weights_text = request["weights"].as_str().unwrap_or_default();
        WEIGHTS.with(|cache| {
            let mut cache = cache.borrow_mut();
            if cache.as_ref().is_none_or(|(t, _)| t != weights_text) {
                let w = rebuild::parse_weights(weights_text).map_err(|e| e.to_string())?;
                *cache = Some((weights_text.to_string(), w));
            }
            let (_, weights) = cache.as_ref().ok_or("no weights")?;
            let file =
                (weights_text != cpc_game::sources::DEFAULT_WEIGHTS_TEXT).then_some("my.toml");
            Ok(check(&seen, weights, file).to_json().to_string())
        })
    });
    text(result)
}

fn with_session<T>(f: impl FnOnce(&mut Session) -> T) -> Option<T> {
    SESSION.with(|s| s.borrow_mut().as_mut().map(f))
}

fn start(result: Result<Session, crate::session::SessionError>) -> i32 {
    match result {
        Ok(session) => {
            let status = session.status().to_string();
            SESSION.with(|s| *s.borrow_mut() = Some(session));
            text(Ok(status))
        }
        Err(e) => text(Err(e.0)),
    }
}

/// Starts a bundle's game on the page (replacing what ran); out: the status JSON, or why not.
///
/// # Safety
/// As [`input`].
#[no_mangle]
pub unsafe extern "C" fn session_boot(ptr: *const u8, len: usize) -> i32 {
    // SAFETY: as the caller promises.
    let bytes = unsafe { input(ptr, len) };
    match Bundle::decode(bytes) {
        Ok(b) => start(Session::from_bundle(&b)),
        Err(e) => text(Err(e.to_string())),
    }
}

/// Starts a dropped file (name, then bytes); out: the status JSON, or why it cannot run.
///
/// # Safety
/// As [`input`], for both blocks.
#[no_mangle]
pub unsafe extern "C" fn session_open(
    name_ptr: *const u8,
    name_len: usize,
    ptr: *const u8,
    len: usize,
) -> i32 {
    // SAFETY: as the caller promises.
    let name = unsafe { input_str(name_ptr, name_len) }.unwrap_or("the file");
    // SAFETY: as the caller promises.
    let bytes = unsafe { input(ptr, len) };
    start(Session::from_file(name, bytes))
}

/// Schedules a key script (`cpc-othello run --keys` syntax); out: why not.
///
/// # Safety
/// As [`input`].
#[no_mangle]
pub unsafe extern "C" fn session_keys(ptr: *const u8, len: usize) -> i32 {
    // SAFETY: as the caller promises.
    let result = unsafe { input_str(ptr, len) }.and_then(|script| {
        with_session(|s| s.schedule(script).map_err(|e| e.0))
            .unwrap_or_else(|| Err("nothing runs".into()))
    });
    text(result.map(|()| String::new()))
}

/// Runs up to `frames` frames (drawing only the last unless `draw_all` is 1); returns the
/// frames run (fewer when the program stopped).
#[no_mangle]
pub extern "C" fn session_run(frames: u32, draw_all: u32) -> u32 {
    with_session(|s| s.run(frames, draw_all == 1)).unwrap_or(0)
}

/// Presses (`down` 1) or releases a key by its DOM `code`; 1 when the CPC takes it.
///
/// # Safety
/// As [`input`].
#[no_mangle]
pub unsafe extern "C" fn session_key(ptr: *const u8, len: usize, down: u32) -> i32 {
    // SAFETY: as the caller promises.
    let Ok(code) = (unsafe { input_str(ptr, len) }) else {
        return 0;
    };
    with_session(|s| i32::from(s.key(code, down == 1))).unwrap_or(0)
}

/// Releases every key.
#[no_mangle]
pub extern "C" fn session_release_all() {
    with_session(Session::release_all);
}

/// Starts the program again; out: why not.
#[no_mangle]
pub extern "C" fn session_reset() -> i32 {
    let result =
        with_session(|s| s.reset().map_err(|e| e.0)).unwrap_or_else(|| Err("nothing runs".into()));
    text(result.map(|()| String::new()))
}

/// The picture as RGBA (768 x 544 x 4 bytes), valid until the next call into the module.
#[no_mangle]
pub extern "C" fn session_rgba() -> *const u8 {
    with_session(|s| s.rgba().as_ptr()).unwrap_or(std::ptr::null())
}

/// 1 while the game's computer thinks.
#[no_mangle]
pub extern "C" fn session_thinking() -> i32 {
    with_session(|s| i32::from(s.thinking())).unwrap_or(0)
}

/// Out: the status JSON.
#[no_mangle]
pub extern "C" fn session_status() -> i32 {
    text(with_session(|s| s.status().to_string()).ok_or_else(|| "nothing runs".to_string()))
}

/// Out: the computer moves made since the last call, a JSON array.
#[no_mangle]
pub extern "C" fn session_seen() -> i32 {
    let moves = with_session(|s| s.take_seen()).unwrap_or_default();
    text(Ok(Value::Array(
        moves.iter().map(SeenMove::to_json).collect(),
    )
    .to_string()))
}

/// Out: the game record's text, or why there is none.
#[no_mangle]
pub extern "C" fn session_record() -> i32 {
    text(
        with_session(|s| s.record().map_err(|e| e.0)).unwrap_or_else(|| Err("nothing runs".into())),
    )
}
