//! The emulator's picture against a real CPC 6128 (MAME with the Amstrad ROMs): one
//! screen-drawing program, started with `RUN"` in MAME and from the same .dsk in our
//! emulator, must give the same pen for every pixel of the 320 x 200 area in modes 1, 0
//! and 2. The pens are decoded from each picture's colours (nearest hardware colour), so
//! the check covers pixel packing, inks, screen addressing and where the screen area sits
//! in the picture.
//!
//! Screenshots of both are kept in `target/test-output/emu-mame/`.

use std::path::Path;

use cpc_e2e::mame::{self, Machine, Script};
use cpc_e2e::{oracle, workspace};
use cpc_emu::palette;
use cpc_emu::timing::FRAME_US;
use cpc_emu::Cpc;

const TEST: &str = "oracles::emu_mame::same_pens_as_a_real_cpc";
const MARKER: u16 = 0x9000;

/// Inks (&40 + hardware colour) of pens 0-15, then the border: all different.
const INKS: [u8; 17] = [
    0x54, 0x44, 0x55, 0x5C, 0x58, 0x5D, 0x4C, 0x45, 0x4D, 0x56, 0x46, 0x57, 0x5E, 0x40, 0x5F, 0x4E,
    0x52,
];

/// Takes the machine over (DI, ROMs off, screen at &C000), sets the inks, fills the screen
/// with byte = high XOR low of its address, then shows it in mode 1, 0 and 2 in turn: 3
/// frames after each switch it writes 1, 2, 3 to MARKER and holds the mode 40 frames.
/// Frames are counted on PPI port B's VSYNC bit (no interrupts: the firmware's handler
/// would redo the inks).
fn program() -> String {
    let inks: Vec<String> = INKS.iter().map(|i| format!("&{i:02X}")).collect();
    format!(
        "        org &4000
start:  di
        ld sp,&c000
        xor a
        ld (&{MARKER:04X}),a
        ld bc,&bc0c
        out (c),c
        ld bc,&bd30
        out (c),c
        ld bc,&bc0d
        out (c),c
        ld bc,&bd00
        out (c),c
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
        ld bc,&7f8d
        out (c),c
        ld hl,&c000
fill:   ld a,h
        xor l
        ld (hl),a
        inc hl
        ld a,h
        or l
        jr nz,fill
        ld hl,modes
next:   ld a,(hl)
        inc hl
        or &8c
        ld bc,&7f00
        out (c),a
        ld e,3
        call wait
        ld a,(hl)
        inc hl
        ld (&{MARKER:04X}),a
        ld e,40
        call wait
        ld a,(hl)
        cp &ff
        jr nz,next
hold:   jr hold
wait:   call frame
        dec e
        jr nz,wait
        ret
frame:  ld b,&f5
off:    in a,(c)
        rra
        jr c,off
on:     in a,(c)
        rra
        jr nc,on
        ret
modes:  db 1,1, 0,2, 2,3, &ff
inks:   db {}
",
        inks.join(",")
    )
}

/// (mode, marker value) in the order the program shows them.
const MODES: [(u8, u8); 3] = [(1, 1), (0, 2), (2, 3)];

/// The screen area's top-left corner and the pens of its 200 rows, from a picture with
/// `rows_per_line` host rows per scan line. The area is the bounding box of the pixels that are not border-coloured
/// (every pen's colour differs from the border's); each pixel's pen is the pen whose
/// hardware colour is nearest, and every host pixel of a CPC pixel must agree.
type Decoded = ((usize, usize), Vec<Vec<u8>>);

fn decode(
    rgb: &[[u8; 3]],
    width: usize,
    rows_per_line: usize,
    mode: u8,
) -> Result<Decoded, String> {
    let height = rgb.len() / width;
    let border = rgb[0];
    let inside = |x: usize, y: usize| rgb[y * width + x] != border;
    let xs: Vec<usize> = (0..width)
        .filter(|&x| (0..height).any(|y| inside(x, y)))
        .collect();
    let ys: Vec<usize> = (0..height)
        .filter(|&y| (0..width).any(|x| inside(x, y)))
        .collect();
    let (Some(&left), Some(&right), Some(&top), Some(&bottom)) =
        (xs.first(), xs.last(), ys.first(), ys.last())
    else {
        return Err("the picture is all border".into());
    };
    let (w, h) = (right - left + 1, bottom - top + 1);
    if (w, h) != (640, 200 * rows_per_line) {
        return Err(format!(
            "screen area {w} x {h} at ({left},{top}), expected 640 x {}",
            200 * rows_per_line
        ));
    }
    let px = match mode {
        0 => 4,
        1 => 2,
        _ => 1,
    };
    let pens: Vec<[i32; 3]> = INKS[..16]
        .iter()
        .map(|i| {
            let c = palette::rgb(i & 0x1F);
            [(c >> 16) as i32, (c >> 8 & 0xFF) as i32, (c & 0xFF) as i32]
        })
        .collect();
    let nearest = |c: [u8; 3]| {
        (0..16u8)
            .min_by_key(|&p| {
                let q = pens[p as usize];
                (0..3).map(|k| (q[k] - c[k] as i32).pow(2)).sum::<i32>()
            })
            .unwrap()
    };
    let mut rows = Vec::with_capacity(200);
    for line in 0..200 {
        let y = top + line * rows_per_line;
        let mut row = Vec::with_capacity(640 / px);
        for x in (0..640).step_by(px) {
            let first = rgb[y * width + left + x];
            for dy in 0..rows_per_line {
                for dx in 0..px {
                    if rgb[(y + dy) * width + left + x + dx] != first {
                        return Err(format!("pixel ({},{line}) is not one colour", x / px));
                    }
                }
            }
            row.push(nearest(first));
        }
        rows.push(row);
    }
    Ok(((left, top), rows))
}

fn read_png(path: &Path) -> (Vec<[u8; 3]>, usize) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb, "{}", path.display());
    let rgb = buf[..info.buffer_size()]
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (rgb, info.width as usize)
}

fn compare(mode: u8, ours: &[Vec<u8>], real: &[Vec<u8>]) {
    for (y, (a, b)) in ours.iter().zip(real).enumerate() {
        if let Some(x) = (0..a.len()).find(|&x| a[x] != b[x]) {
            panic!(
                "mode {mode}: pixel ({x},{y}) is pen {} in our emulator, pen {} in MAME",
                a[x], b[x]
            );
        }
    }
}

#[test]
fn same_pens_as_a_real_cpc() {
    if let Err(e) = mame::available() {
        return oracle::unavailable(TEST, &e.to_string());
    }
    let keep = workspace::test_output("emu-mame");
    let work = workspace::scratch_dir("emu-mame");
    let asm = cpc_asm::assemble_str(&program()).unwrap_or_else(|d| panic!("{d}"));
    let mut disk = cpc_dsk::Disk::new_data(cpc_dsk::ImageKind::Standard);
    disk.put_binary(
        "SCREEN.BIN",
        &asm.binary(),
        asm.load_address(),
        asm.exec_address(),
    )
    .unwrap();
    let dsk = work.join("screen.dsk");
    disk.save(&dsk).unwrap();

    let mut script = Script::new(Machine::Cpc6128)
        .floppy(&dsk)
        .wait_frames(100)
        .type_text("run\"screen\n");
    for (mode, marker) in MODES {
        script = script
            .wait_ram(MARKER, marker, 40 * mame::FPS)
            .snapshot(&format!("mode{mode}"));
    }
    let outcome = mame::run(&script, &work.join("mame")).unwrap_or_else(|e| panic!("{e}"));

    let image = std::fs::read(&dsk).unwrap();
    let mut cpc = Cpc::boot_dsk(&image, Some("SCREEN")).unwrap();
    for (mode, marker) in MODES {
        let shown = cpc.run_until_memory(MARKER, marker, 60 * FRAME_US).unwrap();
        assert!(shown.met(), "our emulator never showed mode {mode}");
        let ours_png = keep.join(format!("ours-mode{mode}.png"));
        cpc.save_png(&ours_png).unwrap();
        let real_png = keep.join(format!("mame-mode{mode}.png"));
        std::fs::copy(&outcome.snapshots[&format!("mode{mode}")], &real_png).unwrap();

        let (rgb, width) = read_png(&real_png);
        let real = decode(&rgb, width, 1, mode).unwrap_or_else(|e| panic!("MAME mode {mode}: {e}"));
        let fb: Vec<[u8; 3]> = cpc
            .framebuffer()
            .iter()
            .map(|p| [(p >> 16) as u8, (p >> 8) as u8, *p as u8])
            .collect();
        let ours = decode(&fb, cpc_emu::WIDTH, 2, mode)
            .unwrap_or_else(|e| panic!("ours mode {mode}: {e}"));
        assert_eq!(
            ours.0,
            (real.0 .0, 2 * real.0 .1),
            "mode {mode}: screen area placed differently"
        );
        compare(mode, &ours.1, &real.1);
    }
}
