//! The tape as sound: the same pulses as the CDT's blocks, as a 44.1 kHz, 8-bit mono WAV
//! file, to play into a real CPC's cassette port (or to load in MAME). Each pulse is half a
//! square wave: the level changes at the start of every pulse.

use super::cdt::{TurboBlock, TZX_CLOCK_HZ};
use super::LEAD_IN_MS;

/// Samples a second.
pub const SAMPLE_RATE: u32 = 44_100;
const HIGH: u8 = 0xD0;
const LOW: u8 = 0x30;

/// The samples so far, and the T-state they reach.
struct Sampler {
    samples: Vec<u8>,
    t: u64,
}

impl Sampler {
    /// Holds `level` for `tstates` more.
    fn hold(&mut self, tstates: u64, level: u8) {
        self.t += tstates;
        let end = self.t * u64::from(SAMPLE_RATE) / u64::from(TZX_CLOCK_HZ);
        while (self.samples.len() as u64) < end {
            self.samples.push(level);
        }
    }
}

/// The WAV file of `blocks`.
#[must_use]
pub fn write_wav(blocks: &[TurboBlock]) -> Vec<u8> {
    let ms = |n: u32| u64::from(n) * u64::from(TZX_CLOCK_HZ) / 1000;
    let mut s = Sampler {
        samples: Vec::new(),
        t: 0,
    };
    s.hold(ms(u32::from(LEAD_IN_MS)), LOW);
    let mut level = LOW;
    let mut pulse = |s: &mut Sampler, len: u16| {
        level = if level == LOW { HIGH } else { LOW };
        s.hold(u64::from(len), level);
    };
    for b in blocks {
        for _ in 0..b.pilot_pulses {
            pulse(&mut s, b.pilot);
        }
        pulse(&mut s, b.sync.0);
        pulse(&mut s, b.sync.1);
        for byte in &b.data {
            for bit in (0..8).rev() {
                let len = if byte >> bit & 1 == 1 { b.one } else { b.zero };
                pulse(&mut s, len);
                pulse(&mut s, len);
            }
        }
        s.hold(ms(u32::from(b.pause_ms)), LOW);
    }
    riff(&s.samples)
}

/// A RIFF/WAVE file around 8-bit mono PCM samples.
fn riff(samples: &[u8]) -> Vec<u8> {
    let data_len = samples.len() as u32;
    let mut out = Vec::with_capacity(44 + samples.len());
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // the format chunk's size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes()); // bytes a second
    out.extend_from_slice(&1u16.to_le_bytes()); // bytes a sample
    out.extend_from_slice(&8u16.to_le_bytes()); // bits a sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    out.extend_from_slice(samples);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pulses_become_half_waves_of_the_right_length() {
        // One byte &80 at 1000 baud: a one bit (2 x 2333 T) then seven zero bits (2 x 1167 T).
        let block = TurboBlock {
            pilot: 2333,
            pilot_pulses: 2,
            sync: (1167, 1167),
            zero: 1167,
            one: 2333,
            pause_ms: 0,
            data: vec![0x80],
        };
        let wav = write_wav(&[block]);
        assert_eq!(&wav[..4], b"RIFF");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        let samples = &wav[44..];
        let lead = (u32::from(LEAD_IN_MS) * SAMPLE_RATE / 1000) as usize;
        assert!(samples[..lead].iter().all(|&s| s == LOW));
        // Runs of equal samples after the lead-in: pilot, pilot+? ... measured in samples.
        let mut runs = Vec::new();
        let mut last = samples[lead];
        let mut n = 0;
        for &s in &samples[lead..] {
            if s == last {
                n += 1;
            } else {
                runs.push(n);
                last = s;
                n = 1;
            }
        }
        runs.push(n);
        // 2333 T is 29.4 samples, 1167 T 14.7: two pilot pulses, two sync, two for the one
        // bit, then 14 for the zeros.
        assert_eq!(runs.len(), 2 + 2 + 2 + 14, "{runs:?}");
        assert!(
            runs[..2].iter().all(|&r| (29..=30).contains(&r)),
            "{runs:?}"
        );
        assert!(
            runs[2..4].iter().all(|&r| (14..=15).contains(&r)),
            "{runs:?}"
        );
        assert!(
            runs[6..].iter().all(|&r| (14..=15).contains(&r)),
            "{runs:?}"
        );
    }
}
