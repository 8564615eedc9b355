//! CPC time measured by running code: instruction costs from the reference table
//! (section 4.9, cpctech's measured values), exact and repeatable.

use cpc_emu::timing::FRAME_US;

use crate::common::{boot, label};

/// Loop costs: NOP 1, PUSH 4, POP 3, EX (SP),HL 6 (twice), LD HL,(nn) 5, DJNZ 4 (3 when it
/// falls through); then LD IX,nn 4, LD A,(IX+d) 5, LDIR 6 per byte and 5 for the last one.
const TIMED: &str = "
        org &4000
        di
        ld b,200
loop:   nop
        push bc
        pop bc
        ex (sp),hl
        ex (sp),hl
        ld hl,(&9000)
        djnz loop
        ld ix,&9000
        ld a,(ix+2)
        ld hl,&9000
        ld de,&9100
        ld bc,100
        ldir
        ld a,1
        ld (done),a
        halt
done:   db 0
";

#[test]
fn loop_takes_its_documented_microseconds() {
    let (mut cpc, asm) = boot(TIMED);
    let outcome = cpc
        .run_until_memory(label(&asm, "done"), 1, FRAME_US)
        .unwrap();
    let loop_us = 200 * (1 + 4 + 3 + 6 + 6 + 5) + 199 * 4 + 3;
    let tail = 4 + 5 + 3 + 3 + 3 + (99 * 6 + 5) + 2 + 4;
    let want = 1 + 2 + loop_us + tail;
    assert_eq!(outcome, cpc_emu::RunOutcome::Met { elapsed_us: want });
    assert_eq!(cpc.time_us(), want);
}

#[test]
fn runs_are_repeatable() {
    let run = || {
        let (mut cpc, asm) = boot(TIMED);
        cpc.run_frames(3).unwrap();
        (
            cpc.time_us(),
            cpc.registers(),
            cpc.read_bytes(0x9100, 100),
            label(&asm, "done"),
        )
    };
    assert_eq!(run(), run());
}

#[test]
fn run_until_stops_at_the_limit() {
    let (mut cpc, _) = boot("  org &4000\nspin: jr spin\n");
    let outcome = cpc.run_until_pc(0x1234, 1000).unwrap();
    assert_eq!(
        outcome,
        cpc_emu::RunOutcome::LimitReached { elapsed_us: 1002 }
    );
}

/// The CRTC's vertical registers set the frame: with the firmware's 60 Hz values
/// (R4 = 31, R5 = 6, R7 = 27) a frame is 32 x 8 + 6 = 262 lines.
#[test]
fn crtc_vertical_registers_set_the_frame_length() {
    let src = "
        org &4000
        di
        ld hl,regs
        ld d,4
setreg: ld b,&bc
        ld a,(hl)
        out (c),a
        inc hl
        ld b,&bd
        ld a,(hl)
        out (c),a
        inc hl
        dec d
        jr nz,setreg
        halt
regs:   db 4,31, 5,6, 7,27, 3,&84
";
    let (mut cpc, _) = boot(src);
    cpc.set_event_log(true);
    cpc.run_frames(6).unwrap();
    let vsyncs: Vec<u64> = cpc
        .take_events()
        .iter()
        .filter(|e| e.kind == cpc_emu::EventKind::VsyncStart)
        .map(|e| e.time_us)
        .collect();
    assert_eq!(vsyncs.len(), 6);
    for pair in vsyncs[1..].windows(2) {
        assert_eq!(pair[1] - pair[0], 262 * 64);
    }
    // VSYNC width from R3 bits 7-4: 8 lines.
    assert_eq!(cpc.crtc().vsync_width(), 8);
}
