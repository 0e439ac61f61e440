//! tests/hosts/rust -- coins from rusqlite: load_extension is unsafe, and
//! allowed only between load_extension_enable and load_extension_disable.
//!
//!     coins-host /path/to/coins.so
use rusqlite::{Connection, LoadExtensionGuard};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 2 {
        eprintln!("usage: coins-host /path/to/coins.so");
        std::process::exit(2);
    }
    let db = Connection::open_in_memory()?;
    unsafe {
        let _guard = LoadExtensionGuard::new(&db)?;
        db.load_extension(&args[1], None)?;
    }
    let score: i64 = db.query_row("SELECT coins_score(3, '[8,15,3,7]')", [], |r| r.get(0))?;
    let row: (i64, String, String, i64, String) = db.query_row(
        "SELECT ply, move, best, loss, verdict FROM coins_review(3, '[8,15,3,7]', 'LRLR') LIMIT 1",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
    )?;
    let got = format!("{} {} {} {} {} {}", score, row.0, row.1, row.2, row.3, row.4);
    if got != "22 1 L R 14 blunder" {
        eprintln!("FAIL rust: got {got:?}, want \"22 1 L R 14 blunder\"");
        std::process::exit(1);
    }
    println!("rust (rusqlite): 2 passed, 0 failed");
    Ok(())
}
