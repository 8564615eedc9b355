//! Assembles a generated 20 000-line source (instructions, labels, forward and backward jumps,
//! local labels, data, expressions, a macro and a REPT). Target: under 100 ms.

use criterion::{criterion_group, criterion_main, Criterion};

/// A realistic mix, 20 000 lines, that fits in 64 KB.
pub fn source(lines: usize) -> String {
    let mut s = String::from(
        " org &0100\nSCREEN equ &C000\n macro addw reg, v\n ld de,v\n add reg,de\n endm\n",
    );
    let mut n = 6;
    let mut k = 0;
    while n < lines {
        let body = [
            "proc{k}:",
            " ld hl,SCREEN+{k}",
            " ld a,(hl)",
            " and &0F",
            " cp 10",
            " jr nc,.skip",
            ".loop ld (ix+3),a",
            " djnz .loop",
            " jp proc{next}",
            ".skip call proc{k}",
            " addw hl, (table{k}+2)/3",
            " ld bc,table{k}",
            " db 1,2,\"ok\",low(proc{k})",
            "table{k}: dw proc{k}, $+4, -1",
            " ds 2",
        ];
        for line in body {
            s.push_str(
                &line
                    .replace("{k}", &k.to_string())
                    .replace("{next}", &(k + 1).to_string()),
            );
            s.push('\n');
        }
        n += body.len();
        k += 1;
    }
    s.push_str(&format!("proc{k}: ret\n"));
    s
}

fn bench(c: &mut Criterion) {
    let src = source(20_000);
    let lines = src.lines().count();
    let asm = cpc_asm::assemble_str(&src).expect("the generated source assembles");
    eprintln!("{lines} lines -> {} bytes", asm.binary().len());
    c.bench_function("assemble 20000 lines", |b| {
        b.iter(|| cpc_asm::assemble_str(&src).expect("assembles"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
