//! Property tests of the encoder: it never panics, whatever it is given, and the size of
//! an instruction depends on its form only, never on the values or the check mode.

#[path = "data/table.rs"]
mod table;

use cpc_asm::encode::{encode, Check, Cond, EncodeError, IndexReg, Operand, Reg16, Reg8};
use proptest::prelude::*;

fn reg8() -> impl Strategy<Value = Reg8> {
    prop::sample::select(vec![
        Reg8::A,
        Reg8::B,
        Reg8::C,
        Reg8::D,
        Reg8::E,
        Reg8::H,
        Reg8::L,
        Reg8::I,
        Reg8::R,
        Reg8::F,
        Reg8::Ixh,
        Reg8::Ixl,
        Reg8::Iyh,
        Reg8::Iyl,
    ])
}

fn reg16() -> impl Strategy<Value = Reg16> {
    prop::sample::select(vec![
        Reg16::Bc,
        Reg16::De,
        Reg16::Hl,
        Reg16::Sp,
        Reg16::Af,
        Reg16::AfAlt,
        Reg16::Ix,
        Reg16::Iy,
    ])
}

/// Values around every boundary the encoder checks, and anything else.
fn value() -> impl Strategy<Value = i64> {
    prop_oneof![
        prop::sample::select(vec![
            0,
            1,
            7,
            8,
            0x38,
            127,
            128,
            -128,
            -129,
            255,
            256,
            65535,
            65536,
            -32768,
            -32769,
            i64::MIN,
            i64::MAX
        ]),
        -70000i64..70000,
        any::<i64>(),
    ]
}

fn operand() -> impl Strategy<Value = Operand> {
    let index = prop::sample::select(vec![IndexReg::Ix, IndexReg::Iy]);
    let cond = prop::sample::select(vec![
        Cond::Nz,
        Cond::Z,
        Cond::Nc,
        Cond::Po,
        Cond::Pe,
        Cond::P,
        Cond::M,
    ]);
    prop_oneof![
        reg8().prop_map(Operand::Reg8),
        reg16().prop_map(Operand::Reg16),
        cond.prop_map(Operand::Cond),
        value().prop_map(Operand::Imm),
        value().prop_map(Operand::Mem),
        reg16().prop_map(Operand::Ind),
        Just(Operand::PortC),
        (index, value()).prop_map(|(i, d)| Operand::Indexed(i, d)),
    ]
}

/// Real mnemonics (in mixed case) most of the time, arbitrary text otherwise.
fn mnemonic() -> impl Strategy<Value = String> {
    let names: Vec<String> = table::forms()
        .iter()
        .map(|f| f.source.split(' ').next().unwrap_or("").to_string())
        .chain(["sl1", "sli", "IN", "Ex"].map(String::from))
        .collect();
    prop_oneof![
        3 => prop::sample::select(names),
        1 => ".{0,8}",
    ]
}

fn check() -> impl Strategy<Value = Check> {
    prop::sample::select(vec![Check::Strict, Check::Lenient])
}

/// A table form with each of its values replaced by an arbitrary one.
fn form_with_values() -> impl Strategy<Value = (String, Vec<Operand>, usize, u16)> {
    let forms = table::forms();
    (
        0..forms.len(),
        prop::collection::vec(value(), 3),
        any::<u16>(),
    )
        .prop_map(move |(i, values, pc)| {
            let form = &forms[i];
            let (mnemonic, mut ops) = table::parse(&form.source, pc).expect("table parses");
            for (op, v) in ops.iter_mut().zip(values) {
                match op {
                    Operand::Imm(x) | Operand::Mem(x) | Operand::Indexed(_, x) => *x = v,
                    _ => {}
                }
            }
            (mnemonic, ops, form.expected.len(), pc)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn encode_never_panics(
        m in mnemonic(),
        ops in prop::collection::vec(operand(), 0..5),
        pc in any::<u16>(),
        check in check(),
    ) {
        let _ = encode(&m, &ops, pc, check);
    }

    /// Strict and lenient agree on what exists; lenient only differs by truncating.
    #[test]
    fn strict_success_is_lenient_success(
        m in mnemonic(),
        ops in prop::collection::vec(operand(), 0..4),
        pc in any::<u16>(),
    ) {
        let strict = encode(&m, &ops, pc, Check::Strict);
        let lenient = encode(&m, &ops, pc, Check::Lenient);
        match strict {
            Ok(bytes) => prop_assert_eq!(lenient, Ok(bytes)),
            Err(EncodeError::OutOfRange { .. }) => prop_assert!(lenient.is_ok()),
            Err(e) => prop_assert_eq!(lenient, Err(e)),
        }
    }

    /// Every table form keeps its size, whatever its values and in both modes.
    #[test]
    fn size_depends_on_the_form_only((m, ops, size, pc) in form_with_values()) {
        let lenient = encode(&m, &ops, pc, Check::Lenient);
        prop_assert_eq!(lenient.as_ref().map(Vec::len), Ok(size), "{} {:?}", m, ops);
        match encode(&m, &ops, pc, Check::Strict) {
            Ok(bytes) => prop_assert_eq!(Ok(bytes), lenient),
            Err(EncodeError::OutOfRange { .. }) => {}
            Err(e) => prop_assert!(false, "{} {:?}: {}", m, ops, e),
        }
    }
}
