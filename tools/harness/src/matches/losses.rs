//! Where an engine lost its games: for each game of match reports (`match --json`) that the
//! engine lost, the exact final disc difference (docs/ai.md 3.4's WOF rule, for that engine,
//! both sides playing perfectly from there) at chosen numbers of empty squares. A game that
//! was already lost at 20 empties was lost in the middle game; one won or drawn there and lost
//! at the end was thrown away late; a value at 14 empties above the final result means the
//! engine lost discs in the exact endgame (its exact search did not finish in time).

use othello_engine::board::{Board, Color};
use othello_engine::notation::square;
use othello_engine::search::endgame::solve_exact;
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

/// How the lost games split at the first point asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LossSummary {
    /// Games the engine played to a result and lost.
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
/// (each 1..=60; the solves take seconds from 20 empties, far longer above 24).
///
/// # Errors
/// When a report is not a match report, a game's record is not a legal game, or the engine
/// plays in none of a report's games.
pub fn losses(
    reports: &[(String, Value)],
    engine: Option<&str>,
    at: &[u32],
) -> Result<Vec<LostGame>, PoolError> {
    let mut out = Vec::new();
    for (name, report) in reports {
        let err = |reason: String| PoolError {
            report: name.clone(),
            reason,
        };
        let me = match engine {
            Some(e) => e.to_string(),
            None => reports[0].1["engines"][0]["spec"]
                .as_str()
                .ok_or_else(|| err("not a match report (no engine \"spec\")".into()))?
                .to_string(),
        };
        let games = report["games"]
            .as_array()
            .ok_or_else(|| err("not a match report (no \"games\" list)".into()))?;
        let mut played = false;
        for g in games {
            let number = g["number"].as_u64().unwrap_or(0);
            let color = if g["black"].as_str() == Some(me.as_str()) {
                Color::Black
            } else if g["white"].as_str() == Some(me.as_str()) {
                Color::White
            } else {
                continue;
            };
            played = true;
            let score = &g["final_score"];
            let (Some(black), Some(white)) = (score["black"].as_i64(), score["white"].as_i64())
            else {
                continue; // aborted or forfeited: no board to look at
            };
            let result = (black - white) as i32 * if color == Color::Black { 1 } else { -1 };
            if result >= 0 {
                continue;
            }
            let record = format!(
                "{}{}",
                g["opening"].as_str().unwrap_or(""),
                g["moves"].as_str().unwrap_or("")
            );
            let values = values_along(&record, color, at)
                .map_err(|why| err(format!("game {number}: {why}")))?;
            out.push(LostGame {
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

/// Replays `record` (squares, passes left out) and solves the positions with `at` empty
/// squares, for `color`.
fn values_along(record: &str, color: Color, at: &[u32]) -> Result<Vec<(u32, Option<i32>)>, String> {
    let mut board = Board::start();
    let mut values: Vec<(u32, Option<i32>)> = at.iter().map(|&e| (e, None)).collect();
    let mut moves = record.as_bytes().chunks(2);
    loop {
        let empties = board.empties().count_ones();
        for (e, v) in &mut values {
            if *e == empties && v.is_none() {
                *v = Some(exact_for(&board, color));
            }
        }
        if board.is_game_over() {
            break;
        }
        if board.must_pass() {
            board.pass();
            continue;
        }
        let Some(text) = moves.next() else {
            break;
        };
        let text = std::str::from_utf8(text).map_err(|_| "not a transcript".to_string())?;
        let sq = square(text).map_err(|e| e.to_string())?;
        if board.play(sq).is_none() {
            return Err(format!("{text} is not a legal move"));
        }
    }
    if moves.next().is_some() {
        return Err("moves after the end of the game".into());
    }
    Ok(values)
}

/// The exact WOF disc difference of `board` for `color`.
fn exact_for(board: &Board, color: Color) -> i32 {
    let mut b = *board;
    if b.must_pass() && !b.is_game_over() {
        b.pass();
    }
    let value = if b.is_game_over() {
        final_difference(&b)
    } else {
        i32::from(solve_exact(&b).score)
    };
    if b.to_move == color {
        value
    } else {
        -value
    }
}

/// The WOF difference of a finished game for the side to move: the empty squares go to the
/// winner.
fn final_difference(board: &Board) -> i32 {
    let mine = board.discs(board.to_move).count_ones() as i32;
    let theirs = board.discs(board.to_move.opponent()).count_ones() as i32;
    let empty = 64 - mine - theirs;
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => mine - theirs + empty,
        std::cmp::Ordering::Less => mine - theirs - empty,
        std::cmp::Ordering::Equal => 0,
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
                solve_exact(&b).best_move.expect("a move")
            };
            record.push_str(&square_name(sq));
            b.play(sq);
        }
        (record, b)
    }

    #[test]
    fn perfect_play_from_a_point_keeps_its_value_to_the_end() {
        let mut checked = 0;
        for seed in 1..40 {
            let (record, end) = game(seed, 10);
            let black = end.discs(Color::Black).count_ones();
            let white = end.discs(Color::White).count_ones();
            if black == white {
                continue;
            }
            // The loser is rated: from 10 empties on, both sides played perfectly, so the
            // value there is the result; at 16 the value is whatever the random moves left.
            let loser = if black < white { "a" } else { "b" };
            let report = json!({
                "engines": [{ "spec": loser }, { "spec": if loser == "a" { "b" } else { "a" } }],
                "games": [{ "number": 1, "black": "a", "white": "b", "opening": "",
                            "moves": record, "final_score": { "black": black, "white": white } }]
            });
            let lost = losses(&[("r.json".into(), report)], None, &[16, 10]).unwrap();
            assert_eq!(lost.len(), 1);
            let g = &lost[0];
            assert_eq!(g.result, -(black as i32 - white as i32).abs());
            assert_eq!(g.values[1], (10, Some(g.result)), "seed {seed}");
            let at16 = g.values[0].1.expect("the game reaches 16 empties");
            let s = summary(&lost);
            assert_eq!((s.lost, s.worse_after_last), (1, 0));
            assert_eq!(s.lost_before + s.thrown_after, 1);
            assert_eq!(s.thrown_after, usize::from(at16 >= 0));
            checked += 1;
            if checked == 3 {
                return;
            }
        }
        panic!("fewer than 3 decisive games");
    }

    #[test]
    fn a_bad_record_names_its_game() {
        let report = json!({
            "engines": [{ "spec": "a" }, { "spec": "b" }],
            "games": [{ "number": 7, "black": "a", "white": "b", "opening": "f5",
                        "moves": "a1", "final_score": { "black": 10, "white": 54 } }]
        });
        let e = losses(&[("r.json".into(), report)], None, &[20]).unwrap_err();
        assert_eq!(e.report, "r.json");
        assert!(
            e.reason.contains("game 7") && e.reason.contains("a1"),
            "{e}"
        );
        let other = json!({ "engines": [{ "spec": "c" }, { "spec": "d" }], "games": [] });
        let e = losses(&[("o.json".into(), other)], Some("a"), &[20]).unwrap_err();
        assert!(e.reason.contains("none of its games"), "{e}");
    }
}
