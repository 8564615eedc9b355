//! The game's sources keep to the syntax that WinAPE and RASM also accept (docs/assembler.md,
//! "Compatibility with WinAPE and RASM"), so a CPC developer can assemble `cpc/main.asm` with
//! the tools they know: every `cpc/*.asm` file, and the two includes the build generates,
//! pass the lint of `portable/`. The other tests feed the lint one construct each.

use super::portable::order::{forward_references, Sources};
use super::portable::{lint, Finding};
use cpc_game::program::{book_include, edgetab_include, linetab_include, weights_include};
use cpc_game::sources::default_dir;
use othello_engine::weights::Weights;

fn render(file: &str, findings: &[Finding]) -> String {
    findings
        .iter()
        .map(|f| format!("{file}:{}:{}: {}\n", f.line, f.col, f.reason))
        .collect()
}

#[test]
fn game_sources_are_portable() {
    let dir = default_dir();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "asm"))
        .collect();
    files.sort();
    assert!(files.len() > 10, "cpc/*.asm: only {files:?}");
    let mut report = String::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Latin-1 or UTF-8: the lint only looks at ASCII.
        let text: String = bytes.iter().map(|&b| char::from(b)).collect();
        let name = format!("cpc/{}", path.file_name().unwrap().to_string_lossy());
        report += &render(&name, &lint(&text));
    }
    assert!(report.is_empty(), "non-portable constructs:\n{report}");
}

#[test]
fn generated_includes_are_portable() {
    let weights = Weights::default();
    let generated = [
        ("weights.inc", weights_include(&weights, "weights.toml")),
        ("book.inc", book_include(&weights).text),
        ("linetab.inc", linetab_include(&weights)),
        ("edgetab.inc", edgetab_include(&weights)),
    ];
    for (name, text) in generated {
        assert!(text.lines().count() > 5, "{name} is nearly empty:\n{text}");
        let findings = lint(&text);
        assert!(findings.is_empty(), "{}", render(name, &findings));
    }
}

/// The single finding of `src`: its line, column and a word of its reason.
fn one(src: &str) -> (usize, usize, String) {
    let findings = lint(src);
    assert_eq!(findings.len(), 1, "{src:?}: {findings:?}");
    let f = &findings[0];
    (f.line, f.col, f.reason.clone())
}

fn assert_flags(src: &str, line: usize, col: usize, word: &str) {
    let (l, c, reason) = one(src);
    assert_eq!((l, c), (line, col), "{src:?}: {reason}");
    assert!(reason.contains(word), "{src:?}: {reason:?} lacks {word:?}");
}

#[test]
fn local_labels_are_flagged() {
    assert_flags("draw:\n.loop   djnz draw\n", 2, 1, ".name");
    assert_flags("        jr nz,.loop\n", 1, 15, ".name");
    assert_flags("    .x: nop\n", 1, 5, ".name");
}

#[test]
fn read_and_endm_are_flagged() {
    assert_flags("        read \"board.asm\"\n", 1, 9, "include");
    assert_flags("        READ \"board.asm\"\n", 1, 9, "RASM");
    assert_flags("        macro m\n        nop\n        endm\n", 3, 9, "mend");
}

/// Sources in memory, for the one-pass rule.
struct Texts(Vec<(&'static str, String)>);

impl Sources for Texts {
    fn text(&self, name: &str) -> Option<String> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| t.clone())
    }
}

/// The game's sources from `cpc/`, with the two includes the build generates.
struct Game {
    dir: std::path::PathBuf,
    generated: Vec<(&'static str, String)>,
}

impl Sources for Game {
    fn text(&self, name: &str) -> Option<String> {
        if let Some((_, t)) = self.generated.iter().find(|(n, _)| *n == name) {
            return Some(t.clone());
        }
        let bytes = std::fs::read(self.dir.join(name)).ok()?;
        Some(bytes.iter().map(|&b| char::from(b)).collect())
    }
}

#[test]
fn game_sources_define_one_pass_operands_first() {
    let weights = Weights::default();
    let game = Game {
        dir: default_dir(),
        generated: vec![
            ("weights.inc", weights_include(&weights, "weights.toml")),
            ("book.inc", book_include(&weights).text),
            ("linetab.inc", linetab_include(&weights)),
            ("edgetab.inc", edgetab_include(&weights)),
        ],
    };
    let findings = forward_references(&game, "main.asm");
    let report: String = findings
        .iter()
        .map(|(file, f)| format!("cpc/{file}:{}:{}: {}\n", f.line, f.col, f.reason))
        .collect();
    assert!(report.is_empty(), "{report}");
}

#[test]
fn later_defined_ds_org_if_and_align_operands_are_flagged() {
    let sources = Texts(vec![
        (
            "main.asm",
            "        include \"a.asm\"\nSIZE    equ 20\nHERE    equ &4000\n".to_string(),
        ),
        (
            "a.asm",
            "buf:    ds SIZE\n        org HERE+2\n        if DEBUG\n        endif\n        \
             align PAGE\nPAGE    equ 256\n        align PAGE\ndone:   ds 2*done2\ndone2:\n"
                .to_string(),
        ),
    ]);
    let found: Vec<(String, usize, usize, String)> = forward_references(&sources, "main.asm")
        .into_iter()
        .map(|(file, f)| (file, f.line, f.col, f.reason))
        .collect();
    let places: Vec<(&str, usize, usize)> = found
        .iter()
        .map(|(file, l, c, _)| (file.as_str(), *l, *c))
        .collect();
    // DEBUG is never defined: the assembler reports that, not this rule.
    assert_eq!(
        places,
        [
            ("a.asm", 1, 12),
            ("a.asm", 2, 13),
            ("a.asm", 5, 15),
            ("a.asm", 8, 14)
        ],
        "{found:?}"
    );
    assert!(
        found[0].3.contains("`SIZE` is defined later"),
        "{}",
        found[0].3
    );
    assert!(found[0].3.contains("`ds`"), "{}", found[0].3);
    assert!(found[1].3.contains("`org`"), "{}", found[1].3);
    // Defined first, the same operands pass.
    let fixed = Texts(vec![(
        "main.asm",
        "SIZE    equ 20\nbuf:    ds SIZE,&E5\n        align 256\n".to_string(),
    )]);
    assert_eq!(forward_references(&fixed, "main.asm"), []);
}

#[test]
fn non_portable_directives_are_flagged() {
    for (src, word) in [
        (" ifdef DEBUG", "ifdef"),
        (" ifndef DEBUG", "ifndef"),
        (" rept 4", "rept"),
        (" repeat 4", "repeat"),
        (" endr", "endr"),
        (" rend", "rend"),
        (" assert 1", "assert"),
        (" print \"x\"", "print"),
        (" run start", "run"),
        (" dm \"x\"", "dm"),
    ] {
        assert_flags(src, 1, 2, word);
    }
}

#[test]
fn variables_are_flagged() {
    assert_flags("n = 0\n", 1, 3, "equ");
    assert_flags("        n = n + 1\n", 1, 11, "equ");
    assert_flags("n=1\n", 1, 2, "equ");
}

#[test]
fn macro_forms_are_flagged() {
    assert_flags("RAY     macro off\n", 1, 9, "macro name");
    assert_flags("    RAY macro\n", 1, 9, "macro name");
    assert_flags("        macro ray off, weights\n", 1, 19, "parameters");
    assert_flags("        ld a,{off}\n", 1, 14, "braces");
}

#[test]
fn number_spellings_are_flagged() {
    assert_flags(" ld a,$1F", 1, 7, "$1F");
    assert_flags(" ld a,0x1F", 1, 7, "0x1F");
    assert_flags(" ld a,1Fh", 1, 7, "1Fh");
    assert_flags(" ld a,0b101", 1, 7, "0b101");
}

#[test]
fn c_operators_are_flagged() {
    for (src, col) in [
        (" ld a,x&255", 8),
        (" ld a,x & &0F", 9),
        (" ld a,x|1", 8),
        (" ld a,x^1", 8),
        (" ld a,~x", 7),
        (" ld a,!x", 7),
        (" ld a,x%3", 8),
        (" ld a,x % 3", 9),
        (" ld a,1<<3", 8),
        (" ld a,x>>8", 8),
        (" if x==1", 6),
        (" if x!=1", 6),
        (" if x<1", 6),
        (" if x>=1", 6),
        (" if x&&y", 6),
        (" if x||y", 6),
    ] {
        assert_flags(src, 1, col, "operator");
    }
}

#[test]
fn low_and_high_are_flagged() {
    assert_flags(" ld a,low(x)", 1, 7, "low()");
    assert_flags(" ld a,HIGH(x)", 1, 7, "high()");
}

#[test]
fn products_after_sums_are_flagged() {
    assert_flags(" ld e,y+2*h", 1, 10, "left to right");
    assert_flags("Y equ a-b/2", 1, 10, "left to right");
    assert_flags(" ld bc,w*256+r*h", 1, 15, "left to right");
    assert_flags(" ld (ix+a+2*b),c", 1, 12, "left to right");
}

#[test]
fn backslashes_in_strings_are_flagged() {
    assert_flags(" db \"a\\n\",0", 1, 7, "backslash");
}

#[test]
fn findings_on_one_line_are_all_reported() {
    let findings = lint(" ld a,x&1|$FF");
    let cols: Vec<usize> = findings.iter().map(|f| f.col).collect();
    assert_eq!(cols, [11, 8, 10], "{findings:?}");
}

#[test]
fn the_portable_subset_passes() {
    let src = "\
; a comment with read, .local, x&1 and $1F
start:  ld a,&FF : and %1010 : or #0F
loop    djnz loop
        ex af,af'
        jr $+2
        ld (ix+FR_BEST+1),a
        ld de,256*(PANEL_X+7)+PY_TITLE
        ld e,PY_MSG+(2*LINE_PITCH)
        ld bc,MB_ROW*MB_ROW-1
        ld a,-11
        add a,10+'0'
        cp ':'
        ld a,(label)
X       equ (FR_SIZE-FR_LIST)/2
Y:      equ -X*2
        include \"weights.inc\"
        incbin \"font.bin\"
        macro NEG_HL
@walk:  djnz @walk
        mend
        NEG_HL
        if Y
        db \"IT'S\",0,'\"'
        else
        dw X,Y
        endif
        align 256
        ds 2*60+1
";
    assert_eq!(lint(src), []);
}
