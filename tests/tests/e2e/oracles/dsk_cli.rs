//! `cpc-othello dsk ...` as a user runs it: the built binary on real files.

use std::path::PathBuf;
use std::process::{Command, Output};

use cpc_dsk::{Disk, DiskImage};
use cpc_e2e::workspace;

struct Cli {
    binary: PathBuf,
    dir: workspace::ScratchDir,
}

impl Cli {
    fn new(name: &str) -> Cli {
        Cli {
            binary: workspace::cli_binary().unwrap_or_else(|e| panic!("{e}")),
            dir: workspace::scratch_dir(&format!("dsk-cli-{name}")),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(&self.binary)
            .args(["dsk"])
            .args(args)
            .current_dir(&self.dir)
            .output()
            .expect("cpc-othello runs")
    }

    /// Runs and expects success; returns stdout.
    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "dsk {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Runs and expects exit code 2; returns stderr.
    fn fails(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert_eq!(out.status.code(), Some(2), "dsk {args:?} should fail");
        String::from_utf8(out.stderr).unwrap()
    }

    fn write(&self, name: &str, bytes: &[u8]) -> String {
        std::fs::write(self.path(name), bytes).unwrap();
        name.to_string()
    }

    fn read(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.path(name)).unwrap()
    }
}

fn data(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
        .collect()
}

#[test]
fn put_then_get_gives_identical_bytes_at_every_boundary_size() {
    let cli = Cli::new("roundtrip");
    for extended in [false, true] {
        let mut args = vec!["new", "x.dsk", "--force"];
        if extended {
            args.push("--extended");
        }
        cli.ok(&args);
        for (i, size) in [0usize, 1, 127, 128, 16383, 16384, 16385, 65000]
            .into_iter()
            .enumerate()
        {
            let name = format!("f{i}.bin");
            let bytes = data(size, i as u8);
            cli.write(&name, &bytes);
            cli.ok(&["put", "x.dsk", &name, "--load", "&4000"]);
            cli.ok(&["get", "x.dsk", &name, "-o", "back.bin", "--strip-header"]);
            assert!(
                cli.read("back.bin") == bytes,
                "size {size}, extended {extended}"
            );
            // Without --strip-header the AMSDOS header comes along.
            cli.ok(&["get", "x.dsk", &name, "-o", "whole.bin"]);
            let whole = cli.read("whole.bin");
            assert_eq!(whole.len(), 128 + size);
            assert!(whole[128..] == bytes[..], "size {size}");
            assert_eq!(&whole[21..23], &[0x00, 0x40], "load address");
        }
    }
}

#[test]
fn headered_files_and_ascii_files_round_trip() {
    let cli = Cli::new("kinds");
    cli.ok(&["new", "a.dsk"]);
    cli.ok(&["new", "b.dsk"]);
    let prog = cli.write("prog.bin", &data(3000, 1));
    cli.ok(&["put", "a.dsk", &prog, "--load", "0x1000", "--exec", "#1234"]);
    cli.ok(&["get", "a.dsk", "PROG.BIN", "-o", "exported.bin"]);
    // A file that carries its header is stored as is, under its new name.
    cli.ok(&["put", "b.dsk", "exported.bin", "--name", "copy.bin"]);
    cli.ok(&["get", "b.dsk", "copy.bin", "-o", "copy.bin"]);
    let copy = cli.read("copy.bin");
    let exported = cli.read("exported.bin");
    // Same header and data; only user/name (0-11) and so the checksum (67-68) differ.
    assert!(copy[12..67] == exported[12..67] && copy[69..] == exported[69..]);
    assert_eq!(&copy[1..12], b"COPY    BIN");
    assert_eq!(&copy[26..28], &[0x34, 0x12], "entry address");
    let err = cli.fails(&[
        "put",
        "b.dsk",
        "exported.bin",
        "--name",
        "x.bin",
        "--load",
        "1",
    ]);
    assert!(
        err.contains("already starts with an AMSDOS header"),
        "{err}"
    );

    let text: Vec<u8> = b"10 PRINT \"HELLO\"\r\n".repeat(200);
    let notes = cli.write("notes.txt", &text);
    cli.ok(&["put", "a.dsk", &notes, "--ascii"]);
    cli.ok(&["get", "a.dsk", "NOTES.TXT"]);
    assert!(cli.read("NOTES.TXT") == text);
    let raw = cli.write("raw.bin", &[1, 2, 3]);
    let err = cli.fails(&["put", "a.dsk", &raw]);
    assert!(err.contains("give --load ADDR"), "{err}");
}

#[test]
fn addresses_are_accepted_in_every_cpc_notation() {
    let cli = Cli::new("addresses");
    cli.ok(&["new", "x.dsk"]);
    let f = cli.write("f.bin", &[0xC9]);
    for (i, address) in ["&4000", "#4000", "0x4000", "16384"].iter().enumerate() {
        let name = format!("A{i}.BIN");
        cli.ok(&["put", "x.dsk", &f, "--name", &name, "--load", address]);
        let disk = Disk::open(cli.path("x.dsk")).unwrap();
        let header = *disk.read_file(0, &name).unwrap().valid_header().unwrap();
        assert_eq!((header.load, header.exec), (0x4000, 0x4000), "{address}");
    }
    let err = cli.fails(&["put", "x.dsk", &f, "--load", "&10000"]);
    assert!(err.contains("is not an address"), "{err}");
}

#[test]
fn ls_prints_what_cat_prints() {
    let cli = Cli::new("ls");
    cli.ok(&["new", "x.dsk"]);
    assert_eq!(
        cli.ok(&["ls", "x.dsk"]),
        "Drive A: user  0\n\n\n178K free\n"
    );
    for (name, size) in [("b.bin", 2000), ("a.bin", 10), ("c.bin", 17000)] {
        let f = cli.write(name, &data(size, 0));
        cli.ok(&["put", "x.dsk", &f, "--load", "&4000"]);
    }
    let f = cli.write("u.bin", &[0]);
    cli.ok(&["put", "x.dsk", &f, "--load", "&4000", "--user", "5"]);
    assert_eq!(
        cli.ok(&["ls", "x.dsk"]),
        "Drive A: user  0\n\nA       .BIN   1K   C       .BIN  17K\nB       .BIN   3K\n\n156K free\n"
    );
    assert_eq!(
        cli.ok(&["ls", "x.dsk", "--user", "5"]),
        "Drive A: user  5\n\nU       .BIN   1K\n\n156K free\n"
    );
}

#[test]
fn refusals_leave_the_image_untouched() {
    let cli = Cli::new("refusals");
    cli.ok(&["new", "x.dsk"]);
    let err = cli.fails(&["new", "x.dsk"]);
    assert!(
        err.contains("already exists (use --force to overwrite it)"),
        "{err}"
    );

    let big = cli.write("big.txt", &vec![b'A'; 100 * 1024]);
    cli.ok(&["put", "x.dsk", &big, "--ascii"]);
    let before = cli.read("x.dsk");
    let err = cli.fails(&["put", "x.dsk", &big, "--ascii"]);
    assert!(
        err.contains("BIG.TXT already exists (use --force to replace it)"),
        "{err}"
    );
    let err = cli.fails(&["put", "x.dsk", &big, "--ascii", "--name", "other.txt"]);
    assert!(
        err.contains("disk full: OTHER.TXT needs 100K but only 78K free"),
        "{err}"
    );
    let err = cli.fails(&["put", "x.dsk", &big, "--ascii", "--name", "bad*.txt"]);
    assert!(
        err.contains("invalid AMSDOS file name \"bad*.txt\": '*' is not allowed"),
        "{err}"
    );
    let spaced = cli.write("my file.txt", b"x");
    let err = cli.fails(&["put", "x.dsk", &spaced, "--ascii"]);
    assert!(
        err.contains(
            "character U+0020 is not allowed in AMSDOS names; give the AMSDOS name with --name"
        ),
        "{err}"
    );
    std::fs::remove_file(cli.path(&spaced)).unwrap();
    let err = cli.fails(&["put", "x.dsk", &big, "--ascii", "--user", "16"]);
    assert!(err.contains("16"), "{err}");
    assert!(cli.read("x.dsk") == before, "image changed");
    // No temporary files are left next to the image.
    let names: Vec<_> = std::fs::read_dir(&cli.dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");

    cli.ok(&["put", "x.dsk", &big, "--ascii", "--force"]);
    let locked = cli.write("locked.bin", &[1]);
    cli.ok(&["put", "x.dsk", &locked, "--load", "&4000", "--read-only"]);
    let before = cli.read("x.dsk");
    let err = cli.fails(&["rm", "x.dsk", "LOCKED.BIN"]);
    assert!(err.contains("LOCKED.BIN is read-only"), "{err}");
    assert!(cli.read("x.dsk") == before, "image changed");
    cli.ok(&["rm", "x.dsk", "locked.bin", "--force"]);
    cli.ok(&["rm", "x.dsk", "big.txt"]);
    assert!(cli.ok(&["ls", "x.dsk"]).ends_with("178K free\n"));
    let err = cli.fails(&["get", "x.dsk", "BIG.TXT"]);
    assert!(err.contains("BIG.TXT not found"), "{err}");
}

#[test]
fn damaged_images_are_reported_with_the_offset() {
    let cli = Cli::new("damage");
    cli.ok(&["new", "x.dsk"]);
    let bytes = cli.read("x.dsk");
    cli.write("short.dsk", &bytes[..50_000]);
    let err = cli.fails(&["ls", "short.dsk"]);
    assert!(
        err.contains("truncated image: at byte offset 0xc200 expected 512 bytes of data for sector &C6 of track 10 side 0"),
        "{err}"
    );
    let mut bad = bytes.clone();
    bad[0x100 + 3 * 0x1300] = b'?';
    cli.write("bad.dsk", &bad);
    let err = cli.fails(&["info", "bad.dsk"]);
    assert!(
        err.contains("corrupt image at byte offset 0x3a00: expected \"Track-Info\""),
        "{err}"
    );
}

#[test]
fn a_bad_header_checksum_is_reported_and_the_file_still_extracted() {
    let cli = Cli::new("checksum");
    cli.ok(&["new", "x.dsk"]);
    let f = cli.write("p.bin", &data(700, 9));
    cli.ok(&["put", "x.dsk", &f, "--load", "&4000"]);
    // Damage byte 40 of the header (inside the checksummed range) in the image file.
    let image = DiskImage::parse(&cli.read("x.dsk")).unwrap();
    let track = image.track(0, 0).unwrap();
    let index = track.sectors.iter().position(|s| s.id.id == 0xC5).unwrap(); // block 2
    let at = image.sector_offset(0, 0, index).unwrap();
    let mut bytes = cli.read("x.dsk");
    bytes[at + 40] ^= 0xFF;
    cli.write("x.dsk", &bytes);

    let out = cli.run(&["get", "x.dsk", "P.BIN", "-o", "all.bin"]);
    assert!(out.status.success());
    let warning = String::from_utf8_lossy(&out.stderr);
    assert!(
        warning.contains("warning: P.BIN: header checksum"),
        "{warning}"
    );
    assert!(
        warning.contains("AMSDOS would treat the file as headerless"),
        "{warning}"
    );
    let all = cli.read("all.bin");
    assert_eq!(all.len(), 7 * 128, "every stored record");
    assert!(all[128..828] == data(700, 9)[..]);
    cli.ok(&["get", "x.dsk", "P.BIN", "-o", "data.bin", "--strip-header"]);
    assert!(cli.read("data.bin") == data(700, 9));
}

#[test]
fn info_shows_format_geometry_and_sector_order() {
    let cli = Cli::new("info");
    cli.ok(&["new", "x.dsk", "--extended"]);
    let info = cli.ok(&["info", "x.dsk"]);
    for expected in [
        "image:    extended (EXTENDED CPC DSK), created by \"cpc-othello\", 194816 bytes",
        "geometry: 40 tracks, 1 side(s)",
        "side 0:   track 0 has 9 sectors of 512 bytes, order &C1,&C6,&C2,&C7,&C3,&C8,&C4,&C9,&C5",
        "AMSDOS:   DATA format (sector IDs &C1-&C9), 178K capacity, 0 file(s), 178K free, 64 of 64 directory entries free",
    ] {
        assert!(info.contains(expected), "missing {expected:?} in:\n{info}");
    }
}
