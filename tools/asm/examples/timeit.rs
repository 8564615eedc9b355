fn main() {
    for p in std::env::args().skip(1) {
        let t = std::time::Instant::now();
        let r = cpc_asm::assemble_file(&p, &cpc_asm::Options::default());
        let n = match &r {
            Ok(_) => 0,
            Err(d) => d.errors().len(),
        };
        eprintln!("{p}: {:?}, {n} errors", t.elapsed());
    }
}
