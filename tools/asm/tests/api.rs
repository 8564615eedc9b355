//! The library API: linking several files, outputs (binary, symbols, listing, map),
//! options (defines, include dirs, generated files, exec), and file lookup.

#[path = "../../game/tests/support/scratch_dir.rs"]
mod scratch_dir;

use std::path::PathBuf;

use cpc_asm::{assemble_str, assemble_str_with, assemble_with, MemoryFiles, Options, SymbolKind};

fn files(list: &[(&str, &str)]) -> MemoryFiles {
    let mut m = MemoryFiles::new();
    for (name, text) in list {
        m.insert(name, text.as_bytes());
    }
    m
}

fn paths(names: &[&str]) -> Vec<PathBuf> {
    names.iter().map(PathBuf::from).collect()
}

#[test]
fn files_share_symbols_and_continue_where_the_previous_ended() {
    let m = files(&[
        ("a.asm", " org &4000\nstart: dw helper\n.loc db 1\n"),
        ("b.asm", "helper: db low(start), low(.loc)\n.loc db 2\n"),
    ]);
    let asm = assemble_with(&m, &paths(&["a.asm", "b.asm"]), &Options::default()).unwrap();
    assert_eq!(asm.binary(), vec![0x03, 0x40, 1, 0x00, 0x05, 2]);
    assert_eq!(asm.symbol("helper"), Some(0x4003));
    // Local labels are scoped per file: b.asm's `.loc` belongs to `helper`.
    assert_eq!(asm.symbol("start.loc"), Some(0x4002));
    assert_eq!(asm.symbol("helper.loc"), Some(0x4005));
    assert_eq!(asm.sections().len(), 2);
    assert_eq!(asm.sections()[1].origin.file, "b.asm");
    assert_eq!(asm.exec_address(), 0x4000);
}

#[test]
fn overlapping_files_are_an_error_naming_both() {
    let m = files(&[
        ("a.asm", " org &4000\n ds 16\n"),
        ("b.asm", "\n org &400F\n db 1\n"),
    ]);
    let err = assemble_with(&m, &paths(&["a.asm", "b.asm"]), &Options::default()).unwrap_err();
    assert_eq!(err.errors().len(), 1);
    let d = &err.errors()[0];
    assert_eq!(
        d.message(),
        "section &400F-&400F overlaps section &4000-&400F"
    );
    assert_eq!(d.location().unwrap().file, "b.asm");
    assert_eq!(d.location().unwrap().line, 2);
    let text = err.to_string();
    assert!(text.contains(" --> b.asm:2:2"), "{text}");
    assert!(text.contains(" --> a.asm:1:2"), "{text}");
}

#[test]
fn binary_spans_the_lowest_to_the_highest_address_with_zero_gaps() {
    let asm = assemble_str(" org &4004\n db 4\n org &4000\n db 1\n").unwrap();
    assert_eq!(asm.binary(), vec![1, 0, 0, 0, 4]);
    assert_eq!(asm.load_address(), 0x4000);
    // The entry defaults to the first code in source order, not the lowest address.
    assert_eq!(asm.exec_address(), 0x4004);
}

#[test]
fn exec_address_from_run_and_from_options() {
    let src = " org &4000\n db 0\nmain: ret\n run main\n";
    assert_eq!(assemble_str(src).unwrap().exec_address(), 0x4001);
    let opts = Options {
        exec: Some(0x4000),
        ..Options::default()
    };
    assert_eq!(
        assemble_str_with(src, &opts).unwrap().exec_address(),
        0x4000
    );
    let err = assemble_str(" run 1\n run 2\n").unwrap_err();
    assert_eq!(err.errors()[0].message(), "a second RUN");
    assert!(assemble_str(" run &10000\n").is_err());
}

#[test]
fn empty_program() {
    let asm = assemble_str("; nothing\n").unwrap();
    assert!(asm.binary().is_empty());
    assert_eq!(asm.load_address(), 0);
    assert!(asm.sections().is_empty());
}

#[test]
fn symbol_files() {
    let src = " org &4000\nStart: nop\n.inner nop\nCOUNT equ 3\nv = 1\n macro mac\n@hidden: nop\n endm\n mac\n";
    let opts = Options::default().define("FLAG", -1);
    let asm = assemble_str_with(src, &opts).unwrap();
    let names: Vec<&str> = asm.symbols().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["COUNT", "FLAG", "Start", "Start.inner", "v"]);
    assert_eq!(
        asm.symbols_winape(),
        "COUNT &0003\nFLAG -1\nStart &4000\nStart.inner &4001\nv &0001\n"
    );
    assert_eq!(
        asm.symbols_equ(),
        "COUNT EQU &0003\nFLAG EQU -1\nStart EQU &4000\nStart.inner EQU &4001\nv EQU &0001\n"
    );
    let json: serde_json::Value = serde_json::from_str(&asm.symbols_json()).unwrap();
    assert_eq!(json["load"], 0x4000);
    assert_eq!(json["exec"], 0x4000);
    assert_eq!(json["length"], 3);
    assert_eq!(json["symbols"]["Start"]["value"], 0x4000);
    assert_eq!(json["symbols"]["Start"]["kind"], "label");
    assert_eq!(json["symbols"]["Start"]["file"], "<input>");
    assert_eq!(json["symbols"]["Start"]["line"], 2);
    assert_eq!(json["symbols"]["COUNT"]["kind"], "equ");
    assert_eq!(json["symbols"]["v"]["kind"], "variable");
    assert_eq!(json["symbols"]["FLAG"]["kind"], "define");
    assert!(json["symbols"]["FLAG"].get("file").is_none());
    let kinds: Vec<SymbolKind> = asm.symbols().iter().map(|s| s.kind).collect();
    assert_eq!(kinds[1], SymbolKind::Define);
    assert_eq!(asm.symbol("start.INNER"), Some(0x4001));
}

#[test]
fn listing_shows_addresses_bytes_lines_and_nesting() {
    let m = files(&[
        (
            "main.asm",
            " org &4000\n ld a,1\n include \"sub.asm\"\n db \"ABCDEFGHI\"\n",
        ),
        ("sub.asm", " nop\n"),
    ]);
    let asm = assemble_with(&m, &paths(&["main.asm"]), &Options::default()).unwrap();
    let listing = asm.listing();
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines[2], "--- main.asm");
    assert_eq!(lines[3], "4000                    1    org &4000");
    assert_eq!(lines[4], "4000  3E 01             2    ld a,1");
    assert_eq!(lines[5], "4002                    3    include \"sub.asm\"");
    assert_eq!(lines[6], "--- sub.asm");
    assert_eq!(lines[7], "4002  00                1+   nop");
    assert_eq!(lines[8], "--- main.asm");
    assert_eq!(lines[9], "4003  41 42 43 44       4    db \"ABCDEFGHI\"");
    assert_eq!(lines[10], "4007  45 46 47 48");
    assert_eq!(lines[11], "400B  49");
    let e = &asm.listing_entries()[3];
    assert_eq!(
        (e.file.as_str(), e.line, e.top_line, e.depth),
        ("sub.asm", 1, 3, 1)
    );
}

#[test]
fn memory_map_lists_sections_gaps_and_labels() {
    let asm = assemble_str(" org &4000\nfirst: ds 16\n org &4100\nsecond: db 1\n").unwrap();
    let map = asm.memory_map();
    assert!(map.contains("load &4000, exec &4000, 257 bytes"), "{map}");
    assert!(map.contains("  &4000  &400F     16  <input>:1"), "{map}");
    assert!(map.contains("  &4010  &40FF    240  (free)"), "{map}");
    assert!(map.contains("  &4100  &4100      1  <input>:3"), "{map}");
    assert!(map.contains("  &4100  second"), "{map}");
}

#[test]
fn defines_and_their_conflicts() {
    let opts = Options::default().define("SIZE", 3);
    let asm = assemble_str_with(" ds SIZE\n ifdef SIZE\n db 1\n endif\n", &opts).unwrap();
    assert_eq!(asm.binary(), vec![0, 0, 0, 1]);
    let err = assemble_str_with("SIZE equ 4\n", &opts).unwrap_err();
    assert_eq!(err.errors()[0].message(), "`SIZE` is defined twice");
    assert!(err.errors()[0].notes()[0].message().contains("-D"));
    let bad = Options::default().define("ld", 1);
    let err = assemble_str_with(" nop\n", &bad).unwrap_err();
    assert!(err.errors()[0].message().contains("reserved word"));
}

#[test]
fn parse_define_forms() {
    assert_eq!(cpc_asm::parse_define("X=&10"), Ok(("X".into(), 16)));
    assert_eq!(cpc_asm::parse_define(" Y = 1 << 4 "), Ok(("Y".into(), 16)));
    assert_eq!(cpc_asm::parse_define("DBG"), Ok(("DBG".into(), 1)));
    assert!(cpc_asm::parse_define("DBG=").is_err());
    assert!(cpc_asm::parse_define("DBG=foo").is_err());
    assert!(cpc_asm::parse_define("DBG=$").is_err());
    assert!(
        cpc_asm::parse_define("Z=1").is_err(),
        "a condition name is reserved"
    );
    assert!(cpc_asm::parse_define("=3").is_err());
    assert!(cpc_asm::parse_define("hl=3").is_err());
}

#[test]
fn generated_files_come_before_disk_files() {
    let m = files(&[("main.asm", " include \"w.inc\"\n"), ("w.inc", " db 1\n")]);
    let opts = Options::default().generated_file("w.inc", " db 2\n");
    let asm = assemble_with(&m, &paths(&["main.asm"]), &opts).unwrap();
    assert_eq!(asm.binary(), vec![2]);
}

#[test]
fn includes_look_next_to_the_including_file_then_in_include_dirs() {
    let m = files(&[
        (
            "src/main.asm",
            " include \"lib/a.inc\"\n include \"common.inc\"\n incbin \"data.bin\"\n",
        ),
        ("src/lib/a.inc", " include \"b.inc\"\n"),
        ("src/lib/b.inc", " db 1\n"),
        ("inc/common.inc", " db 2\n"),
        ("src/common.inc", " db 3\n"),
        ("inc/data.bin", "\x09"),
    ]);
    let opts = Options::default().include_dir("inc");
    let asm = assemble_with(&m, &paths(&["src/main.asm"]), &opts).unwrap();
    assert_eq!(asm.binary(), vec![1, 3, 9]);
}

#[test]
fn missing_root_file() {
    let err = assemble_with(
        &MemoryFiles::new(),
        &paths(&["nope.asm"]),
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(
        err.errors()[0].message(),
        "cannot read `nope.asm`: no such file"
    );
    assert!(err.errors()[0].location().is_none());
}

#[test]
fn latin1_sources_are_read() {
    let mut m = MemoryFiles::new();
    m.insert("l1.asm", b" db \"\xe9t\xe9\"\n".to_vec());
    let asm = assemble_with(&m, &paths(&["l1.asm"]), &Options::default()).unwrap();
    assert_eq!(asm.binary(), vec![0xE9, b't', 0xE9]);
}

#[test]
fn assemble_file_reads_the_disk() {
    let dir = scratch_dir::scratch_dir("asm-api", "assemble_file_reads_the_disk");
    std::fs::write(dir.join("m.asm"), " org &100\n include \"i.asm\"\n").unwrap();
    std::fs::write(dir.join("i.asm"), " db 7\n").unwrap();
    let asm = cpc_asm::assemble_file(dir.join("m.asm"), &Options::default()).unwrap();
    assert_eq!((asm.load_address(), asm.binary()), (0x100, vec![7]));
}

#[test]
fn printed_output_survives_failure() {
    let err = assemble_str(" print \"before\"\n db 1/0\n").unwrap_err();
    assert_eq!(err.printed(), ["before"]);
}
