//! The Z80 Othello of `cpc/` played through its keys in the bundled emulator, against the
//! reference engine: it starts and waits for black; SPACE visits exactly the reference's
//! legal moves in ascending square order and the cursor keys go where cpc/README.md says;
//! ENTER plays the move under the cursor; after every ply the board in memory and on the
//! screen equals the reference's; every computer move is `othello_engine::search::
//! best_move`'s choice at the level set in the menu; forced passes are announced and
//! confirmed; the game ends with the reference's WOF final score and winner on the screen.
//!
//! The human side is played through the keys by seeded random choices; the games that
//! must contain a pass or end early are found by simulating those choices against the
//! reference first. A screenshot of a game goes to `target/test-output/z80-ui/` (and to
//! docs/screenshot.png when `CPC_UPDATE_SCREENSHOT=1`).

use super::ui::{colour_name, legal_moves, nearest, Dir, Game, Rng, PLY_PASS};
use cpc_emu::CpcKey;
use cpc_game::driver::side_code;
use cpc_game::symbols as sym;
use othello_engine::ai::best_move;
use othello_engine::board::{Board, Color};
use othello_engine::notation::square_name;
use othello_engine::weights::Weights;

/// How the human side of a game is played.
#[derive(Clone, Copy, Debug)]
struct Setup {
    level: u8,
    human: Color,
    seed: u64,
}

/// What happened in a game, from the reference's point of view.
#[derive(Clone, Debug, Default)]
struct Summary {
    plies: Vec<u8>,
    human_passes: usize,
    computer_passes: usize,
    empties_at_end: u32,
}

/// The human's choice among `legal` (the same in simulation and through the keys).
fn human_choice(rng: &mut Rng, legal: &[u8]) -> u8 {
    legal[rng.below(legal.len())]
}

/// The computer's move at `level`, `None` for a pass.
fn computer_choice(board: &Board, level: u8, weights: &Weights) -> Option<u8> {
    best_move(board, level, weights).best_move
}

/// The game `setup` gives, played by the reference alone.
fn simulate(setup: Setup, weights: &Weights) -> Summary {
    let mut rng = Rng::new(setup.seed);
    let mut board = Board::start();
    let mut summary = Summary::default();
    while !board.is_game_over() {
        let human = board.to_move == setup.human;
        if board.must_pass() {
            board.pass();
            summary.plies.push(PLY_PASS);
            if human {
                summary.human_passes += 1;
            } else {
                summary.computer_passes += 1;
            }
            continue;
        }
        let sq = if human {
            human_choice(&mut rng, &legal_moves(&board))
        } else {
            computer_choice(&board, setup.level, weights).expect("a legal move")
        };
        board.play(sq).expect("legal");
        summary.plies.push(sq);
    }
    summary.empties_at_end = board.empties().count_ones();
    summary
}

/// Sets level and colour through the menu of a freshly started game.
fn choose_settings(g: &mut Game, level: u8, human: Color) {
    if level == 1 && human == Color::Black {
        return;
    }
    g.key(CpcKey::Esc);
    assert_eq!(g.state(), g.st(sym::ST_MENU));
    for _ in 1..level {
        g.key(CpcKey::L);
    }
    if human == Color::White {
        g.key(CpcKey::C);
    }
    assert_eq!(g.byte(sym::GAME_LEVEL), level);
    assert_eq!(g.colour(sym::HUMAN_COLOUR), human);
    g.key(CpcKey::Esc);
}

/// The panel's disc-count line: label left, number right, 14 characters.
fn count_line(label: &str, n: u32) -> String {
    format!("{label}{n:>9}")
}

/// Plays `setup` through the keys and checks every ply, the screen and the end against the
/// reference. `check_keys`: also walk the whole SPACE cycle and try a cursor key at every
/// human turn. Returns what the reference saw, and the game as it ended.
fn play_through_keys(setup: Setup, weights: &Weights, check_keys: bool) -> (Summary, Game) {
    let at = |plies: usize| format!("{setup:?}, after {plies} plies");
    let mut g = Game::started();
    choose_settings(&mut g, setup.level, setup.human);
    let mut rng = Rng::new(setup.seed);
    let mut key_rng = Rng::new(setup.seed ^ 0x5EED);
    let mut board = Board::start();
    let mut summary = Summary::default();
    let mut pending_human: Option<u8> = None;
    let (st_human, st_thinking, st_pass, st_over) = (
        g.st(sym::ST_HUMAN),
        g.st(sym::ST_THINKING),
        g.st(sym::ST_PASS),
        g.st(sym::ST_GAME_OVER),
    );
    loop {
        // Stop when the program waits for a key, or starts thinking after a new ply.
        let (ready, state, count) = (
            g.sym(sym::UI_READY),
            g.sym(sym::UI_STATE),
            g.sym(sym::RECORD_COUNT),
        );
        let seen = summary.plies.len() as u8;
        g.run_until(&at(summary.plies.len()), 20_000_000, |m| {
            m.peek(ready) == 1 || (m.peek(state) == st_thinking && m.peek(count) != seen)
        });

        // Every new ply of the record against the reference.
        for &ply in &g.record()[summary.plies.len()..] {
            let human = board.to_move == setup.human;
            let want = if board.must_pass() {
                PLY_PASS
            } else if human {
                pending_human.take().expect("a human move only after ENTER")
            } else {
                computer_choice(&board, setup.level, weights).expect("a legal move")
            };
            assert_eq!(
                ply,
                want,
                "{}: the {} played {}, the reference {}",
                at(summary.plies.len()),
                if human { "human side" } else { "computer" },
                name(ply),
                name(want)
            );
            if ply == PLY_PASS {
                board.pass();
                *(if human {
                    &mut summary.human_passes
                } else {
                    &mut summary.computer_passes
                }) += 1;
            } else {
                board.play(ply).expect("legal in the reference");
            }
            summary.plies.push(ply);
        }
        let here = at(summary.plies.len());
        assert_eq!(pending_human, None, "{here}: the human move was not played");

        let state = g.state();
        assert_eq!(g.board(), board, "{here}: game_board / side_to_move");
        let last = summary.plies.last().copied().filter(|&p| p < 64);
        let cursor = (state == st_human).then(|| g.cursor());
        g.assert_screen_shows(&board, cursor, last, &here);
        assert_eq!(
            g.panel_line(usize::from(g.sym(sym::PY_BLACK))),
            count_line("BLACK", board.black.count_ones()),
            "{here}"
        );
        assert_eq!(
            g.panel_line(usize::from(g.sym(sym::PY_WHITE))),
            count_line("WHITE", board.white.count_ones()),
            "{here}"
        );
        assert_panel_shows(&g, setup, &summary.plies, &here);

        match state {
            s if s == st_thinking => {
                assert_ne!(
                    board.to_move, setup.human,
                    "{here}: thinking on the human's turn"
                );
                assert_eq!(g.messages()[1], "THINKING...", "{here}");
            }
            s if s == st_human => {
                assert_eq!(
                    board.to_move, setup.human,
                    "{here}: the keys asked on the computer's turn"
                );
                let legal = legal_moves(&board);
                assert_eq!(g.legal(), legal, "{here}: legal_list");
                assert_eq!(
                    g.cursor(),
                    legal[0],
                    "{here}: the cursor starts on the first legal move"
                );
                let mv = human_choice(&mut rng, &legal);
                walk_to(
                    &mut g,
                    &legal,
                    mv,
                    check_keys.then_some(&mut key_rng),
                    &here,
                );
                assert_eq!(
                    g.messages(),
                    [
                        format!("{} TO MOVE", colour_name(setup.human)),
                        format!("YOUR MOVE {}", square_name(mv).to_uppercase()),
                        format!(
                            "{} LEGAL MOVE{}",
                            legal.len(),
                            if legal.len() == 1 { "" } else { "S" }
                        ),
                    ],
                    "{here}"
                );
                pending_human = Some(mv);
                g.press(CpcKey::Return);
            }
            s if s == st_pass => {
                assert_eq!(summary.plies.last(), Some(&PLY_PASS), "{here}");
                let passer = board.to_move.opponent();
                assert_eq!(
                    g.messages()[0],
                    format!("{} PASSES", colour_name(passer)),
                    "{here}"
                );
                g.press(CpcKey::Space);
            }
            s if s == st_over => {
                assert!(
                    board.is_game_over(),
                    "{here}: game over, the reference plays on"
                );
                let fs = board.final_score();
                let (fb, fw) = (g.byte(sym::FINAL_BLACK), g.byte(sym::FINAL_WHITE));
                assert_eq!((fb, fw), (fs.black, fs.white), "{here}: WOF final score");
                let winner = match fs.black.cmp(&fs.white) {
                    std::cmp::Ordering::Greater => Some(Color::Black),
                    std::cmp::Ordering::Less => Some(Color::White),
                    std::cmp::Ordering::Equal => None,
                };
                assert_eq!(
                    g.byte(sym::GAME_WINNER),
                    winner.map_or(0, side_code),
                    "{here}"
                );
                let (hi, lo) = (fs.black.max(fs.white), fs.black.min(fs.white));
                assert_eq!(
                    g.messages(),
                    [
                        "GAME OVER".to_string(),
                        winner.map_or("A DRAW".to_string(), |c| format!("{} WINS", colour_name(c))),
                        format!("SCORE {hi}-{lo}"),
                    ],
                    "{here}"
                );
                summary.empties_at_end = board.empties().count_ones();
                eprintln!(
                    "{setup:?}: {} plies ({} human passes, {} computer passes), final {}-{}, \
                     {} empty squares, {:.1} s of CPC time",
                    summary.plies.len(),
                    summary.human_passes,
                    summary.computer_passes,
                    fs.black,
                    fs.white,
                    summary.empties_at_end,
                    g.cpc.time_us() as f64 / 1e6
                );
                return (summary, g);
            }
            s => panic!("{here}: unexpected ui_state {s}"),
        }
    }
}

/// The settings, the last ply and the game record in the panel, for a game whose plies so
/// far are `plies`. The record shows 5 plies a row; when there are more than fit, it starts
/// at the first whole row that lets the last ply show.
fn assert_panel_shows(g: &Game, setup: Setup, plies: &[u8], at: &str) {
    let line = |name: &str| g.panel_line(usize::from(g.sym(name)));
    assert_eq!(
        line(sym::PY_YOU),
        format!("YOU{:>11}", colour_name(setup.human)),
        "{at}"
    );
    assert_eq!(
        line(sym::PY_LEVEL),
        format!("LEVEL{:>9}", setup.level),
        "{at}"
    );
    let last = plies.last().map_or("-".to_string(), |&p| ply_text(p));
    // After a computer move the panel says where it came from: Nixon's scores at levels 1
    // and 2 ("C3 1 PLY"); a human's move and a pass stand alone. Black starts these games.
    let by_black = plies.len() % 2 == 1;
    let by_human = by_black == (setup.human == Color::Black);
    let last = match plies.last() {
        Some(&p) if p != PLY_PASS && !by_human => format!("{last} {} PLY", setup.level),
        _ => last,
    };
    assert_eq!(line(sym::PY_LAST), format!("LAST{last:>10}"), "{at}");

    let (rows, per_row) = (
        usize::from(g.sym(sym::RECORD_ROWS)),
        usize::from(g.sym(sym::RECORD_PER_ROW)),
    );
    let overflow = plies.len().saturating_sub(rows * per_row);
    let first = overflow.div_ceil(per_row) * per_row;
    let y = usize::from(g.sym(sym::PY_RECORD));
    for row in 0..rows {
        let from = (first + row * per_row).min(plies.len());
        let to = (from + per_row).min(plies.len());
        let want: Vec<String> = plies[from..to].iter().map(|&p| ply_text(p)).collect();
        assert_eq!(
            g.panel_line(y + 8 * row),
            want.join(" "),
            "{at}: record row {row}"
        );
    }
}

/// A ply as the panel writes it: "D3", or "--" for a pass.
fn ply_text(ply: u8) -> String {
    if ply == PLY_PASS {
        "--".into()
    } else {
        square_name(ply).to_uppercase()
    }
}

/// Moves the cursor from the first legal move to `target` with SPACE, checking each step.
/// With `explore`: first the whole SPACE cycle (ascending order, back to the start), and
/// one cursor key checked against [`nearest`].
fn walk_to(g: &mut Game, legal: &[u8], target: u8, explore: Option<&mut Rng>, at: &str) {
    if let Some(rng) = explore {
        let mut visited = Vec::new();
        for _ in 0..legal.len() {
            g.key(CpcKey::Space);
            visited.push(g.cursor());
        }
        let mut cycle = legal[1..].to_vec();
        cycle.push(legal[0]);
        assert_eq!(visited, cycle, "{at}: the squares SPACE visits");
        let dir = Dir::ALL[rng.below(4)];
        let from = g.cursor();
        g.key(dir.key());
        assert_eq!(
            g.cursor(),
            nearest(from, legal, dir),
            "{at}: {dir:?} from {}",
            name(from)
        );
        assert_eq!(
            g.byte(sym::CURSOR_INDEX) as usize,
            legal.iter().position(|&s| s == g.cursor()).unwrap()
        );
    }
    let from = legal
        .iter()
        .position(|&s| s == g.cursor())
        .expect("the cursor is on a legal move");
    let to = legal
        .iter()
        .position(|&s| s == target)
        .expect("the target is legal");
    for i in 0..(to + legal.len() - from) % legal.len() {
        g.key(CpcKey::Space);
        assert_eq!(
            g.cursor(),
            legal[(from + i + 1) % legal.len()],
            "{at}: SPACE"
        );
    }
    assert_eq!(g.cursor(), target);
}

fn name(ply: u8) -> String {
    if ply == PLY_PASS {
        "pass".into()
    } else {
        square_name(ply)
    }
}

#[test]
fn the_game_starts_and_waits_for_black() {
    let mut g = Game::started();
    assert_eq!(g.state(), g.st(sym::ST_HUMAN));
    assert_eq!(g.board(), Board::start());
    assert_eq!(g.legal(), legal_moves(&Board::start()));
    assert_eq!(g.cursor(), legal_moves(&Board::start())[0]);
    assert_eq!(
        (g.colour(sym::HUMAN_COLOUR), g.byte(sym::GAME_LEVEL)),
        (Color::Black, 1)
    );
    assert_eq!(g.byte(sym::RECORD_COUNT), 0);

    // The machine as the program set it up: ROMs off, mode 1, its palette, IM 1 with its
    // own handler, interrupts on.
    let ga = g.cpc.gate_array();
    assert!(!ga.lower_rom && !ga.upper_rom);
    assert_eq!(ga.mode_requested, 1);
    let hw = |name: &str| g.sym(name) as u8;
    assert_eq!(
        ga.inks[..4],
        [
            hw(sym::HW_BLACK),
            hw(sym::HW_GREEN),
            hw(sym::HW_BRIGHT_WHITE),
            hw(sym::HW_BRIGHT_YELLOW)
        ]
    );
    assert_eq!(ga.inks[16], hw(sym::HW_BLACK), "border");
    let r = g.cpc.registers();
    assert_eq!((r.im, r.iff1), (1, true));
    assert_eq!(
        g.cpc.read_bytes(0x38, 3),
        [
            0xC3,
            g.sym(sym::IRQ_HANDLER) as u8,
            (g.sym(sym::IRQ_HANDLER) >> 8) as u8
        ]
    );

    // frame_counter counts 50 frames in a second of CPC time.
    let before = g.word(sym::FRAME_COUNTER);
    g.cpc.run_for(1_000_000).unwrap();
    let frames = g.word(sym::FRAME_COUNTER).wrapping_sub(before);
    assert!((49..=51).contains(&frames), "{frames} frames in one second");
    assert!(g.ready());

    g.assert_screen_shows(&Board::start(), Some(g.cursor()), None, "start");
    assert_eq!(
        g.text(
            usize::from(g.sym(sym::PANEL_X)) + 7,
            usize::from(g.sym(sym::PY_TITLE)),
            7
        ),
        "OTHELLO"
    );
    assert_eq!(
        g.messages(),
        ["BLACK TO MOVE", "YOUR MOVE D3", "4 LEGAL MOVES"]
    );
    // The labels left of and above the board.
    let (bx, by) = (
        usize::from(g.sym(sym::BOARD_X)),
        usize::from(g.sym(sym::BOARD_Y)),
    );
    let letters: String = (0..8).map(|c| g.text(bx + 2 + 6 * c, by - 10, 1)).collect();
    assert_eq!(letters, "ABCDEFGH");
    let digits: String = (0..8).map(|r| g.text(0, by + 6 + 20 * r, 1)).collect();
    assert_eq!(digits, "12345678");
}

#[test]
fn space_and_cursor_keys_visit_the_legal_moves() {
    // check_keys on: the whole SPACE cycle and a cursor key at every human turn of a game.
    let weights = Weights::default();
    let setup = Setup {
        level: 1,
        human: Color::Black,
        seed: 11,
    };
    let (summary, _) = play_through_keys(setup, &weights, true);
    assert_eq!(summary.plies, simulate(setup, &weights).plies);
}

#[test]
fn every_cursor_key_from_every_legal_move() {
    // In a middle-game position with many legal moves: all four keys from each of them.
    let setup = Setup {
        level: 1,
        human: Color::Black,
        seed: 5,
    };
    let mut g = Game::started();
    let mut rng = Rng::new(setup.seed);
    // Play until the human has at least 8 legal moves.
    loop {
        let legal = g.legal();
        if legal.len() >= 8 {
            break;
        }
        walk_to(
            &mut g,
            &legal,
            human_choice(&mut rng, &legal),
            None,
            "reaching a position",
        );
        g.key(CpcKey::Return);
        assert_eq!(g.state(), g.st(sym::ST_HUMAN), "no pass in this opening");
    }
    let legal = g.legal();
    assert_eq!(legal, legal_moves(&g.board()));
    for &start in &legal {
        for dir in Dir::ALL {
            walk_to(&mut g, &legal, start, None, "the start square");
            g.key(dir.key());
            assert_eq!(
                g.cursor(),
                nearest(start, &legal, dir),
                "{dir:?} from {}",
                name(start)
            );
            // The cursor's index follows the square (SPACE goes on from there).
            let i = legal.iter().position(|&s| s == g.cursor()).unwrap();
            assert_eq!(usize::from(g.byte(sym::CURSOR_INDEX)), i);
        }
    }
}

#[test]
fn full_games_at_level_1() {
    let weights = Weights::default();
    for (human, seed) in [(Color::Black, 1), (Color::White, 2)] {
        let setup = Setup {
            level: 1,
            human,
            seed,
        };
        let (summary, _) = play_through_keys(setup, &weights, false);
        assert_eq!(summary.plies, simulate(setup, &weights).plies, "{setup:?}");
    }
}

#[test]
fn full_games_at_level_2() {
    let weights = Weights::default();
    for (human, seed) in [(Color::Black, 3), (Color::White, 4)] {
        let setup = Setup {
            level: 2,
            human,
            seed,
        };
        let (summary, _) = play_through_keys(setup, &weights, false);
        assert_eq!(summary.plies, simulate(setup, &weights).plies, "{setup:?}");
    }
}

#[test]
fn passes_and_early_ends_are_played_and_scored_right() {
    // Find, by simulation, games in which the human side must pass, the computer must
    // pass, and the game ends with empty squares (where WOF scoring matters); then play
    // them through the keys.
    let weights = Weights::default();
    let mut wanted: [(&str, Option<Setup>); 3] = [
        ("human pass", None),
        ("computer pass", None),
        ("early end", None),
    ];
    'search: for seed in 100..5100 {
        for level in 1..=2 {
            for human in [Color::Black, Color::White] {
                let setup = Setup { level, human, seed };
                let s = simulate(setup, &weights);
                let has = [
                    s.human_passes > 0,
                    s.computer_passes > 0,
                    s.empties_at_end > 0,
                ];
                for (slot, yes) in wanted.iter_mut().zip(has) {
                    if yes && slot.1.is_none() {
                        slot.1 = Some(setup);
                    }
                }
                if wanted.iter().all(|w| w.1.is_some()) {
                    break 'search;
                }
            }
        }
    }
    for (what, setup) in wanted {
        let setup = setup.unwrap_or_else(|| panic!("no simulated game with a {what}"));
        let (summary, mut g) = play_through_keys(setup, &weights, false);
        let has = match what {
            "human pass" => summary.human_passes > 0,
            "computer pass" => summary.computer_passes > 0,
            _ => summary.empties_at_end > 0,
        };
        assert!(has, "{setup:?} played through the keys has no {what}");

        // After the game: the menu and back keep the result; N starts a new game.
        let result = (
            g.board(),
            g.byte(sym::FINAL_BLACK),
            g.byte(sym::FINAL_WHITE),
            g.messages(),
        );
        g.key(CpcKey::Esc);
        assert_eq!(g.state(), g.st(sym::ST_MENU));
        g.key(CpcKey::Esc);
        assert_eq!(g.state(), g.st(sym::ST_GAME_OVER));
        let again = (
            g.board(),
            g.byte(sym::FINAL_BLACK),
            g.byte(sym::FINAL_WHITE),
            g.messages(),
        );
        assert_eq!(again, result, "{setup:?}: the result after the menu");
        g.key(CpcKey::N);
        assert_eq!(g.state(), g.st(sym::ST_HUMAN));
        assert_eq!(g.byte(sym::GAME_OVER), 0);
        let mut start = Board::start();
        if setup.human == Color::White {
            start
                .play(computer_choice(&start, setup.level, &weights).unwrap())
                .unwrap();
        }
        assert_eq!(g.board(), start, "{setup:?}: the new game");
    }
}

#[test]
fn the_menu_sets_level_and_colour_and_starts_new_games() {
    let weights = Weights::default();
    let mut g = Game::started();
    let max = g.sym(sym::AI_MAX_LEVEL) as u8;
    // Levels cycle 1..AI_MAX_LEVEL.
    g.key(CpcKey::Esc);
    assert_eq!(g.state(), g.st(sym::ST_MENU));
    for n in 1..=max {
        g.key(CpcKey::L);
        let want = n % max + 1;
        assert_eq!(g.byte(sym::GAME_LEVEL), want);
        let line = g.panel_line(usize::from(g.sym(sym::PY_LEVEL)));
        assert_eq!(line, format!("LEVEL{want:>9}"));
    }
    // Swapping colours: the computer takes black and moves at once.
    g.key(CpcKey::C);
    assert_eq!(g.colour(sym::HUMAN_COLOUR), Color::White);
    assert_eq!(
        g.panel_line(usize::from(g.sym(sym::PY_YOU))),
        "YOU      WHITE"
    );
    g.key(CpcKey::Esc);
    assert_eq!(g.state(), g.st(sym::ST_HUMAN));
    let first = computer_choice(&Board::start(), 1, &weights).unwrap();
    assert_eq!(g.record(), [first]);
    let mut after = Board::start();
    after.play(first).unwrap();
    assert_eq!(g.board(), after);
    // A new game from the menu keeps the settings: the computer opens again.
    g.key(CpcKey::Esc);
    g.key(CpcKey::N);
    assert_eq!(g.record(), [first]);
    assert_eq!(g.board(), after);
    // Back to black: a new game waits for the human.
    g.key(CpcKey::Esc);
    g.key(CpcKey::C);
    g.key(CpcKey::N);
    assert!(g.record().is_empty());
    assert_eq!(g.board(), Board::start());
    assert_eq!(g.state(), g.st(sym::ST_HUMAN));
    // Keys that mean nothing in a state are taken and ignored.
    let board = g.board();
    g.key(CpcKey::N);
    g.key(CpcKey::L);
    assert_eq!(
        (g.board(), g.state(), g.byte(sym::GAME_LEVEL)),
        (board, g.st(sym::ST_HUMAN), 1)
    );
}

#[test]
fn screenshot_of_a_game() {
    // A few moves at level 2, then the picture the README shows.
    let mut g = Game::started();
    g.key(CpcKey::Esc);
    g.key(CpcKey::L);
    g.key(CpcKey::Esc);
    let mut rng = Rng::new(7);
    for _ in 0..8 {
        assert_eq!(g.state(), g.st(sym::ST_HUMAN), "no pass this early");
        let legal = g.legal();
        walk_to(
            &mut g,
            &legal,
            human_choice(&mut rng, &legal),
            None,
            "screenshot game",
        );
        g.key(CpcKey::Return);
    }
    let legal = g.legal();
    walk_to(
        &mut g,
        &legal,
        legal[legal.len() / 2],
        None,
        "screenshot cursor",
    );
    g.cpc.run_frames(2).unwrap();
    let board = g.board();
    let last = g.byte(sym::LAST_MOVE);
    g.assert_screen_shows(&board, Some(g.cursor()), Some(last), "screenshot");

    let dir = cpc_e2e::workspace::test_output("z80-ui");
    let path = dir.join("screenshot.png");
    g.cpc.save_png(&path).expect("screenshot written");
    assert!(std::fs::metadata(&path)
        .map(|m| m.len() > 1000)
        .unwrap_or(false));
    if std::env::var("CPC_UPDATE_SCREENSHOT").is_ok_and(|v| v == "1") {
        let docs = cpc_e2e::workspace::root().join("docs/screenshot.png");
        g.cpc.save_png(&docs).expect("docs/screenshot.png written");
        eprintln!("wrote {}", docs.display());
    }
}
