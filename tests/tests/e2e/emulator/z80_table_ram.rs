//! Where the Z80 program keeps its transposition table (cpc/tt.asm, docs/ai.md appendix A)
//! and its edge table (cpc/edgetab.asm): on a 6128, 1 024 entries in the last 8 KB of block 7
//! of the second 64 KB, which RAM configuration 1 shows at &C000 in place of the screen, and
//! the edge table in its first 6 561 bytes; on a 464, 512 entries in the main RAM and no edge
//! table. The same program finds out at start-up which machine it runs on (`tt_bank_detect`,
//! cpc/boot.asm). Both machines must give the reference's answers (the 464's without the
//! edge term); the bigger table searches fewer nodes, and neither search may leave a mark on
//! the screen.
//!
//! The bundled emulator plays both machines (`Cpc::set_second_64k`); MAME plays them with
//! the real firmware in `verify_mame.rs`.

use cpc_e2e::z80::{ffo_positions, show, Z80};
use cpc_emu::memory::PAGE;
use cpc_game::program::edgetab_inc::edge_bytes;
use cpc_game::symbols as sym;
use othello_engine::ai::best_move;
use othello_engine::board::Board;
use othello_engine::weights::Weights;

/// Level 6 solves these exactly (14 empty squares), which takes the table hardest.
const LEVEL: u8 = 6;

/// FFO #2 and #5: the two quickest of the profile's seven (30 and 16 CPC seconds).
fn positions() -> Vec<Board> {
    let all: Vec<Board> = ffo_positions()
        .expect("the FFO boards")
        .into_iter()
        .filter(|b| b.empties().count_ones() == 14)
        .collect();
    vec![all[1], all[4]]
}

struct Run {
    /// `tt_bank` after the searches.
    bank: u8,
    /// The answers: (move, score, nodes) per position.
    answers: Vec<(u8, i16, u32)>,
    /// The base 64 KB's screen (&C000-&FFFF) before and after.
    screen_before: Vec<u8>,
    screen_after: Vec<u8>,
    /// Block 7 of the second 64 KB after the searches.
    block7: Vec<u8>,
    /// The 464's table field TT_INFO (main RAM) after the searches.
    main_info: Vec<u8>,
}

fn run(second_64k: bool) -> Run {
    let w = Weights::default();
    let mut z = Z80::game();
    z.cpc.set_second_64k(second_64k);
    // A pattern on the screen: the detection writes &C000 and must put it back.
    for (i, a) in (0xC000u16..=0xFFFF).enumerate() {
        z.cpc.poke(a, (i % 251) as u8);
    }
    let screen_before = z.cpc.ram()[3 * PAGE..4 * PAGE].to_vec();
    let mut answers = Vec::new();
    for b in positions() {
        let a = z.ai_timed(&b, LEVEL, 0, 200_000_000);
        let r = best_move(&b, LEVEL, &cpc_game::played_weights(&w, second_64k));
        assert_eq!(
            (Some(a.mv), a.score),
            (r.best_move, r.score),
            "{}: the {} differs from the reference",
            show(&b),
            if second_64k { "6128" } else { "464" }
        );
        answers.push((a.mv, a.score, a.nodes));
    }
    let info = usize::from(z.addr(sym::TT_INFO));
    let entries = usize::from(z.addr(sym::TT_ENTRIES));
    Run {
        bank: z.cpc.peek(z.addr(sym::TT_BANK)),
        answers,
        screen_before,
        screen_after: z.cpc.ram()[3 * PAGE..4 * PAGE].to_vec(),
        block7: z.cpc.ram()[7 * PAGE..8 * PAGE].to_vec(),
        main_info: z.cpc.ram()[info..info + entries].to_vec(),
    }
}

#[test]
fn the_6128_keeps_the_table_in_block_7_and_the_464_in_the_main_ram() {
    let big = run(true);
    let small = run(false);

    assert_ne!(big.bank, 0, "the 6128's second 64 KB was not found");
    assert_eq!(small.bank, 0, "a 464 has no second 64 KB");

    // The 6128's entries: TT_INFO is the seventh of the eight 1 KB fields at &E000.
    let info = &big.block7[8192 + 6 * 1024..8192 + 7 * 1024];
    let used = info.iter().filter(|&&b| b != 0).count();
    assert!(
        used > 300,
        "only {used} of the 1 024 slots of block 7 hold an entry"
    );
    assert!(
        small.block7.iter().all(|&b| b == 0),
        "the 464 wrote to a second 64 KB it does not have"
    );
    let used_main = small.main_info.iter().filter(|&&b| b != 0).count();
    assert!(
        used_main > 200,
        "only {used_main} of the 464's 512 slots hold an entry"
    );

    // Neither the detection nor the 6128's switched-in block left a mark on the screen.
    assert!(
        big.screen_after == big.screen_before,
        "the 6128 run wrote to the screen"
    );
    assert!(
        small.screen_after == small.screen_before,
        "the 464 run wrote to the screen"
    );

    // The same answers (an exact solve has no evaluation); the bigger table searches fewer
    // nodes.
    let moves = |r: &Run| r.answers.iter().map(|a| (a.0, a.1)).collect::<Vec<_>>();
    assert_eq!(moves(&big), moves(&small));
    let nodes = |r: &Run| r.answers.iter().map(|a| u64::from(a.2)).sum::<u64>();
    assert!(
        nodes(&big) < nodes(&small),
        "1 024 entries: {} nodes, 512: {}",
        nodes(&big),
        nodes(&small)
    );
}

#[test]
fn the_6128_unpacks_the_edge_table_into_block_7_and_the_464_keeps_the_lines_of_eight() {
    let w = Weights::default();
    let want = edge_bytes(&w).expect("the shipped weights have an edge table");
    for second_64k in [true, false] {
        let mut z = Z80::game();
        z.cpc.set_second_64k(second_64k);
        z.start();
        // The first deep search unpacks it (tt_init), before it searches.
        let before = z.cpc.peek_word(z.addr("lt_base_edge0"));
        assert_eq!(before, z.addr("lt_len8"), "nothing unpacked at start-up");
        let b = positions()[0]; // out of the book
        let a = z.ai_timed(&b, 4, 0, 50_000_000);
        let played = cpc_game::played_weights(&w, second_64k);
        assert_eq!(Some(a.mv), best_move(&b, 4, &played).best_move);
        let bases: Vec<u16> = (0..4)
            .map(|k| z.cpc.peek_word(z.addr(&format!("lt_base_edge{k}"))))
            .collect();
        let sum_start = z.cpc.peek_word(z.addr("li_sum_start") + 1);
        if second_64k {
            let block7 = &z.cpc.ram()[7 * PAGE..7 * PAGE + want.bytes.len()];
            let first_difference = (0..block7.len()).find(|&s| block7[s] != want.bytes[s]);
            assert_eq!(
                first_difference,
                None,
                "block 7 is not the edge table: {:?}",
                first_difference.map(|s| (block7[s], want.bytes[s]))
            );
            assert_eq!(bases, vec![0xC000; 4], "the edge lines read block 7");
            assert_eq!(sum_start, z.addr("LT_SUM_START_EDGE"));
        } else {
            assert_eq!(
                bases,
                vec![z.addr("lt_len8"); 4],
                "a 464's edges are lines of eight"
            );
            assert_eq!(sum_start, z.addr("LT_SUM_START"));
        }
    }
}

#[test]
fn clearing_the_table_loses_no_frame() {
    // tt_clear switches block 7 in with the interrupts off, 32 bytes at a time: the interrupt
    // inside VSYNC must still find VSYNC, or its frame goes uncounted (no keyboard scan, no
    // clock tick). Each clear of the 6128's table spans about a third of a frame.
    for second_64k in [true, false] {
        let mut z = Z80::game();
        z.cpc.set_second_64k(second_64k);
        z.start(); // boot: the table found; the interrupt handler counts frames
        let counter = z.addr(sym::FRAME_COUNTER);
        let frames_before = z.cpc.peek_word(counter);
        let t0 = z.cpc.time_us();
        for _ in 0..50 {
            z.call(sym::TT_CLEAR, 0);
        }
        let elapsed = z.cpc.time_us() - t0;
        let counted = u64::from(z.cpc.peek_word(counter).wrapping_sub(frames_before));
        let frames = elapsed / 20_000;
        assert!(
            counted + 1 >= frames,
            "{}: {counted} frames counted in {elapsed} µs",
            if second_64k { "6128" } else { "464" }
        );
        if second_64k {
            assert!(frames >= 10, "50 clears took only {elapsed} µs");
        }
    }
}
