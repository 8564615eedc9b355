//! Take back, forward and the replay on a real CPC 464 (MAME with the Amstrad firmware and a
//! DDI-1): `RUN"OTHELLO`, four moves at level 1 typed on the keyboard, B and F, then the
//! replay from the menu (ESC R), three plies with SPACE, and PLAY (P) from there, after
//! which the game goes on with one more move. Each board read back from the machine's RAM
//! must be the reference engine's after the same plies.
//!
//! The screenshots and the RAM read back are kept in `target/test-output/z80-replay-mame/`.

use cpc_e2e::game::default_image;
use cpc_e2e::mame::{self, Machine, Script};
use cpc_e2e::{oracle, workspace};
use cpc_game::driver::board_bytes;
use cpc_game::media;
use cpc_game::symbols as sym;
use othello_engine::ai::best_move;
use othello_engine::board::{squares, Board};
use othello_engine::weights::Weights;

const TEST: &str = "oracles::z80_replay_mame::replay_and_forward_on_a_real_464";
/// Human moves typed before the take-back.
const MOVES: usize = 4;
/// Frames a key script waits between two keys (the game scans the keyboard once a frame).
const KEY_GAP: u32 = 3;

/// The board after `plies` from the start.
fn after(plies: &[u8]) -> Board {
    let mut b = Board::start();
    for &p in plies {
        b.play(p).expect("legal");
    }
    b
}

/// The plies of the game typed: the human (black) takes the (i+1)-th legal move (wrapping)
/// at its i-th turn, the computer answers at level 1; and the SPACE presses of each turn.
fn plan(weights: &Weights, turns: usize) -> (Vec<u8>, Vec<usize>) {
    let mut board = Board::start();
    let (mut plies, mut presses) = (Vec::new(), Vec::new());
    for i in 0..turns {
        let legal: Vec<u8> = squares(board.legal_moves()).collect();
        let k = (i + 1) % legal.len();
        presses.push(k);
        board.play(legal[k]);
        plies.push(legal[k]);
        let reply = best_move(&board, 1, weights).best_move.expect("a reply");
        board.play(reply);
        plies.push(reply);
        assert!(!board.must_pass(), "no pass in the plan");
    }
    (plies, presses)
}

#[test]
fn replay_and_forward_on_a_real_464() {
    if let Err(e) = mame::available() {
        return oracle::unavailable(TEST, &e.to_string());
    }
    let weights = Weights::default();
    let keep = workspace::test_output("z80-replay-mame");
    let work = workspace::scratch_dir("z80-replay-mame");
    let image = default_image();
    let dsk = work.join("othello.dsk");
    media::write(&dsk, &media::dsk(image.program()).expect("the disc")).expect("disc written");
    let sym = |name: &str| {
        image
            .addr(name)
            .unwrap_or_else(|e| panic!("{e} (missing from the symbol file)"))
    };
    let (ready, keys) = (sym(sym::UI_READY), sym(sym::UI_KEYS));
    let (plies, presses) = plan(&weights, MOVES);
    // After PLAY from 3 plies (white to move): the computer answers, then the human plays
    // its second legal move and the computer answers again.
    let mut resumed = plies[..3].to_vec();
    let mut b = after(&resumed);
    let reply = best_move(&b, 1, &weights).best_move.unwrap();
    b.play(reply);
    resumed.push(reply);
    let legal: Vec<u8> = squares(b.legal_moves()).collect();
    b.play(legal[1]);
    resumed.push(legal[1]);
    let reply = best_move(&b, 1, &weights).best_move.unwrap();
    resumed.push(reply);

    let mut script = Script::new(Machine::Cpc464Ddi1)
        .floppy(&dsk)
        .wait_frames(100)
        .type_text("run\"othello\n")
        .wait_ram(ready, 1, 40 * mame::FPS)
        .wait_frames(5);
    let mut typed = 0u8;
    let mut type_keys = |mut script: Script, keys_typed: &[&str]| {
        for key in keys_typed {
            typed = typed.wrapping_add(1);
            script = script
                .type_text(key)
                .wait_ram(keys, typed, 5 * mame::FPS)
                .wait_ram(ready, 1, 20 * mame::FPS)
                .wait_frames(KEY_GAP);
        }
        script
    };
    for &k in &presses {
        let mut turn = vec![" "; k];
        turn.push("\n");
        script = type_keys(script, &turn);
    }
    script = script.read_ram("played", sym(sym::GAME_BOARD), 64);
    script = type_keys(script, &["b"]).read_ram("back", sym(sym::GAME_BOARD), 64);
    script = type_keys(script, &["f"]).read_ram("forward", sym(sym::GAME_BOARD), 64);
    script = type_keys(script, &["\x1b", "r"])
        .read_ram("replay0", sym(sym::GAME_BOARD), 64)
        .read_ram("replay0-state", sym(sym::UI_STATE), 1);
    script = type_keys(script, &[" ", " ", " "])
        .read_ram("replay3", sym(sym::GAME_BOARD), 64)
        .snapshot("replay3");
    script = type_keys(script, &["p"])
        .read_ram("play-record", sym(sym::RECORD_COUNT), 1)
        .read_ram("play-end", sym(sym::RECORD_END), 1);
    let mut turn = vec![" "; 1];
    turn.push("\n");
    script = type_keys(script, &turn)
        .read_ram("resumed", sym(sym::GAME_BOARD), 64)
        .read_ram("resumed-state", sym(sym::UI_STATE), 1)
        .snapshot("resumed");

    let outcome =
        mame::run(&script, &work.join("cpc464")).unwrap_or_else(|e| panic!("cpc464: {e}"));
    eprintln!(
        "cpc464: {} emulated frames in {:.1} s wall",
        outcome.frames,
        outcome.wall.as_secs_f64()
    );
    for (label, png) in &outcome.snapshots {
        std::fs::copy(png, keep.join(format!("cpc464-{label}.png"))).unwrap();
    }
    let mut dump = String::new();
    for (label, bytes) in &outcome.reads {
        dump.push_str(&format!("{label}: {bytes:02X?}\n"));
    }
    std::fs::write(keep.join("cpc464-ram.txt"), dump).unwrap();
    let read = |label: &str| {
        outcome
            .reads
            .get(label)
            .unwrap_or_else(|| panic!("no `{label}` read"))
            .clone()
    };
    let n = plies.len();
    assert_eq!(
        read("played"),
        board_bytes(&after(&plies)),
        "the game typed"
    );
    assert_eq!(
        read("back"),
        board_bytes(&after(&plies[..n - 2])),
        "after B"
    );
    assert_eq!(read("forward"), board_bytes(&after(&plies)), "after F");
    assert_eq!(
        read("replay0"),
        board_bytes(&Board::start()),
        "the replay's start"
    );
    assert_eq!(read("replay0-state"), [sym(sym::ST_REPLAY) as u8]);
    assert_eq!(
        read("replay3"),
        board_bytes(&after(&plies[..3])),
        "3 plies on"
    );
    // PLAY: the record ends at the position (the computer, white, then answered: 4 plies).
    assert_eq!(
        read("play-record")[0],
        4,
        "3 plies and the computer's answer"
    );
    assert_eq!(read("play-end")[0], 4, "the later plies dropped");
    assert_eq!(read("resumed"), board_bytes(&after(&resumed)), "played on");
    assert_eq!(read("resumed-state"), [sym(sym::ST_HUMAN) as u8]);
}
