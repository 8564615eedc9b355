//! How errors are rendered: rustc style, with the source line, a caret under the exact
//! place, and the include/macro chain as notes. Every error of the final pass is reported.

use std::path::PathBuf;

use cpc_asm::{assemble_str, assemble_with, MemoryFiles, Options};

#[test]
fn one_error_with_caret_under_the_operand() {
    let err = assemble_str("start:\n\tld a,(ix+300)\n").unwrap_err();
    let want = "\
error: index offset 300 is out of range -128..=127
 --> <input>:2:7
  |
2 |     ld a,(ix+300)
  |          ^^^^^^^^

error: could not assemble because of the error above";
    assert_eq!(err.to_string(), want);
}

#[test]
fn every_error_is_reported_in_source_order() {
    let err = assemble_str(" db 1/0\n db undefined\n nop nop\n db 300\n").unwrap_err();
    let messages: Vec<&str> = err.errors().iter().map(|d| d.message()).collect();
    assert_eq!(
        messages,
        [
            "division by zero",
            "undefined symbol `undefined`",
            "`nop` is a reserved word, not a value",
            "byte value 300 is out of range -128..=255",
        ]
    );
    let lines: Vec<usize> = err
        .errors()
        .iter()
        .map(|d| d.location().unwrap().line)
        .collect();
    assert_eq!(lines, [1, 2, 3, 4]);
    assert!(err
        .to_string()
        .ends_with("error: could not assemble because of 4 errors"));
}

#[test]
fn macro_and_include_chain_as_notes() {
    let mut m = MemoryFiles::new();
    m.insert("main.asm", "\tinclude \"lib.asm\"\n\tpoke 300\n");
    m.insert("lib.asm", "\tmacro poke v\n\tdb v\n\tendm\n");
    let err = assemble_with(&m, &[PathBuf::from("main.asm")], &Options::default()).unwrap_err();
    let want = "\
error: byte value 300 is out of range -128..=255
 --> main.asm:2:7
  |
2 |     poke 300
  |          ^^^
note: in this expansion of macro `poke`
 --> main.asm:2:2
  |
2 |     poke 300
  |     ^^^^^^^^

error: could not assemble because of the error above";
    assert_eq!(err.to_string(), want);

    m.insert("main.asm", "\tinclude \"lib.asm\"\n\tbad\n");
    m.insert("lib.asm", "\tmacro bad\n\tdb 1/0\n\tendm\n");
    let err = assemble_with(&m, &[PathBuf::from("main.asm")], &Options::default()).unwrap_err();
    let text = err.to_string();
    assert!(text.contains(" --> lib.asm:2:7\n"), "{text}");
    assert!(
        text.contains("note: in this expansion of macro `bad`\n --> main.asm:2:2\n"),
        "{text}"
    );
}

#[test]
fn include_chain_is_outermost_last() {
    let mut m = MemoryFiles::new();
    m.insert("a.asm", " include \"b.asm\"\n");
    m.insert("b.asm", " include \"c.asm\"\n");
    m.insert("c.asm", " db x\n");
    let err = assemble_with(&m, &[PathBuf::from("a.asm")], &Options::default()).unwrap_err();
    let d = &err.errors()[0];
    assert_eq!(d.message(), "undefined symbol `x`");
    assert_eq!(d.location().unwrap().file, "c.asm");
    let notes: Vec<&str> = d.notes().iter().map(|n| n.message()).collect();
    assert_eq!(
        notes,
        ["in the file included here", "in the file included here"]
    );
    let text = err.to_string();
    let b = text.find(" --> b.asm:1:10").expect("b.asm note");
    let a = text.find(" --> a.asm:1:10").expect("a.asm note");
    assert!(b < a, "{text}");
}

#[test]
fn rept_iteration_is_named() {
    let err = assemble_str(" rept 3\n db 1 / (2 - 2)\n endr\n").unwrap_err();
    assert_eq!(
        err.errors().len(),
        1,
        "the same error in each iteration is shown once"
    );
    let text = err.to_string();
    assert!(text.contains("note: in iteration 1 of this REPT"), "{text}");
}

#[test]
fn duplicate_label_points_at_both() {
    let err = assemble_str("here: nop\nhere: nop\n").unwrap_err();
    let want = "\
error: `here` is defined twice
 --> <input>:2:1
  |
2 | here: nop
  | ^^^^
note: first defined here
 --> <input>:1:1
  |
1 | here: nop
  | ^^^^

error: could not assemble because of the error above";
    assert_eq!(err.to_string(), want);
}

#[test]
fn wide_line_numbers_align_the_gutter() {
    let src = format!("{}\tdb 1/0\n", "\n".repeat(99));
    let err = assemble_str(&src).unwrap_err();
    let text = err.to_string();
    let want = "  --> <input>:100:7\n    |\n100 |     db 1/0\n    |          ^ this divisor is 0\n";
    assert!(text.contains(want), "{text}");
}
