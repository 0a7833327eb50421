//! What a reply tells, as typed values: the referee says WHAT happened and
//! how a game stands for one reader; `letters` words it (through
//! [`crate::words`], in the reader's language) and draws its board, in one
//! pass. No sentence is written here.

mod account;
mod ask;
mod conditional;
mod events;
mod moves;
mod state;
mod tournament;

use chrono::{DateTime, Utc};

pub use ask::{Asked, Cited, LegalList, ListedMove, RulesSummary, Taken, Verdict};
pub use conditional::{Event as ConditionalEvent, Refusal, ShownPly};
pub use events::{ClockEvent, DirectorEvent, LeaveEvent};
pub use moves::{Event, OfferBar};
pub use state::{Board, ClockLine, Clocks, GameLine, NextReminder, Phase, Score, StateView};
pub use tournament::{
    ClockWarning, FixtureEnd, Heading, Invitation, InvitationLines, InvitedTournament, Replaced,
    RulingDue, TableView, TournamentEvent,
};

use crate::games::Finish;
use crate::store::receipts::ChargeRecord;

/// The body of a reply.
#[derive(Clone, Debug)]
pub enum Told {
    /// Text written before the reply was made (the mail front end's
    /// refusals and notices).
    Text(String),
    /// A game's record (PDN, or PGN for chess), sent as it is.
    Record(String),
    /// The first mail of a game: its header, event lines (a game sent
    /// again), the invitation's text, then the state of the game without
    /// its header.
    Invitation {
        /// The game's header lines.
        heading: Heading,
        /// Event lines under the header.
        lines: Vec<Line>,
        /// The invitation.
        invitation: Invitation,
        /// The state of the game for the reader.
        view: Box<StateView>,
    },
    /// A tournament's crosstable, each section under its number when there
    /// are several; to be read in a fixed-width font.
    Crosstable {
        /// The tournament's name.
        tournament: String,
        /// Its sections' tables.
        sections: Vec<crate::referee::tournament::SectionTable>,
    },
    /// The answer to a player who asked for the tournament bulletins
    /// (`wanted`) or for none.
    Bulletins {
        /// Bulletins wanted from now on.
        wanted: bool,
    },
    /// The answer to a player who set how they hear of the opponents'
    /// moves (the daily digest at an hour of their zone, or every move).
    MoveMails {
        /// The setting from now on.
        mails: crate::clock::digest::MoveMails,
        /// The player's time zone (IANA name).
        zone: String,
    },
    /// The player's calendar, sent as an attached `.ics` file.
    Calendar(Box<crate::referee::calendar::Calendar>),
    /// A new Xfcc password, for the player who asked for it by mail.
    XfccPassword {
        /// The password (only its hash is kept).
        password: String,
    },
    /// The answer to a player who wrote that they withdraw from a
    /// tournament (`said`) or asked how to: what a withdrawal does in each
    /// tournament they still play in (none: they play in none), and that a
    /// director makes it.
    Withdrawal {
        /// The player wrote that they withdraw (else asked how to).
        said: bool,
        /// One entry per tournament the player still plays in.
        terms: Vec<WithdrawalTerms>,
    },
    /// The answer to a player who confirmed a withdrawal with a code.
    WithdrawalConfirmed(WithdrawalAnswer),
    /// Event lines to a tournament's director, in the tournament's director
    /// thread: one Subject and one root Message-ID per tournament.
    ToDirectors {
        /// The tournament's row id.
        tournament: i64,
        /// The event lines, one after another.
        lines: Vec<Line>,
    },
    /// Event lines, and under them the state of the game for the reader.
    News {
        /// The event lines, one after another.
        lines: Vec<Line>,
        /// The game as it stands for the reader; the lines go between its
        /// header and its board.
        state: Option<Shown>,
    },
}

impl Told {
    /// News without a game state.
    #[must_use]
    pub fn lines(lines: Vec<Line>) -> Self {
        Told::News { lines, state: None }
    }

    /// Puts `line` above the whole body (above its header, if it has one).
    pub fn put_above(&mut self, line: Line) {
        let old = std::mem::replace(self, Told::lines(Vec::new()));
        *self = Told::lines(vec![line, Line::of(Part::Told(Box::new(old)))]);
    }
}

/// What a withdrawal from one tournament would do to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawalTerms {
    /// The tournament's name.
    pub tournament: String,
    /// How the standings count a withdrawn player's games.
    pub policy: crate::tournament::standings::WithdrawalPolicy,
    /// The player's unfinished games, each lost by forfeit on withdrawal.
    pub unfinished: usize,
    /// The registered addresses of the tournament's directors.
    pub directors: Vec<String>,
    /// The code that confirms the withdrawal
    /// ([`crate::referee::tournament::withdrawal_code`]).
    pub code: u32,
    /// The last day (UTC) the code is taken.
    pub until: chrono::NaiveDate,
}

/// What a player's confirmation of a withdrawal came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WithdrawalAnswer {
    /// The player withdrew from `tournament`; `games` unfinished games were
    /// lost by forfeit.
    Made {
        /// The tournament's name.
        tournament: String,
        /// The games forfeited.
        games: usize,
    },
    /// The player had withdrawn from `tournament` already: nothing more.
    Already {
        /// The tournament's name.
        tournament: String,
    },
    /// The player plays no more in `tournament` (finished, or replaced).
    Over {
        /// The tournament's name.
        tournament: String,
    },
    /// The code of `tournament` is older than its days.
    Expired {
        /// The tournament's name.
        tournament: String,
    },
    /// The confirmation holds no code.
    NoCode,
    /// The code is none given to the player.
    WrongCode,
}

/// One line of events: its parts, one after another on the line.
#[derive(Clone, Debug)]
pub struct Line(pub Vec<Part>);

impl Line {
    /// A line of one part.
    #[must_use]
    pub fn of(part: Part) -> Self {
        Line(vec![part])
    }
}

/// One thing said on an event line.
#[derive(Clone, Debug)]
pub enum Part {
    /// An event of a move, a resignation, a sealed move, an offer or a claim.
    Move(Event),
    /// The rules ended the game.
    Finish(Finish),
    /// A director's action, with the reason given.
    Director {
        /// The action.
        event: DirectorEvent,
        /// The director's reason (empty: none said).
        reason: String,
    },
    /// The sealed move is void after the director's action.
    SealedDropped,
    /// The game is sent again, with the director's reason (the default
    /// reason, [`crate::words::events::RESEND_DEFAULT_REASON`], is not told).
    Resent(String),
    /// A player's leave.
    Leave(LeaveEvent),
    /// A clock's reminder or time-out.
    Clock(ClockEvent),
    /// A whole earlier body, as a part (a text body put under a line).
    Told(Box<Told>),
    /// A part written before the reply was made (not yet typed).
    Text(String),
    /// An event of conditional lines, to their owner.
    Conditional(std::sync::Arc<ConditionalEvent>),
    /// The header lines of a game's mail.
    Heading(Heading),
    /// A tournament's event on a game.
    Tournament(TournamentEvent),
    /// The legal moves of the position.
    Legal {
        /// Who asks about which game.
        asked: Asked,
        /// The moves.
        list: LegalList,
    },
    /// `why` written without a move: how to ask, with a legal move as the
    /// example (empty: none).
    WhyWithoutMove {
        /// Who asks about which game.
        asked: Asked,
        /// The example, in the asker's notation.
        example: String,
    },
    /// The verdict on a written move.
    Verdict {
        /// Who asks about which game.
        asked: Asked,
        /// The move as written.
        written: String,
        /// The verdict.
        verdict: Verdict,
    },
    /// The rules summary of a game.
    Rules(RulesSummary),
    /// A player's games, one line each.
    GamesList(Vec<GameLine>),
    /// The commands, with the move examples of the games named.
    Commands(Vec<crate::rules::Variant>),
}

/// A game's state under the event lines.
#[derive(Clone, Debug)]
pub struct Shown {
    /// What the state says.
    pub view: StateView,
    /// The event lines say already how the game ended: the state does not
    /// say it again.
    pub below_end: bool,
}

/// A paragraph after the body, each in its place.
#[derive(Clone, Debug)]
pub enum Note {
    /// The mail front end's notes on the other lines of the player's mail,
    /// one per line.
    Lines(Vec<String>),
    /// The reflection time charged for the move this mail answers, and how
    /// long the mail waited, seconds.
    Timing {
        /// What the clock charged.
        charge: ChargeRecord,
        /// Seconds from the mail's arrival to its processing.
        delay_seconds: i64,
    },
    /// The standing of a game's players in the tournament after the game's
    /// end, after the body with its trailing blanks cut.
    Standing {
        /// The tournament's name.
        tournament: String,
        /// The table of the game's section.
        table: Box<crate::referee::tournament::SectionTable>,
        /// The players' personal numbers, White first.
        players: [u32; 2],
    },
    /// A player's clock stands since `since`: the notice of a move could not
    /// be delivered to them.
    Stopped {
        /// The player's name.
        name: String,
        /// Since when, UTC.
        since: DateTime<Utc>,
    },
    /// The signed receipt of the move the mail confirms (its short hash in
    /// the body, its `.zrc` text attached).
    Receipt(Box<crate::notation::receipt::Receipt>),
    /// The mover's own words sent with the move from a desktop program
    /// (Xfcc's `myMessage`), to the opponent: quoted as the mover's, as
    /// [`crate::referee::xfcc::players_words`] cleaned them.
    PlayersMessage {
        /// The mover's name.
        name: String,
        /// The mover's side.
        side: crate::rules::Color,
        /// The words, one line per line, none empty at either end.
        text: String,
    },
}

pub use account::{Account, ConditionalAccount};
