//! A game's state as one player reads it: the header line, the board, the
//! score, then either whose move it is with the clocks and the next reminder,
//! or — for a stopped or finished game — how it stands, with no move due, no
//! deadline and no reminder. The referee fills a [`StateView`]; this module
//! alone words it.

use super::game::{side_name, variant_name};
use super::moves::result_with_score;
use crate::clock::{ActionKind, TimeoutPolicy};
use crate::rules::{Color, Variant};
use crate::vocabulary::Language;
use crate::vocabulary::{GameResult, GameStatus, Termination};

pub use crate::referee::told::{
    Board, ClockLine, Clocks, GameLine, NextReminder, Phase, Score, StateView,
};

/// The first line of every mail about a game: `Партия №12 - Русские шашки: A – B`,
/// `Game #12 - Russian checkers: A – B` (the mail reader recognises it when a
/// player pastes the bot's text back).
#[must_use]
pub fn header(game: i64, variant: Variant, white: &str, black: &str, lang: Language) -> String {
    let number = game_number(game, lang);
    let word = match lang {
        Language::En => "Game",
        Language::Ru => "Партия",
    };
    format!(
        "{word} {number} - {}: {white} – {black}",
        variant_name(variant, lang)
    )
}

/// The whole state text, with the board drawn as `board` (text).
#[must_use]
pub fn render(v: &StateView, board: &str, lang: Language) -> String {
    format!(
        "{}\n\n{}{}",
        header(v.game, v.variant, &v.white, &v.black, lang),
        board.trim_end(),
        below_board(v, false, lang)
    )
}

/// The score as the reader reads it: `1. c3-d4 d6-c5` lines, chess in the
/// reader's piece letters; empty before the first move.
#[must_use]
pub fn score(s: &Score) -> String {
    let plies: Vec<String> = if s.chess {
        s.plies
            .iter()
            .map(|m| crate::notation::chess_move::san_for(m, s.letters))
            .collect()
    } else {
        s.plies.clone()
    };
    crate::referee::view::score_text(&plies, s.first, s.first_number)
}

/// What the state text says under its board (from the blank line after
/// it): the score, whose move it is or how the game stands, the clocks and
/// the pending offer. With `end_told`, a line above has just said how the
/// game ended (a resignation, a mate, a draw by agreement or by a rule, a
/// loss on time, a director's ruling, an annulment): the end is not said
/// again, so that a mail states it once.
#[must_use]
pub fn below_board(v: &StateView, end_told: bool, lang: Language) -> String {
    let ended = matches!(v.phase, Phase::Finished { .. } | Phase::Annulled);
    let mut s = String::from("\n\n");
    let score = score(&v.score);
    if !score.is_empty() {
        s.push_str(match lang {
            Language::En => "Score:\n",
            Language::Ru => "Запись партии:\n",
        });
        s.push_str(&score);
        s.push_str("\n\n");
    }
    if end_told && ended {
        if v.clocks.is_some() {
            s.push_str(lang.pick("Clocks:", "Часы:"));
            s.push('\n');
        }
    } else {
        s.push_str(&phase_line(&v.phase, v.variant, lang));
        s.push('\n');
    }
    if let Some(c) = &v.clocks {
        s.push_str(&clock_lines(c, &v.phase, lang));
    }
    if let (Some((by, own)), Phase::Playing { to_move, .. }) = (v.offer, &v.phase) {
        s.push_str(&offer_line(by, own, *to_move != by, lang));
        s.push('\n');
    }
    s
}

/// Whose move it is, or how the game stands (a draw rule named as `variant`
/// has it).
#[must_use]
pub fn phase_line(phase: &Phase, variant: Variant, lang: Language) -> String {
    match (phase, lang) {
        (
            Phase::Playing {
                to_move,
                mover,
                number,
            },
            Language::En,
        ) => format!(
            "Move {number}: {} ({mover}) to move.",
            side_name(*to_move, lang)
        ),
        (
            Phase::Playing {
                to_move,
                mover,
                number,
            },
            Language::Ru,
        ) => format!(
            "Ход {number}: ходят {} ({mover}).",
            side_name(*to_move, lang)
        ),
        (Phase::Stopped(status), _) => status_line(*status, lang).to_string(),
        (Phase::Frozen, Language::En) => {
            "The tournament's playing period is over: the game waits for adjudication; the clocks stand and no move is due.".into()
        }
        (Phase::Frozen, Language::Ru) => {
            "Срок игры в турнире истёк: партия ждёт присуждения результата; часы стоят, ход не ожидается.".into()
        }
        (Phase::Annulled, Language::En) => {
            "The game was annulled by the referee; it counts for nobody.".into()
        }
        (Phase::Annulled, Language::Ru) => "Партия аннулирована судьёй и не засчитывается.".into(),
        (
            Phase::Finished {
                result,
                termination,
            },
            _,
        ) => finished_line(*result, *termination, variant, lang),
    }
}

/// A stopped game's state (paused, adjourned).
fn status_line(status: GameStatus, lang: Language) -> &'static str {
    match (status, lang) {
        (GameStatus::Paused, Language::En) => {
            "The game is paused by the referee; the clocks stand and no move is due."
        }
        (GameStatus::Paused, Language::Ru) => {
            "Партия приостановлена судьёй: часы стоят, ход не ожидается."
        }
        (GameStatus::Adjourned, Language::En) => {
            "The game is adjourned: the player to move seals a move (reply \"seal\" and the move); that player's clock runs until the move is sealed, then both clocks stand until the game resumes."
        }
        (GameStatus::Adjourned, Language::Ru) => {
            "Партия отложена: тот, чей ход, записывает ход в конверт (ответьте «записываю ход» и ход); его часы идут, пока ход не записан, затем часы обоих стоят до доигрывания."
        }
        (GameStatus::Active, Language::En) => "The game is in progress.",
        (GameStatus::Active, Language::Ru) => "Партия продолжается.",
        (GameStatus::Finished, Language::En) => "The game is over.",
        (GameStatus::Finished, Language::Ru) => "Партия окончена.",
        (GameStatus::Annulled, Language::En) => "The game was annulled.",
        (GameStatus::Annulled, Language::Ru) => "Партия аннулирована.",
    }
}

/// A game status as a short word for lists: "in progress" / «идёт».
#[must_use]
pub fn status_word(status: GameStatus, lang: Language) -> &'static str {
    match status {
        GameStatus::Active => lang.pick("in progress", "идёт"),
        GameStatus::Paused => lang.pick("paused", "приостановлена"),
        GameStatus::Adjourned => lang.pick("adjourned", "отложена"),
        GameStatus::Finished => lang.pick("finished", "окончена"),
        GameStatus::Annulled => lang.pick("annulled", "аннулирована"),
    }
}

/// Why a game stands still, named for what it is: "awaiting the director's
/// ruling" / «ждёт решения судьи», "frozen at the end of the playing period",
/// "adjourned", "paused by the referee".
#[must_use]
pub fn standstill_word(why: crate::vocabulary::Standstill, lang: Language) -> String {
    use crate::vocabulary::Standstill;
    let id = match why {
        Standstill::Frozen => "standstill-frozen",
        Standstill::AwaitingRuling => "standstill-awaiting-ruling",
        Standstill::Adjourned => "standstill-adjourned",
        Standstill::PausedByReferee => "standstill-paused-by-referee",
    };
    crate::words::catalog::Message::new(id).render(lang)
}

/// Other words a director may type for a status (read back by
/// [`super::reverse::status_named`] beside [`status_word`]).
#[must_use]
pub fn status_synonyms(status: GameStatus, lang: Language) -> &'static [&'static str] {
    match (status, lang) {
        (GameStatus::Active, Language::En) => &["playing", "running"],
        (GameStatus::Active, Language::Ru) => &["активна", "активная", "активные", "играется"],
        (GameStatus::Paused, Language::En) => &[],
        (GameStatus::Paused, Language::Ru) => &["приостановлены", "пауза"],
        (GameStatus::Adjourned, Language::En) => &[],
        (GameStatus::Adjourned, Language::Ru) => &["отложенные"],
        (GameStatus::Finished, Language::En) => &["over", "done"],
        (GameStatus::Finished, Language::Ru) => &["завершена", "завершённые", "оконченные"],
        (GameStatus::Annulled, Language::En) => &[],
        (GameStatus::Annulled, Language::Ru) => &["аннулированные"],
    }
}

/// The side that lost, for a decisive result.
fn loser(result: GameResult) -> Option<Color> {
    match result {
        GameResult::WhiteWins => Some(Color::Black),
        GameResult::BlackWins => Some(Color::White),
        GameResult::Draw => None,
    }
}

/// The genitive of a side («белых», «чёрных») for Russian phrases.
pub(crate) fn side_genitive(side: Color) -> &'static str {
    match side {
        Color::White => "белых",
        Color::Black => "чёрных",
    }
}

/// How a game ended, as a clause: "Black resigned" / «чёрные сдались»; a
/// draw rule named by what it is, with its count in `variant` and its
/// citation ("15 moves with only kings moving and no capture (...)",
/// [`super::moves::termination_rule`]).
#[must_use]
pub fn termination_words(
    termination: Termination,
    result: GameResult,
    variant: Variant,
    lang: Language,
) -> String {
    if let Some(rule) = super::moves::termination_rule(termination, variant, lang) {
        return rule;
    }
    let l = loser(result);
    let en = |c: Option<Color>| c.map_or("a player", |c| side_name(c, Language::En));
    let ru = |c: Option<Color>| c.map_or("игрок", |c| side_name(c, Language::Ru));
    let gen_ru = |c: Option<Color>| c.map_or("игрока", side_genitive);
    match (termination, lang) {
        (Termination::Resignation, Language::En) => format!("{} resigned", en(l)),
        (Termination::Resignation, Language::Ru) => format!("{} сдались", ru(l)),
        (Termination::NoMoves, Language::En) => format!("{} had no move left", en(l)),
        (Termination::NoMoves, Language::Ru) => format!("у {} не осталось ходов", gen_ru(l)),
        (Termination::NoPieces, Language::En) => format!("{} had no pieces left", en(l)),
        (Termination::NoPieces, Language::Ru) => format!("у {} не осталось шашек", gen_ru(l)),
        (Termination::Agreement, Language::En) => "drawn by agreement".into(),
        (Termination::Agreement, Language::Ru) => "ничья по соглашению".into(),
        (Termination::Repetition, Language::En) => "the same position occurred three times".into(),
        (Termination::Repetition, Language::Ru) => "позиция повторилась трижды".into(),
        // The rules of another game, or a game's own words missing: the
        // rule by its kind.
        (Termination::FivefoldRepetition, Language::En) => {
            "the same position occurred five times".into()
        }
        (Termination::FivefoldRepetition, Language::Ru) => "позиция повторилась пять раз".into(),
        (Termination::KingsOnly, Language::En) => {
            "only kings moved, without a capture, for as many moves as the rules count".into()
        }
        (Termination::KingsOnly, Language::Ru) => {
            "ходили только дамки, без взятий, столько ходов, сколько требуют правила".into()
        }
        (
            Termination::LoneKing
            | Termination::LoneKingMainRoad
            | Termination::LoneKingTwoPieces,
            Language::En,
        ) => "a lone king held out against the stronger side for as many moves as the rules count"
            .into(),
        (
            Termination::LoneKing
            | Termination::LoneKingMainRoad
            | Termination::LoneKingTwoPieces,
            Language::Ru,
        ) => "одинокая дамка продержалась против сильнейшей стороны столько ходов, сколько требуют правила"
            .into(),
        (Termination::UnchangedMaterial, Language::En) => {
            "the material did not change for as many moves as the rules count".into()
        }
        (Termination::UnchangedMaterial, Language::Ru) => {
            "соотношение сил не менялось столько ходов, сколько требуют правила".into()
        }
        (Termination::FiftyMoves, Language::En) => {
            "50 moves of each side without a capture or a pawn move".into()
        }
        (Termination::FiftyMoves, Language::Ru) => {
            "50 ходов каждой стороны без взятий и ходов пешками".into()
        }
        (Termination::SeventyFiveMoves, Language::En) => {
            "75 moves of each side without a capture or a pawn move".into()
        }
        (Termination::SeventyFiveMoves, Language::Ru) => {
            "75 ходов каждой стороны без взятий и ходов пешками".into()
        }
        (Termination::DrawRule, Language::En) => {
            "a draw rule of the game (which one was not recorded)".into()
        }
        (Termination::DrawRule, Language::Ru) => {
            "одно из правил о ничьей (какое — не записано)".into()
        }
        (Termination::Adjudication, Language::En) => "adjudicated by the referee".into(),
        (Termination::Adjudication, Language::Ru) => "результат присуждён судьёй".into(),
        (Termination::AgreedClaims, Language::En) => {
            "both players claimed this result at the end of the playing period".into()
        }
        (Termination::AgreedClaims, Language::Ru) => {
            "оба участника заявили этот результат по окончании срока игры".into()
        }
        (Termination::Forfeit, Language::En) => format!("{} forfeited the game", en(l)),
        (Termination::Forfeit, Language::Ru) => {
            format!("{} получили техническое поражение", ru(l))
        }
        (Termination::Recorded, Language::En) => "as the game record gives it".into(),
        (Termination::Recorded, Language::Ru) => "по записи партии".into(),
        (Termination::SealedMove, Language::En) => {
            format!("the sealed move of {} was illegal or unclear", en(l))
        }
        (Termination::SealedMove, Language::Ru) => {
            format!("записанный ход {} невозможен или неясен", gen_ru(l))
        }
        (Termination::Time, Language::En) => format!("{} ran out of time", en(l)),
        (Termination::Time, Language::Ru) => format!("{} просрочили время", ru(l)),
        (Termination::Checkmate, Language::En) => format!("{} was checkmated", en(l)),
        (Termination::Checkmate, Language::Ru) => format!("{} получили мат", ru(l)),
        (Termination::Stalemate, Language::En) => "stalemate".into(),
        (Termination::Stalemate, Language::Ru) => "пат".into(),
        (Termination::InsufficientMaterial, Language::En) => {
            "neither side has the material to mate".into()
        }
        (Termination::InsufficientMaterial, Language::Ru) => {
            "ни у одной стороны нет материала для мата".into()
        }
    }
}

/// The last line of a finished game: "The game is over. Black won (0-1):
/// White resigned." — no move due, no deadline, no reminder.
#[must_use]
pub fn finished_line(
    result: GameResult,
    termination: Termination,
    variant: Variant,
    lang: Language,
) -> String {
    let how = termination_words(termination, result, variant, lang);
    match lang {
        Language::En => format!(
            "The game is over. {}: {how}.",
            result_with_score(result, lang)
        ),
        Language::Ru => format!(
            "Партия окончена. {}: {how}.",
            result_with_score(result, lang)
        ),
    }
}

/// A pending draw offer, with how to answer it when it is the reader's to
/// answer (`own`: the reader made it); `reader_to_move`: a move declines it too.
#[must_use]
pub fn offer_line(by: Color, own: bool, reader_to_move: bool, lang: Language) -> String {
    match (own, lang) {
        (true, Language::En) => "Your draw offer waits for your opponent's answer.".into(),
        (true, Language::Ru) => "Ваше предложение ничьей ждёт ответа соперника.".into(),
        (false, Language::En) => format!(
            "{} offers a draw. {}",
            side_name(by, lang),
            super::moves::how_to_answer_offer(lang, reader_to_move)
        ),
        (false, Language::Ru) => format!(
            "{} предлагают ничью. {}",
            super::game::side_name_capital(by, lang),
            super::moves::how_to_answer_offer(lang, reader_to_move)
        ),
    }
}

/// Seconds rounded to whole hours: up for time used, down for time left, so
/// that an hour begun counts as used and the shown parts add up to the
/// (whole-hour) time allowed.
fn whole_hours(seconds: i64, up: bool) -> i64 {
    use crate::clock::HOUR;
    let hours = if up {
        seconds.div_euclid(HOUR) + i64::from(seconds.rem_euclid(HOUR) > 0)
    } else {
        seconds.div_euclid(HOUR)
    };
    hours * HOUR
}

/// Time used in days and hours, an hour begun counted.
fn used_words(seconds: i64, lang: Language) -> String {
    crate::words::clock::days_hours(whole_hours(seconds, true), lang)
}

/// Time left in days and hours, an hour begun not counted.
fn left_words(seconds: i64, lang: Language) -> String {
    crate::words::clock::days_hours(whole_hours(seconds, false), lang)
}

/// One clock's line, without its deadline: what was used and what is left,
/// adding up to the time allowed (of the game, or of the move under a
/// control per move, with the game's total after it): "  White: used 3 d
/// 6 h, left 46 d 18 h"; a stopped or finished game's clock (`playing`
/// false) the time used only.
#[must_use]
pub fn clock_line(v: &ClockLine, playing: bool, lang: Language) -> String {
    let name = side_name(v.side, lang);
    let used = used_words(v.used_seconds, lang);
    let left = left_words(v.left_seconds, lang);
    let running = v.running;
    match (playing, v.this_move_seconds, lang) {
        (false, _, Language::En) => format!("  {name}: used {used}"),
        (false, _, Language::Ru) => format!("  {name}: израсходовано {used}"),
        (true, None, Language::En) => format!("  {name}: used {used}, left {left}"),
        (true, None, Language::Ru) => format!("  {name}: израсходовано {used}, осталось {left}"),
        (true, Some(m), Language::En) if running || m > 0 => format!(
            "  {name}: this move used {}, left {left} (used in the game: {used})",
            used_words(m, lang)
        ),
        (true, Some(m), Language::Ru) if running || m > 0 => format!(
            "  {name}: на этот ход израсходовано {}, осталось {left} (всего за партию израсходовано {used})",
            used_words(m, lang)
        ),
        (true, Some(_), Language::En) => {
            format!("  {name}: next move {left} (used in the game: {used})")
        }
        (true, Some(_), Language::Ru) => {
            format!("  {name}: на следующий ход {left} (всего за партию израсходовано {used})")
        }
    }
}

/// The clock lines: the time control, both clocks, and — while the game is
/// played — the deadline of the running clock, the reader's leave and next
/// reminder. A stopped or finished game shows the time used only.
fn clock_lines(c: &Clocks, phase: &Phase, lang: Language) -> String {
    let playing = matches!(phase, Phase::Playing { .. });
    let mut s = String::new();
    if let (true, Some(control)) = (playing, c.control.map(|c| c.describe(lang))) {
        s.push_str(&match lang {
            Language::En => format!("Time control: {control}\n"),
            Language::Ru => format!("Контроль времени: {control}\n"),
        });
    }
    for v in &c.sides {
        s.push_str(&clock_line(v, playing, lang));
        if let (true, Some(when)) = (playing, &v.deadline) {
            s.push_str(&match lang {
                Language::En => format!("; move due by {when}"),
                Language::Ru => format!("; срок хода: {when}"),
            });
        }
        if playing && v.stopped {
            s.push_str(match lang {
                Language::En => "; clock stopped, no deadline",
                Language::Ru => "; часы остановлены, срока нет",
            });
        }
        s.push('\n');
    }
    if playing {
        s.push_str(&match lang {
            Language::En => format!(
                "  Your leave left this year: {}",
                super::game::count_en(c.leave_left, "day", "days")
            ),
            Language::Ru => format!("  Ваш отпуск: осталось {} дн. в этом году", c.leave_left),
        });
        if let Some(r) = &c.next_reminder {
            s.push_str(&match lang {
                Language::En => format!("; next reminder: {}", reminder_line(r, lang)),
                Language::Ru => format!("; следующее напоминание: {}", reminder_line(r, lang)),
            });
        }
        s.push('\n');
    }
    s
}

/// A day as the reader writes it in a short note: `20 Dec` / `20.12`.
fn short_date(d: chrono::NaiveDate, lang: Language) -> String {
    match lang {
        Language::En => d.format("%-d %b").to_string(),
        Language::Ru => d.format("%d.%m").to_string(),
    }
}

/// The next reminder with its date: "3 days before the deadline (20 Dec)" /
/// «за 3 дня до срока (20.12)», dated by the deadline it counts from (after
/// any leave: a leave between them moves the reminder's own day away from
/// it); "after 14 days without a move (17 Dec)" by its own day.
#[must_use]
pub fn reminder_line(r: &NextReminder, lang: Language) -> String {
    let day = match r.kind {
        ActionKind::SilenceReminder { .. } | ActionKind::DirectorSilence { .. } => r.on,
        ActionKind::DeadlineReminder { .. }
        | ActionKind::DirectorDeadline { .. }
        | ActionKind::TimeOut { .. } => r.deadline,
    };
    let words = reminder_words(r.kind, lang);
    let date = short_date(day, lang);
    match r.kind {
        // "the deadline (20 Dec): the game is lost on time".
        ActionKind::TimeOut { .. } => match words.split_once(':') {
            Some((head, tail)) => format!("{head} ({date}):{tail}"),
            None => format!("{words} ({date})"),
        },
        _ => format!("{words} ({date})"),
    }
}

/// A reminder or time-out in words: "3 days before the deadline" /
/// «за 3 дня до срока».
#[must_use]
pub fn reminder_words(kind: ActionKind, lang: Language) -> String {
    // The directors' warnings read as the player's reminders of the same day.
    let kind = match kind {
        ActionKind::DirectorDeadline { days } => ActionKind::DeadlineReminder {
            hours: days.saturating_mul(24),
        },
        ActionKind::DirectorSilence { days } => ActionKind::SilenceReminder { days },
        other => other,
    };
    match (kind, lang) {
        (ActionKind::DeadlineReminder { hours }, Language::En) if hours % 24 == 0 => {
            format!("{} before the deadline", super::game::days_en(hours / 24))
        }
        (ActionKind::DeadlineReminder { hours }, Language::Ru) if hours % 24 == 0 => {
            format!("за {} до срока", super::game::days_ru(hours / 24))
        }
        (ActionKind::DeadlineReminder { hours }, Language::En) => {
            format!(
                "{} before the deadline",
                super::game::count_en(hours, "hour", "hours")
            )
        }
        (ActionKind::DeadlineReminder { hours }, Language::Ru) => format!("за {hours} ч до срока"),
        (ActionKind::SilenceReminder { days }, Language::En) => {
            format!("after {} without a move", super::game::days_en(days))
        }
        (ActionKind::SilenceReminder { days }, Language::Ru) => {
            format!("после {} без хода", super::game::days_ru(days))
        }
        (
            ActionKind::TimeOut {
                policy: TimeoutPolicy::LoseOnTime,
            },
            Language::En,
        ) => "the deadline: the game is lost on time".into(),
        (
            ActionKind::TimeOut {
                policy: TimeoutPolicy::LoseOnTime,
            },
            Language::Ru,
        ) => "контрольный срок: поражение по времени".into(),
        (
            ActionKind::TimeOut {
                policy: TimeoutPolicy::ReportToReferee,
            },
            Language::En,
        ) => "the deadline: the referee is told".into(),
        (
            ActionKind::TimeOut {
                policy: TimeoutPolicy::ReportToReferee,
            },
            Language::Ru,
        ) => "контрольный срок: сообщение судье".into(),
        (ActionKind::DirectorDeadline { .. } | ActionKind::DirectorSilence { .. }, _) => {
            String::new()
        }
    }
}

/// A player's games, one line each: `#3 Русские шашки: A – B: идёт`.
#[must_use]
pub fn games_list(games: &[GameLine], lang: Language) -> String {
    let mut s = String::from(match lang {
        Language::Ru => "Ваши партии:\n",
        Language::En => "Your games:\n",
    });
    for g in games {
        let variant = variant_name(g.variant, lang);
        let stands = match g.result {
            Some((r, t)) => format!(
                "{}, {}",
                result_with_score(r, lang),
                termination_words(t, r, g.variant, lang)
            ),
            None => match g.standstill {
                Some(why) => standstill_word(why, lang),
                None => status_word(g.status, lang).to_string(),
            },
        };
        s.push_str(&format!(
            "{} {variant}: {} – {}: {stands}\n",
            game_number(g.game, lang),
            g.white,
            g.black
        ));
    }
    if games.is_empty() {
        s.push_str(match lang {
            Language::Ru => "  (партий пока нет)\n",
            Language::En => "  (no games yet)\n",
        });
    }
    s
}

/// A run of like pieces of a tower: "white king", "2 black men" / «белая
/// дамка», «2 чёрные простые», «5 чёрных простых».
fn piece_run(n: usize, (color, letter): (Color, char), lang: Language) -> String {
    let king = letter == 'k';
    match lang {
        Language::En => {
            let colour = side_name(color, lang).to_lowercase();
            match (n, king) {
                (1, true) => format!("{colour} king"),
                (1, false) => format!("{colour} man"),
                (_, true) => format!("{n} {colour} kings"),
                (_, false) => format!("{n} {colour} men"),
            }
        }
        Language::Ru => {
            let forms: [&str; 3] = match (color, king) {
                (Color::White, true) => ["белая дамка", "белые дамки", "белых дамок"],
                (Color::White, false) => ["белая простая", "белые простые", "белых простых"],
                (Color::Black, true) => ["чёрная дамка", "чёрные дамки", "чёрных дамок"],
                (Color::Black, false) => ["чёрная простая", "чёрные простые", "чёрных простых"],
            };
            let word = super::plural::plural_ru(n as u64, forms[0], forms[1], forms[2]);
            if n == 1 {
                word.to_string()
            } else {
                format!("{n} {word}")
            }
        }
    }
}

/// A tower in words, top first, as the pictures list it: the owner's pieces,
/// then the prisoners under them, runs of like pieces counted: "white king,
/// under it: 2 black men" / «белая дамка, под ней: 2 чёрные простые».
#[must_use]
pub fn tower_words(pieces: &[(Color, char)], lang: Language) -> String {
    let owner = pieces.first().map(|p| p.0);
    let own = pieces.iter().take_while(|p| Some(p.0) == owner).count();
    let runs = |part: &[(Color, char)]| -> Vec<String> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < part.len() {
            let n = part[i..].iter().take_while(|&&p| p == part[i]).count();
            out.push(piece_run(n, part[i], lang));
            i += n;
        }
        out
    };
    let top = runs(&pieces[..own]).join(", ");
    let under = runs(&pieces[own..]).join(", ");
    if under.is_empty() {
        return top;
    }
    let linker = match (own, lang) {
        (1, Language::En) => "under it",
        (_, Language::En) => "under them",
        (1, Language::Ru) => "под ней",
        (_, Language::Ru) => "под ними",
    };
    format!("{top}, {linker}: {under}")
}

/// The board in one short line, for the picture's `alt` text and screen
/// readers: "Position: White 12 men, 1 king; Black 11 men. Black to move."
/// (chess: pieces counted; towers: towers counted by their top piece). A
/// finished game's picture says whose move it is not.
#[must_use]
pub fn board_words(view: &crate::games::BoardView, finished: bool, lang: Language) -> String {
    let chess = !view.dark_squares_only;
    let mut parts = Vec::new();
    for side in [Color::White, Color::Black] {
        let mine = view
            .squares
            .iter()
            .filter(|q| q.pieces.first().is_some_and(|p| p.0 == side));
        let (mut men, mut kings, mut towers, mut pieces) = (0, 0, 0, 0);
        for q in mine {
            pieces += 1;
            match (q.pieces.len() > 1, q.pieces[0].1) {
                (true, _) => towers += 1,
                (false, 'k') => kings += 1,
                (false, _) => men += 1,
            }
        }
        let counts: Vec<String> = if chess {
            vec![match lang {
                Language::En => format!("{pieces} pieces"),
                Language::Ru => format!("фигур {pieces}"),
            }]
        } else {
            [
                (men, "men", "шашек"),
                (kings, "kings", "дамок"),
                (towers, "towers", "башен"),
            ]
            .iter()
            .filter(|(n, _, _)| *n > 0)
            .map(|(n, en, ru)| match lang {
                Language::En => format!("{n} {en}"),
                Language::Ru => format!("{ru} {n}"),
            })
            .collect()
        };
        let counts = if counts.is_empty() {
            match lang {
                Language::En => "no pieces".to_string(),
                Language::Ru => "фигур нет".to_string(),
            }
        } else {
            counts.join(", ")
        };
        parts.push(match lang {
            Language::En => format!("{} {counts}", side_name(side, lang)),
            Language::Ru => format!("{}: {counts}", side_name(side, lang)),
        });
    }
    let turn = match (finished, lang) {
        (true, Language::En) => "The game is over.".to_string(),
        (true, Language::Ru) => "Партия окончена.".to_string(),
        (false, Language::En) => format!("{} to move.", side_name(view.turn, lang)),
        (false, Language::Ru) => format!("Ход {}.", side_genitive(view.turn)),
    };
    match lang {
        Language::En => format!("Position: {}. {turn}", parts.join("; ")),
        Language::Ru => format!("Позиция: {}. {turn}", parts.join("; ")),
    }
}

#[cfg(test)]
mod tests;

/// A game's number as the reader's language writes it in words: `№12`
/// (Russian), `#12` (English).
#[must_use]
pub fn game_number(game: impl std::fmt::Display, lang: Language) -> String {
    match lang {
        Language::Ru => format!("№{game}"),
        Language::En => format!("#{game}"),
    }
}
