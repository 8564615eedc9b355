//! Transposition table of the exact solver.
//!
//! An entry holds the whole position (two bitboards), so a hit is never a hash collision.
//! Its score bounds are facts about the position (the exact solve has no horizon), so they
//! stay valid whatever window produced them; bounds of the same position are intersected.
//! Each public solve starts a new "date": older entries count as empty, which makes every
//! solve independent of the ones before it (same nodes, same move, whatever ran earlier).

/// Marks "no move" in an entry.
pub(super) const NO_MOVE: u8 = 64;

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    best: u8,
    date: u8,
    /// Empty squares of the position: the replacement priority (deeper is dearer).
    depth: u8,
}

/// Two entries sharing one 64-byte cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket {
    entries: [Entry; 2],
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bounds {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The best move found so far, or [`NO_MOVE`].
    pub best: u8,
}

/// The table: a power of two of buckets.
pub(super) struct Table {
    buckets: Vec<Bucket>,
    shift: u32,
    date: u8,
}

impl Table {
    /// A table of `2^bits` buckets (64 bytes each), `bits` clamped to 4..=24 (1 KiB to 1 GiB).
    pub fn new(bits: u32) -> Table {
        let bits = bits.clamp(4, 24);
        Table {
            buckets: vec![Bucket::default(); 1 << bits],
            shift: 64 - bits,
            date: 1,
        }
    }

    /// Forgets every entry (in effect) by moving to a new date.
    pub fn new_search(&mut self) {
        self.date = self.date.wrapping_add(1);
        if self.date == 0 {
            // Dates wrapped: entries 256 searches old would look current, so really clear.
            self.buckets.fill(Bucket::default());
            self.date = 1;
        }
    }

    #[inline]
    fn index(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ o.rotate_left(23).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        ((h ^ (h >> 31)).wrapping_mul(0xff51_afd7_ed55_8ccd) >> self.shift) as usize
    }

    /// Starts loading the position's bucket into the cache, so that a probe soon after
    /// does not wait for memory.
    #[inline]
    pub fn prefetch(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = &self.buckets[self.index(p, o)];
            // SAFETY: a prefetch is only a hint and never faults, whatever the address; the
            // address is a live element of `buckets` anyway. SSE is part of every x86_64.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    /// The bounds stored for the position, if any (current date only).
    #[inline]
    pub fn probe(&self, p: u64, o: u64) -> Option<Bounds> {
        let bucket = &self.buckets[self.index(p, o)];
        bucket
            .entries
            .iter()
            .find(|e| e.date == self.date && e.player == p && e.opponent == o)
            .map(|e| Bounds {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                best: e.best,
            })
    }

    /// Records that the score of the position lies in `lower..=upper`, with `best` the move
    /// that produced it. `depth` (the number of empties) decides what gets replaced.
    pub fn store(&mut self, p: u64, o: u64, depth: u32, lower: i32, upper: i32, best: u8) {
        let date = self.date;
        let i = self.index(p, o);
        let bucket = &mut self.buckets[i];
        let slot = match bucket
            .entries
            .iter()
            .position(|e| e.date == date && e.player == p && e.opponent == o)
        {
            Some(k) => {
                let e = &mut bucket.entries[k];
                e.lower = e.lower.max(lower as i8);
                e.upper = e.upper.min(upper as i8);
                // A move that proved a lower bound is worth more than the best of a
                // failed-low search, which only had the least bad refutation.
                if best != NO_MOVE && (lower > -64 || e.best == NO_MOVE) {
                    e.best = best;
                }
                return;
            }
            None => {
                let [a, b] = &bucket.entries;
                // Replace a stale entry first, else the shallower one.
                let stale_a = a.date != date;
                let stale_b = b.date != date;
                if stale_a || (!stale_b && a.depth <= b.depth) {
                    0
                } else {
                    1
                }
            }
        };
        bucket.entries[slot] = Entry {
            player: p,
            opponent: o,
            lower: lower as i8,
            upper: upper as i8,
            best,
            date,
            depth: depth as u8,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_one_position_are_intersected_and_dates_forget() {
        let mut t = Table::new(4);
        t.store(1, 2, 10, -64, 10, 5);
        t.store(1, 2, 10, -4, 64, NO_MOVE);
        assert_eq!(
            t.probe(1, 2),
            Some(Bounds {
                lower: -4,
                upper: 10,
                best: 5
            })
        );
        assert_eq!(t.probe(2, 1), None);
        t.new_search();
        assert_eq!(t.probe(1, 2), None);
    }

    #[test]
    fn many_positions_never_answer_for_another() {
        let mut t = Table::new(4);
        for k in 0..1000u64 {
            t.store(k, k << 32, 8, k as i32 % 64, 64, NO_MOVE);
        }
        for k in 0..1000u64 {
            if let Some(b) = t.probe(k, k << 32) {
                assert_eq!(b.lower, k as i32 % 64);
            }
        }
    }
}
