//! The mail front end's pure part: raw mail bytes to an [`Envelope`]
//! (mail-parser, charsets, `format=flowed`, HTML, auto-replies, bounces,
//! attachments), the new text with quoted history and signatures cut
//! ([`quotes`]), the player's [`intent`]s, and the bot's addresses and subject
//! tag ([`address`]). No network, no database: the daemon feeds bytes in and
//! hands the intents to the referee.
//!
//! ```text
//! bytes ──Envelope::parse──> Envelope { from, to, subject, ids, auto, bounce, new_text, .. }
//!                                   │ reply_addresses(bot) -> game + token (checked by the referee)
//!                                   └ new_text + subject ──read_intents──> [Addressed { game, Intent }]
//! ```
//!
//! One file per concern: [`envelope`] (MIME to envelope), [`flowed`]
//! (RFC 3676 unwrapping), [`html`] (HTML to text), [`text`] (space and newline
//! clean-up), [`dsn`] (delivery status notifications), [`quotes`] (new text
//! only), [`intent`] (commands), [`chess_token`] (chess move words, asked of
//! the referee's own chess move reader), [`address`] (reply address, subject tag, constant-time token check),
//! [`ids`] (the bot's own Message-IDs, written and read),
//! [`limits`] (the bounds of one mail, checked before the memory is spent).
//!
//! Invariant: every reader here is linear in its input (no line is copied or
//! scanned once per word, no list is searched once per item), and
//! [`Envelope::parse_bounded`] refuses a mail over a bound before the work
//! that bound guards.

pub mod address;
pub mod ask_words;
pub mod auth;
pub mod chess_token;
pub mod conditional;
pub mod director;
pub mod dsn;
pub mod envelope;
pub mod flowed;
pub mod html;
pub mod ids;
pub mod intent;
pub mod limits;
pub mod quotes;
pub mod text;

pub use address::{
    BotAddress, PersonalAddress, ReplyAddress, TokenedAddress, constant_time_eq, parse_subject,
    subject_tag,
};
pub use dsn::{Bounce, DsnAction, DsnRecipient};
pub use envelope::{
    Attachment, AutoSignal, DEFAULT_MAX_SIZE, Envelope, EnvelopeError, HeaderSummary,
    MAX_HEAD_BYTES, Mailbox, SenderProblem, read_head,
};
pub use intent::{
    Addressed, Context, Intent, MoveSyntax, MoveText, Source, Unrecognised, read_intents,
};
pub use limits::{LimitKind, Limits};
