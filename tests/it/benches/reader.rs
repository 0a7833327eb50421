//! How long the mail reader takes on what players write: every body of the
//! phrasings corpus read 200 times (`read_intents`, the reader alone, no
//! store). A figure, not a check: run it and record the figure in
//! docs/performance.md.
//!
//!     cargo test --release --test it benches::reader:: -- --ignored --nocapture

use crate::common;

use common::phrasings::corpus;
use zaochka::mail::intent::{Context, MoveSyntax, read_intents};
use zaochka::vocabulary::GameId;

#[test]
#[ignore = "a benchmark: run with --ignored --nocapture"]
fn the_reader_takes_microseconds_a_mail() {
    let cases = corpus();
    let rounds = 200;
    let started = std::time::Instant::now();
    let mut intents = 0usize;
    for _ in 0..rounds {
        for case in &cases {
            let syntax = if case.game == "chess" {
                MoveSyntax::Chess
            } else {
                MoveSyntax::Draughts
            };
            let cx = Context::single(Some(GameId(1)), syntax);
            intents += read_intents(&case.body, "Re: [zaochka #1] Ваш ход", &cx).len();
        }
    }
    let mails = rounds * cases.len();
    let took = started.elapsed();
    println!(
        "{mails} mails read in {:.3} s: {:.1} µs a mail ({intents} intents)",
        took.as_secs_f64(),
        took.as_secs_f64() * 1e6 / mails as f64
    );
    assert!(intents > 0);
}
