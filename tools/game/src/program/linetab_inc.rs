//! The generated include `linetab.inc` (cpc/linetab.asm, docs/ai.md appendix A "Line
//! tables"): the end of `li_sum`, which adds the 42 lines' bytes with as few carry checks as
//! the tables' largest bytes allow; for each line length n (2..8) a table of 3^n bytes, each
//! line state's share of the leaf's mobility terms from black's side (`othello_engine::lines`)
//! plus that table's bias; and the geometry the Z80 keeps the 42 line states with: the table
//! of each line, powers of 3 and, for each cell, its four lines and its places in them.

use std::fmt::Write;

use othello_engine::eval::EDGES;
use othello_engine::lines::{lines, table, LENGTHS, LINE_COUNT};
use othello_engine::weights::Weights;

use super::bias::bias;
use super::edgetab_inc::edge_bytes;

/// The name `linetab.asm` includes.
pub const LINETAB_INCLUDE: &str = "linetab.inc";

/// Adds group `group`'s total (A) to DE, with its carry check.
fn fold_group(s: &mut String, group: usize) {
    let _ = writeln!(s, "        add a,e");
    let _ = writeln!(s, "        ld e,a");
    let _ = writeln!(s, "        jr nc,lt_sum_{group}");
    let _ = writeln!(s, "        inc d");
    let _ = writeln!(s, "lt_sum_{group}:");
}

/// `li_sum`'s adds (its start is in cpc/linetab.asm: SP on LT_LP, DE = LT_SUM_START): the
/// lines' bytes go into A in groups whose largest bytes sum to at most 255, so only a
/// group's total needs a carry check when it joins DE. `largest[l]` is line l's largest byte.
fn sum_code(largest: &[i32]) -> String {
    let mut s = String::new();
    let mut group = 0;
    let mut bound = 0;
    for (l, &top) in largest.iter().enumerate() {
        if l > 0 && bound + top > 255 {
            fold_group(&mut s, group);
            group += 1;
            bound = 0;
        }
        let _ = writeln!(s, "        pop hl");
        if bound == 0 {
            let _ = writeln!(s, "        ld a,(hl)               ; line {l}: a new group");
        } else {
            let _ = writeln!(s, "        add a,(hl)              ; line {l}");
        }
        bound += top;
    }
    fold_group(&mut s, group);
    let _ = writeln!(s, "        ld sp,(li_sum_sp)");
    let _ = writeln!(s, "        ld bc,&7F00+GA_RAM_NORMAL");
    let _ = writeln!(s, "        out (c),c");
    let _ = writeln!(s, "        pop bc");
    let _ = writeln!(s, "        ei");
    let _ = writeln!(s, "        ex de,hl");
    let _ = writeln!(s, "        ret");
    s
}

/// The largest place whose 3^pos (and 2 * 3^pos) is one byte: the last two blocks of
/// `li_addn`, `li_subn`, `li_adda2` and `li_suba2` add it to or take it from the low byte of a
/// line's pointer and pass only a carry to the high one (cpc/linetab.asm).
pub const ONE_BYTE_PLACE: u32 = 4;
const _: () = assert!(2 * 3u32.pow(ONE_BYTE_PLACE) < 256);

/// Each cell's four lines as (line, place), the largest places first, so that the first two
/// blocks of the line updates (any 3^pos) meet the places beyond [`ONE_BYTE_PLACE`] and the
/// last two never do. A line's share is the same read from either end
/// (`othello_engine::lines::line_counts` looks both ways), so each line is numbered from the
/// end that keeps every cell at most two lines beyond `ONE_BYTE_PLACE`: the first such choice
/// in a depth-first search over the lines (one exists; the test below checks it). A corner's
/// missing diagonal is the dummy line 42 at place 0.
fn cell_geometry(ls: &[Vec<u8>]) -> Vec<[(u8, u32); 4]> {
    let reversed = line_ends(ls, 0, &mut [0; 64]).expect("every cell within two large places");
    let mut lines_of: Vec<Vec<(u8, u32)>> = vec![Vec::new(); 64];
    for (li, l) in ls.iter().enumerate() {
        for (i, &sq) in l.iter().enumerate() {
            lines_of[usize::from(sq)].push((li as u8, place(l.len(), i, reversed[li])));
        }
    }
    lines_of
        .into_iter()
        .map(|mut v| {
            v.resize(4, (42, 0));
            v.sort_by_key(|e| std::cmp::Reverse(e.1));
            [v[0], v[1], v[2], v[3]]
        })
        .collect()
}

/// The place of a line's `i`-th square (from `lines()`'s first), numbered from the far end
/// when `reversed`.
fn place(len: usize, i: usize, reversed: bool) -> u32 {
    (if reversed { len - 1 - i } else { i }) as u32
}

/// Which lines from `from` on to number from their far end, given how many places beyond
/// [`ONE_BYTE_PLACE`] each cell already has (`large`): the first choice, forward before
/// reversed, that leaves no cell with more than two.
fn line_ends(ls: &[Vec<u8>], from: usize, large: &mut [u8; 64]) -> Option<Vec<bool>> {
    let Some(l) = ls.get(from) else {
        return Some(Vec::new());
    };
    for reversed in [false, true] {
        let cells: Vec<usize> = (0..l.len())
            .filter(|&i| place(l.len(), i, reversed) > ONE_BYTE_PLACE)
            .map(|i| usize::from(l[i]))
            .collect();
        if cells.iter().any(|&sq| large[sq] == 2) {
            continue;
        }
        cells.iter().for_each(|&sq| large[sq] += 1);
        if let Some(mut rest) = line_ends(ls, from + 1, large) {
            rest.insert(0, reversed);
            return Some(rest);
        }
        cells.iter().for_each(|&sq| large[sq] -= 1);
    }
    None
}

/// The four edges' lines (rows 1 and 8, columns a and h), as indexes into `ls`.
fn edge_lines(ls: &[Vec<u8>]) -> Vec<usize> {
    EDGES
        .iter()
        .map(|edge| {
            ls.iter()
                .position(|l| l.as_slice() == edge.as_slice())
                .expect("each edge is one of the lines")
        })
        .collect()
}

/// The text of `linetab.inc`.
#[must_use]
pub fn linetab_include(w: &Weights) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "; linetab.inc - generated by cpc-othello build from the weights file: the end of li_sum, the line tables and their geometry (cpc/linetab.asm)");
    let _ = writeln!(s, "LT_LINES equ {LINE_COUNT}");
    let tables: Vec<(usize, Vec<i32>)> = LENGTHS
        .rev()
        .map(|n| {
            (
                n,
                table(i32::from(w.mobility()), i32::from(w.potential()), n),
            )
        })
        .collect();
    let of_length = |n: usize| &tables.iter().find(|(m, _)| *m == n).expect("a length").1;
    let ls = lines();
    let edge_lines = edge_lines(&ls);
    // li_sum starts from minus the lines' biases, as a 16-bit number (`ld de,LT_SUM_START`);
    // with the edge table in block 7 (a 6128), edge_install sets LT_SUM_START_EDGE instead.
    let biases: i32 = ls.iter().map(|l| bias(of_length(l.len()))).sum();
    let _ = writeln!(s, "LT_SUM_START equ {}", (65536 - biases) % 65536);
    let edge = edge_bytes(w);
    let edge_biases = edge.as_ref().map_or(biases, |e| {
        biases + edge_lines.len() as i32 * (e.bias - bias(of_length(8)))
    });
    let _ = writeln!(s, "LT_SUM_START_EDGE equ {}", (65536 - edge_biases) % 65536);
    // A group's bound holds on either machine: an edge line's largest byte from either table.
    let edge_top = edge
        .as_ref()
        .map_or(0, |e| i32::from(*e.bytes.iter().max().unwrap_or(&0)));
    let largest: Vec<i32> = ls
        .iter()
        .enumerate()
        .map(|(li, l)| {
            let t = of_length(l.len());
            let top = t.iter().max().copied().unwrap_or(0) + bias(t);
            if edge_lines.contains(&li) {
                top.max(edge_top)
            } else {
                top
            }
        })
        .collect();
    s.push_str(&sum_code(&largest));
    for (n, t) in &tables {
        let b = bias(t);
        let _ = writeln!(s, "lt_len{n}:                        ; bias {b}");
        for chunk in t.chunks(27) {
            let v: Vec<String> = chunk
                .iter()
                .map(|&share| {
                    // Weights::parse keeps every share within -SHARE_LIMIT..SHARE_LIMIT.
                    u8::try_from(share + b)
                        .expect("a share beyond what Weights::parse allows")
                        .to_string()
                })
                .collect();
            let _ = writeln!(s, "        db {}", v.join(","));
        }
    }
    // Table base of each line (and of the dummy line 42, a corner's missing diagonal).
    // The edge lines' entries have labels: edge_install points them at block 7.
    let _ = writeln!(s, "lt_bases:");
    for (li, l) in ls.iter().enumerate() {
        if let Some(k) = edge_lines.iter().position(|&e| e == li) {
            let _ = writeln!(s, "lt_base_edge{k}:");
        }
        let _ = writeln!(s, "        dw lt_len{}", l.len());
    }
    let _ = writeln!(s, "        dw lt_len2          ; the dummy line");
    // (plo, phi) of 3^0..3^7: the high-byte table LT_HI holds phi at plo.
    let _ = writeln!(s, "lt_pows:");
    for k in 0..8u32 {
        let p = 3u32.pow(k);
        let _ = writeln!(s, "        db {},{}", p & 255, p >> 8);
    }
    let _ = writeln!(s, "lt_pows2:");
    let mut lows: Vec<u32> = (0..8).map(|k| 3u32.pow(k) & 255).collect();
    for k in 0..8u32 {
        let p = 2 * 3u32.pow(k);
        debug_assert!(!lows.contains(&(p & 255)), "2*3^k low bytes collide");
        lows.push(p & 255);
        let _ = writeln!(s, "        db {},{}", p & 255, p >> 8);
    }
    // Per cell (mailbox 11 + 10*row + col), 8 bytes at LT_GEO + 8*cell: for its four lines,
    // the offset of the line's pointer (2 * line) in page LT_GEO and 3^pos low byte, the
    // largest places first (`cell_geometry`).
    let geo = cell_geometry(&ls);
    let _ = writeln!(s, "        align 256");
    let _ = writeln!(
        s,
        "LT_GEO:                 ; the line pointers LT_LP (43 words) first, then cells 11..88"
    );
    let _ = writeln!(s, "LT_LP:  ds 88");
    for cell in 11..89u32 {
        if cell % 10 == 0 || cell % 10 == 9 {
            let _ = writeln!(s, "        ds 8            ; cell {cell}: frame");
            continue;
        }
        let (r, c) = (cell / 10 - 1, cell % 10 - 1);
        let sq = (8 * r + c) as usize;
        let v: Vec<String> = geo[sq]
            .iter()
            .flat_map(|&(li, pos)| {
                [
                    (2 * u32::from(li)).to_string(),
                    (3u32.pow(pos) & 255).to_string(),
                ]
            })
            .collect();
        let _ = writeln!(s, "        db {}   ; cell {cell}", v.join(","));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_include_holds_every_table_and_every_cell() {
        let text = linetab_include(&Weights::default());
        for n in LENGTHS {
            assert!(text.contains(&format!("lt_len{n}:")), "lt_len{n}");
        }
        let bytes: usize = text
            .lines()
            .take_while(|l| !l.starts_with("lt_bases:"))
            .filter_map(|l| l.trim().strip_prefix("db "))
            .map(|l| l.split(',').count())
            .sum();
        assert_eq!(bytes, 9837, "3^2 + ... + 3^8 table bytes");
        assert_eq!(text.matches("; cell ").count(), 78, "cells 11..88");
        // The shipped file's shares reach -35..35 (length 8) .. -7..7 (length 2).
        assert!(
            text.contains("LT_SUM_START equ 64458"),
            "65536 - the 42 biases"
        );
    }

    #[test]
    fn each_cell_has_its_four_lines_with_one_byte_places_last() {
        let ls = lines();
        let geo = cell_geometry(&ls);
        for (sq, entries) in geo.iter().enumerate() {
            let mut own: Vec<u8> = (0..ls.len())
                .filter(|&li| ls[li].contains(&(sq as u8)))
                .map(|li| li as u8)
                .collect();
            own.resize(4, 42);
            let mut got: Vec<u8> = entries.iter().map(|e| e.0).collect();
            got.sort_unstable();
            own.sort_unstable();
            assert_eq!(got, own, "square {sq}'s lines");
            assert!(
                entries[2].1 <= ONE_BYTE_PLACE && entries[3].1 <= ONE_BYTE_PLACE,
                "square {sq}: {entries:?}"
            );
        }
        // Each line's places are 0..n once each, read from one end or the other.
        for (li, l) in ls.iter().enumerate() {
            let places: Vec<u32> = l
                .iter()
                .map(|&sq| {
                    geo[usize::from(sq)]
                        .iter()
                        .find(|e| usize::from(e.0) == li)
                        .expect("listed")
                        .1
                })
                .collect();
            let forward: Vec<u32> = (0..l.len() as u32).collect();
            let backward: Vec<u32> = forward.iter().rev().copied().collect();
            assert!(
                places == forward || places == backward,
                "line {li}: {places:?}"
            );
        }
    }

    #[test]
    fn a_line_reads_the_same_from_either_end() {
        for n in LENGTHS {
            let t = table(7, 3, n);
            for (s, &share) in t.iter().enumerate() {
                let reversed = othello_engine::lines::state_cells(s, n)
                    .iter()
                    .fold(0, |acc, &d| 3 * acc + usize::from(d));
                assert_eq!(t[reversed], share, "length {n}, state {s}");
            }
        }
    }

    /// The groups of `sum_code`'s output, as line numbers, read from its comments.
    fn groups(code: &str) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for l in code.lines() {
            let Some((_, comment)) = l.split_once("; line ") else {
                continue;
            };
            let line: usize = comment
                .split(':')
                .next()
                .and_then(|n| n.trim().parse().ok())
                .expect("a line number");
            if comment.contains("a new group") {
                groups.push(Vec::new());
            }
            groups.last_mut().expect("a group first").push(line);
        }
        groups
    }

    /// Every line once, in order; no group can carry out of A; one carry check a group.
    fn check_sum_code(largest: &[i32]) -> usize {
        let code = sum_code(largest);
        let groups = groups(&code);
        let order: Vec<usize> = groups.iter().flatten().copied().collect();
        assert_eq!(order, (0..largest.len()).collect::<Vec<_>>());
        for g in &groups {
            let bound: i32 = g.iter().map(|&l| largest[l]).sum();
            assert!(bound <= 255, "group {g:?} can reach {bound}");
        }
        assert_eq!(code.matches("pop hl").count(), largest.len());
        assert_eq!(code.matches("inc d").count(), groups.len());
        assert!(code.ends_with("        ex de,hl\n        ret\n"));
        groups.len()
    }

    #[test]
    fn the_line_sum_never_carries_inside_a_group() {
        assert_eq!(
            check_sum_code(&[128; 42]),
            42,
            "the largest bytes a share allows"
        );
        assert_eq!(check_sum_code(&[6; 42]), 1);
        assert_eq!(check_sum_code(&[85; 42]), 14, "three at a time");
        // The tables of the shipped weights, and of the accepted pair with the most groups
        // (a search over every mobility and potential the validator accepts).
        let largest = |m: i32, p: i32| -> Vec<i32> {
            lines()
                .iter()
                .map(|l| {
                    let t = table(m, p, l.len());
                    t.iter().max().unwrap() + bias(&t)
                })
                .collect()
        };
        let w = Weights::default();
        let shipped = largest(i32::from(w.mobility()), i32::from(w.potential()));
        assert_eq!(check_sum_code(&shipped), 10);
        assert_eq!(check_sum_code(&largest(-28, 8)), 25);
    }
}
