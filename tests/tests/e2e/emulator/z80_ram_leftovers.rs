//! The Z80 search must not depend on what its RAM held before it ran: the frames, the PV
//! table, the undo stack, the empty list, the neighbour masks and the scratch variables below
//! them are set up by each search (cpc/search.asm, "RAM used by the deep searches"). A field
//! read before it is written changes the move order, so the node counts, and with a time
//! limit the stage a move comes from. Each search here runs on RAM filled with a different
//! pattern, the table emptied first, and must visit exactly the nodes it visits on zeroed RAM.

use cpc_e2e::z80::{position, show, Z80};
use cpc_game::symbols as sym;
use cpc_verify::positions::{random_positions, Rng};
use othello_engine::board::Board;

/// Generous: a level-5 search of these positions takes well under a minute of CPC time.
const LIMIT_US: u64 = 600_000_000;

/// What a search leaves to compare: move, score, nodes, stage and principal variation.
fn search(z: &mut Z80, board: &Board, level: u8, fill: &dyn Fn(usize) -> u8) -> String {
    z.call(sym::TT_CLEAR, 0);
    let frames = z.addr(sym::FRAMES);
    let table = z.addr(sym::TT_BASE);
    let zob_pages = z.addr(sym::ZOB_PAGES);
    let el_list = z.addr(sym::EL_LIST);
    let low_vars = (z.addr(sym::LOW_VARS), z.addr(sym::LOW_VARS_END));
    for (from, to) in [low_vars, (el_list, zob_pages), (frames, table)] {
        let bytes: Vec<u8> = (0..usize::from(to - from)).map(fill).collect();
        z.cpc.write_bytes(from, &bytes);
    }
    let a = z.ai_timed(board, level, 0, LIMIT_US);
    format!(
        "move {} score {} nodes {} stage &{:02X} pv {:?}",
        a.mv,
        a.score,
        a.nodes,
        a.depth,
        z.pv()
    )
}

#[test]
fn searches_do_not_read_ram_they_did_not_write() {
    let mut z = Z80::game();
    let mut cases: Vec<(Board, u8)> = include_str!("../../../benches/data/profile-midgame.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(3)
        .map(position)
        .flat_map(|b| [(b, 4), (b, 5)])
        .collect();
    // Exact endgames of level 4 (at most 10 empty squares).
    cases.extend(
        random_positions(0x1EF7_0000, 400)
            .into_iter()
            .filter(|b| {
                let e = b.empties().count_ones();
                (8..=10).contains(&e) && !b.is_game_over() && !b.must_pass()
            })
            .take(3)
            .map(|b| (b, 4)),
    );
    assert_eq!(cases.len(), 9, "the endgame positions were not found");
    // The first search spreads the table's keys and clears their source (tt_init).
    z.ai_timed(&cases[0].0, 3, 0, LIMIT_US);
    let mut rng = Rng::new(0x5EED);
    let noise: Vec<u8> = (0..0x4000).map(|_| rng.below(256) as u8).collect();
    let fills: [(&str, &dyn Fn(usize) -> u8); 5] = [
        ("&FF", &|_| 0xFF),
        ("&55", &|_| 0x55),
        ("&AA", &|_| 0xAA),
        ("&01", &|_| 0x01),
        ("noise", &|i| noise[i % noise.len()]),
    ];
    let mut differences = Vec::new();
    for (board, level) in &cases {
        let clean = search(&mut z, board, *level, &|_| 0);
        for (name, fill) in &fills {
            let dirty = search(&mut z, board, *level, fill);
            if dirty != clean {
                differences.push(format!(
                    "{} level {level}, RAM filled with {name}: {dirty}; on zeroed RAM: {clean}",
                    show(board)
                ));
            }
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn searches_do_not_read_the_mode_the_last_one_ended_in() {
    // The exact endgame keeps no neighbour masks (docs/ai.md appendix A), so a move updates
    // them or not by the search's mode: a search must set the mode before its root keys
    // its moves, whatever mode the last search (an exact endgame, a hint) ended in.
    let mut z = Z80::game();
    let mut boards = vec![position(
        "-XXXXX-O-XXXXO-OXXXXXXXO-OOOXXXOOOOXXXOOOOOOOOOO-OOOOX-X-OOOXXX- O",
    )];
    boards.extend(
        random_positions(0x1EF7_0001, 400)
            .into_iter()
            .filter(|b| (11..=20).contains(&b.empties().count_ones()) && !b.must_pass())
            .take(3),
    );
    let mut differences = Vec::new();
    for board in &boards {
        let mut seen = Vec::new();
        for mode in [0u8, 1] {
            z.call(sym::TT_CLEAR, 0);
            z.cpc.poke(z.addr(sym::AB_EXACT), mode);
            let a = z.ai_timed(board, 4, 0, LIMIT_US);
            seen.push(format!("move {} score {} nodes {}", a.mv, a.score, a.nodes));
        }
        if seen[0] != seen[1] {
            differences.push(format!(
                "{}: after a depth-limited search {}, after an exact one {}",
                show(board),
                seen[0],
                seen[1]
            ));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
