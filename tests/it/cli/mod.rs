//! The command line: whole games refereed from it, and its behaviour as a
//! Unix tool.

mod referee;
mod unix;
