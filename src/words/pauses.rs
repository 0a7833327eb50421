//! The words of bounce-aware clocks and of the timing evidence of a move:
//! the director's alert when a move notice
//! bounced, the line "the clock of X is stopped since ...", and the line of a
//! move reply that separates the reflection time charged from the
//! transmission time not charged.

use chrono::{DateTime, Utc};

use crate::clock::ChargeRecord;
use crate::clock::zone::format_utc;
use crate::printable::printable;
use crate::vocabulary::GameId;
use crate::vocabulary::Language;
use crate::vocabulary::PauseId;
use crate::words::clock::days_hours;

/// What a director is told when a player's clock stops because the notice of
/// their move could not be delivered.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StoppedClock {
    /// The pause (the alert is raised once per pause).
    pub pause: PauseId,
    /// The game.
    pub game: GameId,
    /// The player whose clock stands.
    pub player: String,
    /// The player's registered address, to which the notice bounced.
    pub address: String,
    /// Since when the clock stands (UTC): when the notice was sent.
    pub since: DateTime<Utc>,
}

impl StoppedClock {
    /// The alert's subject (without the `[zaochka]` prefix).
    #[must_use]
    pub fn subject(&self, lang: Language) -> String {
        match lang {
            Language::En => format!(
                "game #{}: the clock of {} is stopped",
                self.game,
                self.name()
            ),
            Language::Ru => format!("партия #{}: часы {} остановлены", self.game, self.name()),
        }
    }

    /// One line for a list of held alerts.
    #[must_use]
    pub fn line(&self, lang: Language) -> String {
        let (name, since, g) = (self.name(), format_utc(self.since), self.game);
        match lang {
            Language::En => format!(
                "Game #{g}: the clock of {name} is stopped since {since}, because the notice of the move could not be delivered."
            ),
            Language::Ru => format!(
                "Партия #{g}: часы игрока {name} остановлены с {since}, потому что уведомление о ходе не удалось доставить."
            ),
        }
    }

    /// The alert's body.
    #[must_use]
    pub fn body(&self, lang: Language) -> String {
        let g = self.game;
        match lang {
            Language::En => format!(
                "In game #{g} the clock of {} is stopped since {}: the notice of the move, sent to {}, came back undeliverable.\n\n\
                 The clock of {} in game #{g} stands until the player mails the bot from the registered \
                 address with the game's token, or a director ends the pause:\n  \
                 zaochka referee bounce-clear {g} {} --reason \"...\"\n\
                 (after `zaochka player edit` with a working address, `zaochka game resend {g}` sends the notice again).",
                self.name(),
                format_utc(self.since),
                printable(&self.address),
                self.name(),
                printable(&self.address),
            ),
            Language::Ru => format!(
                "В партии #{g} часы игрока {} остановлены с {}: уведомление о ходе, отправленное на {}, вернулось недоставленным.\n\n\
                 Часы игрока {} в партии #{g} стоят, пока игрок не напишет боту с зарегистрированного \
                 адреса с ключом партии или судья не снимет остановку:\n  \
                 zaochka referee bounce-clear {g} {} --reason \"...\"\n\
                 (после `zaochka player edit` с рабочим адресом `zaochka game resend {g}` отправит уведомление снова).",
                self.name(),
                format_utc(self.since),
                printable(&self.address),
                self.name(),
                printable(&self.address),
            ),
        }
    }

    fn name(&self) -> String {
        printable(&self.player).into_owned()
    }
}

/// "The clock of X is stopped since 2026-12-01 10:00 UTC: the notice of the
/// move could not be delivered."
#[must_use]
pub fn stopped_line(player: &str, since: DateTime<Utc>, lang: Language) -> String {
    let player = printable(player);
    let since = format_utc(since);
    match lang {
        Language::En => format!(
            "The clock of {player} is stopped since {since}: the notice of the move could not be delivered."
        ),
        Language::Ru => format!(
            "Часы игрока {player} остановлены с {since}: уведомление о ходе не удалось доставить."
        ),
    }
}

/// "The pause ended at ...", for the director's view of a finished pause.
#[must_use]
pub fn ended_line(
    player: &str,
    since: DateTime<Utc>,
    until: DateTime<Utc>,
    lang: Language,
) -> String {
    let player = printable(player);
    match lang {
        Language::En => format!(
            "The clock of {player} stood from {} to {}: a notice of the move could not be delivered.",
            format_utc(since),
            format_utc(until)
        ),
        Language::Ru => format!(
            "Часы игрока {player} стояли с {} по {}: уведомление о ходе не удалось доставить.",
            format_utc(since),
            format_utc(until)
        ),
    }
}

/// The line of a move reply about its timing, e.g. «время на обдумывание:
/// 2 дн. 3 ч (засчитано); время в пути: 12 мин (не засчитано)». The figures
/// are the clock's (see `crate::daemon::timing`): the reflection time charged
/// (and, under ICCF counting, the whole days charged for it), the bot's delay
/// before the notice of the opponent's move left it, the other stops of the
/// clock, and `delay`, the seconds this mail waited at the bot before it was
/// processed; the last three are not charged and are left out when under a
/// minute.
#[must_use]
pub fn timing_line(c: &ChargeRecord, delay: i64, lang: Language) -> String {
    let d = |s: i64| duration(s, lang);
    let mut out = match (lang, c.charged_seconds == c.reflection_seconds) {
        (Language::En, true) => format!("reflection time: {} (charged)", d(c.reflection_seconds)),
        (Language::En, false) => format!(
            "reflection time: {} ({} charged)",
            d(c.reflection_seconds),
            d(c.charged_seconds)
        ),
        (Language::Ru, true) => {
            format!(
                "время на обдумывание: {} (засчитано)",
                d(c.reflection_seconds)
            )
        }
        (Language::Ru, false) => format!(
            "время на обдумывание: {} (засчитано: {})",
            d(c.reflection_seconds),
            d(c.charged_seconds)
        ),
    };
    let mut part = |secs: i64, en: &str, ru: &str| {
        if secs >= 60 {
            out.push_str(&match lang {
                Language::En => format!("; {en}: {} (not charged)", d(secs)),
                Language::Ru => format!("; {ru}: {} (не засчитано)", d(secs)),
            });
        }
    };
    part(c.transit_seconds, "time in transit", "время в пути");
    part(c.stood_seconds, "clock stopped", "часы стояли");
    part(
        delay,
        "your mail waited at the bot",
        "ваше письмо ждало обработки у бота",
    );
    out
}

/// A duration as the timing lines show it: days and hours from a day on,
/// else hours and minutes, else minutes (`12 мин`, `3 h 5 min`, `2 дн. 3 ч`).
#[must_use]
pub fn duration(seconds: i64, lang: Language) -> String {
    let s = seconds.max(0);
    if s >= crate::clock::DAY {
        return days_hours(s, lang);
    }
    let (h, m) = (s / 3600, (s % 3600) / 60);
    match (lang, h) {
        (Language::En, 0) => format!("{m} min"),
        (Language::En, _) => format!("{h} h {m} min"),
        (Language::Ru, 0) => format!("{m} мин"),
        (Language::Ru, _) => format!("{h} ч {m} мин"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{DAY, HOUR};

    fn at(h: u32) -> DateTime<Utc> {
        use chrono::TimeZone;
        Utc.with_ymd_and_hms(2026, 12, 1, h, 0, 0).unwrap()
    }

    fn record(reflection: i64, charged: i64, transit: i64, stood: i64) -> ChargeRecord {
        ChargeRecord {
            clock_started_at: at(0),
            reflection_seconds: reflection,
            charged_seconds: charged,
            transit_seconds: transit,
            stood_seconds: stood,
        }
    }

    #[test]
    fn the_timing_line_separates_what_is_charged_from_what_is_not() {
        let c = record(2 * DAY + 3 * HOUR, 2 * DAY + 3 * HOUR, 12 * 60, 0);
        assert_eq!(
            timing_line(&c, 0, Language::Ru),
            "время на обдумывание: 2 дн. 3 ч (засчитано); время в пути: 12 мин (не засчитано)"
        );
        assert_eq!(
            timing_line(&c, 30, Language::En),
            "reflection time: 2 d 3 h (charged); time in transit: 12 min (not charged)"
        );
        // ICCF whole days: the charge differs from the reflection time.
        let iccf = record(23 * HOUR, 0, 0, DAY);
        assert_eq!(
            timing_line(&iccf, 2 * HOUR, Language::En),
            "reflection time: 23 h 0 min (0 min charged); clock stopped: 1 d 0 h (not charged); \
             your mail waited at the bot: 2 h 0 min (not charged)"
        );
    }

    #[test]
    fn a_stopped_clock_is_told_with_its_start_in_utc() {
        assert_eq!(
            stopped_line("Боб", at(10), Language::Ru),
            "Часы игрока Боб остановлены с 2026-12-01 10:00 UTC: уведомление о ходе не удалось доставить."
        );
        assert_eq!(
            ended_line("Bob", at(10), at(12), Language::En),
            "The clock of Bob stood from 2026-12-01 10:00 UTC to 2026-12-01 12:00 UTC: \
             a notice of the move could not be delivered."
        );
    }

    #[test]
    fn the_directors_alert_opens_with_one_clean_sentence() {
        let alert = StoppedClock {
            pause: PauseId(1),
            game: GameId(1),
            player: "Боб".into(),
            address: "bob@example.org".into(),
            since: at(10),
        };
        let ru = alert.body(Language::Ru);
        assert!(
            ru.starts_with(
                "В партии #1 часы игрока Боб остановлены с 2026-12-01 10:00 UTC: уведомление о ходе, \
                 отправленное на bob@example.org, вернулось недоставленным.\n\n"
            ),
            "{ru}"
        );
        let en = alert.body(Language::En);
        assert!(
            en.starts_with(
                "In game #1 the clock of Боб is stopped since 2026-12-01 10:00 UTC: the notice"
            ),
            "{en}"
        );
        for line in [alert.line(Language::Ru), alert.line(Language::En)] {
            assert!(!line.contains(". ("), "{line}");
            assert_eq!(
                line.matches(". ").count() + line.matches(".\n").count(),
                0,
                "{line}"
            );
        }
    }
}
