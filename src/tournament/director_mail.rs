//! How a tournament's director hears of its events: a mail for each event
//! at once, or one digest a day. A director sets it per tournament (the
//! console's `tournament director-mail`, or a line of their mail); without
//! a setting it is [`DirectorMail::Each`], so tournaments made before the
//! setting existed, and new ones, mail each event at once until the director
//! asks for the digest. A digest director gets no mail at the moment of an
//! event, however urgent (they asked for the digest): the day's digest at
//! [`DIGEST_HOUR`] of their time zone lists the events since the last one,
//! grouped by [`EventGroup`], each with the command to act on it.

/// The hour of the director's day (their time zone) the digest goes at:
/// 8 (08:00 local time), as the players' digest by default.
pub const DIGEST_HOUR: u8 = crate::clock::digest::DEFAULT_HOUR;

named_enum! {
    /// How a director hears of a tournament's events. Kept as its name.
    pub enum DirectorMail {
        /// A mail for each event at once (the default).
        Each => "each",
        /// One mail a day listing the day's events.
        Digest => "digest",
    }
}

named_enum! {
    /// The groups of a director's digest, in the order the digest lists
    /// them. Kept as the name of an event's group.
    pub enum EventGroup {
        /// Games frozen at the end of the playing period (adjudication).
        Adjudications => "adjudications",
        /// Frozen games waiting for the director's ruling: claims that
        /// disagree, or a claim term ended without two matching claims.
        Rulings => "rulings",
        /// Claims that came after the claim term ended.
        LateClaims => "late-claims",
        /// Time and silence warnings about the player to move.
        ClockWarnings => "clock-warnings",
        /// Mails to players that bounced.
        Bounces => "bounces",
        /// Players withdrawn.
        Withdrawals => "withdrawals",
        /// The tournament finished.
        Finished => "finished",
    }
}
