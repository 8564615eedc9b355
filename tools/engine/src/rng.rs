//! The seeded random numbers of the workspace's reproducible runs (`verify`'s positions and
//! games, a match's openings): the same seed gives the same sequence on every host.

/// A small xorshift generator: the same seed gives the same positions on every host.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` (any value, 0 included).
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Mixes several numbers into one well-spread seed (splitmix64), so that related seeds
/// (level 1 and 2 of the same run, game 7 and 8) give unrelated sequences.
#[must_use]
pub fn mix_seed(parts: &[u64]) -> u64 {
    parts.iter().fold(0x9E37_79B9_7F4A_7C15, |acc, &p| {
        let mut z = acc ^ p.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}
