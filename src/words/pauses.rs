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
use crate::words::catalog::Message;
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
        Message::new("pauses-stopped-subject")
            .arg("game", self.game.to_string())
            .arg("name", self.name())
            .render(lang)
    }

    /// One line for a list of held alerts.
    #[must_use]
    pub fn line(&self, lang: Language) -> String {
        Message::new("pauses-stopped-line")
            .arg("game", self.game.to_string())
            .arg("name", self.name())
            .arg("since", format_utc(self.since))
            .render(lang)
    }

    /// The alert's body.
    #[must_use]
    pub fn body(&self, lang: Language) -> String {
        Message::new("pauses-stopped-body")
            .arg("game", self.game.to_string())
            .arg("name", self.name())
            .arg("since", format_utc(self.since))
            .arg("address", printable(&self.address))
            .render(lang)
    }

    fn name(&self) -> String {
        printable(&self.player).into_owned()
    }
}

/// "The clock of X is stopped since 2026-12-01 10:00 UTC: the notice of the
/// move could not be delivered."
#[must_use]
pub fn stopped_line(player: &str, since: DateTime<Utc>, lang: Language) -> String {
    Message::new("pauses-stopped-since")
        .arg("name", printable(player))
        .arg("since", format_utc(since))
        .render(lang)
}

/// "The pause ended at ...", for the director's view of a finished pause.
#[must_use]
pub fn ended_line(
    player: &str,
    since: DateTime<Utc>,
    until: DateTime<Utc>,
    lang: Language,
) -> String {
    Message::new("pauses-stood")
        .arg("name", printable(player))
        .arg("since", format_utc(since))
        .arg("until", format_utc(until))
        .render(lang)
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
    let reflection = if c.charged_seconds == c.reflection_seconds {
        Message::new("timing-reflection-charged").arg("time", d(c.reflection_seconds))
    } else {
        Message::new("timing-reflection-part-charged")
            .arg("time", d(c.reflection_seconds))
            .arg("charged", d(c.charged_seconds))
    };
    let mut parts = vec![reflection.render(lang)];
    for (id, secs) in [
        ("timing-transit", c.transit_seconds),
        ("timing-stood", c.stood_seconds),
        ("timing-waited", delay),
    ] {
        if secs >= 60 {
            parts.push(Message::new(id).arg("time", d(secs)).render(lang));
        }
    }
    parts.join("; ")
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
    let message = if h == 0 {
        Message::new("duration-minutes")
    } else {
        Message::new("duration-hours-minutes").arg("hours", h.to_string())
    };
    message.arg("minutes", m.to_string()).render(lang)
}
