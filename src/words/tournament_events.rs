//! What happens in a tournament, as the players read it: the tournament's
//! part of the first mail, a replacement, the end of the playing period and
//! the claims for adjudication.

use chrono::NaiveDate;

use super::game::days_ru;
use super::moves::result_with_score;
use crate::clock::TimeoutPolicy;
use crate::rules::GameResult;
use crate::tournament::standings::Scoring;
use crate::vocabulary::Language;
use crate::words::catalog::Message;

pub use crate::referee::told::InvitationLines;

/// The tournament's lines, each ending with a newline.
#[must_use]
pub fn invitation(i: &InvitationLines, lang: Language) -> String {
    let mut s = match (i.match_game, lang) {
        (None, Language::En) => format!(
            "Tournament: {}, round {}, game {}.\n",
            i.name, i.round, i.label
        ),
        (None, Language::Ru) => {
            format!("Турнир: {}, тур {}, партия {}.\n", i.name, i.round, i.label)
        }
        (Some(n), Language::En) => format!(
            "Tournament: {}, round {}, game {} (game {n} of the two-game match).\n",
            i.name, i.round, i.label
        ),
        (Some(n), Language::Ru) => format!(
            "Турнир: {}, тур {}, партия {} ({n}-я партия микроматча из двух).\n",
            i.name, i.round, i.label
        ),
    };
    if let Some(b) = &i.ballot {
        s.push_str(&match lang {
            Language::En => {
                format!("Opening by ballot: {b}; both games of the match start from it.\n")
            }
            Language::Ru => {
                format!("Дебют по жребию: {b}; с него начинаются обе партии микроматча.\n")
            }
        });
    }
    s.push_str(&match lang {
        Language::En => format!(
            "Leave: {} a calendar year.",
            super::game::count_en(i.leave_days_per_year, "day", "days")
        ),
        Language::Ru => format!(
            "Отпуск: {} в календарный год.",
            days_ru(i.leave_days_per_year)
        ),
    });
    if let Some(n) = i.draw_offers_from_move {
        s.push_str(&match lang {
            Language::En => format!(" Draw offers from move {n} on."),
            Language::Ru => format!(" Ничью можно предлагать с {n}-го хода."),
        });
    }
    s.push_str(match (i.on_timeout, lang) {
        (TimeoutPolicy::LoseOnTime, Language::En) => " Overstepping the time loses the game.",
        (TimeoutPolicy::LoseOnTime, Language::Ru) => " Просрочка времени — поражение.",
        (TimeoutPolicy::ReportToReferee, Language::En) => {
            " Overstepping the time is reported to the director, who decides."
        }
        (TimeoutPolicy::ReportToReferee, Language::Ru) => {
            " О просрочке времени сообщается судье, решение за ним."
        }
    });
    if let Some(d) = i.playing_period_days {
        s.push_str(&match lang {
            Language::En => {
                format!(
                    " Playing period: {}; unfinished games then go to adjudication.",
                    super::game::count_en(d, "day", "days")
                )
            }
            Language::Ru => format!(
                " Срок игры: {}; неоконченные партии затем присуждаются.",
                days_ru(d)
            ),
        });
    }
    s.push('\n');
    let names: Vec<&str> = i
        .tie_breaks
        .iter()
        .map(|&t| super::tournament::tiebreak_long_name(t, lang))
        .collect();
    let scoring = match (i.scoring, lang) {
        (Scoring::Classic, Language::En) => "a win 1 point, a draw ½",
        (Scoring::Classic, Language::Ru) => "победа — 1 очко, ничья — ½",
        (Scoring::Fmjd, Language::En) => "a win 2 points, a draw 1",
        (Scoring::Fmjd, Language::Ru) => "победа — 2 очка, ничья — 1",
    };
    s.push_str(&match (names.is_empty(), lang) {
        (true, Language::En) => format!("Scoring: {scoring}.\n"),
        (true, Language::Ru) => format!("Очки: {scoring}.\n"),
        (false, Language::En) => format!(
            "Scoring: {scoring}. Ties are broken by: {}.\n",
            names.join(", ")
        ),
        (false, Language::Ru) => format!(
            "Очки: {scoring}. При равенстве очков: {}.\n",
            names.join(", ")
        ),
    });
    s
}

/// The second header line of a tournament game's mails: the tournament, the
/// round and the balloted opening.
#[must_use]
pub fn header_line(name: &str, round: u32, ballot: Option<&str>, lang: Language) -> String {
    match (ballot, lang) {
        (None, Language::En) => format!("Tournament {name}, round {round}"),
        (None, Language::Ru) => format!("Турнир «{name}», тур {round}"),
        (Some(b), Language::En) => {
            format!("Tournament {name}, round {round}; opening by ballot {b}")
        }
        (Some(b), Language::Ru) => {
            format!("Турнир «{name}», тур {round}; дебют по жребию {b}")
        }
    }
}

/// The heading of a section's table: "Section 2" / «Группа 2».
#[must_use]
pub fn section_heading(section: u32, lang: Language) -> String {
    match lang {
        Language::En => format!("Section {section}"),
        Language::Ru => format!("Группа {section}"),
    }
}

/// A player was replaced: told to the opponents of the games taken over.
#[must_use]
pub fn replaced(old: &str, new: &str, reason: &str, lang: Language) -> String {
    match lang {
        Language::En => format!(
            "The tournament director has replaced {old} by {new}, who plays this game on. Reason: {}",
            reason.trim()
        ),
        Language::Ru => format!(
            "Судья турнира заменил участника: вместо {old} эту партию продолжает {new}. Причина: {}",
            reason.trim()
        ),
    }
}

/// The replaced player's own mail: the place and the unfinished games go to
/// another player.
#[must_use]
pub fn you_are_replaced(tournament: &str, new: &str, reason: &str, lang: Language) -> String {
    match lang {
        Language::En => format!(
            "The director of the tournament «{tournament}» has given your place and your unfinished games to {new}; your finished games stand. Reason: {}",
            reason.trim()
        ),
        Language::Ru => format!(
            "Судья турнира «{tournament}» передал ваше место и ваши неоконченные партии участнику {new}; сыгранные партии остаются за вами. Причина: {}",
            reason.trim()
        ),
    }
}

/// The playing period is over: the game waits for the players' claims.
#[must_use]
pub fn period_ended(game: i64, due: NaiveDate, lang: Language) -> String {
    let due = super::events::date(due, lang);
    match lang {
        Language::En => format!(
            "The tournament's playing period is over. Game #{game} is unfinished and is frozen for adjudication: no more moves are accepted.\n\
             Send your claim by {due}: reply \"claim win\", \"claim draw\" or \"claim loss\", and add your analysis below it (the variations and the evaluation that support your claim).\n\
             If both players claim the same result, the game ends so; otherwise the director adjudicates."
        ),
        Language::Ru => format!(
            "Срок игры в турнире истёк. Партия №{game} не окончена и передана на присуждение: ходы больше не принимаются.\n\
             Пришлите заявку до {due}: ответьте «требую победу», «требую ничью» или «признаю поражение» и ниже приложите анализ (варианты и оценку позиции).\n\
             Если оба участника заявят один и тот же результат, партия так и закончится; иначе результат присудит судья."
        ),
    }
}

/// The claimant's acknowledgement: the claim is recorded.
#[must_use]
pub fn claim_recorded(game: i64, result: GameResult, lang: Language) -> String {
    let r = result_with_score(result, lang);
    match lang {
        Language::En => format!(
            "Your claim for game #{game} is recorded: {r}. You will hear when the game is decided."
        ),
        Language::Ru => format!(
            "Ваша заявка по партии №{game} принята: {}. Вы получите письмо, когда результат будет определён.",
            r.to_lowercase()
        ),
    }
}

/// Both claims agree: the game ends with that result.
#[must_use]
pub fn settled(game: i64, result: GameResult, lang: Language) -> String {
    let r = result_with_score(result, lang);
    match lang {
        Language::En => format!(
            "Both players claimed the same result for game #{game}: the game ends without adjudication. {r}."
        ),
        Language::Ru => format!(
            "Оба участника заявили по партии №{game} один и тот же результат: партия окончена без присуждения. {r}."
        ),
    }
}

/// The claims differ or did not all come: the director adjudicates.
#[must_use]
pub fn to_director(game: i64, lang: Language) -> String {
    match lang {
        Language::En => format!(
            "The claims for game #{game} do not agree (or did not all come in time): the tournament director will adjudicate it from the position and the analyses."
        ),
        Language::Ru => format!(
            "Заявки по партии №{game} не совпали (или пришли не все): результат присудит судья турнира по позиции и анализу."
        ),
    }
}

/// An instant for a reader in the zone named `zone` (IANA), with UTC first
/// (see [`crate::clock::zone::format_deadline`]); UTC alone for a zone that
/// cannot be read.
fn instant_for(at: chrono::DateTime<chrono::Utc>, zone: &str) -> String {
    match crate::clock::zone::parse_zone(zone) {
        Ok(tz) => crate::clock::zone::format_deadline(at, tz),
        Err(_) => crate::clock::zone::format_utc(at),
    }
}

/// To a claimant whose claim came after the claim term of the frozen game
/// ended at `due` (UTC): not recorded, the director rules.
#[must_use]
pub fn claim_too_late(
    game: i64,
    due: chrono::DateTime<chrono::Utc>,
    zone: &str,
    lang: Language,
) -> String {
    Message::new("tournament-claim-too-late")
        .arg("game", game.to_string())
        .arg("due", instant_for(due, zone))
        .render(lang)
}

/// To the directors: a player's claim came after the claim term ended.
#[must_use]
pub fn late_claim(
    game: i64,
    player: &str,
    result: GameResult,
    due: chrono::DateTime<chrono::Utc>,
    at: chrono::DateTime<chrono::Utc>,
    zone: &str,
    lang: Language,
) -> String {
    Message::new("tournament-late-claim")
        .arg("game", game.to_string())
        .arg("player", player.to_string())
        .arg("result", result_with_score(result, lang))
        .arg("due", instant_for(due, zone))
        .arg("at", instant_for(at, zone))
        .render(lang)
}

/// To the directors: the playing period of `tournament` ended and `games`
/// went to adjudication, claims due by `due` (UTC).
#[must_use]
pub fn director_games_frozen(
    tournament: &str,
    games: &[i64],
    due: chrono::DateTime<chrono::Utc>,
    zone: &str,
    lang: Language,
) -> String {
    Message::new("tournament-director-games-frozen")
        .arg("tournament", tournament.to_string())
        .arg("count", games.len())
        .arg("games", game_list(games, lang))
        .arg("due", instant_for(due, zone))
        .render(lang)
}

/// Game numbers as a list, each as `lang` writes a game's number: `#3, #7`
/// (English), `№3, №7` (Russian).
fn game_list(games: &[i64], lang: Language) -> String {
    games
        .iter()
        .map(|g| super::state::game_number(g, lang))
        .collect::<Vec<_>>()
        .join(", ")
}

/// To the directors: the mail to `player` at `address` bounced, the
/// player's clock in game `game` stopped; `games` are the player's
/// unfinished games of `tournament`.
#[must_use]
pub fn director_bounce(
    tournament: &str,
    player: &str,
    address: &str,
    game: i64,
    games: &[i64],
    lang: Language,
) -> String {
    Message::new("tournament-director-bounce")
        .arg("tournament", tournament.to_string())
        .arg("player", player.to_string())
        .arg("address", address.to_string())
        .arg("game", game.to_string())
        .arg("count", games.len())
        .arg("games", game_list(games, lang))
        .render(lang)
}

/// To the directors: the last game of `tournament` ended.
#[must_use]
pub fn director_tournament_finished(tournament: &str, games: usize, lang: Language) -> String {
    Message::new("tournament-director-finished")
        .arg("tournament", tournament.to_string())
        .arg("quoted", shell_word(tournament))
        .arg("games", games)
        .render(lang)
}

/// To the directors: a frozen game waits for their ruling, and why.
#[must_use]
pub fn director_ruling_due(
    game: i64,
    why: crate::referee::told::RulingDue,
    lang: Language,
) -> String {
    use crate::referee::told::RulingDue;
    let m = match why {
        RulingDue::ClaimsDisagree => Message::new("tournament-director-claims-disagree"),
        RulingDue::TermEnded { claims } => {
            Message::new("tournament-director-term-ended").arg("claims", claims)
        }
    };
    m.arg("game", game.to_string()).render(lang)
}

/// To the directors: `player`, to move in game `game`, is some days of
/// clock time from the time loss, or has not moved for some days of clock
/// time; the deadline is `deadline` (UTC), shown in `zone`.
#[must_use]
pub fn director_clock_warning(
    game: i64,
    player: &str,
    warning: crate::referee::told::ClockWarning,
    deadline: chrono::DateTime<chrono::Utc>,
    zone: &str,
    lang: Language,
) -> String {
    use crate::referee::told::ClockWarning;
    let (id, days) = match warning {
        ClockWarning::TimeLeft { days } => ("tournament-director-time-warning", days),
        ClockWarning::Silent { days } => ("tournament-director-silence", days),
    };
    Message::new(id)
        .arg("game", game.to_string())
        .arg("player", player.to_string())
        .arg("days", days)
        .arg("deadline", instant_for(deadline, zone))
        .render(lang)
}

/// The Subject of every mail to the directors of `tournament` (its name).
#[must_use]
pub fn directors_subject(tournament: &str, lang: Language) -> String {
    Message::new("tournament-directors-subject")
        .arg("tournament", tournament.to_string())
        .render(lang)
}

/// `word` as one word of a shell's command line: as it is when it needs no
/// quoting (`Winter`), else quoted (`'Зима 2026'`).
#[must_use]
pub fn shell_word(word: &str) -> String {
    shlex::try_quote(word).map_or_else(|_| word.to_string(), std::borrow::Cow::into_owned)
}

/// To every director: `player` (`address`) withdrew from `tournament` by
/// their own mail, confirmed with its code; `games` unfinished games were
/// forfeited.
#[must_use]
pub fn player_withdrew(
    tournament: &str,
    player: &str,
    address: &str,
    games: usize,
    lang: Language,
) -> String {
    Message::new("tournament-player-withdrew")
        .arg("tournament", tournament.to_string())
        .arg("player", player.to_string())
        .arg("address", address.to_string())
        .arg("games", games)
        .render(lang)
}

/// The answer to a player's confirmation of a withdrawal: made, or why
/// nothing was changed.
#[must_use]
pub fn withdrawal_answer(a: &crate::referee::told::WithdrawalAnswer, lang: Language) -> String {
    use crate::referee::told::WithdrawalAnswer as A;
    let named = |id: &'static str, t: &str| {
        Message::new(id)
            .arg("tournament", t.to_string())
            .render(lang)
    };
    match a {
        A::Made { tournament, games } => Message::new("withdrawal-made")
            .arg("tournament", tournament.clone())
            .arg("games", *games)
            .render(lang),
        A::Already { tournament } => named("withdrawal-already", tournament),
        A::Over { tournament } => named("withdrawal-over", tournament),
        A::Expired { tournament } => named("withdrawal-expired", tournament),
        A::NoCode => Message::new("withdrawal-no-code").render(lang),
        A::WrongCode => Message::new("withdrawal-wrong-code").render(lang),
    }
}

/// To the other directors: `player` was withdrawn from `tournament` for
/// `reason`, and `games` unfinished games were forfeited.
#[must_use]
pub fn director_withdrawal(
    tournament: &str,
    player: &str,
    reason: &str,
    games: usize,
    lang: Language,
) -> String {
    Message::new("tournament-director-withdrawal")
        .arg("tournament", tournament.to_string())
        .arg("player", player.to_string())
        .arg("reason", reason.to_string())
        .arg("games", games)
        .render(lang)
}

/// The answer to a player who wrote that they withdraw from a tournament
/// (`said`) or asked how to: a head line, then for each tournament they
/// still play in what a withdrawal does there and who makes it.
#[must_use]
pub fn withdrawal_terms(
    said: bool,
    terms: &[crate::referee::told::WithdrawalTerms],
    lang: Language,
) -> String {
    if terms.is_empty() {
        return Message::new("withdrawal-in-none").render(lang);
    }
    let mut out = vec![
        Message::new(if said {
            "withdrawal-said"
        } else {
            "withdrawal-asked"
        })
        .render(lang),
    ];
    for t in terms {
        let rule = Message::new(match t.policy {
            crate::tournament::standings::WithdrawalPolicy::Fide => "withdrawal-rule-fide",
            crate::tournament::standings::WithdrawalPolicy::Lss => "withdrawal-rule-lss",
            crate::tournament::standings::WithdrawalPolicy::Fmjd => "withdrawal-rule-fmjd",
        })
        .render(lang);
        out.push(String::new());
        out.push(
            Message::new("withdrawal-terms")
                .arg("tournament", t.tournament.clone())
                .arg("games", t.unfinished)
                .arg("rule", rule)
                .render(lang),
        );
        if !t.directors.is_empty() {
            out.push(
                Message::new("withdrawal-directors")
                    .arg("directors", t.directors.join(", "))
                    .render(lang),
            );
        }
        out.push(
            Message::new("withdrawal-confirm")
                .arg("tournament", t.tournament.clone())
                .arg(
                    "code",
                    format!(
                        "{:0width$}",
                        t.code,
                        width = crate::mail::intent::CODE_DIGITS
                    ),
                )
                .arg("until", super::events::date(t.until, lang))
                .render(lang),
        );
    }
    out.join("\n")
}

/// The first line of a director's daily digest of `tournament` for the
/// director's local `day`, listing `events` events.
#[must_use]
pub fn director_digest(tournament: &str, day: NaiveDate, events: usize, lang: Language) -> String {
    Message::new("director-digest-head")
        .arg("tournament", tournament.to_string())
        .arg("day", super::events::date(day, lang))
        .arg("events", events)
        .render(lang)
}

/// The heading of one group of a director's digest, with the commands that
/// act on its events, after an empty line.
#[must_use]
pub fn director_digest_group(
    group: crate::tournament::director_mail::EventGroup,
    tournament: &str,
    lang: Language,
) -> String {
    use crate::tournament::director_mail::EventGroup as G;
    let id = match group {
        G::Adjudications => "director-digest-adjudications",
        G::Rulings => "director-digest-rulings",
        G::LateClaims => "director-digest-late-claims",
        G::ClockWarnings => "director-digest-clock-warnings",
        G::Bounces => "director-digest-bounces",
        G::Withdrawals => "director-digest-withdrawals",
        G::Finished => "director-digest-finished",
    };
    let heading = Message::new(id)
        .arg("tournament", tournament.to_string())
        .arg("quoted", shell_word(tournament))
        .render(lang);
    format!("\n{heading}")
}

/// The answer to a director who set how they hear of the events of
/// `tournament`: each at once, or one digest a day at `hour` of their zone
/// (`zone`, an IANA name).
#[must_use]
pub fn director_mail_set(
    tournament: &str,
    mode: crate::tournament::director_mail::DirectorMail,
    hour: u8,
    zone: &str,
    lang: Language,
) -> String {
    use crate::tournament::director_mail::DirectorMail;
    let id = match mode {
        DirectorMail::Each => "director-mail-each",
        DirectorMail::Digest => "director-mail-digest",
    };
    Message::new(id)
        .arg("tournament", tournament.to_string())
        .arg("hour", format!("{hour:02}:00"))
        .arg("zone", zone.to_string())
        .render(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_finished_mail_gives_the_crosstable_command_with_the_name_quoted_as_a_shell_needs() {
        for name in ["Winter", "Зима 2026", "O'Neil Cup", "a\"b c"] {
            let quoted = shell_word(name);
            assert_eq!(
                shlex::split(&quoted),
                Some(vec![name.to_string()]),
                "{quoted}"
            );
        }
        assert_eq!(shell_word("Winter"), "Winter");
        let en = director_tournament_finished("Зима 2026", 12, Language::En);
        assert!(
            en.ends_with(&format!(
                "tournament crosstable {}.",
                shell_word("Зима 2026")
            )),
            "{en}"
        );
        assert!(
            en.contains("'Зима 2026'") || en.contains("\"Зима 2026\""),
            "{en}"
        );
    }

    fn no_latin(ru: &str) {
        let prose = ru.replace("IDF-64 1-IV", "");
        assert!(
            prose
                .split(|c: char| !c.is_ascii_alphabetic())
                .all(|w| w.len() < 2),
            "{ru}"
        );
    }

    #[test]
    fn the_claims_disagree_mail_gives_the_commands_in_both_languages() {
        use crate::referee::told::RulingDue;
        let en = director_ruling_due(7, RulingDue::ClaimsDisagree, Language::En);
        let ru = director_ruling_due(7, RulingDue::ClaimsDisagree, Language::Ru);
        for command in ["tournament adjudications", "referee adjudicate"] {
            assert!(en.contains(command), "{en}");
            assert!(ru.contains(command), "{ru}");
        }
        for mail_command in [
            "«присудить №7 1-0»",
            "«принять заявку №7 белых»",
            "«отклонить заявку №7 чёрных»",
        ] {
            assert!(ru.contains(mail_command), "{ru}");
        }
    }

    #[test]
    fn every_tournament_sentence_in_both_languages() {
        let d = NaiveDate::from_ymd_opt(2027, 1, 15).expect("date");
        for on_timeout in [TimeoutPolicy::LoseOnTime, TimeoutPolicy::ReportToReferee] {
            for match_game in [None, Some(2)] {
                let i = InvitationLines {
                    name: "Осень-2026".into(),
                    round: 3,
                    label: "3-7".into(),
                    match_game,
                    ballot: Some("IDF-64 1-IV".into()),
                    leave_days_per_year: 21,
                    draw_offers_from_move: Some(20),
                    on_timeout,
                    playing_period_days: Some(365),
                    tie_breaks: crate::tournament::standings::TieBreak::preset(
                        crate::tournament::standings::Preset::Russian,
                    ),
                    scoring: crate::tournament::standings::Scoring::Fmjd,
                };
                no_latin(&invitation(&i, Language::Ru));
                let en = invitation(&i, Language::En);
                assert!(en.contains("round 3, game 3-7"), "{en}");
            }
        }
        let ru = [
            replaced("Иванов", "Петров", "болезнь", Language::Ru),
            you_are_replaced("Осень", "Петров", "болезнь", Language::Ru),
            period_ended(5, d, Language::Ru),
            claim_recorded(5, GameResult::Draw, Language::Ru),
            settled(5, GameResult::WhiteWins, Language::Ru),
            to_director(5, Language::Ru),
        ];
        for r in &ru {
            no_latin(r);
        }
        assert!(ru[2].contains("15.01.2027"), "{}", ru[2]);
        assert!(period_ended(5, d, Language::En).contains("2027-01-15"));
        assert!(
            invitation(
                &InvitationLines {
                    name: "Осень".into(),
                    round: 1,
                    label: "1-6".into(),
                    match_game: None,
                    ballot: None,
                    leave_days_per_year: 21,
                    draw_offers_from_move: None,
                    on_timeout: TimeoutPolicy::LoseOnTime,
                    playing_period_days: None,
                    tie_breaks: Vec::new(),
                    scoring: crate::tournament::standings::Scoring::Classic,
                },
                Language::Ru
            )
            .contains("Отпуск: 21 день в календарный год.")
        );
    }
}
