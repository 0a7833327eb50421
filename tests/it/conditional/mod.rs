//! Sealed and conditional moves by mail, and the faults found in them.

mod by_mail;
mod faults;
