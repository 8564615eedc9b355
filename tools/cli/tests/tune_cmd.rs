//! `cpc-othello tune` as a user runs it: a short run is reproducible from its seed, keeps the
//! file's comments, says how it was made, and a bad option is a clear error.

mod common;

fn tune(args: &[&str]) -> (i32, String, String) {
    common::cpc_othello(&[&["tune"], args].concat())
}

#[test]
fn a_short_run_is_reproducible_and_keeps_the_file() {
    let dir = common::scratch("cli-tune", "a_short_run_is_reproducible_and_keeps_the_file");
    let run = |name: &str, seed: &str| {
        let out = dir.join(name);
        let (code, stdout, stderr) = tune(&[
            "-o",
            out.to_str().unwrap(),
            "--params",
            "squares,flips",
            "--iterations",
            "6",
            "--pairs",
            "4",
            "--seed",
            seed,
            "--threads",
            "1",
        ]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.contains("after 6 iterations"), "{stdout}");
        std::fs::read_to_string(out).unwrap()
    };
    let a = run("a.toml", "5");
    let b = run("b.toml", "5");
    assert_eq!(a, b, "the same seed gives the same file");
    assert!(a.starts_with("# Tuned by `cpc-othello tune --params squares,flips --level 2"));
    let w = othello_engine::weights::Weights::parse(&a, "a.toml").expect("a valid weights file");
    assert_eq!(
        w.max_level(),
        othello_engine::weights::Weights::default().max_level()
    );
    for line in othello_engine::weights::DEFAULT_TOML.lines() {
        if line.trim_start().starts_with('#') {
            assert!(a.contains(line), "comment lost: {line}");
        }
    }
    let c = run("c.toml", "6");
    assert_ne!(a, c, "another seed, another run");
}

#[test]
fn bad_options_are_clear_errors_and_help_explains_every_option() {
    let dir = common::scratch("cli-tune", "bad_options");
    let out = dir.join("never-written.toml");
    let (code, _, stderr) = tune(&["-o", out.to_str().unwrap(), "--params", "sqares"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("`sqares`: not a parameter group"),
        "{stderr}"
    );
    let (code, _, stderr) = tune(&["-o", out.to_str().unwrap(), "--level", "9"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("level 9"), "{stderr}");
    assert!(!out.exists(), "nothing written on an error");
    let (code, help, _) = tune(&["--help"]);
    assert_eq!(code, 0);
    for option in [
        "--weights",
        "--output",
        "--params",
        "--level",
        "--iterations",
        "--pairs",
        "--random-plies",
        "--step",
        "--rate",
        "--seed",
        "--threads",
        "--games",
    ] {
        assert!(help.contains(option), "--help lacks {option}");
    }
    assert!(help.contains("Ctrl-C"), "{help}");
}

#[test]
fn the_edge_table_is_fitted_again_reproducibly() {
    let dir = common::scratch("cli-tune", "the_edge_table_is_fitted_again_reproducibly");
    let run = |name: &str, threads: &str| {
        let out = dir.join(name);
        let (code, stdout, stderr) = tune(&[
            "-o",
            out.to_str().unwrap(),
            "--params",
            "edge",
            "--games",
            "30",
            "--level",
            "3",
            "--threads",
            threads,
        ]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.contains("after 30 games"), "{stdout}");
        assert!(
            stdout.contains("the opening book no longer applies"),
            "{stdout}"
        );
        std::fs::read_to_string(out).unwrap()
    };
    let a = run("a.toml", "1");
    assert_eq!(
        a,
        run("b.toml", "2"),
        "the same seed gives the same table, on any threads"
    );
    assert!(a.starts_with(
        "# Edge table fitted by `cpc-othello tune --params edge --level 3 --games 30"
    ));
    let w = othello_engine::weights::Weights::parse(&a, "a.toml").expect("a valid weights file");
    let shipped = othello_engine::weights::Weights::default();
    let (new, old) = (w.edge_in_file().unwrap(), shipped.edge_in_file().unwrap());
    assert_ne!(new, old, "30 games fit another table");
    assert_eq!(
        w.squares(),
        shipped.squares(),
        "only the edge table changes"
    );
    for line in othello_engine::weights::DEFAULT_TOML.lines() {
        if line.trim_start().starts_with('#') {
            assert!(a.contains(line), "comment lost: {line}");
        }
    }
}

#[test]
fn the_edge_fit_refuses_what_it_cannot_do() {
    let dir = common::scratch("cli-tune", "the_edge_fit_refuses_what_it_cannot_do");
    let out = dir.join("never-written.toml");
    let o = out.to_str().unwrap();
    for (args, says) in [
        (vec!["--params", "edge,squares"], "give it alone"),
        (vec!["--games", "10"], "--games is for --params edge"),
        (vec!["--params", "edge", "--level", "2"], "levels 3 and up"),
        (
            vec!["--params", "edge", "--games", "0"],
            "--games must be at least 1",
        ),
        (vec!["--params", "edge", "--pairs", "4"], "are SPSA's"),
        (
            vec!["--params", "edge", "--games", "20000000"],
            "at most 10000000",
        ),
    ] {
        let (code, _, stderr) = tune(&[&["-o", o][..], &args].concat());
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert!(!out.exists(), "nothing written on an error");
}
