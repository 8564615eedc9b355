//! Match reports pooled: games between the same two engines played in several runs (other
//! seeds, other days, other machines) counted as one match, from their `--json` reports.
//! Engine 0 is the first report's first engine; every report must be between the same two
//! engines (in either order) and alternate colours the same way, so that the statistics are
//! taken over the same kind of units as one long match would ([`super::elo`]). Two Z80
//! engines are the same when they play the same level of the same build (its `program`
//! fingerprint), whatever path it was played from; other engines when their specs are equal.
//! [`pool_across_builds`] also takes every build of a Z80 level as one engine: for builds that
//! give the same answer at every stage (each `verify`-exact to the reference), which differ
//! only in how fast they reach a stage; it says which builds it pooled.

use serde_json::Value;

use super::elo::{estimate, units as units_of, EloEstimate};

/// What the pooled reports hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Pooled {
    /// The two engines, engine 0 first.
    pub engines: [String; 2],
    /// Games played to a result, in all reports.
    pub games: usize,
    /// Whether the units are game pairs (`--alternate`).
    pub pairs: bool,
    /// Engine 0's statistics over all units; `None` without a complete unit.
    pub estimate: Option<EloEstimate>,
    /// The Z80 builds (`program` fingerprints) the reports name, each once, in the order met.
    pub builds: Vec<String>,
}

/// Why reports cannot be pooled: which report (its name) and what is wrong with it.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{report}: {reason}")]
pub struct PoolError {
    /// The report's name as given (a file name).
    pub report: String,
    /// What is wrong.
    pub reason: String,
}

/// Pools `reports` (name, parsed JSON of `match --json`).
///
/// # Errors
/// When there is no report, a report is not a match report, or its engines or its
/// `alternate` differ from the first one's.
pub fn pool(reports: &[(String, Value)]) -> Result<Pooled, PoolError> {
    pool_by(reports, false)
}

/// Pools `reports` as [`pool`] does, but takes a Z80 engine of one level as the same engine
/// whatever build it plays (`z80:7@old/othello.dsk` and `z80:7@new/othello.dsk` of two
/// builds): for builds with the same answer at every stage. Other engines must still match.
///
/// # Errors
/// As [`pool`].
pub fn pool_across_builds(reports: &[(String, Value)]) -> Result<Pooled, PoolError> {
    pool_by(reports, true)
}

fn pool_by(reports: &[(String, Value)], any_build: bool) -> Result<Pooled, PoolError> {
    let Some((first_name, first)) = reports.first() else {
        return Err(PoolError {
            report: "(none)".into(),
            reason: "no report to pool".into(),
        });
    };
    let firsts = engines_of(first_name, first)?;
    let engines = firsts.clone().map(|e| e.spec);
    let pairs = alternate_of(first_name, first)?;
    let mut units = Vec::new();
    let mut games = 0;
    let mut builds: Vec<String> = Vec::new();
    for (name, report) in reports {
        let err = |reason: String| PoolError {
            report: name.clone(),
            reason,
        };
        let these = engines_of(name, report)?;
        for program in these.iter().filter_map(|e| e.program.as_ref()) {
            if !builds.contains(program) {
                builds.push(program.clone());
            }
        }
        let same = |a: &ReportEngine, b: &ReportEngine| a.same(b, any_build);
        // This report's spec of engine 0, which its games name.
        let me = if same(&these[0], &firsts[0]) && same(&these[1], &firsts[1]) {
            these[0].spec.clone()
        } else if same(&these[1], &firsts[0]) && same(&these[0], &firsts[1]) {
            these[1].spec.clone()
        } else {
            return Err(err(format!(
                "its engines are {} and {}, not {} and {}",
                these[0], these[1], firsts[0], firsts[1]
            )));
        };
        if alternate_of(name, report)? != pairs {
            return Err(err(format!(
                "it was played {} --alternate, the first report {}",
                if pairs { "without" } else { "with" },
                if pairs { "with" } else { "without" }
            )));
        }
        let list = report["games"]
            .as_array()
            .ok_or_else(|| err("no \"games\" list".into()))?;
        let mut points = Vec::with_capacity(list.len());
        for (i, g) in list.iter().enumerate() {
            let p = points_of(g, &me)
                .map_err(|reason| err(format!("game {} (entry {i}): {reason}", g["number"])))?;
            games += usize::from(p.is_some());
            let number = g["number"]
                .as_u64()
                .ok_or_else(|| err(format!("game entry {i} has no \"number\"")))?;
            points.push((number as usize, p));
        }
        units.extend(units_of(&points, pairs));
    }
    Ok(Pooled {
        engines,
        games,
        pairs,
        estimate: estimate(&units),
        builds,
    })
}

/// An engine of a report: its spec as given, and the Z80 build it played (reports made
/// before builds were named have none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ReportEngine {
    pub(crate) spec: String,
    pub(crate) program: Option<String>,
}

impl ReportEngine {
    /// The spec up to its `@FILE`: `z80:7`.
    fn level(&self) -> &str {
        self.spec
            .split_once('@')
            .map_or(&self.spec, |(level, _)| level)
    }

    /// The same engine: the same level of the same build (`z80:7@old/othello.dsk` and
    /// `z80:7@new/othello.dsk` of one build, or `z80:7` and it) where both name their build,
    /// else the same spec; with `any_build`, two Z80 engines of the same level.
    pub(crate) fn same(&self, other: &ReportEngine, any_build: bool) -> bool {
        if any_build && self.level().starts_with("z80:") {
            return self.level() == other.level();
        }
        match (&self.program, &other.program) {
            (Some(a), Some(b)) => a == b && self.level() == other.level(),
            _ => self.spec == other.spec,
        }
    }
}

impl std::fmt::Display for ReportEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.program {
            Some(program) => write!(f, "{} ({program})", self.spec),
            None => write!(f, "{}", self.spec),
        }
    }
}

/// The two engines of a report.
pub(crate) fn engines_of(name: &str, report: &Value) -> Result<[ReportEngine; 2], PoolError> {
    let engine = |i: usize| {
        let entry = &report["engines"][i];
        Some(ReportEngine {
            spec: entry["spec"].as_str()?.to_string(),
            program: entry["program"].as_str().map(String::from),
        })
    };
    match (engine(0), engine(1)) {
        (Some(a), Some(b)) => Ok([a, b]),
        _ => Err(PoolError {
            report: name.into(),
            reason: "not a match report (no \"engines\" with two \"spec\"s)".into(),
        }),
    }
}

fn alternate_of(name: &str, report: &Value) -> Result<bool, PoolError> {
    report["alternate"].as_bool().ok_or_else(|| PoolError {
        report: name.into(),
        reason: "not a match report (no \"alternate\")".into(),
    })
}

/// Engine `me`'s points in one game (1, ½, 0), `None` for an aborted game.
fn points_of(game: &Value, me: &str) -> Result<Option<f64>, String> {
    let colour = if game["black"].as_str() == Some(me) {
        "black"
    } else if game["white"].as_str() == Some(me) {
        "white"
    } else {
        return Err(format!("{me} plays neither colour"));
    };
    let other = if colour == "black" { "white" } else { "black" };
    if !game["aborted"].is_null() {
        return Ok(None);
    }
    if let Some(loser) = game["forfeit"]["loser"].as_str() {
        return Ok(Some(if loser == colour { 0.0 } else { 1.0 }));
    }
    let score = &game["final_score"];
    match (score[colour].as_u64(), score[other].as_u64()) {
        (Some(mine), Some(theirs)) => Ok(Some(match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        })),
        _ => Err("no \"final_score\", \"forfeit\" or \"aborted\"".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A report of `pairs` openings, each a pair of games with the given (black, white) discs.
    fn report(a: &str, b: &str, results: &[(u64, u64)], alternate: bool) -> Value {
        let games: Vec<Value> = results
            .iter()
            .enumerate()
            .map(|(i, &(black, white))| {
                let (bl, wh) = if alternate && i % 2 == 1 {
                    (b, a)
                } else {
                    (a, b)
                };
                json!({ "number": i + 1, "black": bl, "white": wh,
                        "final_score": { "black": black, "white": white }, "forfeit": null })
            })
            .collect();
        json!({ "engines": [{ "spec": a }, { "spec": b }], "alternate": alternate, "games": games })
    }

    #[test]
    fn two_reports_pool_like_one_match() {
        // 10 pairs: 2 won twice by engine 0, 8 split (60 %), as in elo.rs's known case,
        // split over two reports; the second lists the engines the other way round.
        let won = [(40, 24), (24, 40)]; // engine 0 black wins, then engine 0 white wins
        let split = [(40, 24), (40, 24)]; // black wins both: one game each
        let mut a = Vec::new();
        a.extend(won);
        a.extend(split.repeat(3));
        let mut b_games = Vec::new();
        b_games.extend(won);
        b_games.extend(split.repeat(5));
        let first = report("z80:7", "z80:7@old.dsk", &a, true);
        // The second run was started with the engines the other way round.
        let mut second = report("z80:7", "z80:7@old.dsk", &b_games, true);
        second["engines"] = json!([{ "spec": "z80:7@old.dsk" }, { "spec": "z80:7" }]);
        let one = report("z80:7", "z80:7@old.dsk", &[a, b_games].concat(), true);
        let pooled = pool(&[("a.json".into(), first), ("b.json".into(), second)]).unwrap();
        assert_eq!(
            pooled.engines,
            ["z80:7".to_string(), "z80:7@old.dsk".to_string()]
        );
        assert_eq!((pooled.games, pooled.pairs), (20, true));
        let e = pooled.estimate.unwrap();
        assert_eq!(e.units, 10);
        assert!((e.score - 0.6).abs() < 1e-12, "{}", e.score);
        assert!((e.elo - 70.437).abs() < 1e-3, "{}", e.elo);
        // Pooling gives what one match of all the pairs gives.
        let whole = pool(&[("one.json".into(), one)]).unwrap().estimate.unwrap();
        assert_eq!(whole.units, 10);
        assert!((whole.score - e.score).abs() < 1e-12);
        assert!((whole.los - e.los).abs() < 1e-12);
    }

    #[test]
    fn one_build_pools_whatever_path_it_was_played_from() {
        // The same program frozen under two paths: one engine; another build: not.
        let with_program = |path: &str, program: &str| {
            let mut r = report(path, "gtp-rhino -l 3", &[(40, 24), (24, 40)], true);
            r["engines"][0]["program"] = json!(program);
            r
        };
        let build = "crc32 0123ABCD, 24164 bytes at &1000, starts at &1000";
        let a = with_program("z80:7@/tmp/a/othello.dsk", build);
        let b = with_program("z80:7@/tmp/b/othello.dsk", build);
        let pooled = pool(&[("a.json".into(), a.clone()), ("b.json".into(), b)]).unwrap();
        assert_eq!(pooled.engines[0], "z80:7@/tmp/a/othello.dsk");
        assert_eq!(pooled.games, 4);
        let e = pooled.estimate.unwrap();
        assert_eq!((e.units, e.score), (2, 1.0));
        // The match's own build (`z80:7`) is that build too.
        let own = with_program("z80:7", build);
        assert!(pool(&[("a.json".into(), a.clone()), ("own.json".into(), own)]).is_ok());
        let other = with_program(
            "z80:7@/tmp/a/othello.dsk",
            "crc32 0123ABCE, 24164 bytes at &1000, starts at &1000",
        );
        let e = pool(&[("a.json".into(), a.clone()), ("c.json".into(), other)]).unwrap_err();
        assert_eq!(e.report, "c.json");
        assert!(
            e.reason.contains("0123ABCE") && e.reason.contains("0123ABCD"),
            "{e}"
        );
        // Another level of the same build is another engine.
        let level6 = with_program("z80:6@/tmp/a/othello.dsk", build);
        assert!(pool(&[("a.json".into(), a.clone()), ("d.json".into(), level6)]).is_err());
        // A report made before builds were named: the same spec is the same engine.
        let older = report(
            "z80:7@/tmp/a/othello.dsk",
            "gtp-rhino -l 3",
            &[(40, 24)],
            true,
        );
        assert!(pool(&[("a.json".into(), a.clone()), ("old.json".into(), older)]).is_ok());
        // The engines the other way round, the build under another path: its games name it.
        let mut swapped = report(
            "gtp-rhino -l 3",
            "z80:7@/tmp/c/x.dsk",
            &[(24, 40), (40, 24)],
            true,
        );
        swapped["engines"][1]["program"] = json!(build);
        let p = pool(&[("a.json".into(), a), ("s.json".into(), swapped)]).unwrap();
        assert_eq!((p.games, p.estimate.unwrap().score), (4, 1.0));
    }

    #[test]
    fn builds_of_one_level_pool_only_when_asked() {
        let with_program = |path: &str, program: &str, results: &[(u64, u64)]| {
            let mut r = report(path, "gtp-rhino -l 3", results, true);
            r["engines"][0]["program"] = json!(program);
            r
        };
        let old = "crc32 0123ABCD, 24164 bytes at &1000, starts at &1000";
        let new = "crc32 89ABCDEF, 24100 bytes at &1000, starts at &1000";
        let a = with_program("z80:7@/tmp/a/othello.dsk", old, &[(40, 24), (24, 40)]);
        let b = with_program("z80:7@/tmp/b/othello.dsk", new, &[(24, 40), (40, 24)]);
        let both = [("a.json".to_string(), a.clone()), ("b.json".to_string(), b)];
        assert!(pool(&both).is_err(), "two builds are two engines");
        let p = pool_across_builds(&both).unwrap();
        assert_eq!(p.builds, [old.to_string(), new.to_string()]);
        let e = p.estimate.unwrap();
        // Pair 1 won twice (1), pair 2 lost twice (0).
        assert_eq!((p.games, e.units, e.score), (4, 2, 0.5));
        // Still one level, and still one opponent.
        let six = with_program("z80:6@/tmp/b/othello.dsk", new, &[(40, 24), (24, 40)]);
        assert!(
            pool_across_builds(&[("a.json".into(), a.clone()), ("six.json".into(), six)]).is_err()
        );
        let mut l4 = with_program("z80:7@/tmp/b/othello.dsk", new, &[(40, 24), (24, 40)]);
        l4["engines"][1]["spec"] = json!("gtp-rhino -l 4");
        assert!(pool_across_builds(&[("a.json".into(), a), ("l4.json".into(), l4)]).is_err());
    }

    #[test]
    fn forfeits_and_aborted_games_count_as_in_a_match() {
        let mut r = report("a", "b", &[(33, 31), (33, 31), (10, 54), (10, 54)], true);
        r["games"][0]["forfeit"] = json!({ "loser": "black", "reason": "illegal" });
        r["games"][2]["aborted"] = json!("the engine died");
        let p = pool(&[("r.json".into(), r)]).unwrap();
        // Pair 1: a (black) forfeits, then a (white) loses 31-33: 0. Pair 2 is incomplete.
        assert_eq!(p.games, 3);
        let e = p.estimate.unwrap();
        assert_eq!((e.units, e.score), (1, 0.0));
    }

    #[test]
    fn reports_of_other_matches_are_refused_with_their_name() {
        let a = report("z80:7", "z80:6", &[(40, 24), (40, 24)], true);
        let other = report("z80:7", "gtp-rhino -l 3", &[(40, 24), (40, 24)], true);
        let e = pool(&[("a.json".into(), a.clone()), ("b.json".into(), other)]).unwrap_err();
        assert_eq!(e.report, "b.json");
        assert!(e.reason.contains("gtp-rhino -l 3"), "{e}");
        let single = report("z80:7", "z80:6", &[(40, 24), (40, 24)], false);
        let e = pool(&[("a.json".into(), a), ("c.json".into(), single)]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("c.json: it was played without --alternate"),
            "{e}"
        );
        let e = pool(&[("d.json".into(), json!({ "x": 1 }))]).unwrap_err();
        assert!(e.to_string().contains("not a match report"), "{e}");
        assert!(pool(&[]).is_err());
    }
}
