//! Issue 53's trials: the edge table and the 3x3 corner-region table, fitted on the host.
//!
//! `cargo run --release -p cpc-matches --example pattern_fit -- GAMES DEPTH SEED OUT_DIR`
//!
//! Plays GAMES self-play games of the reference (the weights of `BASE_WEIGHTS`, default
//! cpc/weights.toml) from openings of 8 random plies: depth-DEPTH alpha-beta, exact from 12
//! empty squares. Every position with 14 to 50 empty squares is a sample: its evaluation by
//! the file's leaf evaluation and the game's final disc difference, both for the side to
//! move. Then it fits three models with `cpc_matches::tune::pattern_fit` (the edge table
//! alone, the corner regions alone, both together) and writes each table as the TOML array
//! `[edge] values` or `[corner_region] values` to OUT_DIR/edge-MODEL.toml, corner-MODEL.toml
//! (OUT_DIR is created first if missing).
//! `cpc-othello tune --params edge` fits the edge table the same way from games at a level.
use std::io::Write;
use std::path::{Path, PathBuf};

use cpc_matches::tune::pattern_fit::{fit, FitOptions, Sample};
use othello_engine::board::{squares, Board, Color};
use othello_engine::eval::evaluate;
use othello_engine::search::alphabeta::search_depth;
use othello_engine::search::exact::solve_exact;
use othello_engine::weights::Weights;

fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

fn play_game(g: u64, seed: u64, depth: u8, w: &Weights) -> Vec<Sample> {
    let mut s = seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x1234_5678;
    for _ in 0..4 {
        next(&mut s);
    }
    let mut b = Board::start();
    for _ in 0..8 {
        let moves: Vec<u8> = squares(b.legal_moves()).collect();
        if moves.is_empty() {
            break;
        }
        b.play(moves[(next(&mut s) % moves.len() as u64) as usize]);
    }
    let mut positions: Vec<(u64, u64, Color)> = Vec::new();
    while !b.is_game_over() {
        if b.must_pass() {
            b.pass();
            continue;
        }
        let e = b.empties().count_ones();
        let (p, o) = b.player_opponent();
        if (14..=50).contains(&e) {
            positions.push((p, o, b.to_move));
        }
        let r = if e <= 12 {
            solve_exact(&b)
        } else {
            search_depth(&b, depth, w)
        };
        b.play(r.best_move.expect("a move"));
    }
    let f = b.final_score();
    let black = f64::from(f.black) - f64::from(f.white);
    positions
        .into_iter()
        .map(|(p, o, c)| {
            let y = if c == Color::Black { black } else { -black };
            Sample::new(f64::from(evaluate(w, p, o)), y, p, o)
        })
        .collect()
}

fn write_table(path: &Path, header: &str, section: &str, values: &[i8]) -> std::io::Result<()> {
    let mut f = std::fs::File::create(path)?;
    writeln!(f, "{header}")?;
    writeln!(f, "[{section}]\nvalues = [")?;
    for chunk in values.chunks(27) {
        let line: Vec<String> = chunk.iter().map(ToString::to_string).collect();
        writeln!(f, "  {},", line.join(", "))?;
    }
    writeln!(f, "]")?;
    let big = values.iter().filter(|v| v.unsigned_abs() >= 127).count();
    let max = values.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0);
    eprintln!("{}: {big} values clamped, max |v| {max}", path.display());
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() != 4 {
        return Err("usage: pattern_fit GAMES DEPTH SEED OUT_DIR".into());
    }
    let games: u64 = a[0].parse()?;
    let depth: u8 = a[1].parse()?;
    let seed: u64 = a[2].parse()?;
    let out = PathBuf::from(&a[3]);
    // Before the minutes of games, not after them: a missing directory fails at once.
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let w = match std::env::var("BASE_WEIGHTS") {
        Ok(f) => Weights::load(Path::new(&f))?,
        Err(_) => Weights::default(),
    };
    let t0 = std::time::Instant::now();
    let mut data: Vec<Sample> = Vec::new();
    for g in 0..games {
        data.extend(play_game(g, seed, depth, &w));
        if g % 1000 == 999 {
            eprintln!(
                "{} games, {} samples, {:.0} s",
                g + 1,
                data.len(),
                t0.elapsed().as_secs_f64()
            );
        }
    }
    for (name, edge, corner) in [
        ("edge", true, false),
        ("corner", false, true),
        ("both", true, true),
    ] {
        let fitted = fit(&data, FitOptions::new(edge, corner));
        for (epoch, (c, rmse)) in fitted.epochs.iter().enumerate() {
            if epoch % 5 == 0 || epoch + 1 == fitted.epochs.len() {
                eprintln!("{name} epoch {epoch}: c {c:.5} rmse {rmse:.3}");
            }
        }
        eprintln!(
            "{name}: base rmse {:.3}, c {:.5} (discs per evaluation unit)",
            fitted.base_rmse, fitted.c
        );
        let header = |section: &str| {
            format!(
                "# {section}: fitted by examples/pattern_fit.rs ({games} games, depth {depth}, seed {seed}, {} samples, model `{name}`)",
                data.len()
            )
        };
        if let Some(values) = &fitted.edge {
            let path = out.join(format!("edge-{name}.toml"));
            write_table(&path, &header("edge"), "edge", values)?;
        }
        if let Some(values) = &fitted.corner {
            let path = out.join(format!("corner-{name}.toml"));
            write_table(&path, &header("corner_region"), "corner_region", values)?;
        }
    }
    Ok(())
}
