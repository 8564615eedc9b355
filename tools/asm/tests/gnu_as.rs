//! Cross-check against an outside assembler: GNU as for the Z80 (Debian `binutils-z80`,
//! `z80-unknown-coff-as -march=z80+full`, then `z80-unknown-coff-objcopy -O binary`)
//! must turn the whole form table into the same bytes as the table and as our encoder,
//! accept the alternative spellings we accept where it knows them, and reject the
//! out-of-range and non-existent forms we reject.
//!
//! Source translations to GNU as syntax (the only ones the table needs; GNU as 2.40 takes
//! every undocumented spelling of the table — ixh/iyl, sll, `in f,(c)`, `out (c),0`,
//! `rlc (ix+5),b`, `ex af,af'` — as we write it):
//! * `&1234` -> `0x1234`: GNU as reads `&` as the and-operator, not as a hex prefix;
//! * `$+5` -> `.+5`: GNU as calls the current address `.`.

#[path = "../../game/tests/support/scratch_dir.rs"]
mod scratch_dir;
#[path = "data/table.rs"]
mod table;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use table::{assemble_line, assemble_table, forms, hex, TOTAL};

const AS: &str = "z80-unknown-coff-as";
const OBJCOPY: &str = "z80-unknown-coff-objcopy";

/// GNU as and objcopy, or `None` after failing (CI) or printing a loud SKIPPED.
fn gnu_tools(test: &str) -> Option<(PathBuf, PathBuf)> {
    let find = |name: &str| {
        std::env::var_os("PATH")
            .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .chain([PathBuf::from("/usr/bin")])
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    };
    match (find(AS), find(OBJCOPY)) {
        (Some(a), Some(o)) => Some((a, o)),
        _ => {
            let why =
                format!("{test}: GNU as for Z80 ({AS}, {OBJCOPY}) not found; install binutils-z80");
            assert!(std::env::var("CI").as_deref() != Ok("true"), "{why}");
            // Straight to stderr: libtest would swallow eprintln! of a passing test.
            let _ = writeln!(std::io::stderr(), "\n*** SKIPPED: {why} ***\n");
            None
        }
    }
}

/// Our syntax -> GNU as syntax (see the module doc).
fn to_gnu(line: &str) -> String {
    line.replace('&', "0x").replace('$', ".")
}

/// Assembles `source` with GNU as; the flat bytes, or its messages when it refuses.
/// GNU as's output for `source`, with the directory of its files: the caller keeps the
/// directory until its assertions are done, so that a failing test leaves them to look at.
fn gnu_assemble(
    tools: &(PathBuf, PathBuf),
    name: &str,
    source: &str,
) -> (scratch_dir::ScratchDir, Result<Vec<u8>, String>) {
    let dir = scratch_dir::scratch_dir("asm-gnu-as", name);
    let bytes = run_gnu(tools, &dir, source);
    (dir, bytes)
}

fn run_gnu(tools: &(PathBuf, PathBuf), dir: &Path, source: &str) -> Result<Vec<u8>, String> {
    let (src, obj, bin) = (dir.join("t.s"), dir.join("t.o"), dir.join("t.bin"));
    std::fs::write(&src, source).expect("write GNU as source");
    let run = |cmd: &mut Command| {
        let out = cmd
            .output()
            .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    };
    run(Command::new(&tools.0)
        .arg("-march=z80+full")
        .arg("-o")
        .arg(&obj)
        .arg(&src))?;
    run(Command::new(&tools.1)
        .args(["-O", "binary"])
        .arg(&obj)
        .arg(&bin))?;
    std::fs::read(&bin).map_err(|e| format!("cannot read {}: {e}", bin.display()))
}

#[test]
fn gnu_as_agrees_with_the_table_and_with_us() {
    let Some(tools) = gnu_tools("gnu_as_agrees_with_the_table_and_with_us") else {
        return;
    };
    let all = forms();
    assert_eq!(all.len(), TOTAL);
    let source: String = all.iter().map(|f| to_gnu(&f.source) + "\n").collect();
    let (_gnu_files, gnu) = gnu_assemble(&tools, "table", &source);
    let gnu = gnu.unwrap_or_else(|e| panic!("GNU as refused the table:\n{e}"));
    let expected: Vec<u8> = all.iter().flat_map(|f| f.expected.clone()).collect();
    // The table file is itself a source for our assembler: assemble it whole, like GNU as.
    let ours = assemble_table().unwrap_or_else(|e| panic!("we refused the table:\n{e}"));

    // Walk the lines with the table's sizes to name the first one that differs.
    let mut offset = 0;
    let mut agree = 0;
    let mut first_difference = None;
    for form in &all {
        let range = offset..offset + form.expected.len();
        let gnu_bytes = gnu.get(range.clone()).unwrap_or(&[]);
        let our_bytes = ours.get(range.clone()).unwrap_or(&[]);
        if gnu_bytes == form.expected && our_bytes == form.expected {
            agree += 1;
        } else if first_difference.is_none() {
            first_difference = Some(format!(
                "z80_forms.txt:{}: `{}` at offset {offset}: table {}, GNU as {}, ours {}",
                form.line,
                form.source,
                hex(&form.expected),
                hex(gnu_bytes),
                hex(our_bytes)
            ));
        }
        offset = range.end;
    }
    let _ = writeln!(
        std::io::stderr(),
        "GNU as, the table and our assembler agree on {agree}/{TOTAL} forms"
    );
    assert_eq!(first_difference, None, "{agree}/{TOTAL} agree");
    assert_eq!((gnu.len(), ours.len()), (expected.len(), expected.len()));
    assert!(gnu == expected && ours == expected);
}

#[test]
fn gnu_as_knows_our_alternative_spellings() {
    let Some(tools) = gnu_tools("gnu_as_knows_our_alternative_spellings") else {
        return;
    };
    // (alternative, the table's spelling). GNU as takes neither `and a,b` nor `add b`
    // (implied A in the other spelling), nor `jp hl` / `jp ix`: encodings_errors.rs checks
    // those against the table's spelling instead.
    let pairs = [
        ("sli b", "sll b"),
        ("sl1 (ix+5),c", "sll (ix+5),c"),
        ("in (c)", "in f,(c)"),
        ("ex af,af", "ex af,af'"),
        ("ld a,(ix)", "ld a,(ix+0)"),
    ];
    for (alt, canonical) in pairs {
        let (_gnu_files, gnu) = gnu_assemble(&tools, "alias", &(to_gnu(alt) + "\n"));
        let gnu = gnu.unwrap_or_else(|e| panic!("GNU as refused `{alt}`:\n{e}"));
        let ours = assemble_line(alt).unwrap_or_else(|e| panic!("we refused `{alt}`: {e}"));
        assert_eq!(hex(&ours), hex(&gnu), "`{alt}`");
        assert_eq!(
            ours,
            assemble_line(canonical).expect("canonical form"),
            "`{alt}`"
        );
    }
}

#[test]
fn gnu_as_rejects_what_we_reject() {
    let Some(tools) = gnu_tools("gnu_as_rejects_what_we_reject") else {
        return;
    };
    // GNU as only warns on an 8-bit immediate overflow (`ld a,300`), so that one is ours alone.
    let bad = [
        "rst 1",
        "rst &40",
        "im 3",
        "jr $+130",
        "djnz $-127",
        "ld a,(ix+128)",
        "ld (iy-129),b",
        "out (c),1",
        "ld ixh,iyl",
        "ld ixh,h",
        "ld l,iyl",
        "ld (hl),(hl)",
        "bit 8,a",
        "in b,(&12)",
        "jr po,$+5",
        "add ix,hl",
        "ex (sp),de",
    ];
    for line in bad {
        let (_gnu_files, gnu) = gnu_assemble(&tools, "bad", &(to_gnu(line) + "\n"));
        assert!(gnu.is_err(), "GNU as accepted `{line}`: {gnu:?}");
        let ours = assemble_line(line);
        assert!(ours.is_err(), "we accepted `{line}`: {ours:?}");
    }
}
