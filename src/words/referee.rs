//! Why the referee refused a command, in the sender's language
//! ([`crate::referee::RefereeError`]), and the clock's refusals
//! ([`crate::referee::game_clocks::ClockError`]).

use super::game::side_name;
use super::moves::result_with_score;
use super::state::status_word;
use crate::clock::MoveClockError;
use crate::referee::game_clocks::ClockError;
use crate::referee::{OpeningUnread, RefereeError, StartRefusal, TournamentRefusal};
use crate::vocabulary::Language;

impl std::fmt::Display for RefereeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&refusal(self, Language::En))
    }
}

impl RefereeError {
    /// The refusal in a language, as a clause ([`refusal`]).
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        refusal(self, lang)
    }
}

/// Why a game cannot start as asked, in English (the command line's words).
fn start_refusal(r: &StartRefusal, lang: Language) -> String {
    let en = lang == Language::En;
    let over = if en {
        "the game would be over before its first move"
    } else {
        "партия окончилась бы до первого хода"
    };
    match r {
        StartRefusal::Setup(e) if en => {
            format!("the start position: {}", super::setup::refusal(e, lang))
        }
        StartRefusal::Setup(e) => format!("начальная позиция: {}", super::setup::refusal(e, lang)),
        StartRefusal::Opening { text, why } if en => {
            let why = match why {
                OpeningUnread::Moves(e) => e.to_string(),
                OpeningUnread::Record(e) => e.to_string(),
            };
            format!("the opening {text:?}: {why}")
        }
        StartRefusal::Opening { text, .. } => {
            format!("дебют «{text}» не читается как запись ходов")
        }
        StartRefusal::OpeningMove { text, error } if en => {
            format!("the opening move {text:?} is not legal: {error}")
        }
        StartRefusal::OpeningMove { text, error } => {
            format!("ход дебюта «{text}» невозможен: {}", error.message(lang))
        }
        StartRefusal::NoPieces { side, towers } if en => format!(
            "{over}: {} has no {}",
            side_name(*side, lang),
            if *towers { "towers" } else { "pieces" }
        ),
        StartRefusal::NoPieces { side, towers } => format!(
            "{over}: у {} нет {}",
            match side {
                crate::rules::Color::White => "белых",
                crate::rules::Color::Black => "чёрных",
            },
            if *towers {
                "колонн"
            } else {
                "шашек"
            }
        ),
        StartRefusal::Over(end) => format!("{over}: {}", super::moves::finish(end, lang)),
    }
}

/// «полуход», «полухода», «полуходов» as the number wants.
fn plies_word_ru(n: u32) -> &'static str {
    super::plural::plural_ru(u64::from(n), "полуход", "полухода", "полуходов")
}

/// The refusal as a clause (no final full stop): "it is not your move" /
/// «сейчас не ваш ход».
#[must_use]
pub fn refusal(e: &RefereeError, lang: Language) -> String {
    use RefereeError as E;
    match (e, lang) {
        (E::UnknownGame(g), Language::En) => format!("there is no game #{g}"),
        (E::UnknownGame(g), Language::Ru) => format!("партии №{g} нет"),
        (E::NotInGame(g), Language::En) => format!("you do not play in game #{g}"),
        (E::NotInGame(g), Language::Ru) => format!("вы не играете в партии №{g}"),
        (E::UnknownPlayer(a), Language::En) => format!("{a} is not a registered player"),
        (E::UnknownPlayer(a), Language::Ru) => format!("{a} не зарегистрирован"),
        (
            E::WrongMoveNumber {
                written,
                written_black,
                due,
                side,
            },
            _,
        ) => {
            // "you wrote move 2" (Black's named only when the dots said so),
            // "but it is White's move 1 now".
            let written = if *written_black {
                super::game::move_words(*written, crate::rules::Color::Black, lang)
            } else {
                match lang {
                    Language::En => format!("move {written}"),
                    Language::Ru => format!("ход {written}"),
                }
            };
            let due = super::game::move_words(*due, *side, lang);
            match lang {
                Language::En => format!("you wrote {written}, but it is {due} now"),
                Language::Ru => format!("вы написали {written}, а сейчас {due}"),
            }
        }
        (E::NotYourTurn, Language::En) => "it is not your move".into(),
        (E::NotYourTurn, Language::Ru) => "сейчас не ваш ход".into(),
        (E::GameOver(g, Some(r)), Language::En) => {
            format!("game #{g} is over: {}", result_with_score(*r, lang))
        }
        (E::GameOver(g, Some(r)), Language::Ru) => {
            format!("партия №{g} окончена: {}", result_with_score(*r, lang).to_lowercase())
        }
        (E::GameOver(g, None), Language::En) => format!("game #{g} was annulled"),
        (E::GameOver(g, None), Language::Ru) => format!("партия №{g} аннулирована"),
        (E::NotActive(g, s), Language::En) => format!("game #{g} is {}", status_word(*s, lang)),
        (E::NotActive(g, s), Language::Ru) => {
            format!("партия №{g} сейчас {}", status_word(*s, lang))
        }
        (E::Move(m), _) => m.message(lang),
        (E::NoPendingOffer, Language::En) => "there is no draw offer to answer".into(),
        (E::NoPendingOffer, Language::Ru) => "предложения ничьей нет".into(),
        (E::OwnOffer, Language::En) => {
            "the pending draw offer is your own; your opponent must answer it".into()
        }
        (E::OwnOffer, Language::Ru) => {
            "это ваше предложение ничьей; ответить должен соперник".into()
        }
        (E::OpponentOffered, Language::En) => {
            "your opponent has offered a draw: answer \"accept\" or \"decline\" (or play a move)"
                .into()
        }
        (E::OpponentOffered, Language::Ru) => {
            "соперник предложил ничью: ответьте «согласен» или «отказ» (или сделайте ход)".into()
        }
        (E::OfferRightUsed, Language::En) => {
            "your last draw offer was declined; you may offer again after your opponent has offered"
                .into()
        }
        (E::OfferRightUsed, Language::Ru) => {
            "ваше предложение ничьей было отклонено; снова предложить можно после предложения соперника"
                .into()
        }
        (E::ClaimNotOnTurn, Language::En) => "a draw may be claimed only when it is your move".into(),
        (E::ClaimNotOnTurn, Language::Ru) => "требовать ничью можно только в свой ход".into(),
        (E::NotReferee, Language::En) => "only a referee may do this".into(),
        (E::NotReferee, Language::Ru) => "это может сделать только судья".into(),
        (E::OwnGame(g), Language::En) => format!(
            "you play in game #{g}, so you cannot rule on it: another referee of the tournament must"
        ),
        (E::OwnGame(g), Language::Ru) => format!(
            "вы играете в партии №{g} и не можете выносить по ней решения: это должен сделать другой судья турнира"
        ),
        (E::NoGame, Language::En) => "the line names no game of yours".into(),
        (E::NoGame, Language::Ru) => "строка не относится ни к одной вашей партии".into(),
        (E::RollbackBeyond { plies, to }, Language::En) => {
            format!(
                "the game has {}; it cannot be rolled back to ply {to}",
                super::game::count_en(*plies, "ply", "plies")
            )
        }
        (E::RollbackBeyond { plies, to }, Language::Ru) => {
            let word = plies_word_ru(*plies);
            format!("в партии {plies} {word}; вернуть её к полуходу {to} нельзя")
        }
        (E::NothingToRollBack { plies }, Language::En) => format!(
            "the game has {} already: a rollback to ply {plies} would remove nothing",
            super::game::count_en(*plies, "ply", "plies")
        ),
        (E::NothingToRollBack { plies }, Language::Ru) => {
            let word = plies_word_ru(*plies);
            format!("в партии и так {plies} {word}: откат к полуходу {plies} ничего не отменил бы")
        }
        (E::ResultStands(g), Language::En) => {
            format!("game #{g} is finished and its result stands")
        }
        (E::ResultStands(g), Language::Ru) => {
            format!("партия №{g} окончена, её результат остаётся в силе")
        }
        (E::CannotSeal, Language::En) => {
            "a move may be sealed only in an adjourned game, by the player to move".into()
        }
        (E::CannotSeal, Language::Ru) => {
            "записать ход в конверт можно только в отложенной партии, и только тому, чей ход"
                .into()
        }
        (E::AlreadySealed, Language::En) => {
            "your move is sealed already, and a sealed move cannot be changed".into()
        }
        (E::AlreadySealed, Language::Ru) => {
            "ваш ход уже записан в конверт, а записанный ход изменить нельзя".into()
        }
        (E::TooManyDays { days, max }, Language::En) => format!(
            "{} days is more than a referee may change a clock by at once (at most {max} days either way)",
            days.unsigned_abs()
        ),
        (E::TooManyDays { days, max }, Language::Ru) => format!(
            "{}: так много судья не может изменить на часах за один раз (не больше чем {})",
            super::game::days_ru(days.unsigned_abs()),
            super::game::days_ru(*max)
        ),
        (E::NoReason, Language::En) => "a reason is required".into(),
        (E::NoReason, Language::Ru) => "нужно указать причину".into(),
        (E::ZeroDays, Language::En) => "the number of days must not be zero".into(),
        (E::ZeroDays, Language::Ru) => "число дней не может быть нулём".into(),
        (
            E::BelowZero {
                side,
                left_seconds,
                days,
            },
            _,
        ) => {
            let left = crate::words::clock::days_hours(*left_seconds, lang);
            let name = side_name(*side, lang);
            match lang {
                Language::En => format!(
                    "{name} has {left} left: taking {} would take the balance below zero (add --force to do it, and the side loses on time)",
                    super::game::days_en(days.unsigned_abs())
                ),
                Language::Ru => format!(
                    "у стороны «{name}» осталось {left}: если снять {}, остаток станет меньше нуля (снять это время можно только принудительно, и тогда сторона проиграет по времени)",
                    super::game::days_ru(days.unsigned_abs())
                ),
            }
        }
        (E::Retired(who), Language::En) => format!("{who} has retired and cannot be entered"),
        (E::Retired(who), Language::Ru) => format!("{who} выбыл из числа игроков, вносить его нельзя"),
        (E::NoTimeControl(g), Language::En) => format!("game #{g} has no time control"),
        (E::NoTimeControl(g), Language::Ru) => format!("у партии №{g} нет контроля времени"),
        (E::Leave(l), _) => l.message(lang),
        (E::LeaveOf(who, crate::clock::LeaveError::Overlaps { first, last }), Language::En) => {
            format!("the leave overlaps the leave of {who} from {first} to {last}")
        }
        (E::LeaveOf(who, crate::clock::LeaveError::Overlaps { first, last }), Language::Ru) => {
            format!("отпуск пересекается с отпуском игрока {who} с {first} по {last}")
        }
        (E::LeaveOf(who, l), Language::En) => format!("leave of {who}: {}", l.message(lang)),
        (E::LeaveOf(who, l), Language::Ru) => {
            format!("отпуск игрока {who}: {}", l.message(lang))
        }
        (E::Fault(_), Language::En) => {
            "the server failed under the command; nothing was changed, please send it again later"
                .into()
        }
        (E::Fault(_), Language::Ru) => {
            "на сервере произошёл сбой; ничего не изменено, пришлите команду ещё раз позже".into()
        }
        (E::AlreadyRecorded, Language::En) => "this mail has been handled already".into(),
        (E::AlreadyRecorded, Language::Ru) => "это письмо уже обработано".into(),
        (E::SamePlayer, Language::En) => "White and Black are the same player".into(),
        (E::SamePlayer, Language::Ru) => "белыми и чёрными назван один и тот же игрок".into(),
        (E::NotPlayerOf(email, id), Language::En) => {
            format!("{email} does not play in game #{id}")
        }
        (E::NotPlayerOf(email, id), Language::Ru) => format!("{email} не играет в партии №{id}"),
        (E::OtherSideResigns, Language::En) => "the side named as resigning is not yours".into(),
        (E::OtherSideResigns, Language::Ru) => {
            "названа сдающейся не ваша сторона: сдаться можно только за себя".into()
        }
        // The command line's words, the same in both languages.
        (E::Start(r), _) => start_refusal(r, lang),
        (E::Corrupt(g, s), Language::En) => {
            format!("game #{g} cannot be replayed from the database: {s}")
        }
        (E::Corrupt(g, _), Language::Ru) => {
            format!("партию №{g} не удаётся восстановить из базы данных; судья извещён")
        }
        (E::Clock(c), _) => clock(c, lang),
        (E::Tournament(t), _) => tournament(t, lang),
        (E::Store(e), Language::En) => format!("database error: {e}"),
        (E::Store(_), Language::Ru) => "ошибка базы данных; попробуйте позже".into(),
    }
}

/// A tournament command's refusal as a clause.
#[must_use]
pub fn tournament(e: &TournamentRefusal, lang: Language) -> String {
    use TournamentRefusal as T;
    match (e, lang) {
        (T::Unknown(n), Language::En) => format!("there is no tournament «{n}»"),
        (T::Unknown(n), Language::Ru) => format!("турнира «{n}» нет"),
        (T::BadName(max), Language::En) => {
            format!("a tournament name is one line of visible characters, at most {max} of them")
        }
        (T::BadName(max), Language::Ru) => {
            format!("название турнира — одна строка видимых знаков, не длиннее {max}")
        }
        (T::Exists(n), Language::En) => format!("a tournament «{n}» exists already"),
        (T::Exists(n), Language::Ru) => format!("турнир «{n}» уже есть"),
        (T::NotEntered(n), Language::En) => format!("you do not play in the tournament «{n}»"),
        (T::NotEntered(n), Language::Ru) => format!("вы не участвуете в турнире «{n}»"),
        (T::PlayerNotEntered { player, tournament }, Language::En) => {
            format!("{player} is not entered in the tournament «{tournament}»")
        }
        (T::PlayerNotEntered { player, tournament }, Language::Ru) => {
            format!("{player} не участвует в турнире «{tournament}»")
        }
        (T::NoneEntered, Language::En) => "you play in no tournament".into(),
        (T::NoneEntered, Language::Ru) => "вы не участвуете ни в одном турнире".into(),
        (T::NoTable { game, name }, Language::En) => format!(
            "game #{game} is a game of the tournament «{name}», whose table the bot does not keep: its director has it"
        ),
        (T::NoTable { game, name }, Language::Ru) => format!(
            "партия №{game} — партия турнира «{name}», но таблицу этого турнира бот не ведёт: она у судьи турнира"
        ),
        (T::AlreadyEntered(a), Language::En) => format!("{a} is entered already"),
        (T::AlreadyEntered(a), Language::Ru) => format!("{a} уже участвует в турнире"),
        (T::Started(n), Language::En) => {
            format!(
                "the games of the tournament «{n}» are made already: the entrants and the draw stand"
            )
        }
        (T::Started(n), Language::Ru) => {
            format!("партии турнира «{n}» уже созданы: состав и жеребьёвка не меняются")
        }
        (T::NotDrawn(n), Language::En) => {
            format!("the personal numbers of the tournament «{n}» are not drawn yet")
        }
        (T::NotDrawn(n), Language::Ru) => {
            format!("жеребьёвка номеров турнира «{n}» ещё не проведена")
        }
        (T::Drawn(n), _) => crate::words::catalog::Message::new("tournament-add-after-draw")
            .arg("tournament", n.as_str())
            .render(lang),
        (T::FinalBulletinSent { tournament, number }, _) => {
            crate::words::catalog::Message::new("bulletin-final-sent")
                .arg("tournament", tournament.as_str())
                .arg("number", *number)
                .render(lang)
        }
        (T::TooFew { section, players }, Language::En) => {
            format!(
                "section {section} has {}; a round robin needs at least 2",
                super::game::count_en(*players, "player", "players")
            )
        }
        (T::TooFew { section, players }, Language::Ru) => format!(
            "в группе {section} участников: {players}; для кругового турнира нужно не меньше двух"
        ),
        (T::NumbersMismatch(section), Language::En) => {
            format!("the numbers for section {section} must list each of its entrants exactly once")
        }
        (T::NumbersMismatch(section), Language::Ru) => format!(
            "в списке номеров группы {section} каждый её участник должен быть ровно один раз"
        ),
        (T::NotPlaying(a), Language::En) => format!("{a} no longer plays in the tournament"),
        (T::NotPlaying(a), Language::Ru) => format!("{a} уже выбыл из турнира"),
        (T::DrawOffersFrom(n), Language::En) => {
            format!("the tournament's rules allow draw offers from move {n} on")
        }
        (T::DrawOffersFrom(n), Language::Ru) => {
            format!("по положению о турнире ничью можно предлагать начиная с {n}-го хода")
        }
        (T::Frozen(g), Language::En) => format!(
            "the playing period is over: game #{g} waits for adjudication; send your claim (\"claim win\", \"claim draw\" or \"claim loss\") with your analysis"
        ),
        (T::Frozen(g), Language::Ru) => format!(
            "срок игры истёк: партия №{g} передана на присуждение; пришлите заявку («требую победу», «требую ничью» или «признаю поражение») с анализом"
        ),
        (T::NoAdjudication(g), Language::En) => {
            format!("game #{g} is not waiting for adjudication")
        }
        (T::NoAdjudication(g), Language::Ru) => format!("партия №{g} не передана на присуждение"),
        (T::AwaitingRuling(g), lang) => {
            crate::words::catalog::Message::new("refusal-claim-awaiting-ruling")
                .arg("game", g.0.to_string())
                .render(lang)
        }
        (T::AdjudicationOver(g), lang) => {
            crate::words::catalog::Message::new("refusal-claim-adjudication-over")
                .arg("game", g.0.to_string())
                .render(lang)
        }
        (T::Ballot(why), Language::En) => format!("the list of openings cannot be used: {why}"),
        (T::Ballot(why), Language::Ru) => format!("список дебютов не годится: {why}"),
        (T::NoDrawingTable(name), Language::En) => {
            format!("the list of openings cannot be used: no drawing table {name:?}")
        }
        (T::NoDrawingTable(name), Language::Ru) => {
            format!("список дебютов не годится: no drawing table {name:?}")
        }
        (T::Period(n), Language::En) => format!("the tournament «{n}» is not being played"),
        (T::Period(n), Language::Ru) => format!("турнир «{n}» сейчас не играется"),
        (T::NoClaim(g), Language::En) => format!("there is no such claim for game #{g}"),
        (T::NoClaim(g), Language::Ru) => format!("такой заявки по партии №{g} нет"),
        (T::WhichClaim(g), Language::En) => {
            format!("the claims for game #{g} differ: say whose claim (white or black)")
        }
        (T::WhichClaim(g), Language::Ru) => {
            format!("заявки по партии №{g} различаются: укажите, чью заявку (белых или чёрных)")
        }
        (T::NotDirector(n), Language::En) => format!(
            "you are not a director of the tournament «{n}»: only its directors and the admins may change it or rule on its games"
        ),
        (T::NotDirector(n), Language::Ru) => format!(
            "вы не судья турнира «{n}»: менять турнир и выносить решения по его партиям могут только его судьи и администраторы"
        ),
        (T::DirectorNotReferee(a), Language::En) => {
            format!("{a} is not a referee: only a referee or an admin may direct a tournament")
        }
        (T::DirectorNotReferee(a), Language::Ru) => {
            format!("{a} не судья: судить турнир может только судья или администратор")
        }
        (T::AlreadyDirector(a), Language::En) => {
            format!("{a} is a director of the tournament already")
        }
        (T::AlreadyDirector(a), Language::Ru) => format!("{a} уже судит этот турнир"),
        (T::NotADirector(a), Language::En) => format!("{a} is not a director of the tournament"),
        (T::NotADirector(a), Language::Ru) => format!("{a} не судит этот турнир"),
        (T::LastDirector(n), Language::En) => {
            format!("the tournament «{n}» would be left without a director: add another one first")
        }
        (T::LastDirector(n), Language::Ru) => {
            format!("у турнира «{n}» не останется судьи: сначала добавьте другого")
        }
    }
}

impl ClockError {
    /// The error as a sentence in a language (English for store failures).
    #[must_use]
    pub fn message(&self, lang: Language) -> String {
        clock(self, lang)
    }
}

/// The clock's refusal as a clause.
#[must_use]
pub fn clock(e: &ClockError, lang: Language) -> String {
    use crate::clock::zone::format_utc;
    let side = |s: crate::vocabulary::Color| side_name(s, lang);
    match (e, lang) {
        (ClockError::Control(c), _) => c.message(lang),
        (ClockError::Leave(l), _) => l.message(lang),
        (ClockError::Zone(z), _) => z.message(lang),
        (ClockError::Store(s), Language::En) => format!("database error: {s}"),
        (ClockError::Store(_), Language::Ru) => "ошибка базы данных; попробуйте позже".into(),
        (ClockError::Move(MoveClockError::NotRunning { side: s }), Language::En) => {
            format!(
                "it is not the move of {} now: their clock is not running",
                side(*s)
            )
        }
        (ClockError::Move(MoveClockError::NotRunning { side: s }), Language::Ru) => {
            format!("сейчас не ход стороны «{}»: её часы не идут", side(*s))
        }
        (ClockError::Move(MoveClockError::Late { deadline, .. }), Language::En) => format!(
            "the move arrived after the deadline {}",
            format_utc(*deadline)
        ),
        (ClockError::Move(MoveClockError::Late { deadline, .. }), Language::Ru) => format!(
            "ход получен после контрольного срока {}",
            format_utc(*deadline)
        ),
        (ClockError::Move(MoveClockError::BeforeStart { started_at, .. }), Language::En) => {
            format!(
                "the move is dated before the clock started ({})",
                format_utc(*started_at)
            )
        }
        (ClockError::Move(MoveClockError::BeforeStart { started_at, .. }), Language::Ru) => {
            format!(
                "ход датирован раньше пуска часов ({})",
                format_utc(*started_at)
            )
        }
        (ClockError::NoTimeControl(g), Language::En) => format!("game #{g} has no time control"),
        (ClockError::NoTimeControl(g), Language::Ru) => {
            format!("у партии №{g} нет контроля времени")
        }
        (ClockError::NoClocks(g), Language::En) => format!("game #{g} has no clocks"),
        (ClockError::NoClocks(g), Language::Ru) => format!("у партии №{g} нет часов"),
        (ClockError::AlreadyStarted(g), Language::En) => {
            format!("the clocks of game #{g} run already")
        }
        (ClockError::AlreadyStarted(g), Language::Ru) => {
            format!("часы партии №{g} уже запущены")
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::vocabulary::{GameId, GameResult, GameStatus};

    /// One refusal of every kind the referee gives a player (the move errors
    /// are worded and tested in [`super::super::moves`]); a new kind fails to
    /// compile in `kind` until it is listed.
    pub(crate) fn every_refusal() -> Vec<RefereeError> {
        fn kind(e: &RefereeError) -> usize {
            use RefereeError as E;
            match e {
                E::UnknownGame(_) => 0,
                E::NotInGame(_) => 1,
                E::UnknownPlayer(_) => 2,
                E::NotYourTurn => 3,
                E::GameOver(..) => 4,
                E::NotActive(..) => 5,
                E::NoPendingOffer => 6,
                E::OwnOffer => 7,
                E::OpponentOffered => 8,
                E::OfferRightUsed => 9,
                E::ClaimNotOnTurn => 10,
                E::NotReferee => 11,
                E::RollbackBeyond { .. } => 12,
                E::ResultStands(_) => 13,
                E::CannotSeal => 14,
                E::NoReason => 15,
                E::ZeroDays => 16,
                E::NoTimeControl(_) => 17,
                E::Leave(_) => 18,
                E::Clock(_) => 19,
                E::Tournament(_) => 20,
                E::BelowZero { .. } => 21,
                E::Retired(_) => 22,
                E::AlreadySealed => 23,
                E::TooManyDays { .. } => 24,
                E::LeaveOf(..) => 25,
                E::NothingToRollBack { .. } => 26,
                E::WrongMoveNumber { .. } => 27,
                E::OwnGame(_) => 28,
                E::NoGame => 29,
                E::Fault(_) => 30,
                E::AlreadyRecorded => 31,
                // Worded elsewhere or never mailed to a player: the move's own
                // reasons (words::moves), the command line's free text, faults.
                E::Move(_)
                | E::Start(_)
                | E::SamePlayer
                | E::NotPlayerOf(..)
                | E::OtherSideResigns
                | E::Corrupt(..)
                | E::Store(_) => usize::MAX,
            }
        }
        let g = GameId(7);
        let all = vec![
            RefereeError::UnknownGame(g),
            RefereeError::NotInGame(g),
            RefereeError::UnknownPlayer("ivanov@example.org".into()),
            RefereeError::NotYourTurn,
            RefereeError::WrongMoveNumber {
                written: 5,
                written_black: false,
                due: 1,
                side: crate::rules::Color::White,
            },
            RefereeError::GameOver(g, Some(GameResult::Draw)),
            RefereeError::GameOver(g, None),
            RefereeError::NotActive(g, GameStatus::Paused),
            RefereeError::NotActive(g, GameStatus::Adjourned),
            RefereeError::NoPendingOffer,
            RefereeError::OwnOffer,
            RefereeError::OpponentOffered,
            RefereeError::OfferRightUsed,
            RefereeError::ClaimNotOnTurn,
            RefereeError::NotReferee,
            RefereeError::OwnGame(g),
            RefereeError::NoGame,
            RefereeError::RollbackBeyond { plies: 4, to: 9 },
            RefereeError::NothingToRollBack { plies: 4 },
            RefereeError::ResultStands(g),
            RefereeError::CannotSeal,
            RefereeError::NoReason,
            RefereeError::ZeroDays,
            RefereeError::BelowZero {
                side: crate::rules::Color::White,
                left_seconds: -3 * 86_400,
                days: -10,
            },
            RefereeError::Retired("ivanov@example.org".into()),
            RefereeError::AlreadySealed,
            RefereeError::TooManyDays {
                days: 100_000,
                max: crate::clock::control::MAX_ADD_DAYS,
            },
            RefereeError::NoTimeControl(g),
            RefereeError::LeaveOf(
                "ivanov@example.org".into(),
                crate::clock::LeaveError::Overlaps {
                    first: chrono::NaiveDate::from_ymd_opt(2026, 12, 20).unwrap(),
                    last: chrono::NaiveDate::from_ymd_opt(2026, 12, 23).unwrap(),
                },
            ),
            RefereeError::Leave(crate::clock::LeaveError::NotPositive(0)),
            RefereeError::Clock(ClockError::Move(MoveClockError::NotRunning {
                side: crate::vocabulary::Color::White,
            })),
            RefereeError::Clock(ClockError::NoClocks(g)),
            RefereeError::Clock(ClockError::AlreadyStarted(g)),
            RefereeError::Clock(ClockError::NoTimeControl(g)),
            RefereeError::Fault(crate::referee::Fault::NoRandomness("EAGAIN".into())),
            RefereeError::AlreadyRecorded,
            TournamentRefusal::Unknown("2026".into()).into(),
            TournamentRefusal::Exists("2026".into()).into(),
            TournamentRefusal::BadName(100).into(),
            TournamentRefusal::NotEntered("2026".into()).into(),
            TournamentRefusal::NoneEntered.into(),
            TournamentRefusal::NoTable {
                game: g,
                name: "2026".into(),
            }
            .into(),
            TournamentRefusal::PlayerNotEntered {
                player: "ivanov@example.org".into(),
                tournament: "2026".into(),
            }
            .into(),
            TournamentRefusal::AlreadyEntered("ivanov@example.org".into()).into(),
            TournamentRefusal::Started("2026".into()).into(),
            TournamentRefusal::NotDrawn("2026".into()).into(),
            TournamentRefusal::Drawn("2026".into()).into(),
            TournamentRefusal::FinalBulletinSent {
                tournament: "2026".into(),
                number: 4,
            }
            .into(),
            TournamentRefusal::TooFew {
                section: 1,
                players: 1,
            }
            .into(),
            TournamentRefusal::NumbersMismatch(1).into(),
            TournamentRefusal::NotPlaying("ivanov@example.org".into()).into(),
            TournamentRefusal::DrawOffersFrom(20).into(),
            TournamentRefusal::Frozen(g).into(),
            TournamentRefusal::NoAdjudication(g).into(),
            TournamentRefusal::AwaitingRuling(g).into(),
            TournamentRefusal::AdjudicationOver(g).into(),
            TournamentRefusal::Period("2026".into()).into(),
            TournamentRefusal::NoClaim(g).into(),
            TournamentRefusal::WhichClaim(g).into(),
            TournamentRefusal::NotDirector("2026".into()).into(),
            TournamentRefusal::DirectorNotReferee("ivanov@example.org".into()).into(),
            TournamentRefusal::AlreadyDirector("ivanov@example.org".into()).into(),
            TournamentRefusal::NotADirector("ivanov@example.org".into()).into(),
            TournamentRefusal::LastDirector("2026".into()).into(),
        ];
        let mut seen: Vec<usize> = all.iter().map(kind).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(
            seen,
            (0..32).collect::<Vec<_>>(),
            "a kind of refusal is not listed"
        );
        all
    }

    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        for e in every_refusal() {
            let en = refusal(&e, Language::En);
            let ru = refusal(&e, Language::Ru);
            for text in [&en, &ru] {
                assert!(
                    !text.is_empty() && !text.contains("Some(") && !text.contains('{'),
                    "{text}"
                );
                assert!(!text.contains("seed") && !text.contains("RULES"), "{text}");
            }
            // Russian: no Latin word but the address of the example player.
            let prose = ru.replace("ivanov@example.org", "");
            assert!(
                prose
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .all(|w| w.len() < 2),
                "{ru}"
            );
            assert!(!en.chars().any(|c| ('а'..='я').contains(&c)), "{en}");
        }
    }

    /// A tester read «у хода номер 2., а сейчас очередь хода 1. (ходят
    /// белые)»: the numbers in plain words, whose move it is named once.
    #[test]
    fn a_wrong_move_number_is_refused_in_plain_words() {
        use crate::rules::Color::{Black, White};
        let wrong = |written, written_black, due, side| RefereeError::WrongMoveNumber {
            written,
            written_black,
            due,
            side,
        };
        assert_eq!(
            refusal(&wrong(2, false, 1, White), Language::Ru),
            "вы написали ход 2, а сейчас ход 1 белых"
        );
        assert_eq!(
            refusal(&wrong(2, false, 1, White), Language::En),
            "you wrote move 2, but it is White's move 1 now"
        );
        assert_eq!(
            refusal(&wrong(5, true, 5, White), Language::Ru),
            "вы написали ход 5 чёрных, а сейчас ход 5 белых"
        );
        assert_eq!(
            refusal(&wrong(7, false, 3, Black), Language::En),
            "you wrote move 7, but it is Black's move 3 now"
        );
    }

    /// A start the rules refuse (a bad FEN, an unreadable or illegal opening,
    /// a side without pieces, a game over at once), made by the referee's own
    /// check, is told in Russian without a Latin word but what was written.
    #[test]
    fn a_refused_start_is_worded_in_each_language() {
        use crate::referee::create::check_start;
        use crate::rules::Variant;
        let starts: [(Variant, Option<&str>, Option<&str>, &str); 6] = [
            (Variant::Russian, Some("W:W33,3x"), None, "33,3x"),
            (
                Variant::Russian,
                None,
                Some("1. cd4 ??? 2. ba5"),
                "1. cd4 ??? 2. ba5",
            ),
            (Variant::Russian, None, Some("1. cd4 cd4"), "cd4"),
            (Variant::Russian, Some("W:W22:B"), None, ""),
            (Variant::Chess, None, Some("1. e4 e5 2. Ke3"), "Ke3"),
            (
                Variant::Chess,
                Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
                None,
                "",
            ),
        ];
        for (variant, fen, opening, written) in starts {
            let Err(e @ RefereeError::Start(_)) = check_start(variant, fen, opening) else {
                panic!("{variant:?} {fen:?} {opening:?} was not refused as a start");
            };
            let ru = refusal(&e, Language::Ru);
            let en = refusal(&e, Language::En);
            // FEN is the format's name in Russian too.
            let prose = ru.replace(written, "").replace("FEN", "");
            assert!(
                prose
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .all(|w| w.len() < 2),
                "{ru}"
            );
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
            assert!(!en.chars().any(|c| ('а'..='я').contains(&c)), "{en}");
        }
    }
}
