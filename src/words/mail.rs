//! The bot's answers about mail itself: nothing understood, several moves in
//! one mail, a stale move, a refused line, a mail over a limit, a mail without
//! its token, lines for games that are not the sender's or that name no game,
//! and the list of a player's games with their reply addresses. Typed notices
//! ([`Notice`]) become words only here, with an exhaustive match per language.

use crate::mail::intent::{Act, Doubt};
use crate::mail::{LimitKind, Unrecognised};
use crate::rules::Color;
use crate::vocabulary::GameId;
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// The Subject of the mails to a player that are not about one game (help,
/// the list of games, a leave confirmation): `[zaochka] Alice: your games`.
/// It holds no command word, so a reply's subject is never read as a command.
#[must_use]
pub fn personal_subject(name: &str, lang: Language) -> String {
    Message::new("mail-personal-subject")
        .arg("name", name)
        .render(lang)
}

/// Where one of a player's games stands, for the list of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The player is to move.
    YourMove,
    /// The opponent is to move.
    OpponentsMove,
    /// Stopped (paused or adjourned): no move is due.
    Stopped,
}

/// One of a player's games in the list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// The game.
    pub game: GameId,
    /// Variant and players, as in the Subject: `Русские шашки: Иванов – Петров`.
    pub title: String,
    /// The player's colour.
    pub side: Color,
    /// Whose move it is.
    pub standing: Standing,
    /// The player's reply address for the game.
    pub address: String,
}

/// A notice about a mail, to its verified sender (or, for
/// [`Notice::Tokenless`], to the registered address only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The mail was larger than the bot reads; nothing in it was applied.
    TooLarge {
        /// The game whose address the mail was sent to, if any.
        game: Option<GameId>,
        /// The mail's size in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// A part of the mail was over a bound of what the bot reads (`[limits]`);
    /// nothing in it was applied.
    OverLimit {
        /// The game whose address the mail was sent to, if any.
        game: Option<GameId>,
        /// Which bound.
        limit: LimitKind,
        /// What the mail held (in the bound's unit).
        found: u64,
        /// The bound.
        allowed: u64,
    },
    /// Lines addressed to games that do not exist or that the sender does not
    /// play in (the same words either way); the rest of the mail was applied.
    NotYourGames {
        /// The first such lines: the game each named, and the line as written
        /// (trimmed, a bounded excerpt).
        lines: Vec<(GameId, String)>,
        /// How many more such lines the mail held.
        more: usize,
    },
    /// No move and no command could be read (or not only one move).
    Unrecognised {
        /// The game, if the mail named one.
        game: Option<GameId>,
        /// Why.
        why: Unrecognised,
        /// A move the reader could make now, in their notation (`c3-d4`,
        /// `32-28`, `Кg1-f3`); `None` when it is not their move.
        example: Option<String>,
        /// The first words of the mail that could not be read, quoted back.
        quote: Option<String>,
    },
    /// A move written with a move number that is past: nothing changed.
    Stale {
        /// The game.
        game: GameId,
        /// The move as written.
        text: String,
        /// Its number.
        number: u32,
        /// The number of the move due.
        due: u32,
        /// Whether Black's move is due.
        due_black: bool,
    },
    /// Words that name an act without making it: nothing was done, and how
    /// to make it.
    Unsaid {
        /// The line as written (a bounded excerpt).
        line: String,
        /// The act named.
        act: Act,
        /// Why it was not taken.
        doubt: Doubt,
        /// Whether the opponent's draw offer is pending.
        offered: bool,
    },
    /// A move named but not played.
    NotPlayed {
        /// The line as written (a bounded excerpt).
        line: String,
        /// The move as written.
        text: String,
        /// Why it was not played.
        doubt: Doubt,
    },
    /// A word that looks like a move but reads as none: not played.
    UnreadMove {
        /// The line as written (a bounded excerpt).
        line: String,
        /// The word as written.
        text: String,
    },
    /// A move typed in the Russian keyboard layout: not played.
    OtherLayout {
        /// The word as written.
        written: String,
        /// The move it is in the Latin layout.
        meant: String,
    },
    /// A line the referee refused, with the reason (already in the reader's
    /// language); nothing of it changed.
    Refused {
        /// The game.
        game: GameId,
        /// The line as written.
        line: String,
        /// Why (the referee's reason, in the reader's language).
        reason: String,
    },
    /// A command not about one game was refused (the list of games, the
    /// crosstable, leave): what was asked and why not.
    RefusedCommand {
        /// The line as written.
        line: String,
        /// Why (the referee's reason, in the reader's language).
        reason: String,
    },
    /// Lines that need a game but name none (a reply to a mail not about one
    /// game, with several games going): nothing of them was applied.
    WhichGame {
        /// The first such lines as written.
        lines: Vec<String>,
        /// How many more.
        more: usize,
        /// The player's games.
        games: Vec<GameEntry>,
    },
    /// A mail from the registered address without a valid token (a reply to an
    /// old or forwarded mail, a new mail to the bare address): nothing was done.
    Tokenless {
        /// The player's games.
        games: Vec<GameEntry>,
        /// The player's personal address (for help and the list of games).
        personal: Option<String>,
    },
}

/// A size in bytes for a reader: KiB below one MiB, else MiB with one decimal.
fn size_text(bytes: u64, lang: Language) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * 1024;
    if bytes < MIB {
        let k = bytes.div_ceil(KIB);
        match lang {
            Language::Ru => format!("{k} КБ"),
            Language::En => format!("{k} KB"),
        }
    } else {
        let tenths = (bytes * 10).div_ceil(MIB);
        let (whole, frac) = (tenths / 10, tenths % 10);
        match lang {
            Language::Ru => format!("{whole},{frac} МБ"),
            Language::En => format!("{whole}.{frac} MB"),
        }
    }
}

/// What a bound measures, as a phrase with its unit.
fn what_limit(limit: LimitKind, lang: Language) -> String {
    let id = match limit {
        LimitKind::MimeDepth => "mail-limit-mime-depth",
        LimitKind::MimeParts => "mail-limit-mime-parts",
        LimitKind::Headers => "mail-limit-headers",
        LimitKind::HeaderBytes => "mail-limit-header-bytes",
        LimitKind::TextBytes => "mail-limit-text-bytes",
        LimitKind::LineBytes => "mail-limit-line-bytes",
        LimitKind::WordsPerLine => "mail-limit-words-per-line",
    };
    Message::new(id).render(lang)
}

/// `Game #3 - ` / `Партия №3 - `, or nothing without a game.
fn game_prefix(game: Option<GameId>, lang: Language) -> String {
    match (game, lang) {
        (None, _) => String::new(),
        (Some(g), Language::En) => format!("Game #{g} - "),
        (Some(g), Language::Ru) => format!("Партия №{g} - "),
    }
}

/// A number in words for small counts ("two moves", «два хода»), else digits.
fn count_of_moves(n: usize, lang: Language) -> String {
    match lang {
        Language::En => match n {
            2 => "two moves".into(),
            3 => "three moves".into(),
            4 => "four moves".into(),
            n => format!("{n} moves"),
        },
        Language::Ru => match n {
            2 => "два хода".into(),
            3 => "три хода".into(),
            4 => "четыре хода".into(),
            n if n % 10 >= 2 && n % 10 <= 4 && !(12..=14).contains(&(n % 100)) => {
                format!("{n} хода")
            }
            n => format!("{n} ходов"),
        },
    }
}

/// `ba5 and fg5`, `a, b and c` / `ba5 и fg5`.
fn joined(items: &[String], lang: Language) -> String {
    let and = match lang {
        Language::En => " and ",
        Language::Ru => " и ",
    };
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{and}{last}", rest.join(", ")),
    }
}

/// The list of a player's games, one paragraph per game.
#[must_use]
pub fn games_list(games: &[GameEntry], lang: Language) -> String {
    if games.is_empty() {
        return Message::new("mail-games-none").render(lang) + "\n";
    }
    let mut t = Message::new("mail-games-heading").render(lang);
    t.push('\n');
    for g in games {
        let standing = match g.standing {
            Standing::YourMove => "mail-standing-your-move",
            Standing::OpponentsMove => "mail-standing-opponents-move",
            Standing::Stopped => "mail-standing-stopped",
        };
        let side = match g.side {
            Color::White => "white",
            Color::Black => "black",
        };
        t.push_str(
            &Message::new("mail-games-entry")
                .arg("game", g.game.to_string())
                .arg("title", &g.title)
                .arg("side", side)
                .arg("standing", Message::new(standing).render(lang))
                .arg("address", &g.address)
                .render(lang),
        );
        t.push('\n');
    }
    t
}

impl Notice {
    /// The notice as the body of a reply, in the reader's language, its first
    /// sentence capitalised (without a game prefix a notice starts with its
    /// clause: «ваше письмо слишком велико…»).
    #[must_use]
    pub fn text(&self, lang: Language) -> String {
        super::sentence::capitalised(&self.sentences(lang))
    }

    fn sentences(&self, lang: Language) -> String {
        match self {
            Notice::TooLarge { game, size, limit } => {
                let p = game_prefix(*game, lang);
                let (size, limit) = (size_text(*size, lang), size_text(*limit, lang));
                match lang {
                    Language::Ru => format!(
                        "{p}ваше письмо слишком велико ({size}; бот читает письма до {limit}), поэтому оно не прочитано и ничего не изменено. Пожалуйста, пришлите ход коротким письмом без вложений."
                    ),
                    Language::En => format!(
                        "{p}your mail is too large ({size}; the bot reads mails of up to {limit}), so it was not read and nothing was changed. Please send your move in a short mail without attachments."
                    ),
                }
            }
            Notice::OverLimit {
                game,
                limit,
                found,
                allowed,
            } => {
                let p = game_prefix(*game, lang);
                let what = what_limit(*limit, lang);
                match lang {
                    Language::Ru => format!(
                        "{p}ваше письмо слишком велико: {what} ({found}; бот читает не больше {allowed}), поэтому оно не прочитано и ничего не изменено. Пожалуйста, пришлите ход коротким письмом."
                    ),
                    Language::En => format!(
                        "{p}your mail is too large: {what} ({found}; the bot reads at most {allowed}), so it was not read and nothing was changed. Please send your move in a short mail."
                    ),
                }
            }
            Notice::NotYourGames { lines, more } => {
                let mut t = String::from(match lang {
                    Language::Ru => {
                        "Не приняты строки для партий, которых среди ваших партий нет:\n"
                    }
                    Language::En => {
                        "Not accepted: lines for games that are not among your games:\n"
                    }
                });
                for (game, line) in lines {
                    t.push_str(&match lang {
                        Language::Ru => format!("  «{}»\n", without_prefix(*game, line)),
                        Language::En => format!("  \"{}\"\n", without_prefix(*game, line)),
                    });
                }
                if *more > 0 {
                    t.push_str(&match lang {
                        Language::Ru => format!("  и ещё таких строк: {more}\n"),
                        Language::En => format!(
                            "  and {more} more such {}\n",
                            if *more == 1 { "line" } else { "lines" }
                        ),
                    });
                }
                t.push_str(match lang {
                    Language::Ru => "Другие строки письма, если они есть, разобраны отдельно.",
                    Language::En => "Any other lines of your mail are answered on their own.",
                });
                t
            }
            Notice::Unrecognised {
                game,
                why,
                example,
                quote,
            } => {
                let p = game_prefix(*game, lang);
                let (open, close) = quotes(lang);
                let seen = quote
                    .as_deref()
                    .map(|q| match lang {
                        Language::En => format!(" in {open}{q}{close}"),
                        Language::Ru => format!(" в словах {open}{q}{close}"),
                    })
                    .unwrap_or_default();
                let what_to_write = match (example, lang) {
                    (Some(e), Language::En) => format!(
                        "Write a move you can make now, such as \"{e}\", or \"help\" for the commands."
                    ),
                    (Some(e), Language::Ru) => format!(
                        "Напишите ход, который можно сделать сейчас, например «{e}», или «помощь», чтобы получить список команд."
                    ),
                    (None, Language::En) => {
                        "Write \"status\" for the position and whose move it is, or \"help\" for the commands.".to_string()
                    }
                    (None, Language::Ru) => {
                        "Напишите «статус», чтобы узнать позицию и чей ход, или «помощь», чтобы получить список команд.".to_string()
                    }
                };
                match (why, lang) {
                    (Unrecognised::SeveralMoves(moves), Language::En) => format!(
                        "{p}your mail holds {}, {}: send one. Nothing was changed.",
                        count_of_moves(moves.len(), lang),
                        joined(moves, lang)
                    ),
                    (Unrecognised::SeveralMoves(moves), Language::Ru) => format!(
                        "{p}в вашем письме {}, {}: пришлите один. Ничего не изменено.",
                        count_of_moves(moves.len(), lang),
                        joined(moves, lang)
                    ),
                    (Unrecognised::LeaveDates(clause), Language::En) => format!(
                        "{p}your leave request \"{clause}\" was seen, but its first and last day cannot be read. \
                         Write them with the month's name or in ISO form, for example \"leave Dec 10 - Dec 20\", \
                         \"leave from 10 to 20 December\", \"leave December 28 to January 5\", \
                         \"leave Dec 10 for 14 days\" or \"leave 2027-01-10 2027-01-20\". \
                         Dates in numbers alone (10/12, 10.12.2027) are not read, since the day and the month \
                         could be either way round. Without a year, the next such day is meant. Nothing was changed."
                    ),
                    (Unrecognised::LeaveDates(clause), Language::Ru) => format!(
                        "{p}просьба об отпуске («{clause}») получена, но первый и последний день прочитать не удалось. \
                         Напишите их, например, так: «отпуск с 10 по 20 декабря», «отпуск с 28 декабря по 5 января», \
                         «отпуск с 10.12 по 20.12», «отпуск 10–20.12.2027», «отпуск с 10.12 на 14 дней» \
                         или «отпуск 2027-01-10 2027-01-20». Без года берётся ближайшая такая дата. Ничего не изменено."
                    ),
                    // About the player's mail, not the game: no game named.
                    (Unrecognised::DigestHour(hour), _) if hour.is_empty() => {
                        Message::new("mail-digest-no-hour").render(lang)
                    }
                    (Unrecognised::DigestHour(hour), _) => Message::new("mail-digest-hour")
                        .arg("hour", hour.as_str())
                        .render(lang),
                    (Unrecognised::NoText, Language::En) => format!(
                        "{p}your mail holds no text of yours: no move and no command was found. {what_to_write}"
                    ),
                    (Unrecognised::NoText, Language::Ru) => format!(
                        "{p}в вашем письме нет вашего текста: ни хода, ни команды не найдено. {what_to_write}"
                    ),
                    (Unrecognised::NoCommand, Language::En) => format!(
                        "{p}no move and no command was found{seen}: the words read as neither a move in this game's notation nor a command. {what_to_write}"
                    ),
                    (Unrecognised::NoCommand, Language::Ru) => format!(
                        "{p}ни хода, ни команды не найдено{seen}: эти слова не читаются ни как ход в записи этой игры, ни как команда. {what_to_write}"
                    ),
                }
            }
            Notice::Stale {
                game,
                text,
                number,
                due,
                due_black,
            } => {
                // "you wrote move 1, but it is White's move 3 now".
                let side = if *due_black {
                    crate::rules::Color::Black
                } else {
                    crate::rules::Color::White
                };
                let due = super::game::move_words(*due, side, lang);
                match lang {
                    Language::Ru => format!(
                        "Партия №{game} - «{text}»: вы написали ход {number}, а сейчас {due}; видимо, это старое письмо. Ничего не изменено."
                    ),
                    Language::En => format!(
                        "Game #{game} - \"{text}\": you wrote move {number}, but it is {due} now; this seems to be an old mail. Nothing was changed."
                    ),
                }
            }
            Notice::Unsaid {
                line,
                act,
                doubt,
                offered,
            } => unsaid(line, *act, *doubt, *offered, lang),
            Notice::NotPlayed { line, text, doubt } => not_played(line, text, *doubt, lang),
            Notice::UnreadMove { line, text } => match lang {
                Language::Ru => format!(
                    "«{line}» — «{text}» похоже на ход, но не читается как ход в записи этой игры: ход не сделан. Напишите ход полностью: поле, откуда, и поле, куда, — или «ходы», чтобы получить список возможных ходов."
                ),
                Language::En => format!(
                    "\"{line}\" — \"{text}\" looks like a move but does not read as one in this game's notation: no move was made. Write the move in full, the square from and the square to, or \"moves\" for the list of legal moves."
                ),
            },
            Notice::OtherLayout { written, meant } => match lang {
                Language::Ru => format!(
                    "«{written}» — это «{meant}», набранный в русской раскладке? Ход не сделан: если вы играете {meant}, пришлите «{meant}»."
                ),
                Language::En => format!(
                    "\"{written}\" reads as \"{meant}\" typed with a Russian keyboard layout. No move was made: if you play {meant}, send \"{meant}\"."
                ),
            },
            Notice::Refused { game, line, reason } => match lang {
                Language::Ru => format!("Партия №{game} - «{line}» не принято: {reason}."),
                Language::En => format!("Game #{game} - \"{line}\" is not accepted: {reason}."),
            },
            Notice::RefusedCommand { line, reason } => match lang {
                Language::Ru => format!("К сожалению, «{line}» выполнить не удалось: {reason}."),
                Language::En => format!("Sorry, \"{line}\" could not be done: {reason}."),
            },
            Notice::WhichGame { lines, more, games } => {
                let mut t = String::from(match lang {
                    Language::Ru => {
                        "Не принято: в письме не сказано, к какой партии относятся эти строки:\n"
                    }
                    Language::En => {
                        "Not accepted: your mail does not say which game these lines are for:\n"
                    }
                });
                for line in lines {
                    t.push_str(&match lang {
                        Language::Ru => format!("  «{line}»\n"),
                        Language::En => format!("  \"{line}\"\n"),
                    });
                }
                if *more > 0 {
                    t.push_str(&match lang {
                        Language::Ru => format!("  и ещё таких строк: {more}\n"),
                        Language::En => format!(
                            "  and {more} more such {}\n",
                            if *more == 1 { "line" } else { "lines" }
                        ),
                    });
                }
                let example = games.first().map_or(1, |g| g.game.0);
                t.push_str(&match lang {
                    Language::Ru => format!(
                        "Ответьте на письмо нужной партии или поставьте перед ходом номер партии, например «№{example} c3-d4».\n\n"
                    ),
                    Language::En => format!(
                        "Answer the game's own mail, or put the game's number before the move, for example \"#{example} c3-d4\".\n\n"
                    ),
                });
                t.push_str(&games_list(games, lang));
                t
            }
            Notice::Tokenless { games, personal } => {
                let mut t = String::from(match lang {
                    Language::Ru => {
                        "Ваше письмо пришло не на ваш личный адрес партии (например, это ответ на старое или пересланное письмо или письмо на общий адрес бота), поэтому по нему ничего не сделано. Такое письмо бот объясняет не чаще раза в сутки.\n\n"
                    }
                    Language::En => {
                        "Your mail did not come to one of your personal game addresses (it may answer an old or forwarded mail, or be sent to the bot's general address), so nothing was done with it. The bot explains this at most once a day.\n\n"
                    }
                });
                t.push_str(&games_list(games, lang));
                if let Some(address) = personal {
                    t.push('\n');
                    t.push_str(&match lang {
                        Language::Ru => format!(
                            "Команды не для одной партии («помощь», «история») пишите на адрес {address}\n"
                        ),
                        Language::En => format!(
                            "Commands not for one game (\"help\", \"history\") go to {address}\n"
                        ),
                    });
                }
                t
            }
        }
    }
}

/// A line as quoted back under its game: without the `#12:` it starts with,
/// since the line is listed under that game already.
fn without_prefix(game: GameId, line: &str) -> String {
    let prefix = format!("#{game}");
    match line.trim().strip_prefix(&prefix) {
        Some(rest) if !rest.starts_with(|c: char| c.is_ascii_digit()) => {
            format!("#{game}: {}", rest.trim_start_matches([':', ' ', '\t']))
        }
        _ => format!("#{game}: {}", line.trim()),
    }
}

#[cfg(test)]
mod tests;

/// Why words were not taken as an act or a move, as a clause after the
/// quoted words: «…» — это вопрос.
fn doubt_words(doubt: Doubt, lang: Language) -> String {
    let id = match doubt {
        Doubt::Question => "mail-doubt-question",
        Doubt::Negation => "mail-doubt-negation",
        Doubt::Condition => "mail-doubt-condition",
        Doubt::Reported => "mail-doubt-reported",
        Doubt::Quoted => "mail-doubt-quoted",
        Doubt::Joke => "mail-doubt-joke",
        Doubt::Hedge => "mail-doubt-hedge",
        Doubt::Elsewhere => "mail-doubt-elsewhere",
        Doubt::Mention => "mail-doubt-mention",
        Doubt::Contradiction => "mail-doubt-contradiction",
    };
    Message::new(id).render(lang)
}

/// What was not done, and how to do it: «ничья не предложена. Если вы
/// предлагаете ничью, напишите «предлагаю ничью»».
fn act_not_done(act: Act) -> &'static str {
    match act {
        Act::Offer => "mail-not-done-offer",
        Act::Accept => "mail-not-done-accept",
        Act::Decline => "mail-not-done-decline",
        Act::Resign => "mail-not-done-resign",
        Act::Claim => "mail-not-done-claim",
        Act::Takeback => "mail-not-done-takeback",
    }
}

/// One sentence for words that name an act without making it; `offered`:
/// the opponent's draw offer is pending.
fn unsaid(line: &str, act: Act, doubt: Doubt, offered: bool, lang: Language) -> String {
    let (open, close) = quotes(lang);
    let why = doubt_words(doubt, lang);
    let what = match (act, offered) {
        (Act::Offer | Act::Accept | Act::Decline, true) => "mail-not-done-offer-pending",
        (Act::Accept | Act::Decline, false) => "mail-not-done-no-offer",
        _ => act_not_done(act),
    };
    let what = Message::new(what).render(lang);
    if act == Act::Takeback {
        return format!("{open}{line}{close} — {what}");
    }
    format!("{open}{line}{close} — {why}: {what}")
}

/// One sentence for a move named but not played.
fn not_played(line: &str, text: &str, doubt: Doubt, lang: Language) -> String {
    let (open, close) = quotes(lang);
    let why = doubt_words(doubt, lang);
    match lang {
        Language::Ru if doubt == Doubt::Reported => {
            format!("{open}{line}{close} — {why}: ход {text} не сделан.")
        }
        Language::En if doubt == Doubt::Reported => {
            format!("{open}{line}{close} — {why}: the move {text} was not played.")
        }
        Language::Ru => format!(
            "{open}{line}{close} — {why}: ход {text} не сделан. Если вы играете его, пришлите ход отдельной строкой."
        ),
        Language::En => format!(
            "{open}{line}{close} — {why}: the move {text} was not played. If you play it, send the move on a line of its own."
        ),
    }
}

/// The quotation marks of a language.
fn quotes(lang: Language) -> (&'static str, &'static str) {
    match lang {
        Language::Ru => ("«", "»"),
        Language::En => ("\"", "\""),
    }
}
