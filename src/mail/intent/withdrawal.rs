//! Withdrawal from a tournament in a clause: a statement in the first person
//! (`выбываю из турнира`, `снимаюсь с турнира`, `выхожу из турнира`, `I
//! withdraw from the tournament`) asks to withdraw; a question about it
//! (`можно ли выйти из турнира?`, `how do I withdraw from the tournament`)
//! asks how. A word of withdrawal counts only with a word for the
//! tournament among the four words after it; an infinitive or a noun
//! (`выйти`, `withdrawal`) states it only after a wish (`хочу выйти из
//! турнира`). Negated words (`не выбываю`,
//! `I don't withdraw`) and quoted words ask nothing; a withdrawal under a
//! condition (`if I withdraw from the tournament, ...`) is a question.
//!
//! A confirmation (`подтверждаю выход 12345678`, `confirm withdrawal
//! 12345678`, `I confirm my withdrawal from the tournament, code 12345678`)
//! is read from the whole line ([`confirmation`]), and only when the line is
//! the confirmation alone: a first-person word of confirming (after `я` /
//! `I` at most), a withdrawal noun at most two words after it, only the words
//! that name it (`свой`, `из турнира`, `код`, `my`, `from the tournament`,
//! `code`) and the code's [`CODE_DIGITS`] digits (written together or in
//! groups) ending the line. Asked (`?` on the line), denied, supposed,
//! quoted, or with anything else before or after (`— нет, передумал`, `if
//! the director allows`, the bot's own instruction sent back), it is none.

use super::lexicon::{
    ASKING_HOW, CONDITION, CONFIRMING, LEAD, TOURNAMENT, WISHING, WITHDRAWAL_NOUNS,
    WITHDRAWAL_WORDS, WITHDRAWING,
};
use super::speech::negation;
use super::tokens::{CLOSERS, Clause, End, OPENERS, core_lower};

/// What a clause says of a withdrawal from a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Withdrawal {
    /// The player withdraws (a statement, to be confirmed).
    Said,
    /// The player asks how to withdraw, or whether one may.
    Asked,
}

/// The words after a withdrawal word in which the tournament is looked for.
const REACH: usize = 4;

/// What clause `c` of a sentence says of a withdrawal, if anything.
pub(super) fn withdrawal(sentence: &[Clause], c: usize) -> Option<Withdrawal> {
    let words: Vec<(&str, bool)> = sentence[c].words().collect();
    let found = words.iter().enumerate().find(|(i, (w, _))| {
        (WITHDRAWING.contains(w) || WITHDRAWAL_WORDS.contains(w))
            && words[i + 1..]
                .iter()
                .take(REACH)
                .any(|(t, _)| TOURNAMENT.contains(t))
    });
    let (at, &(word, quoted)) = found?;
    if quoted || words.iter().any(|(w, q)| *q && TOURNAMENT.contains(w)) {
        return None;
    }
    if words[..at].iter().any(|(w, _)| negation(w)) {
        return None;
    }
    let first = words
        .iter()
        .map(|(w, _)| *w)
        .find(|w| !LEAD.contains(w) || ASKING_HOW.contains(w));
    // A condition (`если я выбываю из турнира, ...`) weighs a withdrawal:
    // answered as a question.
    let asked = sentence.last().is_some_and(|l| l.end == End::Question)
        || first.is_some_and(|w| ASKING_HOW.contains(&w))
        || words[..at].iter().any(|(w, _)| CONDITION.contains(w));
    if asked {
        return Some(Withdrawal::Asked);
    }
    // A statement makes the act with a verb in the first person, or with
    // an infinitive after a wish (`хочу выйти`).
    let wished = words[..at].iter().any(|(w, _)| WISHING.contains(w));
    (WITHDRAWING.contains(&word) || wished).then_some(Withdrawal::Said)
}

/// The digits of a withdrawal's confirmation code.
pub const CODE_DIGITS: usize = 8;

/// The words between the confirming word and the withdrawal noun (`своё`,
/// `my`).
const TO_NOUN: usize = 2;

/// The words a confirmation may begin with, before its verb.
const CONFIRMATION_LEAD: &[&str] = &["я", "i", "hereby", "настоящим", ""];

/// The words a confirmation may hold between its verb, the noun and the code
/// (`своё`, `из турнира, код`, `my`, `from the tournament, code`).
const CONFIRMATION_FILLER: &[&str] = &[
    "свой",
    "своё",
    "свое",
    "мой",
    "моё",
    "мое",
    "из",
    "турнира",
    "код",
    "кодом",
    "my",
    "the",
    "from",
    "tournament",
    "code",
    "with",
];

/// A confirmation of a withdrawal on `line`, if it holds one: `Some(code)`
/// with the code written, `Some(None)` with a confirmation but no code of
/// [`CODE_DIGITS`] digits.
#[must_use]
pub fn confirmation(line: &str) -> Option<Option<u32>> {
    if line.contains('?') {
        return None;
    }
    let raw: Vec<&str> = line.split_whitespace().collect();
    let words: Vec<String> = raw.iter().map(|w| core_lower(w)).collect();
    let quoted = |k: usize| {
        raw[k].starts_with(OPENERS) && !raw[k].starts_with(['(', '[', '{', '*', '_'])
            || raw[k]
                .trim_end_matches(['.', ',', '!', ';', ':'])
                .ends_with(CLOSERS)
                && !raw[k]
                    .trim_end_matches(['.', ',', '!', ';', ':'])
                    .ends_with([')', ']', '}', '*', '_'])
    };
    let at = words
        .iter()
        .position(|w| CONFIRMING.contains(&w.as_str()))?;
    // Only the confirmation itself: a short lead (`я`, `I`), the words that
    // name the withdrawal (`свой выход из турнира, код`), the code and
    // nothing after it. Anything else on the line (a denial, a condition, an
    // instruction, the bot's own sentence sent back) confirms nothing.
    if quoted(at)
        || !words[..at]
            .iter()
            .all(|w| CONFIRMATION_LEAD.contains(&w.as_str()))
    {
        return None;
    }
    let noun = (at + 1..words.len().min(at + 2 + TO_NOUN))
        .find(|&k| WITHDRAWAL_NOUNS.contains(&words[k].as_str()))?;
    let filler =
        |k: &usize| words[*k].is_empty() || CONFIRMATION_FILLER.contains(&words[*k].as_str());
    if !(at + 1..noun).all(|k| filler(&k)) {
        return None;
    }
    let start = (noun + 1..words.len()).find(|k| !filler(k));
    let Some(start) = start else {
        return Some(None);
    };
    let mut digits = String::new();
    let mut end = start;
    for w in &words[start..] {
        let w = w.trim_end_matches(['.', ',', '!', ';', ':']);
        if w.is_empty() || !w.chars().all(|c| c.is_ascii_digit() || c == '-') {
            break;
        }
        digits.extend(w.chars().filter(char::is_ascii_digit));
        end += 1;
    }
    if end == start || words[end..].iter().any(|w| !w.is_empty()) {
        return None;
    }
    Some(
        (digits.len() == CODE_DIGITS)
            .then(|| digits.parse().ok())
            .flatten(),
    )
}

#[cfg(test)]
mod tests {
    use super::confirmation;

    #[test]
    fn a_confirmation_is_read_with_its_code_in_either_language() {
        for line in [
            "подтверждаю выход 12345678",
            "Подтверждаю свой выход из турнира, код 1234 5678.",
            "confirm withdrawal 12345678",
            "I confirm my withdrawal from the tournament, code 1234-5678",
        ] {
            assert_eq!(confirmation(line), Some(Some(12_345_678)), "{line}");
        }
        assert_eq!(confirmation("подтверждаю выход"), Some(None));
        assert_eq!(confirmation("confirm withdrawal 1234"), Some(None));
    }

    #[test]
    fn a_question_a_negation_or_a_quotation_confirms_nothing() {
        for line in [
            "подтверждаю выход 12345678?",
            "а если я подтверждаю выход 12345678, что будет?",
            "не подтверждаю выход 12345678",
            "I don't confirm my withdrawal 12345678",
            "он написал «подтверждаю выход 12345678»",
            "не хочу выходить из турнира",
            "confirm the move 12345678",
            "если подтверждаю выход 12345678, то партии отдадут сопернику",
            "If I confirm withdrawal 12345678 my games are lost",
            "подтверждаю выход 96303073 — нет, передумал, остаюсь",
            "confirm withdrawal 99838174 - no, I changed my mind, I stay",
            "confirm withdrawal 96105244, but only if my opponent agrees",
            "Please ignore this: confirm withdrawal 08891929",
            "подтверждаю выход 90226757, если судья разрешит",
            "Отменяю: подтверждаю выход 71459868",
            "подтверждаю выход 30047297 не",
            "ответьте на это письмо строкой: подтверждаю выход 18543566 (код действует по 12.12.2026 включительно)",
        ] {
            assert_eq!(confirmation(line), None, "{line}");
        }
    }
}
