//! The 300 Hz interrupt, VSYNC on PPI port B, HALT and the IM 0 / IM 2 errors.

use cpc_emu::timing::{FRAME_US, LINE_US};
use cpc_emu::{CpuError, EmuError, EventKind};

use crate::common::{boot, label};

/// A handler at &0038 that counts interrupts in `ticks` (16 bits), and a HALT loop that
/// counts frames in `frames`: one every 6 interrupts.
const COUNTER: &str = "
        org &4000
start:  di
        ld sp,&c000
        im 1
        ld a,&c3
        ld (&38),a
        ld hl,handler
        ld (&39),hl
        ei
frame:  ld b,6
wait:   halt
        djnz wait
        ld hl,(frames)
        inc hl
        ld (frames),hl
        jr frame
handler:
        push hl
        ld hl,(ticks)
        inc hl
        ld (ticks),hl
        pop hl
        ei
        ret
ticks:  dw 0
frames: dw 0
";

#[test]
fn six_interrupts_per_frame_52_lines_apart() {
    let (mut cpc, asm) = boot(COUNTER);
    cpc.set_event_log(true);
    let frames = 50;
    cpc.run_frames(frames).unwrap();
    let events = cpc.take_events();
    let irqs: Vec<u64> = events
        .iter()
        .filter(|e| e.kind == EventKind::Interrupt)
        .map(|e| e.time_us)
        .collect();
    assert_eq!(irqs.len() as u64, 6 * frames);
    assert_eq!(cpc.interrupts(), 6 * frames);
    assert_eq!(cpc.peek_word(label(&asm, "ticks")) as u64, 6 * frames);
    // The CPU idles in HALT, so each interrupt is taken the moment it is raised: exactly
    // 52 lines (3 328 µs) apart, the first 2 lines after each VSYNC starts.
    for pair in irqs.windows(2) {
        assert_eq!(pair[1] - pair[0], 52 * LINE_US);
    }
    let vsyncs: Vec<u64> = events
        .iter()
        .filter(|e| e.kind == EventKind::VsyncStart)
        .map(|e| e.time_us)
        .collect();
    assert_eq!(vsyncs.len() as u64, frames);
    for (i, v) in vsyncs.iter().enumerate() {
        assert_eq!(*v, (i as u64 + 1) * FRAME_US);
    }
    assert_eq!(irqs[0], 2 * LINE_US);
    assert_eq!(irqs[6] - vsyncs[0], 2 * LINE_US);
}

#[test]
fn halt_based_frame_loop_keeps_time() {
    let (mut cpc, asm) = boot(COUNTER);
    cpc.run_frames(100).unwrap();
    assert_eq!(cpc.time_us(), 100 * FRAME_US);
    // 6 interrupts per frame, the first taken after `ei`: the loop has completed 100
    // frames' worth of 6 HALTs.
    assert_eq!(cpc.peek_word(label(&asm, "frames")), 100);
    assert_eq!(cpc.frame(), 100);
}

/// With interrupts off, the program counts rising edges of PPI port B bit 0.
#[test]
fn vsync_seen_on_port_b_once_per_frame() {
    let src = "
        org &4000
        di
        ld hl,0
        ld b,&f5
low:    in a,(c)
        rra
        jr c,low
high:   in a,(c)
        rra
        jr nc,high
        inc hl
        ld (count),hl
        jr low
count:  dw 0
";
    let (mut cpc, asm) = boot(src);
    // The machine starts on the first line of VSYNC: edges come at 1, 2, ... frames.
    cpc.run_frames(25).unwrap();
    cpc.run_for(100).unwrap();
    assert_eq!(cpc.peek_word(label(&asm, "count")), 25);
    // The bit rises when VSYNC starts and stays high for 8 lines (R3 = &8E).
    let count = label(&asm, "count");
    assert!(cpc
        .run_until(FRAME_US, |m| m.peek_word(count) == 26)
        .unwrap()
        .met());
    let rise_seen = cpc.time_us();
    assert!(rise_seen - 26 * FRAME_US < 20, "rise seen at {rise_seen}");
    let high = label(&asm, "high");
    assert!(cpc.run_until(FRAME_US, |m| m.pc() == high).unwrap().met());
    let fall_seen = cpc.time_us();
    let width = fall_seen - rise_seen;
    assert!(
        (8 * LINE_US - 20..=8 * LINE_US + 20).contains(&width),
        "VSYNC seen {width} µs"
    );
}

#[test]
fn interrupt_in_im_2_is_an_error() {
    let src = "
        org &4000
        im 2
        ei
loop:   jr loop
";
    let (mut cpc, _) = boot(src);
    let err = cpc.run_frame().unwrap_err();
    match &err {
        EmuError::Cpu {
            error: CpuError::UnsupportedInterruptMode { mode, pc },
            time_us,
            ..
        } => {
            assert_eq!(*mode, 2);
            assert_eq!(*pc, 0x4003);
            // The first interrupt (2 lines into VSYNC), taken at the end of a 3 µs JR.
            assert!(
                (2 * LINE_US..2 * LINE_US + 3).contains(time_us),
                "at {time_us} µs"
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    assert!(err.to_string().contains("IM 2"), "{err}");
    // The machine stays stopped on the same error, without panicking.
    assert!(cpc.run_frame().is_err());
}

#[test]
fn interrupt_in_im_0_is_an_error() {
    let (mut cpc, _) = boot("  org &4000\n  im 0\n  ei\nloop: jr loop\n");
    let err = cpc.run_frame().unwrap_err();
    assert!(err.to_string().contains("IM 0"), "{err}");
}

/// With interrupts disabled a HALT never ends, but time and the frames go on.
#[test]
fn halt_with_interrupts_off_keeps_time() {
    let (mut cpc, _) = boot("  org &4000\n  di\n  halt\n");
    cpc.run_frames(3).unwrap();
    assert_eq!(cpc.time_us(), 3 * FRAME_US);
    assert_eq!(cpc.pc(), 0x4002);
    assert!(cpc.registers().halted);
    assert!(cpc.gate_array().int_pending, "the request waits for EI");
}
