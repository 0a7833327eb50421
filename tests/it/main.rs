//! The integration tests of zaochka: one binary, one module per behaviour
//! (tests/README.md is the index). The shared helpers in `common` are
//! compiled once for all of them.

mod common;
#[path = "../diagram_cases/mod.rs"]
mod diagram_cases;
#[path = "../headless/mod.rs"]
mod headless;

mod benches;
mod cli;
mod clocks;
mod conditional;
mod daemon;
mod director;
mod draws;
mod games_by_mail;
mod mail;
mod module_graph;
mod notation;
mod records;
mod rules;
mod site;
mod store;
mod tournament;
mod xfcc;
