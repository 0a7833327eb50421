//! Clocks and leave: a season of correspondence clocks, steps of the system
//! clock, leave by mail, moves that arrive after their deadline, and the
//! evidence of timing of each move.

mod at_the_end;
mod late_moves;
mod leave_by_mail;
mod receipts;
mod season;
mod steps;
