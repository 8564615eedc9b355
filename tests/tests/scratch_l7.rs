use cpc_othello::build::{assemble_game, default_sources};
use cpc_othello::verify::positions::{default_ffo_dir, ffo_positions, suite};
use cpc_othello::verify::{Image, Z80Ai};
use othello_engine::search::{search_stage, Stage};
use othello_engine::weights::Weights;
use std::time::Instant;

#[test]
fn scratch() {
    let w = Weights::default();
    let game = assemble_game(&default_sources(), &w, "w").unwrap();
    let img = Image::from_game(&game).unwrap();
    let mut z = Z80Ai::new(&img).unwrap();
    z.cpc.run_frames(100).unwrap();
    eprintln!("ready {}", z.cpc.peek(img.addr("ui_ready").unwrap()));
    z.limit_us = 3_600_000_000;
    let ffo = ffo_positions(&default_ffo_dir()).unwrap_or_default();
    let n: usize = std::env::var("N").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    let s = suite(n, 0x5EED_7003, &ffo);
    let (t, d) = (img.addr("ai_time").unwrap(), img.addr("ai_depth").unwrap());
    for (o, b) in &s {
        let e = b.empties().count_ones();
        let secs = (25 * e).max(1);
        z.cpc.poke_word(t, secs as u16);
        let h = Instant::now();
        let a = z.ai(b, 7).unwrap();
        let host = h.elapsed().as_secs_f64();
        let depth = z.cpc.peek(d);
        let h2 = Instant::now();
        let ok = match Stage::from_ai_depth(depth) {
            Some(st) => { let r = search_stage(b, st, &w); r.best_move.unwrap_or(0xFF) == a.mv && r.score == a.score }
            None => true,
        };
        eprintln!("{o}: e={e} t={secs} depth={depth:#x} cpc={:.1}s host={host:.2}s ref={:.2}s ok={ok}", a.us as f64/1e6, h2.elapsed().as_secs_f64());
    }
}
