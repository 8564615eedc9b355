//! Write watches: `run_frames_watching` stops right after the instruction that writes the
//! watched RAM byte, whatever value it writes and through whichever window the byte is seen.

use crate::common::{boot, label};

const WRITES: &str = "
        org &8000
        di
        ld a,1
        ld (flag),a
first:  ld (flag),a
second: ld hl,&c010
        ld (hl),5
third:  ld bc,&7fc3
        out (c),c
        ld a,9
        ld (&c010),a
        ld (&4010),a
fourth: ld bc,&7fc0
        out (c),c
        ld a,2
        ld (&c011),a
        halt
flag:   db 0
";

#[test]
fn the_watch_stops_after_each_write_of_the_byte() {
    let (mut cpc, asm) = boot(WRITES);
    cpc.watch_writes(Some(label(&asm, "flag")));
    assert!(cpc.run_frames_watching(5).unwrap(), "the first write");
    assert_eq!(cpc.pc(), label(&asm, "first"));
    assert!(cpc.run_frames_watching(5).unwrap(), "the same value again");
    assert_eq!(cpc.pc(), label(&asm, "second"));
    assert_eq!(cpc.frame(), 0);
    // The byte at &C010 (block 3): written at &C010 in configuration 0, then shown at &4010 by
    // configuration 3, where &C010 is block 7.
    cpc.watch_writes(Some(0xC010));
    assert!(cpc.run_frames_watching(5).unwrap());
    assert_eq!(cpc.pc(), label(&asm, "third"));
    assert!(cpc.run_frames_watching(5).unwrap(), "block 3 through &4010");
    assert_eq!(cpc.pc(), label(&asm, "fourth"));
    assert_eq!(cpc.peek(0xC010), 9);
    // &C011 is not watched: the frames run out.
    assert!(!cpc.run_frames_watching(3).unwrap());
    assert_eq!(cpc.frame(), 3);
}

#[test]
fn no_watch_runs_the_frames_and_reset_keeps_the_watch() {
    let (mut cpc, asm) = boot(WRITES);
    assert!(!cpc.run_frames_watching(2).unwrap());
    assert_eq!(cpc.frame(), 2);
    cpc.reset().unwrap();
    cpc.watch_writes(Some(label(&asm, "flag")));
    cpc.reset().unwrap();
    assert!(cpc.run_frames_watching(1).unwrap());
    assert_eq!(cpc.pc(), label(&asm, "first"));
}

const SPAN: &str = "
        org &8000
        di
        ld a,1
        ld (below),a
        ld (pair+1),a
second: ld (after),a
        ld hl,&0102
        ld (pair),hl
third:  ld a,3
        ld (pair),a
fourth: jr fourth
below:  db 0
pair:   dw 0
after:  db 0
";

#[test]
fn a_span_stops_at_writes_to_any_of_its_bytes_and_run_watching_keeps_its_time_limit() {
    let (mut cpc, asm) = boot(SPAN);
    assert!(cpc.watch_writes_span(label(&asm, "pair"), 2));
    assert!(cpc.run_watching(1_000).unwrap().met(), "its second byte");
    assert_eq!(cpc.pc(), label(&asm, "second"));
    assert!(cpc.run_watching(1_000).unwrap().met(), "both at once");
    assert_eq!(cpc.pc(), label(&asm, "third"));
    assert!(cpc.run_watching(1_000).unwrap().met(), "its first byte");
    assert_eq!(cpc.pc(), label(&asm, "fourth"));
    let out = cpc.run_watching(5_000).unwrap();
    assert!(!out.met(), "the bytes beside it are not watched");
    assert!(matches!(out, cpc_emu::RunOutcome::LimitReached { elapsed_us } if elapsed_us >= 5_000));
    assert!(!cpc.watch_writes_span(0x7FFF, 2), "across &8000");
    assert!(cpc.watch_writes_span(0x8000, 0), "nothing");
}
