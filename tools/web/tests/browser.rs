//! The browser edition in a real browser: Debian's headless Chromium, driven through
//! chromedriver, against the page built by `cpc_web::site` (the same function `cpc-othello web`
//! runs, WebAssembly build included) and served from 127.0.0.1. One browser, in turn:
//!
//! 1. the page loads with no console error and requests nothing outside 127.0.0.1;
//! 2. after a key script at level 1 the canvas is pixel-identical to the bundled emulator run
//!    as `cpc-othello run target/othello.dsk --headless --keys ... --frames N --screenshot`;
//! 3. *Rebuild* with a changed table gives the CRC-32 `cpc-othello build --weights` gives; a
//!    bad table shows its line and column;
//! 4. a level-3 demo game: every computer move checked, 0 mismatches;
//! 5. a screenshot of the whole page in target/web-test/page.png.
//!
//! Without chromium, chromedriver or the wasm target the test says so loudly and passes,
//! unless `CI=true`: then it fails.

mod support;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cpc_emu::{Program, Symbols};
use cpc_game::sources::{self, Sources, DEFAULT_WEIGHTS_TEXT};
use cpc_game::{media, symbols as sym, Image};
use cpc_web::bundle::Bundle;
use cpc_web::site::{self, server::Server};
use othello_engine::weights::{Weights, WeightsError};
use serde_json::Value;
use support::cli::{cli_crc, cli_image, cli_run, encode, headless_run, write_rgba_png};
use support::webdriver::{Driver, Session};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Level 1 (the level the game starts at): a move with SPACE and RETURN, the computer's reply.
const LEVEL1_KEYS: &str = "150:SPACE 170:SPACE 190:RETURN";
const LEVEL1_FRAMES: u64 = 420;

/// The menu: ESC, L twice (level 3), P twice (the demo: the computer plays both sides), ESC.
const LEVEL3_DEMO: &str = "100:ESC 110:L 120:L 140:P 150:P 170:ESC";

fn skip_or_fail(why: &str) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("the browser test cannot run under CI=true: {why}");
    }
    eprintln!("\n*** SKIPPED: the browser test of the page: {why} ***\n");
}

fn out_dir() -> PathBuf {
    site::wasm::target_dir().with_file_name("web-test")
}

/// The tools the test needs, or why it cannot run (after saying so, or failing under CI).
fn prerequisites() -> bool {
    for tool in [CHROMIUM, CHROMEDRIVER] {
        if !Path::new(tool).is_file() {
            skip_or_fail(&format!(
                "{tool} is missing (Debian: apt-get install chromium chromium-driver)"
            ));
            return false;
        }
    }
    if site::wasm::target_installed() == Some(false) && site::wasm::ensure_target().is_err() {
        skip_or_fail("the wasm32-unknown-unknown target is missing (rustup target add wasm32-unknown-unknown)");
        return false;
    }
    true
}

#[test]
fn the_page_in_chromium() {
    if !prerequisites() {
        return;
    }
    let out = out_dir();
    let started = Instant::now();
    let page = site::build_page(&out.join("page")).expect("the page builds");
    eprintln!(
        "page built in {:.1} s: {} files, {} bytes ({})",
        started.elapsed().as_secs_f64(),
        page.files.len(),
        page.total_bytes(),
        page.files
            .iter()
            .map(|(n, s)| format!("{n} {s}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let server = Server::bind(&page.dir, 0).expect("a port on 127.0.0.1");
    let url = server.url().unwrap();
    let _serving = server.spawn();
    let driver = Driver::start(Path::new(CHROMEDRIVER)).expect("chromedriver starts");
    let profile = tempfile::tempdir().unwrap();
    let s = driver
        .session(Path::new(CHROMIUM), profile.path())
        .expect("a Chromium session");

    loads_cleanly(&s, &url);
    canvas_equals_the_cli_screenshot(&s, &url);
    rebuild_gives_the_cli_crc(&s);
    level3_demo_is_checked(&s, &url);
    page_screenshot(&s, &out);
    a_mismatch_is_shown_loudly(&s);
    no_console_errors(&s);
}

fn ready(s: &Session, what: &str) {
    s.wait_for(
        "window.cpcTest && cpcTest.ready",
        Duration::from_secs(60),
        what,
    )
    .unwrap();
}

/// (1) No error, every request to 127.0.0.1, the shipped build the CLI's.
fn loads_cleanly(s: &Session, url: &str) {
    let t = Instant::now();
    s.goto(url).unwrap();
    ready(s, "the page starts");
    let load = s.eval("return cpcTest.loadMs;").unwrap();
    eprintln!(
        "(1) loaded in {:.0} ms (the page's own clock: {} ms)",
        t.elapsed().as_secs_f64() * 1e3,
        load
    );
    s.wait_for(
        "cpcTest.selfBuild",
        Duration::from_secs(60),
        "the page's own build of the shipped table",
    )
    .unwrap();
    let hosts = s
        .eval("return performance.getEntriesByType('resource').map(e => e.name).concat([location.href]);")
        .unwrap();
    let urls: Vec<&str> = hosts
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(urls.len() >= 5, "the page's files were loaded: {urls:?}");
    for u in &urls {
        assert!(
            u.starts_with("http://127.0.0.1:") || u.starts_with("blob:http://127.0.0.1:"),
            "a request outside 127.0.0.1: {u}"
        );
    }
    let cli = cli_crc(DEFAULT_WEIGHTS_TEXT);
    let shown = s.eval("return cpcTest.build.crc32;").unwrap();
    let again = s.eval("return cpcTest.selfBuild;").unwrap();
    assert_eq!(shown, format!("{cli:08X}"), "the shipped build");
    assert_eq!(
        again["crc32"],
        format!("{cli:08X}"),
        "the page's own build: {again}"
    );
    eprintln!(
        "(1) {} requests, all to 127.0.0.1; shipped build CRC-32 {cli:08X} = the CLI's; \
         assembled again in the page in {:.0} ms",
        urls.len(),
        again["ms"].as_f64().unwrap_or(0.0)
    );
}

/// (2) The canvas after the key script = the CLI's screenshot, pixel for pixel.
fn canvas_equals_the_cli_screenshot(s: &Session, url: &str) {
    let query = format!("{url}?keys={}&frames={LEVEL1_FRAMES}", encode(LEVEL1_KEYS));
    s.goto(&query).unwrap();
    ready(s, "the page starts with a key script");
    s.wait_for(
        "cpcTest.stopped",
        Duration::from_secs(60),
        "the page runs the frames",
    )
    .unwrap();
    let frame = s.eval("return cpcTest.frame;").unwrap();
    assert_eq!(frame, LEVEL1_FRAMES, "the page stopped at the frame asked");
    let b64 = s.eval("return window.cpcScreen.pixelsBase64();").unwrap();
    let canvas = support::base64::decode(b64.as_str().unwrap()).unwrap();
    let (native, _) = cli_run(LEVEL1_KEYS, LEVEL1_FRAMES);
    assert_eq!(canvas.len(), native.len(), "768 x 544 RGBA");
    let differ = canvas
        .chunks(4)
        .zip(native.chunks(4))
        .position(|(a, b)| a != b);
    if let Some(i) = differ {
        let shot = out_dir().join("canvas-mismatch.png");
        write_rgba_png(&shot, &canvas);
        panic!(
            "pixel ({}, {}) differs: canvas {:?}, CLI {:?} (canvas saved in {})",
            i % 768,
            i / 768,
            &canvas[i * 4..i * 4 + 4],
            &native[i * 4..i * 4 + 4],
            shot.display()
        );
    }
    let lit = native.chunks(4).filter(|p| p[..3] != [0, 0, 0]).count();
    eprintln!(
        "(2) canvas after `{LEVEL1_KEYS}`, {LEVEL1_FRAMES} frames: 417792 pixels identical to \
         the CLI's headless screenshot ({lit} not black)"
    );
}

/// (3) Rebuild: the CLI's CRC-32 for a changed table; a mistake's line and column.
fn rebuild_gives_the_cli_crc(s: &Session) {
    let changed = DEFAULT_WEIGHTS_TEXT.replacen("edge = 9 ", "edge = 20", 1);
    assert_ne!(changed, DEFAULT_WEIGHTS_TEXT);
    let before = s.eval("return cpcTest.builds;").unwrap().as_u64().unwrap();
    set_weights_and_rebuild(s, &changed);
    s.wait_for(
        &format!("cpcTest.builds > {before}"),
        Duration::from_secs(60),
        "Rebuild",
    )
    .unwrap();
    let crc = s.eval("return cpcTest.build.crc32;").unwrap();
    let book = s.eval("return cpcTest.build.book_left_out;").unwrap();
    let cli = cli_crc(&changed);
    assert_eq!(crc, format!("{cli:08X}"), "Rebuild's CRC-32");
    assert!(
        book.as_str().is_some(),
        "a table with another evaluation plays without the book: {book}"
    );
    let shown = s
        .eval("return document.getElementById('crc32').textContent;")
        .unwrap();
    assert_eq!(shown, format!("{cli:08X}"), "the page shows it");
    eprintln!("(3) Rebuild with edge = 20: CRC-32 {cli:08X} = the CLI's; book left out: {book}");
    media_are_the_cli_s(s, &changed);

    let bad = DEFAULT_WEIGHTS_TEXT.replacen("diagonal = 5 ", "diagonal = 5x", 1);
    let Err(WeightsError::Invalid { line, col, .. }) = Weights::parse(&bad, "weights.toml") else {
        panic!("the bad table is refused");
    };
    set_weights_and_rebuild(s, &bad);
    s.wait_for(
        &format!("cpcTest.builds > {}", before + 1),
        Duration::from_secs(60),
        "Rebuild of a bad table",
    )
    .unwrap();
    let err = s.eval("return cpcTest.buildError;").unwrap();
    assert_eq!(
        (err["line"].as_u64(), err["col"].as_u64()),
        (Some(line as u64), Some(col as u64)),
        "{err}"
    );
    let text = s
        .eval("return document.getElementById('build-error').textContent;")
        .unwrap();
    let text = text.as_str().unwrap();
    assert!(
        text.starts_with(&format!("weights.toml:{line}:{col}: ")),
        "{text}"
    );
    assert_eq!(
        s.eval("return cpcTest.build.crc32;").unwrap(),
        format!("{cli:08X}"),
        "the running game is left alone"
    );
    eprintln!(
        "(3) a bad table: {}",
        text.lines().next().unwrap_or_default()
    );
}

/// The page's .dsk, .cdt and .sna of the running build are the CLI's bytes for `text`.
fn media_are_the_cli_s(s: &Session, text: &str) {
    let weights = Weights::parse(text, "my.toml").unwrap();
    let program = cpc_game::assemble(&Sources::dir(sources::default_dir()), &weights, "my.toml")
        .unwrap()
        .program();
    let speed = cpc_dsk::tape::TapeSpeed::from_baud(cpc_web::rebuild::TAPE_BAUD).unwrap();
    for (ext, cli) in [
        ("dsk", media::dsk(&program).unwrap()),
        ("cdt", media::cdt(&program, speed).unwrap()),
        ("sna", media::sna(&program).unwrap()),
    ] {
        let b64 = s.eval(&format!("return cpcTest.medium('{ext}');")).unwrap();
        let page = support::base64::decode(b64.as_str().unwrap()).unwrap();
        assert!(page == cli, "the page's .{ext} differs from the CLI's");
    }
    eprintln!("(3) its .dsk, .cdt and .sna: the CLI's bytes");
}

fn set_weights_and_rebuild(s: &Session, text: &str) {
    let literal = serde_json::to_string(text).unwrap();
    s.eval(&format!(
        "document.getElementById('weights').value = {literal}; \
         document.getElementById('rebuild').click(); return true;"
    ))
    .unwrap();
}

/// (4) A level-3 demo game with warp: every computer move checked against the reference.
fn level3_demo_is_checked(s: &Session, url: &str) {
    let t = Instant::now();
    s.goto(&format!("{url}?keys={}&warp=always", encode(LEVEL3_DEMO)))
        .unwrap();
    ready(s, "the page starts the demo");
    s.wait_for(
        "cpcTest.status && cpcTest.status.game && cpcTest.status.game.game_over \
         && cpcTest.checks && cpcTest.checks.pending === 0",
        Duration::from_secs(900),
        "the level-3 demo game ends and every move is checked",
    )
    .unwrap();
    let checks = s.eval("return cpcTest.checks;").unwrap();
    let status = s.eval("return cpcTest.status;").unwrap();
    let speed = s.eval("return cpcScreen.speed;").unwrap();
    let game = &status["game"];
    assert_eq!(game["level"], 3, "{status}");
    assert_eq!(game["mode"], 0, "the demo: {status}");
    let moves = game["move"].as_u64().unwrap();
    assert!(moves >= 40, "a whole game: {status}");
    assert_eq!(
        checks["mismatches"],
        0,
        "{checks} {}",
        s.eval("return cpcTest.outcomes.filter(o => o.verdict !== 'agree');")
            .unwrap()
    );
    assert_eq!(checks["skipped"], 0, "{checks}");
    assert_eq!(
        checks["checked"].as_u64(),
        Some(moves),
        "every computer move: {checks} {status}"
    );
    let record = s.eval("return cpcTest.record();").unwrap();
    let record = othello_engine::record::GameRecord::parse(record.as_str().unwrap())
        .expect("the page's game record reads as `engine replay` reads it");
    assert!(record.result.is_some() && record.plies() as u64 >= moves);
    let summary = s
        .eval("return document.getElementById('check-summary').textContent;")
        .unwrap();
    let frames = speed["frames"].as_f64().unwrap_or(0.0);
    let ms = speed["ms"].as_f64().unwrap_or(1.0);
    eprintln!(
        "(4) level-3 demo: {moves} moves, \"{}\"; the page ran {} frames ({:.0} s of CPC \
         time) in {:.1} s of warp: {:.0} frames/s ({:.1} s in all)",
        summary.as_str().unwrap_or_default(),
        status["frame"],
        status["cpc_seconds"].as_f64().unwrap_or(0.0),
        ms / 1e3,
        frames * 1e3 / ms,
        t.elapsed().as_secs_f64()
    );
}

/// (5) The whole page as a PNG.
fn page_screenshot(s: &Session, out: &Path) {
    // The editor scrolled to the square weights, the table a tweaker changes first.
    s.eval(
        "const t = document.getElementById('weights'); \
         const line = t.value.split('\\n').findIndex(l => l.startsWith('squares')); \
         t.scrollTop = Math.max(0, line - 1) * t.scrollHeight / t.value.split('\\n').length; \
         return true;",
    )
    .unwrap();
    let png = s.screenshot().unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let path = out.join("page.png");
    std::fs::write(&path, &png).unwrap();
    eprintln!("(5) the page: {} ({} bytes)", path.display(), png.len());
}

/// (4) The checker can fail: a move that is not the reference's, handed to the page's real
/// check path (the worker), shows the loud box with the position and the command line.
fn a_mismatch_is_shown_loudly(s: &Session) {
    let weights = Weights::default();
    let start = othello_engine::board::Board::start();
    let best = othello_engine::ai::best_move(&start, 1, &weights)
        .best_move
        .unwrap();
    let other = othello_engine::board::squares(start.legal_moves())
        .find(|sq| *sq != best)
        .unwrap();
    let board: [u8; 64] = cpc_game::driver::board_bytes(&start)
        .try_into()
        .expect("64 squares");
    let seen = cpc_web::watch::SeenMove {
        board,
        side: 1,
        level: 1,
        square: other,
        stage: Some(0),
        stopped: false,
        clocks: false,
        flag_fell: false,
        illegal: false,
        ply: 0,
    };
    let want = cpc_web::check::check(&seen, &weights, None);
    s.eval(&format!(
        "cpcTest.checkMove({}); return true;",
        seen.to_json()
    ))
    .unwrap();
    s.wait_for(
        "cpcTest.checks.mismatches === 1 && cpcTest.checks.pending === 0",
        Duration::from_secs(30),
        "the mismatch is counted",
    )
    .unwrap();
    let shown = s
        .eval(
            "const b = document.getElementById('mismatch'); \
             return {hidden: b.classList.contains('hidden'), text: b.textContent, \
             summary: document.getElementById('check-summary').textContent};",
        )
        .unwrap();
    let text = shown["text"].as_str().unwrap();
    assert_eq!(shown["hidden"], false, "{shown}");
    assert!(
        text.starts_with("MISMATCH at ply 1, black, level 1"),
        "{text}"
    );
    assert!(text.contains(&want.command), "{text}");
    assert!(
        shown["summary"].as_str().unwrap().ends_with("1 mismatch"),
        "{shown}"
    );
    let path = out_dir().join("mismatch.png");
    std::fs::write(&path, s.screenshot().unwrap()).unwrap();
    eprintln!(
        "(4) a move that is not the reference's is shown ({}): \"{}\"; {}",
        path.display(),
        shown["summary"].as_str().unwrap_or_default(),
        want.command
    );
}

/// No error in the page's own list, nor in the browser's console.
fn no_console_errors(s: &Session) {
    let errors = s.eval("return cpcTest.errors;").unwrap();
    assert_eq!(errors, serde_json::json!([]), "errors in the page");
    let log = s.browser_log().expect("the browser's console log");
    let severe: Vec<&Value> = log.iter().filter(|e| e["level"] == "SEVERE").collect();
    assert!(severe.is_empty(), "console errors: {severe:?}");
    eprintln!("(1) no console error ({} log entries)", log.len());
}

#[test]
fn the_bundle_boots_as_the_cli_s_disc() {
    let bundle = cpc_web::rebuild::build(DEFAULT_WEIGHTS_TEXT).unwrap();
    let decoded = Bundle::decode(&bundle.encode()).unwrap();
    let program = Program {
        load: decoded.load,
        exec: decoded.exec,
        bytes: decoded.binary.clone(),
    };
    let image = Image::new(program, Symbols::from_json(&decoded.symbols_json).unwrap());
    let mut from_bundle = cpc_web::session::Session::from_bundle(&decoded).unwrap();
    from_bundle.schedule(LEVEL1_KEYS).unwrap();
    assert_eq!(
        from_bundle.run(LEVEL1_FRAMES as u32, false),
        LEVEL1_FRAMES as u32
    );
    let (native, cpc) = cli_run(LEVEL1_KEYS, LEVEL1_FRAMES);
    assert_eq!(from_bundle.rgba(), native.as_slice(), "the same picture");
    assert_eq!(
        cpc.read_bytes(image.addr(sym::GAME_BOARD).unwrap(), 64),
        from_bundle
            .cpc()
            .read_bytes(image.addr(sym::GAME_BOARD).unwrap(), 64)
    );
    let seen = from_bundle.take_seen();
    assert_eq!(seen.len(), 1, "the computer's reply was seen: {seen:?}");
    let record = from_bundle.record().unwrap();
    assert!(record.lines().any(|l| !l.starts_with('#')), "{record}");
}

/// The level-4 demo of docs/benchmarks.md with warp: the emulator's speed in the page against
/// the native emulator's on the same script, `cpc-othello run othello.dsk --headless --frames N
/// --keys '...'` run in-process through the same steps, in pairs, one right after the other
/// (`SPEED_PAIRS`, default 3). Run by hand, optimised as the CLI is:
/// `cargo test --release -p cpc-web --test browser level4_demo_speed -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check: run by hand"]
fn level4_demo_speed() {
    const LEVEL4_DEMO: &str = "100:ESC 110:L 120:L 130:L 140:P 150:P 170:ESC";
    if cfg!(debug_assertions) {
        panic!("run with --release: the native side must be optimised as `cpc-othello run` is");
    }
    if !prerequisites() {
        return;
    }
    let pairs: usize = std::env::var("SPEED_PAIRS").map_or(3, |v| v.parse().expect("a number"));
    let bundle = cpc_web::rebuild::build(DEFAULT_WEIGHTS_TEXT).unwrap();
    let mut native = cpc_web::session::Session::from_bundle(&bundle).unwrap();
    native.schedule(LEVEL4_DEMO).unwrap();
    let mut frames = 0u32;
    while native.status()["game"]["game_over"] != true {
        assert!(frames < 500_000, "the demo ends");
        frames += native.run(500, false);
    }
    // Run to the frame it ended at, to the nearest 500: both sides run exactly these frames.
    let image = cli_image();
    let out = out_dir();
    let page = site::build_page(&out.join("page")).expect("the page builds");
    let server = Server::bind(&page.dir, 0).unwrap();
    let url = server.url().unwrap();
    let _serving = server.spawn();
    let driver = Driver::start(Path::new(CHROMEDRIVER)).unwrap();
    let mut ratios = Vec::new();
    for pair in 1..=pairs {
        let profile = tempfile::tempdir().unwrap();
        let s = driver.session(Path::new(CHROMIUM), profile.path()).unwrap();
        s.goto(&format!(
            "{url}?keys={}&warp=always&frames={frames}",
            encode(LEVEL4_DEMO)
        ))
        .unwrap();
        ready(&s, "the page starts the level-4 demo");
        s.wait_for(
            "cpcTest.stopped",
            Duration::from_secs(1800),
            "the demo runs",
        )
        .unwrap();
        let speed = s.eval("return cpcScreen.speed;").unwrap();
        let checks = s.eval("return cpcTest.checks;").unwrap();
        drop(s);
        // The browser's processes end before the native side runs alone.
        std::thread::sleep(Duration::from_secs(2));
        let page_s = speed["ms"].as_f64().unwrap() / 1e3;
        let (cpc, wall) = headless_run(&image, LEVEL4_DEMO, u64::from(frames));
        assert_eq!(cpc.frame(), u64::from(frames));
        let native_s = wall.as_secs_f64();
        let cpc_s = f64::from(frames) * 19.968e-3;
        ratios.push(native_s / page_s);
        eprintln!(
            "pair {pair}: {frames} frames, page {page_s:.2} s ({:.1}x real time), native \
             {native_s:.2} s ({:.1}x): the page at {:.2} of native; checks {checks}",
            cpc_s / page_s,
            cpc_s / native_s,
            native_s / page_s
        );
    }
    ratios.sort_by(f64::total_cmp);
    eprintln!(
        "level-4 demo, warp always, {pairs} pairs: the page at {:.2}-{:.2} of native (median \
         {:.2})",
        ratios[0],
        ratios[ratios.len() - 1],
        ratios[ratios.len() / 2]
    );
}
