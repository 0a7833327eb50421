//! Why the referee refused a command. A refused command changes nothing; the
//! message tells the sender why, in their language.

use crate::games::MoveError;
use crate::lang::Language;
use crate::store::{GameId, GameStatus, StoreError};

/// A refused command.
#[derive(Debug, thiserror::Error)]
pub enum RefereeError {
    /// No game has this number.
    #[error("there is no game #{0}")]
    UnknownGame(GameId),
    /// The sender is not a player of this game.
    #[error("you do not play in game #{0}")]
    NotInGame(GameId),
    /// The sender is not registered.
    #[error("{0} is not a registered player")]
    UnknownPlayer(String),
    /// It is the opponent's move.
    #[error("it is not your move")]
    NotYourTurn,
    /// The game is finished or annulled.
    #[error("game #{0} is over ({1})")]
    GameOver(GameId, String),
    /// The game is paused or adjourned.
    #[error("game #{0} is {1}")]
    NotActive(GameId, GameStatus),
    /// The move is unreadable, illegal or ambiguous.
    #[error("{}", .0.message(Language::En))]
    Move(MoveError),
    /// There is no pending draw offer to answer.
    #[error("there is no draw offer to answer")]
    NoPendingOffer,
    /// The pending offer is the sender's own.
    #[error("the pending draw offer is your own; your opponent must answer it")]
    OwnOffer,
    /// The opponent's offer stands: answer it instead of offering.
    #[error("your opponent has offered a draw: answer accept or decline")]
    OpponentOffered,
    /// The sender's offer was declined and the opponent has not offered since.
    #[error(
        "your last draw offer was declined; you may offer again after your opponent has offered"
    )]
    OfferRightUsed,
    /// A claim may be made only on one's own turn.
    #[error("a draw may be claimed only when it is your move")]
    ClaimNotOnTurn,
    /// A director's action by someone without the referee role.
    #[error("only a referee may do this")]
    NotReferee,
    /// A rollback beyond the plies played.
    #[error("the game has {plies} plies; it cannot be rolled back to ply {to}")]
    RollbackBeyond {
        /// Plies played.
        plies: u32,
        /// Requested ply.
        to: u32,
    },
    /// A finished game's result stands (RULES.md §8).
    #[error("game #{0} is finished and its result stands")]
    ResultStands(GameId),
    /// Sealing is possible only in an adjourned game, by the side to move.
    #[error("a move may be sealed only in an adjourned game, by the player to move")]
    CannotSeal,
    /// A reason is required for a director's action.
    #[error("a reason is required")]
    NoReason,
    /// A time-control or clock change that makes no sense.
    #[error("{0}")]
    Invalid(String),
    /// The stored record does not replay (a bug or a damaged database).
    #[error("game #{0} cannot be replayed from the database: {1}")]
    Corrupt(GameId, String),
    /// The clock refused (a move while on leave, a bad time control, ...).
    #[error("{}", .0.message(Language::En))]
    Clock(crate::clock::ClockError),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<crate::clock::ClockError> for RefereeError {
    fn from(e: crate::clock::ClockError) -> RefereeError {
        match e {
            crate::clock::ClockError::Store(s) => RefereeError::Store(s),
            other => RefereeError::Clock(other),
        }
    }
}

impl RefereeError {
    /// The message in a language.
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        use RefereeError as E;
        if lang == Language::En {
            return self.to_string();
        }
        match self {
            E::UnknownGame(g) => format!("партии №{g} нет"),
            E::NotInGame(g) => format!("вы не играете в партии №{g}"),
            E::UnknownPlayer(e) => format!("{e} не зарегистрирован"),
            E::NotYourTurn => "сейчас не ваш ход".into(),
            E::GameOver(g, r) => format!("партия №{g} окончена ({r})"),
            E::NotActive(g, s) => format!("партия №{g} остановлена ({s})"),
            E::Move(m) => m.message(Language::Ru),
            E::NoPendingOffer => "предложения ничьей нет".into(),
            E::OwnOffer => "это ваше предложение ничьей; ответить должен соперник".into(),
            E::OpponentOffered => "соперник предложил ничью: ответьте «согласен» или «отказ»".into(),
            E::OfferRightUsed => "ваше предложение ничьей было отклонено; снова предложить можно после предложения соперника".into(),
            E::ClaimNotOnTurn => "требовать ничью можно только в свой ход".into(),
            E::NotReferee => "это может сделать только судья".into(),
            E::RollbackBeyond { plies, to } => format!("в партии {plies} полуходов; вернуть её к полуходу {to} нельзя"),
            E::ResultStands(g) => format!("партия №{g} окончена, её результат остаётся в силе"),
            E::CannotSeal => "записать ход в конверт можно только в отложенной партии, и только тому, чей ход".into(),
            E::NoReason => "нужно указать причину".into(),
            E::Invalid(s) => s.clone(),
            E::Corrupt(g, s) => format!("партию №{g} не удаётся восстановить из базы: {s}"),
            E::Clock(c) => c.message(Language::Ru),
            E::Store(e) => format!("ошибка базы данных: {e}"),
        }
    }
}
