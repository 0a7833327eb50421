//! The items read from a mail, each distinct request once per game, and their
//! merging into addressed intents (a move with an offer or a claim, repeats
//! dropped, several moves refused).

use crate::clock::digest::MoveMails;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::rc::Rc;

use chrono::NaiveDate;

use super::commands::Cmd;
use super::types::{Act, Addressed, Doubt, Intent, MoveText, Source, Unrecognised};
use crate::mail::ask_words::Query;
use crate::vocabulary::GameId;

#[derive(Clone, Debug)]
pub(super) enum ItemKind {
    Move(MoveText),
    /// An act named but not made.
    Unsaid(Act, Doubt),
    /// A move named but not played (as written).
    Named(String, Doubt),
    /// A move in the other keyboard layout: as written, and as meant.
    Layout(String, String),
    /// Words that say the game goes on (`играем дальше`).
    PlayOn,
    /// A word that looks like a move but reads as none (as written).
    Unread(String),
    Cmd(Cmd),
    Leave(NaiveDate, NaiveDate),
    BadLeave(String),
    /// A digest asked for at no hour from 0 to 23 (the hour as written).
    BadDigestHour(String),
    Query(Query),
    Conditional(crate::mail::conditional::Request),
}

#[derive(Clone, Debug)]
pub(super) struct Item {
    pub(super) game: Option<GameId>,
    pub(super) kind: ItemKind,
    pub(super) source: Source,
    /// The excerpt of the line, shared by every item of the line.
    pub(super) line: Rc<str>,
}

/// What makes two items the same request (the first one read is kept).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum ItemKey {
    Move(String),
    Unsaid(Act),
    Named(String),
    Layout(String),
    PlayOn,
    Unread(String),
    Cmd(Cmd),
    Leave(NaiveDate, NaiveDate),
    BadLeave(String),
    BadDigestHour(String),
    Query(Query),
    Conditional(String),
}

/// The items of a mail, each distinct request once (per game), in the order
/// first read. A repeated move that brings a move number adds the number to
/// the first copy. Keeping repeats out here keeps the work of [`merge`]
/// linear in the number of distinct requests.
#[derive(Default)]
pub(super) struct Items {
    pub(super) list: Vec<Item>,
    pub(super) seen: HashMap<(Option<GameId>, ItemKey), usize>,
}

impl Items {
    pub(super) fn push(&mut self, item: Item) {
        let key = match &item.kind {
            ItemKind::Move(mv) => ItemKey::Move(mv.key()),
            ItemKind::Unsaid(act, _) => ItemKey::Unsaid(*act),
            ItemKind::Named(text, _) => ItemKey::Named(text.clone()),
            ItemKind::Layout(written, _) => ItemKey::Layout(written.clone()),
            ItemKind::PlayOn => ItemKey::PlayOn,
            ItemKind::Unread(w) => ItemKey::Unread(w.clone()),
            ItemKind::Cmd(c) => ItemKey::Cmd(*c),
            ItemKind::Leave(a, b) => ItemKey::Leave(*a, *b),
            ItemKind::BadLeave(t) => ItemKey::BadLeave(t.clone()),
            ItemKind::BadDigestHour(t) => ItemKey::BadDigestHour(t.clone()),
            ItemKind::Query(q) => ItemKey::Query(q.clone()),
            // A cancel or a list is answered each time it is asked, in turn.
            ItemKind::Conditional(r @ crate::mail::conditional::Request::Submit(_)) => {
                ItemKey::Conditional(format!("{r:?}"))
            }
            ItemKind::Conditional(_) => ItemKey::Conditional(self.list.len().to_string()),
        };
        match self.seen.entry((item.game, key)) {
            Entry::Occupied(at) => {
                if let (ItemKind::Move(first), ItemKind::Move(again)) =
                    (&mut self.list[*at.get()].kind, &item.kind)
                    && first.number.is_none()
                    && again.number.is_some()
                {
                    first.number = again.number;
                    first.black = again.black;
                }
            }
            Entry::Vacant(v) => {
                v.insert(self.list.len());
                self.list.push(item);
            }
        }
    }
}

/// Groups items by game, merges moves with offers and claims, drops repeats.
/// The items are already distinct per game ([`Items`]); each item is looked
/// at a fixed number of times, so the work is linear in their number.
pub(super) fn merge(items: Vec<Item>) -> Vec<Addressed> {
    let mut games: Vec<Option<GameId>> = Vec::new();
    let mut groups: HashMap<Option<GameId>, Vec<Item>> = HashMap::new();
    for it in items {
        let group = groups.entry(it.game).or_insert_with(|| {
            games.push(it.game);
            Vec::new()
        });
        group.push(it);
    }
    let mut out = Vec::new();
    for game in games {
        let group = settle(groups.remove(&game).unwrap_or_default());
        let moves: Vec<&MoveText> = group
            .iter()
            .filter_map(|it| match &it.kind {
                ItemKind::Move(mv) => Some(mv),
                _ => None,
            })
            .collect();
        let has_cmd = |c: Cmd| {
            group
                .iter()
                .any(|it| matches!(it.kind, ItemKind::Cmd(k) if k == c))
        };
        let offer = has_cmd(Cmd::Offer);
        let claim = has_cmd(Cmd::Claim);
        let the_move = match moves.as_slice() {
            [one] => Some((*one).clone()),
            _ => None,
        };
        let mut several = (moves.len() > 1).then(|| {
            Intent::Unrecognised(Unrecognised::SeveralMoves(
                moves.iter().map(|m| m.text.clone()).collect(),
            ))
        });
        let conditional =
            crate::mail::conditional::merged(group.iter().filter_map(|it| match &it.kind {
                ItemKind::Conditional(r) => Some((r, it.line.to_string())),
                _ => None,
            }));
        let acting = group.iter().any(|it| {
            matches!(
                it.kind,
                ItemKind::Move(_)
                    | ItemKind::Cmd(_)
                    | ItemKind::Query(_)
                    | ItemKind::Unsaid(_, Doubt::Contradiction)
            )
        });
        for it in &group {
            let intent = match &it.kind {
                ItemKind::Conditional(_) => continue,
                // `Играем дальше` alone answers an offer (a decline); beside
                // a move or a command it adds nothing.
                ItemKind::PlayOn if acting => continue,
                ItemKind::PlayOn => Intent::PlayOn,
                ItemKind::Unsaid(act, doubt) => Intent::Unsaid {
                    act: *act,
                    doubt: *doubt,
                },
                ItemKind::Named(text, doubt) => Intent::NamedMove {
                    text: text.clone(),
                    doubt: *doubt,
                },
                ItemKind::Unread(text) => Intent::UnreadMove { text: text.clone() },
                ItemKind::Layout(written, meant) => Intent::OtherLayout {
                    written: written.clone(),
                    meant: meant.clone(),
                },
                ItemKind::Move(_) if moves.len() > 1 => match several.take() {
                    // One answer for all the moves, at the first of them.
                    Some(intent) => intent,
                    None => continue,
                },
                ItemKind::Move(_) if claim => continue,
                ItemKind::Move(mv) => Intent::Move {
                    mv: mv.clone(),
                    offer_draw: offer,
                },
                ItemKind::Cmd(Cmd::Offer) if the_move.is_some() && !claim => continue,
                ItemKind::Cmd(c) => match c {
                    Cmd::Offer => Intent::OfferDraw,
                    Cmd::Accept => Intent::AcceptDraw,
                    Cmd::Decline => Intent::DeclineDraw,
                    Cmd::Resign => Intent::Resign,
                    Cmd::ResignWhite => Intent::SideResigns(crate::rules::Color::White),
                    Cmd::ResignBlack => Intent::SideResigns(crate::rules::Color::Black),
                    Cmd::Claim => Intent::ClaimDraw {
                        mv: the_move.clone(),
                    },
                    Cmd::ClaimWin => Intent::ClaimResult(crate::tournament::ResultClaim::Win),
                    Cmd::ClaimLoss => Intent::ClaimResult(crate::tournament::ResultClaim::Loss),
                    Cmd::Standings => Intent::Standings,
                    Cmd::Status => Intent::Status,
                    Cmd::History => Intent::History,
                    Cmd::Help => Intent::Help,
                    Cmd::Leave => continue,
                    Cmd::BulletinsOn => Intent::Bulletins { wanted: true },
                    Cmd::BulletinsOff => Intent::Bulletins { wanted: false },
                    Cmd::Digest(hour) => Intent::MoveMails(MoveMails::Daily {
                        hour: hour.unwrap_or(crate::clock::digest::DEFAULT_HOUR),
                    }),
                    Cmd::EveryMove => Intent::MoveMails(MoveMails::EveryMove),
                    Cmd::Calendar => Intent::Calendar,
                    Cmd::XfccPassword => Intent::XfccPassword,
                    Cmd::Withdraw => Intent::Withdraw,
                    Cmd::HowToWithdraw => Intent::HowToWithdraw,
                    Cmd::ConfirmWithdrawal(code) => Intent::ConfirmWithdrawal { code: *code },
                },
                ItemKind::Leave(from, to) => Intent::Leave {
                    from: *from,
                    to: *to,
                },
                ItemKind::BadLeave(text) => {
                    Intent::Unrecognised(Unrecognised::LeaveDates(text.clone()))
                }
                ItemKind::BadDigestHour(text) => {
                    Intent::Unrecognised(Unrecognised::DigestHour(text.clone()))
                }
                ItemKind::Query(q) => match q {
                    Query::LegalMoves => Intent::LegalMoves,
                    Query::Why(text) => Intent::Why { text: text.clone() },
                    Query::Rules => Intent::Rules,
                    Query::Seal(text) => Intent::Seal { text: text.clone() },
                },
            };
            out.push(Addressed {
                game,
                intent,
                source: it.source,
                line: it.line.to_string(),
            });
        }
        for (request, line) in conditional {
            out.push(Addressed {
                game,
                intent: Intent::Conditional(request),
                source: Source::Body,
                line,
            });
        }
    }
    out
}

/// One game's items with the mail read whole: a resignation or an
/// acceptance that the rest of the mail contradicts (a move, a decline,
/// `играем дальше`, the same act negated, both of them) is not made, and
/// neither is any other act of the mail that changes the result or the
/// offers: each becomes words answered. A move stays a move. Words that only name an act the mail makes anyway are
/// dropped (`Предлагаю ничью, согласны?`), as is a named move that the mail
/// plays.
fn settle(mut group: Vec<Item>) -> Vec<Item> {
    let made = |group: &[Item], c: Cmd| {
        group
            .iter()
            .any(|it| matches!(it.kind, ItemKind::Cmd(k) if k == c))
    };
    let resign = made(&group, Cmd::Resign)
        || made(&group, Cmd::ResignWhite)
        || made(&group, Cmd::ResignBlack);
    let accept = made(&group, Cmd::Accept);
    if resign || accept {
        let negated = |act: Act| {
            group
                .iter()
                .any(|it| matches!(it.kind, ItemKind::Unsaid(a, Doubt::Negation) if a == act))
        };
        let contradicted = (resign && accept)
            || made(&group, Cmd::Decline)
            || group
                .iter()
                .any(|it| matches!(it.kind, ItemKind::Move(_) | ItemKind::PlayOn))
            || (resign && negated(Act::Resign))
            || (accept && negated(Act::Accept));
        if contradicted {
            for it in &mut group {
                let held = match &it.kind {
                    ItemKind::Cmd(c) => c.act().map(|a| ItemKind::Unsaid(a, Doubt::Contradiction)),
                    _ => None,
                };
                if let Some(k) = held {
                    it.kind = k;
                }
            }
        }
    }
    let draw_made =
        made(&group, Cmd::Offer) || made(&group, Cmd::Accept) || made(&group, Cmd::Claim);
    let decline_made = made(&group, Cmd::Decline);
    let resign_made = resign
        && !group
            .iter()
            .any(|it| matches!(it.kind, ItemKind::Unsaid(Act::Resign, Doubt::Contradiction)));
    let played: Vec<String> = group
        .iter()
        .filter_map(|it| match &it.kind {
            ItemKind::Move(mv) => Some(mv.text.clone()),
            _ => None,
        })
        .collect();
    let mut unsaid_seen: Vec<Act> = Vec::new();
    // `согласен — ничья!`, `требую ничью. Ничья.`: the draw named beside an
    // acceptance or a claim is its object, not an offer of its own.
    let offer_is_object = made(&group, Cmd::Accept) || made(&group, Cmd::Claim);
    group.retain(|it| match &it.kind {
        ItemKind::Cmd(Cmd::Offer) => !offer_is_object,
        ItemKind::Unsaid(act, doubt) => {
            let covered = *doubt != Doubt::Contradiction
                && match act {
                    Act::Offer | Act::Accept => draw_made || decline_made,
                    Act::Decline => decline_made || draw_made,
                    Act::Resign => resign_made,
                    Act::Claim => draw_made,
                    Act::Takeback => false,
                };
            // One sentence for each act, whatever the words.
            if covered || unsaid_seen.contains(act) {
                false
            } else {
                unsaid_seen.push(*act);
                true
            }
        }
        ItemKind::Named(text, _) => !played.contains(text),
        _ => true,
    });
    group
}
