//! The game on tape and as a snapshot (`build --cdt`, `--tape-speed 2000`, `--sna`), proved
//! by the real firmware: MAME's CPC 464 (no disc drive) loads the tape with `RUN"`, the motor
//! turning the tape as on the machine, and MAME's 464 and 6128 start from the snapshot; each
//! time a move is played through the game's keys and the board compared with the reference
//! engine's. The bundled emulator runs the snapshot and the tape too.
//!
//! Screenshots go to `target/test-output/tape-sna/`; the tape's loading time (CPC seconds
//! from the key after "Press PLAY" to the game waiting for black's move) is printed.

use cpc_dsk::tape::TapeSpeed;
use cpc_e2e::game::default_image;
use cpc_e2e::mame::{self, Machine, Script};
use cpc_e2e::{oracle, workspace};
use cpc_emu::{open::open_bytes, CpcKey, OpenOptions};
use cpc_game::driver::board_bytes;
use cpc_game::driver::ui::{press_key, UiAddrs};
use cpc_game::media;
use cpc_game::symbols as sym;
use cpc_game::Image;
use othello_engine::ai::best_move;
use othello_engine::board::{squares, Board};
use othello_engine::weights::Weights;

/// The board after black plays the cursor's first move (RETURN) and the computer answers
/// at level 1, the level the game starts at.
fn after_one_move() -> Vec<u8> {
    let mut board = Board::start();
    let first = squares(board.legal_moves()).next().expect("a move");
    board.play(first).expect("legal");
    let reply = best_move(&board, 1, &Weights::default())
        .best_move
        .expect("white answers");
    board.play(reply).expect("legal");
    board_bytes(&board)
}

/// The game (built once per process) and a scratch directory for its media.
struct Built {
    image: &'static Image,
    dir: workspace::ScratchDir,
}

fn build(name: &str) -> Built {
    Built {
        image: default_image(),
        dir: workspace::scratch_dir(name),
    }
}

impl Built {
    fn sym(&self, name: &str) -> u16 {
        self.image
            .addr(name)
            .unwrap_or_else(|e| panic!("{e} (missing from the symbol file)"))
    }

    /// After the game is up: RETURN plays the cursor's move; then the board is read.
    fn play_a_move(&self, script: Script) -> Script {
        script
            .wait_frames(5)
            .read_ram("start", self.sym(sym::GAME_BOARD), 64)
            .type_text("\n")
            .wait_ram(self.sym(sym::UI_KEYS), 1, 5 * mame::FPS)
            .wait_ram(self.sym(sym::UI_READY), 1, 20 * mame::FPS)
            .wait_frames(10)
            .read_ram("after", self.sym(sym::GAME_BOARD), 64)
            .snapshot("after")
    }

    fn check(&self, outcome: &mame::Outcome, what: &str) {
        let keep = workspace::test_output("tape-sna");
        for (label, png) in &outcome.snapshots {
            let _ = std::fs::copy(png, keep.join(format!("{what}-{label}.png")));
        }
        assert_eq!(
            outcome.reads["start"],
            board_bytes(&Board::start()),
            "{what}: the start position"
        );
        assert_eq!(
            outcome.reads["after"],
            after_one_move(),
            "{what}: the board after a move and the reply"
        );
    }
}

#[test]
fn a_464_without_a_disc_drive_loads_the_tape_and_plays() {
    const TEST: &str = "oracles::tape_sna::a_464_without_a_disc_drive_loads_the_tape_and_plays";
    if let Err(e) = mame::available() {
        return oracle::unavailable(TEST, &e.to_string());
    }
    let b = build("tape-mame");
    for speed in [TapeSpeed::STANDARD, TapeSpeed::FAST] {
        let cdt = b.dir.join(format!("othello-{}.cdt", speed.baud()));
        media::write(&cdt, &media::cdt(b.image.program(), speed).unwrap()).unwrap();
        let script = Script::new(Machine::Cpc464)
            .cassette(&cdt)
            .wait_frames(100) // BASIC's prompt
            .type_text("run\"\n")
            .wait_frames(50) // "Press PLAY then any key:"
            .mark("key")
            .type_text(" ")
            // 35 KB at 1 000 baud: 435 CPC s (docs/benchmarks.md, "Tape and snapshot").
            .wait_ram(b.sym(sym::UI_READY), 1, 600 * mame::FPS)
            .mark("ready")
            .wait_frames(5)
            .snapshot("loaded");
        let script = b
            .play_a_move(script)
            .wall_limit(std::time::Duration::from_secs(600));
        let what = format!("cpc464-tape-{}", speed.baud());
        let outcome =
            mame::run(&script, &b.dir.join(&what)).unwrap_or_else(|e| panic!("{what}: {e}"));
        b.check(&outcome, &what);
        let frames = outcome.marks["ready"] - outcome.marks["key"];
        eprintln!(
            "{what}: loaded and started in {:.1} CPC s ({frames} frames), {:.1} s wall",
            f64::from(frames) / f64::from(mame::FPS),
            outcome.wall.as_secs_f64()
        );
    }
}

#[test]
fn the_snapshot_starts_the_game_on_a_464_and_a_6128() {
    const TEST: &str = "oracles::tape_sna::the_snapshot_starts_the_game_on_a_464_and_a_6128";
    if let Err(e) = mame::available() {
        return oracle::unavailable(TEST, &e.to_string());
    }
    let b = build("sna-mame");
    let sna = b.dir.join("othello.sna");
    media::write(&sna, &media::sna(b.image.program()).unwrap()).unwrap();
    for machine in [Machine::Cpc464, Machine::Cpc6128] {
        let script = Script::new(machine)
            .sna(&sna)
            .wait_ram(b.sym(sym::UI_READY), 1, 5 * mame::FPS)
            .mark("ready");
        let script = b.play_a_move(script);
        let what = format!("{}-sna", machine.name());
        let outcome =
            mame::run(&script, &b.dir.join(&what)).unwrap_or_else(|e| panic!("{what}: {e}"));
        b.check(&outcome, &what);
        assert!(
            outcome.marks["ready"] < 2 * mame::FPS,
            "{what}: the game is up at once ({} frames)",
            outcome.marks["ready"]
        );
    }
}

#[test]
fn the_bundled_emulator_runs_the_snapshot_and_the_tape() {
    let b = build("sna-emu");
    let tape = media::cdt(b.image.program(), TapeSpeed::STANDARD).unwrap();
    let snapshot = media::sna(b.image.program()).unwrap();
    // The same snapshot labelled as a 464's (the machine byte at &6D): run without the second
    // 64 KB, the game finds none and keeps its table in main RAM.
    let mut snapshot_464 = snapshot.clone();
    snapshot_464[0x6D] = 0;
    for (what, bytes, table_in_block_7) in [
        ("snapshot", snapshot, true),
        ("464 snapshot", snapshot_464, false),
        ("tape", tape, true),
    ] {
        let mut cpc = open_bytes(what, &bytes, &OpenOptions::default())
            .unwrap_or_else(|e| panic!("{what}: {e}"))
            .cpc;
        cpc.set_rendering(false);
        let ui = UiAddrs::of(b.image).unwrap_or_else(|e| panic!("{e}"));
        let ready = ui.ready;
        let up = cpc
            .run_until(2_000_000, |m| m.peek(ready) == 1)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(up.met(), "{what}: the game waits for a key within 2 s");
        assert_eq!(
            cpc.read_bytes(b.sym(sym::GAME_BOARD), 64),
            board_bytes(&Board::start())
        );
        let taken = press_key(&mut cpc, &ui, CpcKey::Return).unwrap();
        assert!(taken, "{what}: RETURN is taken");
        assert_eq!(
            cpc.peek(ui.keys),
            1,
            "{what}: RETURN is the first key taken"
        );
        let answered = cpc.run_until(20_000_000, |m| m.peek(ready) == 1).unwrap();
        assert!(answered.met(), "{what}: the computer answers");
        cpc.run_frames(10).unwrap();
        assert_eq!(
            cpc.read_bytes(b.sym(sym::GAME_BOARD), 64),
            after_one_move(),
            "{what}: the board after a move and the reply"
        );
        assert_eq!(
            (cpc.has_second_64k(), cpc.peek(b.sym(sym::TT_BANK)) != 0),
            (table_in_block_7, table_in_block_7),
            "{what}: the machine and where the game keeps its table"
        );
    }
}
