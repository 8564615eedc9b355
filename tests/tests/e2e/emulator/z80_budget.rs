//! The computer's time management through the game's own user interface (docs/ai.md 4.4,
//! cpc/budget.asm, cpc/clock.asm): the top level keeps a whole game within its budget of
//! CPC minutes a side, and with chess clocks on every level plans with its clock instead of
//! losing on time. Every computer move is checked against the reference engine at the stage
//! the program reports in `ai_depth`, so a move cut short by the clock is still verified.

use cpc_game::symbols as sym;
use std::collections::BTreeMap;

use super::ui::{Game, Rng, PLY_PASS};
use cpc_emu::CpcKey;
use cpc_game::stage::{self, stage_name};
use othello_engine::ai::best_move;
use othello_engine::board::{Board, Color};
use othello_engine::book;
use othello_engine::notation::to_position_string;
use othello_engine::search::{deepest_timed_depth, level_stage, Stage};
use othello_engine::weights::Weights;

/// CPC time a whole game may take in these tests (both sides' thinking and the demo's
/// pauses).
const GAME_LIMIT_US: u64 = 3_600_000_000;

/// The reference's answer at the stage the program reports; panics for a stage it must
/// never report.
fn reference_at(board: &Board, level: u8, stage: u8, w: &Weights) -> Option<u8> {
    match Stage::from_ai_depth(stage) {
        Some(s) => level_stage(board, level, s, w).best_move,
        None if stage == 0 && level <= 2 => best_move(board, level, w).best_move,
        None if stage == 0 => {
            book::answer(board, level, w)
                .unwrap_or_else(|| {
                    panic!(
                        "{}: stage 0 (the book) at level {level}, but the position is not in it",
                        to_position_string(board)
                    )
                })
                .best_move
        }
        None => panic!(
            "{}: the computer stopped before any stage (ai_depth &{stage:02X})",
            to_position_string(board)
        ),
    }
}

/// A ply of the game's record: the board before it, the square (or the pass), and the stage
/// ai_entry reported for it (left in ai_depth by the call that made the move).
struct Ply {
    before: Board,
    ply: u8,
    stage: u8,
}

/// Follows a game to its end: the computer plays both sides (`human` is `None`: the demo)
/// or white, `human` choosing black's moves (SPACE after a pass). Checks every computer move
/// at its stage. Returns the plies and the final board.
fn follow(
    g: &mut Game,
    level: u8,
    w: &Weights,
    mut human: Option<&mut dyn FnMut(&mut Game) -> u8>,
) -> (Vec<Ply>, Board) {
    let (count, over) = (g.sym(sym::RECORD_COUNT), g.sym(sym::GAME_OVER));
    let (ready, state) = (g.sym(sym::UI_READY), g.sym(sym::UI_STATE));
    let (st_human, st_pass) = (g.st(sym::ST_HUMAN), g.st(sym::ST_PASS));
    let demo = human.is_none();
    let computer = |c: Color| demo || c == Color::White;
    let mut board = Board::start();
    let mut plies: Vec<Ply> = Vec::new();
    while g.cpc.peek(over) == 0 {
        if let Some(choose) = human.as_mut() {
            if g.ready() && g.state() == st_pass {
                g.press(CpcKey::Space); // the computer moves again at once
            } else if g.ready() && g.state() == st_human {
                let sq = choose(g);
                while g.cursor() != sq {
                    g.key(CpcKey::Space);
                }
                g.press(CpcKey::Return); // the computer's reply may take minutes
            }
        }
        let seen = g.cpc.peek(count);
        g.run_until(
            "the next ply, the end or a key to press",
            GAME_LIMIT_US,
            |m| {
                m.peek(count) != seen
                    || m.peek(over) == 1
                    || (!demo && m.peek(ready) == 1 && [st_human, st_pass].contains(&m.peek(state)))
            },
        );
        let record = g.record();
        while plies.len() < record.len() {
            let ply = record[plies.len()];
            let before = board;
            let stage = g.byte(sym::AI_DEPTH);
            if ply == PLY_PASS {
                assert!(board.must_pass(), "a pass where a move was possible");
                board.pass();
            } else {
                if computer(board.to_move) {
                    let want = reference_at(&board, level, stage, w);
                    assert_eq!(
                        Some(ply),
                        want,
                        "{}: the computer's move at {}",
                        to_position_string(&board),
                        stage_name(stage)
                    );
                }
                board.play(ply).expect("a legal move");
            }
            plies.push(Ply { before, ply, stage });
        }
    }
    g.settle();
    assert_eq!(g.board(), board, "game_board after the record");
    (plies, board)
}

/// Sets the level and the players in the menu (from the start screen), then N.
fn new_game(g: &mut Game, level: u8, demo: bool, clock_presses: usize) {
    g.key(CpcKey::Esc);
    for _ in 1..level {
        g.key(CpcKey::L);
    }
    if demo {
        g.keys(&[CpcKey::P, CpcKey::P]);
    }
    for _ in 0..clock_presses {
        g.key(CpcKey::K);
    }
    assert_eq!(g.byte(sym::GAME_LEVEL), level);
    g.press(CpcKey::N);
}

#[test]
fn the_top_level_plays_a_whole_game_within_its_budget() {
    let w = Weights::default();
    let top = w.max_level();
    let def = stage::search_level(&w, top).expect("the top level is a search level");
    assert!(def.budget > 0, "the top level has a budget");
    let budget_s = u32::from(def.budget) * 60;
    let mut g = Game::started();
    g.cpc.set_rendering(false);
    new_game(&mut g, top, true, 0);
    assert_eq!(
        (g.word(sym::THINK_BLACK), g.word(sym::THINK_WHITE)),
        (budget_s as u16, budget_s as u16),
        "a new game gives both sides the level's budget"
    );
    let (plies, end) = follow(&mut g, top, &w, None);
    assert!(end.is_game_over());
    let mut stages: BTreeMap<String, usize> = BTreeMap::new();
    for p in plies.iter().filter(|p| p.ply != PLY_PASS) {
        *stages.entry(stage_name(p.stage)).or_default() += 1;
    }
    let used: Vec<u32> = [sym::THINK_BLACK, sym::THINK_WHITE]
        .iter()
        .map(|s| budget_s - u32::from(g.word(s)))
        .collect();
    eprintln!(
        "level {top} demo: {} plies, final {}-{}; CPC seconds used of {budget_s}: black {}, \
         white {}; stages {stages:?}",
        plies.len(),
        end.final_score().black,
        end.final_score().white,
        used[0],
        used[1]
    );
    for (side, &u) in ["black", "white"].iter().zip(&used) {
        assert!(u <= budget_s, "{side} thought {u} s of its {budget_s}");
        assert!(u > budget_s / 4, "{side} used only {u} s of {budget_s}");
        // The panel shows what each computer side has left after its disc count.
        let left = budget_s - u;
        let shown = g.panel_line(usize::from(g.sym(&format!("PY_{}", side.to_uppercase()))));
        assert!(
            shown.ends_with(&format!(" {:02}:{:02}", left / 60, left % 60)),
            "{side}: {shown:?} with {left} s left"
        );
    }
    // The top level searches deeper than the levels below it where it has the time, two
    // plies past its depth only late in the middle game (docs/ai.md 4.4), and solves the
    // end exactly.
    let deepest = plies
        .iter()
        .filter(|p| (1..=12).contains(&p.stage))
        .map(|p| p.stage)
        .max()
        .expect("depth-limited stages");
    assert!(deepest >= def.depth, "stages {stages:?}");
    for p in plies.iter().filter(|p| (1..=12).contains(&p.stage)) {
        let empties = p.before.empties().count_ones();
        assert!(
            p.stage <= deepest_timed_depth(def, empties),
            "depth {} at {empties} empties; stages {stages:?}",
            p.stage
        );
    }
    assert!(stages.contains_key("exact"), "stages {stages:?}");
    assert!(stages.contains_key("book"), "stages {stages:?}");
    assert!(!stages.contains_key("stopped"), "stages {stages:?}");
    assert!(
        plies
            .iter()
            .any(|p| p.before.empties().count_ones() <= u32::from(def.endgame) && p.stage == 0xFF),
        "an exact stage within the threshold"
    );
}

#[test]
fn with_chess_clocks_the_computer_plans_with_its_clock() {
    // Level 6 has no budget of its own: without clocks every move is its full search. With
    // a clock it deepens two plies at a time and stops in time: here the clock is cut to
    // 150 s a few moves in, and the computer still finishes the game without losing on time.
    let w = Weights::default();
    let level = 6;
    let mut g = Game::started();
    g.cpc.set_rendering(false);
    new_game(&mut g, level, false, 1);
    assert_eq!(g.byte(sym::CLOCK_ENABLED), 20);
    let mut rng = Rng::new(0x000C_10C6);
    let mut squeezed = false;
    let mut random = |g: &mut Game| {
        // After a few moves the computer's clock is all but gone: 150 s for the rest of the
        // game, where its full searches would need ten minutes.
        if !squeezed && g.record().len() >= 12 {
            squeezed = true;
            g.cpc.poke_word(g.sym(sym::CLOCK_WHITE), 150);
        }
        let legal = g.legal();
        legal[rng.below(legal.len())]
    };
    let (plies, end) = follow(&mut g, level, &w, Some(&mut random));
    assert!(
        end.is_game_over(),
        "the game ends on the board, not on time"
    );
    assert_eq!(g.byte(sym::TIME_OUT), 0, "no flag fell");
    let left = g.word(sym::CLOCK_WHITE);
    let computer: Vec<&Ply> = plies
        .iter()
        .filter(|p| p.ply != PLY_PASS && p.before.to_move == Color::White)
        .collect();
    let shallower = computer
        .iter()
        .filter(|p| (1..6).contains(&p.stage))
        .count();
    eprintln!(
        "level {level} with 20-minute clocks: {} computer moves, {shallower} from a stage \
         below depth 6, {left} s left on its clock",
        computer.len()
    );
    assert!(left > 0, "the computer's clock ran out");
    assert!(
        shallower > 0,
        "with 150 s for the rest of the game, some move is shallower"
    );
    assert!(
        computer
            .iter()
            .all(|p| p.stage == 0 || p.stage == 0xFF || (1..=6).contains(&p.stage)),
        "every computer move from a stage of level 6"
    );
}

/// What the panel's LAST line shows after a computer move: its square and where it came
/// from (docs/ai.md 4.4 stages): "F5 BOOK", "F5 D8", "F5 EX+6", "F5 WIN" (the win/loss/draw
/// check, 4.6), "F5 STOP", "F5 2 PLY".
fn last_source(square: u8, stage: u8, score: i16, level: u8) -> String {
    let source = match stage {
        0 if level >= 3 => "BOOK".to_string(),
        0 => format!("{level} PLY"),
        0xFF => format!("EX{}{score}", if score < 0 { "" } else { "+" }),
        0xFE => "STOP".to_string(),
        0xE1..=0xEC => ["LOSS", "DRAW", "WIN"][usize::try_from(score + 1).unwrap()].to_string(),
        d => format!("D{d}"),
    };
    format!(
        "{} {source}",
        othello_engine::notation::square_name(square).to_uppercase()
    )
}

#[test]
fn the_panel_shows_the_stage_while_thinking_and_where_each_move_came_from() {
    let w = Weights::default();
    let top = w.max_level();
    let mut g = Game::started();
    g.cpc.set_rendering(false);
    new_game(&mut g, top, true, 0);
    let (count, over, done) = (
        g.sym(sym::RECORD_COUNT),
        g.sym(sym::GAME_OVER),
        g.sym(sym::AI_DONE_DEPTH),
    );
    let busy = g.sym(sym::AI_BUSY);
    let (state, thinking) = (g.sym(sym::UI_STATE), g.st(sym::ST_THINKING));
    let last_y = usize::from(g.sym(sym::PY_LAST));
    let msg2_y = usize::from(g.sym(sym::PY_MSG) + g.sym(sym::LINE_PITCH));
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut stages_shown = 0;
    while g.cpc.peek(over) == 0 && seen.get("exact").copied().unwrap_or(0) < 2 {
        // While it thinks, the panel shows the depth it has finished.
        let before = g.cpc.peek(count);
        g.run_until("a stage complete or the move", GAME_LIMIT_US, |m| {
            (m.peek(busy) == 1 && m.peek(done) >= 2) || m.peek(count) != before || m.peek(over) == 1
        });
        if g.cpc.peek(count) == before && g.cpc.peek(over) == 0 {
            // A frame later the line is drawn (unless the move came meanwhile); a deeper stage
            // may have ended in that frame too, hence a second look.
            for _ in 0..2 {
                g.cpc.run_frames(1).unwrap();
                let (depth, shown) = (g.cpc.peek(done), g.panel_line(msg2_y));
                if g.cpc.peek(count) != before || depth < 2 {
                    break;
                }
                if shown == format!("THINKING D{depth}") {
                    stages_shown += 1;
                    break;
                }
            }
        }
        g.run_until("the computer's move", GAME_LIMIT_US, |m| {
            m.peek(count) != before || m.peek(over) == 1
        });
        if g.cpc.peek(over) == 1 {
            break;
        }
        let record = g.record();
        let ply = *record.last().unwrap();
        let (stage, score) = (g.byte(sym::AI_DEPTH), g.int16(sym::AI_SCORE));
        // The move drawn: the next think starts, or the game ends.
        g.run_until("the move drawn", GAME_LIMIT_US, |m| {
            m.peek(state) == thinking || m.peek(over) == 1
        });
        if ply == PLY_PASS {
            continue;
        }
        let line = g.panel_line(last_y);
        let want = last_source(ply, stage, score, top);
        assert!(
            line.starts_with("LAST") && line.ends_with(&want),
            "{line:?}: expected {want:?} (stage {})",
            stage_name(stage)
        );
        let kind = match stage {
            0 => "book",
            0xFF => "exact",
            0xE1..=0xEC => "wld",
            _ => "depth",
        };
        *seen.entry(kind).or_default() += 1;
    }
    eprintln!("LAST lines checked: {seen:?}; THINKING Dn lines: {stages_shown}");
    for kind in ["book", "depth", "exact"] {
        assert!(seen.contains_key(kind), "no {kind} move: {seen:?}");
    }
    assert!(
        stages_shown * 2 >= seen["depth"],
        "only {stages_shown} THINKING Dn lines: {seen:?}"
    );
}
