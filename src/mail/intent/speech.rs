//! Whether words that name a result-changing act make it.
//!
//! A draw offer, an acceptance, a decline, a resignation or a claim is taken
//! only from a clause that says it affirmatively: a performative verb in the
//! first person (`предлагаю ничью`, `I accept`, `сдаюсь`, `claim`) or the
//! draw named alone (`ничья`, `c3-d4 draw`). The same words are not an act
//! when the clause is a question (`Ничья?`), negates them (`ничью не
//! предлагаю`, `no draw`), is a condition (`если вы предложите ничью`) or a
//! hypothesis (`я бы предложил`), reports someone else's words (`вы
//! предлагали ничью`, `he said draw`), quotes them (`«ничья?»`), jokes
//! (`Сдаюсь! Шучу`), hedges a bare draw (`может, ничья`, `I think it's a
//! draw`) or talks of the past or another game. Forms that only talk about
//! an act (`сдаться`, `предложили`, `resigned`) are never acts.
//!
//! Each clause is read with its sentence: the clauses around it and how the
//! sentence ends.

use super::lexicon::{
    CONDITION, CONTINUE, DRAW, HEDGE, HYPOTHESIS, JOKE, NEGATIONS, OFFER_NOUN, OTHER_PERSON, PAST,
    POLITE, REFUSAL, REPORTING, TAG, WISH,
};
use super::tokens::{Clause, End, Tok};
use super::types::{Act, Doubt};

/// How a word names an act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form {
    /// A performative verb: `предлагаю`, `accept`, `сдаюсь`, `claim`.
    Performative,
    /// The draw named: `ничья`, `draw`.
    Noun,
    /// A form that only talks about the act: `сдаться`, `предложили`.
    Mention,
}

/// One word of a clause that names an act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Named {
    /// The act named.
    pub(super) act: Act,
    /// How.
    pub(super) form: Form,
    /// The word's index among the clause's words.
    pub(super) at: usize,
}

/// What a clause says about acts: each act it names, taken or doubted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reading {
    /// The act is made.
    Made(Act),
    /// The act is named but not made, and why.
    Unsaid(Act, Doubt),
}

/// The word's act and form, if it names one. `prev` is the word before.
fn named(word: &str, prev: Option<&str>, next: Option<&str>) -> Option<(Act, Form)> {
    use Act::{Accept, Claim, Decline, Offer, Resign, Takeback};
    use Form::{Mention, Noun, Performative};
    let subject = prev.is_some_and(|p| {
        matches!(
            p,
            "i" | "we" | "you" | "he" | "she" | "they" | "я" | "мы" | "вы" | "ты" | "он" | "она"
        )
    });
    Some(match word {
        // `to accept` is an infinitive (performative only after a wish).
        "accept" | "decline" | "claim" if prev == Some("to") => (
            match word {
                "accept" => Accept,
                "decline" => Decline,
                _ => Claim,
            },
            Mention,
        ),
        "предлагаю"
        | "предлагаем"
        | "предложу"
        | "предложим"
        | "propose"
        | "proposing"
        | "suggest"
        | "suggesting" => (Offer, Performative),
        // `Draw offered.`, as `Draw accepted.`
        "offered" if prev.is_some_and(|p| DRAW.contains(&p)) => (Offer, Performative),
        // `offer` after a subject or opening the clause is the verb; after
        // an article or a possessive it is the noun.
        "offer" | "offering" => match prev {
            None
            | Some(
                "i" | "we" | "hereby" | "also" | "and" | "please" | "now" | "i'm" | "am" | "we're"
                | "are",
            ) => (Offer, Performative),
            Some("to") => (Offer, Mention),
            _ => (Offer, Noun),
        },
        // The draw spoken about (`про ничью`, `about a draw`) is no offer.
        "ничья" | "ничью" | "ничьей" | "ничьи" | "ничейку" | "вничью" | "draw" | "remis"
        | "ремиз"
            if prev.is_some_and(|p| ABOUT.contains(&p)) =>
        {
            (Offer, Mention)
        }
        "ничья" | "ничью" | "ничьей" | "ничьи" | "ничейку" | "вничью" | "draw" | "remis"
        | "ремиз" => (Offer, Noun),
        "предлагал"
        | "предлагала"
        | "предлагали"
        | "предлагаете"
        | "предлагает"
        | "предлагать"
        | "предложил"
        | "предложила"
        | "предложили"
        | "предложить"
        | "предложите"
        | "предлагается"
        | "offered"
        | "offers"
        | "proposed"
        | "suggested"
        | "ничейная"
        | "ничейный"
        | "ничейно"
        | "ничейную"
        | "ничейной"
        | "drawn"
        | "drawish" => (Offer, Mention),
        "принимаю"
        | "принемаю"
        | "соглосен"
        | "принимаем"
        | "согласен"
        | "согласна"
        | "согласны"
        | "соглашаюсь"
        | "accept"
        | "agree"
        | "принято"
        | "принята"
        | "принимается" => (Accept, Performative),
        "accepted" | "agreed" if !subject => (Accept, Performative),
        "принять"
        | "примете"
        | "принимаете"
        | "принимает"
        | "принял"
        | "приняла"
        | "приняли"
        | "согласиться"
        | "соглашаться"
        | "соглашусь"
        | "согласитесь"
        | "согласился"
        | "согласилась"
        | "согласились"
        | "accepts"
        | "accepting"
        | "agrees"
        | "accepted"
        | "agreed" => (Accept, Mention),
        "отказываюсь"
        | "отказ"
        | "отклоняю"
        | "отклоняем"
        | "отклонено"
        | "отклоняется"
        | "decline"
        | "declining"
        | "reject"
        | "refuse" => (Decline, Performative),
        "declined" | "rejected" | "refused" if !subject => (Decline, Performative),
        "отказался"
        | "отказалась"
        | "отказались"
        | "отказаться"
        | "откажусь"
        | "отклонили"
        | "отклонил"
        | "declined"
        | "rejected"
        | "refused"
        | "declines" => (Decline, Mention),
        // `to resign` is an infinitive (performative only after a wish);
        // `resign myself to` is no resignation.
        "resign" if prev == Some("to") || next == Some("myself") => (Resign, Mention),
        "сдаюсь" | "сдаю" | "resign" | "resigning" => (Resign, Performative),
        // `Белые сдаются`, `Black resigns`: the side named decides.
        "сдаются" | "resigns" if prev.is_some_and(side_word) => (Resign, Performative),
        "give" if next == Some("up") => (Resign, Performative),
        "сдаться" | "сдамся" | "сдаваться" | "сдаётесь" | "сдаетесь" | "сдался" | "сдалась"
        | "сдались" | "сдаёшься" | "сдаешься" | "сдастся" | "сдадитесь" | "сдача" | "сдачу"
        | "сдачи" | "сдал" | "сдала" | "сдали" | "сдаются" | "resigned" | "resigns"
        | "resignation" => (Resign, Mention),
        "gave" | "giving" if next == Some("up") => (Resign, Mention),
        // `claim` opening the clause or after its subject is the verb;
        // after an adjective or an article (`fair claim`, `a claim`) the noun.
        "claim" | "claiming"
            if !matches!(
                prev,
                None | Some(
                    "i" | "we" | "hereby" | "also" | "and" | "please" | "now" | "i'm" | "am"
                )
            ) =>
        {
            (Claim, Mention)
        }
        "требую" | "заявляю" | "claim" | "claiming" => (Claim, Performative),
        "claimed" | "claims" | "требовать" | "заявить" | "потребовать" | "требуете" => {
            (Claim, Mention)
        }
        "переходить"
        | "перехаживать"
        | "переходи"
        | "переходите"
        | "перехода"
        | "takeback"
        | "takebacks"
        | "undo"
        | "retract" => (Takeback, Mention),
        "take" if next == Some("back") => (Takeback, Mention),
        _ => return None,
    })
}

/// Whether a clause asks for a move back (`отмените мой ход`, `верните
/// ход`).
fn takeback(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(i, w)| {
        matches!(
            *w,
            "верните" | "вернуть" | "отменить" | "отмените" | "отменю" | "переиграть"
        ) && words[i + 1..words.len().min(i + 4)]
            .iter()
            .any(|n| matches!(*n, "ход" | "ходы"))
    })
}

/// Whether a word names a side: `белые`, `черные`, `white`, `black`.
fn side_word(w: &str) -> bool {
    matches!(w, "белые" | "чёрные" | "черные" | "white" | "black")
}

/// The side named before `сдаются`/`resigns` in a clause, if any: `true`
/// for White.
pub(super) fn side_resigning(words: &[&str]) -> Option<bool> {
    words.windows(2).find_map(|w| match w {
        [side, "сдаются" | "resigns"] if side_word(side) => {
            Some(matches!(*side, "белые" | "white"))
        }
        _ => None,
    })
}

/// The words of a clause that name acts, in order. A polite or resolved
/// wish (`хочу предложить ничью`, `I'd like to offer a draw`, `вынужден
/// сдаться`) makes the infinitive after it a performative.
pub(super) fn names(words: &[&str]) -> Vec<Named> {
    let mut out = Vec::new();
    for (at, w) in words.iter().enumerate() {
        let prev = at.checked_sub(1).map(|p| words[p]);
        if let Some((act, mut form)) = named(w, prev, words.get(at + 1).copied()) {
            if form == Form::Mention
                && INFINITIVES.contains(w)
                && words[at.saturating_sub(3)..at]
                    .iter()
                    .any(|p| WISH.contains(p))
            {
                form = Form::Performative;
            }
            out.push(Named { act, form, at });
        }
    }
    out
}

/// Words before a draw that make it the subject of talk, not an offer.
const ABOUT: &[&str] = &[
    "про",
    "о",
    "об",
    "насчёт",
    "насчет",
    "about",
    "regarding",
    "re",
    "concerning",
    "of",
];

/// Infinitives of the acts, performative after a wish.
const INFINITIVES: &[&str] = &[
    "предложить",
    "принять",
    "согласиться",
    "отказаться",
    "сдаться",
    "заявить",
    "потребовать",
    "offer",
    "accept",
    "decline",
    "resign",
    "claim",
];

/// Whether a word is a negation: `не`, `no`, `never`, `don't`, `can't` ...
pub(super) fn negation(word: &str) -> bool {
    NEGATIONS.contains(&word) || word.ends_with("n't") || word.ends_with("n’t")
}

fn any_in(words: &[&str], set: &[&str]) -> bool {
    words.iter().any(|w| set.contains(w))
}

/// The acts of clause `c` of a sentence, each made or doubted. `joke_near`:
/// the line or the next one says it is a joke.
pub(super) fn read_clause(sentence: &[Clause], c: usize, joke_near: bool) -> Vec<Reading> {
    let clause = &sentence[c];
    let words: Vec<&str> = clause.words().map(|(w, _)| w).collect();
    let quoted: Vec<bool> = clause.words().map(|(_, q)| q).collect();
    let mut named = names(&words);
    let mut out = Vec::new();
    if takeback(&words) {
        named.push(Named {
            act: Act::Takeback,
            form: Form::Mention,
            at: 0,
        });
    }
    if named.is_empty() {
        return out;
    }
    let draw_object = named
        .iter()
        .any(|n| n.act == Act::Offer && n.form == Form::Noun)
        || any_in(&words, DRAW);
    // The first performative of each act speaks for the clause (a clause
    // may repeat a word very many times).
    let mut performatives: Vec<&Named> = Vec::new();
    for n in named.iter().filter(|n| n.form == Form::Performative) {
        if !performatives.iter().any(|p| p.act == n.act) {
            performatives.push(n);
        }
    }
    // Words that make a bare acceptance or decline (`Согласен.`,
    // `Accepted!`): nothing but the verb, lead words and thanks.
    let bare = words.iter().enumerate().all(|(i, w)| {
        named.iter().any(|n| n.at == i)
            || negation(w)
            || super::lexicon::LEAD.contains(w)
            || super::lexicon::FILLER.contains(w)
            || super::lexicon::THANKS.contains(w)
            || matches!(*w, "её" | "ее" | "это" | "его")
    });
    let mut readings: Vec<(Named, Option<Act>)> = Vec::new();
    for n in &performatives {
        let act = match n.act {
            // A negated acceptance is a decline (`не согласен`, `don't
            // accept`); a negated decline accepts nothing.
            Act::Accept | Act::Decline if !(draw_object || bare) => None,
            Act::Accept if negated_before(&words, n.at) => Some(Act::Decline),
            Act::Offer if !offers_the_draw(&words, n.at) => None,
            Act::Claim if !draw_object && !is_english_claim(&words, n) => None,
            a => Some(a),
        };
        if let Some(a) = act {
            readings.push((**n, Some(a)));
        }
    }
    if readings.is_empty() {
        // The draw named alone, or only talked about.
        let noun = named
            .iter()
            .find(|n| n.form == Form::Noun && n.act == Act::Offer);
        let mention = named.iter().find(|n| n.form == Form::Mention);
        match (noun, mention) {
            (Some(n), None) => readings.push((*n, Some(Act::Offer))),
            (_, Some(m)) => {
                let doubt = doubt(sentence, c, &words, &quoted, m, joke_near).unwrap_or(
                    if m.act == Act::Offer && noun.is_some() {
                        Doubt::Reported
                    } else {
                        Doubt::Mention
                    },
                );
                out.push(Reading::Unsaid(m.act, doubt));
                return out;
            }
            (None, None) => {}
        }
    }
    for (n, act) in readings {
        let Some(act) = act else { continue };
        let consumed_negation = n.act == Act::Accept && act == Act::Decline;
        let mut d = doubt(sentence, c, &words, &quoted, &n, joke_near);
        if consumed_negation && d == Some(Doubt::Negation) {
            d = None;
        }
        if n.act == Act::Decline && negated_before(&words, n.at) {
            // `не отказываюсь`: no decline, and no acceptance either.
            out.push(Reading::Unsaid(Act::Accept, Doubt::Negation));
            continue;
        }
        out.push(match d {
            None => Reading::Made(act),
            Some(d) => Reading::Unsaid(act, d),
        });
    }
    out
}

/// Whether the draw is what the offer verb at `at` offers: a draw named
/// within six words after it or two before (`предлагаю ничью`, `offer you
/// a draw`, `ничью предлагаю`), and not set aside (`instead of a draw I offer
/// you a puzzle`, `вместо ничьей предлагаю`).
fn offers_the_draw(words: &[&str], at: usize) -> bool {
    let near = at.saturating_sub(2)..(at + 7).min(words.len());
    near.filter(|&i| i != at).any(|i| {
        DRAW.contains(&words[i])
            && !words[i.saturating_sub(3)..i]
                .iter()
                .any(|w| matches!(*w, "instead" | "вместо" | "rather" | "кроме" | "than"))
    })
}

/// `claim` alone is the English draw claim (`claim`, `I claim`).
fn is_english_claim(words: &[&str], n: &Named) -> bool {
    n.act == Act::Claim && matches!(words[n.at], "claim" | "claiming")
}

/// Whether a negation stands among the three words before `at`.
fn negated_before(words: &[&str], at: usize) -> bool {
    words[at.saturating_sub(3)..at].iter().any(|w| negation(w))
}

/// Why the claim of a result that clause `c` of a sentence makes with its
/// first words (`требую победу`, `признаю поражение`, `claim a loss`) is
/// not the player's own, if it is not: by the same reading as every act
/// that changes a result (quoted, reported, asked, denied, in a condition,
/// a joke). `None`: the player claims it.
pub(super) fn result_claim_doubt(sentence: &[Clause], c: usize, joke_near: bool) -> Option<Doubt> {
    let clause = &sentence[c];
    let words: Vec<&str> = clause.words().map(|(w, _)| w).collect();
    let quoted: Vec<bool> = clause.words().map(|(_, q)| q).collect();
    let at = words
        .iter()
        .position(|w| !super::lexicon::LEAD.contains(w))
        .unwrap_or(0);
    let named = Named {
        act: Act::Claim,
        form: Form::Performative,
        at,
    };
    doubt(sentence, c, &words, &quoted, &named, joke_near)
}

/// Why the act named at `n` is not made, if it is not.
fn doubt(
    sentence: &[Clause],
    c: usize,
    words: &[&str],
    quoted: &[bool],
    n: &Named,
    joke_near: bool,
) -> Option<Doubt> {
    let clause = &sentence[c];
    let last_end = sentence.last().map_or(End::Open, |l| l.end);
    let weak = n.form != Form::Performative;
    let before = &words[..n.at];
    let near_before = &words[n.at.saturating_sub(3)..n.at];
    let after = &words[n.at + 1..];
    let clause_words = |k: usize| sentence[k].words().map(|(w, _)| w).collect::<Vec<_>>();
    if quoted.get(n.at).copied().unwrap_or(false) {
        return Some(Doubt::Quoted);
    }
    if other_game(words) {
        return Some(Doubt::Elsewhere);
    }
    if joke_near {
        return Some(Doubt::Joke);
    }
    // A question: the clause itself, or for the bare noun the sentence; a
    // tag after a verb (`Сдаюсь, что ли?`) asks too.
    let tags_only = sentence[c + 1..]
        .iter()
        .all(|k| k.words().all(|(w, _)| TAG.contains(&w)));
    if clause.end == End::Question
        || (last_end == End::Question && (weak || (c + 1 < sentence.len() && tags_only)))
    {
        return Some(Doubt::Question);
    }
    if near_before.iter().any(|w| negation(w))
        || (weak && after.iter().take(3).any(|w| negation(w)))
    {
        return Some(Doubt::Negation);
    }
    // A refusal answering in the same sentence: `Ничья — ни за что`,
    // `Draw? No`.
    if weak
        && (0..sentence.len())
            .filter(|&k| k != c)
            .any(|k| refusal(&clause_words(k)))
    {
        return Some(Doubt::Negation);
    }
    if any_in(words, CONDITION) || (any_in(words, HYPOTHESIS) && !any_in(before, WISH)) {
        return Some(Doubt::Condition);
    }
    for (k, other) in sentence.iter().enumerate() {
        if k == c {
            continue;
        }
        let ws: Vec<&str> = other.words().map(|(w, _)| w).collect();
        if ws.first().is_some_and(|w| CONDITION.contains(w)) && !any_in(&ws, POLITE) {
            return Some(Doubt::Condition);
        }
    }
    let speech_before =
        (0..c).any(|k| any_in(&clause_words(k), REPORTING)) || any_in(before, REPORTING);
    let subject = before
        .iter()
        .rev()
        .find(|w| {
            !matches!(
                **w,
                "уже" | "already" | "also" | "тоже" | "just" | "really" | "действительно"
            )
        })
        .is_some_and(|w| OTHER_PERSON.contains(w));
    if speech_before || subject {
        return Some(Doubt::Reported);
    }
    if weak && (any_in(words, HEDGE) || (0..c).any(|k| any_in(&clause_words(k), HEDGE))) {
        return Some(Doubt::Hedge);
    }
    if weak && any_in(words, PAST) {
        return Some(Doubt::Elsewhere);
    }
    if weak && n.act == Act::Offer && any_in(words, OFFER_NOUN) && any_in(words, OTHER_PERSON) {
        return Some(Doubt::Reported);
    }
    // The draw named alone offers only in a sentence that says nothing else
    // (`Ничья.`, `c3-d4 ничья`, `Ничья, если не возражаете`): in one that
    // says more about it (`ничья — не поражение, но и не победа`) it is
    // talked about.
    if weak && !clause.toks.iter().any(|t| matches!(t, Tok::Move { .. })) {
        let says_more = sentence.iter().flat_map(Clause::words).any(|(w, _)| {
            !(named_word(w)
                || negation(w)
                || super::lexicon::FILLER.contains(&w)
                || super::lexicon::LEAD.contains(&w)
                || super::lexicon::THANKS.contains(&w)
                || POLITE.contains(&w)
                || CONDITION.contains(&w)
                || DRAW.contains(&w)
                || OFFER_NOUN.contains(&w)
                || matches!(
                    w,
                    "давайте"
                        | "давай"
                        | "let's"
                        | "lets"
                        | "вам"
                        | "you"
                        | "i"
                        | "я"
                        | "take"
                        | "here"
                        | "спс"
                        | "беру"
                        | "возьму"
                )
                || !w.chars().any(char::is_alphanumeric))
        });
        if says_more {
            return Some(Doubt::Mention);
        }
    }
    None
}

/// Whether a word names an act in some form.
fn named_word(w: &str) -> bool {
    named(w, None, None).is_some()
}

/// Whether a clause speaks of another game (`во второй нашей партии`, `in
/// the other game`).
fn other_game(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(i, w)| {
        matches!(
            *w,
            "партии" | "партию" | "партиях" | "партией" | "game" | "games" | "match"
        ) && words[i.saturating_sub(3)..i].iter().any(|p| {
            matches!(
                *p,
                "другой"
                    | "второй"
                    | "первой"
                    | "третьей"
                    | "прошлой"
                    | "той"
                    | "соседней"
                    | "other"
                    | "another"
                    | "second"
                    | "first"
                    | "previous"
                    | "last"
            )
        })
    })
}

/// Whether a clause is a refusal: `нет`, `no way`, `ни за что`, `never`.
pub(super) fn refusal(words: &[&str]) -> bool {
    !words.is_empty()
        && words
            .iter()
            .all(|w| REFUSAL.contains(w) || super::lexicon::THANKS.contains(w))
        && words.iter().any(|w| {
            matches!(
                *w,
                "нет" | "неа" | "no" | "nope" | "never" | "ни" | "отнюдь"
            )
        })
}

/// Whether a clause says the game goes on (`играем дальше`, `play on`),
/// not negated.
pub(super) fn plays_on(words: &[&str]) -> bool {
    let says = CONTINUE.iter().any(|phrase| {
        let parts: Vec<&str> = phrase.split(' ').collect();
        words.windows(parts.len()).any(|w| w == parts.as_slice())
    });
    says && !words.iter().any(|w| negation(w))
}

/// Whether a line says it is a joke (`шучу`, `just kidding`).
pub(super) fn jokes(words: &[&str]) -> bool {
    any_in(words, JOKE)
}
