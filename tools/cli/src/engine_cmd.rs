//! `cpc-othello engine ...`: the reference engine from the command line.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::{Args, Subcommand, ValueEnum};
use othello_engine::ai::best_move;
use othello_engine::gtp;
use othello_engine::notation::{parse_board, square_name};
use othello_engine::perft::{perft, Convention};
use othello_engine::record::GameRecord;
use othello_engine::search::{level_stage, Stage};
use othello_engine::solve::ffo::{bench_ffo, load_ffo_dir, DEFAULT_FFO_DIR};
use othello_engine::solve::{solve, DEFAULT_TABLE_BITS};
use othello_engine::terminal;
use othello_engine::weights::Weights;
use othello_engine::{Board, Color};
use serde_json::json;

/// Engine subcommands.
#[derive(Subcommand)]
pub enum EngineCmd {
    /// Counts move sequences from the start position (move-generator check).
    Perft {
        /// Depth in plies (a pass is one ply).
        depth: u32,
        /// `a`: Bik/OEIS, a game over before the depth is one leaf (default); `b`: Edax, not counted.
        #[arg(long, default_value = "a")]
        convention: Convention,
    },
    /// The AI's move for a position at a level.
    Best {
        #[command(flatten)]
        position: PositionArgs,
        /// AI level: 1 Nixon easy, 2 Nixon hard, 3 and up alpha-beta (see docs/ai.md).
        #[arg(long, default_value_t = 2)]
        level: u8,
        /// Instead of the level's answer: one stage of it (docs/ai.md 4.4), the depth-limited
        /// search of this depth (1..12), as the Z80 program reports it in `ai_depth` when a
        /// time limit stopped it early; selective when `--level` is (docs/ai.md 4.5). No
        /// opening book.
        #[arg(long, conflicts_with_all = ["exact", "wld"], value_parser = clap::value_parser!(u8).range(1..=12))]
        depth: Option<u8>,
        /// Instead of the level's answer: the win/loss/draw check after the depth-limited
        /// search of this depth (docs/ai.md 4.6), as the Z80 program reports it in
        /// `ai_depth` (&E0 + this depth); selective when `--level` is.
        #[arg(long, conflicts_with = "exact", value_parser = clap::value_parser!(u8).range(1..=12))]
        wld: Option<u8>,
        /// Instead of the level: the exact endgame stage (docs/ai.md 4.4), whatever the
        /// number of empty squares.
        #[arg(long, conflicts_with = "level")]
        exact: bool,
        #[command(flatten)]
        weights: WeightsArg,
        /// Print one JSON object: move, score, pv, nodes.
        #[arg(long)]
        json: bool,
    },
    /// Prints every position of a game record (`run --transcript`, F11 in the emulator's
    /// window): the start, then each ply (passes included) with the board after it, and the
    /// result, checked against the moves.
    Replay {
        /// The game record.
        file: PathBuf,
    },
    /// Exact final disc difference (WOF rule) for the side to move, and a best move.
    Solve {
        #[command(flatten)]
        position: PositionArgs,
        /// Print one JSON object: move, score, pv, nodes.
        #[arg(long)]
        json: bool,
    },
    /// A game in the terminal against the engine (moves as `f5`, plus `undo`, `hint`, `quit`).
    Play {
        /// AI level of the engine.
        #[arg(long, default_value_t = 2)]
        level: u8,
        /// Your colour (black moves first).
        #[arg(long, value_enum, default_value_t = Side::Black)]
        color: Side,
        #[command(flatten)]
        weights: WeightsArg,
    },
    /// Speaks GTP on standard input/output (as Edax and GRhino do).
    Gtp {
        /// AI level of the engine.
        #[arg(long, default_value_t = 3)]
        level: u8,
        #[command(flatten)]
        weights: WeightsArg,
    },
    /// The opening book (docs/ai.md): whether cpc/book.txt applies to the weights; with
    /// --generate, computes it again from them (deep searches: minutes, on all cores).
    Book {
        /// Compute the book from the weights file and write it.
        #[arg(long)]
        generate: bool,
        #[command(flatten)]
        weights: WeightsArg,
        /// The book file to write [default: this workspace's cpc/book.txt].
        #[arg(short, long, value_name = "FILE", requires = "generate")]
        output: Option<PathBuf>,
    },
    /// Solves FFO/fforum positions from tools/engine/data/ffo and prints time and nodes per second.
    BenchFfo {
        /// First position number.
        #[arg(long, default_value_t = 20)]
        from: u32,
        /// Last position number.
        #[arg(long, default_value_t = 39)]
        to: u32,
        /// Folder with the ffo-*.txt files [default: tools/engine/data/ffo in this workspace].
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

/// A position given on the command line: a board string and the side to move, or a ply of
/// a game record.
#[derive(Args)]
pub struct PositionArgs {
    /// 64 characters from a1 to h8: `X` black, `O` white, `-` empty.
    #[arg(
        long,
        allow_hyphen_values = true,
        required_unless_present = "transcript",
        requires = "to_move"
    )]
    board: Option<String>,
    /// Side to move: `X` (black) or `O` (white).
    #[arg(long = "to-move", requires = "board")]
    to_move: Option<String>,
    /// Instead of --board: the position of a game record (`run --transcript`, F11 in the
    /// emulator's window) after --ply plies.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["board", "to_move"])]
    transcript: Option<PathBuf>,
    /// With --transcript: plies from its start (passes count; 0 = the start) [default: all,
    /// the position the record ends in].
    #[arg(long, requires = "transcript")]
    ply: Option<usize>,
}

/// The weights file option.
#[derive(Args)]
pub struct WeightsArg {
    /// Weights and AI parameters (default: the built-in copy of cpc/weights.toml).
    #[arg(long)]
    weights: Option<PathBuf>,
}

impl WeightsArg {
    fn load(&self) -> anyhow::Result<Weights> {
        match &self.weights {
            Some(path) => Ok(Weights::load(path)?),
            None => Ok(Weights::default()),
        }
    }
}

/// A colour on the command line.
#[derive(Clone, Copy, ValueEnum)]
pub enum Side {
    /// Black, moves first.
    Black,
    /// White.
    White,
}

/// Runs one engine subcommand.
pub fn run(cmd: EngineCmd) -> anyhow::Result<ExitCode> {
    match cmd {
        EngineCmd::Perft { depth, convention } => run_perft(depth, convention)?,
        EngineCmd::Best {
            position,
            level,
            depth,
            wld,
            exact,
            weights,
            json,
        } => {
            let board = position.parse()?;
            let weights = weights.load()?;
            let start = Instant::now();
            let stage = match (depth, wld, exact) {
                (Some(d), _, _) => Some(Stage::Depth(d)),
                (None, Some(d), _) => Some(Stage::Wld(d)),
                (None, None, true) => Some(Stage::Exact),
                (None, None, false) => None,
            };
            let result = match stage {
                Some(stage) => {
                    check_level(&weights, level)?;
                    level_stage(&board, level, stage, &weights)
                }
                None => {
                    check_level(&weights, level)?;
                    best_move(&board, level, &weights)
                }
            };
            report(
                result.best_move,
                i32::from(result.score),
                &result.pv,
                result.nodes,
                start,
                json,
            );
        }
        // Written with `?`, so that a closed pipe (`| head`) ends the command, not a panic.
        EngineCmd::Replay { file } => terminal::replay(&load_record(&file)?, io::stdout().lock())?,
        EngineCmd::Solve { position, json } => {
            let board = position.parse()?;
            let start = Instant::now();
            let s = solve(&board);
            report(s.best_move, s.score, &s.pv, s.nodes, start, json);
        }
        EngineCmd::Play {
            level,
            color,
            weights,
        } => {
            let weights = weights.load()?;
            check_level(&weights, level)?;
            let human = match color {
                Side::Black => Color::Black,
                Side::White => Color::White,
            };
            terminal::play(
                level,
                human,
                &weights,
                io::stdin().lock(),
                io::stdout().lock(),
            )?;
        }
        EngineCmd::Gtp { level, weights } => {
            let weights = weights.load()?;
            check_level(&weights, level)?;
            let mut source = gtp::Reference { level, weights };
            let mut session = gtp::Session::new(&mut source);
            session.serve(io::stdin().lock(), io::stdout().lock())?;
        }
        EngineCmd::BenchFfo { from, to, dir } => {
            let dir = dir.unwrap_or_else(|| PathBuf::from(DEFAULT_FFO_DIR));
            return run_bench_ffo(&dir, from, to);
        }
        EngineCmd::Book {
            generate,
            weights: file,
            output,
        } => {
            use cpc_game::program::book_inc::{describe_book, regenerate_book};
            let weights = file.load()?;
            if generate {
                // One line redrawn on a terminal; nothing in a log, where `\r` would pile up.
                let terminal = io::stderr().is_terminal();
                let progress = |ply: u8, n: usize| {
                    if terminal {
                        eprint!("\rply {ply}: {n} positions searched");
                    }
                };
                let summary = regenerate_book(
                    &weights,
                    file.weights.as_deref(),
                    output.as_deref(),
                    &progress,
                )?;
                if terminal {
                    eprintln!();
                }
                println!("{summary}");
            } else {
                println!("{}", describe_book(&weights));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

impl PositionArgs {
    fn parse(&self) -> anyhow::Result<Board> {
        if let Some(path) = &self.transcript {
            let record = load_record(path)?;
            let ply = self.ply.unwrap_or(record.plies());
            return record
                .position(ply)
                .with_context(|| format!("--ply in {}", path.display()));
        }
        let (Some(board), Some(to_move)) = (&self.board, &self.to_move) else {
            bail!("give --board and --to-move, or --transcript");
        };
        let mut chars = to_move.chars();
        let (Some(side), None) = (chars.next(), chars.next()) else {
            bail!("--to-move: expected `X` or `O`, found `{to_move}`");
        };
        parse_board(board, side).context("--board")
    }
}

/// A game record from a file; its errors as FILE:LINE:COLUMN.
fn load_record(path: &Path) -> anyhow::Result<GameRecord> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    GameRecord::parse(&text).map_err(|e| anyhow::anyhow!("{}:{e}", path.display()))
}

fn check_level(weights: &Weights, level: u8) -> anyhow::Result<()> {
    match weights.require_level(level) {
        Ok(_) => Ok(()),
        Err(e) => bail!("--level {level}: {e}"),
    }
}

fn run_perft(depth: u32, convention: Convention) -> anyhow::Result<()> {
    if depth > 20 {
        bail!("perft depth {depth}: at most 20 (depth 14 already takes hours)");
    }
    let start = Instant::now();
    let count = perft(&Board::start(), depth, convention);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft {depth} (convention {convention}): {count} leaves in {secs:.3} s, {:.0} leaves/s",
        count as f64 / secs.max(1e-9)
    );
    Ok(())
}

fn report(mv: Option<u8>, score: i32, pv: &[u8], nodes: u64, start: Instant, json: bool) {
    let mv_name = mv.map_or_else(|| "pass".to_string(), square_name);
    let pv: Vec<String> = pv.iter().map(|&s| square_name(s)).collect();
    if json {
        println!(
            "{}",
            json!({ "move": mv_name, "score": score, "pv": pv, "nodes": nodes })
        );
    } else {
        let secs = start.elapsed().as_secs_f64();
        println!(
            "move {mv_name}  score {score:+}  pv {}  nodes {nodes}  ({secs:.3} s)",
            pv.join(" ")
        );
    }
}

/// Solves the FFO positions #`from`..=#`to` of `dir` (the engine's own FFO reader and
/// benchmark, so the numbers are those of docs/benchmarks.md); fails if any score or move
/// differs from the published solution.
fn run_bench_ffo(dir: &Path, from: u32, to: u32) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    // The message already ends with the I/O cause: `{:#}` in main must not repeat it.
    let positions: Vec<_> = load_ffo_dir(dir)
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .into_iter()
        .filter(|p| (from..=to).contains(&p.number))
        .collect();
    if positions.is_empty() {
        bail!("no positions #{from}..#{to} in {}", dir.display());
    }
    let records = bench_ffo(&positions, DEFAULT_TABLE_BITS, |r| {
        println!(
            "#{:<3} score {:+3} (expected {:+3}) move {}  {:8.2} s  {:>14} nodes  {:>6.1} Mn/s{}",
            r.number,
            r.score,
            r.expected,
            r.best_move.map_or_else(|| "pass".to_string(), square_name),
            r.seconds,
            r.nodes,
            r.nodes_per_second() / 1e6,
            if r.is_correct() { "" } else { "  MISMATCH" }
        );
    });
    let total_nodes: u64 = records.iter().map(|r| r.nodes).sum();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} positions in {secs:.1} s, {total_nodes} nodes, {:.1} Mnodes/s",
        records.len(),
        total_nodes as f64 / secs.max(1e-9) / 1e6
    );
    let wrong = records.iter().filter(|r| !r.is_correct()).count();
    if wrong > 0 {
        eprintln!(
            "bench-ffo: {wrong} of {} positions differ from the published solution",
            records.len()
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
