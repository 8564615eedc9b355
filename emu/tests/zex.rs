//! The Z80 instruction exercisers ZEXDOC and ZEXALL (Frank D. Cringle's; tests/data/zex) on
//! the emulator's CPU path: `cpu::Cpu::step` on a `bus::Bus`, the code the machine runs,
//! with its CPC timing decoded for every instruction. The bus is in RAM configuration 0
//! with no ROM, a flat 64 KB; a minimal CP/M BDOS prints (functions 2 and 9) and a jump to
//! &0000 ends the program. Every test must report OK.
//!
//! The whole runs take minutes, so they are ignored by default:
//! `cargo test --release -p cpc-emu --test zex -- --ignored --nocapture`. One short test of
//! each runs every time.

use cpc_emu::bus::Bus;
use cpc_emu::cpu::{Cpu, Step};

const ZEXDOC: &[u8] = include_bytes!("data/zex/zexdoc.com");
const ZEXALL: &[u8] = include_bytes!("data/zex/zexall.com");
/// Tests in each exerciser's table.
const TESTS: usize = 67;
/// Where the BDOS entry at &0005 jumps: a RET (the printing is done here).
const BDOS: u16 = 0xFE00;
/// `LD HL,tests` operand: the address of the exerciser's table of tests.
const TABLE_POINTER: u16 = 0x0120;

struct Run {
    output: String,
    instructions: u64,
    cpc_us: u64,
}

/// Runs a CP/M exerciser. With `only`, just that test of its table (0-based).
fn run(image: &[u8], only: Option<u16>) -> Run {
    let mut bus = Bus::new();
    for (i, &b) in image.iter().enumerate() {
        bus.write(0x0100 + i as u16, b);
    }
    // &0005: JP BDOS (so that LD SP,(6) finds the top of the memory); BDOS: RET.
    for (i, &b) in [0xC3, BDOS as u8, (BDOS >> 8) as u8].iter().enumerate() {
        bus.write(0x0005 + i as u16, b);
    }
    bus.write(BDOS, 0xC9);
    if let Some(n) = only {
        let word = |bus: &Bus, a: u16| u16::from_le_bytes([bus.read(a), bus.read(a + 1)]);
        let first = word(&bus, TABLE_POINTER) + 2 * n;
        bus.write(TABLE_POINTER, first as u8);
        bus.write(TABLE_POINTER + 1, (first >> 8) as u8);
        bus.write(first + 2, 0);
        bus.write(first + 3, 0);
    }
    let mut cpu = Cpu::new();
    let mut regs = cpu.registers();
    regs.pc = 0x0100;
    regs.sp = BDOS;
    cpu.set_registers(&regs);
    let mut output = String::new();
    let (mut instructions, mut cpc_us) = (0u64, 0u64);
    loop {
        match cpu.pc() {
            0x0000 => break,
            0x0005 => {
                let r = cpu.registers();
                match r.bc as u8 {
                    2 => output.push(r.de as u8 as char),
                    9 => {
                        let mut at = r.de;
                        let start = output.len();
                        while bus.read(at) != b'$' {
                            output.push(bus.read(at) as char);
                            at = at.wrapping_add(1);
                        }
                        eprint!("{}", &output[start..]);
                    }
                    f => panic!("BDOS function {f} is not emulated"),
                }
            }
            _ => {}
        }
        match cpu.step(&mut bus, false).expect("no interrupt is raised") {
            Step::Ran { nops, .. } => cpc_us += u64::from(nops),
            Step::Halted => panic!("HALT at &{:04X}", cpu.pc()),
        }
        instructions += 1;
    }
    Run {
        output,
        instructions,
        cpc_us,
    }
}

/// Every test line says OK, none says ERROR, and the program says it is complete.
fn check(name: &str, run: &Run, tests: usize) {
    let lines: Vec<&str> = run
        .output
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let oks = lines.iter().filter(|l| l.ends_with("OK")).count();
    assert!(
        !run.output.contains("ERROR"),
        "{name} reports an error:\n{}",
        run.output
    );
    assert_eq!(oks, tests, "{name}: tests reporting OK:\n{}", run.output);
    assert!(
        run.output.contains("Tests complete"),
        "{name} did not finish:\n{}",
        run.output
    );
    eprintln!(
        "\n{name}: {oks} tests OK, {} instructions, {} CPC µs",
        run.instructions, run.cpc_us
    );
}

#[test]
#[ignore = "minutes: run with --release -- --ignored"]
fn zexdoc_passes_on_the_cpu_path() {
    check("ZEXDOC", &run(ZEXDOC, None), TESTS);
}

#[test]
#[ignore = "minutes: run with --release -- --ignored"]
fn zexall_passes_on_the_cpu_path() {
    check("ZEXALL", &run(ZEXALL, None), TESTS);
}

/// A short test of each (the 16-bit loads from memory: a few thousand cases), every time.
#[test]
fn one_short_exerciser_test_passes() {
    for (name, image) in [("ZEXDOC", ZEXDOC), ("ZEXALL", ZEXALL)] {
        check(name, &run(image, Some(SHORT_TEST)), 1);
    }
}

/// Index in the table of `ld <bc,de>,(nnnn)`, one of the shortest tests.
const SHORT_TEST: u16 = 32;
