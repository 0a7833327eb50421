//! A game's state as one player reads it: the header line, the board, the
//! score, then either whose move it is with the clocks and the next reminder,
//! or — for a stopped or finished game — how it stands, with no move due, no
//! deadline and no reminder. The referee fills a [`StateView`]; this module
//! alone words it.

use super::Language;
use super::game::{side_name, variant_name};
use super::moves::result_with_score;
use crate::clock::{ActionKind, TimeoutPolicy};
use crate::rules::{Color, Variant};
use crate::vocabulary::{GameResult, GameStatus, Termination};

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Being played: `to_move` (named `mover`) owes move `number`.
    Playing {
        /// The side to move.
        to_move: Color,
        /// That side's player.
        mover: String,
        /// The move number due (PDN numbering: White's and Black's ply share it).
        number: u32,
    },
    /// Stopped by the referee without a result (paused or adjourned).
    Stopped(GameStatus),
    /// Frozen at the end of a tournament's playing period, waiting for the
    /// players' claims or the director's adjudication.
    Frozen,
    /// Annulled by the referee: it counts for nobody.
    Annulled,
    /// Over.
    Finished {
        /// Who won, or a draw.
        result: GameResult,
        /// How it ended.
        termination: Termination,
    },
}

/// One clock as a reader sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockLine {
    /// Whose clock.
    pub side: Color,
    /// Reflection time used, seconds.
    pub used_seconds: i64,
    /// Reflection time left, seconds.
    pub left_seconds: i64,
    /// The deadline of the running clock, already written in the reader's
    /// time zone (`2026-12-04 18:00 MSK (15:00 UTC)`).
    pub deadline: Option<String>,
    /// The clock runs but stands for now with no deadline (an undelivered
    /// or unsent move notice): "clock stopped, no deadline".
    pub stopped: bool,
}

/// The clocks of a game with a time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// The time control in words (from [`crate::clock::TimeControl::describe`]).
    pub control: Option<String>,
    /// White's and Black's clocks.
    pub sides: Vec<ClockLine>,
    /// The reader's leave days left this year.
    pub leave_left: u32,
    /// The reader's next reminder and its instant in the reader's zone.
    pub next_reminder: Option<(ActionKind, String)>,
}

/// Everything the state text says, for one reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateView {
    /// The game number.
    pub game: i64,
    /// The game played.
    pub variant: Variant,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// The text diagram, from the reader's side.
    pub board: String,
    /// The score in move-number form (`1. c3-d4 d6-c5` lines), may be empty.
    pub score: String,
    /// Where the game stands.
    pub phase: Phase,
    /// The clocks, if the game has a time control.
    pub clocks: Option<Clocks>,
    /// The side whose draw offer waits for an answer, and whether it is the
    /// reader's own offer.
    pub offer: Option<(Color, bool)>,
}

/// The first line of every mail about a game: `Партия #12 - Русские шашки: A – B`
/// (the mail reader recognises it when a player pastes the bot's text back).
#[must_use]
pub fn header(game: i64, variant: Variant, white: &str, black: &str, lang: Language) -> String {
    let word = match lang {
        Language::En => "Game",
        Language::Ru => "Партия",
    };
    format!(
        "{word} #{game} - {}: {white} – {black}",
        variant_name(variant, lang)
    )
}

/// The whole state text.
#[must_use]
pub fn render(v: &StateView, lang: Language) -> String {
    let mut s = header(v.game, v.variant, &v.white, &v.black, lang);
    s.push_str("\n\n");
    s.push_str(v.board.trim_end());
    s.push_str("\n\n");
    if !v.score.is_empty() {
        s.push_str(match lang {
            Language::En => "Score:\n",
            Language::Ru => "Запись партии:\n",
        });
        s.push_str(&v.score);
        s.push_str("\n\n");
    }
    s.push_str(&phase_line(&v.phase, lang));
    s.push('\n');
    if let Some(c) = &v.clocks {
        s.push_str(&clock_lines(c, &v.phase, lang));
    }
    if let (Some((by, own)), Phase::Playing { to_move, .. }) = (v.offer, &v.phase) {
        s.push_str(&offer_line(by, own, *to_move != by, lang));
        s.push('\n');
    }
    s
}

/// Whose move it is, or how the game stands.
#[must_use]
pub fn phase_line(phase: &Phase, lang: Language) -> String {
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
        ) => finished_line(*result, *termination, lang),
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

/// How a game ended, as a clause: "Black resigned" / «чёрные сдались».
#[must_use]
pub fn termination_words(termination: Termination, result: GameResult, lang: Language) -> String {
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
        (Termination::DrawRule, Language::En) => "a draw under the game's draw rules".into(),
        (Termination::DrawRule, Language::Ru) => "ничья по правилам о ничьей".into(),
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
pub fn finished_line(result: GameResult, termination: Termination, lang: Language) -> String {
    let how = termination_words(termination, result, lang);
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

/// The clock lines: the time control, both clocks, and — while the game is
/// played — the deadline of the running clock, the reader's leave and next
/// reminder. A stopped or finished game shows the time used only.
fn clock_lines(c: &Clocks, phase: &Phase, lang: Language) -> String {
    use crate::clock::zone::format_days_hours;
    let playing = matches!(phase, Phase::Playing { .. });
    let mut s = String::new();
    if let (true, Some(control)) = (playing, &c.control) {
        s.push_str(&match lang {
            Language::En => format!("Time control: {control}\n"),
            Language::Ru => format!("Контроль времени: {control}\n"),
        });
    }
    for v in &c.sides {
        let name = side_name(v.side, lang);
        let used = format_days_hours(v.used_seconds, lang);
        let left = format_days_hours(v.left_seconds, lang);
        s.push_str(&match (playing, lang) {
            (true, Language::En) => format!("  {name}: used {used}, left {left}"),
            (true, Language::Ru) => format!("  {name}: израсходовано {used}, осталось {left}"),
            (false, Language::En) => format!("  {name}: used {used}"),
            (false, Language::Ru) => format!("  {name}: израсходовано {used}"),
        });
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
        if let Some((kind, when)) = &c.next_reminder {
            s.push_str(&match lang {
                Language::En => {
                    format!("; next reminder ({}): {when}", reminder_words(*kind, lang))
                }
                Language::Ru => {
                    format!(
                        "; следующее напоминание ({}): {when}",
                        reminder_words(*kind, lang)
                    )
                }
            });
        }
        s.push('\n');
    }
    s
}

/// A reminder or time-out in words: "3 days before the deadline" /
/// «за 3 дн. до срока».
#[must_use]
pub fn reminder_words(kind: ActionKind, lang: Language) -> String {
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
    }
}

/// One game in a player's list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The game number.
    pub game: i64,
    /// The game played (`None`: a stored name this version does not know).
    pub variant: Variant,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// Where it stands.
    pub status: GameStatus,
    /// The result and how it ended, for a finished game.
    pub result: Option<(GameResult, Termination)>,
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
                termination_words(t, r, lang)
            ),
            None => status_word(g.status, lang).to_string(),
        };
        s.push_str(&format!(
            "#{} {variant}: {} – {}: {stands}\n",
            g.game, g.white, g.black
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
