//! The picture, decoded back to pens from the framebuffer's colours and compared with the
//! pixel layout of the reference (section 4.5), re-implemented here from its bit tables.

use cpc_emu::palette;
use cpc_emu::video::{SCREEN_LEFT, SCREEN_TOP};
use cpc_emu::{Cpc, HEIGHT, WIDTH};

use crate::common::boot;

/// Hardware colours (as written to the Gate Array, &40 + n) for pens 0-15, then the border:
/// firmware colours 0-15 and 18, all different.
const INKS: [u8; 17] = [
    0x54, 0x44, 0x55, 0x5C, 0x58, 0x5D, 0x4C, 0x45, 0x4D, 0x56, 0x46, 0x57, 0x5E, 0x40, 0x5F, 0x4E,
    0x52,
];

/// Sets the inks, selects `mode` with `OUT (C)` to the RMR, fills &C000-&FFFF with
/// byte = high XOR low of its address (every byte value appears), then idles on HALT.
/// `extra` is inserted before the fill (an interrupt handler set-up).
fn screen_program(mode: u8, extra: &str) -> String {
    let inks: Vec<String> = INKS.iter().map(|i| format!("&{i:02X}")).collect();
    format!(
        "        org &4000
start:  di
        ld sp,&c000
        ld hl,inks
        ld bc,&7f00
        ld e,17
ink:    out (c),c
        ld a,(hl)
        inc hl
        out (c),a
        inc c
        dec e
        jr nz,ink
        ld bc,&7f8c+{mode}
        out (c),c
{extra}
        ld hl,&c000
fill:   ld a,h
        xor l
        ld (hl),a
        inc hl
        ld a,h
        or l
        jr nz,fill
        ei
idle:   halt
        jr idle
inks:   db {}
",
        inks.join(",")
    )
}

/// Pixels per byte and host pixels per CPC pixel in each mode.
fn geometry(mode: u8) -> (usize, usize) {
    match mode {
        0 => (2, 4),
        1 => (4, 2),
        _ => (8, 1),
    }
}

/// The pen of pixel `x` of screen row `y` (0-199) for the fill pattern, from the reference.
fn expected_pen(mode: u8, x: usize, y: usize) -> u8 {
    let (per_byte, _) = geometry(mode);
    let addr = 0xC000 + (y >> 3) * 80 + (y & 7) * 0x800 + x / per_byte;
    let byte = ((addr >> 8) ^ (addr & 0xFF)) as u8;
    let bit = |n: usize| (byte >> n) & 1;
    let p = x % per_byte;
    match mode {
        // Pixel 0: pen bits 0-3 = byte bits 7,3,5,1; pixel 1: 6,2,4,0.
        0 if p == 0 => bit(7) | bit(3) << 1 | bit(5) << 2 | bit(1) << 3,
        0 => bit(6) | bit(2) << 1 | bit(4) << 2 | bit(0) << 3,
        // Pixel p: pen bit 0 = bit 7-p, pen bit 1 = bit 3-p.
        1 => bit(7 - p) | bit(3 - p) << 1,
        // Pixel p = bit 7-p.
        _ => bit(7 - p),
    }
}

/// Colour of each pen (16 = border) as the monitor shows it.
fn pen_colours() -> Vec<u32> {
    INKS.iter().map(|i| palette::rgb(i & 0x1F)).collect()
}

fn pen_of(colour: u32) -> Option<u8> {
    pen_colours()
        .iter()
        .position(|c| *c == colour)
        .map(|p| p as u8)
}

/// Decodes screen row `y` as `mode` from the framebuffer; `None` if any host pixel of a
/// CPC pixel disagrees with the others or is not a pen colour.
fn decode_row(fb: &[u32], mode: u8, y: usize) -> Option<Vec<u8>> {
    let (per_byte, width) = geometry(mode);
    let pixels = 80 * per_byte;
    let mut pens = Vec::with_capacity(pixels);
    for x in 0..pixels {
        let left = SCREEN_LEFT + x * width;
        let top = SCREEN_TOP + 2 * y;
        let first = fb[top * WIDTH + left];
        for dy in 0..2 {
            for dx in 0..width {
                if fb[(top + dy) * WIDTH + left + dx] != first {
                    return None;
                }
            }
        }
        pens.push(pen_of(first)?);
    }
    Some(pens)
}

fn expected_row(mode: u8, y: usize) -> Vec<u8> {
    let (per_byte, _) = geometry(mode);
    (0..80 * per_byte)
        .map(|x| expected_pen(mode, x, y))
        .collect()
}

/// The fill loop takes ~180 000 µs: 12 frames are enough for the whole picture.
const FRAMES: u64 = 12;

fn check_mode(mode: u8) {
    let (mut cpc, _) = boot(&screen_program(mode, ""));
    cpc.run_frames(FRAMES).unwrap();
    let fb = cpc.framebuffer();
    for y in 0..200 {
        let got =
            decode_row(fb, mode, y).unwrap_or_else(|| panic!("mode {mode} row {y} undecodable"));
        let want = expected_row(mode, y);
        if let Some(x) = (0..got.len()).find(|&x| got[x] != want[x]) {
            panic!(
                "mode {mode}, pixel ({x},{y}): pen {} instead of {}",
                got[x], want[x]
            );
        }
    }
    check_border(&cpc);
}

/// Everything outside the 640 x 400 host-pixel screen area is border.
fn check_border(cpc: &Cpc) {
    let border = pen_colours()[16];
    let fb = cpc.framebuffer();
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let inside = (SCREEN_LEFT..SCREEN_LEFT + 640).contains(&x)
                && (SCREEN_TOP..SCREEN_TOP + 400).contains(&y);
            if !inside {
                assert_eq!(fb[y * WIDTH + x], border, "border at ({x},{y})");
            }
        }
    }
}

#[test]
fn mode_0_pen_per_pixel() {
    check_mode(0);
}

#[test]
fn mode_1_pen_per_pixel() {
    check_mode(1);
}

#[test]
fn mode_2_pen_per_pixel() {
    check_mode(2);
}

/// The interrupt handler switches mode at each interrupt from a table reset during VSYNC:
/// the picture shows bands of modes 2, 1, 0, 2, 1, each row entirely in one mode, the
/// bands 52 lines apart (the interrupt spacing).
#[test]
fn mode_changes_take_effect_per_line() {
    let handler = "        ld hl,&c3
        ld (&38),hl
        ld hl,handler
        ld (&39),hl
        jr handler_end
handler: push af
        push bc
        push hl
        ld b,&f5
        in a,(c)
        rra
        jr nc,count
        xor a
        ld (index),a
count:  ld a,(index)
        ld c,a
        inc a
        ld (index),a
        ld b,0
        ld hl,modes
        add hl,bc
        ld a,(hl)
        or &8c
        ld bc,&7f00
        out (c),a
        pop hl
        pop bc
        pop af
        ei
        ret
index:  db 0
modes:  db 2,2,1,0,2,1,1,1
handler_end:";
    let (mut cpc, _) = boot(&screen_program(2, handler));
    cpc.run_frames(FRAMES).unwrap();
    let fb = cpc.framebuffer();
    let mut modes = Vec::new();
    for y in 0..200 {
        let matching: Vec<u8> = (0..3u8)
            .filter(|&m| decode_row(fb, m, y).is_some_and(|row| row == expected_row(m, y)))
            .collect();
        assert_eq!(matching.len(), 1, "row {y} matches modes {matching:?}");
        modes.push(matching[0]);
    }
    let mut bands = vec![(modes[0], 0usize)];
    for (y, m) in modes.iter().enumerate() {
        if *m != bands.last().unwrap().0 {
            bands.push((*m, y));
        }
    }
    let sequence: Vec<u8> = bands.iter().map(|b| b.0).collect();
    assert_eq!(sequence, vec![2, 1, 0, 2, 1], "bands {bands:?}");
    for pair in bands.windows(2).skip(1) {
        assert_eq!(pair[1].1 - pair[0].1, 52, "bands {bands:?}");
    }
    // The first switch follows the interrupt 2 lines into VSYNC + 104 lines: 72 lines
    // from VSYNC to the first screen row puts it at row 34 (+1 line for the handler and
    // +1 for the HSYNC latch).
    assert!((33..=36).contains(&bands[1].1), "bands {bands:?}");
}

/// R12/R13 move the screen start, R1 and R6 its width and height (in characters), R9 the
/// lines per character row: a 32-character by 16-row screen of 4-line rows at &8000. R4
/// and R7 are doubled with the rows halved, so the frame keeps 312 lines and VSYNC its
/// place.
#[test]
fn crtc_registers_shape_the_screen() {
    let src = "
        org &4000
        di
        ld hl,regs
        ld d,7
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
        ld hl,&8000
        ld de,&8001
        ld bc,&3fff
        ld (hl),&ff
        ldir
        halt
regs:   db 12,&20, 13,0, 1,32, 6,16, 9,3, 4,77, 7,60
";
    let (mut cpc, _) = boot(src);
    cpc.run_frames(8).unwrap(); // the LDIR takes 5 frames
    let fb = cpc.framebuffer();
    let border = palette::rgb(cpc.gate_array().inks[16]);
    let pen3 = palette::rgb(cpc.gate_array().inks[3]);
    let rows: Vec<usize> = (0..HEIGHT)
        .filter(|&y| fb[y * WIDTH..(y + 1) * WIDTH].contains(&pen3))
        .collect();
    let cols: Vec<usize> = (0..WIDTH)
        .filter(|&x| (0..HEIGHT).any(|y| fb[y * WIDTH + x] == pen3))
        .collect();
    // 16 rows x 4 lines x 2 host rows; 32 characters x 16 host pixels, from the usual
    // top-left corner (R2 and R7 unchanged).
    assert_eq!((rows.len(), cols.len()), (16 * 4 * 2, 32 * 16));
    assert_eq!((rows[0], cols[0]), (SCREEN_TOP, SCREEN_LEFT));
    assert!(rows.windows(2).all(|w| w[1] == w[0] + 1) && cols.windows(2).all(|w| w[1] == w[0] + 1));
    assert_eq!(fb[SCREEN_TOP * WIDTH + SCREEN_LEFT + 32 * 16], border);
}
