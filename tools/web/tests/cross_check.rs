//! The page's cross-check without a browser: the same session and checks the WebAssembly module
//! runs, natively, on a level-3 demo game and on a human's game against level 2 with a take-back.
//! Every computer move must be seen once and agree with the reference.

use cpc_game::sources::DEFAULT_WEIGHTS_TEXT;
use cpc_web::check::{check, Verdict};
use cpc_web::rebuild;
use cpc_web::session::Session;
use othello_engine::weights::Weights;

fn play(keys: &str, limit: u32) -> (Session, u32, u32) {
    let bundle = rebuild::build(DEFAULT_WEIGHTS_TEXT).unwrap();
    let weights = Weights::default();
    let mut s = Session::from_bundle(&bundle).unwrap();
    s.schedule(keys).unwrap();
    let (mut agree, mut frames) = (0, 0);
    while frames < limit && s.status()["game"]["game_over"] != true {
        frames += s.run(250, false);
        for seen in s.take_seen() {
            let outcome = check(&seen, &weights, None);
            assert_eq!(outcome.verdict, Verdict::Agree, "{outcome:?}");
            agree += 1;
        }
    }
    (s, agree, frames)
}

#[test]
fn a_level3_demo_agrees_move_by_move() {
    let (s, agree, frames) = play("100:ESC 110:L 120:L 140:P 150:P 170:ESC", 100_000);
    let status = s.status();
    assert_eq!(
        status["game"]["game_over"], true,
        "{status} after {frames} frames"
    );
    assert_eq!(status["game"]["level"], 3);
    let moves = u32::try_from(status["game"]["move"].as_u64().unwrap()).unwrap();
    assert_eq!(agree, moves, "every move of the demo was seen and checked");
    let record = s.record().unwrap();
    let parsed = othello_engine::record::GameRecord::parse(&record).unwrap();
    assert!(
        parsed.result.is_some(),
        "a finished game's record: {record}"
    );
}

#[test]
fn a_human_game_with_a_take_back() {
    // Level 2 (L once in the menu), two moves of the human's, a take-back (B), one more move.
    let keys = "100:ESC 110:L 130:ESC 200:RETURN 350:SPACE 370:RETURN 500:B 600:SPACE 620:RETURN";
    let (s, agree, _) = play(keys, 800);
    let status = s.status();
    assert_eq!(status["game"]["level"], 2, "{status}");
    // Two moves each, the last pair taken back, one more each: 3 replies seen, 4 plies kept.
    assert_eq!(agree, 3, "the computer's replies were checked");
    let record = othello_engine::record::GameRecord::parse(&s.record().unwrap()).unwrap();
    assert_eq!(record.plies(), 4, "{record:?}");
}

#[test]
fn a_dropped_disc_of_the_game_runs_unchecked() {
    let bundle = rebuild::build(DEFAULT_WEIGHTS_TEXT).unwrap();
    let program = cpc_emu::Program {
        load: bundle.load,
        exec: bundle.exec,
        bytes: bundle.binary.clone(),
    };
    let dsk = cpc_game::media::dsk(&program).unwrap();
    let mut s = Session::from_file("othello.dsk", &dsk).unwrap();
    s.schedule("150:SPACE 170:SPACE 190:RETURN").unwrap();
    assert_eq!(s.run(600, false), 600, "{}", s.status());
    assert_eq!(
        s.status()["game"],
        serde_json::Value::Null,
        "no symbols: no game view"
    );
    assert!(s.take_seen().is_empty());
    let mut from_build = Session::from_bundle(&bundle).unwrap();
    from_build
        .schedule("150:SPACE 170:SPACE 190:RETURN")
        .unwrap();
    from_build.run(600, false);
    assert_eq!(s.rgba(), from_build.rgba(), "the same game on the screen");
}
