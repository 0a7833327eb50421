//! Cutting quoted history and signatures, so that only the NEW text of a mail
//! is read for commands: an old move inside a quote must never be replayed.
//!
//! Each line of the (normalised, unwrapped) body gets a [`LineKind`]:
//! - [`LineKind::Quoted`]: lines starting with `>` (after spaces), also with a
//!   short prefix before the mark as The Bat! and Supercite write it (`З> `,
//!   `IP> `);
//! - [`LineKind::Attribution`]: the line introducing a quote: `On ... wrote:`
//!   (also wrapped over two lines, Gmail and Claws style), `... пишет:`,
//!   `... написал(а):`, `Вы писали <date>:`, Gmail's Russian
//!   `пн, 3 мар. 2025 г. в 14:02, Name <addr>:`, Yandex's
//!   `06.03.2025, 20:30, "Name" <addr>:`, Mutt's `* Name <addr> [date]:`,
//!   Mail.ru's `<date> от Name <addr>:`. An attribution with a date, an address
//!   or a "wrote" word that is NOT followed by `>` lines (HTML replies, some
//!   mobile clients) cuts everything after it;
//! - [`LineKind::History`]: everything from a history marker to the end:
//!   `-----Original Message-----`, `-----Исходное сообщение-----`, forward
//!   headers (`---------- Forwarded message ---------`,
//!   `-------- Пересылаемое сообщение --------`, `Begin forwarded message:`),
//!   Outlook's line of underscores, an unprefixed `From:`/`Sent:` or
//!   `От:`/`Отправлено:` header block, and the first line of the bot's own
//!   mails (`Game #12 - ...`, `Партия #12 - ...`) pasted without quote marks;
//! - [`LineKind::Signature`]: `-- ` (or `--`) and what follows it up to the
//!   next quote or history (but only its own paragraph when the signature
//!   stands first, as Outlook puts it above the text typed under it); client
//!   lines ("Sent from my iPhone", "Отправлено с iPhone", "Get Outlook for
//!   Android", "Отправлено из мобильной Почты Mail.ru" ...); valedictions
//!   ("С уважением,", "Best regards,", "Thanks,") with the name lines after
//!   them;
//! - [`LineKind::New`]: the rest, read by [`super::intent`].
//!
//! Works for top-posting, bottom-posting and interleaved replies: text after a
//! quote block (not after a history marker) is new again.

/// What a line of a mail body is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// Text the sender wrote now.
    New,
    /// A quoted line (`>`).
    Quoted,
    /// A line introducing a quote (`On ... wrote:`).
    Attribution,
    /// Quoted or forwarded history after a marker, to the end of the mail.
    History,
    /// A signature or a client's "sent from" line.
    Signature,
}

/// Classifies every line of `text` (split at `\n`).
#[must_use]
pub fn classify(text: &str) -> Vec<(LineKind, &str)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let n = lines.len();
    let mut kinds = vec![LineKind::New; n];
    for (i, l) in lines.iter().enumerate() {
        if is_quoted(l) {
            kinds[i] = LineKind::Quoted;
        }
    }
    mark_history_and_attributions(&lines, &mut kinds);
    mark_signatures(&lines, &mut kinds);
    kinds.into_iter().zip(lines).collect()
}

/// The new text of a mail body: the [`LineKind::New`] lines, with runs of blank
/// lines collapsed and blank lines at both ends removed.
///
/// # Examples
/// ```
/// use zaochka::mail::quotes::new_text;
/// let body = "e5-d4\n\nAnna\n\nOn 3 Mar 2025, Bot <bot@example.com> wrote:\n> 18. f2-e3\n";
/// assert_eq!(new_text(body), "e5-d4\n\nAnna");
/// ```
#[must_use]
pub fn new_text(text: &str) -> String {
    let mut out = String::new();
    let mut pending_blank = false;
    for (kind, line) in classify(text) {
        if kind != LineKind::New {
            // A cut counts as a paragraph break.
            pending_blank = !out.is_empty();
            continue;
        }
        if line.trim().is_empty() {
            pending_blank = !out.is_empty();
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
            if pending_blank {
                out.push('\n');
            }
        }
        pending_blank = false;
        out.push_str(line);
    }
    out
}

/// Whether a line is quoted: `>` after optional spaces, or a prefix of up to
/// four letters or digits right before `>` (`З> `, `IP>`).
#[must_use]
pub fn is_quoted(line: &str) -> bool {
    let t = line.trim_start();
    if t.starts_with('>') {
        return true;
    }
    // At most five characters are looked at: a prefix has four at most.
    let prefix: String = t
        .chars()
        .take(5)
        .take_while(|c| c.is_alphanumeric())
        .collect();
    let count = prefix.chars().count();
    (1..=4).contains(&count)
        && t[prefix.len()..].starts_with('>')
        && prefix.chars().next().is_some_and(char::is_uppercase)
}

fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

/// Marks history markers (to the end) and attributions.
fn mark_history_and_attributions(lines: &[&str], kinds: &mut [LineKind]) {
    let n = lines.len();
    let mut i = 0;
    while i < n {
        if kinds[i] != LineKind::New || is_blank(lines[i]) {
            i += 1;
            continue;
        }
        if is_history_marker(lines, i) {
            kinds[i..].fill(LineKind::History);
            return;
        }
        if let Some((len, strong)) = attribution_at(lines, i) {
            let next = (i + len..n).find(|&j| !is_blank(lines[j]));
            match next {
                Some(j) if kinds[j] == LineKind::Quoted => {
                    kinds[i..j].fill(LineKind::Attribution);
                    i = j;
                    continue;
                }
                _ if strong => {
                    kinds[i..].fill(LineKind::History);
                    return;
                }
                _ => {}
            }
        }
        i += 1;
    }
}

/// Phrases of separator lines that start quoted or forwarded history
/// (compared lowercased, with the dashes, underscores, stars and `=` around
/// them removed and a final `:` dropped).
const SEPARATOR_PHRASES: &[&str] = &[
    "original message",
    "original e-mail",
    "исходное сообщение",
    "исходное письмо",
    "forwarded message",
    "forwarded message follows",
    "forwarded e-mail",
    "begin forwarded message",
    "пересылаемое сообщение",
    "пересланное сообщение",
    "перенаправленное сообщение",
    "начало пересылаемого сообщения",
    "начало переадресованного сообщения",
    "конец пересылаемого сообщения",
    "reply message",
];

/// Labels of the first line of an unprefixed header block.
const FROM_LABELS: &[&str] = &["from", "от", "отправитель", "von", "de"];

/// Labels that follow `From:` in such a block.
const HEADER_LABELS: &[&str] = &[
    "sent",
    "date",
    "to",
    "cc",
    "subject",
    "отправлено",
    "дата",
    "кому",
    "копия",
    "тема",
    "gesendet",
    "an",
    "betreff",
];

fn is_history_marker(lines: &[&str], i: usize) -> bool {
    let line = lines[i].trim();
    // Outlook's separator: a line of underscores.
    if line.chars().count() >= 20 && line.chars().all(|c| c == '_') {
        return true;
    }
    // -----Original Message----- and forward headers.
    let dashes = line.chars().filter(|&c| c == '-' || c == '_').count();
    let core = line
        .trim_matches(|c: char| matches!(c, '-' | '_' | '*' | '=' | ' ' | '—' | '–'))
        .trim_end_matches(':')
        .trim()
        .to_lowercase();
    if SEPARATOR_PHRASES.contains(&core.as_str()) && (dashes >= 2 || line.ends_with(':')) {
        return true;
    }
    // An unprefixed header block: From: ... then Sent:/Date:/To:/Subject:.
    if header_label(line).is_some_and(|l| FROM_LABELS.contains(&l.as_str())) {
        let following = lines[i + 1..]
            .iter()
            .take(5)
            .filter(|l| header_label(l).is_some_and(|lab| HEADER_LABELS.contains(&lab.as_str())))
            .count();
        if following >= 1 {
            return true;
        }
    }
    // The bot's own first line, pasted without quote marks.
    is_bot_header(line)
}

/// The label of a `Label: value` line (lowercased; `*From:*` Outlook bold allowed).
fn header_label(line: &str) -> Option<String> {
    let t = line.trim().trim_start_matches('*');
    let (label, _) = t.split_once(':')?;
    let label = label.trim().trim_end_matches('*').trim();
    let ok = !label.is_empty()
        && label.chars().count() <= 12
        && label.chars().all(|c| c.is_alphabetic() || c == '-');
    ok.then(|| label.to_lowercase())
}

/// `Game #12 - Russian checkers`, `Партия №12 - русские шашки` (`Партия #12`
/// before the bot wrote `№`): the first line of every mail the bot sends.
fn is_bot_header(line: &str) -> bool {
    for word in ["Game #", "Партия №", "Партия #"] {
        if let Some(rest) = line.strip_prefix(word) {
            let digits = rest.chars().take_while(char::is_ascii_digit).count();
            if digits > 0 && rest[digits..].starts_with(" - ") {
                return true;
            }
        }
    }
    false
}

/// Words that mark an attribution ("wrote", "пишет" ...), lowercased.
const WROTE_WORDS: &[&str] = &[
    "wrote",
    "writes",
    "пишет",
    "писал",
    "писала",
    "писали",
    "написал",
    "написала",
    "написали",
    "schrieb",
    "a écrit",
    "escribió",
];

/// Words that start a two-line attribution's first line.
const ATTRIBUTION_STARTS: &[&str] = &["on ", "am ", "le ", "el ", "в ", "* "];

/// An attribution starting at line `i`: its length in lines (1 or 2) and
/// whether it is strong enough to cut to the end without a quote after it.
fn attribution_at(lines: &[&str], i: usize) -> Option<(usize, bool)> {
    let first = lines[i].trim();
    if !first.ends_with(':')
        && let Some(second) = lines.get(i + 1).map(|l| l.trim())
        && second.ends_with(':')
        && second.chars().count() <= 100
        && !is_quoted(lines[i + 1])
    {
        let lower = first.to_lowercase();
        let starts = ATTRIBUTION_STARTS.iter().any(|s| lower.starts_with(s));
        if (starts || has_date(first))
            && let Some(strong) = attribution_strength(&format!("{first} {second}"))
        {
            return Some((2, strong));
        }
    }
    attribution_strength(first).map(|s| (1, s))
}

/// `Some(strong)` when a line reads as an attribution: it ends with `:` and
/// has a "wrote" word, an address or a date. Strong: a "wrote" word or an
/// address together with a date, or an address and a "wrote" word.
fn attribution_strength(line: &str) -> Option<bool> {
    if !line.ends_with(':') || line.chars().count() > 400 {
        return None;
    }
    let lower = line.to_lowercase();
    let wrote = WROTE_WORDS.iter().any(|w| contains_word(&lower, w));
    let at = line.contains('@');
    let date = has_date(line);
    if !(wrote || at || date) {
        return None;
    }
    Some((wrote && (date || at)) || (at && date))
}

/// Whether `word` occurs in `text` as a whole word (not inside another word).
fn contains_word(text: &str, word: &str) -> bool {
    let mut from = 0;
    while let Some(pos) = text[from..].find(word).map(|p| p + from) {
        let before = text[..pos].chars().next_back();
        let after = text[pos + word.len()..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        if boundary(before) && boundary(after) {
            return true;
        }
        from = pos + word.len();
    }
    false
}

/// Whether a line holds a date or a time: a four-digit year 19xx or 20xx, a
/// `dd.mm.yyyy` date, or an `hh:mm` time.
fn has_date(line: &str) -> bool {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let run: String = chars[start..i].iter().collect();
        let isolated = start == 0 || !chars[start - 1].is_alphanumeric();
        if run.len() == 4 && (run.starts_with("19") || run.starts_with("20")) && isolated {
            return true;
        }
        // hh:mm
        if (1..=2).contains(&run.len())
            && chars.get(i) == Some(&':')
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && chars.get(i + 2).is_some_and(char::is_ascii_digit)
            && !chars.get(i + 3).is_some_and(char::is_ascii_digit)
        {
            return true;
        }
    }
    false
}

/// Marks signatures on the lines still new.
fn mark_signatures(lines: &[&str], kinds: &mut [LineKind]) {
    let n = lines.len();
    let mut i = 0;
    // Whether a new, non-blank line stands before `i` (kept as `i` moves on,
    // so that many `--` lines do not each scan back to the top).
    let mut new_before = false;
    let mut scanned = 0;
    while i < n {
        while scanned < i {
            new_before |= kinds[scanned] == LineKind::New && !is_blank(lines[scanned]);
            scanned += 1;
        }
        if kinds[i] != LineKind::New {
            i += 1;
            continue;
        }
        let line = lines[i].trim_end();
        if line == "--" || line == "-- " || line.trim() == "--" {
            let end = if new_before {
                (i + 1..n).find(|&j| kinds[j] != LineKind::New).unwrap_or(n)
            } else {
                // A signature placed above the text: only its own paragraph.
                (i + 1..n)
                    .find(|&j| is_blank(lines[j]) || kinds[j] != LineKind::New)
                    .unwrap_or(n)
            };
            kinds[i..end].fill(LineKind::Signature);
            i = end;
            continue;
        }
        if is_client_signature(line) {
            kinds[i] = LineKind::Signature;
            i += 1;
            continue;
        }
        if is_valediction(line) {
            kinds[i] = LineKind::Signature;
            let mut j = i + 1;
            while j < n && j <= i + 3 && kinds[j] == LineKind::New && is_name_line(lines[j]) {
                kinds[j] = LineKind::Signature;
                j += 1;
            }
            i = j;
            continue;
        }
        i += 1;
    }
}

/// Beginnings of the lines mail clients add under the text (lowercased).
const CLIENT_SIGNATURES: &[&str] = &[
    "sent from my ",
    "sent from ",
    "sent with ",
    "sent via ",
    "get outlook for ",
    "download outlook for ",
    "отправлено с ",
    "отправлено из ",
    "отправлено через ",
    "послано с ",
    "с уважением, отправлено",
];

fn is_client_signature(line: &str) -> bool {
    let lower = line.trim().to_lowercase();
    lower.chars().count() <= 80 && CLIENT_SIGNATURES.iter().any(|p| lower.starts_with(p))
}

/// Valedictions that end a letter (lowercased, without the final `,` or `!`).
const VALEDICTIONS: &[&str] = &[
    "с уважением",
    "с наилучшими пожеланиями",
    "всего доброго",
    "всего хорошего",
    "до связи",
    "спасибо",
    "заранее спасибо",
    "best regards",
    "kind regards",
    "warm regards",
    "regards",
    "best wishes",
    "best",
    "cheers",
    "thanks",
    "thank you",
    "many thanks",
    "sincerely",
    "yours sincerely",
    "yours",
];

fn is_valediction(line: &str) -> bool {
    let t = line.trim();
    let core = t.trim_end_matches([',', '!']).trim().to_lowercase();
    VALEDICTIONS.contains(&core.as_str()) && !t.ends_with('.')
}

/// A name line under a valediction: at most four words, no digits, no `?`,
/// each word capitalised, and no command word (so "Thanks,\nDraw?" keeps its
/// offer).
fn is_name_line(line: &str) -> bool {
    let t = line.trim();
    if t.is_empty() || t.chars().any(|c| c.is_ascii_digit() || c == '?') {
        return false;
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    words.len() <= 4
        && words.iter().all(|w| {
            w.chars().next().is_some_and(char::is_uppercase)
                && !crate::mail::intent::is_command_word(w)
        })
}

#[cfg(test)]
mod tests;
