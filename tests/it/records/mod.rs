//! Archives of game records: `zaochka check` and `zaochka import` judge real
//! files as the referee judges a game by mail; readers that survive real
//! collections; international draughts records; hostile text escaped; move
//! times (`%ccsnt`) written, read back and read by python-chess; signed move
//! receipts checked by `zaochka verify`.

mod check;
mod escaped;
mod import;
mod international;
mod move_times;
mod readers;
mod receipts;
