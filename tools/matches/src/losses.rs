//! Where an engine lost its games: for each game of match reports (`match --json`) that the
//! engine lost, the exact final disc difference (the WOF rule of docs/ai.md 1, for that
//! engine, both sides playing perfectly from there) at chosen numbers of empty squares. A
//! game that was already lost at 20 empties was lost in the middle game; one won or drawn
//! there and lost at the end was thrown away late; a value at 14 empties above the final
//! result means the engine lost discs after it (for the Z80's top level, e.g. an exact search
//! that did not finish in time).
//!
//! [`short_moves`] looks closer at the end of every game (won, drawn or lost): each move the
//! engine played with at most a given number of empty squares is compared with the best
//! move there, both solved exactly, so that a developer sees how many endgame moves gave
//! discs away and how many of them changed the result.

use othello_engine::board::{wof_difference, Board, Color};
use othello_engine::game::Move;
use othello_engine::notation::parse_transcript;
use othello_engine::solve::solve;
use rayon::prelude::*;
use serde_json::Value;

use super::pool::PoolError;

/// One lost game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostGame {
    /// The report's name and the game's number in it.
    pub report: String,
    pub number: u64,
    /// The engine's colour.
    pub color: Color,
    /// The engine's final disc difference (negative).
    pub result: i32,
    /// For each number of empty squares asked for, the exact value for the engine there;
    /// `None` when the game ended before.
    pub values: Vec<(u32, Option<i32>)>,
}

/// The engine's losses in the reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Losses {
    /// The games it lost on the board, solved.
    pub games: Vec<LostGame>,
    /// The games it lost by forfeit (an illegal move, a dead engine): not solved.
    pub forfeited: usize,
}

/// How the lost games split at the first point asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LossSummary {
    /// Games the engine lost on the board (forfeits not included).
    pub lost: usize,
    /// Lost games that were already lost (exact value < 0) at the first point.
    pub lost_before: usize,
    /// Lost games that were won or drawn there.
    pub thrown_after: usize,
    /// Lost games where the last point's value is above the result: discs lost after it.
    pub worse_after_last: usize,
}

/// The lost games of `engine` (default: the first report's first engine) in `reports`
/// (name, parsed JSON of `match --json`), with their exact values at `at` empty squares
/// (each 1..=30; a solve takes about a second at 20 empties, far longer above 24).
///
/// # Errors
/// When a report is not a match report, a game's record is not the legal game its result
/// says, the engine plays in none of a report's games, or both engines are the same one.
pub fn losses(
    reports: &[(String, Value)],
    engine: Option<&str>,
    at: &[u32],
) -> Result<Losses, PoolError> {
    let mut games = Vec::new();
    let forfeited = finished_games(reports, engine, |name, g| {
        let result = g.result();
        if result >= 0 {
            return Ok(());
        }
        let (opening, moves) = g.record()?;
        let values = values_along(&format!("{opening}{moves}"), g.color, g.final_score, at)?;
        games.push(LostGame {
            report: name.to_owned(),
            number: g.number,
            color: g.color,
            result,
            values,
        });
        Ok(())
    })?;
    Ok(Losses { games, forfeited })
}

/// A game of the engine that ended on the board, as a report gives it.
struct Finished<'a> {
    /// The game's number in its report.
    number: u64,
    /// The engine's colour.
    color: Color,
    /// The final score the report gives, (black, white), each at most 64.
    final_score: (u64, u64),
    /// The game's entry in the report.
    entry: &'a Value,
}

impl Finished<'_> {
    /// The engine's final disc difference by the report's final score.
    fn result(&self) -> i32 {
        let (black, white) = self.final_score;
        (black as i32 - white as i32) * if self.color == Color::Black { 1 } else { -1 }
    }

    /// The game's transcripts: its opening and the moves played after it.
    fn record(&self) -> Result<(&str, &str), String> {
        let text = |field: &str| {
            self.entry[field]
                .as_str()
                .ok_or_else(|| format!("no \"{field}\" transcript"))
        };
        Ok((text("opening")?, text("moves")?))
    }
}

/// Calls `each` with (report name, game) for every game `engine` (default: the first
/// report's first engine) finished on the board in `reports`, in order; an error of `each`
/// is given the report's name and the game's number. Returns the number of games the
/// engine lost by forfeit; aborted games are skipped.
///
/// # Errors
/// When a report is not a match report, a game has no result, the engine plays in none of a
/// report's games, both engines are the same one, or `each` fails.
fn finished_games<'a>(
    reports: &'a [(String, Value)],
    engine: Option<&str>,
    mut each: impl FnMut(&'a str, Finished<'a>) -> Result<(), String>,
) -> Result<usize, PoolError> {
    let mut forfeited = 0;
    let first_engine = reports
        .first()
        .and_then(|(_, r)| r["engines"][0]["spec"].as_str());
    // A first report without engines is refused in the loop before `me` is used.
    let me = engine.or(first_engine).unwrap_or_default();
    for (name, report) in reports {
        let err = |reason: String| PoolError {
            report: name.clone(),
            reason,
        };
        let spec = |i: usize| report["engines"][i]["spec"].as_str();
        let (Some(first), Some(second)) = (spec(0), spec(1)) else {
            return Err(err(
                "not a match report (no \"engines\" with two \"spec\"s)".into(),
            ));
        };
        if first == second {
            return Err(err(format!(
                "both engines are {first}: whose losses are they?"
            )));
        }
        let games = report["games"]
            .as_array()
            .ok_or_else(|| err("not a match report (no \"games\" list)".into()))?;
        let mut played = false;
        for (i, g) in games.iter().enumerate() {
            let number = g["number"]
                .as_u64()
                .ok_or_else(|| err(format!("game entry {i} has no \"number\"")))?;
            let gerr = |reason: String| err(format!("game {number}: {reason}"));
            let color = if g["black"].as_str() == Some(me) {
                Color::Black
            } else if g["white"].as_str() == Some(me) {
                Color::White
            } else {
                continue;
            };
            played = true;
            if !g["aborted"].is_null() {
                continue;
            }
            if let Some(loser) = g["forfeit"]["loser"].as_str() {
                forfeited += usize::from(loser == color.to_string());
                continue;
            }
            let disc = |c: &str| {
                g["final_score"][c]
                    .as_u64()
                    .filter(|&n| n <= 64)
                    .ok_or_else(|| gerr("no \"final_score\", \"forfeit\" or \"aborted\"".into()))
            };
            let final_score = (disc("black")?, disc("white")?);
            let game = Finished {
                number,
                color,
                final_score,
                entry: g,
            };
            each(name, game).map_err(gerr)?;
        }
        if !played {
            return Err(err(format!("{me} plays in none of its games")));
        }
    }
    Ok(forfeited)
}

/// Replays `record` (a transcript from the start) and checks that it ends in the finished
/// game `final_score` (black, white) says: each position of the game in order, with the move
/// played from it (`None` for the final position).
fn replay(record: &str, final_score: (u64, u64)) -> Result<Vec<(Board, Option<Move>)>, String> {
    let game = parse_transcript(record).map_err(|e| e.to_string())?;
    let Some(end) = game.final_score() else {
        return Err("its moves stop before the end of the game".into());
    };
    if (u64::from(end.black), u64::from(end.white)) != final_score {
        return Err(format!(
            "its moves end {}-{}, its final_score says {}-{}",
            end.black, end.white, final_score.0, final_score.1
        ));
    }
    let mut board = Board::start();
    let mut positions = Vec::with_capacity(game.len() + 1);
    for mv in game.moves() {
        positions.push((board, Some(mv)));
        match mv {
            Move::Play(sq) => {
                board.play(sq).ok_or("an illegal move on the replay")?;
            }
            Move::Pass => board.pass(),
        }
    }
    positions.push((board, None));
    Ok(positions)
}

/// Replays `record` (see [`replay`]) and solves its positions with `at` empty squares, for
/// `color`.
fn values_along(
    record: &str,
    color: Color,
    final_score: (u64, u64),
    at: &[u32],
) -> Result<Vec<(u32, Option<i32>)>, String> {
    let positions = replay(record, final_score)?;
    let mut values: Vec<(u32, Option<i32>)> = at.iter().map(|&e| (e, None)).collect();
    for (board, _) in &positions {
        let empties = board.empties().count_ones();
        for (e, v) in &mut values {
            if *e == empties && v.is_none() {
                *v = Some(exact_for(board, color));
            }
        }
    }
    Ok(values)
}

/// The exact WOF disc difference of `board` for `color`.
fn exact_for(board: &Board, color: Color) -> i32 {
    let value = if board.is_game_over() {
        let (p, o) = board.player_opponent();
        wof_difference(p, o)
    } else {
        solve(board).score
    };
    if board.to_move == color {
        value
    } else {
        -value
    }
}

/// The split of `games` at the first and the last point of `at`.
#[must_use]
pub fn summary(games: &[LostGame]) -> LossSummary {
    let mut s = LossSummary {
        lost: games.len(),
        ..LossSummary::default()
    };
    for g in games {
        match g.values.first().and_then(|&(_, v)| v) {
            Some(v) if v < 0 => s.lost_before += 1,
            Some(_) => s.thrown_after += 1,
            None => {}
        }
        if let Some(&(_, Some(v))) = g.values.last() {
            if v > g.result {
                s.worse_after_last += 1;
            }
        }
    }
    s
}

/// A move of the engine whose exact value is below the best one of its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortMove {
    /// Empty squares before the move.
    pub empties: u32,
    /// The square played (0 = a1, 63 = h8).
    pub square: u8,
    /// The exact value of the position for the engine (its best move's).
    pub best: i32,
    /// The exact value of the move played, for the engine (below `best`).
    pub played: i32,
    /// What the Z80 program's answer was, when the report has it (`match --json` keeps
    /// each answer of the Z80 program; other engines have none).
    pub answer: Option<AnswerRecord>,
}

/// One answer of the Z80 program as a report keeps it (`cpc.<colour>.answers`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerRecord {
    /// The stage it came from: `d6`, `wld d6`, `exact`, `stopped`, ...
    pub stage: String,
    /// `ai_time`: the seconds the side had left when asked (0: no limit).
    pub given_s: u64,
    /// CPC µs the answer took.
    pub us: u64,
}

/// The Z80 program's answers in a game's report entry for `color`, by the empty squares of
/// the position asked about (one answer per number of empties: each move fills a square).
/// A report without answers (written before they were kept) has none.
///
/// # Errors
/// When `answers` is there but not a list, or an answer lacks a field, naming it.
pub(crate) fn answers_by_empties(
    entry: &Value,
    color: Color,
) -> Result<Vec<(u64, AnswerRecord)>, String> {
    let path = format!("cpc.{color}.answers");
    let answers = &entry["cpc"][color.to_string()]["answers"];
    if answers.is_null() {
        return Ok(Vec::new());
    }
    let answers = answers
        .as_array()
        .ok_or_else(|| format!("{path} is not a list"))?;
    answers
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let missing = |field: &str| format!("{path}[{i}] has no {field:?}");
            let number = |field: &str| a[field].as_u64().ok_or_else(|| missing(field));
            Ok((
                number("empties")?,
                AnswerRecord {
                    stage: a["stage"]
                        .as_str()
                        .ok_or_else(|| missing("stage"))?
                        .to_owned(),
                    given_s: number("given_s")?,
                    us: number("us")?,
                },
            ))
        })
        .collect()
}

impl ShortMove {
    /// True when the move changed the result: a win turned into a draw or a loss, or a draw
    /// into a loss.
    #[must_use]
    pub fn changes_result(&self) -> bool {
        self.played.signum() < self.best.signum()
    }
}

/// A game with at least one [`ShortMove`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortGame {
    /// The report's name and the game's number in it.
    pub report: String,
    pub number: u64,
    /// The engine's colour.
    pub color: Color,
    /// The engine's final disc difference.
    pub result: i32,
    /// Its moves that fell short, in the order played.
    pub moves: Vec<ShortMove>,
}

/// The engine's moves at one number of empty squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EmptiesTally {
    /// Empty squares before the move.
    pub empties: u32,
    /// Moves the engine played there.
    pub played: usize,
    /// Those whose value is below the best.
    pub short: usize,
    /// Those that changed the result ([`ShortMove::changes_result`]).
    pub result: usize,
}

/// The engine's endgame moves in the reports, each compared with the best.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShortMoves {
    /// The games it finished on the board (won, drawn or lost).
    pub games: usize,
    /// Those with at least one move that fell short, in the reports' order.
    pub short_games: Vec<ShortGame>,
    /// One tally per number of empty squares, from the most (the limit) down to 1.
    pub by_empties: Vec<EmptiesTally>,
}

impl ShortMoves {
    /// The totals over all numbers of empty squares (`empties` is 0).
    #[must_use]
    pub fn total(&self) -> EmptiesTally {
        self.by_empties
            .iter()
            .fold(EmptiesTally::default(), |t, e| EmptiesTally {
                empties: 0,
                played: t.played + e.played,
                short: t.short + e.short,
                result: t.result + e.result,
            })
    }
}

/// Every move `engine` (default: the first report's first engine) played in `reports`
/// (name, parsed JSON of `match --json`) with at most `max_empties` empty squares (1..=30),
/// in all its games that ended on the board (won, drawn or lost; not the aborted or
/// forfeited ones, nor the moves of a game's set opening), compared with the best move
/// there: the position before the move and the one after it are solved exactly. A solve
/// takes a fraction of a second at 16 empties, far longer above 24; the games are solved on
/// all cores.
///
/// # Errors
/// As [`losses`]: when a report is not a match report, a game's record is not the legal
/// game its result says, the engine plays in none of a report's games, or both engines are
/// the same one; and when a game's answers (`cpc.<colour>.answers`) are not a list of
/// entries with `empties`, `stage`, `given_s` and `us`.
pub fn short_moves(
    reports: &[(String, Value)],
    engine: Option<&str>,
    max_empties: u32,
) -> Result<ShortMoves, PoolError> {
    // Checked first, in order, so that the first bad game is the one reported.
    let mut games = Vec::new();
    finished_games(reports, engine, |name, g| {
        let (opening, moves) = g.record()?;
        let positions = replay(&format!("{opening}{moves}"), g.final_score)?;
        // The opening's moves (a forced pass after it included) were set, not chosen.
        let set = parse_transcript(opening).map_err(|e| e.to_string())?.len();
        let answers = answers_by_empties(g.entry, g.color)?;
        games.push((name, g.number, g.color, g.result(), positions, set, answers));
        Ok(())
    })?;
    let solved: Vec<(Vec<u32>, ShortGame)> = games
        .par_iter()
        .map(|(name, number, color, result, positions, set, answers)| {
            let mut played = Vec::new();
            let mut moves = Vec::new();
            for (board, mv) in &positions[*set..] {
                let empties = board.empties().count_ones();
                let Some(Move::Play(sq)) = *mv else { continue };
                if board.to_move != *color || empties > max_empties {
                    continue;
                }
                played.push(empties);
                let best = exact_for(board, *color);
                let value = value_of_move(board, sq);
                if value < best {
                    let answer = answers
                        .iter()
                        .find(|(e, _)| *e == u64::from(empties))
                        .map(|(_, a)| a.clone());
                    moves.push(ShortMove {
                        empties,
                        square: sq,
                        best,
                        played: value,
                        answer,
                    });
                }
            }
            let game = ShortGame {
                report: (*name).to_owned(),
                number: *number,
                color: *color,
                result: *result,
                moves,
            };
            (played, game)
        })
        .collect();
    let mut out = ShortMoves {
        games: games.len(),
        short_games: Vec::new(),
        by_empties: (1..=max_empties)
            .rev()
            .map(|empties| EmptiesTally {
                empties,
                ..EmptiesTally::default()
            })
            .collect(),
    };
    for (played, game) in solved {
        // Each `e` is within 1..=max_empties: the list runs down from max_empties.
        let at = |e: u32| (max_empties - e) as usize;
        for e in played {
            out.by_empties[at(e)].played += 1;
        }
        for m in &game.moves {
            let t = &mut out.by_empties[at(m.empties)];
            t.short += 1;
            t.result += usize::from(m.changes_result());
        }
        if !game.moves.is_empty() {
            out.short_games.push(game);
        }
    }
    Ok(out)
}

/// The exact value of playing `sq` (legal) on `board`, for the side to move there: the
/// position after it solved from the opponent's side and negated, or from the mover's side
/// when the opponent must pass, or the final disc difference when the game is over.
fn value_of_move(board: &Board, sq: u8) -> i32 {
    let mover = board.to_move;
    let mut after = *board;
    after.play(sq);
    if !after.is_game_over() && after.must_pass() {
        after.pass();
    }
    exact_for(&after, mover)
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_engine::board::squares;
    use othello_engine::notation::square_name;
    use serde_json::json;

    /// A game of seeded random moves down to `perfect_from` empties, then both sides play
    /// the exact solver's move: its transcript and final board.
    fn game(seed: u64, perfect_from: u32) -> (String, Board) {
        let mut rng = seed;
        let mut b = Board::start();
        let mut record = String::new();
        while !b.is_game_over() {
            if b.must_pass() {
                b.pass();
                continue;
            }
            let sq = if b.empties().count_ones() > perfect_from {
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let moves: Vec<u8> = squares(b.legal_moves()).collect();
                moves[(rng >> 33) as usize % moves.len()]
            } else {
                solve(&b).best_move.expect("a move")
            };
            record.push_str(&square_name(sq));
            b.play(sq);
        }
        (record, b)
    }

    /// A report of one game between engines "a" (black) and "b" (white), `rated` first.
    fn report(rated: &str, record: &str, black: u32, white: u32) -> Value {
        let other = if rated == "a" { "b" } else { "a" };
        json!({
            "engines": [{ "spec": rated }, { "spec": other }],
            "games": [{ "number": 1, "black": "a", "white": "b", "opening": "",
                        "moves": record, "final_score": { "black": black, "white": white } }]
        })
    }

    #[test]
    fn perfect_play_from_a_point_keeps_its_value_to_the_end() {
        let mut colors = Vec::new();
        for seed in 1..60 {
            let (record, end) = game(seed, 10);
            let score = end.final_score();
            let (black, white) = (u32::from(score.black), u32::from(score.white));
            if black == white || colors.contains(&(black < white)) {
                continue;
            }
            // The loser is rated: from 10 empties on, both sides played perfectly, so the
            // value there is the result; at 16 the value is whatever the random moves left.
            let loser = if black < white { "a" } else { "b" };
            let r = report(loser, &record, black, white);
            let lost = losses(&[("r.json".into(), r)], None, &[16, 10]).unwrap();
            assert_eq!((lost.games.len(), lost.forfeited), (1, 0));
            let g = &lost.games[0];
            assert_eq!(g.color == Color::Black, black < white);
            assert_eq!(g.result, -(black as i32 - white as i32).abs());
            assert_eq!(g.values[1], (10, Some(g.result)), "seed {seed}");
            let at16 = g.values[0].1.expect("the game reaches 16 empties");
            let s = summary(&lost.games);
            assert_eq!((s.lost, s.worse_after_last), (1, 0));
            assert_eq!(s.lost_before + s.thrown_after, 1);
            assert_eq!(s.thrown_after, usize::from(at16 >= 0));
            // The won game is not a loss of the winner.
            let winner = if loser == "a" { "b" } else { "a" };
            let r = report(winner, &record, black, white);
            assert!(losses(&[("r.json".into(), r)], None, &[16])
                .unwrap()
                .games
                .is_empty());
            colors.push(black < white);
            if colors.len() == 2 {
                return;
            }
        }
        panic!("no lost game of each colour");
    }

    #[test]
    fn a_record_that_stops_before_the_end_is_refused() {
        let r = report("b", "f5f6e6f4", 64, 0);
        let e = losses(&[("r.json".into(), r)], None, &[20]).unwrap_err();
        assert!(
            e.reason.contains("game 1: its moves stop before the end"),
            "{e}"
        );
    }

    #[test]
    fn bad_records_and_reports_are_refused_by_name() {
        let bad = |r: Value| losses(&[("r.json".into(), r)], None, &[20]).unwrap_err();
        let e = bad(report("a", "f5a1", 10, 54));
        assert_eq!(e.report, "r.json");
        assert!(
            e.reason.contains("game 1") && e.reason.contains("a1"),
            "{e}"
        );
        let (record, end) = game(5, 10);
        let score = end.final_score();
        let (black, white) = (u32::from(score.black), u32::from(score.white));
        // Black ("a") lost by more than the record says.
        let e = bad(report(
            "a",
            &record,
            black.min(white) - 1,
            black.max(white) + 1,
        ));
        assert!(e.reason.contains("final_score says"), "{e}");
        let mut r = report("a", &record, black, white);
        r["engines"][1]["spec"] = json!("a");
        assert!(bad(r).reason.contains("both engines are a"));
        let e = losses(
            &[("o.json".into(), report("c", &record, black, white))],
            None,
            &[20],
        )
        .unwrap_err();
        assert!(e.reason.contains("c plays in none of its games"), "{e}");
        let mut r = report("a", &record, black, white);
        r["games"][0]["final_score"] = Value::Null;
        assert!(bad(r).reason.contains("no \"final_score\""));
    }

    #[test]
    fn forfeits_are_counted_not_solved() {
        let mut r = report("a", "f5", 0, 0);
        r["games"][0]["final_score"] = Value::Null;
        r["games"][0]["forfeit"] = json!({ "loser": "black", "reason": "an illegal move" });
        let lost = losses(&[("r.json".into(), r)], None, &[20]).unwrap();
        assert_eq!((lost.games.len(), lost.forfeited), (0, 1));
    }

    /// A game of seeded random moves down to `at` empties, where the side to move then
    /// plays a move that changes the result (found with the solver), then both sides play
    /// the solver's moves: its transcript, final board, the colour that gave the result
    /// away, the move (with its values), and that colour's moves from `at` empties on.
    /// `None` when the seed's position at `at` empties has no such move.
    fn thrown_game(seed: u64, at: u32) -> Option<(String, Board, Color, ShortMove, usize)> {
        let mut rng = seed;
        let mut b = Board::start();
        let mut record = String::new();
        while b.empties().count_ones() > at {
            if b.is_game_over() {
                return None;
            }
            if b.must_pass() {
                b.pass();
                continue;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let moves: Vec<u8> = squares(b.legal_moves()).collect();
            let sq = moves[(rng >> 33) as usize % moves.len()];
            record.push_str(&square_name(sq));
            b.play(sq);
        }
        if b.must_pass() {
            return None;
        }
        let thrower = b.to_move;
        let best = solve(&b).score;
        // The solver passes and counts a finished game itself.
        let value = |sq: u8| {
            let mut after = b;
            after.play(sq);
            -solve(&after).score
        };
        let thrown = squares(b.legal_moves())
            .map(|sq| (sq, value(sq)))
            .find(|&(_, v)| v.signum() < best.signum())?;
        let short = ShortMove {
            empties: at,
            square: thrown.0,
            best,
            played: thrown.1,
            answer: None,
        };
        let mut played = 1;
        record.push_str(&square_name(thrown.0));
        b.play(thrown.0);
        while !b.is_game_over() {
            if b.must_pass() {
                b.pass();
                continue;
            }
            played += usize::from(b.to_move == thrower);
            let sq = solve(&b).best_move.expect("a move");
            record.push_str(&square_name(sq));
            b.play(sq);
        }
        Some((record, b, thrower, short, played))
    }

    #[test]
    fn a_move_that_gives_the_result_away_is_found_with_its_values() {
        let (record, end, thrower, short, played) = (1..100)
            .find_map(|seed| thrown_game(seed, 10))
            .expect("a seed with a move that changes the result at 10 empties");
        assert!(short.changes_result() && short.played < short.best);
        let score = end.final_score();
        let (black, white) = (u32::from(score.black), u32::from(score.white));
        let rated = if thrower == Color::Black { "a" } else { "b" };
        let mut r = report(rated, &record, black, white);
        // The Z80 program's answers (`match --json`): the one at 10 empties is attached.
        r["games"][0]["cpc"][thrower.to_string()] = json!({ "answers": [
            { "empties": 12, "given_s": 20, "us": 8_000_000, "stage": "d8" },
            { "empties": 10, "given_s": 12, "us": 9_500_000, "stage": "wld d6" },
        ]});
        // The same game again, aborted, and a forfeit: neither is looked at.
        let mut aborted = r["games"][0].clone();
        aborted["number"] = json!(2);
        aborted["aborted"] = json!("stopped");
        let mut forfeit = r["games"][0].clone();
        forfeit["number"] = json!(3);
        forfeit["final_score"] = Value::Null;
        forfeit["forfeit"] = json!({ "loser": "white", "reason": "an illegal move" });
        r["games"]
            .as_array_mut()
            .unwrap()
            .extend([aborted, forfeit]);
        let reports = [("r.json".to_owned(), r)];

        let found = short_moves(&reports, None, 10).unwrap();
        assert_eq!(found.games, 1);
        assert_eq!(found.by_empties.len(), 10);
        let result = (black as i32 - white as i32) * if rated == "a" { 1 } else { -1 };
        // Both sides played perfectly after the move: its value is the result.
        assert_eq!(short.played, result);
        assert_eq!(
            found.short_games,
            [ShortGame {
                report: "r.json".into(),
                number: 1,
                color: thrower,
                result,
                moves: vec![ShortMove {
                    answer: Some(AnswerRecord {
                        stage: "wld d6".into(),
                        given_s: 12,
                        us: 9_500_000,
                    }),
                    ..short.clone()
                }],
            }]
        );
        assert_eq!(
            found.by_empties[0],
            EmptiesTally {
                empties: 10,
                played: 1,
                short: 1,
                result: 1
            }
        );
        let total = found.total();
        assert_eq!((total.played, total.short, total.result), (played, 1, 1));

        // Below the move's empties, all moves were the best.
        let after = short_moves(&reports, None, 9).unwrap();
        assert!(after.short_games.is_empty());
        assert_eq!(after.total().played, played - 1);
        // The other engine's moves are its own.
        let other = if rated == "a" { "b" } else { "a" };
        let theirs = short_moves(&reports, Some(other), 9).unwrap();
        assert!(theirs.short_games.is_empty());

        // A move of the set opening is not the engine's: 50 moves to 10 empties, then it.
        let mut r = reports[0].1.clone();
        let (opening, moves) = record.split_at(2 * 51);
        r["games"][0]["opening"] = json!(opening);
        r["games"][0]["moves"] = json!(moves);
        let set = short_moves(&[("r.json".to_owned(), r)], None, 10).unwrap();
        assert!(set.short_games.is_empty());
        assert_eq!(set.total().played, played - 1);
    }

    #[test]
    fn short_moves_refuse_bad_records_like_losses() {
        let e = short_moves(
            &[("r.json".into(), report("b", "f5f6e6f4", 64, 0))],
            None,
            8,
        )
        .unwrap_err();
        assert_eq!(e.report, "r.json");
        assert!(
            e.reason.contains("game 1: its moves stop before the end"),
            "{e}"
        );
    }

    #[test]
    fn short_moves_refuse_malformed_answers_by_name() {
        let (record, end) = game(7, 10);
        let score = end.final_score();
        let mut r = report("a", &record, u32::from(score.black), u32::from(score.white));
        let answer = json!({"empties": 12, "given_s": 300, "us": 1_000_000, "stage": "d8"});
        r["games"][0]["cpc"]["black"]["answers"] = json!([answer.clone()]);
        let ok = short_moves(&[("r.json".into(), r.clone())], None, 10);
        assert!(ok.is_ok(), "{:?}", ok.err());
        for (field, why) in [
            ("stage", "cpc.black.answers[1] has no \"stage\""),
            ("us", "cpc.black.answers[1] has no \"us\""),
        ] {
            let mut bad = answer.clone();
            bad.as_object_mut().unwrap().remove(field);
            let mut r = r.clone();
            r["games"][0]["cpc"]["black"]["answers"] = json!([answer.clone(), bad]);
            let e = short_moves(&[("r.json".into(), r)], None, 10).unwrap_err();
            assert_eq!(e.report, "r.json");
            assert!(e.reason.contains(&format!("game 1: {why}")), "{e}");
        }
        r["games"][0]["cpc"]["black"]["answers"] = json!({"empties": 12});
        let e = short_moves(&[("r.json".into(), r)], None, 10).unwrap_err();
        assert!(
            e.reason.contains("game 1: cpc.black.answers is not a list"),
            "{e}"
        );
    }
}
