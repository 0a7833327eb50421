//! The mail front end's pure part (no network, no database).

pub mod address;
pub mod flowed;
pub mod html;
pub mod text;

pub use address::{BotAddress, ReplyAddress, constant_time_eq, parse_subject, subject_tag};
