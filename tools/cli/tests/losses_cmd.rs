//! `cpc-othello losses` as a user runs it: a real match report's lost games, each solved
//! exactly where asked, with the split of the summary line; a report that is not JSON is
//! refused by name.

mod common;

#[test]
fn the_lost_games_of_a_real_match_are_solved_where_asked() {
    let dir = std::env::temp_dir().join(format!("losses-cmd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("m.json");
    let report = common::match_report("ref:1", "ref:2", "6", "5", &json);
    let lost_by_ref1 = report["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| {
            let (b, w) = (
                g["final_score"]["black"].as_u64().unwrap(),
                g["final_score"]["white"].as_u64().unwrap(),
            );
            (g["black"] == "ref:1" && b < w) || (g["white"] == "ref:1" && w < b)
        })
        .count();
    assert!(lost_by_ref1 > 0, "ref:1 lost no game: {report}");
    let (code, stdout, stderr) =
        common::cpc_othello(&["losses", json.to_str().unwrap(), "--at", "8,12"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), lost_by_ref1 + 1, "{stdout}");
    for line in &lines[..lost_by_ref1] {
        // "... lost by N; exact values 12 empties +V, 8 empties +V": two solved values.
        let (_, values) = line.split_once("exact values ").expect(line);
        let parsed: Vec<i32> = values
            .split(", ")
            .map(|v| {
                let (_, v) = v.split_once(" empties ").expect(line);
                v.parse().unwrap_or_else(|_| panic!("{line}"))
            })
            .collect();
        assert!(values.starts_with("12 empties ") && values.contains(", 8 empties "));
        assert_eq!(parsed.len(), 2, "{line}");
        assert!(
            parsed.iter().all(|v| v % 2 == 0 && (-64..=64).contains(v)),
            "{line}"
        );
    }
    let summary = lines[lost_by_ref1];
    assert!(
        summary.starts_with(&format!("{lost_by_ref1} lost games: ")),
        "{summary}"
    );
    assert!(summary.contains("at 12 empties") && summary.contains("after 8 empties"));

    let bad = dir.join("bad.json");
    std::fs::write(&bad, "not json").unwrap();
    let (code, _, stderr) = common::cpc_othello(&["losses", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("bad.json") && stderr.contains("not JSON"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
