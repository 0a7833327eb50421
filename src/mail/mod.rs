//! The mail front end's pure part (no network, no database).

pub mod address;
pub mod chess_token;
pub mod flowed;
pub mod html;
pub mod intent;
pub mod quotes;
pub mod text;

pub use address::{BotAddress, ReplyAddress, constant_time_eq, parse_subject, subject_tag};
pub use intent::{
    Addressed, Context, Intent, MoveSyntax, MoveText, Source, Unrecognised, read_intents,
};
