//! A tournament's system and settings in words, one line a setting, as
//! `tournament show` prints them and a director reads them: "Time control:
//! …", "Tie-breaks: Sonneborn-Berger, number of wins, …" / «Дополнительные
//! показатели: …». The settings travel typed ([`Settings`]); this module
//! alone words them.

use super::game::days;
use super::tournament::tiebreak_long_name;
use crate::clock::TimeoutPolicy;
use crate::tournament::settings::{BallotPer, BallotSource, Settings};
use crate::tournament::standings::{Scoring, WithdrawalPolicy};
use crate::tournament::system::System;
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// A tournament system's name: "round robin" / «круговой».
#[must_use]
pub fn system_name(s: System, lang: Language) -> String {
    let id = match s {
        System::RoundRobin => "settings-system-round-robin",
        System::DoubleRoundRobin => "settings-system-double-round-robin",
        System::MicroMatch => "settings-system-micro-match",
    };
    Message::new(id).render(lang)
}

/// The settings as lines `Name: value`, in the order a director sets them.
#[must_use]
pub fn settings_lines(s: &Settings, lang: Language) -> Vec<String> {
    let control = match &s.time_control {
        None => Message::new("settings-time-control-none"),
        Some(c) => Message::new("settings-time-control").arg("value", c.describe(lang)),
    };
    let offers = match s.no_draw_offers_before_move {
        None => Message::new("settings-draw-offers-any-time"),
        Some(m) => Message::new("settings-draw-offers-from").arg("move", m.to_string()),
    };
    let timeout = Message::new(match s.on_timeout {
        TimeoutPolicy::LoseOnTime => "settings-timeout-lose",
        TimeoutPolicy::ReportToReferee => "settings-timeout-report",
    });
    let tie_breaks: Vec<_> = s
        .tie_breaks
        .iter()
        .map(|&t| tiebreak_long_name(t, lang))
        .collect();
    let scoring = Message::new(match s.scoring {
        Scoring::Classic => "settings-scoring-classic",
        Scoring::Fmjd => "settings-scoring-fmjd",
    });
    let withdrawals = Message::new(match s.withdrawals {
        WithdrawalPolicy::Fide => "settings-withdrawals-fide",
        WithdrawalPolicy::Lss => "settings-withdrawals-lss",
        WithdrawalPolicy::Fmjd => "settings-withdrawals-fmjd",
    });
    let period = match s.playing_period_days {
        None => Message::new("settings-period-unlimited"),
        Some(d) => Message::new("settings-period").arg("duration", days(d, lang)),
    };
    let mut lines = vec![
        control,
        Message::new("settings-leave").arg("duration", days(s.leave_days_per_year, lang)),
        offers,
        timeout,
        Message::new("settings-tie-breaks").arg("list", tie_breaks.join(", ")),
        scoring,
        withdrawals,
        period,
        Message::new("settings-claims").arg("duration", days(s.claim_days, lang)),
    ];
    if let Some(b) = &s.ballot {
        let ballot = match (&b.list, b.per) {
            (BallotSource::Table(name), BallotPer::Match) => {
                Message::new("settings-ballot-table-match").arg("name", name.to_string())
            }
            (BallotSource::Table(name), BallotPer::Round) => {
                Message::new("settings-ballot-table-round").arg("name", name.to_string())
            }
            (BallotSource::Own { name, .. }, BallotPer::Match) => {
                Message::new("settings-ballot-own-match").arg("name", name.to_string())
            }
            (BallotSource::Own { name, .. }, BallotPer::Round) => {
                Message::new("settings-ballot-own-round").arg("name", name.to_string())
            }
        };
        lines.push(ballot);
    }
    lines.push(match s.bulletin_every {
        Some(n) if n > 0 => Message::new("settings-bulletins-every").arg("games", n),
        _ => Message::new("settings-bulletins-none"),
    });
    let list = |days: &[u32]| {
        days.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    lines.push(if s.director_warn_days.is_empty() {
        Message::new("settings-director-warnings-none")
    } else {
        Message::new("settings-director-warnings").arg("days", list(&s.director_warn_days))
    });
    lines.push(if s.director_silence_days.is_empty() {
        Message::new("settings-director-silence-none")
    } else {
        Message::new("settings-director-silence").arg("days", list(&s.director_silence_days))
    });
    if !s.moves_on_leave {
        lines.push(Message::new("settings-no-moves-on-leave"));
    }
    lines.iter().map(|m| m.render(lang)).collect()
}

/// Whether a tournament's games count for the rating lists, as a settings
/// line: "Rating: the games count for the rating list" / «Рейтинг: …».
#[must_use]
pub fn rated_line(rated: bool, lang: Language) -> String {
    Message::new(if rated {
        "settings-rated"
    } else {
        "settings-unrated"
    })
    .render(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_settings_read_as_sentences_in_both_languages() {
        let s = Settings::default();
        let en = settings_lines(&s, Language::En).join("\n");
        assert!(
            en.contains("Tie-breaks: Sonneborn-Berger, number of wins"),
            "{en}"
        );
        assert!(en.contains("Leave a year: 45 days"), "{en}");
        assert!(!en.contains('_') && !en.contains('{'), "{en}");
        let ru = settings_lines(&s, Language::Ru).join("\n");
        assert!(ru.contains("Отпуск в год: 45 дней"), "{ru}");
        assert!(
            !ru.chars().any(|c| c.is_ascii_lowercase()),
            "an English word in {ru}"
        );
        assert_eq!(system_name(System::RoundRobin, Language::En), "round robin");
    }
}
