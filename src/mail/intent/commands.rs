//! The command grammar: what a clause of words says (its moves that count and
//! its command).

use super::lexicon::{
    ACCEPT, ADMIT, CLAIM, DECLINE, DRAW, FILLER, HELP, HISTORY, LEAD, LEAVE, LOSS, NEGATIONS,
    OFFER, RESIGN, STANDINGS, STATUS, WIN, is_command_word,
};
use super::merge::ItemKind;
use super::tokens::Tok;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Cmd {
    Offer,
    Accept,
    Decline,
    Resign,
    Claim,
    ClaimWin,
    ClaimLoss,
    Standings,
    Status,
    History,
    Help,
    Leave,
}

/// What a clause says: moves that count and a command, if any.
pub(super) fn evaluate(clause: &[Tok]) -> Vec<ItemKind> {
    let words: Vec<&str> = clause
        .iter()
        .filter_map(|t| match t {
            Tok::Word { lower, .. } => Some(lower.as_str()),
            _ => None,
        })
        .collect();
    let bare = words.iter().all(|w| {
        FILLER.contains(w) || LEAD.contains(w) || NEGATIONS.contains(w) || is_command_word(w)
    });
    let mut out = Vec::new();
    for t in clause {
        if let Tok::Move { mv, strong } = t
            && (*strong || bare)
        {
            out.push(ItemKind::Move(mv.clone()));
        }
    }
    match command(&words) {
        // A leave clause never comes here: the line's leave requests are
        // taken out before its clauses are read (super::leave::take_leave).
        Some(Cmd::Leave) => {}
        Some(c) => out.push(ItemKind::Cmd(c)),
        None => {}
    }
    out
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
    if is(NEGATIONS) {
        return has(ACCEPT).then_some(Cmd::Decline);
    }
    if is(CLAIM) && has(WIN) {
        return Some(Cmd::ClaimWin);
    }
    if (is(CLAIM) || is(ADMIT)) && has(LOSS) {
        return Some(Cmd::ClaimLoss);
    }
    if is(STANDINGS) {
        return Some(Cmd::Standings);
    }
    if first == "give" && ws.get(1) == Some(&"up") {
        return Some(Cmd::Resign);
    }
    if is(ACCEPT) {
        Some(Cmd::Accept)
    } else if is(DECLINE) {
        Some(Cmd::Decline)
    } else if is(RESIGN) {
        Some(Cmd::Resign)
    } else if is(CLAIM) {
        (first == "claim" || first == "claiming" || has(DRAW)).then_some(Cmd::Claim)
    } else if is(OFFER) {
        has(DRAW).then_some(Cmd::Offer)
    } else if is(DRAW) {
        Some(if has(ACCEPT) {
            Cmd::Accept
        } else if has(DECLINE) {
            Cmd::Decline
        } else if has(CLAIM) {
            Cmd::Claim
        } else {
            Cmd::Offer
        })
    } else if is(STATUS) {
        Some(Cmd::Status)
    } else if is(HISTORY) {
        Some(Cmd::History)
    } else if is(HELP) {
        Some(Cmd::Help)
    } else if is(LEAVE) {
        Some(Cmd::Leave)
    } else {
        None
    }
}
