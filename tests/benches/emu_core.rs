//! What each layer of the emulator costs on the game's own work (issue 52): the Z80 AI
//! (`ai_entry`, a fixed level, no time limit) on the same positions run three ways, each
//! from the same memory and registers (the machine's clock keeps running, so its interrupts
//! may fall elsewhere in the code from one call to the next, under a line apart):
//!
//! * **bare**: iz80 alone on its plain path (`Cpu::execute_bare`): no CPC time, no interrupts;
//! * **step**: `Cpu::step`, the CPU wrapper: the CPC cost of every instruction, the HALT
//!   and EI bookkeeping, still no interrupts (the same instructions as bare);
//! * **machine**: `Cpc::call`, what `verify` and `match` run: the wrapper plus the line and
//!   frame bookkeeping and the game's 300 Hz interrupt handler.
//!
//! It prints each way's thread CPU time (per position the least of the rounds, summed), Z80
//! instructions per CPU second and its time against bare. Bare is the ceiling of any change
//! outside iz80: the machine cannot run the game faster than iz80 alone runs its
//! instructions. Every way must find the same move, bare and step run the same instructions.
//!
//! `cargo bench -p cpc-e2e --bench emu_core [-- POSITIONS [LEVEL [ROUNDS]]]`; default 12
//! random positions (the 11 with a move to make are run) at level 5, 5 rounds (the ways
//! alternate within each round).

use std::time::Duration;

use cpu_time::ThreadTime;

use cpc_e2e::z80::{show, Z80};
use cpc_emu::cpu::Step;
use cpc_emu::{Registers, CALL_SENTINEL};
use cpc_game::symbols as sym;
use cpc_verify::positions::random_positions;
use othello_engine::board::Board;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Way {
    Bare,
    Step,
    Machine,
}

const WAYS: [Way; 3] = [Way::Bare, Way::Step, Way::Machine];

/// CPC time allowed to one call on the machine.
const LIMIT_US: u64 = 600_000_000;

/// The started game's memory and registers, put back before every run.
struct Start {
    bus: cpc_emu::bus::Bus,
    registers: Registers,
}

impl Start {
    fn restore(&self, z: &mut Z80) {
        let (cpu, bus) = z.cpc.cpu_and_bus();
        *bus = self.bus.clone();
        cpu.set_registers(&self.registers);
    }
}

/// One call of `ai_entry` on `board` the given way: its CPU time, the instructions it ran
/// (the machine's only when `count`: they are counted in a second, untimed call) and the move.
fn run(
    z: &mut Z80,
    start: &Start,
    board: &Board,
    level: u8,
    way: Way,
    count: bool,
) -> (Duration, Option<u64>, u8) {
    start.restore(z);
    if way == Way::Machine {
        let t = ThreadTime::now();
        let answer = z.ai_timed(board, level, 0, LIMIT_US);
        let spent = t.elapsed();
        if !count {
            return (spent, None, answer.mv);
        }
        // Counted apart, untimed: the interrupt handler's instructions are the machine's too.
        start.restore(z);
        let mut instructions = 0u64;
        let again = z.ai_observed(board, level, 0, LIMIT_US, |_| instructions += 1);
        assert_eq!(
            again.mv,
            answer.mv,
            "{}: the machine is not repeatable",
            show(board)
        );
        return (spent, Some(instructions), answer.mv);
    }
    z.write_ai_input(board, level);
    let ai_time = z.addr(sym::AI_TIME);
    z.cpc.poke_word(ai_time, 0);
    // The call as `Routines::ai_timed` makes it: A = 0, the sentinel as the return address.
    let entry = z.addr(sym::AI_ENTRY);
    let mut regs = z.cpc.registers();
    let return_sp = regs.sp;
    regs.sp = regs.sp.wrapping_sub(2);
    regs.af &= 0x00FF;
    regs.pc = entry;
    regs.halted = false;
    z.cpc.poke_word(regs.sp, CALL_SENTINEL);
    let (cpu, bus) = z.cpc.cpu_and_bus();
    cpu.set_registers(&regs);
    let mut instructions = 0u64;
    let t = ThreadTime::now();
    while !(cpu.pc() == CALL_SENTINEL && cpu.sp() == return_sp) {
        match way {
            Way::Bare => cpu.execute_bare(bus),
            _ => match cpu.step(bus, false) {
                Ok(Step::Ran { .. }) => {}
                other => panic!("{}: ai_entry halted or failed: {other:?}", show(board)),
            },
        }
        instructions += 1;
    }
    let spent = t.elapsed();
    (spent, Some(instructions), z.read_answer(0).mv)
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .map(|a| {
            a.parse::<u64>()
                .unwrap_or_else(|_| panic!("not a number: {a}"))
        });
    let count = args.next().unwrap_or(12) as usize;
    let level = args.next().unwrap_or(5) as u8;
    let rounds = args.next().unwrap_or(5);

    let mut z = Z80::game();
    z.start();
    let start = Start {
        bus: z.cpc.cpu_and_bus().1.clone(),
        registers: z.cpc.registers(),
    };
    let positions: Vec<Board> = random_positions(0x5200_0C0E, count)
        .into_iter()
        .filter(|b| !b.is_game_over() && !b.must_pass())
        .collect();

    // Per position and way, the least CPU time over the rounds: other jobs on the machine
    // only ever add time.
    let mut least = vec![[Duration::MAX; 3]; positions.len()];
    let mut instructions = [0u64; 3];
    for round in 0..rounds {
        for (i, board) in positions.iter().enumerate() {
            let mut moves = Vec::new();
            // The order of the ways turns with the position and the round.
            for k in 0..3 {
                let way = WAYS[(k + i + round as usize) % 3];
                let (spent, counted, found) = run(&mut z, &start, board, level, way, round == 0);
                least[i][way as usize] = least[i][way as usize].min(spent);
                if round == 0 {
                    instructions[way as usize] += counted.expect("counted");
                }
                moves.push((way, found, counted));
            }
            let first = moves[0].1;
            assert!(
                moves.iter().all(|m| m.1 == first),
                "{}: the ways found different moves: {moves:?}",
                show(board)
            );
            let ran = |w: Way| moves.iter().find(|m| m.0 == w).and_then(|m| m.2);
            assert_eq!(
                ran(Way::Bare),
                ran(Way::Step),
                "{}: bare and step ran different instructions",
                show(board)
            );
        }
    }
    let mut time = [Duration::ZERO; 3];
    for b in &least {
        for way in WAYS {
            time[way as usize] += b[way as usize];
        }
    }
    println!(
        "{} positions at level {level}, each way's least CPU time of {rounds} rounds (the ways alternating)",
        positions.len()
    );
    println!("| way | CPU s | Z80 instructions | M instructions per CPU s | ns per instruction | CPU time against bare |");
    println!("|---|---|---|---|---|---|");
    let bare = time[Way::Bare as usize].as_secs_f64();
    for way in WAYS {
        let secs = time[way as usize].as_secs_f64();
        let n = instructions[way as usize];
        println!(
            "| {way:?} | {secs:.2} | {n} | {:.1} | {:.2} | {:.2}x |",
            n as f64 / secs / 1e6,
            secs * 1e9 / n as f64,
            secs / bare
        );
    }
}
