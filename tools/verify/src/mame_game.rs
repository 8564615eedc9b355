//! Whole games in MAME with the real Amstrad ROMs: the disc goes in drive A, `RUN"OTHELLO`
//! is typed at the BASIC prompt, the level and colour are set in the game's menu, and the
//! reference's game ([`plan`]) is typed key by key (SPACE to the chosen move, RETURN to play
//! it, SPACE after a pass). At every wait for a key the board, side to move and UI state
//! are read back, and at the end the game record, the final board and the WOF score; all
//! are compared with the reference afterwards. A program that plays another move than the
//! reference leaves a board that differs at the next wait (or a wait that never comes).

use cpc_game::symbols as sym;
use std::path::Path;
use std::time::Duration;

use othello_engine::board::Board;
use othello_engine::notation::to_board_string;
use othello_engine::weights::Weights;

use cpc_mame::roms::Roms;
use cpc_mame::{self as mame, Machine, Script};

use super::check::{bytes_text, move_text};
use super::game::plies_text;
use super::game_plan::{plan, GameSetup, Plan, WaitKeys};
use super::{Mismatch, MismatchKind, VerifyError};
use cpc_game::driver::ui::UiAddrs;
use cpc_game::driver::{board_bytes, side_code};
use cpc_game::Image;

/// Frames between two keys, so the game's once-a-frame keyboard scan sees every key go up
/// before the next goes down.
const KEY_GAP: u32 = 3;
/// Frames to wait for the program to take a typed key.
const KEY_FRAMES: u32 = 5 * mame::FPS;
/// Frames to wait for the program to wait for a key again at `level` (a computer move and
/// its animation take well under a few seconds at levels 1 and 2, minutes deeper).
fn move_frames(level: u8) -> u32 {
    let seconds = super::game::settle_limit_us(level) / 1_000_000;
    u32::try_from(seconds).unwrap_or(u32::MAX / mame::FPS) * mame::FPS
}

/// Wall-clock limit of one game in MAME at `level` (MAME runs a CPC some 5 to 10 times
/// faster than real time here; a game at level 2 takes well under a minute).
fn game_wall_limit(level: u8) -> Duration {
    Duration::from_secs(if level <= 2 { 600 } else { 4 * 3600 })
}

/// What a game in MAME gave.
#[derive(Clone, Debug)]
pub struct MameOutcome {
    /// The game.
    pub setup: GameSetup,
    /// The machine.
    pub machine: Machine,
    /// The first difference, if any.
    pub mismatch: Option<Mismatch>,
    /// Plies of the reference's game.
    pub plies: usize,
    /// Emulated frames.
    pub frames: u32,
    /// Wall-clock time.
    pub wall: Duration,
    /// The screenshot at the end, in the work directory.
    pub screenshot: Option<std::path::PathBuf>,
    /// Where the program kept its transposition table, read at the end (`None`: not read).
    pub table: Option<TableRam>,
}

/// Where the program keeps its transposition table: the 6128's second 64 KB, found at
/// start-up, or the main RAM (docs/ai.md appendix A).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableRam {
    /// Block 7 of the second 64 KB (`tt_bank` non-zero).
    Block7,
    /// The main RAM (`tt_bank` = 0: no second 64 KB).
    Main,
}

impl TableRam {
    /// From the program's `tt_bank` byte.
    #[must_use]
    pub fn from_byte(tt_bank: u8) -> TableRam {
        if tt_bank == 0 {
            TableRam::Main
        } else {
            TableRam::Block7
        }
    }

    /// As the report names it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TableRam::Block7 => "block 7",
            TableRam::Main => "main RAM",
        }
    }
}

/// The interface addresses the script reads and waits on: the driver's, and where the
/// program says it keeps its table.
struct Addrs {
    ui: UiAddrs,
    table: u16,
}

impl Addrs {
    fn of(image: &Image) -> Result<Addrs, VerifyError> {
        Ok(Addrs {
            ui: UiAddrs::of(image)?,
            table: image.addr(sym::TT_BANK)?,
        })
    }
}

/// Text MAME's natural keyboard types for a key of the game.
const ESC: &str = "\x1b";

/// The script of a whole game.
fn script(dsk: &Path, machine: Machine, at: &Addrs, setup: &GameSetup, plan: &Plan) -> Script {
    let mut s = Script::new(machine)
        .floppy(dsk)
        .wall_limit(game_wall_limit(setup.level))
        .wait_frames(100) // BASIC's prompt
        .type_text("run\"othello\n")
        .wait_ram(at.ui.ready, 1, 40 * mame::FPS) // loading from disc, then the start-up
        .wait_frames(5)
        .read_ram("start", at.ui.board, 64);
    let mut typed = 0u8;
    let mut key = |s: Script, text: &str| {
        typed = typed.wrapping_add(1);
        s.type_text(text)
            .wait_ram(at.ui.keys, typed, KEY_FRAMES)
            .wait_ram(at.ui.ready, 1, move_frames(setup.level))
            .wait_frames(KEY_GAP)
    };
    // The program starts at level 1 with the keys playing black.
    if setup.level != 1 || side_code(setup.human) != 1 {
        s = key(s, ESC);
        for _ in 1..setup.level {
            s = key(s, "l");
        }
        if side_code(setup.human) != 1 {
            s = key(s, "c");
        }
        s = key(s, ESC);
    }
    for (i, wait) in plan.waits.iter().enumerate() {
        s = s
            .read_ram(&format!("board{i}"), at.ui.board, 64)
            .read_ram(&format!("side{i}"), at.ui.side, 1)
            .read_ram(&format!("state{i}"), at.ui.state, 1)
            .read_ram(&format!("count{i}"), at.ui.record_count, 1)
            .read_ram(&format!("record{i}"), at.ui.record_list, 128);
        match wait.keys {
            WaitKeys::Human { presses, .. } => {
                for _ in 0..presses {
                    s = key(s, " ");
                }
                s = key(s, "\n");
            }
            WaitKeys::Pass => s = key(s, " "),
        }
    }
    s.read_ram("end-board", at.ui.board, 64)
        .read_ram("end-side", at.ui.side, 1)
        .read_ram("end-state", at.ui.state, 1)
        .read_ram("record-count", at.ui.record_count, 1)
        .read_ram("record", at.ui.record_list, 128)
        .read_ram("final-black", at.ui.final_black, 1)
        .read_ram("final-white", at.ui.final_white, 1)
        .read_ram("winner", at.ui.winner, 1)
        .read_ram("table", at.table, 1)
        .snapshot("end")
}

/// Plays `setup` in MAME on `machine` with the disc `dsk` (whose program is `image`, built
/// with `weights`; a 464 plays without the edge table), working in `work`.
///
/// # Errors
/// [`VerifyError::Mame`] when MAME cannot run at all; a game that goes wrong is a
/// [`MameOutcome::mismatch`].
pub fn play_mame_game(
    dsk: &Path,
    image: &Image,
    setup: &GameSetup,
    machine: Machine,
    weights: &Weights,
    roms: &Roms,
    work: &Path,
) -> Result<MameOutcome, VerifyError> {
    let at = Addrs::of(image)?;
    let weights = &cpc_game::played_weights(weights, machine == Machine::Cpc6128);
    let plan = plan(setup, weights);
    let script = script(dsk, machine, &at, setup, &plan);
    let (outcome, failure) = mame::run_partial(&script, work, roms)
        .map_err(|e| VerifyError::Mame(format!("{}: {e}", machine.name())))?;
    let origin = format!("MAME {}, {setup}", machine.name());
    let mismatch = compare(
        &outcome.reads,
        &at,
        &plan,
        failure.as_deref(),
        &origin,
        setup,
    );
    Ok(MameOutcome {
        setup: *setup,
        machine,
        mismatch,
        plies: plan.plies.len(),
        frames: outcome.frames,
        wall: outcome.wall,
        screenshot: outcome.snapshots.get("end").cloned(),
        table: outcome
            .reads
            .get("table")
            .and_then(|v| v.first())
            .map(|&b| TableRam::from_byte(b)),
    })
}

/// The first ply of the program's record (which should hold the reference's first `n`
/// plies) that is not the reference's, as a mismatch at the position before it.
fn first_wrong_ply(
    record: &[u8],
    plan: &Plan,
    n: usize,
    mismatch: &dyn Fn(Board, usize, String, String) -> Mismatch,
) -> Option<Mismatch> {
    let want = &plan.plies[..n.min(plan.plies.len())];
    let k = (0..want.len().max(record.len())).find(|&k| record.get(k) != want.get(k))?;
    let ply = |p: Option<&u8>| p.map_or("nothing".to_string(), |&p| move_text(p));
    let board = plan.before.get(k).copied().unwrap_or(plan.end);
    Some(mismatch(
        board,
        k,
        format!(
            "plays {} (game record {})",
            ply(record.get(k)),
            plies_text(record)
        ),
        format!("plays {}", ply(want.get(k))),
    ))
}

/// The first difference between what MAME read and the reference's game.
fn compare(
    reads: &std::collections::BTreeMap<String, Vec<u8>>,
    at: &Addrs,
    plan: &Plan,
    failure: Option<&str>,
    origin: &str,
    setup: &GameSetup,
) -> Option<Mismatch> {
    let mismatch = |board: Board, plies: usize, z80: String, reference: String| Mismatch {
        kind: MismatchKind::Mame,
        level: Some(setup.level),
        origin: format!("{origin}, after {plies} plies"),
        board,
        z80,
        reference,
        game: Some(setup.index),
        moves: plan.plies[..plies.min(plan.plies.len())].to_vec(),
        stage: None,
        ai_time: None,
    };
    let get = |label: &str| reads.get(label);
    let byte = |label: &str| get(label).and_then(|v| v.first().copied());
    let stopped = |board: Board, plies: usize, what: &str| {
        let why = failure
            .and_then(|f| f.lines().next())
            .unwrap_or("the script ended early");
        mismatch(board, plies, format!("no {what}: {why}"), what.to_string())
    };

    match get("start") {
        Some(b) if *b == board_bytes(&Board::start()) => {}
        Some(b) => {
            return Some(mismatch(
                Board::start(),
                0,
                format!("board after RUN\" {}", bytes_text(b)),
                to_board_string(&Board::start()),
            ))
        }
        None => return Some(stopped(Board::start(), 0, "start")),
    }
    for (i, wait) in plan.waits.iter().enumerate() {
        let (Some(board), Some(side), Some(state), Some(count), Some(record)) = (
            get(&format!("board{i}")),
            byte(&format!("side{i}")),
            byte(&format!("state{i}")),
            byte(&format!("count{i}")),
            get(&format!("record{i}")),
        ) else {
            return Some(stopped(wait.board, wait.plies_before, "wait for a key"));
        };
        let record = &record[..usize::from(count).min(record.len())];
        if let Some(m) = first_wrong_ply(record, plan, wait.plies_before, &mismatch) {
            return Some(m);
        }
        let want_state = match wait.keys {
            WaitKeys::Human { .. } => at.ui.st_human,
            WaitKeys::Pass => at.ui.st_pass,
        };
        if *board != board_bytes(&wait.board)
            || side != side_code(wait.board.to_move)
            || state != want_state
        {
            return Some(mismatch(
                wait.board,
                wait.plies_before,
                format!("board {} side {side} ui_state {state}", bytes_text(board)),
                format!(
                    "board {} side {} ui_state {want_state}",
                    to_board_string(&wait.board),
                    side_code(wait.board.to_move)
                ),
            ));
        }
    }
    let end = plan.end;
    let n = plan.plies.len();
    let (Some(board), Some(state), Some(count), Some(record)) = (
        get("end-board"),
        byte("end-state"),
        byte("record-count"),
        get("record"),
    ) else {
        return Some(stopped(end, n, "game over"));
    };
    let record = &record[..usize::from(count).min(record.len())];
    if let Some(m) = first_wrong_ply(record, plan, n, &mismatch) {
        return Some(m);
    }
    let fs = end.final_score();
    let winner = match fs.black.cmp(&fs.white) {
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 0,
    };
    let finals = (byte("final-black"), byte("final-white"), byte("winner"));
    let want = (Some(fs.black), Some(fs.white), Some(winner));
    if *board != board_bytes(&end)
        || state != at.ui.st_over
        || record != plan.plies
        || finals != want
    {
        return Some(mismatch(
            end,
            n,
            format!(
                "board {} ui_state {state}, record {}, final {:?}-{:?} winner {:?}",
                bytes_text(board),
                plies_text(record),
                finals.0,
                finals.1,
                finals.2
            ),
            format!(
                "board {} ui_state {}, record {}, final {}-{} winner {winner}",
                to_board_string(&end),
                at.ui.st_over,
                plies_text(&plan.plies),
                fs.black,
                fs.white
            ),
        ));
    }
    None
}
