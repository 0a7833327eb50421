//! The mail daemon (`zaochka serve`): reads the inbox, turns each player's mail
//! into referee commands, applies them with the processed-message record and the
//! replies in one transaction, marks the mail done after the commit, and sends the
//! outbox.

pub mod compose;
pub mod imap_inbox;
pub mod inbox;
pub mod maildir_inbox;
pub mod sender;
pub mod transport;
