//! Where an engine lost its games: for each game of match reports (`match --json`) that the
//! engine lost, the exact final disc difference (the WOF rule of docs/ai.md 1, for that
//! engine, both sides playing perfectly from there) at chosen numbers of empty squares. A
//! game that was already lost at 20 empties was lost in the middle game; one won or drawn
//! there and lost at the end was thrown away late; a value at 14 empties above the final
//! result means the engine lost discs after it (for the Z80's top level, e.g. an exact search
//! that did not finish in time).

use othello_engine::board::{wof_difference, Board, Color};
use othello_engine::game::Move;
use othello_engine::notation::parse_transcript;
use othello_engine::solve::solve;
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
    let mut out = Losses::default();
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
                out.forfeited += usize::from(loser == color.to_string());
                continue;
            }
            let disc = |c: &str| {
                g["final_score"][c]
                    .as_u64()
                    .filter(|&n| n <= 64)
                    .ok_or_else(|| gerr("no \"final_score\", \"forfeit\" or \"aborted\"".into()))
            };
            let (black, white) = (disc("black")?, disc("white")?);
            let result = (black as i32 - white as i32) * if color == Color::Black { 1 } else { -1 };
            if result >= 0 {
                continue;
            }
            let text = |field: &str| {
                g[field]
                    .as_str()
                    .ok_or_else(|| gerr(format!("no \"{field}\" transcript")))
            };
            let record = format!("{}{}", text("opening")?, text("moves")?);
            let values = values_along(&record, color, (black, white), at).map_err(gerr)?;
            out.games.push(LostGame {
                report: name.clone(),
                number,
                color,
                result,
                values,
            });
        }
        if !played {
            return Err(err(format!("{me} plays in none of its games")));
        }
    }
    Ok(out)
}

/// Replays `record` (a transcript from the start), checks that it ends in the finished game
/// `final_score` (black, white) says, and solves its positions with `at` empty squares, for
/// `color`.
fn values_along(
    record: &str,
    color: Color,
    final_score: (u64, u64),
    at: &[u32],
) -> Result<Vec<(u32, Option<i32>)>, String> {
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
    let mut values: Vec<(u32, Option<i32>)> = at.iter().map(|&e| (e, None)).collect();
    let mut moves = game.moves();
    loop {
        let empties = board.empties().count_ones();
        for (e, v) in &mut values {
            if *e == empties && v.is_none() {
                *v = Some(exact_for(&board, color));
            }
        }
        match moves.next() {
            Some(Move::Play(sq)) => {
                board.play(sq).ok_or("an illegal move on the replay")?;
            }
            Some(Move::Pass) => board.pass(),
            None => break,
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
}
