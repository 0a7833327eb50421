//! The words of a tournament director's commands by mail:
//! the answer to the director (what each command did, or why it was not
//! done), the note to a player who wrote one, and what the players are told
//! of a claim the director accepted or rejected.

use super::events::DirectorEvent;
use super::game::side_name;
use super::moves::result_with_score;
use crate::mail::director::DirectorLineError;
use crate::rules::Color;
use crate::vocabulary::Language;
use crate::vocabulary::{GameId, GameResult};

/// What one director's command did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectorDone {
    /// An action on a game, worded as the players read it.
    Game {
        /// The game.
        game: GameId,
        /// What was done.
        event: DirectorEvent,
    },
    /// A leave entered for a player.
    Leave {
        /// The player's registered address.
        player: String,
        /// First day.
        from: chrono::NaiveDate,
        /// Last day.
        to: chrono::NaiveDate,
    },
    /// A claim accepted: the game ends with its result.
    ClaimAccepted {
        /// The game.
        game: GameId,
        /// The claimant.
        side: Color,
        /// The result claimed and now decided.
        result: GameResult,
    },
    /// A claim rejected: the director will adjudicate the game.
    ClaimRejected {
        /// The game.
        game: GameId,
        /// The claimant.
        side: Color,
        /// The result claimed.
        result: GameResult,
    },
    /// A quarantined mail put back into the inbox.
    Released {
        /// Its inbox key.
        key: String,
    },
}

/// Why one director's command was not done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectorRefused {
    /// The line could not be read.
    Line(DirectorLineError),
    /// No reason line (`reason: ...` / `причина: ...`) followed it.
    NoReason,
    /// The referee refused it; the reason is worded already
    /// ([`crate::referee::RefereeError::message`]).
    Referee(String),
    /// No quarantined mail has this key.
    NotQuarantined(String),
    /// The same director gave the same command within a day: not done
    /// again, unless the mail says again (`again` / `повторно`).
    AlreadyDone {
        /// When it was done (UTC).
        at: chrono::DateTime<chrono::Utc>,
        /// The director's IANA time zone, for the instant's local form.
        time_zone: String,
    },
}

/// One command of the mail and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectorItem {
    /// The line as written.
    pub line: String,
    /// Done, or why not.
    pub outcome: Result<DirectorDone, DirectorRefused>,
}

fn line_error(e: DirectorLineError, lang: Language) -> &'static str {
    use DirectorLineError as E;
    match (e, lang) {
        (E::Result, Language::En) => {
            "the result is missing or not one (1-0, 0-1, 1/2, draw, white won)"
        }
        (E::Result, Language::Ru) => {
            "результат не указан или не понят (1-0, 0-1, 1/2, ничья, победа белых)"
        }
        (E::Side, Language::En) => "the side is missing or not one (white, black)",
        (E::Side, Language::Ru) => {
            "сторона не указана или не понята (белые, чёрные, белым, чёрным)"
        }
        (E::Rollback, Language::En) => {
            "say how far back: a number of plies (rollback #15 24 or ply 24), or a move (move 12, move 12... for Black's)"
        }
        (E::Rollback, Language::Ru) => {
            "укажите, куда вернуть партию: число полуходов (откат #15 24 или полуход 24) или ход (ход 12, ход 12... для хода чёрных)"
        }
        (E::Days, Language::En) => "the number of days is missing or zero",
        (E::Days, Language::Ru) => "число дней не указано или равно нулю",
        (E::Dates, Language::En) => {
            "a leave needs the player's address and two dates, the first and the last day (2026-12-20 2027-01-05)"
        }
        (E::Dates, Language::Ru) => {
            "для отпуска нужны адрес участника и две даты, первый и последний день (20.12.2026 05.01.2027)"
        }
        (E::Extra, Language::En) => "the line holds words that belong to no part of the command",
        (E::Extra, Language::Ru) => "в строке есть слова, не относящиеся к распоряжению",
    }
}

/// Why a command was not done, as a clause.
#[must_use]
pub fn refused(r: &DirectorRefused, lang: Language) -> String {
    match (r, lang) {
        (DirectorRefused::Line(e), _) => line_error(*e, lang).to_string(),
        (DirectorRefused::NoReason, Language::En) => {
            "every command needs its reason on the next line (reason: ...), which goes to the audit log".into()
        }
        (DirectorRefused::NoReason, Language::Ru) => {
            "у каждого распоряжения должна быть причина на следующей строке (причина: ...), она записывается в журнал".into()
        }
        (DirectorRefused::Referee(why), _) => why.clone(),
        (DirectorRefused::NotQuarantined(key), Language::En) => {
            format!("no quarantined mail has the key {key}")
        }
        (DirectorRefused::NotQuarantined(key), Language::Ru) => {
            format!("в карантине нет письма с ключом {key}")
        }
        (DirectorRefused::AlreadyDone { at, time_zone }, _) => {
            let tz = crate::clock::zone::parse_zone(time_zone).unwrap_or(chrono_tz::Tz::UTC);
            let at = crate::clock::zone::format_deadline(*at, tz);
            match lang {
                Language::En => format!(
                    "already done at {at}; to do it once more, write \"again\" after the command"
                ),
                Language::Ru => format!(
                    "уже выполнено {at}; чтобы выполнить ещё раз, допишите после распоряжения «повторно»"
                ),
            }
        }
    }
}

fn done(d: &DirectorDone, lang: Language) -> String {
    match (d, lang) {
        (DirectorDone::Game { game, event }, Language::En) => format!(
            "game #{game}: {} Both players were told.",
            super::events::director(*event, "", lang)
        ),
        (DirectorDone::Game { game, event }, Language::Ru) => format!(
            "партия №{game}: {} Участникам сообщено.",
            super::events::director(*event, "", lang)
        ),
        (DirectorDone::Leave { player, from, to }, Language::En) => format!(
            "leave entered for {player} from {from} to {to}; the player and their opponents were told."
        ),
        (DirectorDone::Leave { player, from, to }, Language::Ru) => format!(
            "отпуск участника {player} с {} по {} внесён; участнику и его соперникам сообщено.",
            from.format("%d.%m.%Y"),
            to.format("%d.%m.%Y")
        ),
        (DirectorDone::ClaimAccepted { game, side, result }, _)
        | (DirectorDone::ClaimRejected { game, side, result }, _) => {
            let accepted = matches!(d, DirectorDone::ClaimAccepted { .. });
            format!(
                "{} {}",
                claim_ruled(*game, *side, *result, accepted, lang),
                match lang {
                    Language::En => "Both players were told.",
                    Language::Ru => "Участникам сообщено.",
                }
            )
        }
        (DirectorDone::Released { key }, Language::En) => {
            format!("the quarantined mail {key} is back in the inbox and will be read again.")
        }
        (DirectorDone::Released { key }, Language::Ru) => {
            format!("письмо {key} возвращено из карантина во входящие и будет прочитано снова.")
        }
    }
}

/// The answer to the director: each command, done or not and why.
#[must_use]
pub fn report(items: &[DirectorItem], lang: Language) -> String {
    let mut text = String::from(match lang {
        Language::En => "Your commands as tournament director:\n",
        Language::Ru => "Ваши распоряжения судьи турнира:\n",
    });
    for (i, item) in items.iter().enumerate() {
        let line = &item.line;
        let said = match (&item.outcome, lang) {
            (Ok(d), Language::En) => format!("\"{line}\": done: {}", done(d, lang)),
            (Ok(d), Language::Ru) => format!("«{line}»: выполнено: {}", done(d, lang)),
            (Err(r), Language::En) => format!("\"{line}\": not done: {}.", refused(r, lang)),
            (Err(r), Language::Ru) => format!("«{line}»: не выполнено: {}.", refused(r, lang)),
        };
        text.push_str(&format!("\n{}. {said}\n", i + 1));
    }
    text
}

/// To a registered player (verified by their own token) who wrote director
/// commands: nothing was done.
#[must_use]
pub fn only_director(lang: Language) -> String {
    match lang {
        Language::En => "Only the tournament director may adjudicate, roll back, forfeit, add days, pause, resume, enter leave, rule on claims or release mail. Nothing in your mail was done.".into(),
        Language::Ru => "Присуждать результат, возвращать партию, засчитывать поражение, добавлять дни, приостанавливать и возобновлять партии, вносить отпуск, решать по заявкам и выпускать письма из карантина может только судья турнира. Ничего из вашего письма не выполнено.".into(),
    }
}

/// Told to both players: the director accepted (the game ends with the
/// claimed result) or rejected (the director will adjudicate) a claim.
#[must_use]
pub fn claim_ruled(
    game: GameId,
    side: Color,
    result: GameResult,
    accepted: bool,
    lang: Language,
) -> String {
    let r = result_with_score(result, lang);
    let who = side_name(side, lang);
    match (accepted, lang) {
        // The adjudication that follows says the result.
        (true, Language::En) => {
            format!("The tournament director accepts the claim of {who} for game #{game}.")
        }
        (true, Language::Ru) => {
            format!("Судья турнира принял заявку по партии №{game} ({who}).")
        }
        (false, Language::En) => format!(
            "The tournament director rejects the claim of {who} for game #{game} ({r}); the director will adjudicate the game."
        ),
        (false, Language::Ru) => format!(
            "Судья турнира отклонил заявку по партии №{game} ({who}: {}); результат присудит судья.",
            r.to_lowercase()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every outcome in both languages; the Russian text has no Latin word
    /// but the lines, addresses and keys quoted.
    #[test]
    fn every_outcome_is_worded_in_both_languages() {
        let g = GameId(15);
        let day = chrono::NaiveDate::from_ymd_opt(2026, 12, 20).unwrap();
        let mut items: Vec<DirectorItem> = [
            DirectorDone::Game {
                game: g,
                event: DirectorEvent::Paused,
            },
            DirectorDone::Leave {
                player: "p@x.test".into(),
                from: day,
                to: day,
            },
            DirectorDone::ClaimAccepted {
                game: g,
                side: Color::White,
                result: GameResult::WhiteWins,
            },
            DirectorDone::ClaimRejected {
                game: g,
                side: Color::Black,
                result: GameResult::Draw,
            },
            DirectorDone::Released { key: "k@x".into() },
        ]
        .into_iter()
        .map(|d| DirectorItem {
            line: "#15".into(),
            outcome: Ok(d),
        })
        .collect();
        use DirectorLineError as E;
        let refusals = [E::Result, E::Side, E::Rollback, E::Days, E::Dates, E::Extra]
            .map(DirectorRefused::Line)
            .into_iter()
            .chain([
                DirectorRefused::NoReason,
                DirectorRefused::NotQuarantined("k@x".into()),
                DirectorRefused::AlreadyDone {
                    at: chrono::DateTime::from_timestamp(1_796_000_000, 0).unwrap(),
                    time_zone: "UTC".into(),
                },
            ]);
        items.extend(refusals.map(|r| DirectorItem {
            line: "#15".into(),
            outcome: Err(r),
        }));
        let ru = report(&items, Language::Ru) + &only_director(Language::Ru);
        let prose = ru
            .replace("p@x.test", "")
            .replace("k@x", "")
            .replace(" UTC", "");
        // The Russian examples of the forms quote digits and dots only; an
        // instant is said in UTC, as a deadline is.
        let latin: Vec<&str> = prose
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 1)
            .collect();
        assert!(latin.is_empty(), "{latin:?} in {ru}");
        let en = report(&items, Language::En);
        assert_eq!(en.matches(": done: ").count(), 5, "{en}");
        assert_eq!(en.matches(": not done: ").count(), 9, "{en}");
        assert!(en.contains("already done at 2026-"), "{en}");
        assert!(ru.contains("уже выполнено 2026-"), "{ru}");
    }
}
