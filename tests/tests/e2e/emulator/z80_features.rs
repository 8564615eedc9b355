//! The ODIN, NES and Mattel features of the Z80 Othello (`cpc/`), each driven through its key
//! in the bundled emulator and checked against the reference engine wherever the program
//! shows a number or a board: the hint (`best_move`, its score and PV), the per-move scores
//! on the board (`search::scores::move_scores`), taking back (the board after replaying the
//! shorter record), two players, the demo (the reference playing itself), swapping sides and
//! a new game, a set-up position (what was placed), the handicap corners, the chess clocks
//! (the emulated time until the flag falls, the computer's thinking time, the panel while it
//! searches) and "move now" (the `ai_abort` flag while the computer thinks).
//!
//! Keys and panel texts are those of cpc/README.md; addresses come from the symbol file.
//! Screenshots of the scores and the hint go to `target/test-output/z80-features/`.

use super::ui::{colour_name, legal_moves, simulate_random_game, Game, Rng, FRAME_US, PLY_PASS};
use cpc_emu::CpcKey;
use cpc_game::stage;
use cpc_game::symbols as sym;
use othello_engine::ai::best_move;
use othello_engine::board::{Board, Color};
use othello_engine::notation::square_name;
use othello_engine::search::scores::move_scores;
use othello_engine::weights::Weights;

/// CPC time allowed for a whole demo game.
const GAME_LIMIT_US: u64 = 600_000_000;

fn upper(sq: u8) -> String {
    square_name(sq).to_uppercase()
}

/// Boots the game and sets the level in the menu.
fn started_at(level: u8) -> Game {
    let mut g = Game::started();
    if level > 1 {
        g.key(CpcKey::Esc);
        for _ in 1..level {
            g.key(CpcKey::L);
        }
        g.key(CpcKey::Esc);
    }
    assert_eq!(g.byte(sym::GAME_LEVEL), level);
    g
}

/// The board after `plies` (squares and passes) from `start`.
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

/// Checks the program's record from `start`: every ply legal, every pass forced, and every
/// ply of a computer side (`computer(colour)`) the reference's choice at `level`. Returns
/// the board it leads to.
fn check_record(
    g: &Game,
    start: Board,
    level: u8,
    weights: &Weights,
    computer: impl Fn(Color) -> bool,
) -> Board {
    let mut b = start;
    for (i, &p) in g.record().iter().enumerate() {
        if p == PLY_PASS {
            assert!(b.must_pass(), "ply {i}: a pass where a move was possible");
            b.pass();
            continue;
        }
        if computer(b.to_move) {
            let want = best_move(&b, level, weights).best_move;
            assert_eq!(Some(p), want, "ply {i}: the computer's move");
        }
        b.play(p)
            .unwrap_or_else(|| panic!("ply {i}: {} is illegal", upper(p)));
    }
    assert_eq!(g.board(), b, "game_board after the record");
    b
}

/// The panel's record rows for `plies` (5 a row, the last rows when they do not all fit).
fn assert_record_panel(g: &Game, plies: &[u8], at: &str) {
    let (rows, per_row) = (
        usize::from(g.sym(sym::RECORD_ROWS)),
        usize::from(g.sym(sym::RECORD_PER_ROW)),
    );
    let first = plies.len().saturating_sub(rows * per_row).div_ceil(per_row) * per_row;
    let y = usize::from(g.sym(sym::PY_RECORD));
    for row in 0..rows {
        let from = (first + row * per_row).min(plies.len());
        let to = (from + per_row).min(plies.len());
        let want: Vec<String> = plies[from..to]
            .iter()
            .map(|&p| if p == PLY_PASS { "--".into() } else { upper(p) })
            .collect();
        assert_eq!(
            g.panel_line(y + 8 * row),
            want.join(" "),
            "{at}: record row {row}"
        );
    }
    let last = plies.last().map_or("-".to_string(), |&p| {
        if p == PLY_PASS {
            "--".into()
        } else {
            upper(p)
        }
    });
    assert_eq!(
        g.panel_line(usize::from(g.sym(sym::PY_LAST))),
        format!("LAST{last:>10}"),
        "{at}"
    );
}

/// The panel line at the `PY_...` symbol `name`.
fn line(g: &Game, name: &str) -> String {
    g.panel_line(usize::from(g.sym(name)))
}

/// Plays the human's turns with seeded random legal moves until `turns` human moves are
/// made or the program stops asking; SPACE goes on after a pass. Returns the moves made.
fn play_random(g: &mut Game, rng: &mut Rng, turns: usize) -> Vec<u8> {
    let mut made = Vec::new();
    while made.len() < turns {
        let state = g.state();
        if state == g.st(sym::ST_PASS) {
            g.key(CpcKey::Space);
        } else if state == g.st(sym::ST_HUMAN) {
            let legal = g.legal();
            let sq = legal[rng.below(legal.len())];
            g.play(sq);
            made.push(sq);
        } else {
            break;
        }
    }
    made
}

#[test]
fn the_hint_is_the_ai_move_with_its_score_and_pv() {
    let w = Weights::default();
    for level in 1..=2u8 {
        let mut g = started_at(level);
        let mut rng = Rng::new(u64::from(level) * 31);
        for turn in 0..8 {
            if g.state() != g.st(sym::ST_HUMAN) {
                break;
            }
            let at = format!("level {level}, turn {turn}");
            let board = g.board();
            let want = best_move(&board, level, &w);
            let mv = want.best_move.expect("the human can move");
            g.key(CpcKey::H);
            assert_eq!(g.state(), g.st(sym::ST_HUMAN), "{at}");
            assert_eq!(g.byte(sym::HINT_SQUARE), mv, "{at}: the hint");
            assert_eq!(g.int16(sym::HINT_SCORE), want.score, "{at}: its score");
            let pv = g.hint_pv();
            assert_eq!(pv, want.pv, "{at}: the principal variation");
            // On the board: the ring and the cursor on the hint, nowhere else.
            assert_eq!(g.cursor(), mv, "{at}: the cursor goes to the hint");
            for sq in 0..64 {
                assert_eq!(g.has_ring(sq), sq == mv, "{at}: hint ring on {}", upper(sq));
            }
            g.assert_screen_shows(&board, Some(mv), g.record().last().copied(), &at);
            let pv_text: Vec<String> = want.pv.iter().map(|&s| upper(s)).collect();
            assert_eq!(
                g.messages(),
                [
                    format!("HINT {} {}", upper(mv), want.score),
                    format!("YOUR MOVE {}", upper(mv)),
                    format!("PV {}", pv_text.join(" ")),
                ],
                "{at}"
            );
            // The ring stays when the cursor moves on; a move takes it away.
            g.key(CpcKey::Space);
            assert!(g.has_ring(mv), "{at}: the ring after SPACE");
            let legal = g.legal();
            g.play(legal[rng.below(legal.len())]);
            assert!(
                (0..64).all(|sq| !g.has_ring(sq)),
                "{at}: a ring after the move"
            );
        }
        check_record(&g, Board::start(), level, &w, |c| c == Color::White);
    }
    // The search levels: the hint is ai_entry's answer there too, in the opening book with
    // the move alone as its PV, after it with the line of the search, which has the property
    // of docs/ai.md ("The principal variation"); the panel shows its first moves.
    for level in 3..=4u8 {
        let mut g = started_at(level);
        let mut rng = Rng::new(u64::from(level) * 41);
        let (mut in_book, mut searched, mut longest) = (0, 0, 0);
        for turn in 0..14 {
            if g.state() != g.st(sym::ST_HUMAN) {
                break;
            }
            let at = format!("level {level}, turn {turn}");
            let board = g.board();
            let want = best_move(&board, level, &w);
            let mv = want.best_move.expect("the human can move");
            g.key(CpcKey::H);
            assert_eq!(
                (g.byte(sym::HINT_SQUARE), g.int16(sym::HINT_SCORE)),
                (mv, want.score),
                "{at}: the hint"
            );
            let pv = g.hint_pv();
            super::pv::check_search_pv(&board, level, &w, mv, want.score, &pv)
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            if othello_engine::book::answer(&board, level, &w).is_some() {
                in_book += 1;
            } else {
                searched += 1;
            }
            longest = longest.max(pv.len());
            let shown: Vec<String> = pv.iter().take(4).map(|&s| upper(s)).collect();
            assert_eq!(
                g.messages(),
                [
                    format!("HINT {} {}", upper(mv), want.score),
                    format!("YOUR MOVE {}", upper(mv)),
                    format!("PV {}", shown.join(" ")),
                ],
                "{at}"
            );
            if turn == 8 {
                g.cpc.run_frames(2).unwrap();
                let png = cpc_e2e::workspace::test_output("z80-features")
                    .join(format!("hint-pv-level-{level}.png"));
                g.cpc.save_png(&png).expect("screenshot written");
            }
            let legal = g.legal();
            g.play(legal[rng.below(legal.len())]);
        }
        assert!(
            in_book > 0 && searched > 5,
            "level {level}: {in_book} book hints, {searched} searched"
        );
        let s = stage::search_level(&w, level).expect("a search level");
        assert!(
            longest >= usize::from(s.depth),
            "level {level}: PVs up to {longest} moves"
        );
    }
}

/// `score_list` as far as `scores_done`.
fn scores_stored(g: &Game) -> Vec<i16> {
    let n = usize::from(g.byte(sym::SCORES_DONE));
    g.cpc
        .read_bytes(g.sym(sym::SCORE_LIST), 2 * n)
        .chunks(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect()
}

/// The level-3 game below played by the reference alone (the human black, choosing at random
/// with `seed` as [`play_random`] does, for at most 40 turns): the human's turns where a move
/// would leave the computer without a reply.
fn level_3_child_passes(seed: u64, w: &Weights) -> usize {
    let mut rng = Rng::new(seed);
    let mut b = Board::start();
    let (mut turns, mut found) = (0, 0);
    while !b.is_game_over() && turns < 40 {
        if b.must_pass() {
            b.pass();
        } else if b.to_move == Color::White {
            b.play(best_move(&b, 3, w).best_move.expect("a move"))
                .expect("legal");
        } else {
            found += usize::from(super::pv::a_child_must_pass(&b));
            let legal = legal_moves(&b);
            b.play(legal[rng.below(legal.len())]).expect("legal");
            turns += 1;
        }
    }
    found
}

#[test]
fn per_move_scores_are_the_reference_move_scores() {
    let w = Weights::default();
    // Levels 1 and 2 for ten turns; level 3 (a search level) for a whole game: the book
    // positions first (whose scores are the search's all the same), depth-limited positions,
    // then the exact endgame from 8 empty squares. (The seed of level 3 is the first that makes
    // a game with a position where a move leaves the opponent without a reply.)
    let seed3 = (1..5000)
        .find(|&s| level_3_child_passes(s, &w) > 0)
        .expect("a level-3 game where a move can make the computer pass");
    for (level, max_turns, seed) in [(1u8, 10, 77), (2, 10, 154), (3, 40, seed3)] {
        let mut g = started_at(level);
        let mut rng = Rng::new(seed);
        g.key(CpcKey::S);
        assert_eq!(g.byte(sym::SCORES_ON), 1);
        let (mut turns, mut book, mut exact, mut child_passes) = (0, 0, 0, 0);
        let mut hinted = false;
        while g.state() == g.st(sym::ST_HUMAN) && turns < max_turns {
            let at = format!("level {level}, turn {turns}");
            let board = g.board();
            let want = move_scores(&board, level, &w);
            let legal = legal_moves(&board);
            assert_eq!(
                want.iter().map(|&(s, _)| s).collect::<Vec<_>>(),
                legal,
                "{at}"
            );
            assert_eq!(usize::from(g.byte(sym::SCORES_DONE)), legal.len(), "{at}");
            assert_eq!(
                scores_stored(&g),
                want.iter().map(|&(_, v)| v).collect::<Vec<_>>(),
                "{at}: score_list"
            );
            for sq in 0..64u8 {
                let shown = want
                    .iter()
                    .find(|&&(s, _)| s == sq)
                    .map(|&(_, v)| i32::from(v));
                assert_eq!(
                    g.score_shown(sq),
                    shown,
                    "{at}: the number on {}",
                    upper(sq)
                );
            }
            assert_eq!(
                g.messages()[2],
                format!(
                    "{} SCORE{}",
                    legal.len(),
                    if legal.len() == 1 { "" } else { "S" }
                ),
                "{at}"
            );
            let in_book = othello_engine::book::answer(&board, level, &w).is_some();
            book += usize::from(in_book);
            exact += usize::from(board.empties().count_ones() <= 8);
            child_passes += usize::from(super::pv::a_child_must_pass(&board));
            // Outside the book, the hint's score is the highest per-move score and its move
            // the first with it.
            if turns >= 2 && !in_book && !hinted {
                hinted = true;
                g.key(CpcKey::H);
                let best = want.iter().map(|&(_, v)| v).max().unwrap();
                let first = want.iter().find(|&&(_, v)| v == best).unwrap().0;
                assert_eq!(
                    (g.byte(sym::HINT_SQUARE), g.int16(sym::HINT_SCORE)),
                    (first, best)
                );
                assert_eq!(
                    g.score_shown(first),
                    Some(i32::from(best)),
                    "{at}: under the ring"
                );
                g.cpc.run_frames(2).unwrap();
                let png = cpc_e2e::workspace::test_output("z80-features")
                    .join(format!("scores-and-hint-level-{level}.png"));
                g.cpc.save_png(&png).expect("screenshot written");
            }
            play_random(&mut g, &mut rng, 1);
            while g.state() == g.st(sym::ST_PASS) {
                g.key(CpcKey::Space); // the human passes: the computer moves again
            }
            turns += 1;
        }
        assert!(turns >= 5, "level {level}: only {turns} turns were scored");
        assert!(hinted, "level {level}: a hint outside the book");
        if level == 3 {
            eprintln!(
                "level 3: {turns} turns scored, {book} in the book, {exact} exact, \
                 {child_passes} where a move makes the opponent pass"
            );
            assert!(book > 0 && exact > 0 && child_passes > 0);
        }
        // Off: no number left on the board.
        if g.state() == g.st(sym::ST_HUMAN) {
            g.key(CpcKey::S);
            assert_eq!(g.byte(sym::SCORES_ON), 0);
            assert!(
                (0..64).all(|sq| g.score_shown(sq).is_none()),
                "numbers after S off"
            );
            let n = g.legal().len();
            assert_eq!(
                g.messages()[2],
                format!("{n} LEGAL MOVE{}", if n == 1 { "" } else { "S" })
            );
            g.assert_screen_shows(
                &g.board(),
                Some(g.cursor()),
                g.record().last().copied(),
                "off",
            );
        }
    }
}

#[test]
fn per_move_scores_at_the_top_level_show_progress_and_stop_on_m_or_esc() {
    // The top level scores each move with a deep search, CPC seconds each: the panel counts
    // them as they come, and M (or ESC) stops the work, the moves not scored yet blank.
    let w = Weights::default();
    let top = w.max_level();
    let mut g = started_at(top);
    let board = g.board();
    let want = move_scores(&board, top, &w);
    let n = want.len();
    for (round, key) in [CpcKey::M, CpcKey::Esc].into_iter().enumerate() {
        g.press(CpcKey::S);
        assert_eq!(g.byte(sym::SCORES_ON), 1);
        let done = g.sym(sym::SCORES_DONE);
        g.run_until("the first score", 600_000_000, |m| m.peek(done) >= 1);
        g.cpc.run_frames(5).unwrap(); // the panel follows
        assert!(!g.ready(), "still working on the others");
        assert_eq!(g.messages()[2], format!("SCORING 1/{n}"));
        g.press_busy(key, 200_000_000);
        g.settle();
        assert_eq!(
            g.state(),
            g.st(sym::ST_HUMAN),
            "{key:?} stops the scores only"
        );
        let k = usize::from(g.byte(sym::SCORES_DONE));
        assert!((1..n).contains(&k), "{key:?}: {k} of {n} scored");
        assert_eq!(g.byte(sym::AI_STOPPED), 1);
        assert_eq!(
            scores_stored(&g),
            want[..k].iter().map(|&(_, v)| v).collect::<Vec<_>>(),
            "{key:?}: the scores done"
        );
        for (i, &(sq, v)) in want.iter().enumerate() {
            let shown = (i < k).then_some(i32::from(v));
            assert_eq!(g.score_shown(sq), shown, "{key:?}: {}", upper(sq));
        }
        assert_eq!(g.messages()[2], format!("{k}/{n} SCORES"));
        if round == 0 {
            g.cpc.run_frames(2).unwrap();
            let png = cpc_e2e::workspace::test_output("z80-features").join("scores-stopped.png");
            g.cpc.save_png(&png).expect("screenshot written");
        }
        g.key(CpcKey::S); // off, ready for the next round
        assert!((0..64).all(|sq| g.score_shown(sq).is_none()));
    }
    // The game goes on from the same position, no menu opened.
    assert_eq!(g.board(), board);
    assert_eq!(g.state(), g.st(sym::ST_HUMAN));
}

#[test]
fn take_back_undoes_the_human_move_and_the_computer_reply() {
    let w = Weights::default();
    let level = 2;
    let mut g = started_at(level);
    let mut rng = Rng::new(5);
    play_random(&mut g, &mut rng, 8);
    check_record(&g, Board::start(), level, &w, |c| c == Color::White);
    // Each B goes back to before the human's last move: the record shrinks to the plies
    // before it, the board is the reference's after them, and black is to move.
    loop {
        let before = g.record();
        let Some(cut) = (0..before.len())
            .rev()
            .find(|&i| before[i] != PLY_PASS && i % 2 == 0)
        else {
            break;
        };
        g.key(CpcKey::B);
        let at = format!("taking back to {cut} plies");
        assert_eq!(g.record(), before[..cut], "{at}");
        let board = replay(Board::start(), &before[..cut]);
        assert_eq!(g.board(), board, "{at}");
        assert_eq!(g.state(), g.st(sym::ST_HUMAN), "{at}");
        assert_eq!(g.legal(), legal_moves(&board), "{at}");
        assert_eq!(
            usize::from(g.byte(sym::MOVE_NUMBER)),
            cut,
            "{at}: no pass so far"
        );
        g.assert_screen_shows(&board, Some(g.cursor()), before[..cut].last().copied(), &at);
        assert_record_panel(&g, &before[..cut], &at);
    }
    assert!(g.record().is_empty());
    // Nothing left: B changes nothing.
    g.key(CpcKey::B);
    assert_eq!(g.board(), Board::start());
    // The game goes on from there as from the start.
    play_random(&mut g, &mut rng, 3);
    check_record(&g, Board::start(), level, &w, |c| c == Color::White);

    // The human as white: the computer's opening move is never taken back.
    let mut g = started_at(1);
    g.keys(&[CpcKey::Esc, CpcKey::C, CpcKey::Esc]);
    play_random(&mut g, &mut rng, 2);
    g.key(CpcKey::B);
    g.key(CpcKey::B);
    assert_eq!(g.record().len(), 1);
    g.key(CpcKey::B);
    assert_eq!(g.record().len(), 1, "the computer's first move stays");
    check_record(&g, Board::start(), 1, &w, |c| c == Color::Black);
}

#[test]
fn take_back_after_a_pass_and_from_game_over() {
    // A level-1 game in which the human had to pass, played to its end; then B from the
    // game over, and again across the pass.
    let w = Weights::default();
    let seed = (1..3000)
        .find(|&s| simulate_random_game(s, &w).1.contains(&Color::Black))
        .expect("a game with a pass of the human");
    let (plies, _) = simulate_random_game(seed, &w);
    let mut g = started_at(1);
    let mut rng = Rng::new(seed);
    play_random(&mut g, &mut rng, 64);
    assert_eq!(g.state(), g.st(sym::ST_GAME_OVER));
    assert_eq!(g.record(), plies, "the game through the keys");
    let mut seen_pass = false;
    while g.record().len() > 6 {
        let before = g.record();
        let cut = (0..before.len())
            .rev()
            .find(|&i| before[i] != PLY_PASS && i % 2 == 0)
            .expect("a human move");
        seen_pass |= before[cut..].contains(&PLY_PASS);
        g.key(CpcKey::B);
        assert_eq!(g.record(), before[..cut]);
        assert_eq!(g.byte(sym::GAME_OVER), 0);
        assert_eq!(g.board(), replay(Board::start(), &before[..cut]));
        assert_eq!(g.state(), g.st(sym::ST_HUMAN));
        assert_record_panel(&g, &before[..cut], "after B");
    }
    assert!(seen_pass, "no take-back went across a pass");
    // Playing on from the shortened game: the computer still answers as the reference.
    play_random(&mut g, &mut rng, 3);
    check_record(&g, Board::start(), 1, &w, |c| c == Color::White);
}

#[test]
fn two_players_play_both_sides_and_take_back_one_move() {
    let w = Weights::default();
    let mut g = Game::started();
    g.keys(&[CpcKey::Esc, CpcKey::P]);
    assert_eq!(g.byte(sym::PLAY_MODE), g.sym(sym::MODE_TWO) as u8);
    assert_eq!(line(&g, sym::PY_MENU_PLAYERS), "P  PLAYERS   2");
    assert_eq!(line(&g, sym::PY_YOU), "PLAYERS      2");
    g.key(CpcKey::Esc);
    let mut rng = Rng::new(9);
    let thinking = g.st(sym::ST_THINKING);
    let state = g.sym(sym::UI_STATE);
    let mut board = Board::start();
    for ply in 0..20 {
        assert_eq!(g.state(), g.st(sym::ST_HUMAN), "ply {ply}: a human asked");
        assert_eq!(g.board(), board, "ply {ply}");
        assert_eq!(
            g.messages()[0],
            format!("{} TO MOVE", colour_name(board.to_move))
        );
        let legal = legal_moves(&board);
        let sq = legal[rng.below(legal.len())];
        // No computer move in between: the program never thinks.
        let out = g
            .cpc
            .run_until(200_000, |m| m.peek(state) == thinking)
            .unwrap();
        assert!(!out.met(), "ply {ply}: the computer thinks");
        g.play(sq);
        board.play(sq);
        if board.must_pass() {
            break;
        }
    }
    // B takes back exactly the last move: its side is to move again.
    let before = g.record();
    g.key(CpcKey::B);
    assert_eq!(g.record(), before[..before.len() - 1]);
    assert_eq!(
        g.board(),
        replay(Board::start(), &before[..before.len() - 1])
    );
    assert_eq!(
        g.colour(sym::SIDE_TO_MOVE),
        replay(Board::start(), &before[..before.len() - 1]).to_move
    );
    check_record(&g, Board::start(), 1, &w, |_| false);
}

#[test]
fn the_demo_plays_itself_and_esc_stops_it() {
    let w = Weights::default();
    // Level 1, a whole game: every ply is the reference's, both sides.
    let mut g = Game::started();
    g.keys(&[CpcKey::Esc, CpcKey::P, CpcKey::P]);
    assert_eq!(g.byte(sym::PLAY_MODE), g.sym(sym::MODE_DEMO) as u8);
    assert_eq!(line(&g, sym::PY_MENU_PLAYERS), "P  PLAYERS   0");
    assert_eq!(line(&g, sym::PY_YOU), "PLAYERS   DEMO");
    g.press(CpcKey::Esc);
    g.settle_in(sym::ST_GAME_OVER, GAME_LIMIT_US);
    let end = check_record(&g, Board::start(), 1, &w, |_| true);
    assert!(end.is_game_over());
    let fs = end.final_score();
    assert_eq!(
        (g.byte(sym::FINAL_BLACK), g.byte(sym::FINAL_WHITE)),
        (fs.black, fs.white)
    );
    eprintln!(
        "demo at level 1: {} plies, {}-{}, {:.1} s of CPC time",
        g.record().len(),
        fs.black,
        fs.white,
        g.cpc.time_us() as f64 / 1e6
    );

    // Level 2, a new demo game stopped with ESC: the menu comes up and nothing moves.
    g.keys(&[CpcKey::Esc, CpcKey::L]);
    g.press(CpcKey::N);
    let count = g.sym(sym::RECORD_COUNT);
    g.run_until("8 demo plies", GAME_LIMIT_US, |m| m.peek(count) >= 8);
    g.press_busy(CpcKey::Esc, 2_000_000);
    g.settle_in(sym::ST_MENU, 5_000_000);
    let stopped = g.record();
    g.cpc.run_for(3_000_000).unwrap();
    assert_eq!(g.record(), stopped, "the demo goes on after ESC");
    assert_eq!(g.state(), g.st(sym::ST_MENU));
    check_record(&g, Board::start(), 2, &w, |_| true);
    // One player again: the human (black) or the computer goes on from there.
    g.key(CpcKey::P);
    assert_eq!(g.byte(sym::PLAY_MODE), g.sym(sym::MODE_COMPUTER) as u8);
    g.key(CpcKey::Esc);
    let mut rng = Rng::new(3);
    play_random(&mut g, &mut rng, 2);
    assert_eq!(g.record()[..stopped.len()], stopped);
    check_record(&g, Board::start(), 2, &w, |c| c == Color::White);
}

/// In the set-up, on an empty board: seven black and six white discs in the middle game,
/// a position no opening line reaches. Returns it (black to move, as the set-up has it).
fn place_discs(g: &mut Game) -> Board {
    let mut placed = Board {
        black: 0,
        white: 0,
        to_move: Color::Black,
    };
    for sq in [0u8, 9, 18, 27, 28, 35, 44] {
        setup_walk(g, sq);
        g.key(CpcKey::Space);
        placed.black |= 1 << sq;
    }
    for sq in [1u8, 10, 19, 20, 36, 43] {
        setup_walk(g, sq);
        g.keys(&[CpcKey::Space, CpcKey::Space]);
        placed.white |= 1 << sq;
    }
    placed
}

/// Walks the set-up cursor from its square to `to` with the cursor keys.
fn setup_walk(g: &mut Game, to: u8) {
    let from = g.cursor();
    let (dr, dc) = (
        i32::from(to / 8) - i32::from(from / 8),
        i32::from(to % 8) - i32::from(from % 8),
    );
    let vertical = if dr > 0 {
        CpcKey::CursorDown
    } else {
        CpcKey::CursorUp
    };
    let horizontal = if dc > 0 {
        CpcKey::CursorRight
    } else {
        CpcKey::CursorLeft
    };
    for _ in 0..dr.abs() {
        g.key(vertical);
    }
    for _ in 0..dc.abs() {
        g.key(horizontal);
    }
    assert_eq!(g.cursor(), to);
    assert_eq!(g.messages()[1], format!("SQUARE {}", upper(to)));
}

#[test]
fn a_set_up_position_is_played_from() {
    let w = Weights::default();
    let mut g = Game::started();
    g.keys(&[CpcKey::Esc, CpcKey::E]);
    assert_eq!(g.state(), g.st(sym::ST_SETUP));
    assert_eq!(g.messages(), ["SET UP", "SQUARE D4", "BLACK TO MOVE"]);
    assert!(g.has_frame(27), "the cursor frame over the d4 disc");
    // The cursor stops at the edges.
    setup_walk(&mut g, 0);
    g.keys(&[CpcKey::CursorUp, CpcKey::CursorLeft]);
    assert_eq!(g.cursor(), 0);
    // ESC puts everything back.
    g.key(CpcKey::Space);
    assert_eq!(g.byte(sym::GAME_BOARD), 1);
    g.key(CpcKey::Esc);
    assert_eq!(g.state(), g.st(sym::ST_MENU));
    assert_eq!(g.board(), Board::start());
    g.assert_screen_shows(&Board::start(), None, None, "after ESC");

    // A position of our own: DEL, discs, white to move.
    g.key(CpcKey::E);
    g.key(CpcKey::Del);
    let empty = Board {
        black: 0,
        white: 0,
        to_move: Color::Black,
    };
    assert_eq!(g.board(), empty);
    g.assert_screen_shows(&empty, Some(g.cursor()), None, "after DEL");
    let mut want = place_discs(&mut g);
    // A third SPACE empties a square again.
    setup_walk(&mut g, 63);
    g.keys(&[CpcKey::Space, CpcKey::Space, CpcKey::Space]);
    g.key(CpcKey::X);
    want.to_move = Color::White;
    assert_eq!(g.messages()[2], "WHITE TO MOVE");
    assert_eq!(g.board(), want, "the position as placed");
    g.assert_screen_shows(&want, Some(63), None, "set up");
    assert_eq!(
        line(&g, sym::PY_BLACK),
        format!("BLACK{:>9}", want.black.count_ones())
    );

    // ENTER: white (the computer) moves first from it, as the reference would.
    g.key(CpcKey::Return);
    assert_eq!(line(&g, sym::PY_INFO), "SET UP GAME");
    let reply = best_move(&want, 1, &w).best_move.expect("white can move");
    assert_eq!(g.record(), [reply]);
    let mut rng = Rng::new(4);
    play_random(&mut g, &mut rng, 3);
    check_record(&g, want, 1, &w, |c| c == Color::White);
    // Taking back replays from the set-up position.
    while g.record().len() > 1 {
        g.key(CpcKey::B);
    }
    let mut after = want;
    after.play(reply);
    assert_eq!(g.board(), after);
}

#[test]
fn handicap_corners_go_to_the_human() {
    let w = Weights::default();
    let corners = [0u8, 63, 7, 56];
    let mut g = Game::started();
    g.key(CpcKey::Esc);
    for n in 1..=4usize {
        g.key(CpcKey::H);
        assert_eq!(
            line(&g, sym::PY_MENU_HANDICAP),
            format!("H  HANDICAP{n:>3}")
        );
        g.key(CpcKey::N);
        let mut want = Board::start();
        for &c in &corners[..n] {
            want.black |= 1 << c;
        }
        assert_eq!(g.board(), want, "{n} corners for black");
        assert_eq!(g.state(), g.st(sym::ST_HUMAN), "black still moves first");
        assert_eq!(line(&g, sym::PY_INFO), format!("HANDICAP{n:>6}"));
        g.assert_screen_shows(&want, Some(g.cursor()), None, sym::HANDICAP);
        g.key(CpcKey::Esc);
    }
    // The human as white with two corners: the computer (black) opens on that board.
    g.keys(&[CpcKey::H, CpcKey::H, CpcKey::H, CpcKey::C]);
    assert_eq!(g.byte(sym::HANDICAP), 2);
    g.key(CpcKey::N);
    let mut want = Board::start();
    want.white |= 1 << 0 | 1 << 63;
    let open = best_move(&want, 1, &w).best_move.unwrap();
    assert_eq!(g.record(), [open]);
    check_record(&g, want, 1, &w, |c| c == Color::Black);
    // No handicap: the plain start again, and no info line.
    g.keys(&[
        CpcKey::Esc,
        CpcKey::H,
        CpcKey::H,
        CpcKey::H,
        CpcKey::C,
        CpcKey::N,
    ]);
    assert_eq!(g.board(), Board::start());
    assert_eq!(line(&g, sym::PY_INFO), "");
}

/// Seconds and scan lines used of `side`'s clock (`clock_black` / `clock_white`).
fn clock_used_lines(g: &Game, side: &str, minutes: u64) -> u64 {
    let secs = u64::from(g.word(&format!("clock_{side}")));
    let lines = u64::from(g.word(&format!("clock_{side}_lines")));
    (minutes * 60 - secs) * 15_625 + lines
}

#[test]
fn clocks_count_emulated_time_and_the_flag_falls() {
    let mut g = started_at(2);
    g.key(CpcKey::Esc);
    assert_eq!(line(&g, sym::PY_MENU_CLOCK), "K  CLOCK   OFF");
    for want in ["20", "30", "40", "OFF", "20"] {
        g.key(CpcKey::K);
        assert_eq!(line(&g, sym::PY_MENU_CLOCK), format!("K  CLOCK{want:>6}"));
    }
    // The setting applies from the new game on.
    assert_eq!(line(&g, sym::PY_BLACK), "BLACK        2");
    g.cpc.set_rendering(false);
    let side = g.sym(sym::CLOCK_SIDE);
    g.press(CpcKey::N);
    g.run_until("black's clock starts", 1_000_000, |m| m.peek(side) == 1);
    let black_start = g.cpc.time_us();
    g.settle();
    assert_eq!(line(&g, sym::PY_BLACK), "BLACK  2 20:00");
    assert_eq!(line(&g, sym::PY_WHITE), "WHITE  2 20:00");
    // The clock counts whole frames (312 lines of 64 µs), so 61 s and one frame's time hold
    // at least 61 s of them, whatever the frames' phase (running to the next frame's start
    // could add next to nothing).
    g.cpc
        .run_for(black_start + 61_000_000 + FRAME_US - g.cpc.time_us())
        .unwrap();
    assert_eq!(line(&g, sym::PY_BLACK), "BLACK  2 18:59", "61 s later");
    assert_eq!(
        line(&g, sym::PY_WHITE),
        "WHITE  2 20:00",
        "white's clock stands"
    );

    // Black plays; white's clock runs while the computer thinks, by the time it takes.
    let legal = g.legal();
    while g.cursor() != legal[1] {
        g.key(CpcKey::Space);
    }
    g.cpc.press(CpcKey::Return);
    g.run_until("black's clock stops", 1_000_000, |m| m.peek(side) == 0);
    let black_used_us = g.cpc.time_us() - black_start;
    g.run_until("white's clock starts", 1_000_000, |m| m.peek(side) == 2);
    g.cpc.release(CpcKey::Return);
    let think_start = g.cpc.time_us();
    g.run_until("white's clock stops", 10_000_000, |m| m.peek(side) == 0);
    let think_us = g.cpc.time_us() - think_start;
    let white_us = clock_used_lines(&g, "white", 20) * 64;
    assert!(
        white_us.abs_diff(think_us) < FRAME_US,
        "white's clock lost {white_us} µs while the computer thought {think_us} µs"
    );
    // Black's flag falls when its 20 minutes of waiting are used up, to the frame.
    g.run_until("black's clock runs again", 10_000_000, |m| {
        m.peek(side) == 1
    });
    let restart = g.cpc.time_us();
    let left_us = (1200 * 15_625 - clock_used_lines(&g, "black", 20)) * 64;
    let time_out = g.sym(sym::TIME_OUT);
    g.run_until("black's flag falls", 1_300_000_000, |m| {
        m.peek(time_out) != 0
    });
    let fell = g.cpc.time_us();
    assert!(
        (restart + left_us..restart + left_us + FRAME_US).contains(&fell),
        "black had {left_us} µs left at {restart} µs and its flag fell at {fell} µs"
    );
    let total_us = black_used_us + fell - restart;
    assert!(
        total_us.abs_diff(1_200_000_000) < 2 * FRAME_US,
        "black's clock ran {total_us} µs of CPC time in all"
    );
    eprintln!(
        "20 minutes: black's flag fell after {:.3} s of its own time; the computer's \
         {:.3} s of thinking cost it {:.3} s",
        total_us as f64 / 1e6,
        think_us as f64 / 1e6,
        white_us as f64 / 1e6
    );
    g.settle_in(sym::ST_GAME_OVER, 1_000_000);
    assert_eq!(
        (
            g.byte(sym::GAME_OVER),
            g.byte(sym::GAME_WINNER),
            g.byte(sym::TIME_OUT)
        ),
        (1, 2, 1)
    );
    assert_eq!(g.messages(), ["GAME OVER", "WHITE WINS", "TIME UP: BLACK"]);
    assert!(line(&g, sym::PY_BLACK).ends_with(" 00:00"));
    let board = g.board();
    assert_eq!(
        (g.byte(sym::FINAL_BLACK), g.byte(sym::FINAL_WHITE)),
        (
            board.black.count_ones() as u8,
            board.white.count_ones() as u8
        ),
        "the discs on the board after a loss on time"
    );
    // No taking back after a loss on time; the menu and back show it again.
    g.key(CpcKey::B);
    assert_eq!(g.state(), g.st(sym::ST_GAME_OVER));
    assert_eq!(g.board(), board);
    g.keys(&[CpcKey::Esc, CpcKey::Esc]);
    assert_eq!(g.messages(), ["GAME OVER", "WHITE WINS", "TIME UP: BLACK"]);

    // The computer loses on time too: in a middle game, with its clock just before 0:00
    // when it starts thinking.
    g.key(CpcKey::N);
    assert_eq!(line(&g, sym::PY_WHITE), "WHITE  2 20:00");
    let mut rng = Rng::new(14);
    play_random(&mut g, &mut rng, 12);
    assert_eq!(g.state(), g.st(sym::ST_HUMAN), "{:?}", g.record());
    let before = g.record();
    let legal = g.legal();
    while g.cursor() != legal[0] {
        g.key(CpcKey::Space);
    }
    g.cpc.press(CpcKey::Return);
    g.run_until("white's clock starts", 1_000_000, |m| m.peek(side) == 2);
    g.cpc.release(CpcKey::Return);
    g.cpc.poke_word(g.sym(sym::CLOCK_WHITE), 1);
    g.cpc.poke_word(g.sym(sym::CLOCK_WHITE_LINES), 15_625 - 1);
    g.settle();
    assert_eq!(g.state(), g.st(sym::ST_GAME_OVER));
    assert_eq!((g.byte(sym::TIME_OUT), g.byte(sym::GAME_WINNER)), (2, 1));
    assert_eq!(
        g.byte(sym::AI_STOPPED),
        1,
        "the flag asked the search to stop"
    );
    assert_eq!(g.byte(sym::AI_ABORT), 0, "cleared after the search");
    assert_eq!(
        g.record().len(),
        before.len() + 1,
        "the computer's move came too late"
    );
    assert_eq!(g.messages(), ["GAME OVER", "BLACK WINS", "TIME UP: WHITE"]);

    // 30 and 40 minutes.
    for (presses, minutes) in [(1, 30), (1, 40)] {
        g.key(CpcKey::Esc);
        for _ in 0..presses {
            g.key(CpcKey::K);
        }
        g.key(CpcKey::N);
        assert_eq!(line(&g, sym::PY_BLACK), format!("BLACK  2 {minutes}:00"));
        assert_eq!(g.word(sym::CLOCK_WHITE), minutes * 60);
    }
}

#[test]
fn move_now_sets_ai_abort_while_the_computer_thinks() {
    let w = Weights::default();
    let mut g = started_at(2);
    let mut rng = Rng::new(21);
    play_random(&mut g, &mut rng, 10);
    // M while the human is to move means nothing.
    let board = g.board();
    g.key(CpcKey::M);
    assert_eq!((g.board(), g.state()), (board, g.st(sym::ST_HUMAN)));
    // M while the computer thinks: taken by the interrupt handler, ai_abort set; levels 1
    // and 2 do not poll it, so the move is still the reference's.
    let legal = g.legal();
    while g.cursor() != legal[0] {
        g.key(CpcKey::Space);
    }
    let busy = g.sym(sym::AI_BUSY);
    g.cpc.press(CpcKey::Return);
    g.run_until("the computer thinks", 2_000_000, |m| m.peek(busy) == 1);
    g.cpc.release(CpcKey::Return);
    assert_eq!(g.byte(sym::AI_ABORT), 0, "cleared when the thinking starts");
    assert_eq!(g.state(), g.st(sym::ST_THINKING));
    let frames = g.word(sym::FRAME_COUNTER);
    g.press_busy(CpcKey::M, 1_000_000);
    assert_eq!(g.byte(sym::AI_ABORT), 1, "M sets ai_abort");
    assert_eq!(
        g.byte(sym::AI_BUSY),
        1,
        "while the computer is still thinking"
    );
    assert_eq!(
        g.word(sym::FRAME_COUNTER),
        frames + 1,
        "at the next keyboard scan"
    );
    g.settle();
    assert_eq!(g.byte(sym::AI_STOPPED), 1, "the search was asked to stop");
    assert_eq!(g.byte(sym::AI_ABORT), 0, "and the flag is cleared after it");
    check_record(&g, Board::start(), 2, &w, |c| c == Color::White);
    assert_eq!(g.state(), g.st(sym::ST_HUMAN));
}

#[test]
fn the_clock_ticks_in_the_panel_while_the_computer_searches_deep() {
    // At the top level, out of the opening book, the computer thinks for many seconds: the
    // interrupt handler draws its clock meanwhile, and M sets ai_abort for the search.
    let mut g = Game::started();
    let max = g.sym(sym::AI_MAX_LEVEL) as u8;
    g.key(CpcKey::Esc);
    for _ in 1..max {
        g.key(CpcKey::L);
    }
    g.keys(&[CpcKey::K, CpcKey::E, CpcKey::Del]);
    place_discs(&mut g);
    g.key(CpcKey::X);
    let busy = g.sym(sym::AI_BUSY);
    g.press(CpcKey::Return);
    g.run_until("the computer thinks", 1_000_000, |m| m.peek(busy) == 1);
    g.cpc.run_for(3_500_000).unwrap();
    assert_eq!(
        (g.state(), g.byte(sym::AI_BUSY)),
        (g.st(sym::ST_THINKING), 1),
        "level {max} still thinking after 3.5 s"
    );
    assert_eq!(g.word(sym::CLOCK_WHITE), 1200 - 3);
    assert_eq!(line(&g, sym::PY_WHITE), "WHITE  6 19:57");
    assert_eq!(line(&g, sym::PY_BLACK), "BLACK  7 20:00");
    g.press_busy(CpcKey::M, 1_000_000);
    assert_eq!(g.byte(sym::AI_ABORT), 1);
}

#[test]
fn swapping_sides_mid_game_and_a_new_game() {
    // C in the middle of a game: the computer takes the human's side and moves at once; the
    // human goes on with the other colour. N then starts again from the start position with
    // these settings.
    let w = Weights::default();
    let mut g = started_at(2);
    let mut rng = Rng::new(8);
    play_random(&mut g, &mut rng, 4);
    let before = g.record();
    g.keys(&[CpcKey::Esc, CpcKey::C]);
    assert_eq!(line(&g, sym::PY_YOU), "YOU      WHITE");
    g.key(CpcKey::Esc);
    assert_eq!(g.colour(sym::HUMAN_COLOUR), Color::White);
    let after = g.record();
    assert_eq!(
        after.len(),
        before.len() + 1,
        "the computer moved for black"
    );
    let board = replay(Board::start(), &before);
    assert_eq!(
        Some(after[before.len()]),
        best_move(&board, 2, &w).best_move
    );
    assert_eq!(g.colour(sym::SIDE_TO_MOVE), Color::White);
    play_random(&mut g, &mut rng, 3);
    let n = before.len();
    let mut b = replay(Board::start(), &before);
    for (i, &p) in g.record()[n..].iter().enumerate() {
        if p != PLY_PASS && b.to_move == Color::Black {
            assert_eq!(Some(p), best_move(&b, 2, &w).best_move, "ply {}", n + i);
        }
        if p == PLY_PASS {
            b.pass();
        } else {
            b.play(p);
        }
    }
    assert_eq!(g.board(), b);
    // A new game: the start position, the computer (black) opens.
    g.keys(&[CpcKey::Esc, CpcKey::N]);
    let open = best_move(&Board::start(), 2, &w).best_move.unwrap();
    assert_eq!(g.record(), [open]);
    assert_eq!(g.board(), replay(Board::start(), &[open]));
    assert_eq!(line(&g, sym::PY_INFO), "");
    assert_eq!(g.messages()[0], "WHITE TO MOVE");
}
