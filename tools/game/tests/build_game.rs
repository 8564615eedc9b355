//! `build_game` end to end: the real game sources into a disc image and the files beside it,
//! each read back with the tool that consumes it; and the errors of a bad build.

use cpc_game::symbols as sym;
use std::path::Path;

use cpc_dsk::Disk;
use cpc_game::program::edgetab_inc::{edge_bytes, packed, unpack};
use cpc_game::program::{build_game, BuildError, BuildOptions, DISK_FILE_NAME, LOAD_RANGE};
use cpc_game::sources::Sources;
use othello_engine::weights::Weights;

#[path = "support/scratch_dir.rs"]
mod scratch_dir;

use scratch_dir::ScratchDir;

/// A fresh, empty directory for one test, removed when the test is done with it.
fn scratch(name: &str) -> ScratchDir {
    scratch_dir::scratch_dir("cpc-othello-build", name)
}

#[test]
fn the_game_builds_into_a_disc_with_its_outputs_beside_it() {
    let dir = scratch("game");
    let dsk = dir.join("out/othello.dsk");
    let out = build_game(&BuildOptions::new(&dsk)).unwrap_or_else(|e| panic!("{e}"));

    // The disc holds OTHELLO.BIN with the program, loading and starting where RUN" can.
    let disk = Disk::open(&dsk).expect("the image reads back");
    let file = disk
        .read_file(0, DISK_FILE_NAME)
        .expect("OTHELLO.BIN is on the disc");
    let header = file.valid_header().expect("a valid AMSDOS header");
    assert_eq!((header.load, header.exec), (out.load, out.exec));
    assert_eq!(file.contents(), &out.binary[..]);
    assert!(LOAD_RANGE.contains(&out.load));
    assert!(LOAD_RANGE.contains(&(out.load + out.binary.len() as u16 - 1)));
    assert!((out.load..out.load + out.binary.len() as u16).contains(&out.exec));
    assert_eq!(
        std::fs::read(&out.binary_file).expect("raw binary"),
        out.binary
    );

    // The symbols name the interface of docs/architecture.md, at the same addresses in both
    // forms.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out.symbols_json).expect("json"))
            .expect("valid JSON");
    let entry = json["symbols"][sym::AI_ENTRY]["value"]
        .as_i64()
        .expect("the entry point in the JSON");
    let winape = std::fs::read_to_string(&out.symbols_winape).expect("sym");
    assert!(
        winape
            .lines()
            .any(|l| l == format!("{} &{entry:04X}", sym::AI_ENTRY)),
        "{} &{entry:04X} not in the WinAPE symbols",
        sym::AI_ENTRY
    );
    for name in [
        sym::GAME_BOARD,
        sym::SIDE_TO_MOVE,
        sym::GEN_LEGAL,
        sym::PLAY_MOVE,
        sym::AI_BOARD,
        sym::AI_MOVE,
    ] {
        assert!(
            json["symbols"][name].is_object(),
            "{name} missing from the symbols"
        );
    }
    assert!(std::fs::read_to_string(&out.listing)
        .expect("listing")
        .contains(&format!("{}:", sym::AI_ENTRY)));
    assert!(!std::fs::read_to_string(&out.memory_map)
        .expect("map")
        .is_empty());

    // weights.inc beside the disc is the one the image was built with.
    let inc = std::fs::read_to_string(&out.weights_inc).expect("weights.inc");
    let squares = json["symbols"][sym::W_SQUARES]["value"]
        .as_i64()
        .expect(sym::W_SQUARES) as usize;
    let at = squares - usize::from(out.load);
    let table: Vec<i8> = out.binary[at..at + 64].iter().map(|&b| b as i8).collect();
    assert_eq!(table, Weights::default().squares().to_vec());
    assert!(inc.contains(&format!("{}:", sym::W_SQUARES)));
}

#[test]
fn another_weights_file_changes_the_image() {
    let dir = scratch("weights");
    let path = dir.join("w.toml");
    let text: String = othello_engine::weights::DEFAULT_TOML
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("pass_bonus") {
                "pass_bonus = -77\n".to_string()
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(&path, text).expect("write weights");
    let out = build_game(
        &BuildOptions::new(dir.join("o.dsk"))
            .weights_file(&path)
            .expect("valid"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out.symbols_json).expect("json"))
            .expect("valid");
    let at = json["symbols"][sym::W_PASS_BONUS]["value"]
        .as_i64()
        .expect(sym::W_PASS_BONUS) as usize;
    assert_eq!(out.binary[at - usize::from(out.load)] as i8, -77);
    assert!(std::fs::read_to_string(&out.weights_inc)
        .expect("inc")
        .contains(&path.display().to_string()));
}

#[test]
fn a_bad_weights_file_is_reported_with_its_position() {
    let dir = scratch("badweights");
    let path = dir.join("bad.toml");
    std::fs::write(
        &path,
        othello_engine::weights::DEFAULT_TOML.replace("[corner]\n", "[corner]\nedge2 = 1\n"),
    )
    .expect("write");
    let err = BuildOptions::new(dir.join("o.dsk"))
        .weights_file(&path)
        .unwrap_err();
    let msg = err.to_string();
    assert!(msg.starts_with(&format!("{}:", path.display())), "{msg}");
    assert!(msg.contains("edge2"), "{msg}");
    assert!(matches!(
        BuildOptions::new("x.dsk").weights_file(Path::new("/nonexistent/w.toml")),
        Err(BuildError::Weights(_))
    ));
}

/// A build whose sources fail writes nothing, and says where the error is.
#[test]
fn assembly_errors_name_the_line_and_write_nothing() {
    let dir = scratch("asmerror");
    std::fs::write(
        dir.join("main.asm"),
        "        org &4000\n        ld a,(nowhere)\n",
    )
    .expect("write");
    let mut options = BuildOptions::new(dir.join("out/o.dsk"));
    options.sources = Sources::dir(dir.to_path_buf());
    let err = build_game(&options).expect_err("must fail");
    assert!(matches!(err, BuildError::Assembly { .. }));
    let msg = err.to_string();
    assert!(msg.contains("main.asm:2:"), "{msg}");
    assert!(!dir.join("out").exists(), "a failed build wrote files");
}

#[test]
fn a_program_outside_the_load_range_is_refused() {
    for (name, src) in [
        ("low", "        org &0000\n        nop\n"),
        ("high", "        org &A600\n        ds 200\n"),
    ] {
        let dir = scratch(name);
        std::fs::write(dir.join("main.asm"), src).expect("write");
        let mut options = BuildOptions::new(dir.join("o.dsk"));
        options.sources = Sources::dir(dir.to_path_buf());
        let err = build_game(&options).expect_err("must fail");
        assert!(matches!(err, BuildError::Layout { .. }), "{name}: {err}");
        assert!(err.to_string().contains("&0040-&A67B"), "{err}");
        assert!(!dir.join("o.dsk").exists());
    }
}

#[test]
fn a_build_from_memory_gives_the_same_program_as_a_build_from_cpc() {
    use cpc_game::program::assemble;
    use cpc_game::sources::{default_dir, embedded, embedded_names, DEFAULT_WEIGHTS_TEXT};

    // Every source file of cpc/ is compiled in: a file added there without a rebuild of this
    // crate would be missing from the page's build.
    let mut on_disc: Vec<String> = std::fs::read_dir(default_dir())
        .expect("cpc/ reads")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".asm"))
        .collect();
    on_disc.sort();
    assert_eq!(embedded_names(), on_disc);

    let weights = Weights::parse(DEFAULT_WEIGHTS_TEXT, "weights.toml").expect("valid");
    let from_memory =
        assemble(&embedded(), &weights, "weights.toml").unwrap_or_else(|e| panic!("{e}"));
    let from_dir = assemble(&Sources::dir(default_dir()), &weights, "cpc/weights.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(from_memory.binary(), from_dir.binary());
    assert_eq!(from_memory.crc32(), crc32fast::hash(&from_dir.binary()));
    assert_eq!(
        (from_memory.load(), from_memory.exec()),
        (from_dir.load(), from_dir.exec())
    );
    // The media are the same bytes whichever way the program was made.
    let (m, d) = (from_memory.program(), from_dir.program());
    assert_eq!(
        cpc_game::media::dsk(&m).unwrap(),
        cpc_game::media::dsk(&d).unwrap()
    );
    assert_eq!(
        cpc_game::media::sna(&m).unwrap(),
        cpc_game::media::sna(&d).unwrap()
    );
}

#[test]
fn a_mistake_in_memory_sources_names_the_file_line_and_column() {
    use cpc_game::program::assemble;
    use cpc_game::sources::{embedded, Sources};

    let Sources::Memory(mut files) = embedded() else {
        panic!("embedded sources are in memory")
    };
    let eval = files
        .iter_mut()
        .find(|(name, _)| name == "eval.asm")
        .expect("eval.asm is embedded");
    eval.1 = format!("        ld a,(ix+\n{}", eval.1);
    let err = assemble(&Sources::Memory(files), &Weights::default(), "weights.toml")
        .err()
        .expect("the build fails");
    let text = err.to_string();
    assert!(text.contains("eval.asm:1:"), "{text}");
}

#[test]
fn a_table_with_issue_53_s_trial_terms_is_refused_by_every_build() {
    let shipped = std::fs::read_to_string(cpc_game::sources::default_dir().join("weights.toml"))
        .expect("cpc/weights.toml");
    let text = shipped.replace("[search]\n", "[search]\nparity = 8\n");
    let weights = Weights::parse(&text, "mine.toml").expect("the reference reads it");
    let err = cpc_game::assemble(&cpc_game::sources::embedded(), &weights, "mine.toml")
        .err()
        .expect("refused");
    let message = err.to_string();
    assert!(
        matches!(err, BuildError::Weights(_))
            && message.starts_with("mine.toml:1:1")
            && message.contains("the Z80 program does not implement them"),
        "{message}"
    );
}

#[test]
fn an_edge_table_saturates_with_the_line_share_and_must_read_the_same_both_ways() {
    let shipped = std::fs::read_to_string(cpc_game::sources::default_dir().join("weights.toml"))
        .expect("cpc/weights.toml");
    // With mobility 8 the line shares are larger: some share + edge value would leave the
    // byte, and the evaluation adds the value that brings it to the bound instead.
    let text = shipped.replace("mobility = 3 ", "mobility = 8 ");
    let w = Weights::parse(&text, "mine.toml").expect("a valid file");
    let shares = othello_engine::lines::table(8, 7, 8);
    let (played, written) = (w.edge().unwrap(), w.edge_in_file().unwrap());
    let mut saturated = 0;
    for s in 0..shares.len() {
        let sum = shares[s] + i32::from(written[s]);
        assert_eq!(
            shares[s] + i32::from(played[s]),
            sum.clamp(-127, 127),
            "state {s}"
        );
        saturated += usize::from(played[s] != written[s]);
    }
    assert!(saturated > 0, "mobility 8 saturates some states");
    // The program builds with it, and the bytes it unpacks are the saturated sums.
    let image =
        cpc_game::assemble(&cpc_game::sources::embedded(), &w, "mine.toml").expect("the build");
    assert!(image.edgetab_inc().contains("EDGE_TABLE_PRESENT equ 1"));
    let e = edge_bytes(&w).expect("an edge table");
    let line_bytes: Vec<u8> = shares.iter().map(|&v| (v + e.line_bias) as u8).collect();
    let unpacked = unpack(&packed(&e), e.bias, &line_bytes, e.line_bias);
    for s in 0..shares.len() {
        let sum = (shares[s] + i32::from(written[s])).clamp(-127, 127);
        assert_eq!(i32::from(unpacked[s]) - e.bias, sum, "state {s}");
    }

    // A table that reads differently from the two ends of an edge.
    let at = shipped.find("values = [\n").expect("the edge table") + "values = [\n".len();
    let rest = &shipped[at..];
    let (first_line, _) = rest.split_once('\n').unwrap();
    let mut values: Vec<String> = first_line.split(", ").map(str::to_string).collect();
    // State 1 (a disc at place 0) must equal state 2187 (at place 7); make state 1 and its
    // colour swap, state 2, differ from them (antisymmetry kept).
    values[1] = "5".into();
    values[2] = "-5".into();
    let edited = format!(
        "{}{}{}",
        &shipped[..at],
        values.join(", "),
        &rest[first_line.len()..]
    );
    let message = Weights::parse(&edited, "mine.toml")
        .unwrap_err()
        .to_string();
    assert!(
        message.starts_with("mine.toml:")
            && message.contains("edge.values[1] = 5")
            && message.contains("from either end"),
        "{message}"
    );
}

#[test]
fn a_book_too_big_for_the_program_says_how_much_fits() {
    use cpc_game::program::assemble;
    use cpc_game::sources::{embedded, Sources};

    // 100 bytes more program before its end: the shipped book no longer fits below FRAMES.
    let Sources::Memory(mut files) = embedded() else {
        panic!("embedded sources are in memory")
    };
    let main = files
        .iter_mut()
        .find(|(name, _)| name == "main.asm")
        .expect("main.asm is embedded");
    main.1 = main
        .1
        .replacen("program_end:", "        ds 100\nprogram_end:", 1);
    let err = assemble(&Sources::Memory(files), &Weights::default(), "weights.toml")
        .err()
        .expect("the build fails");
    let BuildError::BookTooBig {
        entries,
        bytes,
        room,
        ..
    } = &err
    else {
        panic!("{err}")
    };
    assert_eq!(*bytes, entries * 19);
    assert!(*room < *bytes && *room + 100 >= *bytes, "{err}");
    let text = err.to_string();
    assert!(
        text.contains("does not fit") && text.contains("plies = 0"),
        "{text}"
    );
}
