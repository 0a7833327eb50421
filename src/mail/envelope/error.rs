//! Why a mail is refused: the sender problems and [`EnvelopeError`].

use crate::mail::limits::LimitKind;
#[cfg(doc)]
use crate::mail::limits::Limits;

use super::HeaderSummary;
#[cfg(doc)]
use super::read_head;

/// What is wrong with the sender of a mail (such a mail is refused and never
/// answered: there is no one sure to answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SenderProblem {
    /// More than one `From` header, or one `From` with several mailboxes.
    Several,
    /// A `From` header whose value is not one mailbox with an addr-spec that
    /// lettre's `Address` accepts (a group, garbage, control characters,
    /// `x@y.org,evil@z.org`).
    Unreadable,
}

/// Why a mail cannot be turned into an envelope.
///
/// The size of the whole mail is reported as [`EnvelopeError::TooLarge`] (as
/// before); every other bound of [`Limits`] as [`EnvelopeError::OverLimit`].
/// Both carry the header summary so that a verified sender can be answered
/// once; the words of that answer are the caller's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    /// The mail is larger than the limit; it was not parsed. The sender and
    /// subject come from the header block alone, when it could be read.
    #[error("mail of {size} bytes is over the limit of {limit} bytes")]
    TooLarge {
        /// Size of the raw mail in bytes.
        size: usize,
        /// The limit in bytes.
        limit: usize,
        /// What the header block says, if it could be read.
        headers: Option<Box<HeaderSummary>>,
    },
    /// A bound of [`Limits`] other than the size was gone over; the text was
    /// not read (no intents). The header summary comes from the header block
    /// alone ([`read_head`]).
    #[error("over the limit {}: {found} > {allowed}", .limit.key())]
    OverLimit {
        /// The bound.
        limit: LimitKind,
        /// What was found, in the bound's unit (bytes or a count); the count
        /// may stop soon after the bound.
        found: usize,
        /// The bound's value (same unit).
        allowed: usize,
        /// What the header block says, if it could be read.
        headers: Option<Box<HeaderSummary>>,
    },
    /// The sender is not exactly one readable address.
    #[error("sender refused: {0:?}")]
    Sender(SenderProblem),
    /// mail-parser found no message in the bytes.
    #[error("no mail message could be read")]
    Unparseable,
    /// mail-parser panicked on this input (quarantine the mail).
    #[error("the mail parser failed on this message: {0}")]
    Panicked(String),
}
