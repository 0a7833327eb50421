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
use crate::words::catalog::Message;

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
    /// How the director hears of these tournaments' events from now on.
    Mail {
        /// The tournaments' names.
        tournaments: Vec<String>,
        /// Each event at once, or the daily digest.
        mode: crate::tournament::director_mail::DirectorMail,
        /// The director's IANA time zone (the digest's hour is in it).
        zone: String,
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
    /// The director asked how to hear of tournament events, named no
    /// tournament, did not answer a tournament's director thread and
    /// directs none.
    NoTournament,
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

fn line_error(e: DirectorLineError) -> &'static str {
    use DirectorLineError as E;
    match e {
        E::Result => "director-line-result",
        E::Color => "director-line-side",
        E::Rollback => "director-line-rollback",
        E::Days => "director-line-days",
        E::Dates => "director-line-dates",
        E::Extra => "director-line-extra",
    }
}

/// Why a command was not done, as a clause.
#[must_use]
pub fn refused(r: &DirectorRefused, lang: Language) -> String {
    let message = match r {
        DirectorRefused::Line(e) => Message::new(line_error(*e)),
        DirectorRefused::NoReason => Message::new("director-no-reason"),
        DirectorRefused::Referee(why) => return why.clone(),
        DirectorRefused::NotQuarantined(key) => {
            Message::new("director-not-quarantined").arg("key", key)
        }
        DirectorRefused::NoTournament => Message::new("director-mail-no-tournament"),
        DirectorRefused::AlreadyDone { at, time_zone } => {
            let tz = crate::clock::zone::parse_zone(time_zone).unwrap_or(chrono_tz::Tz::UTC);
            Message::new("director-already-done")
                .arg("at", crate::clock::zone::format_deadline(*at, tz))
        }
    };
    message.render(lang)
}

/// A date as a director's report writes it: `2026-12-20`, `20.12.2026`.
fn date(d: chrono::NaiveDate, lang: Language) -> String {
    let format = match lang {
        Language::En => "%Y-%m-%d",
        Language::Ru => "%d.%m.%Y",
    };
    d.format(format).to_string()
}

fn done(d: &DirectorDone, lang: Language) -> String {
    let message = match d {
        DirectorDone::Game { game, event } => Message::new("director-done-game")
            .arg("game", game.to_string())
            .arg("event", super::events::director(*event, "", lang)),
        DirectorDone::Leave { player, from, to } => Message::new("director-done-leave")
            .arg("player", player)
            .arg("from", date(*from, lang))
            .arg("to", date(*to, lang)),
        DirectorDone::ClaimAccepted { game, side, result } => Message::new("director-done-claim")
            .arg("ruling", claim_ruled(*game, *side, *result, true, lang)),
        DirectorDone::ClaimRejected { game, side, result } => Message::new("director-done-claim")
            .arg("ruling", claim_ruled(*game, *side, *result, false, lang)),
        DirectorDone::Released { key } => Message::new("director-done-released").arg("key", key),
        DirectorDone::Mail {
            tournaments,
            mode,
            zone,
        } => {
            return tournaments
                .iter()
                .map(|t| {
                    super::tournament_events::director_mail_set(
                        t,
                        *mode,
                        crate::tournament::director_mail::DIGEST_HOUR,
                        zone,
                        lang,
                    )
                })
                .collect::<Vec<_>>()
                .join(" ");
        }
    };
    message.render(lang)
}

/// The answer to the director: each command, done or not and why.
#[must_use]
pub fn report(items: &[DirectorItem], lang: Language) -> String {
    let mut text = Message::new("director-report").render(lang);
    text.push('\n');
    for (i, item) in items.iter().enumerate() {
        let said = match &item.outcome {
            Ok(d) => Message::new("director-item-done").arg("what", done(d, lang)),
            Err(r) => Message::new("director-item-refused").arg("why", refused(r, lang)),
        };
        let said = said.arg("line", &item.line).render(lang);
        text.push_str(&format!("\n{}. {said}\n", i + 1));
    }
    text
}

/// To a registered player (verified by their own token) who wrote director
/// commands: nothing was done.
#[must_use]
pub fn only_director(lang: Language) -> String {
    Message::new("director-only-director").render(lang)
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
    let who = side_name(side, lang);
    if accepted {
        // The adjudication that follows says the result.
        return Message::new("director-claim-accepted")
            .arg("side", who)
            .arg("game", game.to_string())
            .render(lang);
    }
    // Russian puts the result after a colon, in lower case.
    let result = match lang {
        Language::En => result_with_score(result, lang).to_string(),
        Language::Ru => result_with_score(result, lang).to_lowercase(),
    };
    Message::new("director-claim-rejected")
        .arg("side", who)
        .arg("game", game.to_string())
        .arg("result", result)
        .render(lang)
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
        let refusals = [
            E::Result,
            E::Color,
            E::Rollback,
            E::Days,
            E::Dates,
            E::Extra,
        ]
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
