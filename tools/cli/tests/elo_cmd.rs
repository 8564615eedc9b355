//! `cpc-othello elo` as a user runs it: two real match reports pooled give the score of all
//! their game pairs, and reports of other matches are refused by name, with `--any-build`
//! too.

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
    // Every searched answer (not the book's, not a pass) falls in exactly one phase.
    let searched = report["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| ["black", "white"].map(|c| g["cpc"][c]["answers"].as_array().cloned()))
        .flatten()
        .flatten()
        .filter(|a| !matches!(a["stage"].as_str(), Some("book" | "pass")))
        .count();
    assert!(searched > 0);
    let (code, stdout, stderr) = common::cpc_othello(&["elo", json.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("z80:3: 2 game sides, CPC minutes a side mean "))
        .unwrap_or_else(|| panic!("no phase line for z80:3 in {stdout}"));
    // "... N of M (P %)" three times: the moves add up to the searched answers.
    let moves: usize = line
        .split(" of ")
        .skip(1)
        .map(|rest| rest.split(' ').next().unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(moves, searched, "{line}");
    assert!(
        line.contains("exact from 14 empties") && !stdout.contains("ref:1: "),
        "{stdout}"
    );
}
