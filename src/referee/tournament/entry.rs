//! Making a tournament and its field: create, enter and remove players, draw
//! the personal numbers, withdraw and replace a player.

use crate::referee::told::{Line, Part, Told, TournamentEvent};
use chrono::{DateTime, Utc};

use super::{audit, by_name, director, director_of};
use crate::referee::error::TournamentRefusal;
use crate::referee::{Command, DirectorAction, Handled, RefereeError, Reply, Source};
use crate::rules::Variant;
use crate::store::games as game_rows;
use crate::store::players::{self, Player};
use crate::store::tournaments::{self, Entrant, EntrantStatus, Tournament, TournamentStatus};
use crate::store::{StoreError, Tx};
use crate::tournament::rating::entry as rating_entry;
use crate::tournament::{Settings, System, lots};
use crate::vocabulary::GameStatus;
use crate::vocabulary::PlayerId;

/// The longest tournament name, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// Creates a tournament, taking entrants (audit: `tournament_new`).
///
/// # Errors
/// [`TournamentRefusal::Exists`], [`RefereeError::NotReferee`].
pub fn new_tournament(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    variant: Variant,
    system: System,
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<Tournament, RefereeError> {
    director(tx, actor)?;
    let shown = name.trim();
    // A name is printed in mails, tables and pages: one line of visible
    // characters (no control or direction-changing characters), not too long.
    let bad = |c: char| {
        c.is_control()
            || ('\u{200e}'..='\u{200f}').contains(&c)
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    };
    if shown.is_empty() || shown.chars().count() > MAX_NAME_CHARS || shown.chars().any(bad) {
        return Err(TournamentRefusal::BadName(MAX_NAME_CHARS).into());
    }
    let t = match tournaments::create(tx, name, variant, system, settings, now) {
        Err(StoreError::Duplicate { .. }) => {
            return Err(TournamentRefusal::Exists(name.trim().to_string()).into());
        }
        other => other?,
    };
    // The creator directs it; `tournament directors add` adds colleagues.
    tournaments::add_director(tx, t.id, actor, None, now)?;
    audit(
        tx,
        Some(actor),
        "tournament_new",
        None,
        serde_json::json!({ "tournament": t.name, "variant": t.variant,
            "system": t.system.as_str(), "settings": t.settings }),
        now,
    )?;
    Ok(t)
}

fn registered(tx: &Tx<'_>, address: &str) -> Result<Player, RefereeError> {
    players::find_by_email(tx, address)?
        .ok_or_else(|| RefereeError::UnknownPlayer(address.trim().to_string()))
}

fn before_start(t: &Tournament) -> Result<(), RefereeError> {
    match t.status {
        TournamentStatus::Registering | TournamentStatus::Drawn => Ok(()),
        _ => Err(TournamentRefusal::Started(t.name.clone()).into()),
    }
}

/// Enters a registered player in a section (from 1). After the draw of the
/// numbers a new entrant would void it: refused unless `redraw` (the
/// director voids the draw on purpose; the numbers must then be drawn again).
///
/// # Errors
/// [`TournamentRefusal::Started`], [`TournamentRefusal::Drawn`],
/// [`TournamentRefusal::AlreadyEntered`],
/// [`RefereeError::Retired`],
/// [`RefereeError::UnknownPlayer`].
pub fn enter(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    address: &str,
    section: u32,
    redraw: bool,
    now: DateTime<Utc>,
) -> Result<(Tournament, Entrant, Player), RefereeError> {
    director(tx, actor)?;
    let t = by_name(tx, name)?;
    director_of(tx, actor, &t)?;
    before_start(&t)?;
    if t.status == TournamentStatus::Drawn && !redraw {
        return Err(TournamentRefusal::Drawn(t.name.clone()).into());
    }
    let p = registered(tx, address)?;
    crate::referee::create::refuse_retired(&p)?;
    let e = match tournaments::add_entrant(tx, t.id, p.id, section.max(1), now) {
        Err(StoreError::Duplicate { .. }) => {
            return Err(TournamentRefusal::AlreadyEntered(p.email.clone()).into());
        }
        other => other?,
    };
    undo_draw(tx, &t, now)?;
    audit(
        tx,
        Some(actor),
        "tournament_add",
        None,
        serde_json::json!({ "tournament": t.name, "player": p.email, "section": e.section }),
        now,
    )?;
    Ok((t, e, p))
}

/// Takes a player out before the start (undoing a draw).
///
/// # Errors
/// [`TournamentRefusal::Started`], [`TournamentRefusal::NotEntered`].
pub fn remove(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    address: &str,
    now: DateTime<Utc>,
) -> Result<Tournament, RefereeError> {
    director(tx, actor)?;
    let t = by_name(tx, name)?;
    director_of(tx, actor, &t)?;
    before_start(&t)?;
    let p = registered(tx, address)?;
    match tournaments::remove_entrant(tx, t.id, p.id) {
        Err(StoreError::NotFound { .. }) => {
            return Err(TournamentRefusal::PlayerNotEntered {
                player: p.email.clone(),
                tournament: t.name.clone(),
            }
            .into());
        }
        other => other?,
    }
    undo_draw(tx, &t, now)?;
    audit(
        tx,
        Some(actor),
        "tournament_remove",
        None,
        serde_json::json!({ "tournament": t.name, "player": p.email }),
        now,
    )?;
    Ok(t)
}

/// A changed field after a draw: the numbers are cleared, to be drawn again.
fn undo_draw(tx: &Tx<'_>, t: &Tournament, now: DateTime<Utc>) -> Result<(), RefereeError> {
    if t.status == TournamentStatus::Drawn {
        for e in tournaments::entrants(tx, t.id)? {
            tournaments::set_number(tx, t.id, e.player, None)?;
        }
        tournaments::set_status(tx, t.id, TournamentStatus::Registering, now)?;
    }
    Ok(())
}

/// How `draw` gives the personal numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawOrder<'a> {
    /// By lot: ascending SHA-256(seed ‖ lowercase address).
    Lot,
    /// The director's order: the addresses of numbers 1, 2, ...
    Given(&'a [String]),
    /// Seeded by the entry ratings: number 1 to the highest rating on the
    /// variant's list in force, the unrated last, equal ratings by name
    /// and address ([`rating_entry::seeding`], FIDE C.04.1 A.2).
    Rating,
}

/// Draws the personal numbers of every section: by the seeded lot of
/// [`lots::numbers`] (when none is given, a seed from [`crate::store::draw_bytes`]:
/// the same again when a restore replays the command), or in the
/// order the director gives (`order`: addresses, each section's entrants in
/// the order of their numbers), or seeded by the entry ratings on the
/// variant's list in force at `now` ([`DrawOrder::Rating`]). The seed and the numbers go to the audit log
/// (`tournament_draw`) so that anyone can re-check the lot.
///
/// # Errors
/// [`TournamentRefusal::Started`], [`TournamentRefusal::NumbersMismatch`].
pub fn draw(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    seed: Option<Vec<u8>>,
    order: DrawOrder<'_>,
    now: DateTime<Utc>,
) -> Result<(Tournament, Vec<(Entrant, Player)>), RefereeError> {
    director(tx, actor)?;
    let t = by_name(tx, name)?;
    director_of(tx, actor, &t)?;
    before_start(&t)?;
    let entrants = tournaments::entrants(tx, t.id)?;
    let seed = match seed {
        Some(s) => s,
        None => crate::store::draw_bytes(tx, "lot", 16)?,
    };
    let mut sections: Vec<u32> = entrants.iter().map(|e| e.section).collect();
    sections.sort_unstable();
    sections.dedup();
    if sections.is_empty() {
        return Err(TournamentRefusal::TooFew {
            section: 1,
            players: 0,
        }
        .into());
    }
    for &section in &sections {
        let players = entrants.iter().filter(|e| e.section == section).count() as u32;
        if players < 2 {
            return Err(TournamentRefusal::TooFew { section, players }.into());
        }
    }
    for e in &entrants {
        tournaments::set_number(tx, t.id, e.player, None)?;
    }
    let mut drawn = Vec::new();
    for section in sections {
        let field: Vec<(&Entrant, Player)> = entrants
            .iter()
            .filter(|e| e.section == section)
            .map(|e| Ok((e, players::get(tx, e.player)?)))
            .collect::<Result<_, StoreError>>()?;
        let numbers: Vec<u32> = match order {
            DrawOrder::Lot => {
                let addresses: Vec<&str> = field.iter().map(|(_, p)| p.email.as_str()).collect();
                lots::numbers(&seed, &addresses)
            }
            DrawOrder::Given(order) => given_numbers(&field, order, section)?,
            DrawOrder::Rating => {
                let ids: Vec<PlayerId> = field.iter().map(|(_, p)| p.id).collect();
                let ratings = super::table::entry_ratings(tx, &t, now, &ids)?;
                let seeds: Vec<rating_entry::Seed<'_>> = field
                    .iter()
                    .zip(&ratings)
                    .map(|((_, p), &rating)| rating_entry::Seed {
                        rating,
                        name: &p.name,
                        address: &p.email,
                    })
                    .collect();
                let mut numbers = vec![0; field.len()];
                for (k, i) in rating_entry::seeding(&seeds).into_iter().enumerate() {
                    numbers[i] = u32::try_from(k + 1).unwrap_or(u32::MAX);
                }
                numbers
            }
        };
        for ((e, p), n) in field.into_iter().zip(numbers) {
            tournaments::set_number(tx, t.id, e.player, Some(n))?;
            drawn.push((n, section, p));
        }
    }
    drawn.sort_by_key(|(n, s, _)| (*s, *n));
    // Kept either way: the ballots and the final lots are drawn from it.
    let seed_hex = lots::hex(&seed);
    tournaments::set_seed(tx, t.id, &seed_hex)?;
    let t = tournaments::set_status(tx, t.id, TournamentStatus::Drawn, now)?;
    audit(
        tx,
        Some(actor),
        "tournament_draw",
        None,
        serde_json::json!({
            "tournament": t.name,
            "method": match order {
                DrawOrder::Given(_) => "given",
                DrawOrder::Lot => "lot",
                DrawOrder::Rating => "rating",
            },
            "seed": seed_hex,
            "rule": "numbers in ascending order of SHA-256(seed || lowercase address)",
            "numbers": drawn.iter().map(|(n, s, p)| serde_json::json!({
                "section": s, "number": n, "player": p.email })).collect::<Vec<_>>(),
        }),
        now,
    )?;
    let mut out = Vec::new();
    for e in tournaments::entrants(tx, t.id)? {
        let p = players::get(tx, e.player)?;
        out.push((e, p));
    }
    Ok((t, out))
}

/// The numbers the director gives: the section's entrants in the order of
/// `order` (addresses of other sections are skipped).
fn given_numbers(
    field: &[(&Entrant, Player)],
    order: &[String],
    section: u32,
) -> Result<Vec<u32>, RefereeError> {
    let listed: Vec<usize> = order
        .iter()
        .filter_map(|a| {
            field
                .iter()
                .position(|(_, p)| p.email.eq_ignore_ascii_case(a.trim()))
        })
        .collect();
    let mut check = listed.clone();
    check.sort_unstable();
    check.dedup();
    if check.len() != field.len() || listed.len() != field.len() {
        return Err(TournamentRefusal::NumbersMismatch(section).into());
    }
    let mut numbers = vec![0; field.len()];
    for (n, i) in listed.into_iter().enumerate() {
        numbers[i] = n as u32 + 1;
    }
    Ok(numbers)
}

/// The entrant of `address`, still playing.
fn playing_entrant(
    tx: &Tx<'_>,
    t: &Tournament,
    address: &str,
) -> Result<(Entrant, Player), RefereeError> {
    let p = registered(tx, address)?;
    let e = tournaments::entrant(tx, t.id, p.id)?.ok_or_else(|| {
        TournamentRefusal::PlayerNotEntered {
            player: p.email.clone(),
            tournament: t.name.clone(),
        }
    })?;
    if e.status != EntrantStatus::Playing {
        return Err(TournamentRefusal::NotPlaying(p.email).into());
    }
    Ok((e, p))
}

/// Who withdraws a player from a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawer<'a> {
    /// A director of the tournament, for a reason the players read.
    Director {
        /// The director.
        id: PlayerId,
        /// The director's reason.
        reason: &'a str,
    },
    /// The player, who confirmed their own withdrawal by mail.
    Player {
        /// The Message-ID of the confirming mail, for the audit log.
        message_id: Option<&'a str>,
    },
}

/// A director withdraws a player: `withdraw_entrant` once `actor` is
/// checked to direct the tournament and a reason is given. Returns the
/// forfeits, one per game, and a reply to each of the tournament's other
/// directors (not `actor`) about the withdrawal.
///
/// # Errors
/// [`TournamentRefusal::NotEntered`], [`TournamentRefusal::NotPlaying`],
/// [`RefereeError::NoReason`].
pub fn withdraw(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    address: &str,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<(Vec<Handled>, Vec<Reply>), RefereeError> {
    director(tx, actor)?;
    if reason.trim().is_empty() {
        return Err(RefereeError::NoReason);
    }
    let t = by_name(tx, name)?;
    director_of(tx, actor, &t)?;
    let (_, p) = playing_entrant(tx, &t, address)?;
    withdraw_entrant(tx, &t, &p, Withdrawer::Director { id: actor, reason }, now)
}

/// The entrant `p`, still playing in `t`, withdraws (or is withdrawn): each
/// unfinished game of theirs is lost by forfeit (audit-logged, both players
/// told, with the director's reason or as the player's own withdrawal); the
/// standings then count the games as the tournament's withdrawal policy
/// says. Returns the forfeits, one per game, and the directors' mails: to
/// the other directors when a director withdrew the player, to every
/// director when the player withdrew.
///
/// # Errors
/// Store errors; a forfeit refused ([`RefereeError`]).
pub(super) fn withdraw_entrant(
    tx: &Tx<'_>,
    t: &Tournament,
    p: &Player,
    by: Withdrawer<'_>,
    now: DateTime<Utc>,
) -> Result<(Vec<Handled>, Vec<Reply>), RefereeError> {
    // Withdrawn first, so that the standings lines of the forfeit mails
    // already count the games as the withdrawal policy says.
    tournaments::withdraw(tx, t.id, p.id, now)?;
    let (actor, reason) = match by {
        Withdrawer::Director { id, reason } => (id, reason),
        Withdrawer::Player { .. } => (p.id, crate::referee::WITHDRAWN_BY_MAIL),
    };
    let mut handled = Vec::new();
    for tg in tournaments::games(tx, t.id)? {
        let g = game_rows::get(tx, tg.game)?;
        let (Some(side), false) = (
            g.side_of(p.id),
            matches!(g.status, GameStatus::Finished | GameStatus::Annulled),
        ) else {
            continue;
        };
        let cmd = Command::Direct {
            game: g.id,
            action: DirectorAction::Forfeit(side),
            reason: reason.to_string(),
        };
        handled.push(match by {
            Withdrawer::Director { .. } => {
                crate::referee::handle(tx, &cmd, actor, now, Source::default())?
            }
            Withdrawer::Player { message_id } => crate::referee::around(tx, &cmd, now, || {
                crate::referee::forfeit_on_withdrawal(tx, g.id, p.id, side, now, message_id)
            })?,
        });
    }
    // Each forfeit's mails were given the standings after their own game;
    // all of them show the standings after the whole withdrawal.
    super::table::restate_standings(tx, t, handled.iter_mut().flat_map(|h| h.replies.iter_mut()))?;
    audit(
        tx,
        Some(actor),
        "tournament_withdraw",
        Some(reason),
        serde_json::json!({ "tournament": t.name, "player": p.email,
            "by": match by { Withdrawer::Director { .. } => "director", Withdrawer::Player { .. } => "player" },
            "forfeited_games": handled.iter().filter_map(|h| h.game.map(|g| g.0)).collect::<Vec<_>>() }),
        now,
    )?;
    let games = handled.len();
    let directors = match by {
        // The other directors are told (the one who withdrew the player
        // knows).
        Withdrawer::Director { id, reason } => {
            super::period::to_directors_but(tx, t.id, None, Some(id), now, |_| {
                TournamentEvent::DirectorWithdrawal {
                    tournament: t.name.clone(),
                    player: p.name.clone(),
                    reason: reason.to_string(),
                    games,
                }
            })?
        }
        Withdrawer::Player { .. } => {
            super::period::to_directors(tx, t.id, None, now, |_| TournamentEvent::PlayerWithdrew {
                tournament: t.name.clone(),
                player: p.name.clone(),
                address: p.email.clone(),
                games,
            })?
        }
    };
    Ok((handled, directors))
}

/// Replaces a player by another, who takes the number and every unfinished
/// game over (ICCF practice): the new player gets a new reply address and an
/// invitation for each game taken over; the opponents are told.
///
/// # Errors
/// [`TournamentRefusal::NotEntered`], [`TournamentRefusal::NotPlaying`],
/// [`TournamentRefusal::AlreadyEntered`], [`RefereeError::NoReason`],
/// [`RefereeError::Retired`] for a retired newcomer.
pub fn replace(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    old: &str,
    new: &str,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Vec<crate::referee::Reply>, RefereeError> {
    director(tx, actor)?;
    if reason.trim().is_empty() {
        return Err(RefereeError::NoReason);
    }
    let t = by_name(tx, name)?;
    director_of(tx, actor, &t)?;
    let (_, gone) = playing_entrant(tx, &t, old)?;
    let comer = registered(tx, new)?;
    crate::referee::create::refuse_retired(&comer)?;
    if tournaments::entrant(tx, t.id, comer.id)?.is_some() {
        return Err(TournamentRefusal::AlreadyEntered(comer.email).into());
    }
    tournaments::replace(tx, t.id, gone.id, comer.id, now)?;
    let mut replies = Vec::new();
    let mut taken = Vec::new();
    for tg in tournaments::games(tx, t.id)? {
        let g = game_rows::get(tx, tg.game)?;
        let Some(side) = g.side_of(gone.id) else {
            continue;
        };
        if matches!(g.status, GameStatus::Finished | GameStatus::Annulled) {
            continue;
        }
        game_rows::replace_player(tx, g.id, side, comer.id)?;
        taken.push(g.id.0);
        replies.extend(crate::referee::invitation(tx, g.id, comer.id, now)?.replies);
        let opponent = g.player(side.opposite());
        let o = players::get(tx, opponent)?;
        let lang = crate::referee::load::language(&o);
        replies.push(crate::referee::Reply {
            monospace: false,
            session: None,
            to: o.id,
            email: o.email.clone(),
            language: lang,
            game: Some(g.id),
            told: Told::lines(vec![Line::of(Part::Tournament(
                TournamentEvent::Replaced {
                    old: gone.name.clone(),
                    new: comer.name.clone(),
                    reason: reason.to_string(),
                },
            ))]),
            notes: Vec::new(),
        });
    }
    let lang = crate::referee::load::language(&gone);
    replies.push(crate::referee::Reply {
        to: gone.id,
        email: gone.email.clone(),
        language: lang,
        game: None,
        told: Told::lines(vec![Line::of(Part::Tournament(
            TournamentEvent::YouAreReplaced {
                tournament: t.name.clone(),
                new: comer.name.clone(),
                reason: reason.to_string(),
            },
        ))]),
        notes: Vec::new(),
        monospace: false,
        session: None,
    });
    audit(
        tx,
        Some(actor),
        "tournament_replace",
        Some(reason),
        serde_json::json!({ "tournament": t.name, "old": gone.email, "new": comer.email,
            "games": taken }),
        now,
    )?;
    Ok(replies)
}
