//! Every key of the matrix, read by a program through the PPI and PSG register 14 with the
//! firmware's scanning sequence (reference section 4.7).

use cpc_emu::{CpcKey, KeyScript};

use crate::common::{boot, label};

/// After each interrupt, scans lines 0-9 into `lines`.
const SCANNER: &str = "
        org &4000
        di
        ld sp,&c000
        ld hl,&c9fb
        ld (&38),hl
        ei
main:   halt
        call scan
        jr main
scan:   ld bc,&f782
        out (c),c
        ld bc,&f40e
        out (c),c
        ld bc,&f6c0
        out (c),c
        ld bc,&f600
        out (c),c
        ld bc,&f792
        out (c),c
        ld hl,lines
        ld d,&40
        ld e,10
line:   ld b,&f6
        out (c),d
        ld b,&f4
        in a,(c)
        ld (hl),a
        inc hl
        inc d
        dec e
        jr nz,line
        ld bc,&f782
        out (c),c
        ld bc,&f600
        out (c),c
        ret
lines:  ds 10,&aa
";

#[test]
fn every_key_of_the_matrix_reads_through_the_psg() {
    let (mut cpc, asm) = boot(SCANNER);
    let lines = label(&asm, "lines");
    cpc.run_frame().unwrap();
    assert_eq!(cpc.read_bytes(lines, 10), [0xFF; 10], "nothing pressed");
    for key in CpcKey::ALL {
        cpc.press(key);
        cpc.run_frame().unwrap();
        let (line, bit) = key.position();
        let mut want = [0xFF; 10];
        want[line as usize] = !(1 << bit);
        assert_eq!(cpc.read_bytes(lines, 10), want, "{key}");
        cpc.release(key);
    }
    cpc.run_frame().unwrap();
    assert_eq!(cpc.read_bytes(lines, 10), [0xFF; 10]);
}

#[test]
fn several_keys_and_joystick_at_once() {
    let (mut cpc, asm) = boot(SCANNER);
    let lines = label(&asm, "lines");
    for key in [
        CpcKey::Shift,
        CpcKey::Control,
        CpcKey::Joy0Fire1,
        CpcKey::Joy0Up,
        CpcKey::A,
    ] {
        cpc.press(key);
    }
    cpc.run_frame().unwrap();
    let got = cpc.read_bytes(lines, 10);
    assert_eq!(got[2], !(0x80 | 0x20));
    assert_eq!(got[9], !(0x10 | 0x01));
    assert_eq!(got[8], !0x20);
}

/// A script's presses and releases happen at the frames it names.
#[test]
fn key_script_timing() {
    let (mut cpc, asm) = boot(SCANNER);
    let lines = label(&asm, "lines");
    cpc.schedule(&KeyScript::parse("3:SPACE*4 10:+J0FIRE2 12:-J0FIRE2").unwrap());
    let mut seen = Vec::new();
    for _ in 0..14 {
        cpc.run_frame().unwrap();
        let l = cpc.read_bytes(lines, 10);
        seen.push((l[5] & 0x80 == 0, l[9] & 0x20 == 0));
    }
    // Frame f (1-based count after run_frame) shows the keys held during frame f-1.
    let space: Vec<usize> = (0..14).filter(|&i| seen[i].0).collect();
    let fire: Vec<usize> = (0..14).filter(|&i| seen[i].1).collect();
    assert_eq!(space, vec![3, 4, 5, 6]);
    assert_eq!(fire, vec![10, 11]);
}

#[test]
fn tapped_key_releases_after_its_hold_time() {
    let (mut cpc, asm) = boot(SCANNER);
    let lines = label(&asm, "lines");
    cpc.tap(CpcKey::Return, 30_000);
    cpc.run_frame().unwrap();
    assert_eq!(cpc.read_bytes(lines, 10)[2], !0x04);
    cpc.run_frame().unwrap();
    assert_eq!(cpc.read_bytes(lines, 10)[2], 0xFF);
}
