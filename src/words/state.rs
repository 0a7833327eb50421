//! A game's state as one player reads it: the header line, the board, the
//! score, then either whose move it is with the clocks and the next reminder,
//! or — for a stopped or finished game — how it stands, with no move due, no
//! deadline and no reminder. The referee fills a [`StateView`]; this module
//! alone words it.

use super::catalog::Message;
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
    Message::new("state-header")
        .arg("game", game.to_string())
        .arg("variant", variant_name(variant, lang))
        .arg("white", white)
        .arg("black", black)
        .render(lang)
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
        s.push_str(&Message::new("state-score-heading").render(lang));
        s.push('\n');
        s.push_str(&score);
        s.push_str("\n\n");
    }
    if end_told && ended {
        if v.clocks.is_some() {
            s.push_str(&Message::new("state-clocks-heading").render(lang));
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
            _,
        ) => Message::new("state-to-move")
            .arg("number", number.to_string())
            .arg("side", side_name(*to_move, lang))
            .arg("mover", mover.as_str())
            .render(lang),
        (Phase::Stopped(status), _) => status_line(*status, lang),
        (Phase::Frozen, _) => Message::new("state-frozen").render(lang),
        (Phase::Annulled, _) => Message::new("state-annulled-by-referee").render(lang),
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
fn status_line(status: GameStatus, lang: Language) -> String {
    let id = match status {
        GameStatus::Paused => "state-paused",
        GameStatus::Adjourned => "state-adjourned",
        GameStatus::Active => "state-in-progress",
        GameStatus::Finished => "state-over",
        GameStatus::Annulled => "state-annulled",
    };
    Message::new(id).render(lang)
}

/// A game status as a short word for lists: "in progress" / «идёт».
#[must_use]
pub fn status_word(status: GameStatus, lang: Language) -> String {
    let id = match status {
        GameStatus::Active => "status-active",
        GameStatus::Paused => "status-paused",
        GameStatus::Adjourned => "status-adjourned",
        GameStatus::Finished => "status-finished",
        GameStatus::Annulled => "status-annulled",
    };
    Message::new(id).render(lang)
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

/// The side that lost, for a decisive result.
fn loser(result: GameResult) -> Option<Color> {
    match result {
        GameResult::WhiteWins => Some(Color::Black),
        GameResult::BlackWins => Some(Color::White),
        GameResult::Draw => None,
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
    // The loser by key (`white`, `black`, or `none`: a player unnamed), for
    // the messages that name the side in their language's case.
    let side = match loser(result) {
        Some(Color::White) => "white",
        Some(Color::Black) => "black",
        None => "none",
    };
    let id = match termination {
        Termination::Resignation => "termination-resignation",
        Termination::NoMoves => "termination-no-moves",
        Termination::NoPieces => "termination-no-pieces",
        Termination::Agreement => "termination-agreement",
        Termination::Repetition => "termination-repetition",
        // The rules of another game, or a game's own words missing: the
        // rule by its kind.
        Termination::FivefoldRepetition => "termination-fivefold-repetition",
        Termination::KingsOnly => "termination-kings-only",
        Termination::LoneKing | Termination::LoneKingMainRoad | Termination::LoneKingTwoPieces => {
            "termination-lone-king"
        }
        Termination::UnchangedMaterial => "termination-unchanged-material",
        Termination::FiftyMoves => "termination-fifty-moves",
        Termination::SeventyFiveMoves => "termination-seventy-five-moves",
        Termination::DrawRule => "termination-draw-rule",
        Termination::Adjudication => "termination-adjudication",
        Termination::AgreedClaims => "termination-agreed-claims",
        Termination::Forfeit => "termination-forfeit",
        Termination::Recorded => "termination-recorded",
        Termination::SealedMove => "termination-sealed-move",
        Termination::Time => "termination-time",
        Termination::Checkmate => "termination-checkmate",
        Termination::Stalemate => "termination-stalemate",
        Termination::InsufficientMaterial => "termination-insufficient-material",
    };
    Message::new(id).arg("side", side).render(lang)
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
    Message::new("state-finished")
        .arg("result", result_with_score(result, lang))
        .arg("how", termination_words(termination, result, variant, lang))
        .render(lang)
}

/// A pending draw offer, with how to answer it when it is the reader's to
/// answer (`own`: the reader made it); `reader_to_move`: a move declines it too.
#[must_use]
pub fn offer_line(by: Color, own: bool, reader_to_move: bool, lang: Language) -> String {
    if own {
        return Message::new("state-own-offer-waits").render(lang);
    }
    Message::new("state-offer-pending")
        .arg("side", super::game::side_name_capital(by, lang))
        .arg(
            "answer",
            super::moves::how_to_answer_offer(lang, reader_to_move),
        )
        .render(lang)
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
    let line = match (playing, v.this_move_seconds) {
        (false, _) => Message::new("state-clock-used"),
        (true, None) => Message::new("state-clock-used-left").arg("left", left),
        (true, Some(m)) if running || m > 0 => Message::new("state-clock-this-move")
            .arg("move", used_words(m, lang))
            .arg("left", left),
        (true, Some(_)) => Message::new("state-clock-next-move").arg("left", left),
    };
    // Indented under the heading of the clocks.
    format!(
        "  {}",
        line.arg("side", name).arg("used", used).render(lang)
    )
}

/// The clock lines: the time control, both clocks, and — while the game is
/// played — the deadline of the running clock, the reader's leave and next
/// reminder. A stopped or finished game shows the time used only.
fn clock_lines(c: &Clocks, phase: &Phase, lang: Language) -> String {
    let playing = matches!(phase, Phase::Playing { .. });
    let mut s = String::new();
    if let (true, Some(control)) = (playing, c.control.map(|c| c.describe(lang))) {
        s.push_str(
            &Message::new("state-time-control")
                .arg("control", control)
                .render(lang),
        );
        s.push('\n');
    }
    for v in &c.sides {
        s.push_str(&clock_line(v, playing, lang));
        if let (true, Some(when)) = (playing, &v.deadline) {
            s.push_str("; ");
            s.push_str(
                &Message::new("state-move-due")
                    .arg("when", when.as_str())
                    .render(lang),
            );
        }
        if playing && v.stopped {
            s.push_str("; ");
            s.push_str(&Message::new("state-clock-stopped").render(lang));
        }
        s.push('\n');
    }
    if playing {
        s.push_str("  ");
        s.push_str(
            &Message::new("state-leave-left")
                .arg("days", c.leave_left)
                .render(lang),
        );
        if let Some(r) = &c.next_reminder {
            s.push_str("; ");
            s.push_str(
                &Message::new("state-next-reminder")
                    .arg("reminder", reminder_line(r, lang))
                    .render(lang),
            );
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
    match kind {
        ActionKind::DeadlineReminder { hours } if hours % 24 == 0 => {
            Message::new("reminder-days-before-deadline").arg("days", hours / 24)
        }
        ActionKind::DeadlineReminder { hours } => {
            Message::new("reminder-hours-before-deadline").arg("hours", hours)
        }
        ActionKind::SilenceReminder { days } => {
            Message::new("reminder-after-silence").arg("days", days)
        }
        ActionKind::TimeOut {
            policy: TimeoutPolicy::LoseOnTime,
        } => Message::new("reminder-timeout-loss"),
        ActionKind::TimeOut {
            policy: TimeoutPolicy::ReportToReferee,
        } => Message::new("reminder-timeout-report"),
        ActionKind::DirectorDeadline { .. } | ActionKind::DirectorSilence { .. } => {
            return String::new();
        }
    }
    .render(lang)
}

/// A player's games, one line each: `#3 Русские шашки: A – B: идёт`.
#[must_use]
pub fn games_list(games: &[GameLine], lang: Language) -> String {
    let mut s = Message::new("state-your-games").render(lang);
    s.push('\n');
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
                None => status_word(g.status, lang),
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
        s.push_str("  ");
        s.push_str(&Message::new("state-no-games-yet").render(lang));
        s.push('\n');
    }
    s
}

/// A run of like pieces of a tower: "white king", "2 black men" / «белая
/// дамка», «2 чёрные простые», «5 чёрных простых».
fn piece_run(n: usize, (color, letter): (Color, char), lang: Language) -> String {
    let id = match (color, letter == 'k') {
        (Color::White, true) => "piece-run-white-king",
        (Color::White, false) => "piece-run-white-man",
        (Color::Black, true) => "piece-run-black-king",
        (Color::Black, false) => "piece-run-black-man",
    };
    Message::new(id).arg("n", n).render(lang)
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
    Message::new("tower-words")
        .arg("top", top)
        .arg("own", own)
        .arg("under", under)
        .render(lang)
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
        // The counts are plain numbers here ("1 men"): the line is terse.
        let counts: Vec<String> = if chess {
            vec![
                Message::new("board-count-pieces")
                    .arg("n", pieces.to_string())
                    .render(lang),
            ]
        } else {
            [
                (men, "board-count-men"),
                (kings, "board-count-kings"),
                (towers, "board-count-towers"),
            ]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|&(n, id)| Message::new(id).arg("n", n.to_string()).render(lang))
            .collect()
        };
        let counts = if counts.is_empty() {
            Message::new("board-no-pieces").render(lang)
        } else {
            counts.join(", ")
        };
        parts.push(
            Message::new("board-side")
                .arg("side", side_name(side, lang))
                .arg("counts", counts)
                .render(lang),
        );
    }
    let turn = if finished {
        Message::new("board-game-over")
    } else {
        Message::new("board-to-move").arg(
            "side",
            match view.turn {
                Color::White => "white",
                Color::Black => "black",
            },
        )
    };
    Message::new("board-position")
        .arg("sides", parts.join("; "))
        .arg("turn", turn.render(lang))
        .render(lang)
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
