fn main() {
    let p = std::env::args().nth(1).unwrap();
    match cpc_asm::assemble_file(&p, &cpc_asm::Options::default()) {
        Ok(a) => {
            println!("{:02X?}", a.binary());
            print!("{}", a.listing());
            print!("{}", a.symbols_winape());
            print!("{}", a.memory_map());
            println!("{:?}", a.printed());
        }
        Err(e) => println!("{e}"),
    }
}
