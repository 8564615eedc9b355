//! The top level's time budget: whole games where the Z80 plays both sides at a level with a
//! budget (docs/ai.md 4.4), each side passing `ai_time` = what is left of its budget, as the
//! game does; every answer checked against the reference engine at the stage the Z80 reports
//! in `ai_depth`. Prints each game side's CPC time and the stages reached.
//!
//! `cargo bench -p cpc-e2e --bench z80_budget [-- LEVEL [GAMES]]` (default: the top level,
//! 2 games).

#[path = "../tests/z80_common/mod.rs"]
mod z80_common;

use std::collections::BTreeMap;

use othello_engine::board::{squares, Board};
use othello_engine::book;
use othello_engine::levels::Level;
use othello_engine::search::{search_stage, Stage};
use othello_engine::weights::Weights;
use z80_common::{show, side_code, Rng, Z80};

const MOVE_LIMIT_US: u64 = 3_600_000_000;

fn opening(seed: u64, plies: u32) -> Board {
    let mut rng = Rng::new(seed);
    let mut b = Board::start();
    for _ in 0..plies {
        let moves: Vec<u8> = squares(b.legal_moves()).collect();
        b.play(moves[rng.below(moves.len() as u64) as usize])
            .expect("legal");
    }
    b
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let w = Weights::default();
    let level: u8 = args
        .first()
        .map_or(w.max_level(), |l| l.parse().expect("LEVEL"));
    let games: u64 = args.get(1).map_or(2, |g| g.parse().expect("GAMES"));
    let Some(Level::Search(def)) = w.level(level) else {
        panic!("level {level}: not a search level")
    };
    let budget_us = u64::from(def.budget) * 60_000_000;
    assert!(budget_us > 0, "level {level} has no budget");
    let mut z = Z80::new(&w, "cpc/weights.toml");
    z.cpc.run_frames(100).expect("the game starts");
    let (at_board, at_side, at_level, at_entry) = (
        z.addr("ai_board"),
        z.addr("ai_side"),
        z.addr("ai_level"),
        z.addr("ai_entry"),
    );
    let (at_time, at_depth) = (z.addr("ai_time"), z.addr("ai_depth"));
    let mut stages: BTreeMap<String, usize> = BTreeMap::new();
    let mut worst = 0u64;
    for g in 0..games {
        let mut b = opening(0x0B0D_6E70 + 2 * g, 2);
        let mut used = [0u64; 2];
        let mut log = Vec::new();
        while !b.is_game_over() {
            if b.must_pass() {
                b.pass();
                continue;
            }
            let side = usize::from(side_code(b.to_move) - 1);
            let left_s = (budget_us.saturating_sub(used[side]) / 1_000_000).max(1);
            z.write_board("ai_board", &b);
            let _ = at_board;
            z.cpc.poke(at_side, side_code(b.to_move));
            z.cpc.poke(at_level, level);
            z.cpc.poke_word(at_time, left_s as u16);
            let out = z.cpc.call(at_entry, MOVE_LIMIT_US).expect("runs");
            assert!(out.returned, "{}: no answer", show(&b));
            let a = z.read_answer(out.elapsed_us);
            let stage = z.cpc.peek(at_depth);
            used[side] += a.us;
            let name = match stage {
                0 => "book".to_string(),
                0xFF => "exact".to_string(),
                0xFE => "stopped".to_string(),
                d => format!("depth {d}"),
            };
            *stages.entry(name.clone()).or_default() += 1;
            let want = match Stage::from_ai_depth(stage) {
                Some(s) => Some(search_stage(&b, s, &w)),
                None if stage == 0 => book::answer(&b, level, &w),
                None => None,
            };
            if let Some(r) = want {
                assert_eq!(
                    (Some(a.mv), a.score),
                    (r.best_move, r.score),
                    "{}: stage {name}",
                    show(&b)
                );
            }
            log.push(format!(
                "{}:{}:{:.0}",
                b.empties().count_ones(),
                name.replace("depth ", "d"),
                a.us as f64 / 1e6
            ));
            b.play(a.mv).expect("legal");
        }
        worst = worst.max(used[0]).max(used[1]);
        println!(
            "game {g}: black {:.1} min, white {:.1} min; final {:?}\n  {}",
            used[0] as f64 / 6e7,
            used[1] as f64 / 6e7,
            b.final_score(),
            log.join(" ")
        );
    }
    println!(
        "\nstages: {stages:?}\nworst side: {:.1} CPC min (budget {} min)",
        worst as f64 / 6e7,
        def.budget
    );
}
