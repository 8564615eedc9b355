//! Acceptance: every Z80 instruction form of tests/data/z80_forms.txt (bytes derived by
//! gen_forms.py from the opcode structure, not from our encoder) encodes byte for byte.

#[path = "data/table.rs"]
mod table;

use std::io::Write;
use table::{assemble_line, encode_line, forms, hex, TOTAL};

#[test]
fn table_holds_696_documented_and_440_undocumented_forms() {
    let all = forms();
    let documented = all.iter().filter(|f| f.documented).count();
    assert_eq!((documented, all.len() - documented), (696, 440));
    assert_eq!(all.len(), TOTAL);
}

/// Compares `assemble` on every line with the table; the failures, one line each.
fn mismatches(assemble: fn(&str) -> Result<Vec<u8>, String>) -> Vec<String> {
    let mut out = Vec::new();
    for form in forms() {
        let got = match assemble(&form.source) {
            Ok(bytes) if bytes == form.expected => continue,
            Ok(bytes) => hex(&bytes),
            Err(e) => format!("error: {e}"),
        };
        out.push(format!(
            "z80_forms.txt:{}: `{}`: expected {}, got {got}",
            form.line,
            form.source,
            hex(&form.expected)
        ));
    }
    out
}

/// The acceptance test: each form through the real source path (`assemble_str`).
#[test]
fn every_form_assembles_to_its_table_bytes() {
    let bad = mismatches(assemble_line);
    let matched = TOTAL - bad.len();
    // Straight to stderr so the count shows even when the test passes.
    let _ = writeln!(
        std::io::stderr(),
        "z80 forms: {matched}/{TOTAL} assemble to the table's bytes"
    );
    assert!(
        bad.is_empty(),
        "{matched}/{TOTAL} forms match; mismatches:\n{}",
        bad.join("\n")
    );
}

/// The same table straight into the encoder, so a failure above is placed on one side.
#[test]
fn every_form_encodes_to_its_table_bytes() {
    let bad = mismatches(encode_line);
    assert!(
        bad.is_empty(),
        "{}/{TOTAL} forms match; mismatches:\n{}",
        TOTAL - bad.len(),
        bad.join("\n")
    );
}

/// Spellings the table does not use (it holds one line per form), through the real
/// assembler: each must give the same bytes as the table's spelling.
#[test]
fn alternative_spellings_assemble_like_the_table_spelling() {
    let pairs = [
        ("add b", "add a,b"),
        ("adc (ix+5)", "adc a,(ix+5)"),
        ("sbc &12", "sbc a,&12"),
        ("sub a,b", "sub b"),
        ("cp a,iyl", "cp iyl"),
        ("and a,(hl)", "and (hl)"),
        ("sl1 b", "sll b"),
        ("sli (iy-3),a", "sll (iy-3),a"),
        ("in (c)", "in f,(c)"),
        ("ex af,af", "ex af,af'"),
        ("jp hl", "jp (hl)"),
        ("jp ix", "jp (ix)"),
        ("jp iy", "jp (iy)"),
        ("ld a,(ix)", "ld a,(ix+0)"),
        ("LD A,(IX+5)", "ld a,(ix+5)"),
        ("Set 3,(IY-3),A", "set 3,(iy-3),a"),
        ("ld hx,b", "ld ixh,b"),
        ("ld xl,c", "ld ixl,c"),
        ("ld a,lx", "ld a,ixl"),
        ("inc xh", "inc ixh"),
        ("ld hy,ly", "ld iyh,iyl"),
        ("dec yl", "dec iyl"),
        ("add a,yh", "add a,iyh"),
        ("rst 8", "rst &08"),
        ("rst #38", "rst &38"),
        ("jr c,$+5", "jr c,$+5"),
    ];
    let mut bad = Vec::new();
    for (alt, canonical) in pairs {
        let want = assemble_line(canonical);
        let got = assemble_line(alt);
        if want.is_err() || got != want {
            bad.push(format!("`{alt}` gave {got:?}, `{canonical}` gave {want:?}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The committed table is exactly what the generator writes (nobody edited it by hand).
#[test]
fn table_is_what_gen_forms_py_writes() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gen_forms.py");
    match std::process::Command::new("python3")
        .arg(script)
        .arg("--check")
        .output()
    {
        Ok(out) => assert!(
            out.status.success(),
            "gen_forms.py --check failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => {
            let why = format!("cannot run python3 to check z80_forms.txt: {e}");
            assert!(std::env::var("CI").as_deref() != Ok("true"), "{why}");
            let _ = writeln!(std::io::stderr(), "\n*** SKIPPED: {why} ***\n");
        }
    }
}
