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
