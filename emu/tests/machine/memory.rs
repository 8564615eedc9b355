//! 6128 RAM banking driven by a program (reference section 4.2). The code sits at &8000
//! (block 2), which every configuration but 2 leaves in place; configuration 2 is covered
//! by the memory unit tests.

use crate::common::{boot, label};

const BANKING: &str = "
        org &8000
        di
        ld b,&7f
        ld hl,&4000
        ld c,&c4
        out (c),c
        ld (hl),&44
        ld c,&c5
        out (c),c
        ld (hl),&55
        ld c,&c6
        out (c),c
        ld (hl),&66
        ld c,&c7
        out (c),c
        ld (hl),&77
        ld c,&c3
        out (c),c
        ld a,&33
        ld (&4002),a
        ld a,&37
        ld (&c003),a
        ld c,&c1
        out (c),c
        ld a,&17
        ld (&c001),a
        ld c,&c0
        out (c),c
        ld (hl),&11
        ld a,(&4000)
        ld (result),a
        halt
result: db &ff
";

#[test]
fn ram_configurations_map_the_documented_blocks() {
    let (mut cpc, asm) = boot(BANKING);
    cpc.run_frame().unwrap();
    let ram = cpc.ram();
    let block = |b: usize, offset: usize| ram[b * 0x4000 + offset];
    // Configurations 4-7 put blocks 4-7 at &4000.
    assert_eq!(block(4, 0), 0x44);
    assert_eq!(block(5, 0), 0x55);
    assert_eq!(block(6, 0), 0x66);
    assert_eq!(block(7, 0), 0x77);
    // Configuration 3: block 3 at &4000 and block 7 at &C000.
    assert_eq!(block(3, 2), 0x33);
    assert_eq!(block(7, 3), 0x37);
    // Configuration 1: block 7 at &C000.
    assert_eq!(block(7, 1), 0x17);
    // Configuration 0 again: block 1 at &4000.
    assert_eq!(block(1, 0), 0x11);
    assert_eq!(cpc.peek(label(&asm, "result")), 0x11);
    assert_eq!(
        block(3, 1),
        0,
        "base screen block untouched by configuration 1"
    );
}

/// RMR bits 2 and 3 switch ROM images in and out over &0000 and &C000, and &DFxx picks the
/// upper ROM; writes always reach the RAM underneath.
#[test]
fn rom_enables_and_upper_rom_select() {
    let src = "
        org &4000
        di
        ld bc,&7f89
        out (c),c
        ld a,(&0000)
        ld (seen),a
        ld (&0000),a
        ld bc,&df07
        out (c),c
        ld bc,&7f85
        out (c),c
        ld a,(&c000)
        ld (seen+1),a
        ld bc,&df00
        out (c),c
        ld a,(&c000)
        ld (seen+2),a
        ld bc,&7f8d
        out (c),c
        ld a,(&0000)
        ld (seen+3),a
        ld a,(&c000)
        ld (seen+4),a
        halt
seen:   ds 5
";
    let (mut cpc, asm) = boot(src);
    cpc.set_lower_rom(&[0x11; 0x4000]).unwrap();
    cpc.set_upper_rom(0, &[0xB0; 0x4000]).unwrap();
    cpc.set_upper_rom(7, &[0xA7; 0x4000]).unwrap();
    cpc.poke(0xC000, 0x33);
    cpc.run_frame().unwrap();
    // Lower ROM; AMSDOS (7); BASIC (0); then RAM again: the write to &0000 went to RAM.
    assert_eq!(
        cpc.read_bytes(label(&asm, "seen"), 5),
        [0x11, 0xA7, 0xB0, 0x11, 0x33]
    );
    assert!(cpc.set_lower_rom(&[0; 100]).is_err());
}
