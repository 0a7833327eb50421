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

/// A tournament system's name: "round robin" / «круговой».
#[must_use]
pub fn system_name(s: System, lang: Language) -> &'static str {
    match s {
        System::RoundRobin => lang.pick("round robin", "круговой"),
        System::DoubleRoundRobin => lang.pick("double round robin", "двухкруговой"),
        System::MicroMatch => lang.pick("micro-matches", "микроматчи"),
    }
}

/// The settings as lines `Name: value`, in the order a director sets them.
#[must_use]
pub fn settings_lines(s: &Settings, lang: Language) -> Vec<String> {
    let control = s.time_control.as_ref().map_or_else(
        || lang.pick("none", "нет").to_string(),
        |c| c.describe(lang),
    );
    let offers = s.no_draw_offers_before_move.map_or_else(
        || lang.pick("at any time", "в любой момент").to_string(),
        |m| match lang {
            Language::En => format!("from move {m}"),
            Language::Ru => format!("с {m}-го хода"),
        },
    );
    let timeout = match s.on_timeout {
        TimeoutPolicy::LoseOnTime => lang.pick("the game is lost on time", "поражение по времени"),
        TimeoutPolicy::ReportToReferee => {
            lang.pick("the director is told and decides", "решает судья")
        }
    };
    let tie_breaks: Vec<&str> = s
        .tie_breaks
        .iter()
        .map(|&t| tiebreak_long_name(t, lang))
        .collect();
    let scoring = match s.scoring {
        Scoring::Classic => lang.pick("win 1, draw ½, loss 0", "победа 1, ничья ½, поражение 0"),
        Scoring::Fmjd => lang.pick("win 2, draw 1, loss 0", "победа 2, ничья 1, поражение 0"),
    };
    let withdrawals = match s.withdrawals {
        WithdrawalPolicy::Fide => lang.pick("FIDE Tournament Rules", "правила турниров ФИДЕ"),
        WithdrawalPolicy::Lss => lang.pick("LSS rules", "правила LSS"),
        WithdrawalPolicy::Fmjd => lang.pick("FMJD rules", "правила ФМЖД"),
    };
    let period = s.playing_period_days.map_or_else(
        || lang.pick("no limit", "без ограничения").to_string(),
        |d| days(d, lang),
    );
    let mut lines = vec![
        (lang.pick("Time control", "Контроль времени"), control),
        (
            lang.pick("Leave a year", "Отпуск в год"),
            days(s.leave_days_per_year, lang),
        ),
        (lang.pick("Draw offers", "Предложения ничьей"), offers),
        (
            lang.pick("At a deadline", "По истечении срока"),
            timeout.to_string(),
        ),
        (
            lang.pick("Tie-breaks", "Дополнительные показатели"),
            tie_breaks.join(", "),
        ),
        (lang.pick("Scoring", "Очки"), scoring.to_string()),
        (
            lang.pick("Withdrawals", "Выбывание"),
            withdrawals.to_string(),
        ),
        (lang.pick("Playing period", "Срок игры"), period),
        (
            lang.pick("Claims after the period", "Заявки после срока"),
            days(s.claim_days, lang),
        ),
    ];
    if let Some(b) = &s.ballot {
        let list = match &b.list {
            BallotSource::Table(name) => match lang {
                Language::En => format!("table {name}"),
                Language::Ru => format!("таблица {name}"),
            },
            BallotSource::Own { name, .. } => match lang {
                Language::En => format!("the director's list {name}"),
                Language::Ru => format!("список судьи {name}"),
            },
        };
        let per = match b.per {
            BallotPer::Match => lang.pick("one opening a match", "одно начало на матч"),
            BallotPer::Round => lang.pick("one opening a round", "одно начало на тур"),
        };
        lines.push((
            lang.pick("Ballot", "Жеребьёвка начал"),
            format!("{list}, {per}"),
        ));
    }
    lines
        .into_iter()
        .map(|(name, value)| format!("{name}: {value}"))
        .collect()
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
