#[path = "../benches/assemble.rs"]
#[allow(dead_code)]
mod gen;
fn main() {
    let src = gen::source(20_000);
    let t = std::time::Instant::now();
    for _ in 0..20 {
        cpc_asm::assemble_str(&src).unwrap();
    }
    eprintln!("{:?} per run", t.elapsed() / 20);
}
