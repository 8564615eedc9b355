//! Trial: nodes of a depth-D search under several move orders (none changes the value).
//! `cargo run --release -p othello-engine --example order_trial -- DEPTH POSITIONS`
use othello_engine::board::{flips, legal_moves, squares, Board};
use othello_engine::eval::{effective_weight, leaf_value, terminal_score, INF};
use othello_engine::search::alphabeta::{search_depth, selection_key};
use othello_engine::weights::Weights;
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq)]
enum Policy {
    Z80,
    Killer,
    Replies2,
    LeafSort1,
    Tt,
    TtKiller,
}

struct S<'a> {
    w: &'a Weights,
    pol: Policy,
    nodes: u64,
    leaves: u64,
    killer: [[u8; 2]; 32],
    tt: HashMap<(u64, u64), u8>,
}

impl S<'_> {
    fn neg(&mut self, p: u64, o: u64, d: u8, mut a: i16, b: i16, ply: usize) -> i16 {
        if d == 0 {
            self.leaves += 1;
            return leaf_value(self.w, p, o);
        }
        self.nodes += 1;
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return terminal_score(p, o);
            }
            return -self.neg(o, p, d, -b, -a, ply + 1);
        }
        let occ = p | o;
        let mut list: Vec<(i32, u8, u64)> = squares(moves)
            .map(|sq| {
                let f = flips(p, o, sq);
                let wgt = effective_weight(self.w, occ, sq);
                let key = if d >= 3 || (d == 2 && self.pol == Policy::Replies2) {
                    let r = legal_moves(o & !f, p | f | 1u64 << sq).count_ones();
                    i32::from(selection_key(wgt, r))
                } else if d == 1 && self.pol == Policy::LeafSort1 {
                    i32::from(leaf_value(self.w, o & !f, p | f | 1u64 << sq))
                } else {
                    i32::from(127 - wgt)
                };
                (key, sq, f)
            })
            .collect();
        list.sort_by_key(|x| (x.0, x.1));
        let use_tt = matches!(self.pol, Policy::Tt | Policy::TtKiller);
        let use_k = matches!(self.pol, Policy::Killer | Policy::TtKiller);
        let mut front: Vec<u8> = Vec::new();
        if use_tt {
            if let Some(&m) = self.tt.get(&(p, o)) {
                front.push(m);
            }
        }
        if use_k {
            front.extend(self.killer[ply]);
        }
        for (i, m) in front.iter().enumerate().rev() {
            if let Some(pos) = list.iter().position(|x| x.1 == *m) {
                let it = list.remove(pos);
                list.insert(0, it);
            }
            let _ = i;
        }
        let mut best = -INF;
        let mut bm = list[0].1;
        for (_, sq, f) in list {
            let v = -self.neg(o & !f, p | f | 1u64 << sq, d - 1, -b, -a, ply + 1);
            if v > best {
                best = v;
                bm = sq;
                if v > a {
                    a = v;
                    if v >= b {
                        if use_k && self.killer[ply][0] != sq {
                            self.killer[ply][1] = self.killer[ply][0];
                            self.killer[ply][0] = sq;
                        }
                        break;
                    }
                }
            }
        }
        if use_tt && d >= 2 {
            self.tt.insert((p, o), bm);
        }
        best
    }
}

fn main() {
    let a: Vec<u32> = std::env::args()
        .skip(1)
        .map(|x| x.parse().unwrap())
        .collect();
    let (depth, count) = (a[0] as u8, a[1]);
    let w = Weights::default();
    let mut boards = Vec::new();
    let mut seed = 12345u64;
    while boards.len() < count as usize {
        let mut b = Board::start();
        let target = 20 + (seed % 25) as u32;
        while !b.is_game_over() && b.empties().count_ones() > target {
            if b.must_pass() {
                b.pass();
                continue;
            }
            let ms: Vec<u8> = squares(b.legal_moves()).collect();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = if seed % 3 == 0 {
                ms[(seed >> 8) as usize % ms.len()]
            } else {
                search_depth(&b, 2, &w).best_move.unwrap()
            };
            b.play(m);
        }
        if !b.is_game_over() && !b.must_pass() {
            boards.push(b);
        }
    }
    for pol in [
        Policy::Z80,
        Policy::Killer,
        Policy::Replies2,
        Policy::LeafSort1,
        Policy::Tt,
        Policy::TtKiller,
    ] {
        let (mut n, mut l) = (0, 0);
        for b in &boards {
            let (p, o) = b.player_opponent();
            let mut s = S {
                w: &w,
                pol,
                nodes: 0,
                leaves: 0,
                killer: [[64; 2]; 32],
                tt: HashMap::new(),
            };
            if use_stages(pol) {
                let mut d = 2;
                while d < depth {
                    s.neg(p, o, d, -INF, INF, 0);
                    d += 2;
                }
            }
            s.neg(p, o, depth, -INF, INF, 0);
            n += s.nodes;
            l += s.leaves;
        }
        println!(
            "{:<10} interior {:>9} leaves {:>9}",
            format!("{}", pol as u8),
            n,
            l
        );
    }
}

fn use_stages(p: Policy) -> bool {
    matches!(p, Policy::Tt | Policy::TtKiller)
}
