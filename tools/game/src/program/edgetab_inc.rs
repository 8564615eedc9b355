//! The generated include `edgetab.inc` (cpc/edgetab.asm; docs/ai.md appendix A, "The edge
//! table"): the weights file's edge table as the Z80 program unpacks it on a 6128, at its
//! first deep search, into block 7 of the second 64 KB. The four edges' lines read their
//! bytes there instead of from the table of lines of eight: each state's line share plus its
//! edge value (from black's side, saturated to a byte: docs/ai.md 3.3a), plus the table's
//! bias.
//!
//! The file has no room for 6 561 bytes (it must end below HIMEM), so it carries only the
//! value of the first state of each class of states that read the same from either end or
//! with the colours swapped (1 681 classes), runs of three or more zeros as two bytes: every
//! other state's byte is an earlier one's (reversed) or its negation (colours swapped), which
//! the table's symmetries guarantee (`Weights::parse` checks both). [`unpack`] is the Z80's
//! loop in Rust, for the tests.

use std::fmt::Write;

use othello_engine::lines::table;
use othello_engine::weights::{reverse_state, swap_colours, Weights};

use super::bias::bias as table_bias;

/// The name `edgetab.asm` includes.
pub const EDGETAB_INCLUDE: &str = "edgetab.inc";

/// The cells of an edge.
const CELLS: u32 = 8;
/// The states of an edge.
pub const STATES: usize = 6561;

/// The edge lines' bytes and their bias.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeBytes {
    /// For each state: its line share + its edge value + `bias`.
    pub bytes: Vec<u8>,
    /// Minus the smallest share + value (the table is antisymmetric: at most 127).
    pub bias: i32,
    /// The weights file's edge values.
    pub values: Vec<i8>,
    /// The bias of the table of lines of eight (`lt_len8`, linetab.inc), whose bytes the
    /// unpacking adds to the carried values.
    pub line_bias: i32,
}

/// The byte that marks a run of zero values in the packed stream, followed by its length
/// (1..255): no edge value is -128.
pub const ZERO_RUN: u8 = 0x80;

/// The edge lines' bytes for `w`, or `None` when the file has no edge table.
#[must_use]
pub fn edge_bytes(w: &Weights) -> Option<EdgeBytes> {
    let edge = w.edge()?;
    let shares = table(i32::from(w.mobility()), i32::from(w.potential()), 8);
    let values: Vec<i32> = shares
        .iter()
        .zip(edge)
        .map(|(&s, &e)| s + i32::from(e))
        .collect();
    let bias = table_bias(&values);
    let bytes = values
        .iter()
        .map(|&v| {
            // Weights::parse keeps every share + value within -EDGE_BYTE_LIMIT..EDGE_BYTE_LIMIT.
            u8::try_from(v + bias).expect("an edge byte beyond what Weights::parse allows")
        })
        .collect();
    Some(EdgeBytes {
        bytes,
        bias,
        values: edge.to_vec(),
        line_bias: table_bias(&shares),
    })
}

/// The three states the unpacking compares a state with: read from the other end, with the
/// colours swapped, and both.
fn relatives(s: usize) -> [usize; 3] {
    let swapped = swap_colours(s, CELLS);
    [
        reverse_state(s, CELLS),
        swapped,
        reverse_state(swapped, CELLS),
    ]
}

/// Whether the file carries state `s`'s byte: no relative comes before it.
fn carried(s: usize) -> bool {
    relatives(s).iter().all(|&r| r >= s)
}

/// What the file carries: the edge values of the first state of each class, in state order,
/// each a signed byte, a run of three or more zeros (the states no game of the fit met) as
/// [`ZERO_RUN`] and its length.
#[must_use]
pub fn packed(e: &EdgeBytes) -> Vec<u8> {
    let mut out = Vec::new();
    let mut zeros = 0u8;
    for s in (0..STATES).filter(|&s| carried(s)) {
        let v = e.values[s];
        if v == 0 && zeros < u8::MAX {
            zeros += 1;
            continue;
        }
        flush_zeros(&mut out, zeros);
        zeros = 0;
        if v == 0 {
            zeros = 1;
        } else {
            out.push(v as u8);
        }
    }
    flush_zeros(&mut out, zeros);
    out
}

/// `zeros` zero values: a run of three or more as [`ZERO_RUN`] and its length, fewer as
/// themselves (a run of one or two takes as many bytes).
fn flush_zeros(out: &mut Vec<u8>, zeros: u8) {
    if zeros >= 3 {
        out.extend([ZERO_RUN, zeros]);
    } else {
        out.extend(std::iter::repeat_n(0, usize::from(zeros)));
    }
}

/// The Z80's unpacking (cpc/edgetab.asm), state by state: the reversed state's byte if it
/// comes earlier, else the colour-swapped one's or the reversed colour-swapped one's
/// negation (2 * bias - byte) if it does, else the next carried value plus the state's byte
/// of the table of lines of eight and the difference of the two biases.
#[must_use]
pub fn unpack(packed: &[u8], bias: i32, line_bytes: &[u8], line_bias: i32) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(STATES);
    let mut next = packed.iter();
    let mut zeros = 0u8;
    for (s, &line_byte) in line_bytes.iter().enumerate().take(STATES) {
        let [r, w, q] = relatives(s);
        let byte = if r < s {
            out[r]
        } else if w < s || q < s {
            let earlier = if w < s { w } else { q };
            (2 * bias - i32::from(out[earlier])) as u8
        } else {
            let value = if zeros > 0 {
                zeros -= 1;
                0
            } else {
                match *next.next().expect("a carried value for every class") {
                    ZERO_RUN => {
                        zeros = *next.next().expect("a run's length") - 1;
                        0
                    }
                    v => v,
                }
            };
            // Modulo 256, as the Z80 adds.
            (i32::from(line_byte) + i32::from(value) + bias - line_bias) as u8
        };
        out.push(byte);
    }
    out
}

/// The steps of the unpacking's odometer: for each place i (the digit of 3^i) and each step
/// of its digit (0 to 1, 1 to 2, 2 back to 0), how the three relatives' numbers change (words,
/// modulo 65 536).
fn odometer_steps() -> Vec<[i32; 3]> {
    let p = |k: u32| 3i32.pow(k);
    let mut out = Vec::new();
    for i in 0..CELLS {
        let far = CELLS - 1 - i;
        // A digit d at place i is worth d * 3^i; read from the other end, at place 7 - i;
        // its colour swap is 0, 2, 1 for 0, 1, 2.
        out.push([p(far), 2 * p(i), 2 * p(far)]); // 0 -> 1 (swapped: 0 -> 2)
        out.push([p(far), -p(i), -p(far)]); // 1 -> 2 (swapped: 2 -> 1)
        out.push([-2 * p(far), -p(i), -p(far)]); // 2 -> 0 (swapped: 1 -> 0)
    }
    out
}

/// The text of `edgetab.inc`: without an edge table only `EDGE_TABLE_PRESENT equ 0` and empty
/// labels, so the sources assemble the same way either way.
#[must_use]
pub fn edgetab_include(w: &Weights) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "; edgetab.inc - generated by cpc-othello build from the weights file's [edge] table: what edge_install unpacks into block 7 (cpc/edgetab.asm)");
    let Some(e) = edge_bytes(w) else {
        let _ = writeln!(s, "EDGE_TABLE_PRESENT equ 0");
        let _ = writeln!(s, "EDGE_BIAS2 equ 0");
        let _ = writeln!(s, "EDGE_SHIFT equ 0");
        let _ = writeln!(s, "edge_steps:");
        let _ = writeln!(s, "edge_packed:");
        return s;
    };
    let _ = writeln!(s, "EDGE_TABLE_PRESENT equ 1");
    let _ = writeln!(
        s,
        "EDGE_BIAS2 equ {}            ; twice the bias {}",
        2 * e.bias,
        e.bias
    );
    let _ = writeln!(
        s,
        "EDGE_SHIFT equ {}            ; the bias {} - lt_len8's {}, modulo 256",
        (e.bias - e.line_bias).rem_euclid(256),
        e.bias,
        e.line_bias
    );
    let _ = writeln!(
        s,
        "edge_steps:             ; place i, digit 0->1, 1->2, 2->0: the reversed, swapped and both states' steps"
    );
    for step in odometer_steps() {
        let v: Vec<String> = step
            .iter()
            .map(|&d| (d.rem_euclid(65536)).to_string())
            .collect();
        let _ = writeln!(s, "        dw {}", v.join(","));
    }
    let packed = packed(&e);
    let _ = writeln!(
        s,
        "edge_packed:            ; {} bytes: signed values, {ZERO_RUN} n = n zeros",
        packed.len()
    );
    for chunk in packed.chunks(27) {
        let v: Vec<String> = chunk.iter().map(u8::to_string).collect();
        let _ = writeln!(s, "        db {}", v.join(","));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge_weights() -> Weights {
        Weights::default()
    }

    fn line_bytes(w: &Weights, line_bias: i32) -> Vec<u8> {
        table(i32::from(w.mobility()), i32::from(w.potential()), 8)
            .iter()
            .map(|&v| (v + line_bias) as u8)
            .collect()
    }

    #[test]
    fn the_shipped_file_has_an_edge_table_and_unpacks_to_it() {
        let w = edge_weights();
        let e = edge_bytes(&w).expect("cpc/weights.toml has an [edge] table");
        let p = packed(&e);
        assert_eq!((0..STATES).filter(|&s| carried(s)).count(), 1681, "classes");
        assert!(p.len() < 1681, "zero runs save room: {} bytes", p.len());
        let unpacked = unpack(&p, e.bias, &line_bytes(&w, e.line_bias), e.line_bias);
        assert_eq!(unpacked, e.bytes);
    }

    #[test]
    fn a_table_of_zeros_packs_into_runs_and_unpacks() {
        let w = edge_weights();
        let mut e = edge_bytes(&w).unwrap();
        e.values = vec![0; STATES];
        let p = packed(&e);
        assert_eq!(
            p,
            [
                ZERO_RUN, 255, ZERO_RUN, 255, ZERO_RUN, 255, ZERO_RUN, 255, ZERO_RUN, 255,
                ZERO_RUN, 255, ZERO_RUN, 151
            ]
        );
        // Every byte is then the line's own byte moved to the edge table's bias.
        let bytes = unpack(&p, e.bias, &line_bytes(&w, e.line_bias), e.line_bias);
        let shares = table(i32::from(w.mobility()), i32::from(w.potential()), 8);
        for s in 0..STATES {
            assert_eq!(i32::from(bytes[s]), shares[s] + e.bias, "state {s}");
        }
    }

    #[test]
    fn the_bytes_are_the_line_share_plus_the_file_value_and_the_bias() {
        // The shipped table was fitted within a byte: nothing saturates.
        let w = edge_weights();
        let e = edge_bytes(&w).unwrap();
        let file = w.edge_in_file().unwrap();
        let shares = table(i32::from(w.mobility()), i32::from(w.potential()), 8);
        for s in 0..STATES {
            assert_eq!(
                i32::from(e.bytes[s]) - e.bias,
                shares[s] + i32::from(file[s]),
                "state {s}"
            );
        }
        assert_eq!(e.bias, 127, "the table reaches -127");
    }

    #[test]
    fn the_odometer_steps_follow_the_relatives() {
        // Walk the states as the Z80 does and check its three numbers against `relatives`.
        let steps = odometer_steps();
        let mut digits = [0usize; 8];
        let mut rel = [0i32; 3];
        for s in 0..STATES {
            let want = relatives(s).map(|r| r as i32);
            assert_eq!(rel, want, "state {s}");
            for (i, d) in digits.iter_mut().enumerate() {
                let step = steps[3 * i + *d];
                (0..3).for_each(|k| rel[k] += step[k]);
                *d = (*d + 1) % 3;
                if *d != 0 {
                    break;
                }
            }
        }
    }

    #[test]
    fn without_an_edge_table_the_include_is_empty() {
        let text = edgetab_include(&Weights::default().without_edge());
        assert!(text.contains("EDGE_TABLE_PRESENT equ 0"));
        assert!(!text.contains("db "));
    }
}
