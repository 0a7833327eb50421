//! A tournament director's commands by mail: the grammar
//! only, pure (no database, no clock). The daemon decides who may give them
//! (`src/daemon/process/director_mail.rs`) and hands each to the referee.
//!
//! One command a line, English or Russian, case, `ё`/`е` and dashes
//! (`-`, `–`, `—`) forgiven, each followed by its reason on the next line
//! (`reason: ...` / `причина: ...`) or on the same line after the command:
//!
//! | English | Russian |
//! |---|---|
//! | `adjudicate #15 1-0` (`0-1`, `1/2`, `draw`, `white won`) | `присудить #15 1-0` (`ничья`, `победа белых`) |
//! | `rollback #15 24` = keep 24 plies (`ply 24`); `rollback #15 move 12` = back to before White's 12th move, `move 12...` before Black's | `откат #15 24` (`полуход 24`), `откат #15 ход 12`, `ход 12...` |
//! | `forfeit #15 white` (the side that loses) | `поражение #15 белым`, `неявка #15 чёрные` |
//! | `add days #15 black 3` (negative takes days; `force` lets the balance go below zero) | `добавить #15 чёрным 3 дня` (`принудительно`) |
//! | `pause #15`, `resume #15` | `пауза #15`, `возобновить #15` |
//! | `adjourn #15` (the player to move may seal a move) | `отложить #15` |
//! | `annul #15` | `аннулировать #15` |
//! | `resend #15 [player@x]` (the invitation again, with the position) | `переслать #15 [адрес]` |
//! | `leave player@x 2026-12-20 2027-01-05` | `отпуск player@x 20.12.2026 05.01.2027` |
//! | `accept claim #15 [white]`, `reject claim #15 [black]` | `принять заявку #15 [белых]`, `отклонить заявку #15` |
//! | `release <quarantine key>` | `выпустить <ключ>` |
//! | `send digest [tournament]`, `each event [tournament]` (no reason needed) | `присылать сводкой [турнир]`, `присылать сразу [турнир]` |
//!
//! A line is a director's command only when it starts with one of these
//! words AND has the command's shape (a `#N` or `№N` game for the game
//! commands, an address with `@` for a leave, one key for a release), so a
//! player's `отпуск 20.12.2026 05.01.2027` or a chat line is never one.

use chrono::NaiveDate;

use crate::tournament::director_mail::DirectorMail;
use crate::vocabulary::{Color, DirectorAction, GameId, GameResult};

/// The side of a text: `white`/`black` or Russian `белые`/`чёрные`, also
/// as a mail words it (`белым`, `чёрных`: the dative and genitive).
#[must_use]
pub fn parse_side(text: &str) -> Option<Color> {
    match text.trim().to_lowercase().replace('ё', "е").as_str() {
        "white" | "w" | "белые" | "б" | "белым" | "белых" => Some(Color::White),
        "black" | "b" | "черные" | "ч" | "черным" | "черных" => {
            Some(Color::Black)
        }
        _ => None,
    }
}

/// A rollback target, exactly as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollbackTo {
    /// Keep this many plies (half-moves); 0 = the start position.
    Ply(u32),
    /// Back to the position before move `number` of White, or of Black when
    /// `black` (`12...`).
    Move {
        /// The move number.
        number: u32,
        /// Black's move.
        black: bool,
    },
}

impl RollbackTo {
    /// The plies to keep, counting moves from the start position's own: its
    /// side to move (`first_side`) and move number (`first_number`: 1, or a
    /// chess FEN's); `None` for a number that names no move (`move 0`, a
    /// move before the start, White's move when Black starts).
    #[must_use]
    pub fn plies(self, first_side: crate::rules::Color, first_number: u32) -> Option<u32> {
        match self {
            RollbackTo::Ply(p) => Some(p),
            RollbackTo::Move { number, black } => {
                let before = 2 * number.checked_sub(first_number)? + u32::from(black);
                before.checked_sub(u32::from(first_side == crate::rules::Color::Black))
            }
        }
    }
}

/// What a director's line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectorOrder {
    /// An action on a game ([`crate::referee::Command::Direct`]); a rollback
    /// is [`DirectorOrder::Rollback`].
    Direct {
        /// The game.
        game: GameId,
        /// The action.
        action: DirectorAction,
    },
    /// Take a game back ([`DirectorAction::Rollback`] once the target is in
    /// plies).
    Rollback {
        /// The game.
        game: GameId,
        /// Where to.
        to: RollbackTo,
    },
    /// A leave for a player ([`crate::referee::Command::LeaveFor`]).
    Leave {
        /// The player's registered address.
        player: String,
        /// First day (the player's time zone).
        from: NaiveDate,
        /// Last day, included.
        to: NaiveDate,
    },
    /// Accept or reject a claim for a game frozen for adjudication.
    Claim {
        /// The game.
        game: GameId,
        /// Whose claim; `None` when only one claim (or two that agree) is in.
        side: Option<Color>,
        /// Accept (`true`) or reject.
        accept: bool,
    },
    /// Put a quarantined mail back into the inbox.
    Release {
        /// The inbox key, as `zaochka quarantine list` prints it.
        key: String,
    },
    /// How the director hears of a tournament's events (needs no reason).
    Mail {
        /// Each event at once, or the daily digest.
        mode: DirectorMail,
        /// The tournament named after the words, as written; `None`: the
        /// tournament of the director thread the mail answers, else every
        /// tournament the director directs.
        tournament: Option<String>,
    },
}

/// The words asking for the directors' daily digest or for each event at
/// once, folded ([`fold`]), longest first. A bare `digest` / «сводка» is the
/// player's own digest of moves, not this.
const MAIL_PHRASES: &[(&str, DirectorMail)] = &[
    ("присылать каждое событие", DirectorMail::Each),
    ("присылать сразу", DirectorMail::Each),
    ("each event", DirectorMail::Each),
    ("every event", DirectorMail::Each),
    ("send digest", DirectorMail::Digest),
    ("daily digest", DirectorMail::Digest),
    ("присылать сводкой", DirectorMail::Digest),
    ("присылать сводку", DirectorMail::Digest),
];

/// The setting a line asks for ([`MAIL_PHRASES`] at its start, case, `ё`
/// and surrounding punctuation forgiven), with the tournament named after
/// the words (quotes `«»` and `"` taken off), if any.
fn mail_setting(line: &str) -> Option<DirectorOrder> {
    let folded = fold(line);
    let words: Vec<&str> = folded.split_whitespace().collect();
    let bare = |w: &&str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    for (phrase, mode) in MAIL_PHRASES {
        let n = phrase.split(' ').count();
        if words.len() < n || words[..n].iter().map(bare).collect::<Vec<_>>().join(" ") != *phrase {
            continue;
        }
        // The rest as written: `fold` keeps the words' places.
        let rest = line
            .split_whitespace()
            .skip(n)
            .collect::<Vec<_>>()
            .join(" ");
        let rest = rest
            .trim_matches(|c: char| {
                c.is_whitespace()
                    || matches!(c, '.' | '!' | ',' | ':' | '«' | '»' | '"' | '“' | '”')
            })
            .to_string();
        return Some(DirectorOrder::Mail {
            mode: *mode,
            tournament: (!rest.is_empty()).then_some(rest),
        });
    }
    None
}

/// Why a director's line cannot be read: the word is a command's, the rest is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirectorLineError {
    /// No result, or not one (`1-0`, `0-1`, `1/2`, `ничья`, ...).
    Result,
    /// No side, or not one (`white`, `чёрным`, ...).
    Color,
    /// No number of plies or move, or not one.
    Rollback,
    /// No number of days, or zero.
    Days,
    /// Two dates (first and last day) are needed.
    Dates,
    /// Something after the command that belongs to none of its parts.
    Extra,
}

/// One director's line read: the line, the order or why it cannot be read,
/// and its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectorLine {
    /// The command line as written (without a reason on the same line).
    pub line: String,
    /// What it asks for.
    pub order: Result<DirectorOrder, DirectorLineError>,
    /// The reason given (`reason: ...`), trimmed; `None` or empty: none.
    pub reason: Option<String>,
    /// The mail asks for the command again (`again` / `повторно` / `ещё
    /// раз` before or after it, or alone on a line of the mail): a repeat of
    /// a command done within a day is applied, not answered "already done".
    pub again: bool,
}

impl DirectorLine {
    /// The command as compared with the ones done before: folded (lower
    /// case, `ё` as `е`, dashes as `-`), single spaces, without its reason
    /// and its word asking for it again.
    #[must_use]
    pub fn key(&self) -> String {
        fold(&strip_again(&self.line).0)
    }
}

/// The words asking for a command again, folded; `ещё раз` is two.
const AGAIN: [&str; 3] = ["again", "повторно", "еще раз"];

/// A command without a leading or trailing word of [`AGAIN`] (with its
/// punctuation, compared folded), its words as written joined by single
/// spaces; whether one was there.
fn strip_again(line: &str) -> (String, bool) {
    let mut words: Vec<&str> = line.split_whitespace().collect();
    let bare = |w: &&str| fold(w.trim_matches(|c: char| !c.is_alphanumeric()));
    let mut again = false;
    for phrase in AGAIN {
        let n = phrase.split(' ').count();
        if words.len() > n && words[..n].iter().map(bare).collect::<Vec<_>>().join(" ") == phrase {
            words.drain(..n);
            again = true;
        }
        let len = words.len();
        if len > n
            && words[len - n..]
                .iter()
                .map(bare)
                .collect::<Vec<_>>()
                .join(" ")
                == phrase
        {
            words.truncate(len - n);
            again = true;
        }
    }
    (words.join(" "), again)
}

/// Whether a line says only "again" (`Повторно!`, `again.`, `ещё раз`).
fn says_again(line: &str) -> bool {
    let folded = fold(line);
    let bare: Vec<&str> = folded
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    AGAIN.contains(&bare.join(" ").as_str())
}

/// Lowercase, `ё` as `е`, every dash as `-`.
fn fold(text: &str) -> String {
    text.to_lowercase()
        .replace('ё', "е")
        .replace(['–', '—', '‐', '−'], "-")
}

/// The reason of a line `reason: ...` / `причина: ...` (also `-` for `:`),
/// or the text before and the reason of a command written on one line.
/// [`fold`] keeps the number of characters, so positions are counted in them.
fn split_reason(line: &str) -> (String, Option<String>) {
    let folded = fold(line);
    for word in ["reason", "причина"] {
        for (at, _) in folded.match_indices(word) {
            let before = &folded[..at];
            if before.ends_with(char::is_alphanumeric) {
                continue;
            }
            let after = folded[at + word.len()..].trim_start();
            if let Some(reason) = after.strip_prefix([':', '-']) {
                let keep = before.chars().count();
                let skip = folded.chars().count() - reason.chars().count();
                let head: String = line.chars().take(keep).collect();
                let reason: String = line.chars().skip(skip).collect();
                return (head.trim().to_string(), Some(reason.trim().to_string()));
            }
        }
    }
    (line.trim().to_string(), None)
}

/// The commands of a mail's new text, in order, each with its reason; `None`
/// when no line is a director's command.
#[must_use]
pub fn read(text: &str) -> Option<Vec<DirectorLine>> {
    let mut out: Vec<DirectorLine> = Vec::new();
    let mut again = false;
    for raw in text.lines() {
        if says_again(raw) {
            again = true;
            continue;
        }
        let (command, reason) = split_reason(raw);
        if command.is_empty() {
            // A reason line: for the last command still without one.
            if let (Some(r), Some(last)) = (reason, out.last_mut())
                && last.reason.as_deref().is_none_or(str::is_empty)
            {
                last.reason = Some(r);
            }
            continue;
        }
        let (bare, asked) = strip_again(&command);
        let shape = if asked { bare } else { command.clone() };
        if let Some(order) = order_of(&shape) {
            out.push(DirectorLine {
                line: command,
                order,
                reason,
                again: asked,
            });
        }
    }
    for line in &mut out {
        line.again |= again;
    }
    (!out.is_empty()).then_some(out)
}

/// The game of a word `#15`, `№15` or `№ 15` (the number may be the next word).
fn game_of<'a>(words: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>) -> Option<GameId> {
    let w = words.peek()?;
    let digits = w.trim_start_matches(['#', '№']);
    if digits.len() == w.len() {
        return None;
    }
    words.next();
    let digits = if digits.is_empty() {
        words.next()?
    } else {
        digits
    };
    digits
        .trim_end_matches([',', ':', '.'])
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .map(GameId)
}

/// A side in any form: `white`, `белые`, `белым`, `белых` (and black's).
fn side_of(word: &str) -> Option<Color> {
    parse_side(word.trim_end_matches([',', '.']))
}

/// The order of a line, if it is a director's command; its error if the
/// command's word and shape are there but a part is wrong.
fn order_of(line: &str) -> Option<Result<DirectorOrder, DirectorLineError>> {
    if let Some(order) = mail_setting(line) {
        return Some(Ok(order));
    }
    let folded = fold(line);
    let all: Vec<&str> = folded.split_whitespace().collect();
    let (first, second) = (all.first().copied()?, all.get(1).copied());
    let (skip, kind) = match (first, second) {
        ("adjudicate" | "присудить" | "присуждение", _) => {
            (1, Kind::Adjudicate)
        }
        ("rollback" | "откат" | "откатить", _) => (1, Kind::Rollback),
        ("forfeit" | "поражение" | "неявка", _) => (1, Kind::Forfeit),
        ("add", Some("days" | "day")) => (2, Kind::AddDays),
        ("add-days" | "добавить", _) => (1, Kind::AddDays),
        ("pause" | "пауза" | "приостановить", _) => (1, Kind::Pause),
        ("resume" | "возобновить", _) => (1, Kind::Resume),
        ("adjourn" | "отложить", _) => (1, Kind::Adjourn),
        ("annul" | "аннулировать", _) => (1, Kind::Annul),
        ("resend" | "переслать", _) => (1, Kind::Resend),
        ("leave" | "отпуск", _) => (1, Kind::Leave),
        ("accept", Some("claim")) | ("принять", Some("заявку")) => {
            (2, Kind::Claim(true))
        }
        ("reject", Some("claim")) | ("отклонить", Some("заявку")) => {
            (2, Kind::Claim(false))
        }
        ("release" | "выпустить", _) => (1, Kind::Release),
        _ => return None,
    };
    let mut words = all[skip..].iter().copied().peekable();
    match kind {
        Kind::Leave => {
            let player = words.next().filter(|w| w.contains('@'))?;
            // The address as written (addresses are compared without case).
            let player = player.trim_matches(['<', '>', ',']).to_string();
            let dates: Vec<Option<NaiveDate>> = words.by_ref().take(2).map(date_of).collect();
            Some(match (dates.as_slice(), words.next()) {
                ([Some(from), Some(to)], None) => Ok(DirectorOrder::Leave {
                    player,
                    from: *from,
                    to: *to,
                }),
                _ => Err(DirectorLineError::Dates),
            })
        }
        Kind::Release => {
            let key = line.split_whitespace().nth(skip)?;
            if line.split_whitespace().count() != skip + 1 {
                return None;
            }
            Some(Ok(DirectorOrder::Release {
                key: key.to_string(),
            }))
        }
        _ => {
            let game = game_of(&mut words)?;
            let rest: Vec<&str> = words.collect();
            Some(game_order(kind, game, &rest))
        }
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Adjudicate,
    Rollback,
    Forfeit,
    AddDays,
    Pause,
    Resume,
    Leave,
    Claim(bool),
    Release,
    Adjourn,
    Annul,
    Resend,
}

/// The order of a game command from the words after the game.
fn game_order(kind: Kind, game: GameId, rest: &[&str]) -> Result<DirectorOrder, DirectorLineError> {
    let direct = |action| Ok(DirectorOrder::Direct { game, action });
    match kind {
        Kind::Adjudicate => result_of(&rest.join(" "))
            .map(|r| DirectorOrder::Direct {
                game,
                action: DirectorAction::Adjudicate(r),
            })
            .ok_or(DirectorLineError::Result),
        Kind::Rollback => rollback_of(rest)
            .map(|to| DirectorOrder::Rollback { game, to })
            .ok_or(DirectorLineError::Rollback),
        Kind::Forfeit => match rest {
            [side] => direct(DirectorAction::Forfeit(
                side_of(side).ok_or(DirectorLineError::Color)?,
            )),
            _ => Err(DirectorLineError::Color),
        },
        Kind::AddDays => {
            // `force` / `принудительно` last: the balance may go below zero.
            let (rest, force) = match rest {
                [head @ .., "force" | "принудительно"] => (head, true),
                _ => (rest, false),
            };
            let (side, days) = match rest {
                [side, n] | [side, n, _] => (side_of(side), *n),
                [side] => (side_of(side), ""),
                _ => (None, ""),
            };
            let side = side.ok_or(DirectorLineError::Color)?;
            if let [_, _, unit] = rest
                && !matches!(*unit, "days" | "day" | "дня" | "дней" | "день" | "д.")
            {
                return Err(DirectorLineError::Extra);
            }
            match days.trim_start_matches('+').parse::<i32>() {
                Ok(d) if d != 0 => direct(DirectorAction::AddDays(side, d, force)),
                _ => Err(DirectorLineError::Days),
            }
        }
        Kind::Resend => match rest {
            [] => direct(DirectorAction::Resend(None)),
            [player] if player.contains('@') => direct(DirectorAction::Resend(Some(
                player.trim_matches(['<', '>', ',']).to_string(),
            ))),
            _ => Err(DirectorLineError::Extra),
        },
        Kind::Pause | Kind::Resume | Kind::Adjourn | Kind::Annul if !rest.is_empty() => {
            Err(DirectorLineError::Extra)
        }
        Kind::Adjourn => direct(DirectorAction::Adjourn),
        Kind::Annul => direct(DirectorAction::Annul),
        Kind::Pause | Kind::Resume if !rest.is_empty() => Err(DirectorLineError::Extra),
        Kind::Pause => direct(DirectorAction::Pause),
        Kind::Resume => direct(DirectorAction::Resume),
        Kind::Claim(accept) => match rest {
            [] => Ok(DirectorOrder::Claim {
                game,
                side: None,
                accept,
            }),
            [side] => Ok(DirectorOrder::Claim {
                game,
                side: Some(side_of(side).ok_or(DirectorLineError::Color)?),
                accept,
            }),
            _ => Err(DirectorLineError::Extra),
        },
        Kind::Leave | Kind::Release => unreachable!("read before the game"),
    }
}

/// A result as the records and the mails write it, and `1/2`.
fn result_of(text: &str) -> Option<GameResult> {
    let text = text.trim();
    if matches!(text, "1/2" | "½" | "0.5") {
        return Some(GameResult::Draw);
    }
    crate::games::read_result(text)
        .and_then(crate::games::StatedResult::result)
        .or_else(|| result_word(text))
}

/// The words of a result besides its score, as the referee's mails write
/// them (the result, the winner's side, «победа белых»), in both languages.
/// `words::reverse` checks that every word the prose layer writes for a
/// result is here.
const RESULT_WORDS: &[(&str, GameResult)] = &[
    ("white won", GameResult::WhiteWins),
    ("white", GameResult::WhiteWins),
    ("белые выиграли", GameResult::WhiteWins),
    ("белые", GameResult::WhiteWins),
    ("победа белых", GameResult::WhiteWins),
    ("black won", GameResult::BlackWins),
    ("black", GameResult::BlackWins),
    ("чёрные выиграли", GameResult::BlackWins),
    ("чёрные", GameResult::BlackWins),
    ("победа чёрных", GameResult::BlackWins),
    ("draw", GameResult::Draw),
    ("ничья", GameResult::Draw),
];

/// The result a word of `RESULT_WORDS` names, read as `fold` reads, with
/// spaces collapsed and a final full stop dropped.
#[must_use]
pub fn result_word(text: &str) -> Option<GameResult> {
    let key = |w: &str| {
        fold(w.trim().trim_end_matches('.'))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let text = key(text);
    RESULT_WORDS
        .iter()
        .find(|(w, _)| key(w) == text)
        .map(|&(_, r)| r)
}

/// `24`, `ply 24`, `полуход 24`, `move 12`, `ход 12`, `move 12...`, `12...`.
fn rollback_of(rest: &[&str]) -> Option<RollbackTo> {
    let (is_move, n) = match rest {
        [n] => (n.contains('.'), *n),
        ["ply" | "полуход" | "полуходу", n] => (false, *n),
        ["move" | "ход" | "ходу", n] => (true, *n),
        _ => return None,
    };
    let black = n.ends_with("...") || n.ends_with('…');
    let digits = n.trim_end_matches(['.', '…']);
    let number = digits.parse::<u32>().ok()?;
    if is_move {
        Some(RollbackTo::Move { number, black })
    } else {
        Some(RollbackTo::Ply(number))
    }
}

/// A date `2026-12-20` or `20.12.2026`.
fn date_of(word: &str) -> Option<NaiveDate> {
    let w = word.trim_end_matches(',');
    NaiveDate::parse_from_str(w, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(w, "%d.%m.%Y"))
        .ok()
}

#[cfg(test)]
mod tests;
