//! ODIN's REPLAY, NEXT and PLAY on the Z80 Othello (`cpc/replay.asm`), and F, the step
//! forward through moves taken back (`cpc/history.asm`), driven through the game's keys in
//! the bundled emulator. Every position shown is checked against the reference rules
//! (the board after replaying the record with `othello-engine`), every computer move
//! after PLAY against the reference's choice; the record in the panel, the clocks and
//! the hint are checked as a player sees them.

use super::ui::{legal_moves, simulate_random_game, Game, Rng, FRAME_US, PLY_PASS};
use cpc_emu::CpcKey;
use cpc_game::symbols as sym;
use othello_engine::ai::best_move;
use othello_engine::board::{Board, Color};
use othello_engine::notation::square_name;
use othello_engine::weights::Weights;

fn upper(ply: u8) -> String {
    if ply == PLY_PASS {
        "--".into()
    } else {
        square_name(ply).to_uppercase()
    }
}

/// Boots the game and sets the level in the menu.
fn started_at(level: u8) -> Game {
    let mut g = Game::started();
    g.key(CpcKey::Esc);
    while g.byte(sym::GAME_LEVEL) != level {
        g.key(CpcKey::L);
    }
    g.key(CpcKey::Esc);
    g
}

/// The board after `plies` (squares and passes) from `start`, by the reference rules.
fn replay(start: Board, plies: &[u8]) -> Board {
    let mut b = start;
    for &p in plies {
        if p == PLY_PASS {
            assert!(b.must_pass(), "a pass where a move was possible");
            b.pass();
        } else {
            b.play(p)
                .unwrap_or_else(|| panic!("{} is not legal", upper(p)));
        }
    }
    b
}

/// `record_end` plies of `record_list`: the whole record kept, beyond the position.
fn kept(g: &Game) -> Vec<u8> {
    let n = g.byte(sym::RECORD_END);
    g.cpc.read_bytes(g.sym(sym::RECORD_LIST), usize::from(n))
}

/// The panel's record rows show `plies` and the LAST line the last of them.
fn assert_record_panel(g: &Game, plies: &[u8], at: &str) {
    let per_row = usize::from(g.sym(sym::RECORD_PER_ROW));
    let rows = usize::from(g.sym(sym::RECORD_ROWS));
    let first = plies.len().saturating_sub(rows * per_row).div_ceil(per_row) * per_row;
    let y = usize::from(g.sym(sym::PY_RECORD));
    for row in 0..rows {
        let from = (first + row * per_row).min(plies.len());
        let to = (from + per_row).min(plies.len());
        let want: Vec<String> = plies[from..to].iter().map(|&p| upper(p)).collect();
        assert_eq!(
            g.panel_line(y + 8 * row),
            want.join(" "),
            "{at}: record row {row}"
        );
    }
    let last = plies.last().map_or("-".to_string(), |&p| upper(p));
    assert_eq!(
        g.panel_line(usize::from(g.sym(sym::PY_LAST))),
        format!("LAST{last:>10}"),
        "{at}"
    );
}

/// The human's turns with seeded random moves until `turns` are made or the program stops
/// asking; SPACE goes on after a pass.
fn play_random(g: &mut Game, rng: &mut Rng, turns: usize) {
    let mut made = 0;
    while made < turns {
        let state = g.state();
        if state == g.st(sym::ST_PASS) {
            g.key(CpcKey::Space);
        } else if state == g.st(sym::ST_HUMAN) {
            let legal = g.legal();
            g.play(legal[rng.below(legal.len())]);
            made += 1;
        } else {
            break;
        }
    }
}

/// Every computer ply of the record from `start` is the reference's choice at `level`
/// (`computer` says which colours the computer played), and the board is where the record
/// leads.
fn check_record(g: &Game, start: Board, level: u8, w: &Weights, computer: impl Fn(Color) -> bool) {
    let mut b = start;
    for (i, &p) in g.record().iter().enumerate() {
        if p == PLY_PASS {
            assert!(b.must_pass(), "ply {i}: a pass where a move was possible");
            b.pass();
            continue;
        }
        if computer(b.to_move) {
            assert_eq!(Some(p), best_move(&b, level, w).best_move, "ply {i}");
        }
        b.play(p).unwrap_or_else(|| panic!("ply {i}: illegal"));
    }
    assert_eq!(g.board(), b, "game_board after the record");
}

#[test]
fn forward_goes_through_the_moves_taken_back() {
    let w = Weights::default();
    let mut g = started_at(2);
    let mut rng = Rng::new(31);
    play_random(&mut g, &mut rng, 8);
    let game = g.record();
    assert_eq!(kept(&g), game);
    // Nothing after the position: F changes nothing.
    g.key(CpcKey::F);
    assert_eq!(g.record(), game);
    // B three times: the record shrinks, the plies stay kept.
    let mut stops = vec![game.len()];
    for _ in 0..3 {
        g.key(CpcKey::B);
        stops.push(g.record().len());
        assert_eq!(kept(&g), game, "B keeps the plies after the position");
    }
    // A hint in the position: F takes it away with the position.
    g.key(CpcKey::H);
    assert!(g.byte(sym::HINT_SQUARE) < 64);
    // F three times: back through the same positions, in the opposite order.
    stops.pop();
    while let Some(len) = stops.pop() {
        g.key(CpcKey::F);
        let at = format!("F to {len} plies");
        assert_eq!(g.record(), game[..len], "{at}");
        let board = replay(Board::start(), &game[..len]);
        assert_eq!(g.board(), board, "{at}");
        assert_eq!(g.state(), g.st(sym::ST_HUMAN), "{at}: the human to move");
        assert_eq!(g.legal(), legal_moves(&board), "{at}");
        assert_eq!(g.byte(sym::HINT_SQUARE), 0xFE, "{at}: no hint");
        g.assert_screen_shows(&board, Some(g.cursor()), game[..len].last().copied(), &at);
        assert_record_panel(&g, &game[..len], &at);
    }
    assert_eq!(g.record(), game);
    // Taking back and playing the same move again keeps the line (the computer answers
    // as before); another move drops it.
    g.keys(&[CpcKey::B, CpcKey::B]);
    let len = g.record().len();
    g.play(game[len]);
    assert_eq!(g.record(), game[..len + 2], "the same reply");
    assert_eq!(kept(&g), game, "the line stays");
    g.key(CpcKey::F);
    assert_eq!(g.record(), game);
    g.key(CpcKey::B);
    let len = g.record().len();
    let other = *g
        .legal()
        .iter()
        .find(|&&s| s != game[len])
        .expect("another move");
    g.play(other);
    assert_eq!(kept(&g), g.record(), "a new line: the later plies are gone");
    g.key(CpcKey::F);
    assert_eq!(kept(&g), g.record());
    check_record(&g, Board::start(), 2, &w, |c| c == Color::White);
}

#[test]
fn two_players_step_forward_one_move_at_a_time() {
    let mut g = Game::started();
    g.keys(&[CpcKey::Esc, CpcKey::P, CpcKey::Esc]);
    let mut rng = Rng::new(12);
    for _ in 0..6 {
        let legal = g.legal();
        g.play(legal[rng.below(legal.len())]);
    }
    let game = g.record();
    for _ in 0..4 {
        g.key(CpcKey::B);
    }
    assert_eq!(g.record(), game[..2]);
    for len in 3..=6 {
        g.key(CpcKey::F);
        assert_eq!(g.record(), game[..len]);
        assert_eq!(g.board(), replay(Board::start(), &game[..len]));
    }
}

#[test]
fn a_finished_game_is_replayed_and_played_on_from_a_position_of_it() {
    // A level-1 game with a pass, played to its end through the keys; then R.
    let w = Weights::default();
    // The pass is followed by two more plies before the end: the replay below steps past it.
    let (seed, plies) = (1..3000)
        .map(|s| (s, simulate_random_game(s, &w).0))
        .find(|(_, plies)| {
            plies
                .iter()
                .position(|&p| p == PLY_PASS)
                .is_some_and(|at| at + 2 < plies.len())
        })
        .expect("a game with a pass");
    let mut g = started_at(1);
    let mut rng = Rng::new(seed);
    play_random(&mut g, &mut rng, 64);
    assert_eq!(g.state(), g.st(sym::ST_GAME_OVER));
    assert_eq!(g.record(), plies);
    let end = g.board();
    let over = g.messages();
    let n = plies.len();

    g.key(CpcKey::R);
    assert_eq!(g.state(), g.st(sym::ST_REPLAY));
    assert_eq!(g.board(), Board::start());
    assert_eq!(kept(&g), plies, "the whole game kept");
    assert_eq!(
        g.messages(),
        [
            format!("REPLAY 0/{n}"),
            "BLACK TO MOVE".to_string(),
            format!("NEXT {}", upper(plies[0]))
        ]
    );
    g.assert_screen_shows(&Board::start(), None, None, "replay start");
    assert_record_panel(&g, &[], "replay start");
    // The replay tells of no computer move: LAST shows the ply alone.
    let last_line = usize::from(g.sym(sym::PY_LAST));
    assert_eq!(g.panel_line(last_line), "LAST         -");
    // SPACE: ply by ply, passes included, each position the reference's.
    let pass_at = plies.iter().position(|&p| p == PLY_PASS).unwrap();
    for k in 1..=pass_at + 2 {
        g.key(CpcKey::Space);
        let board = replay(Board::start(), &plies[..k]);
        let at = format!("replay ply {k}");
        assert_eq!(g.record(), plies[..k], "{at}");
        assert_eq!(g.board(), board, "{at}");
        let last = plies[..k].iter().rev().find(|&&p| p != PLY_PASS).copied();
        g.assert_screen_shows(&board, None, last.filter(|_| plies[k - 1] != PLY_PASS), &at);
        assert_record_panel(&g, &plies[..k], &at);
        if plies[k - 1] != PLY_PASS {
            let want = format!("LAST{:>10}", upper(plies[k - 1]));
            assert_eq!(g.panel_line(last_line), want, "{at}");
        }
        assert_eq!(g.messages()[0], format!("REPLAY {k}/{n}"), "{at}");
        assert_eq!(
            g.messages()[1],
            format!(
                "{} TO MOVE",
                if board.to_move == Color::Black {
                    "BLACK"
                } else {
                    "WHITE"
                }
            ),
            "{at}"
        );
        assert_eq!(g.messages()[2], format!("NEXT {}", upper(plies[k])), "{at}");
    }
    // H: the hint for the position shown, the reference's move at the level; it goes
    // with the next step.
    let shown = replay(Board::start(), &plies[..pass_at + 2]);
    let messages = g.messages();
    g.key(CpcKey::H);
    let hint = best_move(&shown, 1, &w).best_move.unwrap();
    assert_eq!(g.byte(sym::HINT_SQUARE), hint);
    assert!(g.has_ring(hint), "the hint's ring");
    assert!(g.messages()[0].starts_with(&format!("HINT {}", upper(hint))));
    assert_eq!(g.messages()[1], messages[1], "whose turn stays");
    assert_eq!(g.state(), g.st(sym::ST_REPLAY));
    // B: a ply back.
    g.key(CpcKey::B);
    assert_eq!(
        g.byte(sym::HINT_SQUARE),
        0xFE,
        "the hint went with its position"
    );
    assert!(!g.has_ring(hint));
    assert_eq!(g.record(), plies[..pass_at + 1]);
    assert_eq!(g.board(), replay(Board::start(), &plies[..pass_at + 1]));
    // F held: the plies run on to the end, several frames apart, and stop there.
    let (count, keys) = (g.sym(sym::RECORD_COUNT), g.sym(sym::UI_KEYS));
    let taken = g.byte(sym::UI_KEYS);
    let started = g.cpc.time_us();
    g.cpc.press(CpcKey::F);
    g.run_until("F taken", 1_000_000, |m| m.peek(keys) != taken);
    g.cpc.run_for(2 * FRAME_US).unwrap();
    let first = g.byte(sym::RECORD_COUNT);
    assert_eq!(usize::from(first), pass_at + 2, "a ply at once");
    g.run_until("the end of the record", 60_000_000, |m| {
        usize::from(m.peek(count)) == n
    });
    let frames = (g.cpc.time_us() - started) / FRAME_US;
    let steps = (n - pass_at - 2) as u64;
    let (first_wait, every) = (
        u64::from(g.sym(sym::REPLAY_FIRST)),
        u64::from(g.sym(sym::REPLAY_EVERY)),
    );
    assert!(
        frames >= first_wait + (steps - 1) * every,
        "{steps} plies in {frames} frames: faster than one every {every} frames"
    );
    g.cpc.run_for(20 * FRAME_US).unwrap();
    g.cpc.release(CpcKey::F);
    g.settle();
    assert_eq!(g.record(), plies);
    assert_eq!(g.board(), end);
    assert_eq!(
        g.messages(),
        [
            format!("REPLAY {n}/{n}"),
            "GAME OVER".to_string(),
            "END OF RECORD".to_string()
        ]
    );
    // SPACE at the end changes nothing; ESC: the game over as it was.
    g.key(CpcKey::Space);
    assert_eq!(g.record(), plies);
    g.key(CpcKey::Esc);
    assert_eq!(g.state(), g.st(sym::ST_GAME_OVER));
    assert_eq!(g.messages(), over);
    assert_eq!(g.record(), plies);

    // R again, ten plies, P: the game goes on from there, the later plies dropped; the
    // computer (white) answers as the reference does.
    g.key(CpcKey::R);
    for _ in 0..10 {
        g.key(CpcKey::Space);
    }
    g.key(CpcKey::P);
    assert_eq!(g.byte(sym::GAME_OVER), 0);
    assert_eq!(g.state(), g.st(sym::ST_HUMAN));
    assert_eq!(g.record(), plies[..10]);
    assert_eq!(kept(&g), plies[..10], "PLAY drops the later plies");
    assert_eq!(g.board(), replay(Board::start(), &plies[..10]));
    play_random(&mut g, &mut Rng::new(seed + 1), 4);
    check_record(&g, Board::start(), 1, &w, |c| c == Color::White);
}

#[test]
fn the_replay_from_the_menu_starts_from_the_handicap_position_and_stops_the_clocks() {
    // Two handicap corners and chess clocks; five moves, then ESC R: the replay shows the
    // start with the corners, no clock runs while it is up, and ESC returns to the game
    // where it was.
    let w = Weights::default();
    let mut g = started_at(1);
    g.keys(&[CpcKey::Esc, CpcKey::H, CpcKey::H, CpcKey::K, CpcKey::N]);
    let mut start = Board::start();
    start.black |= 1 << 0 | 1 << 63;
    assert_eq!(g.board(), start);
    play_random(&mut g, &mut Rng::new(3), 5);
    let game = g.record();
    let here = g.board();
    g.keys(&[CpcKey::Esc, CpcKey::R]);
    assert_eq!(g.state(), g.st(sym::ST_REPLAY));
    assert_eq!(g.board(), start, "the handicap start");
    assert_eq!(
        g.panel_line(usize::from(g.sym(sym::PY_INFO))),
        "HANDICAP     2"
    );
    let clocks = (g.word(sym::CLOCK_BLACK), g.word(sym::CLOCK_WHITE));
    g.cpc.run_for(3_000_000).unwrap();
    assert_eq!(
        (g.word(sym::CLOCK_BLACK), g.word(sym::CLOCK_WHITE)),
        clocks,
        "no clock runs"
    );
    for k in 1..=3 {
        g.key(CpcKey::Space);
        assert_eq!(g.board(), replay(start, &game[..k]));
    }
    g.key(CpcKey::Esc);
    assert_eq!(g.state(), g.st(sym::ST_HUMAN));
    assert_eq!(g.record(), game);
    assert_eq!(g.board(), here);
    assert_eq!(g.byte(sym::CLOCK_SIDE), 1, "black's clock runs again");
    check_record(&g, start, 1, &w, |c| c == Color::White);
}

#[test]
fn after_a_loss_on_time_the_replay_only_shows() {
    // 20 minutes a side; the human (black) lets the flag fall at the first move. R shows
    // the game, P does nothing, ESC returns to the announcement.
    let mut g = started_at(1);
    g.keys(&[CpcKey::Esc, CpcKey::K, CpcKey::N]);
    g.play(g.legal()[0]);
    g.settle_in(sym::ST_GAME_OVER, 1_300_000_000);
    assert_eq!(g.byte(sym::TIME_OUT), 1);
    let over = g.messages();
    let game = g.record();
    g.key(CpcKey::R);
    g.key(CpcKey::Space);
    g.key(CpcKey::P);
    assert_eq!(
        g.state(),
        g.st(sym::ST_REPLAY),
        "no play from a game lost on time"
    );
    assert_eq!(g.record(), game[..1]);
    g.key(CpcKey::Esc);
    assert_eq!(g.state(), g.st(sym::ST_GAME_OVER));
    assert_eq!(g.messages(), over);
    assert_eq!(g.record(), game);
}
