//! The words of the domain, shared by every layer: which game, which player,
//! which side, how a game stands, how it ended and why.
//!
//! These are plain values with a stable text or number form each; the rules
//! core, the clock, the mail readers and the prose layer use them without
//! knowing where they are kept. The store maps them to its columns (it adds
//! the SQLite conversions) and re-exports them, so `crate::vocabulary::GameId` and
//! `crate::vocabulary::GameId` are one type.
//!
//! | word | form kept | meaning |
//! |---|---|---|
//! | [`GameId`] | integer | a game, the number in `[zaochka #12]` |
//! | [`PlayerId`] | integer | a registered person |
//! | [`Language`] | `en` / `ru` | the language a person reads replies in |
//! | [`PauseId`] | integer | a clock stopped because a move notice bounced |
//! | [`Color`] | `white` / `black` | a side of the board (the rules' own type) |
//! | [`GameStatus`] | `active`, `paused`, `finished`, `annulled`, `adjourned` | where a game stands |
//! | [`GameResult`] | `1-0`, `0-1`, `1/2-1/2` | the result of a finished game |
//! | [`Termination`] | `resignation`, `no_moves`, `time`, ... | why it ended |
//! | [`DirectorAction`] | `adjudicate`, `rollback`, ... (the audit log's names) | what a tournament director does to a game |
//!
//! Nothing here does I/O or reads the system clock.

/// A side of the board, the rules' own type (one name everywhere). Its text
/// form is `white` / `black`.
pub use crate::rules::Color;

/// The result and the termination of a finished game are the rules' own
/// types, kept by their names (`1-0`, `no_moves`, ...).
pub use crate::rules::{GameResult, Termination};

/// A text that names no value of one of these enumerations.
pub use crate::rules::UnknownValue;

id_type! {
    /// A game's id (`games.id`), the number in `[zaochka #12]`.
    GameId
}

id_type! {
    /// A registered person's id (`players.id`).
    PlayerId
}

id_type! {
    /// A bounce pause's id (`bounce_pauses.id`): one player's clock in one
    /// game stopped because the notice of the opponent's move bounced.
    PauseId
}

named_enum! {
    /// Where a game stands. Kept as the lowercase name.
    pub enum GameStatus {
        /// Being played; moves are accepted.
        Active => "active",
        /// Stopped by a referee (outage, dispute); clocks stand.
        Paused => "paused",
        /// Over, with a result and a termination.
        Finished => "finished",
        /// Cancelled by a referee; counts for nobody.
        Annulled => "annulled",
        /// Adjourned with a sealed move, to be resumed (seed 003 art. 15-17).
        Adjourned => "adjourned",
    }
}

named_enum! {
    /// Why a game that is not over stands still, as a director reads it: the
    /// game's status and, for a paused tournament game, where its
    /// adjudication is. Kept and written in JSON as the kebab-case name.
    pub enum Standstill {
        /// Frozen at the end of the tournament's playing period: the players'
        /// claims are due (the claim term runs).
        Frozen => "frozen",
        /// Waiting for the director's ruling (adjudication): the claims
        /// disagree or the claim term ended without two matching claims.
        AwaitingRuling => "awaiting-ruling",
        /// Adjourned with a sealed move, to be resumed.
        Adjourned => "adjourned",
        /// Paused by the referee (outage, dispute).
        PausedByReferee => "paused-by-referee",
    }
}

named_enum! {
    /// The language a person reads replies and messages in (a player's
    /// setting, `players.language`). Stored and written in JSON as `en` / `ru`.
    pub enum Language {
        /// English.
        En => "en",
        /// Russian.
        Ru => "ru",
    }
}

impl Default for Language {
    /// English, for a reader whose language is not known.
    fn default() -> Language {
        Language::En
    }
}

impl Language {
    /// The two-letter code (ISO 639-1), the same as the stored text.
    #[must_use]
    pub fn code(self) -> &'static str {
        self.as_str()
    }

    /// Of a word in both languages, the one in this language: a wording
    /// table's row holds a term's English and Russian side by side
    /// (`Variant::Lasca => lang.pick("Lasca", "Ласка")`).
    #[must_use]
    pub fn pick<T>(self, en: T, ru: T) -> T {
        match self {
            Language::En => en,
            Language::Ru => ru,
        }
    }
}

/// What a tournament director does to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectorAction {
    /// Decide the result.
    Adjudicate(GameResult),
    /// Take the game back to the position after ply N (seed 000 §1.14: replay from
    /// the illegal move); plies after N are removed.
    Rollback(u32),
    /// The given side loses by forfeit.
    Forfeit(Color),
    /// The game is annulled: no result.
    Annul,
    /// Add (or, negative, remove) days on a side's clock; `true` lets the
    /// balance go below zero (the side then loses on time at the next tick).
    AddDays(Color, i32, bool),
    /// Stop the game (and its clocks) until resumed.
    Pause,
    /// Resume a paused or adjourned game; a sealed move is revealed and played.
    Resume,
    /// Adjourn the game: the side to move may seal a move (seed 003 art. 15).
    Adjourn,
    /// Send the invitation again, with the current position, to one player of
    /// the game or (`None`) to both, at their registered address.
    Resend(Option<String>),
}

impl DirectorAction {
    /// The audit-log name of the action.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            DirectorAction::Adjudicate(_) => "adjudicate",
            DirectorAction::Rollback(_) => "rollback",
            DirectorAction::Forfeit(_) => "forfeit",
            DirectorAction::Annul => "annul",
            DirectorAction::AddDays(..) => "add_days",
            DirectorAction::Pause => "pause",
            DirectorAction::Resume => "resume",
            DirectorAction::Adjourn => "adjourn",
            DirectorAction::Resend(_) => "resend",
        }
    }
}
