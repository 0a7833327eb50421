//! The command grammar: what a clause of words says (its moves that count and
//! its command).

use super::lexicon::{
    ADMIT, AT_HOUR, BULLETINS, BULLETINS_OFF, CALENDAR, CLAIM, CONDITION, DIGEST, EVERY, FILLER,
    HELP, HISTORY, HYPOTHESIS, LEAD, LEAVE, LOSS, MOVE_NOUNS, MOVE_VERBS, PASSWORD,
    POSSESSIVE_OTHER, STANDINGS, STATUS, WIN, XFCC, is_command_word,
};
use super::merge::ItemKind;
use super::speech::{Reading, negation, plays_on, read_clause, result_claim_doubt, side_resigning};
use super::tokens::{Clause, End, Tok};
use super::types::{Act, Doubt};
use super::withdrawal::Withdrawal;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Cmd {
    Offer,
    Accept,
    Decline,
    Resign,
    /// `Белые сдаются`: a resignation if the sender plays White.
    ResignWhite,
    /// `Чёрные сдаются`: a resignation if the sender plays Black.
    ResignBlack,
    Claim,
    ClaimWin,
    ClaimLoss,
    Standings,
    Status,
    History,
    Help,
    Leave,
    /// `бюллетени`, `bulletins`: the tournament bulletins, asked for again.
    BulletinsOn,
    /// `без бюллетеней`, `no bulletins`: no more tournament bulletins.
    BulletinsOff,
    /// `сводка`, `digest` (`сводка в 8`, `digest at 8`): one mail a day at
    /// that hour of the player's day (`None`: the default hour).
    Digest(Option<u8>),
    /// `каждый ход`, `every move`: a mail for every move again.
    EveryMove,
    /// `календарь`, `calendar`: the player's deadlines as an `.ics` file.
    Calendar,
    /// `пароль xfcc`, `xfcc password`: a new Xfcc password by mail.
    XfccPassword,
    /// `выбываю из турнира`, `I withdraw from the tournament`.
    Withdraw,
    /// `можно ли выйти из турнира?`: how to withdraw.
    HowToWithdraw,
    /// `подтверждаю выход 12345678`: the withdrawal confirmed with its
    /// code (`None`: no code written).
    ConfirmWithdrawal(Option<u32>),
}

impl Cmd {
    /// The act a command makes, if it changes the game.
    pub(super) fn act(self) -> Option<Act> {
        match self {
            Cmd::Offer => Some(Act::Offer),
            Cmd::Accept => Some(Act::Accept),
            Cmd::Decline => Some(Act::Decline),
            Cmd::Resign | Cmd::ResignWhite | Cmd::ResignBlack => Some(Act::Resign),
            Cmd::Claim | Cmd::ClaimWin | Cmd::ClaimLoss => Some(Act::Claim),
            _ => None,
        }
    }

    /// The command that makes an act (a takeback is never one).
    fn of(act: Act) -> Option<Cmd> {
        match act {
            Act::Offer => Some(Cmd::Offer),
            Act::Accept => Some(Cmd::Accept),
            Act::Decline => Some(Cmd::Decline),
            Act::Resign => Some(Cmd::Resign),
            Act::Claim => Some(Cmd::Claim),
            Act::Takeback => None,
        }
    }
}

/// What a sentence says: for each clause, the moves that count, the
/// commands it makes, and the acts and moves it names without making them.
/// `joke_near`: the line or the next one says it is a joke.
pub(super) fn evaluate(sentence: &[Clause], joke_near: bool, out: &mut dyn FnMut(ItemKind)) {
    // A move in the last clause of a question asked with words besides
    // moves (`Может, c3-d4?`; not `I play O-O-O now, and you?`).
    let asked = sentence.last().is_some_and(|l| l.end == End::Question)
        && sentence.iter().flat_map(Clause::words).any(|(w, _)| {
            !FILLER.contains(&w)
                && !LEAD.contains(&w)
                && !MOVE_VERBS.contains(&w)
                && !is_command_word(w)
        });
    for (c, clause) in sentence.iter().enumerate() {
        let words: Vec<&str> = clause.words().map(|(w, _)| w).collect();
        let bare = words.iter().all(|w| {
            FILLER.contains(w)
                || LEAD.contains(w)
                || negation(w)
                || is_command_word(w)
                || !w.chars().any(char::is_alphanumeric)
        });
        // What the whole clause says of its moves, read once (a clause may
        // hold very many moves).
        let whole = ClauseMarks {
            hypothesis: words.iter().any(|w| HYPOTHESIS.contains(w)),
            past: words.iter().any(|w| {
                matches!(
                    *w,
                    "was" | "were" | "был" | "была" | "было" | "вчера" | "yesterday"
                )
            }),
            asked: asked && c + 1 == sentence.len(),
        };
        let mut condition_before = false;
        let mut word_index = 0;
        for t in &clause.toks {
            match t {
                Tok::Word { lower, .. } => {
                    word_index += 1;
                    condition_before |= CONDITION.contains(&lower.as_str());
                }
                Tok::Move { mv, strong, quoted } => {
                    let before = &words[..word_index];
                    // A short move in a sentence is the player's right after
                    // a verb of moving: `I'll play cd4 this time`.
                    let moving = before[before.len().saturating_sub(3)..]
                        .iter()
                        .any(|w| MOVE_VERBS.contains(w));
                    match move_doubt(before, *quoted, condition_before, whole) {
                        Some(doubt) if *strong || bare || moving => {
                            out(ItemKind::Named(mv.text.clone(), doubt));
                        }
                        Some(_) => {}
                        None if *strong || bare || moving => out(ItemKind::Move(mv.clone())),
                        None => {}
                    }
                }
                Tok::Number { .. } => {}
            }
        }
        let command = command(&words);
        let claims_result = matches!(command, Some(Cmd::ClaimWin | Cmd::ClaimLoss));
        for reading in read_clause(sentence, c, joke_near) {
            out(match reading {
                Reading::Made(Act::Claim) if claims_result => continue,
                Reading::Made(Act::Resign) if side_resigning(&words).is_some() => {
                    ItemKind::Cmd(if side_resigning(&words) == Some(true) {
                        Cmd::ResignWhite
                    } else {
                        Cmd::ResignBlack
                    })
                }
                Reading::Made(act) => match Cmd::of(act) {
                    Some(cmd) => ItemKind::Cmd(cmd),
                    None => ItemKind::Unsaid(act, Doubt::Mention),
                },
                Reading::Unsaid(act, doubt) => ItemKind::Unsaid(act, doubt),
            });
        }
        if plays_on(&words) {
            out(ItemKind::PlayOn);
        }
        match command {
            // A leave clause never comes here: the line's leave requests
            // are taken out before its sentences are read
            // (super::leave::take_leave).
            Some(Cmd::Leave) => {}
            // Asked or denied: not taken (the mail is answered as holding
            // no command); at an hour that is none, refused with the hours.
            Some(Cmd::Digest(_) | Cmd::EveryMove | Cmd::Calendar)
                if clause.end == End::Question || words.iter().any(|w| negation(w)) => {}
            Some(Cmd::Digest(_)) => match digest_hour(clause) {
                Ok(hour) => out(ItemKind::Cmd(Cmd::Digest(hour))),
                Err(written) => out(ItemKind::BadDigestHour(written)),
            },
            Some(claim @ (Cmd::ClaimWin | Cmd::ClaimLoss)) => {
                if clause.end == End::Question || words.iter().any(|w| negation(w)) {
                    out(ItemKind::Unsaid(Act::Claim, Doubt::Question));
                } else if let Some(doubt) = result_claim_doubt(sentence, c, joke_near) {
                    out(ItemKind::Unsaid(Act::Claim, doubt));
                } else {
                    out(ItemKind::Cmd(claim));
                }
            }
            Some(c) => out(ItemKind::Cmd(c)),
            None => {}
        }
        match super::withdrawal::withdrawal(sentence, c) {
            Some(Withdrawal::Said) => out(ItemKind::Cmd(Cmd::Withdraw)),
            Some(Withdrawal::Asked) => out(ItemKind::Cmd(Cmd::HowToWithdraw)),
            None => {}
        }
    }
}

/// Why a move written in a clause is not the player's move now, if it is
/// not: quoted, the opponent's (`your cd4`, `ваш ход c3-d4`), negated (`не
/// c3-d4`, `instead of c3-d4`), in a condition or a hypothesis (`если c3-d4`,
/// `I'd play e4`), of the past (`c3-d4 was a mistake`), or asked about with
/// words (`А если c3-d4?`).
fn move_doubt(
    before: &[&str],
    quoted: bool,
    condition_before: bool,
    whole: ClauseMarks,
) -> Option<Doubt> {
    let near = &before[before.len().saturating_sub(2)..];
    if quoted {
        Some(Doubt::Quoted)
    } else if near.iter().any(|w| POSSESSIVE_OTHER.contains(w)) {
        Some(Doubt::Reported)
    } else if near
        .iter()
        .any(|w| negation(w) || matches!(*w, "вместо" | "instead"))
        || before.ends_with(&["instead", "of"])
    {
        Some(Doubt::Negation)
    } else if condition_before || whole.hypothesis {
        Some(Doubt::Condition)
    } else if whole.past {
        Some(Doubt::Elsewhere)
    } else if whole.asked {
        Some(Doubt::Question)
    } else {
        None
    }
}

/// What a clause says of all its moves at once.
#[derive(Clone, Copy)]
struct ClauseMarks {
    /// A hypothesis (`бы`, `would`).
    hypothesis: bool,
    /// The past (`was`, `вчера`).
    past: bool,
    /// The clause ends a question asked with words.
    asked: bool,
}

/// The command of a clause, from its first words.
pub(super) fn command(words: &[&str]) -> Option<Cmd> {
    let ws: Vec<&str> = words
        .iter()
        .copied()
        .skip_while(|w| LEAD.contains(w))
        .collect();
    let first = *ws.first()?;
    let window = &ws[..ws.len().min(6)];
    let has = |set: &[&str]| window.iter().any(|w| set.contains(w));
    let is = |set: &[&str]| set.contains(&first);
    if is(CLAIM) && has(WIN) {
        return Some(Cmd::ClaimWin);
    }
    if (is(CLAIM) || is(ADMIT)) && has(LOSS) {
        return Some(Cmd::ClaimLoss);
    }
    if has(XFCC) && has(PASSWORD) {
        return Some(Cmd::XfccPassword);
    }
    if is(STANDINGS) {
        return Some(Cmd::Standings);
    }
    if is(BULLETINS) {
        return Some(Cmd::BulletinsOn);
    }
    if is(BULLETINS_OFF) && has(BULLETINS) {
        return Some(Cmd::BulletinsOff);
    }
    if is(DIGEST) {
        return Some(Cmd::Digest(None));
    }
    if is(CALENDAR) {
        return Some(Cmd::Calendar);
    }
    if is(EVERY) && ws.get(1).is_some_and(|w| MOVE_NOUNS.contains(w)) {
        return Some(Cmd::EveryMove);
    }
    if has(LEAVE) {
        return Some(Cmd::Leave);
    }
    if is(STATUS) {
        Some(Cmd::Status)
    } else if is(HISTORY) {
        Some(Cmd::History)
    } else if is(HELP) {
        Some(Cmd::Help)
    } else {
        None
    }
}

/// The hour of a digest clause (`сводка в 8`, `digest at 08:00`, `digest
/// at 20h`): `Ok(None)` when it names none, `Err` with the word after the
/// word of [`AT_HOUR`] as read (empty when none follows) when it is not an
/// hour from 0 to 23.
fn digest_hour(clause: &Clause) -> Result<Option<u8>, String> {
    let toks = &clause.toks;
    let at = toks
        .iter()
        .position(|t| matches!(t, Tok::Word { lower, .. } if AT_HOUR.contains(&lower.as_str())));
    let Some(at) = at else {
        return Ok(None);
    };
    let written = match toks.get(at + 1) {
        Some(Tok::Number { n, .. }) => n.to_string(),
        Some(Tok::Word { lower, .. }) => lower.clone(),
        Some(Tok::Move { mv, .. }) => mv.text.clone(),
        None => String::new(),
    };
    hour_after(toks.get(at + 1)).ok_or(written).map(Some)
}

/// The hour a digest clause's word after [`AT_HOUR`] names, if it is one
/// from 0 to 23 (`8`, `08:00`, `20h`, `7ч`).
fn hour_after(tok: Option<&Tok>) -> Option<u8> {
    let n = match tok? {
        Tok::Number { n, black: false } => *n,
        Tok::Word { lower, .. } => {
            let digits: String = lower.chars().take_while(char::is_ascii_digit).collect();
            let rest = &lower[digits.len()..];
            if digits.is_empty()
                || !matches!(
                    rest,
                    "" | ":00" | ".00" | "h" | "ч" | "am" | "утра" | "часов"
                )
            {
                return None;
            }
            digits.parse().ok()?
        }
        Tok::Move { .. } | Tok::Number { black: true, .. } => return None,
    };
    u8::try_from(n).ok().filter(|h| *h <= 23)
}
