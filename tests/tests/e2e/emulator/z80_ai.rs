//! The Z80 AI of `cpc/` (board.asm, eval.asm, search.asm, ai.asm), run in the bundled
//! emulator, against the reference engine (`othello_engine::ai::best_move`) with the
//! same weights: move, score and node count at levels 1 and 2, on seeded random play-outs,
//! the FFO endgame boards and hand-made edge cases; and on every one of those positions the
//! rules: gen_legal's list and the board after play_move of every legal move.
//!
//! The emulated time per move is measured by `benches/z80_ai.rs`, not here.

use cpc_e2e::z80::{ffo_positions, position, show, Z80};
use cpc_game::driver::{board_bytes, side_code, AI_BAD_INPUT, AI_PASS};
use cpc_game::symbols as sym;
use cpc_verify::positions::{from_discs, random_positions};
use othello_engine::ai::best_move;
use othello_engine::board::{flips, squares, Board, Color};
use othello_engine::notation::{parse_square, square_name};
use othello_engine::weights::Weights;

/// Every difference between the Z80 and the reference on `board`, as messages.
fn differences(z: &mut Z80, board: &Board, weights: &Weights) -> Vec<String> {
    let mut out = Vec::new();
    for level in 1..=2u8 {
        let r = best_move(board, level, weights);
        let a = z.ai(board, level);
        let want_move = r.best_move.unwrap_or(AI_PASS);
        // The node count is informational in docs/ai.md, but both count the moves scored.
        if (a.mv, a.score, u64::from(a.nodes)) != (want_move, r.score, r.nodes) {
            out.push(format!(
                "{}: level {level}: Z80 move {} score {} nodes {}, reference {want_move} {} {}",
                show(board),
                a.mv,
                a.score,
                a.nodes,
                r.score,
                r.nodes
            ));
        }
    }
    let legal: Vec<u8> = squares(board.legal_moves()).collect();
    let listed = z.gen_legal(board);
    if listed != legal {
        out.push(format!(
            "{}: gen_legal {listed:?}, reference {legal:?}",
            show(board)
        ));
    }
    for &sq in &legal {
        let mut after = *board;
        let undo = after.play(sq).expect("legal");
        let played = z.play_move(board, sq);
        let mut flipped = played.flips.clone();
        flipped.sort_unstable();
        let want_flips: Vec<u8> = squares(undo.flipped).collect();
        let ok = !played.refused
            && played.board == board_bytes(&after)
            && played.side == side_code(after.to_move)
            && played.move_number == 8
            && flipped == want_flips;
        if !ok {
            out.push(format!(
                "{}: play_move {}: refused {}, board {:?}, side {}, move number {}, flips {:?}; \
                 reference board {:?}, flips {want_flips:?}",
                show(board),
                square_name(sq),
                played.refused,
                played.board,
                played.side,
                played.move_number,
                played.flips,
                board_bytes(&after)
            ));
        }
    }
    out
}

/// Checks every position; fails listing the first differences.
fn check_all(z: &mut Z80, boards: &[Board], weights: &Weights) {
    let diffs: Vec<String> = boards
        .iter()
        .flat_map(|b| differences(z, b, weights))
        .collect();
    assert!(
        diffs.is_empty(),
        "{} differences over {} positions, first ones:\n{}",
        diffs.len(),
        boards.len(),
        diffs
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn random_play_outs_match_the_reference() {
    let w = Weights::default();
    let mut z = Z80::game();
    let boards = random_positions(0x5EED_0001, 200);
    // The sample covers the whole game: openings, middle games, endings and finished games.
    assert!(boards.iter().any(|b| b.empties().count_ones() >= 58));
    assert!(boards.iter().any(|b| b.empties().count_ones() <= 6));
    assert!(boards.iter().any(Board::is_game_over));
    check_all(&mut z, &boards, &w);
}

#[test]
fn ffo_boards_match_the_reference() {
    let boards = match ffo_positions() {
        Ok(b) => b,
        Err(why) => {
            cpc_e2e::oracle::unavailable("ffo_boards_match_the_reference", &why);
            return;
        }
    };
    assert!(
        boards.len() >= 79,
        "expected the 79 FFO positions, found {}",
        boards.len()
    );
    let w = Weights::default();
    let mut z = Z80::game();
    check_all(&mut z, &boards, &w);
}

/// A position where a move flips 19 discs (the most possible): black plays d4 and closes all
/// eight rays at the edge.
fn nineteen_flips() -> Board {
    let black = ["d1", "d8", "a4", "h4", "a1", "g1", "a7", "h8"];
    let white = [
        "d2", "d3", "d5", "d6", "d7", "b4", "c4", "e4", "f4", "g4", "b2", "c3", "f2", "e3", "b6",
        "c5", "e5", "f6", "g7",
    ];
    from_discs(&black, &white, Color::Black)
}

/// True when some row of the board has no empty square.
fn full_row(b: &Board) -> bool {
    (0..8).any(|r| (b.black | b.white) >> (8 * r) & 0xFF == 0xFF)
}

/// True when the diagonal a1-h8 or h1-a8 has no empty square.
fn full_diagonal(b: &Board) -> bool {
    let occupied = b.black | b.white;
    let a1h8 = (0..8).fold(0u64, |m, i| m | 1 << (9 * i));
    let h1a8 = (0..8).fold(0u64, |m, i| m | 1 << (7 + 7 * i));
    occupied & a1h8 == a1h8 || occupied & h1a8 == h1a8
}

/// The first position of seeded play-outs that has `property`.
fn find(property: impl Fn(&Board) -> bool, what: &str) -> Board {
    random_positions(0x5EED_0002, 4000)
        .into_iter()
        .find(|b| property(b))
        .unwrap_or_else(|| panic!("no play-out position is {what}"))
}

#[test]
fn edge_cases_match_the_reference() {
    let corners = ["a1", "h1", "a8", "h8"].map(|s| parse_square(s).expect("square"));
    let all_corners = |b: &Board| corners.iter().all(|&c| (b.black | b.white) >> c & 1 != 0);
    let one_left = format!("{}O- X", "X".repeat(62));
    let cases: Vec<(&str, Board)> = vec![
        (
            "forced pass (white)",
            from_discs(&["a1"], &["b1"], Color::White),
        ),
        (
            "forced pass, from play-outs",
            find(|b| b.must_pass() && !b.is_game_over(), "a forced pass"),
        ),
        (
            "game over, board full",
            find(|b| b.empties() == 0, "a full board"),
        ),
        (
            "game over, white wiped out",
            from_discs(&["d4", "e4", "d5"], &[], Color::White),
        ),
        (
            "game over with empties",
            find(|b| b.is_game_over() && b.empties() != 0, "over early"),
        ),
        ("one empty square left", position(&one_left)),
        (
            "one move left",
            find(
                |b| b.legal_moves().count_ones() == 1 && b.empties().count_ones() > 1,
                "one move",
            ),
        ),
        (
            "the mover has one disc",
            from_discs(&["d4"], &["d5", "e5", "e4"], Color::Black),
        ),
        (
            "the opponent has one disc",
            from_discs(&["d5", "e5", "e4"], &["d4"], Color::Black),
        ),
        (
            "four corners taken",
            find(|b| all_corners(b) && !b.must_pass(), "four corners"),
        ),
        (
            "four corners, mid-game",
            from_discs(
                &["a1", "h8", "d4", "e5"],
                &["h1", "a8", "d5", "e4"],
                Color::Black,
            ),
        ),
        (
            "a full row",
            find(|b| full_row(b) && !b.must_pass(), "a full row"),
        ),
        (
            "a full diagonal",
            find(|b| full_diagonal(b) && !b.must_pass(), "a full diagonal"),
        ),
        ("19 flips", nineteen_flips()),
        (
            "19 flips, white to move (pass)",
            Board {
                to_move: Color::White,
                ..nineteen_flips()
            },
        ),
    ];
    let b = nineteen_flips();
    let (p, o) = b.player_opponent();
    assert_eq!(
        flips(p, o, parse_square("d4").expect("d4")).count_ones(),
        19
    );
    assert_eq!(position(&one_left).empties().count_ones(), 1);
    assert_eq!(position(&one_left).legal_moves().count_ones(), 1);

    let w = Weights::default();
    let mut z = Z80::game();
    let mut diffs = Vec::new();
    for (name, board) in &cases {
        diffs.extend(
            differences(&mut z, board, &w)
                .into_iter()
                .map(|d| format!("{name}: {d}")),
        );
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    // A pass is a pass at both levels: move &FF, score 0, no node.
    let pass = from_discs(&["a1"], &["b1"], Color::White);
    for level in 1..=2 {
        let a = z.ai(&pass, level);
        assert_eq!((a.mv, a.score, a.nodes), (AI_PASS, 0, 0));
    }
}

/// docs/ai.md section 9: the worked examples, numbers computed by hand.
#[test]
fn worked_examples_of_the_ai_document() {
    // docs/ai.md 9 works them out with the classic table.
    let w = Weights::norvig();
    let mut z = Z80::with_weights(&w, "cpc/weights-norvig.toml");
    let sq = |n: &str| parse_square(n).expect("square");
    let examples = [
        (Board::start(), 1, "d3", 0),
        (Board::start(), 2, "d3", -12),
        (
            from_discs(&["b1", "c3"], &["d1", "c2"], Color::Black),
            1,
            "c1",
            17,
        ),
        (
            from_discs(&["b1", "c3"], &["d1", "c2"], Color::Black),
            2,
            "d3",
            8,
        ),
        (
            from_discs(&["a1"], &["b1", "b2"], Color::Black),
            2,
            "c1",
            37,
        ),
        (
            from_discs(&["a1", "d4"], &["c3", "e4"], Color::Black),
            1,
            "b2",
            2,
        ),
    ];
    for (board, level, mv, score) in examples {
        let a = z.ai(&board, level);
        assert_eq!(
            (a.mv, a.score),
            (sq(mv), score),
            "{} level {level}",
            show(&board)
        );
    }
}

#[test]
fn another_weights_file_is_injected_into_the_image() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/weights-alt.toml");
    let alt = Weights::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let default = Weights::default();
    assert_ne!(alt, default);
    let mut z = Z80::with_weights(&alt, &path.display().to_string());
    let boards = random_positions(0x5EED_0003, 80);
    check_all(&mut z, &boards, &alt);
    // The answers really depend on the file: the default weights would answer differently.
    let changed = boards
        .iter()
        .filter(|b| {
            (1..=2).any(|level| {
                let a = z.ai(b, level);
                let r = best_move(b, level, &default);
                (a.mv, a.score) != (r.best_move.unwrap_or(AI_PASS), r.score)
            })
        })
        .count();
    assert!(
        changed > 40,
        "only {changed} of 80 answers changed with other weights"
    );
    // docs/ai.md section 9: with corner values (-20, -40) the b2 example plays f4.
    let b = from_discs(&["a1", "d4"], &["c3", "e4"], Color::Black);
    assert_eq!((alt.corner_edge(), alt.corner_diagonal()), (-20, -40));
    assert_eq!(z.ai(&b, 1).mv, parse_square("f4").expect("f4"));
}

#[test]
fn ai_entry_leaves_the_machine_as_documented() {
    let w = Weights::default();
    let mut z = Z80::game();
    let board = random_positions(0x5EED_0004, 1)[0];
    let board = if board.must_pass() {
        Board::start()
    } else {
        board
    };
    for iff in [false, true] {
        let mut regs = z.registers();
        regs.iy = 0x1234;
        regs.af_alt = 0x5A5A;
        regs.bc_alt = 0x1111;
        regs.de_alt = 0x2222;
        regs.hl_alt = 0x3333;
        regs.iff1 = iff;
        regs.iff2 = iff;
        z.cpc.set_registers(&regs);
        // Paint the stack below SP to see how deep the AI goes.
        let sp = regs.sp;
        let depth = 256u16;
        z.cpc
            .write_bytes(sp - depth, &vec![0xA5; usize::from(depth)]);
        let a = z.ai(&board, 2);
        let after = z.registers();
        assert_eq!(
            (
                after.iy,
                after.af_alt,
                after.bc_alt,
                after.de_alt,
                after.hl_alt
            ),
            (0x1234, 0x5A5A, 0x1111, 0x2222, 0x3333),
            "IY and the alternate registers are kept"
        );
        assert_eq!(
            (after.iff1, after.sp),
            (iff, sp),
            "interrupt state and stack are kept"
        );
        let used = (0..depth)
            .take_while(|i| z.cpc.peek(sp - depth + i) == 0xA5)
            .count();
        let deepest = usize::from(depth) - used;
        eprintln!("ai_entry used {deepest} bytes of stack (interrupts enabled: {iff})");
        // ai.asm documents 12 bytes (its return address included); an interrupt taken at the
        // deepest point adds the 2 of the emulator's `EI : RET` stub.
        assert!(deepest <= 14, "the AI used {deepest} bytes of stack");
        let r = best_move(&board, 2, &w);
        assert_eq!((a.mv, a.score), (r.best_move.unwrap_or(AI_PASS), r.score));
        let kept = z.cpc.read_bytes(z.addr(sym::AI_BOARD), 64);
        assert_eq!(kept, board_bytes(&board), "ai_board is left unchanged");
    }
}

#[test]
fn bad_inputs_are_refused_without_damage() {
    let w = Weights::default();
    let mut z = Z80::game();
    let start = Board::start();
    // Levels the program does not play, and sides that are not 1 or 2.
    let beyond = w.max_level() + 1;
    for (level, side) in [(0u8, 1u8), (beyond, 1), (255, 2), (1, 0), (2, 3)] {
        z.write_board(sym::AI_BOARD, &start);
        z.cpc.poke(z.addr(sym::AI_SIDE), side);
        z.cpc.poke(z.addr(sym::AI_LEVEL), level);
        z.call(sym::AI_ENTRY, 0);
        let a = z.read_answer(0);
        assert_eq!(
            (a.mv, a.score, a.nodes),
            (AI_BAD_INPUT, 0, 0),
            "level {level} side {side}"
        );
    }
    // play_move refuses occupied squares, squares that flip nothing and indices beyond h8.
    for sq in [27u8, 0, 63, 64, 200] {
        let played = z.play_move(&start, sq);
        assert!(played.refused, "square {sq} was played");
        assert_eq!(played.board, board_bytes(&start));
        assert_eq!((played.side, played.move_number), (1, 7));
    }
    // pass_move switches the side only.
    z.cpc.poke(z.addr(sym::SIDE_TO_MOVE), 2);
    z.call(sym::PASS_MOVE, 0);
    assert_eq!(z.cpc.peek(z.addr(sym::SIDE_TO_MOVE)), 1);
}

#[test]
fn count_discs_counts_both_colours() {
    let mut z = Z80::game();
    for b in random_positions(0x5EED_0005, 30) {
        z.write_board(sym::GAME_BOARD, &b);
        z.call(sym::COUNT_DISCS, 0);
        let got = (
            z.cpc.peek(z.addr(sym::BLACK_COUNT)),
            z.cpc.peek(z.addr(sym::WHITE_COUNT)),
        );
        assert_eq!(
            got,
            (b.black.count_ones() as u8, b.white.count_ones() as u8),
            "{}",
            show(&b)
        );
    }
}

/// The weights are read from the image on every call: a weight patched in memory (not in the
/// TOML) changes the answers, and the comparison with the reference catches it.
#[test]
fn a_weight_patched_in_the_image_is_caught() {
    // The classic table, whose flip terms make d3, c4, f5 and e6 tie at the start.
    let w = Weights::norvig();
    let mut z = Z80::with_weights(&w, "cpc/weights-norvig.toml");
    let d3 = z.addr(sym::W_SQUARES) + u16::from(parse_square("d3").expect("d3"));
    z.cpc.poke(d3, (-50i8) as u8);
    let a = z.ai(&Board::start(), 1);
    assert_eq!((a.mv, a.score), (parse_square("c4").expect("c4"), 0));
    // d3 fills early; the corner a1 stays empty and often playable for most of a game.
    z.cpc.poke(z.addr(sym::W_SQUARES), (-100i8) as u8);
    let boards = random_positions(0x5EED_0006, 60);
    let caught = boards
        .iter()
        .filter(|b| !differences(&mut z, b, &w).is_empty())
        .count();
    assert!(
        caught > 0,
        "a patched weight went unnoticed on 60 positions"
    );
}
