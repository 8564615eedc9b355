//! Calling a routine of a running program, and finding it through the assembler's symbols.

#[path = "../../../tools/game/tests/support/scratch_dir.rs"]
mod scratch_dir;

use cpc_emu::timing::FRAME_US;
use cpc_emu::{Symbols, CALL_SENTINEL};

use crate::common::{boot, label};

const PROGRAM: &str = "
        org &4000
start:  di
        ld sp,&c000
        im 1
        ld hl,&c9fb
        ld (&38),hl
        ei
idle:   halt
        jr idle
; HL = B * C
mul:    ld hl,0
        ld d,0
        ld e,c
        ld a,b
        or a
        ret z
mloop:  add hl,de
        djnz mloop
        ret
spin:   jr spin
";

#[test]
fn call_runs_a_routine_and_the_program_carries_on() {
    let (mut cpc, asm) = boot(PROGRAM);
    let symbols = Symbols::from_json(&asm.symbols_json()).unwrap();
    let mul = symbols.get("MUL").unwrap();
    assert_eq!(mul, label(&asm, "mul"));
    assert_eq!(symbols.load_address(), Some(0x4000));

    cpc.run_frames(2).unwrap();
    let before = cpc.registers();
    assert!(before.halted);
    let mut regs = before;
    regs.bc = 0x0709;
    cpc.set_registers(&regs);
    let outcome = cpc.call(mul, FRAME_US).unwrap();
    assert!(outcome.returned);
    assert_eq!(outcome.registers.hl, 63);
    assert_eq!(outcome.registers.pc, CALL_SENTINEL);
    // LD HL,nn 3, LD D,n 2, LD E,C 1, LD A,B 1, OR A 1, RET Z 2, 7 x ADD HL,DE 3,
    // 6 x DJNZ 4 + 3, RET 3.
    assert_eq!(outcome.elapsed_us, 3 + 2 + 1 + 1 + 1 + 2 + 21 + 24 + 3 + 3);
    let after = cpc.registers();
    assert_eq!(
        (after.pc, after.sp, after.halted),
        (before.pc, before.sp, true)
    );
    assert_eq!(after.hl, 63, "results stay in the registers");
    cpc.run_frames(2).unwrap();
    assert_eq!(cpc.interrupts(), 24, "the idle loop goes on");
}

#[test]
fn call_that_never_returns_stops_at_the_limit() {
    let (mut cpc, asm) = boot(PROGRAM);
    let outcome = cpc.call(label(&asm, "spin"), 10_000).unwrap();
    assert!(!outcome.returned);
    assert!(outcome.elapsed_us >= 10_000 && outcome.elapsed_us < 10_010);
}

#[test]
fn symbols_file_from_disk() {
    let (_, asm) = boot(PROGRAM);
    let dir = scratch_dir::scratch_dir("emu-machine", "symbols_file_from_disk");
    let path = dir.join("symbols.json");
    std::fs::write(&path, asm.symbols_json()).unwrap();
    let symbols = Symbols::load(&path).unwrap();
    assert_eq!(symbols.get("idle"), Some(label(&asm, "idle")));
    let nowhere = dir.join("nowhere/x.json");
    let missing = Symbols::load(&nowhere).unwrap_err();
    assert!(
        missing
            .to_string()
            .starts_with(&format!("{}:", nowhere.display())),
        "{missing}"
    );
}
