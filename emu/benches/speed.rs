//! Emulation speed: CPC time per wall-clock time on a compute-heavy program (a sieve of
//! Eratosthenes over 4096 bytes, counted with IX, repeated), with the 300 Hz interrupts on.
//!
//! Criterion's throughput is in CPC microseconds per second: 1 M/s is real time, so
//! "x Melem/s" reads as "x times real time". Two cases: headless (no line drawing) and with
//! the picture drawn line by line (what the window does).
//!
//! The `cpu` group measures the process's CPU time instead of the wall clock and prints
//! "x real time" directly: on a machine shared with other jobs the wall clock mostly
//! measures the other jobs, the CPU time still measures the emulator.

use std::time::Duration;

use cpu_time::ThreadTime;
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};

use cpc_emu::timing::FRAME_US;
use cpc_emu::{Cpc, Program};

const SIEVE: &str = "
        org &4000
        di
        ld sp,&c000
        ld hl,&c9fb
        ld (&38),hl
        im 1
        ei
again:  ld hl,sieve
        ld de,sieve+1
        ld bc,4095
        ld (hl),1
        ldir
        ld hl,2
outer:  ld de,sieve
        push hl
        add hl,de
        ld a,(hl)
        pop hl
        or a
        jr z,next
        ld d,h
        ld e,l
        push hl
        add hl,hl
inner:  ld a,h
        cp &10
        jr nc,marked
        push hl
        ld bc,sieve
        add hl,bc
        ld (hl),0
        pop hl
        add hl,de
        jr inner
marked: pop hl
next:   inc hl
        ld a,l
        cp 64
        jr nz,outer
        ld ix,sieve
        ld bc,4096
        ld hl,0
count:  ld a,(ix+0)
        or a
        jr z,skip
        inc hl
skip:   inc ix
        dec bc
        ld a,b
        or c
        jr nz,count
        ld (primes),hl
        jr again
primes: dw 0
        align 256
sieve:  ds 4096
";

const FRAMES: u64 = 50;

fn machine() -> Cpc {
    let asm = cpc_asm::assemble_str(SIEVE).expect("benchmark program assembles");
    let program = Program {
        load: asm.load_address(),
        exec: asm.exec_address(),
        bytes: asm.binary(),
    };
    let mut cpc = Cpc::boot(&program).expect("fits");
    // Check the program computes what it should: 0, 1 and the 564 primes below 4096.
    cpc.run_frames(FRAMES).expect("runs");
    let primes = asm.symbol("primes").expect("label") as u16;
    assert_eq!(
        cpc.peek_word(primes),
        566,
        "the sieve is wrong: the benchmark is invalid"
    );
    cpc
}

fn cases<M: Measurement>(mut group: BenchmarkGroup<'_, M>) {
    group.throughput(Throughput::Elements(FRAMES * FRAME_US));
    group.sample_size(20);
    let mut headless = machine();
    headless.set_rendering(false);
    group.bench_function("sieve_1s_headless", |b| {
        b.iter(|| headless.run_frames(FRAMES).unwrap())
    });
    let mut drawn = machine();
    group.bench_function("sieve_1s_drawn", |b| {
        b.iter(|| drawn.run_frames(FRAMES).unwrap())
    });
    group.finish();
}

fn wall(c: &mut Criterion) {
    cases(c.benchmark_group("emulator"));
}

fn cpu(c: &mut Criterion<CpuTime>) {
    cases(c.benchmark_group("emulator_cpu"));
}

/// CPU time of the calling thread (the benchmark runs on one thread).
struct CpuTime;

impl Measurement for CpuTime {
    type Intermediate = ThreadTime;
    type Value = Duration;
    fn start(&self) -> ThreadTime {
        ThreadTime::now()
    }
    fn end(&self, start: ThreadTime) -> Duration {
        start.elapsed()
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Times in ms of CPU; throughput as CPC time per CPU time ("x real time").
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1e6);
        "ms CPU"
    }
    fn scale_throughputs(&self, _typical: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        let cpc_us = match t {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => {
                *n as f64
            }
        };
        // CPC µs per CPU ns -> CPC seconds per CPU second.
        values.iter_mut().for_each(|v| *v = cpc_us * 1e3 / *v);
        "x real time"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

criterion_group!(wall_clock, wall);
criterion_group! {
    name = cpu_time;
    config = Criterion::default().with_measurement(CpuTime);
    targets = cpu
}
criterion_main!(wall_clock, cpu_time);
