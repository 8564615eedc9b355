//! The whole machine: CPU + bus + monitor, on a clock in CPC microseconds.
//!
//! Time advances by each instruction's CPC cost; every 64 µs the line ends: the monitor
//! draws it, the Gate Array counts the HSYNC, the CRTC moves on. A frame ends when VSYNC
//! starts (every 19 968 µs with the firmware CRTC values), so [`Cpc::run_frame`] always
//! returns with a complete picture. Nothing depends on the host clock: runs are repeatable.

use std::sync::Arc;

use crate::bus::Bus;
use crate::cpu::{Cpu, Registers, Step};
use crate::crtc::Crtc;
use crate::error::EmuError;
use crate::gate_array::GateArray;
use crate::keyboard::CpcKey;
use crate::keyscript::KeyScript;
use crate::timing::LINE_US;
use crate::video::{Monitor, FIRST_VISIBLE_LINE, VISIBLE_LINES};

/// A monitor that sees no VSYNC flies back by itself after this many lines.
const MAX_MONITOR_LINES: u32 = 352;

/// Return address pushed by [`Cpc::call`]: reaching it with the caller's stack depth means
/// the routine returned.
pub const CALL_SENTINEL: u16 = 0x0000;

/// Something that happened, with its CPC time (recorded when the event log is on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub time_us: u64,
    pub kind: EventKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The Z80 accepted an interrupt.
    Interrupt,
    /// VSYNC started: a frame ended.
    VsyncStart,
}

/// Where a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// The condition held after `elapsed_us`.
    Met { elapsed_us: u64 },
    /// The time limit passed first.
    LimitReached { elapsed_us: u64 },
}

impl RunOutcome {
    pub fn met(&self) -> bool {
        matches!(self, RunOutcome::Met { .. })
    }
}

/// The result of [`Cpc::call`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallOutcome {
    /// The routine returned (false: the time limit passed first).
    pub returned: bool,
    /// CPC time spent in the routine (interrupts included).
    pub elapsed_us: u64,
    /// Registers when the routine returned (or when the limit passed).
    pub registers: Registers,
}

/// How a machine was started, so that [`Cpc::reset`] can start it again. The loaders
/// (`program`, `sna`) sit above the machine and give it their own way to start afresh,
/// so the machine names none of them.
#[derive(Clone)]
pub(crate) enum Origin {
    Blank,
    Restart(Arc<dyn Fn() -> Result<Cpc, EmuError> + Send + Sync>),
}

pub struct Cpc {
    pub(crate) cpu: Cpu,
    pub(crate) bus: Bus,
    monitor: Monitor,
    render: bool,
    now: u64,
    line_end: u64,
    monitor_line: u32,
    frame: u64,
    interrupts: u64,
    log: Option<Vec<Event>>,
    /// Timed key changes, latest first (popped from the end).
    timed_keys: Vec<(u64, CpcKey, bool)>,
    /// Key changes by frame number, latest first.
    frame_keys: Vec<(u64, CpcKey, bool)>,
    pub(crate) origin: Origin,
    lower_rom: Option<Vec<u8>>,
    upper_roms: Vec<(u8, Vec<u8>)>,
}

impl Cpc {
    /// A CPC 6128 in the state `RUN"` leaves, with empty RAM (the `program` module says
    /// what that state is).
    pub(crate) fn power_on() -> Cpc {
        let mut bus = Bus::new();
        // Steady state at the first line of VSYNC: 50 HSYNCs since the last interrupt and
        // the re-sync armed, so the first frame has its 6 interrupts like every other.
        bus.ga.int_counter = 50;
        bus.ga.vsync_start();
        Cpc {
            cpu: Cpu::new(),
            bus,
            monitor: Monitor::new(),
            render: true,
            now: 0,
            line_end: LINE_US,
            monitor_line: 0,
            frame: 0,
            interrupts: 0,
            log: None,
            timed_keys: Vec::new(),
            frame_keys: Vec::new(),
            origin: Origin::Blank,
            lower_rom: None,
            upper_roms: Vec::new(),
        }
    }

    /// Starts the machine again the way it was started (program, snapshot or blank),
    /// keeping the installed ROM images. Pending key changes are dropped.
    pub fn reset(&mut self) -> Result<(), EmuError> {
        let mut fresh = match &self.origin {
            Origin::Blank => Cpc::new(),
            Origin::Restart(start) => start()?,
        };
        if let Some(rom) = &self.lower_rom {
            fresh.set_lower_rom(rom)?;
        }
        for (slot, rom) in &self.upper_roms {
            fresh.set_upper_rom(*slot, rom)?;
        }
        fresh.render = self.render;
        fresh.set_second_64k(self.has_second_64k());
        fresh.log = self.log.as_ref().map(|_| Vec::new());
        fresh.bus.mem.watch_as(&self.bus.mem);
        *self = fresh;
        Ok(())
    }

    /// Installs a 16 KB lower ROM; reads see it while the Gate Array enables it.
    pub fn set_lower_rom(&mut self, image: &[u8]) -> Result<(), EmuError> {
        self.bus
            .mem
            .set_lower_rom(image)
            .map_err(EmuError::RomSize)?;
        self.lower_rom = Some(image.to_vec());
        Ok(())
    }

    /// Installs a 16 KB upper ROM as number `slot` (selected through &DFxx).
    pub fn set_upper_rom(&mut self, slot: u8, image: &[u8]) -> Result<(), EmuError> {
        self.bus
            .mem
            .set_upper_rom(slot, image)
            .map_err(EmuError::RomSize)?;
        self.upper_roms.retain(|(s, _)| *s != slot);
        self.upper_roms.push((slot, image.to_vec()));
        Ok(())
    }

    // ----- running -------------------------------------------------------------------

    /// Runs until the next frame ends (VSYNC starts).
    pub fn run_frame(&mut self) -> Result<(), EmuError> {
        let target = self.frame + 1;
        self.run_core(u64::MAX, target, |_| false).map(|_| ())
    }

    /// Runs `n` frames.
    pub fn run_frames(&mut self, n: u64) -> Result<(), EmuError> {
        let target = self.frame + n;
        self.run_core(u64::MAX, target, |_| false).map(|_| ())
    }

    /// Watches the RAM byte the CPU writes at `addr` (in the current RAM configuration), or
    /// nothing: [`Cpc::run_frames_watching`] and [`Cpc::run_watching`] stop when it is
    /// written. [`Cpc::reset`] keeps it.
    pub fn watch_writes(&mut self, addr: Option<u16>) {
        let (first, len) = addr.map_or((0, 0), |a| (a, 1));
        self.bus.mem.watch_writes(first, len);
    }

    /// Watches the `len` RAM bytes from `first` as [`Cpc::watch_writes`] watches one, or
    /// nothing (`len` 0). False, and nothing watched, if they cross a 16 KB boundary of the
    /// address space (&4000, &8000, &C000).
    pub fn watch_writes_span(&mut self, first: u16, len: u16) -> bool {
        self.bus.mem.watch_writes(first, len)
    }

    /// Runs `n` frames, as [`Cpc::run_frames`], but stops right after the instruction (or the
    /// interrupt acknowledge) that writes a watched byte, even with the value it held: true
    /// then. Much cheaper than [`Cpc::run_until`] reading the byte after every instruction:
    /// the watch is one comparison per write.
    pub fn run_frames_watching(&mut self, n: u64) -> Result<bool, EmuError> {
        let target = self.frame + n;
        self.bus.mem.clear_watch_hit();
        self.run_core(u64::MAX, target, |m| m.bus.mem.watch_hit())
    }

    /// Runs until the instruction (or interrupt acknowledge) that writes a watched byte, at
    /// most `limit_us`: [`Cpc::run_until`] with a condition that reads the byte stopping at
    /// the same instruction, whenever that byte changes, at the watch's cost.
    pub fn run_watching(&mut self, limit_us: u64) -> Result<RunOutcome, EmuError> {
        self.bus.mem.clear_watch_hit();
        self.run_until(limit_us, |m| m.bus.mem.watch_hit())
    }

    /// The CPU and the bus, to run them apart from the machine's clock and lines: for the
    /// bench that measures what each layer costs (`tests/benches/emu_core.rs`).
    #[doc(hidden)]
    pub fn cpu_and_bus(&mut self) -> (&mut Cpu, &mut Bus) {
        (&mut self.cpu, &mut self.bus)
    }

    /// Runs for `us` microseconds of CPC time (to the first instruction boundary at or after).
    pub fn run_for(&mut self, us: u64) -> Result<(), EmuError> {
        let deadline = self.now + us;
        self.run_core(deadline, u64::MAX, |_| false).map(|_| ())
    }

    /// Runs until PC reaches `pc` (checked after each instruction), at most `limit_us`.
    pub fn run_until_pc(&mut self, pc: u16, limit_us: u64) -> Result<RunOutcome, EmuError> {
        self.run_until(limit_us, |m| m.cpu.pc() == pc)
    }

    /// Runs until the byte at `addr` (CPU view) equals `value`, at most `limit_us`.
    pub fn run_until_memory(
        &mut self,
        addr: u16,
        value: u8,
        limit_us: u64,
    ) -> Result<RunOutcome, EmuError> {
        self.run_until(limit_us, |m| m.bus.read(addr) == value)
    }

    /// Runs until `condition` holds (checked after each instruction), at most `limit_us`.
    pub fn run_until(
        &mut self,
        limit_us: u64,
        condition: impl FnMut(&Cpc) -> bool,
    ) -> Result<RunOutcome, EmuError> {
        let start = self.now;
        let met = self.run_core(start.saturating_add(limit_us), u64::MAX, condition)?;
        let elapsed_us = self.now - start;
        Ok(if met {
            RunOutcome::Met { elapsed_us }
        } else {
            RunOutcome::LimitReached { elapsed_us }
        })
    }

    /// Calls the subroutine at `addr` with the current registers, as a `CALL` would: pushes
    /// [`CALL_SENTINEL`] as the return address and runs until the routine returns to it at
    /// the same stack depth (at most `limit_us`). Then PC and the halt state are put back, so
    /// the machine carries on as if nothing happened. Interrupts keep running meanwhile.
    pub fn call(&mut self, addr: u16, limit_us: u64) -> Result<CallOutcome, EmuError> {
        self.call_observed(addr, limit_us, |_| {})
    }

    /// [`Cpc::call`], with `observe` run on the machine after every instruction (and
    /// interrupt acknowledge) of the call: for profilers and tracers.
    pub fn call_observed(
        &mut self,
        addr: u16,
        limit_us: u64,
        mut observe: impl FnMut(&Cpc),
    ) -> Result<CallOutcome, EmuError> {
        let saved = self.cpu.registers();
        let mut regs = saved;
        let return_sp = saved.sp;
        regs.sp = saved.sp.wrapping_sub(2);
        regs.pc = addr;
        regs.halted = false;
        self.poke_word(regs.sp, CALL_SENTINEL);
        self.cpu.set_registers(&regs);
        let outcome = self.run_until(limit_us, |m| {
            observe(m);
            m.cpu.pc() == CALL_SENTINEL && m.cpu.sp() == return_sp
        })?;
        let registers = self.cpu.registers();
        if outcome.met() {
            let mut back = registers;
            back.pc = saved.pc;
            back.halted = saved.halted;
            // Keep the interrupt state the routine left (it may have run EI/DI).
            self.cpu.set_registers(&back);
        }
        let elapsed_us = match outcome {
            RunOutcome::Met { elapsed_us } | RunOutcome::LimitReached { elapsed_us } => elapsed_us,
        };
        Ok(CallOutcome {
            returned: outcome.met(),
            elapsed_us,
            registers,
        })
    }

    /// The main loop. Returns Ok(true) when `condition` held, Ok(false) at the deadline or
    /// when `frame_target` frames have completed.
    fn run_core(
        &mut self,
        deadline: u64,
        frame_target: u64,
        mut condition: impl FnMut(&Cpc) -> bool,
    ) -> Result<bool, EmuError> {
        while self.frame < frame_target && self.now < deadline {
            // The instructions of one line: the frame count and the line's bookkeeping change
            // only at its end, so inside it one comparison per instruction decides.
            let stop = self.line_end.min(deadline);
            if self.cpu.is_halted() && !self.bus.ga.int_pending {
                // Nothing runs before the line ends (interrupts are raised at line ends).
                self.now = stop;
            } else if self.run_line(stop, &mut condition)? {
                return Ok(true);
            }
            while self.now >= self.line_end {
                self.end_line();
            }
            if condition(self) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The instructions up to `stop` (the line's end or the deadline). Ok(true) when
    /// `condition` held after one of them.
    #[inline(always)]
    fn run_line(
        &mut self,
        stop: u64,
        condition: &mut impl FnMut(&Cpc) -> bool,
    ) -> Result<bool, EmuError> {
        loop {
            // Most instructions are plain steps (no interrupt pending, not halted, not just
            // after EI); the rest go through `step_careful`, kept out of this loop.
            let int_line = self.bus.ga.int_pending;
            if self.cpu.is_plain_step(int_line) {
                self.now += self.cpu.step_plain(&mut self.bus) as u64;
            } else {
                self.step_careful(int_line, stop)?;
            }
            if self.now >= stop {
                return Ok(false);
            }
            if condition(self) {
                return Ok(true);
            }
        }
    }

    /// One step that is not plain: an interrupt may be accepted, or the CPU is halted (then
    /// time runs to `stop`: nothing can wake it before the line ends, where interrupts are
    /// raised), or EI was the last instruction.
    #[inline(never)]
    fn step_careful(&mut self, int_line: bool, stop: u64) -> Result<(), EmuError> {
        match self.cpu.step_careful(&mut self.bus, int_line) {
            Ok(Step::Ran { nops, interrupt }) => {
                if interrupt {
                    self.interrupt_taken();
                }
                self.now += nops as u64;
                Ok(())
            }
            Ok(Step::Halted) => {
                self.now = stop;
                Ok(())
            }
            Err(error) => Err(EmuError::Cpu {
                error,
                time_us: self.now,
                frame: self.frame,
            }),
        }
    }

    /// The Z80 accepted an interrupt: the Gate Array sees the acknowledge; counted, logged.
    fn interrupt_taken(&mut self) {
        self.bus.ga.acknowledge();
        self.interrupts += 1;
        if let Some(log) = &mut self.log {
            log.push(Event {
                time_us: self.now,
                kind: EventKind::Interrupt,
            });
        }
    }

    fn end_line(&mut self) {
        if self.render {
            let row = self.monitor_line.wrapping_sub(FIRST_VISIBLE_LINE) as usize;
            if row < VISIBLE_LINES {
                self.monitor
                    .draw_line(row, &self.bus.crtc, &self.bus.ga, self.bus.mem.video());
            }
        }
        self.bus.ga.hsync_end();
        let start = self.bus.crtc.next_line();
        let boundary = self.line_end;
        self.line_end += LINE_US;
        self.monitor_line += 1;
        if start.vsync_started || self.monitor_line >= MAX_MONITOR_LINES {
            if start.vsync_started {
                self.bus.ga.vsync_start();
                if let Some(log) = &mut self.log {
                    log.push(Event {
                        time_us: boundary,
                        kind: EventKind::VsyncStart,
                    });
                }
            }
            self.monitor_line = 0;
            self.frame += 1;
            while let Some(&(frame, key, down)) = self.frame_keys.last() {
                if frame > self.frame {
                    break;
                }
                self.bus.keyboard.set(key, down);
                self.frame_keys.pop();
            }
        }
        while let Some(&(time, key, down)) = self.timed_keys.last() {
            if time > boundary {
                break;
            }
            self.bus.keyboard.set(key, down);
            self.timed_keys.pop();
        }
    }

    // ----- keys ----------------------------------------------------------------------

    /// Presses a key now.
    pub fn press(&mut self, key: CpcKey) {
        self.bus.keyboard.set(key, true);
    }

    /// Releases a key now.
    pub fn release(&mut self, key: CpcKey) {
        self.bus.keyboard.set(key, false);
    }

    pub fn release_all(&mut self) {
        self.bus.keyboard.release_all();
    }

    pub fn is_pressed(&self, key: CpcKey) -> bool {
        self.bus.keyboard.is_pressed(key)
    }

    /// Presses or releases `key` at CPC time `time_us` (applied at the first line end at or
    /// after it).
    pub fn key_at(&mut self, time_us: u64, key: CpcKey, down: bool) {
        insert_latest_first(&mut self.timed_keys, (time_us, key, down));
    }

    /// Presses `key` now and releases it `hold_us` later.
    pub fn tap(&mut self, key: CpcKey, hold_us: u64) {
        self.press(key);
        self.key_at(self.now + hold_us, key, false);
    }

    /// Schedules a key script; its frame numbers count frames since the machine started.
    pub fn schedule(&mut self, script: &KeyScript) {
        for change in script.changes() {
            insert_latest_first(
                &mut self.frame_keys,
                (change.frame, change.key, change.down),
            );
        }
        // Changes for frames already started apply now.
        while let Some(&(frame, key, down)) = self.frame_keys.last() {
            if frame > self.frame {
                break;
            }
            self.bus.keyboard.set(key, down);
            self.frame_keys.pop();
        }
    }

    // ----- memory and registers --------------------------------------------------------

    /// The byte the CPU would read at `addr` (RAM banking and ROMs applied).
    pub fn peek(&self, addr: u16) -> u8 {
        self.bus.read(addr)
    }

    /// Writes a byte as the CPU would (to RAM, through the banking).
    pub fn poke(&mut self, addr: u16, value: u8) {
        self.bus.write(addr, value);
    }

    pub fn peek_word(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.peek(addr), self.peek(addr.wrapping_add(1))])
    }

    pub fn poke_word(&mut self, addr: u16, value: u16) {
        let [lo, hi] = value.to_le_bytes();
        self.poke(addr, lo);
        self.poke(addr.wrapping_add(1), hi);
    }

    /// `len` bytes from `addr` (CPU view, wrapping at &FFFF).
    pub fn read_bytes(&self, addr: u16, len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| self.peek(addr.wrapping_add(i as u16)))
            .collect()
    }

    /// Writes `bytes` from `addr` (CPU view, wrapping at &FFFF).
    pub fn write_bytes(&mut self, addr: u16, bytes: &[u8]) {
        for (i, b) in bytes.iter().enumerate() {
            self.poke(addr.wrapping_add(i as u16), *b);
        }
    }

    /// The 128 KB of RAM by physical block (block 0 = &0000-&3FFF of the base 64 KB).
    pub fn ram(&self) -> &[u8] {
        self.bus.mem.ram()
    }

    /// Makes the machine a 6128 (`true`, the default) or one without the second 64 KB, a 464
    /// or 664 (`false`): then the Gate Array's RAM configurations change nothing, and a
    /// program that tests for the second 64 KB finds none. Kept by [`Cpc::reset`].
    pub fn set_second_64k(&mut self, present: bool) {
        self.bus.mem.set_second_64k(present);
    }

    /// Whether the machine has the 6128's second 64 KB.
    pub fn has_second_64k(&self) -> bool {
        self.bus.mem.has_second_64k()
    }

    pub fn registers(&self) -> Registers {
        self.cpu.registers()
    }

    pub fn set_registers(&mut self, registers: &Registers) {
        self.cpu.set_registers(registers);
    }

    pub fn pc(&self) -> u16 {
        self.cpu.pc()
    }

    // ----- observation -----------------------------------------------------------------

    /// CPC time since start, in µs.
    pub fn time_us(&self) -> u64 {
        self.now
    }

    /// Frames completed since start.
    pub fn frame(&self) -> u64 {
        self.frame
    }

    /// Interrupts accepted since start.
    pub fn interrupts(&self) -> u64 {
        self.interrupts
    }

    pub fn gate_array(&self) -> &GateArray {
        &self.bus.ga
    }

    pub fn crtc(&self) -> &Crtc {
        &self.bus.crtc
    }

    /// The picture, [`crate::WIDTH`] x [`crate::HEIGHT`] pixels of 0x00RRGGBB.
    pub fn framebuffer(&self) -> &[u32] {
        &self.monitor.pixels
    }

    /// Turns line drawing on or off (off: faster; the framebuffer keeps its last picture).
    pub fn set_rendering(&mut self, on: bool) {
        self.render = on;
    }

    /// Starts (or stops) recording [`Event`]s.
    pub fn set_event_log(&mut self, on: bool) {
        self.log = if on { Some(Vec::new()) } else { None };
    }

    /// The events recorded since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        self.log.as_mut().map(std::mem::take).unwrap_or_default()
    }
}

fn insert_latest_first(queue: &mut Vec<(u64, CpcKey, bool)>, item: (u64, CpcKey, bool)) {
    // Stable for equal times: a later insertion at the same time applies later.
    let at = queue.partition_point(|e| e.0 > item.0);
    queue.insert(at, item);
}
