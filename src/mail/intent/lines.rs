//! Reading a mail line by line: the body's lines and the subject, each line
//! cut to an excerpt, turned into items for [`super::merge`].

use std::rc::Rc;

use super::commands::evaluate;
use super::layout::other_layout;
use super::lexicon::{FILLER, LEAD, is_command_word};
use super::merge::{Item, ItemKind, Items, merge};
use super::prefixes::game_prefix;
use super::speech::jokes;
use super::tokens::{Tok, core_lower, sentences};
use super::types::{Addressed, Context, Intent, LINE_EXCERPT_BYTES, Source, Unrecognised};
use crate::mail::address::parse_subject;
use crate::mail::ask_words::read_query;
use crate::vocabulary::GameId;

/// Reads the intents of a mail from its new text and its subject.
///
/// Always returns at least one entry: with no command anywhere it is one
/// [`Intent::Unrecognised`] ([`Unrecognised::NoText`] or
/// [`Unrecognised::NoCommand`]) for the mail's game.
///
/// # Examples
/// ```
/// use zaochka::mail::intent::{read_intents, Context, Intent, MoveSyntax};
/// use zaochka::vocabulary::GameId;
/// let cx = Context::single(Some(GameId(14)), MoveSyntax::Draughts);
/// let got = read_intents("13... d8-e7\nПредлагаю ничью.", "Re: [zaochka #14] Ваш ход", &cx);
/// assert_eq!(got.len(), 1);
/// let Intent::Move { mv, offer_draw } = &got[0].intent else { panic!() };
/// assert_eq!((mv.text.as_str(), mv.number, *offer_draw), ("d8-e7", Some(13), true));
/// ```
#[must_use]
pub fn read_intents(new_text: &str, subject: &str, cx: &Context<'_>) -> Vec<Addressed> {
    let mut items = Items::default();
    let lines: Vec<&str> = new_text.lines().collect();
    let jokes: Vec<bool> = lines
        .iter()
        .map(|l| {
            let words: Vec<String> = l.split_whitespace().map(core_lower).collect();
            jokes(&words.iter().map(String::as_str).collect::<Vec<_>>())
        })
        .collect();
    for (k, line) in lines.iter().enumerate() {
        let joke_near = jokes[k] || jokes.get(k + 1).copied().unwrap_or(false);
        read_line(line, cx, Source::Body, joke_near, &mut items);
    }
    let subj = parse_subject(subject);
    let subject_game = subj.game.or(cx.game);
    read_subject(&subj.rest, subject_game, cx, &mut items);
    if items.list.is_empty() {
        let reason = if new_text.trim().is_empty() {
            Unrecognised::NoText
        } else {
            Unrecognised::NoCommand
        };
        return vec![Addressed {
            game: cx.game,
            intent: Intent::Unrecognised(reason),
            source: Source::Body,
            line: String::new(),
        }];
    }
    merge(items.list)
}

/// A line cut to at most [`LINE_EXCERPT_BYTES`] bytes at a character boundary.
pub(super) fn excerpt(line: &str) -> Rc<str> {
    if line.len() <= LINE_EXCERPT_BYTES {
        return Rc::from(line);
    }
    let mut end = LINE_EXCERPT_BYTES;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    Rc::from(format!("{}…", &line[..end]))
}

/// Reads one line of the body into items. `joke_near`: this line or the
/// next says it is a joke.
pub(super) fn read_line(
    line: &str,
    cx: &Context<'_>,
    source: Source,
    joke_near: bool,
    out: &mut Items,
) {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return;
    }
    let (prefix_game, rest) = game_prefix(trimmed);
    let game = prefix_game.or(cx.game);
    let syntax = cx.syntax_of(game);
    let shared = excerpt(trimmed);
    if let Some(q) = read_query(rest) {
        out.push(Item {
            game,
            kind: ItemKind::Query(q),
            source,
            line: shared,
        });
        return;
    }
    let conditional = crate::mail::conditional::command(rest)
        .map(|r| ("", r))
        .or_else(|| {
            crate::mail::conditional::split(rest, syntax)
                .map(|(head, lines)| (head, crate::mail::conditional::Request::Submit(lines)))
        });
    let rest = match conditional {
        Some((head, request)) => {
            out.push(Item {
                game,
                kind: ItemKind::Conditional(request),
                source,
                line: Rc::clone(&shared),
            });
            head
        }
        None => rest,
    };
    // A confirmation of a withdrawal takes the whole line (its code is no
    // move).
    if let Some(code) = super::withdrawal::confirmation(rest) {
        out.push(Item {
            game,
            kind: ItemKind::Cmd(super::commands::Cmd::ConfirmWithdrawal(code)),
            source,
            line: shared,
        });
        return;
    }
    let rest = super::leave::take_leave(rest, cx, &mut |kind| {
        out.push(Item {
            game,
            kind,
            source,
            line: Rc::clone(&shared),
        });
    });
    let mut found = false;
    sentences(&rest, syntax, &mut |sentence| {
        evaluate(sentence, joke_near, &mut |kind| {
            found |= matches!(kind, ItemKind::Move(_) | ItemKind::Named(..));
            out.push(Item {
                game,
                kind,
                source,
                line: Rc::clone(&shared),
            });
        });
    });
    if found {
        return;
    }
    // A word that looks like a move but reads as none is answered, never
    // dropped: in the other keyboard layout it is named as meant.
    let kind = match other_layout(&rest, syntax) {
        Some((written, meant)) => ItemKind::Layout(written, meant),
        None => match unread_move(&rest) {
            Some(word) => ItemKind::Unread(word),
            None => return,
        },
    };
    out.push(Item {
        game,
        kind,
        source,
        line: shared,
    });
}

/// The first word of a line that looks like a move (squares or numbers
/// joined by a move's sign, `c3-x9`, `Kc9-b8`, `h9:f7`, or two files and a
/// rank, `cd9`) but was read as none: letters and digits only, with a
/// letter and a digit; numbers alone (`3-4`, `10:15`) never.
fn unread_move(line: &str) -> Option<String> {
    line.split_whitespace()
        .map(|w| super::tokens::strip_word(w.trim_start_matches(super::tokens::OPENERS)))
        .map(|w| w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '…'))
        .find(|w| {
            let n = w.chars().count();
            let letters = w.chars().filter(|c| c.is_alphabetic()).count();
            let digits = w.chars().filter(char::is_ascii_digit).count();
            let signs = w
                .chars()
                .filter(|c| matches!(c, '-' | '–' | ':' | '×'))
                .count();
            let all_move_chars = w
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '–' | ':' | '×'));
            let two_files = n == 3
                && w.chars().take(2).all(char::is_alphabetic)
                && w.chars().nth(2).is_some_and(|c| c.is_ascii_digit());
            (2..=16).contains(&n)
                && all_move_chars
                && (1..=4).contains(&letters)
                && digits >= 1
                && (signs >= 1 || two_files)
                && !w.starts_with(['-', '–', ':'])
                && !w.ends_with(['-', '–', ':'])
        })
        .map(str::to_string)
}

/// Reads the subject's rest when it is bare (only moves, command words and
/// filler). Two passes over the words: one to tell whether it is bare, one to
/// read it; neither keeps more than one clause.
pub(super) fn read_subject(rest: &str, game: Option<GameId>, cx: &Context<'_>, out: &mut Items) {
    let rest = rest.trim();
    if rest.is_empty() {
        return;
    }
    if let Some(q) = read_query(rest) {
        out.push(Item {
            game,
            kind: ItemKind::Query(q),
            source: Source::Subject,
            line: excerpt(rest),
        });
        return;
    }
    let subject = rest;
    let rest = super::leave::take_leave(subject, cx, &mut |kind| {
        out.push(Item {
            game,
            kind,
            source: Source::Subject,
            line: excerpt(subject),
        });
    });
    let rest = rest.as_ref();
    let syntax = cx.syntax_of(game);
    let mut all_bare = true;
    sentences(rest, syntax, &mut |sentence| {
        all_bare = all_bare
            && sentence
                .iter()
                .flat_map(|c| c.toks.iter())
                .all(|t| match t {
                    Tok::Word { lower, .. } => {
                        FILLER.contains(&lower.as_str())
                            || LEAD.contains(&lower.as_str())
                            || is_command_word(lower)
                    }
                    _ => true,
                });
    });
    let shared = excerpt(rest);
    sentences(rest, syntax, &mut |sentence| {
        if all_bare {
            evaluate(sentence, false, &mut |kind| {
                out.push(Item {
                    game,
                    kind,
                    source: Source::Subject,
                    line: Rc::clone(&shared),
                });
            });
        } else {
            // A subject with other words (the bot's own title kept after
            // `Re:`) gives only its numbered moves: `Re: … 4... b6-a5`.
            for t in sentence.iter().flat_map(|c| c.toks.iter()) {
                if let Tok::Move {
                    mv, quoted: false, ..
                } = t
                    && mv.number.is_some()
                {
                    out.push(Item {
                        game,
                        kind: ItemKind::Move(mv.clone()),
                        source: Source::Subject,
                        line: Rc::clone(&shared),
                    });
                }
            }
        }
    });
}
