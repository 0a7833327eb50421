//! Why the referee refused a command, in the sender's language
//! ([`crate::referee::RefereeError`]), and the clock's refusals
//! ([`crate::referee::game_clocks::ClockError`]): each refusal maps to a
//! message of the catalogs (`refusal-*`, `start-*`, `tournament-refusal-*`,
//! `clock-refusal-*`) with its arguments.

use super::catalog::Message;
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

/// `white` or `black`: the key a message selects a side's words by.
fn side_key(side: crate::rules::Color) -> &'static str {
    match side {
        crate::rules::Color::White => "white",
        crate::rules::Color::Black => "black",
    }
}

/// Why a game cannot start as asked, in a language.
fn start_refusal(r: &StartRefusal, lang: Language) -> String {
    match r {
        StartRefusal::Setup(e) => Message::new("start-refusal-setup")
            .arg("why", super::setup::refusal(e, lang))
            .render(lang),
        StartRefusal::Opening { text, why } => {
            // The reader's own error names what it expected, in English.
            let why = match why {
                OpeningUnread::Moves(e) => e.to_string(),
                OpeningUnread::Record(e) => e.to_string(),
            };
            Message::new("start-refusal-opening-unread")
                .arg("text", text.as_str())
                .arg("why", why)
                .render(lang)
        }
        StartRefusal::OpeningMove { text, error } => {
            let why = match lang {
                Language::En => error.to_string(),
                Language::Ru => error.message(lang),
            };
            Message::new("start-refusal-opening-move")
                .arg("text", text.as_str())
                .arg("why", why)
                .render(lang)
        }
        StartRefusal::NoPieces { side, towers } => Message::new("start-refusal-no-pieces")
            .arg("side", side_key(*side))
            .arg("towers", if *towers { "yes" } else { "no" })
            .render(lang),
        StartRefusal::Over(end) => Message::new("start-refusal-over")
            .arg("end", super::moves::finish(end, lang))
            .render(lang),
    }
}

/// The refusal as a clause (no final full stop): "it is not your move" /
/// «сейчас не ваш ход».
#[must_use]
pub fn refusal(e: &RefereeError, lang: Language) -> String {
    use RefereeError as E;
    let game = |id: &'static str, g: &crate::vocabulary::GameId| {
        Message::new(id).arg("game", g.to_string()).render(lang)
    };
    let plain = |id: &'static str| Message::new(id).render(lang);
    match (e, lang) {
        (E::UnknownGame(g), _) => game("refusal-unknown-game", g),
        (E::NotInGame(g), _) => game("refusal-not-in-game", g),
        (E::UnknownPlayer(a), _) => Message::new("refusal-unknown-player")
            .arg("player", a.as_str())
            .render(lang),
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
                Message::new("refusal-move-number-written")
                    .arg("number", written.to_string())
                    .render(lang)
            };
            Message::new("refusal-wrong-move-number")
                .arg("written", written)
                .arg("due", super::game::move_words(*due, *side, lang))
                .render(lang)
        }
        (E::NotYourTurn, _) => plain("refusal-not-your-turn"),
        (E::GameOver(g, Some(r)), _) => {
            let result = result_with_score(*r, lang);
            // Russian puts the result after a colon in lower case.
            let result = match lang {
                Language::En => result,
                Language::Ru => result.to_lowercase(),
            };
            Message::new("refusal-game-over")
                .arg("game", g.to_string())
                .arg("result", result)
                .render(lang)
        }
        (E::GameOver(g, None), _) => game("refusal-game-annulled", g),
        (E::NotActive(g, s), _) => Message::new("refusal-game-not-active")
            .arg("game", g.to_string())
            .arg("status", status_word(*s, lang))
            .render(lang),
        (E::Move(m), _) => m.message(lang),
        (E::NoPendingOffer, _) => plain("refusal-no-pending-offer"),
        (E::OwnOffer, _) => plain("refusal-own-offer"),
        (E::OpponentOffered, _) => plain("refusal-opponent-offered"),
        (E::OfferRightUsed, _) => plain("refusal-offer-right-used"),
        (E::ClaimNotOnTurn, _) => plain("refusal-claim-not-on-turn"),
        (E::NotReferee, _) => plain("refusal-not-referee"),
        (E::OwnGame(g), _) => game("refusal-own-game", g),
        (E::NoGame, _) => plain("refusal-no-game"),
        (E::RollbackBeyond { plies, to }, _) => Message::new("refusal-rollback-beyond")
            .arg("plies", *plies)
            .arg("to", to.to_string())
            .render(lang),
        (E::NothingToRollBack { plies }, _) => Message::new("refusal-nothing-to-roll-back")
            .arg("plies", *plies)
            .render(lang),
        (E::ResultStands(g), _) => game("refusal-result-stands", g),
        (E::CannotSeal, _) => plain("refusal-cannot-seal"),
        (E::AlreadySealed, _) => plain("refusal-already-sealed"),
        (E::TooManyDays { days, max }, _) => Message::new("refusal-too-many-days")
            .arg("days", days.unsigned_abs())
            .arg("max", *max)
            .render(lang),
        (E::NoReason, _) => plain("refusal-no-reason"),
        (E::ZeroDays, _) => plain("refusal-zero-days"),
        (
            E::BelowZero {
                side,
                left_seconds,
                days,
            },
            _,
        ) => Message::new("refusal-below-zero")
            .arg("side", side_name(*side, lang))
            .arg("left", crate::words::clock::days_hours(*left_seconds, lang))
            .arg("days", days.unsigned_abs())
            .render(lang),
        (E::Retired(who), _) => Message::new("refusal-retired")
            .arg("player", who.as_str())
            .render(lang),
        (E::NoTimeControl(g), _) => game("refusal-no-time-control", g),
        (E::Leave(l), _) => l.message(lang),
        (E::LeaveOf(who, crate::clock::LeaveError::Overlaps { first, last }), _) => {
            Message::new("refusal-leave-overlaps-other")
                .arg("player", who.as_str())
                .arg("first", first.to_string())
                .arg("last", last.to_string())
                .render(lang)
        }
        (E::LeaveOf(who, l), _) => Message::new("refusal-leave-of")
            .arg("player", who.as_str())
            .arg("why", l.message(lang))
            .render(lang),
        (E::Fault(_), _) => plain("refusal-fault"),
        (E::AlreadyRecorded, _) => plain("refusal-already-recorded"),
        (E::SamePlayer, _) => plain("refusal-same-player"),
        (E::NotPlayerOf(email, id), _) => Message::new("refusal-not-player-of")
            .arg("player", email.as_str())
            .arg("game", id.to_string())
            .render(lang),
        (E::OtherSideResigns, _) => plain("refusal-other-side-resigns"),
        (E::Start(r), _) => start_refusal(r, lang),
        (E::Corrupt(g, s), _) => Message::new("refusal-corrupt-game")
            .arg("game", g.to_string())
            .arg("why", s.as_str())
            .render(lang),
        (E::Clock(c), _) => clock(c, lang),
        (E::Tournament(t), _) => tournament(t, lang),
        (E::Store(e), _) => Message::new("refusal-database")
            .arg("why", e.to_string())
            .render(lang),
    }
}

/// A tournament command's refusal as a clause.
#[must_use]
pub fn tournament(e: &TournamentRefusal, lang: Language) -> String {
    use TournamentRefusal as T;
    let named = |id: &'static str, n: &str| Message::new(id).arg("tournament", n).render(lang);
    let player = |id: &'static str, a: &str| Message::new(id).arg("player", a).render(lang);
    let game = |id: &'static str, g: &crate::vocabulary::GameId| {
        Message::new(id).arg("game", g.to_string()).render(lang)
    };
    match (e, lang) {
        (T::Unknown(n), _) => named("tournament-refusal-unknown", n),
        (T::BadName(max), _) => Message::new("tournament-refusal-bad-name")
            .arg("max", max.to_string())
            .render(lang),
        (T::Exists(n), _) => named("tournament-refusal-exists", n),
        (T::NotEntered(n), _) => named("tournament-refusal-not-entered", n),
        (T::PlayerNotEntered { player, tournament }, _) => {
            Message::new("tournament-refusal-player-not-entered")
                .arg("player", player.as_str())
                .arg("tournament", tournament.as_str())
                .render(lang)
        }
        (T::NoneEntered, _) => Message::new("tournament-refusal-none-entered").render(lang),
        (T::NoTable { game, name }, _) => Message::new("tournament-refusal-no-table")
            .arg("game", game.to_string())
            .arg("tournament", name.as_str())
            .render(lang),
        (T::AlreadyEntered(a), _) => player("tournament-refusal-already-entered", a),
        (T::Started(n), _) => named("tournament-refusal-started", n),
        (T::NotDrawn(n), _) => named("tournament-refusal-not-drawn", n),
        (T::Drawn(n), _) => Message::new("tournament-add-after-draw")
            .arg("tournament", n.as_str())
            .render(lang),
        (T::FinalBulletinSent { tournament, number }, _) => Message::new("bulletin-final-sent")
            .arg("tournament", tournament.as_str())
            .arg("number", *number)
            .render(lang),
        (T::TooFew { section, players }, _) => Message::new("tournament-refusal-too-few")
            .arg("section", section.to_string())
            .arg("players", *players)
            .render(lang),
        (T::NumbersMismatch(section), _) => Message::new("tournament-refusal-numbers-mismatch")
            .arg("section", section.to_string())
            .render(lang),
        (T::NotPlaying(a), _) => player("tournament-refusal-not-playing", a),
        (T::DrawOffersFrom(n), _) => Message::new("tournament-refusal-draw-offers-from")
            .arg("move", n.to_string())
            .render(lang),
        (T::Frozen(g), _) => game("tournament-refusal-frozen", g),
        (T::NoAdjudication(g), _) => game("tournament-refusal-no-adjudication", g),
        (T::AwaitingRuling(g), lang) => Message::new("refusal-claim-awaiting-ruling")
            .arg("game", g.0.to_string())
            .render(lang),
        (T::AdjudicationOver(g), lang) => Message::new("refusal-claim-adjudication-over")
            .arg("game", g.0.to_string())
            .render(lang),
        (T::Ballot(why), _) => Message::new("tournament-refusal-ballot")
            .arg("why", why.as_str())
            .render(lang),
        (T::NoDrawingTable(name), _) => Message::new("tournament-refusal-no-drawing-table")
            .arg("table", name.as_str())
            .render(lang),
        (T::Period(n), _) => named("tournament-refusal-not-in-period", n),
        (T::NoClaim(g), _) => game("tournament-refusal-no-claim", g),
        (T::WhichClaim(g), _) => game("tournament-refusal-which-claim", g),
        (T::NotDirector(n), _) => named("tournament-refusal-not-director", n),
        (T::DirectorNotReferee(a), _) => player("tournament-refusal-director-not-referee", a),
        (T::AlreadyDirector(a), _) => player("tournament-refusal-already-director", a),
        (T::NotADirector(a), _) => player("tournament-refusal-not-a-director", a),
        (T::LastDirector(n), _) => named("tournament-refusal-last-director", n),
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
    let game = |id: &'static str, g: &crate::vocabulary::GameId| {
        Message::new(id).arg("game", g.to_string()).render(lang)
    };
    match (e, lang) {
        (ClockError::Control(c), _) => c.message(lang),
        (ClockError::Leave(l), _) => l.message(lang),
        (ClockError::Zone(z), _) => z.message(lang),
        (ClockError::Store(s), _) => Message::new("refusal-database")
            .arg("why", s.to_string())
            .render(lang),
        (ClockError::Move(MoveClockError::NotRunning { side: s }), _) => {
            Message::new("clock-refusal-not-running")
                .arg("side", side_name(*s, lang))
                .render(lang)
        }
        (ClockError::Move(MoveClockError::Late { deadline, .. }), _) => {
            Message::new("clock-refusal-late")
                .arg("deadline", format_utc(*deadline))
                .render(lang)
        }
        (ClockError::Move(MoveClockError::BeforeStart { started_at, .. }), _) => {
            Message::new("clock-refusal-before-start")
                .arg("started", format_utc(*started_at))
                .render(lang)
        }
        (ClockError::NoTimeControl(g), _) => game("refusal-no-time-control", g),
        (ClockError::NoClocks(g), _) => game("clock-refusal-no-clocks", g),
        (ClockError::AlreadyStarted(g), _) => game("clock-refusal-already-started", g),
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
