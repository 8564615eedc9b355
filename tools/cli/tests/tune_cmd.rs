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
    ] {
        assert!(help.contains(option), "--help lacks {option}");
    }
    assert!(help.contains("Ctrl-C"), "{help}");
}
