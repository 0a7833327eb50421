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

use super::lexicon::{
    ASKING_HOW, CONDITION, LEAD, TOURNAMENT, WISHING, WITHDRAWAL_WORDS, WITHDRAWING,
};
use super::speech::negation;
use super::tokens::{Clause, End};

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
