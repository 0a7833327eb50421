//! Benchmarks and soaks, every test `#[ignore]`d: run by hand (see
//! tests/README.md for the commands) and recorded in docs/performance.md.

mod diagram;
mod entry_ratings;
mod idle;
mod mail;
mod reader;
mod scale;
mod serve;
