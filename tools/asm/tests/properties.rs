//! Property tests: no input makes the assembler panic; numbers, expressions, data and label
//! layout agree with values computed here independently.

use proptest::prelude::*;

/// Words and symbols the assembler knows, so random lines reach deep into the parser.
const VOCAB: &[&str] = &[
    "ld", "jr", "djnz", "jp", "call", "ret", "push", "pop", "ex", "add", "adc", "sub", "and", "or",
    "xor", "cp", "inc", "dec", "bit", "set", "res", "rlc", "sll", "in", "out", "im", "rst", "nop",
    "halt", "a", "b", "c", "hl", "ix", "iy", "ixh", "af'", "sp", "(hl)", "(ix+5)", "(iy-3)", "(c)",
    "nz", "z", "org", "db", "dw", "ds", "align", "equ", "=", "if", "else", "endif", "ifdef",
    "ifndef", "macro", "endm", "rept", "endr", "include", "incbin", "assert", "print", "run",
    "label", "label:", ".loc", "@mac", "$", "&FF", "#10", "%101", "0x7F", "12h", "'a'", "\"str\"",
    "1", "0", "-1", "65535", "(", ")", ",", ":", "+", "-", "*", "/", "%", "<<", ">>", "&", "|",
    "^", "~", "!", "==", "<", "&&", "||", "low", "high", "{", "}", ";c", "\t",
];

fn soup() -> impl Strategy<Value = String> {
    let line = prop::collection::vec(prop::sample::select(VOCAB), 0..8).prop_map(|w| w.join(" "));
    prop::collection::vec((any::<bool>(), line), 0..30).prop_map(|lines| {
        lines
            .into_iter()
            .map(|(indent, l)| {
                if indent {
                    format!(" {l}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_any_text(src in "\\PC{0,200}") {
        let _ = cpc_asm::assemble_str(&src);
    }

    #[test]
    fn never_panics_on_token_soup(src in soup()) {
        if let Err(d) = cpc_asm::assemble_str(&src) {
            // Rendering must not panic either, and says where.
            let text = d.to_string();
            prop_assert!(text.starts_with("error: "));
        }
    }
}

fn forms(v: u32) -> Vec<String> {
    vec![
        format!("&{v:X}"),
        format!("#{v:x}"),
        format!("${v:X}"),
        format!("0x{v:X}"),
        format!("0{v:X}h"),
        format!("%{v:b}"),
        format!("0b{v:b}"),
        format!("{v}"),
    ]
}

proptest! {
    #[test]
    fn every_number_form_gives_the_same_value(v in 0u32..=0xFFFF) {
        for f in forms(v) {
            let asm = cpc_asm::assemble_str(&format!(" dw {f}\n")).unwrap();
            prop_assert_eq!(asm.binary(), (v as u16).to_le_bytes().to_vec(), "{}", f);
        }
    }

    #[test]
    fn db_round_trips_bytes_in_any_form(bytes in prop::collection::vec(any::<u8>(), 1..40), pick in any::<u64>()) {
        let items: Vec<String> = bytes
            .iter()
            .enumerate()
            .map(|(i, &b)| forms(b as u32)[(pick as usize + i) % 8].clone())
            .collect();
        let asm = cpc_asm::assemble_str(&format!(" db {}\n", items.join(", "))).unwrap();
        prop_assert_eq!(asm.binary(), bytes);
    }

    #[test]
    fn strings_in_db_are_their_bytes(s in "[ -!#-&(-~]{0,30}") {
        let asm = cpc_asm::assemble_str(&format!(" db \"{s}\", 0\n db '{s}'\n")).unwrap();
        let mut want = s.as_bytes().to_vec();
        want.push(0);
        want.extend_from_slice(s.as_bytes());
        prop_assert_eq!(asm.binary(), want);
    }
}

/// A random expression and its value under C rules (computed here, not by the assembler).
fn expr() -> impl Strategy<Value = (String, i64)> {
    let leaf = (-1000i64..1000).prop_map(|v| (format!("({v})"), v));
    leaf.prop_recursive(5, 40, 2, |inner| {
        let binop = (inner.clone(), 0usize..16, inner.clone()).prop_map(|((a, x), op, (b, y))| {
            let (sym, v) = match op {
                0 => ("+", x.wrapping_add(y)),
                1 => ("-", x.wrapping_sub(y)),
                2 => ("*", x.wrapping_mul(y)),
                3 => ("&", x & y),
                4 => ("|", x | y),
                5 => ("^", x ^ y),
                6 => ("==", (x == y) as i64),
                7 => ("!=", (x != y) as i64),
                8 => ("<", (x < y) as i64),
                9 => ("<=", (x <= y) as i64),
                10 => (">", (x > y) as i64),
                11 => (">=", (x >= y) as i64),
                12 => ("&&", (x != 0 && y != 0) as i64),
                13 => ("||", (x != 0 || y != 0) as i64),
                // Divisors and shift counts are made safe: the error cases have their own tests.
                14 => return (format!("(({a}) / (({b}) | 1))"), x.wrapping_div(y | 1)),
                _ => {
                    return (
                        format!("(({a}) << (({b}) & 7))"),
                        x.wrapping_shl((y & 7) as u32),
                    )
                }
            };
            (format!("({a} {sym} {b})"), v)
        });
        let unop = (0usize..4, inner).prop_map(|(op, (a, x))| match op {
            0 => (format!("-{a}"), x.wrapping_neg()),
            1 => (format!("~{a}"), !x),
            2 => (format!("!{a}"), (x == 0) as i64),
            _ => (
                format!("(low({a}) + high({a}))"),
                (x & 0xFF) + ((x >> 8) & 0xFF),
            ),
        });
        prop_oneof![binop, unop]
    })
}

proptest! {
    #[test]
    fn expressions_follow_c_rules((text, value) in expr()) {
        let asm = cpc_asm::assemble_str(&format!("v equ {text}\n"));
        match asm {
            Ok(asm) => prop_assert_eq!(asm.symbol("v"), Some(value), "{}", text),
            Err(d) => {
                // Only the size limit may refuse a valid expression.
                prop_assert!(d.errors()[0].message().contains("too long"), "{}: {}", text, d);
            }
        }
    }

    /// Labels before and after their use get the same addresses, whatever the layout.
    #[test]
    fn forward_and_backward_labels_agree(sizes in prop::collection::vec(0u16..300, 1..20)) {
        let n = sizes.len();
        let mut src = String::from(" org &1000\n");
        src.push_str(&(0..n).map(|i| format!(" dw l{i}\n")).collect::<String>());
        for (i, s) in sizes.iter().enumerate() {
            src.push_str(&format!("l{i}: ds {s}\n"));
        }
        src.push_str(&(0..n).map(|i| format!(" dw l{i}\n")).collect::<String>());
        let asm = cpc_asm::assemble_str(&src).unwrap();
        let bin = asm.binary();
        let mut addr = 0x1000 + 2 * n as u32;
        for (i, s) in sizes.iter().enumerate() {
            let fwd = u16::from_le_bytes([bin[2 * i], bin[2 * i + 1]]) as u32;
            let back_at = bin.len() - 2 * n + 2 * i;
            let back = u16::from_le_bytes([bin[back_at], bin[back_at + 1]]) as u32;
            prop_assert_eq!((fwd, back), (addr, addr));
            addr += *s as u32;
        }
    }
}
