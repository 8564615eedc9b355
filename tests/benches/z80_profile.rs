//! Where the Z80 AI spends its CPC time: a profile of `ai_entry` by routine, for tuning the
//! deep searches (cpc/search.asm, alphabeta.asm, endgame.asm, moves.asm).
//!
//! The emulator runs the call one instruction at a time; the CPC time of every instruction
//! (wait states included) is charged to the label at or below its address, and labels are
//! gathered into routines (a label whose name extends the routine's, like
//! `sq_legal_nw_walk` under `sq_legal`, belongs to it). Each row also counts its entries: how
//! often the instruction at the label ran (a routine's: at its first label, so its calls).
//! Every answer is checked against the reference engine first.
//!
//! `cargo bench -p cpc-e2e --bench z80_profile [-- LEVEL [midgame|endgame] [POSITIONS]
//! [SECONDS]]`; default: the top level, midgame, 6 positions, no time limit, on a 6128
//! (`PROFILE_MACHINE=464`: a 464, without the second 64 KB the transposition table uses). With SECONDS,
//! each call gets that `ai_time` (docs/ai.md 4.4: the search runs in stages) and its answer
//! is checked at the stage it reports. Midgame positions come from games the
//! reference plays against itself at level 4 from seeded openings (20 to 44 empty squares);
//! endgame positions are the FFO boards with 14 empty squares.

use cpc_game::symbols as sym;
use std::collections::HashMap;

use cpc_asm::SymbolKind;
use cpc_e2e::z80::{ffo_positions, show, Z80};
use cpc_game::Image;
use cpc_verify::positions::Rng;
use othello_engine::ai::best_move;
use othello_engine::board::{squares, Board};
use othello_engine::search::{level_stage, Stage};
use othello_engine::weights::Weights;

const LIMIT_US: u64 = 4 * 3_600_000_000;

/// Positions of reference self-play at level 4 from seeded 4-ply openings, 20..=44 empties.
fn midgame_positions(count: usize, w: &Weights) -> Vec<Board> {
    let mut out = Vec::new();
    let mut game = 0u64;
    while out.len() < count {
        let mut rng = Rng::new(0x0050_F11E + 2 * game);
        let mut b = Board::start();
        for _ in 0..4 {
            let moves: Vec<u8> = squares(b.legal_moves()).collect();
            b.play(moves[rng.below(moves.len() as u64) as usize])
                .expect("legal");
        }
        let pick = 20 + rng.below(25) as u32;
        while !b.is_game_over() && b.empties().count_ones() > pick {
            if b.must_pass() {
                b.pass();
                continue;
            }
            let mv = best_move(&b, 4, w).best_move.expect("a move");
            b.play(mv).expect("legal");
        }
        if !b.is_game_over() && !b.must_pass() {
            out.push(b);
        }
        game += 1;
    }
    out
}

/// The fixed middle-game positions (`benches/data/profile-midgame.txt`).
fn fixed_midgame_positions() -> Vec<Board> {
    include_str!("data/profile-midgame.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(cpc_e2e::z80::position)
        .collect()
}

/// Beyond the fixed ones, the weights the middle-game positions are played with: the default file without the
/// potential-mobility term (docs/ai.md 3.3), as before it existed, so that every build is
/// timed on the same 8 positions.
fn position_weights() -> Weights {
    let text: String = othello_engine::weights::DEFAULT_TOML
        .lines()
        .filter(|l| !l.starts_with("potential"))
        .map(|l| format!("{l}\n"))
        .collect();
    Weights::parse(&text, "positions").expect("the default file without potential")
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    // PROFILE_WEIGHTS=file: another weights file (e.g. the default without the potential term,
    // to time the same answers as an older build).
    let (w, weights_name) = match std::env::var("PROFILE_WEIGHTS") {
        Ok(file) => (
            Weights::load(std::path::Path::new(&file)).expect("PROFILE_WEIGHTS: a weights file"),
            file,
        ),
        Err(_) => (Weights::default(), "cpc/weights.toml".to_string()),
    };
    let level: u8 = args
        .first()
        .map_or(w.max_level(), |l| l.parse().expect("LEVEL: a number"));
    let kind = args.get(1).map_or("midgame", String::as_str);
    let count: usize = args
        .get(2)
        .map_or(6, |n| n.parse().expect("POSITIONS: a number"));
    let seconds: u16 = args
        .get(3)
        .map_or(0, |n| n.parse().expect("SECONDS: a number"));
    let boards = match kind {
        "midgame" => {
            let mut fixed = fixed_midgame_positions();
            if count > fixed.len() {
                fixed.extend(
                    midgame_positions(count, &position_weights())
                        .into_iter()
                        .skip(fixed.len()),
                );
            }
            fixed.truncate(count);
            fixed
        }
        "endgame" => ffo_positions()
            .expect("the FFO boards")
            .into_iter()
            .filter(|b| b.empties().count_ones() == 14)
            .take(count)
            .collect(),
        other => panic!("{other}: midgame or endgame"),
    };

    let game = cpc_e2e::game::build(&w, &weights_name);
    let mut labels: Vec<(u16, String)> = game
        .assembly()
        .symbols()
        .iter()
        .filter(|s| s.kind == SymbolKind::Label)
        .map(|s| (s.value as u16, s.name.clone()))
        .collect();
    labels.sort();
    // The routine of each label: the closest label before it whose name it extends.
    let mut routine_of: Vec<String> = Vec::with_capacity(labels.len());
    let mut current = String::new();
    for (_, name) in &labels {
        if current.is_empty() || !name.starts_with(&format!("{current}_")) {
            current.clone_from(name);
        }
        routine_of.push(current.clone());
    }

    let mut z = Z80::new(&Image::from_game(&game).unwrap_or_else(|e| panic!("{e}")));
    // PROFILE_MACHINE=464: a machine without the 6128's second 64 KB, where the program keeps
    // its transposition table in the main RAM (512 entries instead of 1 024) and plays without
    // the edge table (docs/ai.md appendix A).
    let machine = std::env::var("PROFILE_MACHINE").unwrap_or_else(|_| "6128".to_string());
    match machine.as_str() {
        "6128" => {}
        "464" => z.cpc.set_second_64k(false),
        other => panic!("PROFILE_MACHINE={other}: 464 or 6128"),
    }
    let w = cpc_game::played_weights(&w, z.cpc.has_second_64k());
    z.start();
    // The first deep search's set-up (the key pages, the 6128's edge table) before the
    // profile: it is not the search's work.
    z.call("tt_init", 0);
    let at_entry = z.addr(sym::AI_ENTRY);
    let mut per_pc = vec![0u64; 65536];
    // How often each instruction ran: at a label's address, how often the label was reached.
    let mut executed = vec![0u64; 65536];
    let (mut total_us, mut total_nodes) = (0u64, 0u64);
    for b in &boards {
        let (mut last_pc, mut last_t) = (at_entry, z.cpc.time_us());
        let a = z.ai_observed(b, level, seconds, LIMIT_US, |m| {
            let t = m.time_us();
            per_pc[usize::from(last_pc)] += t - last_t;
            executed[usize::from(last_pc)] += 1;
            last_t = t;
            last_pc = m.pc();
        });
        let us = a.us;
        let stage = z.cpc.peek(z.addr(sym::AI_DEPTH));
        let r = if seconds == 0 {
            best_move(b, level, &w)
        } else {
            let st = Stage::from_ai_depth(stage).expect("a complete stage");
            level_stage(b, level, st, &w)
        };
        assert_eq!(
            (Some(a.mv), a.score),
            (r.best_move, r.score),
            "{}: differs from the reference (stage &{stage:02X})",
            show(b)
        );
        println!(
            "{}  {:2} empties  {:8.1} CPC s  {:>9} nodes  stage &{stage:02X}",
            show(b),
            b.empties().count_ones(),
            us as f64 / 1e6,
            a.nodes
        );
        total_us += us;
        total_nodes += u64::from(a.nodes);
    }

    let mut by_routine: HashMap<&str, u64> = HashMap::new();
    let mut by_label: HashMap<&str, u64> = HashMap::new();
    for (pc, &t) in per_pc.iter().enumerate() {
        if t == 0 {
            continue;
        }
        let i = labels.partition_point(|(a, _)| usize::from(*a) <= pc);
        let (name, routine) = if i == 0 {
            ("(before the program)", "(before the program)")
        } else {
            (labels[i - 1].1.as_str(), routine_of[i - 1].as_str())
        };
        *by_routine.entry(routine).or_default() += t;
        *by_label.entry(name).or_default() += t;
    }
    println!(
        "\nlevel {level}, {kind}, CPC {machine}: {} positions, {:.1} CPC s, {total_nodes} nodes, {:.0} nodes per CPC s\n",
        boards.len(),
        total_us as f64 / 1e6,
        total_nodes as f64 / (total_us as f64 / 1e6)
    );
    let all: u64 = per_pc.iter().sum();
    let address_of: HashMap<&str, u16> = labels.iter().map(|(a, n)| (n.as_str(), *a)).collect();
    for (title, map) in [("routine", &by_routine), ("label", &by_label)] {
        let mut rows: Vec<_> = map.iter().collect();
        rows.sort_by(|a, b| b.1.cmp(a.1));
        println!("| {title} | % of the time | entries |\n|---|---|---|");
        for (name, t) in rows.iter().take(30) {
            let entries = address_of
                .get(*name)
                .map_or(0, |&a| executed[usize::from(a)]);
            println!(
                "| {name} | {:.1} | {entries} |",
                **t as f64 * 100.0 / all as f64
            );
        }
        println!();
    }
}
