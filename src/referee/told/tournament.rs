//! A tournament's part of a reply, as typed values: the lines of a game's
//! first mail, the events of its games ([`crate::words::tournament_events`]
//! words them).

use chrono::{DateTime, NaiveDate, Utc};

use crate::clock::{TimeControl, TimeoutPolicy};
use crate::rules::{Color, GameResult, Variant};
use crate::tournament::standings::{Crosstable, Scoring, Standing, TieBreak};
use crate::vocabulary::GameId;

/// The tournament's lines of a game's first mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvitationLines {
    /// The tournament's name.
    pub name: String,
    /// The round (1-based).
    pub round: u32,
    /// The game number from the personal numbers, White first (`"3-7"`).
    pub label: String,
    /// 1 or 2 in a micro-match.
    pub match_game: Option<u32>,
    /// The balloted opening (`IDF-64 1-IV`), if any.
    pub ballot: Option<String>,
    /// Leave days per calendar year.
    pub leave_days_per_year: u32,
    /// Draw offers accepted from this move on.
    pub draw_offers_from_move: Option<u32>,
    /// What a time-out does.
    pub on_timeout: TimeoutPolicy,
    /// The playing period in days, if limited.
    pub playing_period_days: Option<u32>,
    /// The tie-breaks, in order.
    pub tie_breaks: Vec<TieBreak>,
    /// How points are counted.
    pub scoring: Scoring,
}

/// The first mail of a game to one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    /// The game number.
    pub game: i64,
    /// The game played.
    pub variant: Variant,
    /// The reader's colour.
    pub colour: Color,
    /// The opponent's name.
    pub opponent: String,
    /// The tournament, if the game belongs to one: its name alone (a game
    /// made by hand with `--tournament`), or its lines (a game of a stored
    /// tournament: round, game number, ballot, settings).
    pub tournament: Option<InvitedTournament>,
    /// The time control, if the game has one.
    pub time_control: Option<TimeControl>,
    /// Whether the reader moves first.
    pub reader_to_move: bool,
    /// The reader's and the opponent's ratings on the variant's list in
    /// force when the game (or its tournament) started, `None` inside for
    /// an unrated player; `None` when neither has a rating or the game is
    /// unrated.
    pub ratings: Option<[Option<u32>; 2]>,
}

/// The tournament a game of an invitation belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvitedTournament {
    /// Only a name.
    Name(String),
    /// A stored tournament's lines.
    Stored(InvitationLines),
}

/// What a tournament's players are told about a game. A director's event
/// kept for the daily digest is stored as its JSON (serde's external tags).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TournamentEvent {
    /// To the opponents: a player was replaced by another.
    Replaced {
        /// The player who left.
        old: String,
        /// The player who came.
        new: String,
        /// The director's reason.
        reason: String,
    },
    /// To the replaced player.
    YouAreReplaced {
        /// The tournament.
        tournament: String,
        /// The player who came.
        new: String,
        /// The director's reason.
        reason: String,
    },
    /// The playing period ended: the game waits for claims until `due`.
    PeriodEnded {
        /// The game number.
        game: i64,
        /// The last day of claims.
        due: NaiveDate,
    },
    /// To the claimant: the claim is recorded.
    ClaimRecorded {
        /// The game number.
        game: i64,
        /// The result claimed.
        result: GameResult,
    },
    /// Both claims agree: the result stands.
    Settled {
        /// The game number.
        game: i64,
        /// The result.
        result: GameResult,
    },
    /// The claims go to the director.
    ToDirector {
        /// The game number.
        game: i64,
    },
    /// To the claimant: the claim came after the claim term ended and is not
    /// recorded; the director rules on the game and was told.
    ClaimTooLate {
        /// The game number.
        game: i64,
        /// The end of the claim term (UTC).
        due: DateTime<Utc>,
        /// The reader's time zone (IANA name), for the instant.
        zone: String,
    },
    /// To the tournament's directors: a player's claim came after the claim
    /// term ended (it is not recorded).
    LateClaim {
        /// The game number.
        game: i64,
        /// The claimant's name.
        player: String,
        /// The result claimed.
        result: GameResult,
        /// The end of the claim term (UTC).
        due: DateTime<Utc>,
        /// When the claim came (UTC).
        at: DateTime<Utc>,
        /// The reader's time zone (IANA name), for the instants.
        zone: String,
    },
    /// To the tournament's directors: the playing period ended and these
    /// unfinished games went to adjudication, claims due by `due`.
    DirectorGamesFrozen {
        /// The tournament's name.
        tournament: String,
        /// The game numbers.
        games: Vec<i64>,
        /// The end of the claim term (UTC).
        due: DateTime<Utc>,
        /// The reader's time zone (IANA name).
        zone: String,
    },
    /// To the tournament's directors: the last game ended, the tournament
    /// is finished.
    DirectorTournamentFinished {
        /// The tournament's name.
        tournament: String,
        /// How many games it had.
        games: usize,
    },
    /// To the tournament's directors: a frozen game waits for their ruling.
    DirectorRulingDue {
        /// The game number.
        game: i64,
        /// Why: the claims disagree, or the term ended with this many claims
        /// (0 or 1) in.
        why: RulingDue,
    },
    /// To the tournament's directors: a warning about the clock of the
    /// player to move.
    DirectorClockWarning {
        /// The game number.
        game: i64,
        /// The player to move.
        player: String,
        /// Days from the time loss, or days without a move.
        warning: ClockWarning,
        /// The deadline (UTC).
        deadline: DateTime<Utc>,
        /// The reader's time zone (IANA name), for the deadline.
        zone: String,
    },
    /// To the tournament's directors: a mail to a player bounced and the
    /// player's clock in `game` stopped until the player writes again.
    DirectorBounce {
        /// The tournament's name.
        tournament: String,
        /// The player.
        player: String,
        /// The address that bounced.
        address: String,
        /// The game whose clock stopped.
        game: i64,
        /// The player's unfinished games of the tournament, `game` among
        /// them.
        games: Vec<i64>,
    },
    /// To the tournament's other directors: a director withdrew a player.
    DirectorWithdrawal {
        /// The tournament's name.
        tournament: String,
        /// The player withdrawn.
        player: String,
        /// The director's reason.
        reason: String,
        /// How many unfinished games were forfeited.
        games: usize,
    },
    /// To every director: a player withdrew by their own mail, confirmed
    /// with the code of the terms.
    PlayerWithdrew {
        /// The tournament's name.
        tournament: String,
        /// The player.
        player: String,
        /// The player's registered address.
        address: String,
        /// How many unfinished games were forfeited.
        games: usize,
    },
    /// The first line of a director's daily digest: the events of the
    /// tournament since the last digest.
    DirectorDigest {
        /// The tournament's name.
        tournament: String,
        /// The director's local day of the digest.
        day: NaiveDate,
        /// How many events it lists.
        events: usize,
    },
    /// The heading of one group of a director's digest, with the commands
    /// that act on its events.
    DirectorDigestGroup {
        /// The group.
        group: crate::tournament::director_mail::EventGroup,
        /// The tournament's name (for the commands).
        tournament: String,
    },
    /// The director ruled on a side's claim.
    ClaimRuled {
        /// The game.
        game: GameId,
        /// The claimant.
        side: Color,
        /// The result claimed.
        result: GameResult,
        /// Whether the claim was accepted.
        accepted: bool,
    },
}

/// What a director's clock warning says of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ClockWarning {
    /// `days` days of clock time are left before the time loss.
    TimeLeft {
        /// Days of clock time left.
        days: u32,
    },
    /// No move for `days` days of clock time.
    Silent {
        /// Days without a move.
        days: u32,
    },
}

/// Why a frozen game waits for the director's ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RulingDue {
    /// Both claims are in and claim different results.
    ClaimsDisagree,
    /// The claim term ended with `claims` claims in (0 or 1).
    TermEnded {
        /// How many claims came in time.
        claims: usize,
    },
}

/// The first line of every mail about a game, with the tournament line under
/// it for a game of a stored tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    /// The game number.
    pub game: i64,
    /// The game played.
    pub variant: Variant,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// The tournament's name, the round and the balloted opening.
    pub tournament: Option<(String, u32, Option<String>)>,
}

/// Everything the crosstable and the standing line say.
#[derive(Clone, Copy, Debug)]
pub struct TableView<'a> {
    /// The tournament's name.
    pub tournament: &'a str,
    /// The players' names, index = personal number − 1 (a missing name prints
    /// as the number).
    pub names: &'a [String],
    /// The crosstable, withdrawals applied: it also says who withdrew and who
    /// lost his place.
    pub crosstable: &'a Crosstable,
    /// Its standings, as [`Crosstable::standings_with_seed`] gave them for
    /// `order`.
    pub standings: &'a [Standing],
    /// The tie-breaks of the standings, in their order.
    pub order: &'a [TieBreak],
    /// How points are printed.
    pub scoring: Scoring,
    /// The places taken over by a replacement: each personal number with the
    /// name of the player who held it before, and the opponents' numbers of
    /// the games that player finished there (marked in the row's cells).
    pub replaced: &'a [Replaced],
    /// Whether the table shows match points beside the game points (a
    /// micro-match tournament: 2 for a match won, 1 drawn, 0 lost).
    pub match_points: bool,
    /// Each player's entry rating (index = personal number − 1), `None` for
    /// an unrated player; the table shows a rating column, the average and
    /// the category only when somebody has one.
    pub ratings: &'a [Option<u32>],
    /// How each game of the playing order ended, in the crosstable's
    /// fixture order: the table marks a loss on time and a result decided
    /// at adjudication in the cell. Empty: no such marks (the CSV and JSON
    /// keep their cells to the points).
    pub endings: &'a [FixtureEnd],
}

/// How one game of a tournament's playing order ended, for its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixtureEnd {
    /// White's personal number.
    pub white: u32,
    /// Black's personal number.
    pub black: u32,
    /// How it ended; `None` while it is not finished.
    pub termination: Option<crate::vocabulary::Termination>,
}

/// A place taken over by a replacement player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replaced {
    /// The personal number.
    pub number: u32,
    /// The name of the player who held it before.
    pub predecessor: String,
    /// The opponents (numbers) of the games the predecessor finished.
    pub opponents: Vec<u32>,
}
