//! The command line: whole games refereed from it, its behaviour as a Unix
//! tool, and its help, completions, manual pages and Debian service unit.

mod help_and_packaging;
mod referee;
mod start_positions;
mod unix;
