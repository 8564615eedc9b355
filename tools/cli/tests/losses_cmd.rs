//! `cpc-othello losses` as a user runs it: a real match report's lost games, each solved
//! exactly where asked, with the split of the summary line; with `--moves`, the engine's
//! endgame moves that fell short, by game and counted; a report that is not JSON is refused
//! by name.

mod common;

#[test]
fn the_lost_games_of_a_real_match_are_solved_where_asked() {
    let dir = common::scratch("losses-cmd", "match");
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

    // ref:1 has no exact endgame: some of its moves in the last 8 empties give discs away.
    let (code, stdout, stderr) = common::cpc_othello(&[
        "losses",
        json.to_str().unwrap(),
        "--at",
        "8",
        "--moves",
        "8",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let short_lines = &lines[lost_by_ref1 + 1..lines.len() - 1];
    assert!(!short_lines.is_empty(), "{stdout}");
    let (mut short, mut result) = (0, 0);
    for line in short_lines {
        // "m.json game 3 (white): 8 empties +4 -> -2 (result), 5 empties +2 -> +0"
        let (_, moves) = line.split_once("): ").expect(line);
        assert!(line.contains("m.json game "), "{line}");
        for m in moves.split(", ") {
            let (empties, values) = m.split_once(" empties ").expect(line);
            assert!(
                (1..=8).contains(&empties.parse::<u32>().expect(line)),
                "{line}"
            );
            let flagged = values.ends_with(" (result)");
            let (best, played) = values
                .trim_end_matches(" (result)")
                .split_once(" -> ")
                .expect(line);
            let (best, played): (i32, i32) =
                (best.parse().expect(line), played.parse().expect(line));
            assert!(played < best, "{line}");
            assert_eq!(flagged, played.signum() < best.signum(), "{line}");
            short += 1;
            result += usize::from(flagged);
        }
    }
    let summary = lines[lines.len() - 1];
    let (head, by_empties) = summary.split_once("; by empties: ").expect(summary);
    assert!(
        head.ends_with(&format!(
            "empties in 6 games: {short} fell short, in {} games, {result} of them changed \
             the result",
            short_lines.len()
        )),
        "{summary}"
    );
    // "8: 3 of 12 short (1 result), 5: 1 of 10 short (0 result)": only where some fell short,
    // from the most empty squares down, each row's moves among the summary's
    let played_in_all: usize = head
        .split_once(" moves at <= 8")
        .and_then(|(n, _)| n.parse().ok())
        .expect(summary);
    let (mut listed_short, mut listed_result, mut above) = (0, 0, 9);
    for row in by_empties.split(", ") {
        let (empties, rest) = row.split_once(": ").expect(row);
        let empties: u32 = empties.parse().expect(row);
        assert!((1..above).contains(&empties), "{summary}");
        above = empties;
        let (counts, flagged) = rest.split_once(" short (").expect(row);
        let (row_short, played) = counts.split_once(" of ").expect(row);
        let row_short: usize = row_short.parse().expect(row);
        let played: usize = played.parse().expect(row);
        assert!(
            row_short > 0 && row_short <= played && played <= played_in_all,
            "{row}"
        );
        listed_short += row_short;
        listed_result += flagged
            .trim_end_matches(" result)")
            .parse::<usize>()
            .expect(row);
    }
    assert_eq!((listed_short, listed_result), (short, result), "{summary}");

    let bad = dir.join("bad.json");
    std::fs::write(&bad, "not json").unwrap();
    let (code, _, stderr) = common::cpc_othello(&["losses", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("bad.json") && stderr.contains("not JSON"),
        "{stderr}"
    );
}
