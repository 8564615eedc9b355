//! The game on a real CPC: the disc `cpc-othello build` writes, in MAME with the Amstrad
//! firmware and AMSDOS ROMs, on a CPC 6128 and on a CPC 464 with a DDI-1. `RUN"OTHELLO`
//! must bring up the board (the game's memory interface says so: waiting for black's move
//! in the start position), and a few moves typed on the keyboard (SPACE to pick, RETURN to
//! play) must give the reference engine's boards, the computer's replies included: first at
//! level 1, then, after choosing level 3 in the menu (ESC, L, L, ESC), past the opening book,
//! where the deep search runs with its tables in the RAM below the program and above it
//! (cpc/search.asm), which the firmware used before the program took the machine over.
//!
//! The screenshots, the RAM read back and the disc are kept in
//! `target/test-output/z80-mame/`.

use cpc_e2e::game::default_image;
use cpc_e2e::mame::{self, Machine, Script};
use cpc_e2e::{oracle, workspace};
use cpc_game::driver::board_bytes;
use cpc_game::media;
use cpc_game::symbols as sym;
use othello_engine::ai::best_move;
use othello_engine::board::{squares, Board};
use othello_engine::weights::Weights;

const TEST: &str = "oracles::z80_mame::the_game_runs_on_real_firmware";
/// Human moves typed in MAME at level 1, then at level 3 (the computer answers each).
const MOVES: usize = 3;
const DEEP_MOVES: usize = 5;
/// The level of the second part: a search level (alpha-beta, transposition table).
const DEEP_LEVEL: u8 = 3;
/// Frames a key script waits between two keys, so the game's once-a-frame keyboard scan
/// sees every key go up before the next goes down.
const KEY_GAP: u32 = 3;

/// The games's plan: for each human move, how many SPACE presses pick it (the i-th move
/// takes the (i+1)-th legal move, wrapping), and the board after the computer's answer (at
/// level 1 for the first MOVES, then at DEEP_LEVEL). Also says how many of the computer's
/// deep replies were searched rather than taken from the opening book.
fn plan(weights: &Weights) -> (Vec<(usize, Vec<u8>)>, usize) {
    let mut board = Board::start();
    let mut searched = 0;
    let moves = (0..MOVES + DEEP_MOVES)
        .map(|i| {
            let legal: Vec<u8> = squares(board.legal_moves()).collect();
            let presses = (i + 1) % legal.len();
            board.play(legal[presses]).expect("legal");
            let level = if i < MOVES { 1 } else { DEEP_LEVEL };
            if level == DEEP_LEVEL && othello_engine::book::answer(&board, level, weights).is_none()
            {
                searched += 1;
            }
            let reply = best_move(&board, level, weights)
                .best_move
                .expect("the computer can move");
            board.play(reply).expect("legal");
            assert!(
                !board.must_pass(),
                "the plan has no pass for the keys to confirm"
            );
            (presses, board_bytes(&board))
        })
        .collect();
    (moves, searched)
}

#[test]
fn the_game_runs_on_real_firmware() {
    if let Err(e) = mame::available() {
        return oracle::unavailable(TEST, &e.to_string());
    }
    let weights = Weights::default();
    let keep = workspace::test_output("z80-mame");
    let work = workspace::scratch_dir("z80-mame");
    let image = default_image();
    let dsk = work.join("othello.dsk");
    media::write(&dsk, &media::dsk(image.program()).expect("the disc")).expect("disc written");
    std::fs::copy(&dsk, keep.join("othello.dsk")).unwrap();
    let sym = |name: &str| {
        image
            .addr(name)
            .unwrap_or_else(|e| panic!("{e} (missing from the symbol file)"))
    };
    let (ready, keys) = (sym(sym::UI_READY), sym(sym::UI_KEYS));
    let st_human = sym(sym::ST_HUMAN) as u8;
    for machine in [Machine::Cpc6128, Machine::Cpc464Ddi1] {
        // A 464 plays without the edge table (cpc/edgetab.asm).
        let played = cpc_game::played_weights(&weights, machine == Machine::Cpc6128);
        let (plan, searched) = plan(&played);
        assert!(
            searched >= 2,
            "only {searched} deep replies out of the book"
        );
        let mut script = Script::new(machine)
            .floppy(&dsk)
            .wait_frames(100) // BASIC's prompt
            .type_text("run\"othello\n")
            .wait_ram(ready, 1, 40 * mame::FPS) // loading from disc, then the start-up
            .wait_frames(5)
            .snapshot("start")
            .read_ram("start", sym(sym::GAME_BOARD), 64)
            .read_ram("start-state", sym(sym::UI_STATE), 1);
        let mut typed = 0u8;
        for (i, (presses, _)) in plan.iter().enumerate() {
            let menu: &[&str] = if i == MOVES {
                &["\x1b", "l", "l", "\x1b"] // level 3
            } else {
                &[]
            };
            let picks = (0..*presses).map(|_| " ");
            for key in menu.iter().copied().chain(picks).chain(["\n"]) {
                typed += 1;
                script = script
                    .type_text(key)
                    .wait_ram(keys, typed, 5 * mame::FPS)
                    .wait_ram(ready, 1, 20 * mame::FPS)
                    .wait_frames(KEY_GAP);
            }
            script = script
                .read_ram(&format!("board{i}"), sym(sym::GAME_BOARD), 64)
                .read_ram(&format!("state{i}"), sym(sym::UI_STATE), 1);
        }
        script = script.snapshot("end");

        let outcome = mame::run(&script, &work.join(machine.name()))
            .unwrap_or_else(|e| panic!("{}: {e}", machine.name()));
        eprintln!(
            "{}: {} emulated frames in {:.1} s wall",
            machine.name(),
            outcome.frames,
            outcome.wall.as_secs_f64()
        );
        for (label, png) in &outcome.snapshots {
            std::fs::copy(png, keep.join(format!("{}-{label}.png", machine.name()))).unwrap();
        }
        let mut dump = String::new();
        for (label, bytes) in &outcome.reads {
            dump.push_str(&format!("{label}: {bytes:02X?}\n"));
        }
        std::fs::write(keep.join(format!("{}-ram.txt", machine.name())), dump).unwrap();

        let read = |label: &str| {
            outcome
                .reads
                .get(label)
                .unwrap_or_else(|| panic!("{}: no `{label}` read", machine.name()))
        };
        assert_eq!(
            read("start"),
            &board_bytes(&Board::start()),
            "{}: the board after RUN\"",
            machine.name()
        );
        assert_eq!(
            read("start-state"),
            &[st_human],
            "{}: waiting for black",
            machine.name()
        );
        for (i, (_, want)) in plan.iter().enumerate() {
            assert_eq!(
                read(&format!("board{i}")),
                want,
                "{}: the board after move {}",
                machine.name(),
                i + 1
            );
            assert_eq!(
                read(&format!("state{i}")),
                &[st_human],
                "{}: after move {}",
                machine.name(),
                i + 1
            );
        }
    }
}
