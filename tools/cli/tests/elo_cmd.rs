//! `cpc-othello elo` as a user runs it: two real match reports pooled give the score of all
//! their game pairs, and reports of other matches are refused by name, with `--any-build`
//! too; a Z80 engine's answers are counted by phase of the game.

mod common;

#[test]
fn two_match_reports_pool_into_one_rating() {
    let dir = common::scratch("cli-elo", "two_match_reports_pool_into_one_rating");
    let play = |seed: &str, white: &str| {
        let json = dir.join(format!("{seed}-{}.json", white.replace(':', "")));
        let report = common::match_report("ref:2", white, "20", seed, &json);
        (json, report["elo"]["score"].as_f64().unwrap())
    };
    let (a, score_a) = play("1", "ref:1");
    let (b, score_b) = play("2", "ref:1");
    let (code, stdout, stderr) =
        common::cpc_othello(&["elo", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("2 reports, 40 games between ref:2 and ref:1\n"),
        "{stdout}"
    );
    // Ten pairs each: the pooled score is the mean of the two.
    let pooled = format!("score {:.1} %", 50.0 * (score_a + score_b));
    assert!(stdout.contains(&pooled), "{stdout} should say {pooled}");
    assert!(stdout.contains("(20 game pairs)"), "{stdout}");

    let (other, _) = play("3", "ref:3");
    let (code, _, stderr) =
        common::cpc_othello(&["elo", a.to_str().unwrap(), other.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(other.to_str().unwrap()) && stderr.contains("ref:3"),
        "{stderr}"
    );
    // --any-build merges the builds of one Z80 level only: other engines still must match.
    let any_build = |second: &std::path::Path| {
        common::cpc_othello(&[
            "elo",
            "--any-build",
            a.to_str().unwrap(),
            second.to_str().unwrap(),
        ])
    };
    let (code, stdout, stderr) = any_build(&b);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains(&pooled) && stdout.contains("0 Z80 builds counted as one engine"),
        "{stdout}"
    );
    let (code, _, _) = any_build(&other);
    assert_eq!(code, 2);
}

#[test]
fn a_z80_engine_gets_its_depth_by_phase() {
    let dir = common::scratch("cli-elo", "a_z80_engine_gets_its_depth_by_phase");
    let json = dir.join("z80.json");
    let report = common::match_report("z80:3", "ref:1", "2", "7", &json);
    // Level 3 searches 2 plies, exactly from 8 empties: every answer there is exact, and none
    // before it reaches 7 or 9 plies. Count its searched answers (not the book's, no pass).
    let answers: Vec<u64> = report["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| ["black", "white"].map(|c| g["cpc"][c]["answers"].as_array().cloned()))
        .flatten()
        .flatten()
        .filter(|a| !matches!(a["stage"].as_str(), Some("book" | "pass")))
        .map(|a| a["empties"].as_u64().unwrap())
        .collect();
    let count = |keep: &dyn Fn(u64) -> bool| answers.iter().filter(|&&e| keep(e)).count();
    let (opening, middle, endgame) = (
        count(&|e| e >= 44),
        count(&|e| (9..44).contains(&e)),
        count(&|e| e <= 8),
    );
    assert!(opening > 0 && middle > 0 && endgame > 0, "{answers:?}");
    let (code, stdout, stderr) =
        common::cpc_othello(&["elo", "--endgame", "8", json.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let expected = format!(
        "before move 18 at 7 plies or more 0 of {opening} (0.0 %); move 18 on at 9 plies or \
         more (the check counts) 0 of {middle} (0.0 %); exact from 8 empties {endgame} of \
         {endgame} (100.0 %)"
    );
    let line = stdout
        .lines()
        .find(|l| l.starts_with("z80:3 (crc32 "))
        .unwrap_or_else(|| panic!("no phase line for z80:3 in {stdout}"));
    assert!(
        line.contains("2 game sides, CPC minutes a side mean ") && line.ends_with(&expected),
        "{line}\nshould end with\n{expected}"
    );
    assert!(!stdout.contains("ref:1: 2 game sides"), "{stdout}");
    let (code, _, stderr) =
        common::cpc_othello(&["elo", "--endgame", "21", json.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
}
