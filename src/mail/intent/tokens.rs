//! The tokenizer: words, punctuation around them, move numbers (alone or
//! glued to a move) and clauses of numbers, moves and words.

use super::moves::move_at;
use super::types::{MoveSyntax, MoveText};

#[derive(Clone, Debug)]
pub(super) enum Tok {
    Number {
        n: u32,
        black: bool,
    },
    Move {
        mv: MoveText,
        strong: bool,
        /// Written inside quotation marks (someone else's words).
        quoted: bool,
    },
    Word {
        lower: String,
        /// Written inside quotation marks (someone else's words).
        quoted: bool,
    },
}

/// How a clause ends: the punctuation after its last word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// `,`, `;`, `:` or a dash: the sentence goes on.
    Comma,
    /// `.` or `…`: the sentence ends.
    Stop,
    /// `!`: the sentence ends.
    Exclaim,
    /// `?` (also `?!`, `!?`): the sentence ends as a question.
    Question,
    /// The end of the text without punctuation.
    Open,
}

impl End {
    /// Whether the sentence ends with this clause.
    pub(super) fn ends_sentence(self) -> bool {
        !matches!(self, End::Comma)
    }
}

/// One clause: its tokens and how it ends.
#[derive(Clone, Debug)]
pub(super) struct Clause {
    pub(super) toks: Vec<Tok>,
    pub(super) end: End,
}

impl Clause {
    /// The lowercased words of the clause, with whether each is quoted.
    pub(super) fn words(&self) -> impl Iterator<Item = (&str, bool)> {
        self.toks.iter().filter_map(|t| match t {
            Tok::Word { lower, quoted, .. } => Some((lower.as_str(), *quoted)),
            _ => None,
        })
    }
}

/// Characters stripped from the front of a word.
pub(super) const OPENERS: &[char] = &['(', '[', '{', '"', '\'', '«', '“', '„', '‘', '*', '_'];
/// Characters stripped from the back of a word before looking at its end.
pub(super) const CLOSERS: &[char] = &[')', ']', '}', '"', '\'', '»', '”', '’', '*', '_'];
/// Punctuation that ends a clause.
pub(super) const CLAUSE_ENDS: &[char] = &['.', '!', '?', ';', ':', ','];

/// A word lowercased without the punctuation around it.
pub(super) fn core_lower(word: &str) -> String {
    word.trim_start_matches(OPENERS)
        .trim_end_matches(CLOSERS)
        .trim_end_matches(CLAUSE_ENDS)
        .trim_end_matches(CLOSERS)
        .to_lowercase()
}

/// A move number word: `19.`, `7...`, `7…` (1 to 3 digits), read by
/// [`crate::notation::move_number`].
pub(super) fn move_number(word: &str) -> Option<(u32, bool)> {
    crate::notation::move_number::move_number_word(word).map(|n| (n.number, n.black))
}

/// The words of a text, as (raw word, clause ends after it).
pub(super) fn words(text: &str) -> Vec<(&str, bool)> {
    text.split_whitespace()
        .map(|w| {
            let end = w.trim_end_matches(CLOSERS);
            let ends = move_number(w).is_none() && end.ends_with(CLAUSE_ENDS);
            (w, ends)
        })
        .collect()
}

/// How a word ends its clause, from its trailing punctuation (`ничья?»`
/// ends a question, `c3-d4,` a clause); `None` when it ends none.
pub(super) fn end_of(word: &str) -> Option<End> {
    if move_number(word).is_some() {
        return None;
    }
    let core = word.trim_end_matches(CLOSERS);
    let tail_start = core
        .char_indices()
        .rev()
        .take_while(|(_, c)| CLAUSE_ENDS.contains(c) || *c == '…')
        .last()
        .map_or(core.len(), |(i, _)| i);
    let tail = &core[tail_start..];
    if tail.is_empty() {
        None
    } else if tail.contains('?') {
        Some(End::Question)
    } else if tail.contains('!') {
        Some(End::Exclaim)
    } else if tail.contains('.') || tail.contains('…') {
        Some(End::Stop)
    } else {
        Some(End::Comma)
    }
}

/// The most clauses read as one sentence.
const MAX_SENTENCE_CLAUSES: usize = 32;

/// Quotation marks that open someone else's words.
const QUOTE_OPENERS: &[char] = &['«', '“', '„', '"'];
/// Quotation marks that close them.
const QUOTE_CLOSERS: &[char] = &['»', '”', '“', '"'];

/// Tracks whether the words read are inside quotation marks.
#[derive(Default)]
struct Quotes {
    inside: bool,
}

impl Quotes {
    /// Whether `word` is quoted, and moves the state past it.
    fn step(&mut self, word: &str) -> bool {
        let opens = word.starts_with(QUOTE_OPENERS);
        let bare = word
            .trim_end_matches(CLAUSE_ENDS)
            .trim_end_matches(['.', '…']);
        let closes = (bare.ends_with(QUOTE_CLOSERS) || word.ends_with(QUOTE_CLOSERS))
            && (!opens || word.chars().count() > 1);
        let quoted = self.inside || opens;
        if opens && !closes {
            self.inside = true;
        } else if closes {
            self.inside = false;
        }
        quoted
    }
}

/// Tokenises a text into sentences of clauses of numbers, moves and words,
/// handing each sentence to `each` as soon as it ends (only one sentence is
/// held). A sentence ends at `.`, `!`, `?` or the end of the text; a clause
/// at `,`, `;`, `:` or a dash too.
pub(super) fn sentences(text: &str, syntax: MoveSyntax, each: &mut dyn FnMut(&[Clause])) {
    let ws = words(text);
    let mut sentence: Vec<Clause> = Vec::new();
    let mut clause: Vec<Tok> = Vec::new();
    let mut quotes = Quotes::default();
    let mut close = |clause: &mut Vec<Tok>, sentence: &mut Vec<Clause>, end: End| {
        if !clause.is_empty() {
            sentence.push(Clause {
                toks: std::mem::take(clause),
                end,
            });
        } else if end.ends_sentence()
            && let Some(last) = sentence.last_mut()
        {
            last.end = end;
        }
        // A run-on "sentence" of very many clauses is read in parts, so that
        // reading a clause with its sentence stays bounded.
        if (end.ends_sentence() || sentence.len() >= MAX_SENTENCE_CLAUSES) && !sentence.is_empty() {
            each(sentence);
            sentence.clear();
        }
    };
    let mut i = 0;
    while i < ws.len() {
        let (w, _) = ws[i];
        let quoted = quotes.step(w);
        let bare = w.trim_start_matches(OPENERS).trim_end_matches(CLOSERS);
        if let Some((n, black)) = move_number(bare) {
            clause.push(Tok::Number { n, black });
            i += 1;
            continue;
        }
        if let Some((used, mv, strong)) = numbered_move_at(&ws, i, syntax) {
            let last = ws[i + used - 1].0;
            push_move(&mut clause, mv, strong, quoted);
            for &(w, _) in &ws[i + 1..i + used] {
                quotes.step(w);
            }
            i += used;
            if let Some(end) = end_of(last) {
                close(&mut clause, &mut sentence, end);
            }
            continue;
        }
        if let Some((used, _, mv, strong)) = move_at(&ws, i, syntax, None) {
            push_move(&mut clause, mv, strong, quoted);
            for &(w, _) in &ws[i + 1..i + used] {
                quotes.step(w);
            }
            let last = ws[i + used - 1].0;
            i += used;
            if ws[i - 1].1
                && let Some(end) = end_of(last)
            {
                close(&mut clause, &mut sentence, end);
            }
            continue;
        }
        if matches!(bare, "—" | "–") {
            close(&mut clause, &mut sentence, End::Comma);
            i += 1;
            continue;
        }
        clause.push(Tok::Word {
            lower: core_lower(w),
            quoted,
        });
        if let Some(end) = end_of(w) {
            close(&mut clause, &mut sentence, end);
        }
        i += 1;
    }
    close(&mut clause, &mut sentence, End::Open);
}

/// A move with its number glued to it, the move perhaps over several words
/// (`19.g3-h4`, `1.c3 - d4`, `6…c7 - b6`, `12...cd4`): the words used, the
/// move (its number set) and whether it counts in prose (a numbered move
/// always does).
fn numbered_move_at(
    ws: &[(&str, bool)],
    i: usize,
    syntax: MoveSyntax,
) -> Option<(usize, MoveText, bool)> {
    let word = strip_word(ws[i].0.trim_start_matches(OPENERS));
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let after_digits = &word[digits..];
    let rest = after_digits.trim_start_matches(['.', '…']);
    if rest.len() == after_digits.len() || rest.is_empty() {
        return None;
    }
    let (n, black) = move_number(&word[..word.len() - rest.len()])?;
    let (used, _, mut mv, _) = move_at(ws, i, syntax, Some(rest))?;
    mv.number = Some(n);
    mv.black = black;
    Some((used, mv, true))
}

/// A word without trailing clause punctuation (`e3-d4,` -> `e3-d4`, a final
/// full stop too, but not the one of `e.p.`, `е.п.`, `в.п.`); move annotations
/// `!?` are left to the move readers.
pub(super) fn strip_word(w: &str) -> &str {
    // A closing parenthesis that closes one inside the word stays: `e8(Q)`.
    if let Some(inner) = w.strip_suffix(')')
        && inner.contains('(')
        && !inner.contains(')')
    {
        return w;
    }
    let w = w
        .trim_end_matches(CLOSERS)
        .trim_end_matches([',', ';', ':'])
        .trim_end_matches(CLOSERS);
    if w.ends_with(".p.") || w.ends_with(".п.") {
        w
    } else {
        w.strip_suffix('.').unwrap_or(w)
    }
}

/// Pushes a move; a number right before it becomes its number.
pub(super) fn push_move(clause: &mut Vec<Tok>, mut mv: MoveText, mut strong: bool, quoted: bool) {
    if mv.number.is_none()
        && let Some(Tok::Number { n, black }) = clause.last()
    {
        mv.number = Some(*n);
        mv.black = *black;
        strong = true;
        clause.pop();
    }
    clause.push(Tok::Move { mv, strong, quoted });
}
