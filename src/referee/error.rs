//! Why the referee refused a command. A refused command changes nothing; the
//! message tells the sender why, in their language.

use crate::games::MoveError;
use crate::store::StoreError;
use crate::vocabulary::{GameId, GameResult, GameStatus};

/// A refused command.
#[derive(Debug)]
pub enum RefereeError {
    /// No game has this number.
    UnknownGame(GameId),
    /// The sender is not a player of this game.
    NotInGame(GameId),
    /// The sender is not registered.
    UnknownPlayer(String),
    /// It is the opponent's move.
    NotYourTurn,
    /// The game is finished (with its result) or annulled (`None`).
    GameOver(GameId, Option<GameResult>),
    /// The game is paused or adjourned.
    NotActive(GameId, GameStatus),
    /// The move is unreadable, illegal or ambiguous.
    Move(MoveError),
    /// There is no pending draw offer to answer.
    NoPendingOffer,
    /// The pending offer is the sender's own.
    OwnOffer,
    /// The opponent's offer stands: answer it instead of offering.
    OpponentOffered,
    /// The sender's offer was declined and the opponent has not offered since.
    OfferRightUsed,
    /// A claim may be made only on one's own turn.
    ClaimNotOnTurn,
    /// A director's action by someone without the referee role.
    NotReferee,
    /// A ruling on a game by a referee who plays in it: another referee
    /// must rule.
    OwnGame(GameId),
    /// A move, draw or resignation written in a mail that names no game of
    /// the sender's (no game in its address, subject or text, and no one
    /// game the sender plays).
    NoGame,
    /// A rollback beyond the plies played.
    RollbackBeyond {
        /// Plies played.
        plies: u32,
        /// Requested ply.
        to: u32,
    },
    /// A finished game's result stands (RULES.md §8).
    ResultStands(GameId),
    /// Sealing is possible only in an adjourned game, by the side to move.
    CannotSeal,
    /// The sender has sealed a move already: a sealed move cannot be changed
    /// (seed 003 art. 15-17).
    AlreadySealed,
    /// A director's `add-days` beyond [`crate::clock::control::MAX_ADD_DAYS`]
    /// either way.
    TooManyDays {
        /// The days asked for (negative: taken).
        days: i32,
        /// The bound, in days.
        max: u32,
    },
    /// A reason is required for a director's action.
    NoReason,
    /// A director's `add-days` of zero days.
    ZeroDays,
    /// A director's `add-days` that would take a side's balance below zero,
    /// without `--force`.
    BelowZero {
        /// Whose clock.
        side: crate::rules::Color,
        /// The balance now, in seconds (negative if already below zero).
        left_seconds: i64,
        /// The days asked for.
        days: i32,
    },
    /// A retired player cannot be entered in a new game or tournament.
    Retired(String),
    /// A clock command on a game without a time control.
    NoTimeControl(GameId),
    /// A leave request that cannot be granted.
    Leave(crate::clock::LeaveError),
    /// A leave a director entered for a player (by address) that cannot be
    /// granted: worded about that player, not "your leave".
    LeaveOf(String, crate::clock::LeaveError),
    /// The system failed under the command: nothing changed, the command may
    /// be given again.
    Fault(Fault),
    /// Another process recorded the same inbox mail first: everything this
    /// one did is rolled back and the mail is not answered twice.
    AlreadyRecorded,
    /// White and Black are the same player (command line).
    SamePlayer,
    /// The address named is not a player of the game.
    NotPlayerOf(String, GameId),
    /// The side named as resigning is the other side.
    OtherSideResigns,
    /// A game cannot start as asked (command line).
    Start(StartRefusal),
    /// The stored record does not replay (a bug or a damaged database).
    Corrupt(GameId, String),
    /// The clock refused (a move while on leave, a bad time control, ...).
    Clock(crate::referee::game_clocks::ClockError),
    /// A tournament command that cannot be done.
    Tournament(TournamentRefusal),
    /// The database failed.
    Store(StoreError),
    /// A move written with a move number that is not the one due (command
    /// line: a mail's number is read apart, and an old one is answered as a
    /// repeated mail).
    WrongMoveNumber {
        /// The number written.
        written: u32,
        /// Whether it was written as Black's (`5...`).
        written_black: bool,
        /// The move number due.
        due: u32,
        /// The side to move.
        side: crate::rules::Color,
    },
    /// A rollback to the current ply: it would remove nothing.
    NothingToRollBack {
        /// Plies played (the ply asked for).
        plies: u32,
    },
}

/// A failure of the system under a command (not of the command): the text is
/// the system's own, for the operator's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The operating system gave no randomness.
    NoRandomness(String),
    /// The database's secret was refused as an HMAC key.
    Key(String),
    /// A password could not be hashed.
    PasswordHash(String),
}

/// Why an opening's movetext cannot be read.
#[derive(Debug)]
pub enum OpeningUnread {
    /// A draughts line the move reader refused.
    Moves(crate::notation::ParseMoveError),
    /// A chess line the PGN reader refused.
    Record(crate::notation::pdn::PdnError),
}

/// Why a tournament command was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRefusal {
    /// No tournament has this name.
    Unknown(String),
    /// A tournament name must be one line of visible characters, at most
    /// this many.
    BadName(usize),
    /// A tournament of this name exists already.
    Exists(String),
    /// The player is not entered in the tournament.
    NotEntered(String),
    /// The director named a player who is not entered.
    PlayerNotEntered {
        /// The player's address.
        player: String,
        /// The tournament.
        tournament: String,
    },
    /// The player plays in no tournament.
    NoneEntered,
    /// The game is announced as a game of a tournament whose table the bot
    /// does not keep (a game made by hand with `--tournament`).
    NoTable {
        /// The game asked from.
        game: GameId,
        /// The tournament's name as the game gives it.
        name: String,
    },
    /// The player is entered already.
    AlreadyEntered(String),
    /// The entrants and the draw cannot change once the games are made.
    Started(String),
    /// The games are made after the draw of the personal numbers.
    NotDrawn(String),
    /// The personal numbers are drawn: a new entrant would void the draw,
    /// which the director must ask for (`tournament add --redraw`).
    Drawn(String),
    /// The final bulletin of the tournament was sent: there is no next one.
    FinalBulletinSent {
        /// The tournament's name.
        tournament: String,
        /// The final bulletin's number.
        number: u32,
    },
    /// A section has too few players for a round robin.
    TooFew {
        /// The section.
        section: u32,
        /// Its players.
        players: u32,
    },
    /// The numbers given for the draw are not each entrant of the section
    /// exactly once.
    NumbersMismatch(u32),
    /// The entrant has withdrawn or been replaced already.
    NotPlaying(String),
    /// Draw offers are accepted from this move number on (the tournament's
    /// setting).
    DrawOffersFrom(u32),
    /// The game waits for adjudication: no moves, only claims.
    Frozen(GameId),
    /// A claim for a game that is not waiting for adjudication.
    NoAdjudication(GameId),
    /// A claim for a game whose claims are closed before their term: the
    /// claims disagree and the game awaits the director's ruling.
    AwaitingRuling(GameId),
    /// A claim for a game whose adjudication is over: ruled by the director
    /// or ended by matching claims.
    AdjudicationOver(GameId),
    /// The ballot list cannot be used.
    Ballot(String),
    /// The drawing table named is not known.
    NoDrawingTable(String),
    /// The tournament is not being played, so its playing period cannot end.
    Period(String),
    /// No claim to rule on for the frozen game (of the side named, or at all).
    NoClaim(GameId),
    /// Two different claims for the frozen game: the ruling names the side.
    WhichClaim(GameId),
    /// The tournament has its directors and the referee is not one of them
    /// (nor an admin): the tournament's name.
    NotDirector(String),
    /// Only a referee or an admin may direct a tournament: the address named.
    DirectorNotReferee(String),
    /// The address is a director of the tournament already.
    AlreadyDirector(String),
    /// The address is not a director of the tournament.
    NotADirector(String),
    /// The tournament's last director cannot be removed: add another first.
    LastDirector(String),
}

impl From<TournamentRefusal> for RefereeError {
    fn from(e: TournamentRefusal) -> RefereeError {
        RefereeError::Tournament(e)
    }
}

impl From<crate::referee::game_clocks::ClockError> for RefereeError {
    fn from(e: crate::referee::game_clocks::ClockError) -> RefereeError {
        match e {
            crate::referee::game_clocks::ClockError::Store(s) => RefereeError::Store(s),
            other => RefereeError::Clock(other),
        }
    }
}

impl From<StoreError> for RefereeError {
    fn from(e: StoreError) -> RefereeError {
        RefereeError::Store(e)
    }
}

impl std::error::Error for RefereeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RefereeError::Store(e) => Some(e),
            RefereeError::Clock(e) => Some(e),
            RefereeError::Move(e) => Some(e),
            _ => None,
        }
    }
}

/// Why a game cannot start as asked: its start position, its opening
/// moves, or a game over before its first move.
#[derive(Debug)]
pub enum StartRefusal {
    /// The start position cannot be read.
    Setup(crate::games::SetupError),
    /// The opening cannot be read as movetext.
    Opening {
        /// The opening as written.
        text: String,
        /// Why it cannot be read.
        why: OpeningUnread,
    },
    /// An opening move is not legal.
    OpeningMove {
        /// The move as written.
        text: String,
        /// Why it is not legal.
        error: crate::games::MoveError,
    },
    /// A side has nothing on the board.
    NoPieces {
        /// The side.
        side: crate::rules::Color,
        /// The game is played with towers.
        towers: bool,
    },
    /// The rules end the game at once.
    Over(crate::games::Finish),
}
