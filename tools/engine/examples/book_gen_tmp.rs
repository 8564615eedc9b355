use othello_engine::book::generate::generate;
use othello_engine::weights::Weights;
fn main() {
    let w = Weights::default();
    let t = std::time::Instant::now();
    let b = generate(&w, &|ply, n| eprint!("\rply {ply}: {n}   "));
    std::fs::write("/work/scratch-book-book.txt", b.to_text("cpc/weights.toml")).unwrap();
    eprintln!("\n{} entries in {:?}", b.entries().len(), t.elapsed());
}
