//! Conditional moves as players write them: pure reading,
//! no rules consulted (the referee resolves every ply against the positions
//! the line passes through, and checks the move numbers).
//!
//! A line is the opponent's expected move, then the player's reply, then
//! optionally more opponent/own pairs:
//!
//! - `если 12... c7-d6, то 13. e3-f4; если 12... g7-h6, то 13. b2-c3 h6-g5 14. g3-h4`
//! - `if 12... c7-d6 then 13. e3-f4; if 12... g7-h6 then 13. b2-c3 13... h6-g5 14. g3-h4`
//! - `если …, тогда …`; `то`/`then`/`тогда` and words such as `и`, `and`,
//!   `играю`, `play`, `отвечаю`, `затем` are filler: the plies alternate
//!   whatever words stand between them;
//! - a line starts at the word `если`/`if` followed by a move (with or without
//!   its number), so prose (`if you agree`) is not a line; it ends at `;`, at
//!   the next `если`/`if`, at the end of a sentence (`.`, `!` or `?` after a
//!   move) or at the end of the text line; several lines may stand on one text
//!   line or on several;
//! - a draw word after a ply (`и предлагаю ничью`, `draw`, `with a draw
//!   offer`, `с предложением ничьей`) offers a draw with that ply;
//! - move numbers: `13.`, `13...`, `13…`, glued (`13.e3-f4`); multi-word moves
//!   as the mail reader joins them (`c3 - d4`, `Кр e1-f1`, `exd6 e.p.`);
//! - a word that is none of these is kept as a ply, so that the referee
//!   answers it is not a move (rather than reading a different line than the
//!   one written);
//! - the text before the first line (`12. a3-b4; если 12... …`) is the mail's
//!   ordinary text: [`split`] hands it back to the mail reader.
//!
//! Whole text lines of `cancel`/`отмена`/`отменяю условные` clear the lines,
//! `conditionals`/`условные`/`условные ходы` list them ([`command`]).

use crate::mail::chess_token;
use crate::mail::intent::MoveSyntax;

/// What a player asks about conditional moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Give a new set of lines (replacing any old set).
    Submit(Vec<WrittenLine>),
    /// Clear the lines.
    Cancel,
    /// List the lines.
    List,
}

/// One line as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenLine {
    /// The line as written, from `если`/`if` to its end, trimmed.
    pub text: String,
    /// The plies, the opponent's first, alternating.
    pub plies: Vec<WrittenPly>,
}

/// One ply of a line as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenPly {
    /// The move as written, without its number.
    pub text: String,
    /// The move number written before it, if any.
    pub number: Option<u32>,
    /// Whether the number was written as Black's (`12...`).
    pub black: bool,
    /// Whether a draw offer goes with this ply.
    pub offer_draw: bool,
}

const IF: &[&str] = &["если", "if"];
const CANCEL: &[&str] = &[
    "cancel",
    "отмена",
    "отменяю",
    "отменить",
    "отмените",
    "отменяются",
];
const LIST: &[&str] = &["conditionals", "условные", "list"];
/// Words a cancel or list line may hold besides its command word.
const COMMAND_FILLER: &[&str] = &[
    "conditional",
    "conditionals",
    "условные",
    "условный",
    "ходы",
    "ход",
    "moves",
    "move",
    "my",
    "мои",
    "all",
    "все",
    "please",
    "пожалуйста",
    "the",
    "lines",
    "варианты",
];
const DRAW: &[&str] = &["draw", "ничью", "ничья", "ничьей", "remis", "ремиз"];
/// Words skipped between the plies of a line.
const FILLER: &[&str] = &[
    "то",
    "тогда",
    "then",
    "и",
    "and",
    "а",
    "играю",
    "хожу",
    "отвечаю",
    "ответ",
    "ход",
    "ходом",
    "play",
    "i",
    "я",
    "reply",
    "answer",
    "with",
    "с",
    "предлагаю",
    "предложением",
    "offer",
    "offering",
    "a",
    "затем",
    "потом",
    "далее",
    "next",
    "after",
    "после",
    "move",
    "my",
    "мой",
    "on",
    "на",
    "-",
    "—",
    "–",
    "→",
    "->",
];

/// A word lowercased without punctuation around it.
fn core(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '>' && c != '→')
        .to_lowercase()
}

/// A whole text line asking to cancel or to list the lines.
#[must_use]
pub fn command(line: &str) -> Option<Request> {
    let words: Vec<String> = line.split_whitespace().map(core).collect();
    let first = words.first()?;
    let req = if CANCEL.contains(&first.as_str()) {
        Request::Cancel
    } else if LIST.contains(&first.as_str()) {
        // `list` alone is no request; `условные` / `conditionals` alone is.
        if first == "list" && words.len() == 1 {
            return None;
        }
        Request::List
    } else {
        return None;
    };
    words[1..]
        .iter()
        .all(|w| COMMAND_FILLER.contains(&w.as_str()) || w.is_empty())
        .then_some(req)
}

/// A word of the text with its byte offset.
#[derive(Clone, Copy)]
struct Word<'a> {
    at: usize,
    raw: &'a str,
}

fn words_of(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push(Word {
                    at: s,
                    raw: &text[s..i],
                });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(Word {
            at: s,
            raw: &text[s..],
        });
    }
    out
}

/// A move number word (`12.`, `12...`, `12…`) with the rest glued to it.
fn number_of(word: &str) -> Option<((u32, bool), &str)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let after = &word[digits..];
    let rest = after.trim_start_matches(['.', '…']);
    if rest.len() == after.len() {
        return None;
    }
    let marks = &after[..after.len() - rest.len()];
    let black = marks.contains('…') || marks.matches('.').count() >= 2;
    Some((word[..digits].parse().ok()?, black)).map(|n| (n, rest))
}

/// A word read as an optional move number and the text after it (without
/// clause punctuation at its end, a final full stop too, but not the one of
/// `e.p.`), and whether a clause (`;`) or a sentence (`. ! ?` after a text)
/// ends there.
fn token(word: &str) -> (Option<(u32, bool)>, &str, bool, bool) {
    let w = word.trim_start_matches(['(', '[', '"', '«', '“']);
    let w = w.trim_end_matches([')', ']', '"', '»', '”']);
    let clause_end = w.ends_with(';');
    let w = w.trim_end_matches([',', ';', ':']);
    let (number, rest) = match number_of(w) {
        Some((n, rest)) => (Some(n), rest),
        None => (None, w),
    };
    if rest.is_empty() {
        return (number, rest, clause_end, false);
    }
    // An en passant mark (`e.p.`, `в.п.`, `е.п.`) ends with its own dot.
    let mark = crate::notation::chess_move::is_en_passant_mark(rest);
    let sentence_end = rest.ends_with(['!', '?']) || (rest.ends_with('.') && !mark);
    let mut rest = rest.trim_end_matches(['!', '?']);
    if !mark {
        rest = rest.strip_suffix('.').unwrap_or(rest);
    }
    (number, rest, clause_end, sentence_end)
}

/// Whether a text reads as a move in the syntax (no rules consulted).
fn reads_as_move(text: &str, syntax: MoveSyntax) -> bool {
    match syntax {
        // A square or a number alone never starts or goes on with a line.
        MoveSyntax::Draughts => crate::notation::parse_record_move(text).is_ok(),
        MoveSyntax::Chess => chess_token::parse(text).is_some(),
    }
}

/// Splits a text line into its ordinary head (before the first conditional
/// line) and the conditional lines; `None` when it holds no line.
#[must_use]
pub fn split(line: &str, syntax: MoveSyntax) -> Option<(&str, Vec<WrittenLine>)> {
    let ws = words_of(line);
    let starts_line = |k: usize| {
        IF.contains(&core(ws[k].raw).as_str())
            && ws.get(k + 1).is_some_and(|next| {
                let (_, w, _, _) = token(next.raw);
                let (w, j) = if w.is_empty() {
                    (ws.get(k + 2).map_or("", |n| token(n.raw).1), k + 3)
                } else {
                    (w, k + 2)
                };
                reads_as_move(&joined_move(&ws, j, w, syntax).0, syntax)
            })
    };
    let first = (0..ws.len()).find(|&k| starts_line(k))?;
    let mut lines = Vec::new();
    let mut k = first;
    while k < ws.len() {
        if !starts_line(k) {
            // Text between lines (after a sentence ended one) is not read.
            k += 1;
            continue;
        }
        let (line_ws, next) = read_line(&ws, k + 1, syntax, &starts_line);
        let end = ws[next - 1].at + ws[next - 1].raw.len();
        lines.push(WrittenLine {
            text: line[ws[k].at..end]
                .trim_end_matches([';', ','])
                .trim()
                .to_string(),
            plies: line_ws,
        });
        k = next;
    }
    Some((&line[..ws[first].at], lines))
}

/// Reads the plies of one line from word `k`: the plies and the index of the
/// first word after the line.
fn read_line(
    ws: &[Word<'_>],
    mut k: usize,
    syntax: MoveSyntax,
    starts_line: &dyn Fn(usize) -> bool,
) -> (Vec<WrittenPly>, usize) {
    let mut plies: Vec<WrittenPly> = Vec::new();
    let mut number: Option<(u32, bool)> = None;
    while k < ws.len() && !starts_line(k) {
        let (n, text, clause_end, sentence_end) = token(ws[k].raw);
        k += 1;
        if n.is_some() {
            number = n;
        }
        let lower = core(text);
        if text.is_empty() || FILLER.contains(&lower.as_str()) {
        } else if DRAW.iter().any(|d| lower == *d) {
            if let Some(last) = plies.last_mut() {
                last.offer_draw = true;
            }
        } else {
            let (joined, used, ends) = joined_move(ws, k, text, syntax);
            k += used;
            plies.push(WrittenPly {
                text: joined,
                number: number.map(|n| n.0),
                black: number.is_some_and(|n| n.1),
                offer_draw: false,
            });
            number = None;
            if ends {
                break;
            }
        }
        if clause_end
            || (sentence_end && number.is_none() && !plies.is_empty() && !goes_on(ws, k, syntax))
        {
            break;
        }
    }
    (plies, k)
}

/// Whether the words from `k` go on with the line after a full stop: a move
/// number or a move follows (`2. e5:d6. 2... Кр a8-b7`), so the line is read
/// on rather than cut short.
fn goes_on(ws: &[Word<'_>], k: usize, syntax: MoveSyntax) -> bool {
    ws.get(k).is_some_and(|w| {
        let (n, text, _, _) = token(w.raw);
        n.is_some() || (!text.is_empty() && reads_as_move(text, syntax))
    })
}

/// A move over several words (`c3 - d4`, `Кр e1-f1`, `exd6 e.p.`) starting
/// with `text` before word `k`: the move, the words used after `text`, and
/// whether the line ends after it.
fn joined_move(ws: &[Word<'_>], k: usize, text: &str, syntax: MoveSyntax) -> (String, usize, bool) {
    let next = |i: usize| {
        ws.get(k + i).map(|w| {
            let (_, t, c, s) = token(w.raw);
            (t, c, s)
        })
    };
    let is_sign = |s: &str| matches!(s, "-" | "–" | "—" | ":" | "x" | "х" | "×");
    if let (Some((sign, false, false)), Some((to, c, s))) = (next(0), next(1))
        && is_sign(sign)
        && reads_as_move(&format!("{text}-{to}"), syntax)
    {
        return (format!("{text} {sign} {to}"), 2, c || s);
    }
    if syntax == MoveSyntax::Chess
        && let Some((w1, c, s)) = next(0)
    {
        let piece = matches!(
            text.trim_end_matches('.'),
            "Кр" | "К" | "Ф" | "Л" | "С" | "K" | "Q" | "R" | "B" | "N"
        );
        let mark = chess_token::is_suffix_word(w1);
        let both = format!("{text} {w1}");
        if (piece || mark) && reads_as_move(&both, syntax) {
            return (both, 1, c || s);
        }
    }
    (text.to_string(), 0, false)
}

/// The requests of a mail's conditional items for a game, in the mail's
/// order, each with the text line of its first item: lines given one after
/// another make one set (a new set replaces the old one); every cancel and
/// list is kept in its place, so each is answered in turn.
#[must_use]
pub fn merged<'a>(items: impl Iterator<Item = (&'a Request, String)>) -> Vec<(Request, String)> {
    let mut out: Vec<(Request, String)> = Vec::new();
    for (r, line) in items {
        match (out.last_mut(), r) {
            (Some((Request::Submit(set), _)), Request::Submit(ls)) => {
                set.extend(ls.iter().cloned());
            }
            _ => out.push((r.clone(), line)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plies(l: &WrittenLine) -> Vec<(String, Option<u32>, bool, bool)> {
        l.plies
            .iter()
            .map(|p| (p.text.clone(), p.number, p.black, p.offer_draw))
            .collect()
    }

    #[test]
    fn two_russian_lines_on_one_text_line() {
        let text = "если 12... c7-d6, то 13. e3-f4; если 12... g7-h6, то 13. b2-c3 h6-g5 14. g3-h4";
        let (head, lines) = split(text, MoveSyntax::Draughts).unwrap();
        assert_eq!(head, "");
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].text, "если 12... c7-d6, то 13. e3-f4");
        assert_eq!(
            plies(&lines[1]),
            vec![
                ("g7-h6".into(), Some(12), true, false),
                ("b2-c3".into(), Some(13), false, false),
                ("h6-g5".into(), None, false, false),
                ("g3-h4".into(), Some(14), false, false),
            ]
        );
    }

    /// A number or a square alone neither starts a line nor goes on with one
    /// (found by a review: «Если 2 дня…» read as a conditional line).
    #[test]
    fn a_number_alone_is_no_conditional_move() {
        assert!(
            split(
                "Если 2 дня не будет ответа, напомните",
                MoveSyntax::Draughts
            )
            .is_none()
        );
        let text = "если 12... c7-d6, то 13. e3-f4. 2 недели меня не будет.";
        let (_, lines) = split(text, MoveSyntax::Draughts).unwrap();
        assert_eq!(lines.len(), 1);
        assert_eq!(
            plies(&lines[0]),
            vec![
                ("c7-d6".into(), Some(12), true, false),
                ("e3-f4".into(), Some(13), false, false),
            ]
        );
    }

    #[test]
    fn english_lines_with_a_draw_offer_and_the_mails_own_move_first() {
        let text = "12. a3-b4; if 12... c7-d6 then 13. e3-f4 draw if 12... g7-h6 then 13.b2-c3";
        let (head, lines) = split(text, MoveSyntax::Draughts).unwrap();
        assert_eq!(head, "12. a3-b4; ");
        assert_eq!(lines.len(), 2);
        assert!(lines[0].plies[1].offer_draw);
        assert_eq!(lines[1].plies[1].text, "b2-c3");
        assert_eq!(lines[1].plies[1].number, Some(13));
    }

    #[test]
    fn russian_draw_offer_and_sentence_end() {
        let text = "Если 30... f6-g5, тогда 31. c3-d4 и предлагаю ничью. Спасибо за игру!";
        let (_, lines) = split(text, MoveSyntax::Draughts).unwrap();
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].plies.len(), 2);
        assert!(lines[0].plies[1].offer_draw);
    }

    #[test]
    fn prose_with_if_is_no_line() {
        assert!(split("if you agree then fine", MoveSyntax::Draughts).is_none());
        assert!(split("если не трудно, ответьте", MoveSyntax::Draughts).is_none());
    }

    #[test]
    fn chess_lines_keep_castling_promotion_and_piece_words() {
        let text = "if 10... Nf6 then 11. O-O; если 10... Кр e8-f8, то 11. e7-e8=Q";
        let (_, lines) = split(text, MoveSyntax::Chess).unwrap();
        assert_eq!(lines[0].plies[1].text, "O-O");
        assert_eq!(lines[1].plies[0].text, "Кр e8-f8");
        assert_eq!(lines[1].plies[1].text, "e7-e8=Q");
    }

    #[test]
    fn a_mail_with_a_move_and_lines_reads_the_move_first_then_one_request() {
        use crate::mail::intent::{Context, Intent, read_intents};
        use crate::vocabulary::GameId;
        let cx = Context::single(Some(GameId(3)), MoveSyntax::Draughts);
        let got = read_intents(
            "Добрый день!\n12. a3-b4\nесли 12... c7-d6, то 13. e3-f4\nесли 12... g7-h6, то 13. b2-c3",
            "Re: [zaochka #3] Ваш ход",
            &cx,
        );
        let intents: Vec<&Intent> = got.iter().map(|a| &a.intent).collect();
        let [
            Intent::Move { mv, .. },
            Intent::Conditional(Request::Submit(lines)),
        ] = intents.as_slice()
        else {
            panic!("{intents:?}")
        };
        assert_eq!(mv.text, "a3-b4");
        assert_eq!(lines.len(), 2);
    }

    #[test]
    fn an_en_passant_mark_or_a_full_stop_inside_a_line_does_not_cut_it_short() {
        for text in [
            "если 1... d7-d5, то 2. e5:d6 в.п. 2... Крa8-b7 3. h8=Ф",
            "если 1... d7-d5, то 2. e5:d6 е.п. 2... Крa8-b7 3. h8=Ф",
            "if 1... d7-d5 then 2. e5:d6 e.p. 2... Kra8-b7 3. h8=Q",
            "если 1... d7-d5, то 2. e5:d6. 2... Крa8-b7 3. h8=Ф",
        ] {
            let (_, lines) = split(text, MoveSyntax::Chess).unwrap();
            assert_eq!(lines.len(), 1, "{text}");
            assert_eq!(lines[0].plies.len(), 4, "{text}: {:?}", lines[0].plies);
            assert!(lines[0].plies[1].text.starts_with("e5:d6"), "{text}");
            assert_eq!(lines[0].plies[3].number, Some(3), "{text}");
        }
    }

    #[test]
    fn a_list_a_cancel_and_a_list_are_each_kept_in_order() {
        use crate::mail::intent::{Context, Intent, read_intents};
        use crate::vocabulary::GameId;
        for body in [
            "условные\nотмена\nусловные",
            "conditionals\ncancel\nconditionals",
        ] {
            let cx = Context::single(Some(GameId(3)), MoveSyntax::Draughts);
            let got = read_intents(body, "Re: [zaochka #3] Ваш ход", &cx);
            let got: Vec<&Intent> = got.iter().map(|a| &a.intent).collect();
            assert_eq!(
                got,
                vec![
                    &Intent::Conditional(Request::List),
                    &Intent::Conditional(Request::Cancel),
                    &Intent::Conditional(Request::List),
                ],
                "{body}"
            );
        }
    }

    #[test]
    fn cancel_and_list_lines() {
        assert_eq!(command("отмена"), Some(Request::Cancel));
        assert_eq!(command("Отменяю условные ходы."), Some(Request::Cancel));
        assert_eq!(command("cancel"), Some(Request::Cancel));
        assert_eq!(command("условные ходы"), Some(Request::List));
        assert_eq!(command("conditionals"), Some(Request::List));
        assert_eq!(command("cancel the tournament, please write"), None);
        assert_eq!(command("list"), None);
    }
}
