//! Archives of game records: `zaochka check` and `zaochka import` judge real
//! files as the referee judges a game by mail; readers that survive real
//! collections; international draughts records; hostile text escaped.

mod check;
mod escaped;
mod import;
mod international;
mod readers;
