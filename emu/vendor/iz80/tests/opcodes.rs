use iz80::*;

#[test]
fn test_two_opcodes() {
    let mut sys = PlainMachine::new();
    let mut cpu = Cpu::new();

    sys.poke(0x0000, 0x06); // LD B, $34
    sys.poke(0x0001, 0x34);
    sys.poke(0x0002, 0x78); // LD A, B

    cpu.execute_instruction(&mut sys);
    cpu.execute_instruction(&mut sys);

    assert_eq!(0x34, cpu.registers().a());
}

#[test]
fn test_push_pop_rr() {
    let mut sys = PlainMachine::new();
    let mut cpu = Cpu::new();

    sys.poke(0x0000, 0xc5); // PUSH BC
    sys.poke(0x0001, 0xf1); // POP AF
    cpu.registers().set16(Reg16::AF, 0x5678);
    cpu.registers().set16(Reg16::BC, 0x1234);

    cpu.execute_instruction(&mut sys);
    assert_eq!(0x1234, cpu.registers().get16(Reg16::BC));
    assert_eq!(0x5678, cpu.registers().get16(Reg16::AF));

    cpu.execute_instruction(&mut sys);
    assert_eq!(0x1234, cpu.registers().get16(Reg16::BC));
    assert_eq!(0x1234, cpu.registers().get16(Reg16::AF));
}

// (Vendored patch) With the T-state counter off, instructions run the same and the counter
// stays put; on again, it counts.
#[test]
fn test_cycle_counting_off() {
    let mut sys = PlainMachine::new();
    let mut cpu = Cpu::new();
    cpu.set_cycle_counting(false);

    sys.poke(0x0000, 0x06); // LD B, $34
    sys.poke(0x0001, 0x34);
    sys.poke(0x0002, 0x78); // LD A, B
    sys.poke(0x0003, 0x00); // NOP

    cpu.execute_instruction(&mut sys);
    cpu.execute_instruction(&mut sys);
    assert_eq!(0x34, cpu.registers().a());
    assert_eq!(0, cpu.cycle_count());

    cpu.set_cycle_counting(true);
    cpu.execute_instruction(&mut sys);
    assert_eq!(4, cpu.cycle_count());
}

// (Vendored patch) `execute_plain` runs an instruction as `execute_instruction` does with the
// counter off, prefixes, (IX+d) and EI included.
#[test]
fn test_execute_plain_as_execute_instruction() {
    let program = [
        0x06, 0x34, // LD B, $34
        0xDD, 0x21, 0x00, 0x10, // LD IX, $1000
        0xDD, 0x70, 0x05, // LD (IX+5), B
        0xDD, 0x7E, 0x05, // LD A, (IX+5)
        0xFB, // EI
        0x3C, // INC A
        0xCB, 0x27, // SLA A
    ];
    let mut plain_sys = PlainMachine::new();
    let mut sys = PlainMachine::new();
    for (i, byte) in program.iter().enumerate() {
        plain_sys.poke(i as u16, *byte);
        sys.poke(i as u16, *byte);
    }
    let mut plain = Cpu::new();
    let mut cpu = Cpu::new();
    plain.set_cycle_counting(false);
    cpu.set_cycle_counting(false);
    for _ in 0..7 {
        plain.execute_plain(&mut plain_sys);
        cpu.execute_instruction(&mut sys);
        assert_eq!(plain.serialize(), cpu.serialize());
    }
    assert_eq!(0x34, plain_sys.peek(0x1005));
    assert_eq!(0x6A, plain.registers().a());
}
