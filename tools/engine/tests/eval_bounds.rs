//! The overflow bounds of docs/ai.md: for any weights file the validator accepts and any
//! position, every evaluation, move score and search score stays inside its documented bound
//! and inside i16. Each value is recomputed here in i32 from the definitions (own table of
//! corner neighbours, partial sums in the Z80's ascending order) and compared.

mod ai_util;

use ai_util::{random_positions, sq, Rng};
use othello_engine::board::{flips, legal_moves, squares, wof_difference, Board};
use othello_engine::eval::{
    effective_weight, evaluate, leaf_value, move_score, square_sum, terminal_score, EVAL_BOUND,
    INF, MAX_FLIPS, MAX_LINE_MOVES, MAX_LINE_POTENTIAL, MOBILITY_BOUND, MOVE_SCORE_BOUND,
    NIXON_HARD_BOUND, POTENTIAL_BOUND, SQUARE_SUM_BOUND, WIN,
};
use othello_engine::lines::{largest_share, SHARE_LIMIT};
use othello_engine::search::alphabeta::search_depth;
use othello_engine::search::nixon::nixon_hard_score;
use othello_engine::weights::Weights;
use proptest::prelude::*;

#[test]
fn the_bounds_nest_inside_i16() {
    let (eval, win, inf) = (i32::from(EVAL_BOUND), i32::from(WIN), i32::from(INF));
    // Squares, line mobility, line potential, then issue 53's trial terms (edge stability,
    // region parity, four edge and four corner-region table values).
    assert_eq!(
        eval,
        128 * 64 + 64 * 86 + 64 * 154 + (64 * 28 + 64 * 4 + 8 * 127)
    );
    assert!(
        eval < win - 64,
        "heuristic scores stay below every finished game"
    );
    assert!(win + 64 < inf, "finished games stay below infinity");
    assert!(inf <= i32::from(i16::MAX) && -inf >= i32::from(i16::MIN));
    assert!(
        -inf > i32::from(i16::MIN),
        "the root's best - 1 window cannot wrap"
    );
    assert_eq!(
        i32::from(MOVE_SCORE_BOUND),
        128 + 128 * i32::from(MAX_FLIPS)
    );
    assert_eq!(i32::from(NIXON_HARD_BOUND), 2 * i32::from(MOVE_SCORE_BOUND));
}

#[test]
fn no_move_can_flip_more_than_19_discs() {
    // From each square, a ray of n squares to the edge can flip at most n - 1 discs.
    let mut best = 0;
    for s in 0..64i32 {
        let (r, c) = (s / 8, s % 8);
        let mut total = 0;
        for (dr, dc) in othello_engine::board::DIRECTIONS {
            let mut n = 0;
            let (mut y, mut x) = (r + dr, c + dc);
            while (0..8).contains(&y) && (0..8).contains(&x) {
                n += 1;
                y += dr;
                x += dc;
            }
            total += (n - 1).max(0);
        }
        best = best.max(total);
    }
    assert_eq!(best, i32::from(MAX_FLIPS));
    // And 19 is reached: d4 surrounded by white rays ending in black discs on every edge.
    let white: u64 = [
        "d3", "d2", "d5", "d6", "d7", "c4", "b4", "e4", "f4", "g4", "c3", "b2", "e3", "f2", "c5",
        "b6", "e5", "f6", "g7",
    ]
    .iter()
    .fold(0, |b, n| b | 1 << sq(n));
    let black: u64 = ["d1", "d8", "a4", "h4", "a1", "g1", "a7", "h8"]
        .iter()
        .fold(0, |b, n| b | 1 << sq(n));
    assert_eq!(flips(black, white, sq("d4")).count_ones(), 19);
}

#[test]
fn overflow_checks_are_on_in_tests() {
    // Without them the property tests below could not see an i16 overflow in the engine.
    let r = std::panic::catch_unwind(|| std::hint::black_box(i16::MAX) + std::hint::black_box(1));
    assert!(r.is_err());
}

/// The weights text for a set of drawn values (no levels: the search depth is set directly).
/// `scalars` = corner edge, corner diagonal, flip boundary, early, late, pass bonus, mobility.
fn weights_text(squares: &[i64], scalars: [i64; 8]) -> String {
    let [edge, diagonal, boundary, early, late, bonus, mobility, potential] = scalars;
    let rows: Vec<String> = squares
        .chunks(8)
        .map(|r| {
            format!(
                "  [{}],",
                r.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    format!(
        "squares = [\n{}\n]\n[corner]\nedge = {edge}\ndiagonal = {diagonal}\n\
         [flips]\nboundary = {boundary}\nearly = {early}\nlate = {late}\n\
         [level2]\npass_bonus = {bonus}\n[search]\nmobility = {mobility}\npotential = {potential}\n[levels]\n",
        rows.join("\n")
    )
}

/// A signed byte, with the extremes drawn often.
fn byte() -> impl Strategy<Value = i64> {
    prop_oneof![Just(-128i64), Just(127i64), -128i64..=127]
}

/// The weights of the two mobility terms (each -64..64, and together within what the line
/// tables hold, docs/ai.md 2), with the extremes drawn often.
fn mobility_weights() -> impl Strategy<Value = (i64, i64)> {
    prop_oneof![
        Just((-21i64, 0i64)),
        Just((21, 0)),
        Just((0, -12)),
        Just((0, 12)),
        Just((-13, 5)),
        Just((13, -5)),
        (-21i64..=21, -12i64..=12),
    ]
    .prop_filter("fits the line tables", |&(m, pm)| {
        largest_share(m as i32, pm as i32) <= SHARE_LIMIT
    })
}

fn weights_strategy() -> impl Strategy<Value = Weights> {
    (
        prop::collection::vec(byte(), 64),
        byte(),
        byte(),
        0i64..=64,
        byte(),
        byte(),
        byte(),
        mobility_weights(),
    )
        .prop_map(|(sq, e, d, b, early, late, bonus, (m, pm))| {
            Weights::parse(
                &weights_text(&sq, [e, d, b, early, late, bonus, m, pm]),
                "drawn",
            )
            .expect("values inside the validator's ranges")
        })
}

/// Arbitrary disjoint discs (often unreachable in a game) or a position from random play.
fn position_strategy() -> impl Strategy<Value = (u64, u64)> {
    prop_oneof![
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| (a, b & !a)),
        (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(a, b, m)| (a & m, b & !a & !m)),
        (any::<u64>(), 0u32..60).prop_map(|(seed, plies)| {
            let b: Board = random_positions(seed | 1, 1, plies..plies + 1)[0];
            b.player_opponent()
        }),
    ]
}

/// Corner neighbours, spelled out by name: (neighbour, its corner, diagonal?).
const NEIGHBOURS: [(&str, &str, bool); 12] = [
    ("b1", "a1", false),
    ("a2", "a1", false),
    ("b2", "a1", true),
    ("g1", "h1", false),
    ("h2", "h1", false),
    ("g2", "h1", true),
    ("b8", "a8", false),
    ("a7", "a8", false),
    ("b7", "a8", true),
    ("g8", "h8", false),
    ("h7", "h8", false),
    ("g7", "h8", true),
];

fn weight32(w: &Weights, occupied: u64, s: u8) -> i32 {
    for (n, c, diagonal) in NEIGHBOURS {
        if sq(n) == s && occupied & 1 << sq(c) != 0 {
            return i32::from(if diagonal {
                w.corner_diagonal()
            } else {
                w.corner_edge()
            });
        }
    }
    i32::from(w.squares()[usize::from(s)])
}

fn within(v: i32, bound: i16, what: &str) -> Result<(), TestCaseError> {
    prop_assert!(v.abs() <= i32::from(bound), "{what} = {v} exceeds {bound}");
    Ok(())
}

fn score_move32(w: &Weights, p: u64, o: u64, s: u8) -> i32 {
    let occupied = p | o;
    let factor = if occupied.count_ones() < u32::from(w.flip_boundary()) {
        w.flip_early()
    } else {
        w.flip_late()
    };
    weight32(w, occupied, s) + i32::from(factor) * flips(p, o, s).count_ones() as i32
}

/// The 42 lines of docs/ai.md 3.3 (rows, columns, diagonals of at least 2 squares), each as
/// its squares in order.
fn lines() -> Vec<Vec<i32>> {
    let mut all = Vec::new();
    let on = |r: i32, c: i32| (0..8).contains(&r) && (0..8).contains(&c);
    // Each line from its first square: no square before it in the line's direction.
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for r in 0..8 {
            for c in 0..8 {
                if on(r - dr, c - dc) {
                    continue;
                }
                let mut line = Vec::new();
                let (mut rr, mut cc) = (r, c);
                while on(rr, cc) {
                    line.push(rr * 8 + cc);
                    rr += dr;
                    cc += dc;
                }
                if line.len() >= 2 {
                    all.push(line);
                }
            }
        }
    }
    all
}

/// Line moves and line potential moves of the owner of `p` on one line given as contents
/// (1 = `p`, 2 = the other side, 0 = empty).
fn counts_on_line(cells: &[u8]) -> (i32, i32) {
    let (mut moves, mut potential) = (0, 0);
    for q in 0..cells.len() {
        if cells[q] != 0 {
            continue;
        }
        let mut brackets = false;
        let mut near = false;
        for step in [-1i32, 1] {
            let mut i = q as i32 + step;
            near |= (0..cells.len() as i32).contains(&i) && cells[i as usize] == 2;
            let mut seen = 0;
            while (0..cells.len() as i32).contains(&i) && cells[i as usize] == 2 {
                i += step;
                seen += 1;
            }
            brackets |= seen > 0 && (0..cells.len() as i32).contains(&i) && cells[i as usize] == 1;
        }
        moves += i32::from(brackets);
        potential += i32::from(near);
    }
    (moves, potential)
}

/// (line moves, line potential moves) of the owner of `p`, summed over the 42 lines.
fn line_counts(p: u64, o: u64) -> (i32, i32) {
    lines().iter().fold((0, 0), |(m, pt), line| {
        let cells: Vec<u8> = line
            .iter()
            .map(|&s| {
                if p >> s & 1 == 1 {
                    1
                } else if o >> s & 1 == 1 {
                    2
                } else {
                    0
                }
            })
            .collect();
        let (a, b) = counts_on_line(&cells);
        (m + a, pt + b)
    })
}

#[test]
fn the_line_count_bounds_are_the_sums_of_each_lines_most() {
    // For each line, the most squares one side can count, over every content of the line.
    let (mut moves, mut potential) = (0, 0);
    let all = lines();
    assert_eq!(all.len(), 42);
    for line in &all {
        let n = line.len() as u32;
        let (mut most_m, mut most_p) = (0, 0);
        for code in 0..3u32.pow(n) {
            let cells: Vec<u8> = (0..n).map(|i| (code / 3u32.pow(i) % 3) as u8).collect();
            let (m, p) = counts_on_line(&cells);
            most_m = most_m.max(m);
            most_p = most_p.max(p);
        }
        moves += most_m;
        potential += most_p;
    }
    assert_eq!(
        (moves, potential),
        (i32::from(MAX_LINE_MOVES), i32::from(MAX_LINE_POTENTIAL))
    );
    assert_eq!(i32::from(MOBILITY_BOUND), 64 * moves);
    assert_eq!(i32::from(POTENTIAL_BOUND), 64 * potential);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn evaluations_stay_inside_their_bounds(w in weights_strategy(), (p, o) in position_strategy()) {
        let occupied = p | o;
        // Disc-square sum: every partial sum in ascending square order.
        let mut sum = 0i32;
        for s in 0..64u8 {
            prop_assert_eq!(i32::from(effective_weight(&w, occupied, s)), weight32(&w, occupied, s));
            if occupied & 1 << s != 0 {
                let v = weight32(&w, occupied, s);
                sum += if p & 1 << s != 0 { v } else { -v };
                within(sum, SQUARE_SUM_BOUND, "partial square sum")?;
            }
        }
        prop_assert_eq!(i32::from(square_sum(&w, p, o)), sum);
        // Mobility terms and the leaf evaluation: line counts, walked line by line.
        let (mp, pp) = line_counts(p, o);
        let (mo, po) = line_counts(o, p);
        let mobility = i32::from(w.mobility()) * (mp - mo);
        within(mobility, MOBILITY_BOUND, "mobility term")?;
        let potential = i32::from(w.potential()) * (pp - po);
        within(potential, POTENTIAL_BOUND, "potential-mobility term")?;
        prop_assert_eq!(mp == 0 && mo == 0, legal_moves(p, o) == 0 && legal_moves(o, p) == 0);
        let sum_mobility = sum + mobility + potential;
        within(sum_mobility, EVAL_BOUND, "evaluation")?;
        prop_assert_eq!(i32::from(evaluate(&w, p, o)), sum_mobility);
        // Terminal scores and the depth-0 value.
        let d = wof_difference(p, o);
        let terminal = i32::from(terminal_score(p, o));
        prop_assert_eq!(terminal, match d { 0 => 0, d if d > 0 => 30_000 + d, d => -30_000 + d });
        prop_assert!(terminal.abs() <= i32::from(WIN) + 64);
        let leaf = i32::from(leaf_value(&w, p, o));
        prop_assert_eq!(leaf, if mp == 0 && mo == 0 { terminal } else { sum_mobility });
        // Move scores (level 1) and down-level scores (level 2) of every legal move.
        for s in squares(legal_moves(p, o)) {
            let mine = score_move32(&w, p, o, s);
            within(mine, MOVE_SCORE_BOUND, "move score")?;
            prop_assert_eq!(move_score(&w, p, o, s).map(i32::from), Some(mine));
            let f = flips(p, o, s);
            let (np, no) = (o & !f, p | f | 1 << s);
            let replies = squares(legal_moves(np, no)).map(|r| score_move32(&w, np, no, r)).max();
            let hard = match replies {
                Some(r) => mine - r,
                None => mine + i32::from(w.pass_bonus()),
            };
            within(hard, NIXON_HARD_BOUND, "level-2 score")?;
            let (got, _) = nixon_hard_score(&w, p, o, s).expect("legal");
            prop_assert_eq!(i32::from(got), hard);
        }
    }

    #[test]
    fn searches_with_extreme_weights_never_overflow(w in weights_strategy(), seed in any::<u64>(), plies in 0u32..58) {
        let b = random_positions(seed | 1, 1, plies..plies + 1)[0];
        let mut rng = Rng(seed | 1);
        let depth = 1 + rng.below(3) as u8;
        let r = search_depth(&b, depth, &w);
        prop_assert!(i32::from(r.score).abs() <= i32::from(WIN) + 64);
        if r.best_move.is_some() && r.score.abs() < WIN - 64 {
            within(i32::from(r.score), EVAL_BOUND, "search score")?;
        }
    }
}

#[test]
fn the_evaluation_is_antisymmetric() {
    // Negamax relies on it: what is good for one side is as bad for the other.
    let w = Weights::default();
    for b in random_positions(77, 50, 10..50) {
        let (p, o) = b.player_opponent();
        assert_eq!(square_sum(&w, p, o), -square_sum(&w, o, p));
        assert_eq!(evaluate(&w, p, o), -evaluate(&w, o, p));
        assert_eq!(terminal_score(p, o), -terminal_score(o, p));
    }
}
