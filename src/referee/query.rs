//! Queries that change nothing: status, history, export, help.

use chrono::{DateTime, Utc};

use crate::games::AnyGame;
use crate::referee::load::{Loaded, language, load};
use crate::referee::told::{Account, GameLine, Invitation, InvitedTournament, Line, Part, Told};
use crate::referee::view::state;
use crate::referee::{Handled, RefereeError, Reply};
use crate::store::Tx;
use crate::store::games::{self, GameFilter};
use crate::store::offers;
use crate::store::players::{self, Player};
use crate::vocabulary::{GameId, PlayerId};

/// A reply to one player, about a game or not.
/// A reply to one player telling `told`.
pub(crate) fn reply_told(p: &Player, game: Option<GameId>, told: Told) -> Reply {
    Reply {
        monospace: false,
        session: None,
        to: p.id,
        email: p.email.clone(),
        language: language(p),
        game,
        told,
        notes: Vec::new(),
    }
}

/// The game's state for the actor (a player of the game, or a referee).
pub(crate) fn status(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let l = load(tx, id, now)?;
    let me = players::get(tx, actor)?;
    let side = l.side_of(actor).unwrap_or(crate::vocabulary::Color::White);
    let offer = offers::pending(tx, id)?;
    let told = state(&l, l.game.as_ref(), side, offer.as_ref());
    let reply = Reply {
        session: Some(crate::referee::GameSession::of(&l, l.game.as_ref())),
        ..reply_told(&me, Some(id), told)
    };
    Ok(Handled {
        game: Some(id),
        replies: vec![reply],
        summary: Account::Reply,
        late: None,
    })
}

/// Why `game` stands still, if it does: adjourned, paused by the referee, or
/// (a paused tournament game with an adjudication) frozen for claims or
/// awaiting the director's ruling. `None` for a game being played or over.
///
/// # Errors
/// Database failures.
pub fn standstill(
    tx: &Tx<'_>,
    game: &crate::store::games::Game,
) -> Result<Option<crate::vocabulary::Standstill>, RefereeError> {
    use crate::store::tournaments::{self, AdjudicationState};
    use crate::vocabulary::{GameStatus, Standstill};
    Ok(match game.status {
        GameStatus::Adjourned => Some(Standstill::Adjourned),
        GameStatus::Paused => Some(
            match tournaments::adjudication(tx, game.id)?.map(|a| a.state) {
                Some(AdjudicationState::Claims) => Standstill::Frozen,
                Some(AdjudicationState::Ruling) => Standstill::AwaitingRuling,
                _ => Standstill::PausedByReferee,
            },
        ),
        _ => None,
    })
}

/// The actor's games with their results.
pub(crate) fn history(tx: &Tx<'_>, actor: PlayerId) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let list = games::list(
        tx,
        &GameFilter {
            player: Some(actor),
            ..GameFilter::default()
        },
    )?;
    let mut lines = Vec::with_capacity(list.len());
    for g in &list {
        lines.push(GameLine {
            game: g.id.0,
            variant: g.variant,
            white: players::get(tx, g.white)?.name,
            black: players::get(tx, g.black)?.name,
            status: g.status,
            standstill: standstill(tx, g)?,
            result: g.result.zip(g.termination),
        });
    }
    let told = Told::lines(vec![Line::of(Part::GamesList(lines))]);
    Ok(Handled {
        game: None,
        replies: vec![reply_told(&me, None, told)],
        summary: Account::Reply,
        late: None,
    })
}

/// The game's record as PDN (chess: PGN-style tags and SAN are written by the
/// chess module's own exporter when present), with its receipts and seal.
pub(crate) fn export(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let l = load(tx, id, now)?;
    let me = players::get(tx, actor)?;
    // With its receipts and seal, as `zaochka export` writes it.
    let text = super::signed_export_text(tx, &l, now)?;
    Ok(Handled {
        game: Some(id),
        replies: vec![reply_told(&me, Some(id), Told::Record(text))],
        summary: Account::Reply,
        late: None,
    })
}

/// The PDN text of a stored game (PGN for chess, with SAN moves), each ply
/// followed by its receipt time (`{[%ccsnt 2019.04.02,21:27]}`, UTC).
pub(crate) fn pdn_text(l: &Loaded, game: &dyn AnyGame) -> String {
    let times: Vec<_> = l.moves.iter().map(|m| Some(m.received_at)).collect();
    timed_record_text(&l.row, l.seat.as_ref(), &l.players, game, &times)
}

/// The PDN text (PGN for chess, with SAN moves) of the game `game` stored as
/// `row`, played by `players` (White, Black), at its tournament `seat` if any.
pub(crate) fn record_text(
    row: &crate::store::Game,
    seat: Option<&crate::store::tournaments::TournamentGame>,
    players: &[Player; 2],
    game: &dyn AnyGame,
) -> String {
    timed_record_text(row, seat, players, game, &[])
}

/// [`record_text`] with `times[i]` written after ply `i` as
/// `{[%ccsnt YYYY.MM.DD,HH:MM]}` ([`crate::games::write_record_timed`]).
pub(crate) fn timed_record_text(
    row: &crate::store::Game,
    seat: Option<&crate::store::tournaments::TournamentGame>,
    players: &[Player; 2],
    game: &dyn AnyGame,
    times: &[Option<DateTime<Utc>>],
) -> String {
    let tags = record_tags(row, seat, players);
    let result = row.result.map_or("*", |r| r.as_str());
    crate::games::write_record_timed(game, &tags, result, times)
}

/// The tags of a stored game's record: the Seven Tag Roster, its tournament
/// seat and its PGN termination.
pub(crate) fn record_tags(
    row: &crate::store::Game,
    seat: Option<&crate::store::tournaments::TournamentGame>,
    players: &[Player; 2],
) -> Vec<(String, String)> {
    let mut tags: Vec<(String, String)> = vec![
        (
            "Event".into(),
            row.tournament
                .clone()
                .unwrap_or_else(|| crate::notation::pdn::UNNAMED_EVENT.into()),
        ),
        ("Site".into(), "zaochka".into()),
        ("Date".into(), row.created_at.format("%Y.%m.%d").to_string()),
        (
            "Round".into(),
            seat.map_or_else(|| "-".into(), |s| s.round.to_string()),
        ),
        ("White".into(), players[0].name.clone()),
        ("Black".into(), players[1].name.clone()),
        (
            "Result".into(),
            row.result.map_or("*", |r| r.as_str()).to_string(),
        ),
    ];
    if let Some(seat) = seat {
        tags.push(("Board".into(), seat.board.to_string()));
        tags.push(("Pairing".into(), seat.label()));
        if let Some(b) = seat.ballot() {
            tags.push(("Ballot".into(), b));
        }
    }
    if let Some(t) = row.termination.and_then(pgn_termination) {
        tags.push(("Termination".into(), t.to_string()));
    }
    tags
}

/// The PGN `Termination` tag of a stored ending (the PGN standard's words,
/// which PDN readers share): `normal`, `time forfeit`, `adjudication`,
/// `rules infraction`; none for a result copied from an imported record.
fn pgn_termination(t: crate::vocabulary::Termination) -> Option<&'static str> {
    use crate::vocabulary::Termination as T;
    match t {
        T::Resignation
        | T::NoMoves
        | T::NoPieces
        | T::Agreement
        | T::Repetition
        | T::FivefoldRepetition
        | T::KingsOnly
        | T::LoneKing
        | T::LoneKingMainRoad
        | T::LoneKingTwoPieces
        | T::UnchangedMaterial
        | T::FiftyMoves
        | T::SeventyFiveMoves
        | T::DrawRule
        | T::Checkmate
        | T::Stalemate
        | T::InsufficientMaterial => Some("normal"),
        T::Time => Some("time forfeit"),
        T::Adjudication | T::AgreedClaims => Some("adjudication"),
        T::Forfeit | T::SealedMove => Some("rules infraction"),
        T::Recorded => None,
    }
}

/// The commands players can send, with moves written as the actor's active
/// games write them (every game's, without an active game).
pub(crate) fn help(tx: &Tx<'_>, actor: PlayerId) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let mut variants: Vec<crate::rules::Variant> = games::list(
        tx,
        &GameFilter {
            player: Some(actor),
            status: Some(crate::vocabulary::GameStatus::Active),
            ..GameFilter::default()
        },
    )?
    .iter()
    .map(|g| g.variant)
    .collect();
    variants.sort_by_key(|v| v.name());
    variants.dedup();
    let told = Told::lines(vec![Line::of(Part::Commands(variants))]);
    Ok(Handled {
        game: None,
        replies: vec![reply_told(&me, None, told)],
        summary: Account::Reply,
        late: None,
    })
}

/// The first mail of a game to one of its players: the invitation (colour,
/// opponent, tournament, time control, how to answer, the commands), then the
/// game's state.
///
/// # Errors
/// [`RefereeError::UnknownGame`], [`RefereeError::NotInGame`], database failures.
pub fn invitation(
    tx: &Tx<'_>,
    id: GameId,
    player: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    invitation_rated(tx, id, player, now, |players| {
        super::tournament::game_ratings(tx, id, players, now)
    })
}

/// [`invitation`] with the players' ratings from `ratings` (given the two
/// players, the reader first): a tournament's start computes its entrants'
/// entry ratings once for all its invitations.
///
/// # Errors
/// As [`invitation`].
pub fn invitation_rated(
    tx: &Tx<'_>,
    id: GameId,
    player: PlayerId,
    now: DateTime<Utc>,
    ratings: impl FnOnce([PlayerId; 2]) -> Result<Option<[Option<u32>; 2]>, RefereeError>,
) -> Result<Handled, RefereeError> {
    let l = load(tx, id, now)?;
    let me = players::get(tx, player)?;
    let side = l.side_of(player).ok_or(RefereeError::NotInGame(id))?;
    let opponent = l.player(side.opposite());
    let control = l.row.time_control;
    let colour = side;
    let tournament = match super::tournament::invitation_lines(tx, id)? {
        Some(lines) => Some(InvitedTournament::Stored(lines)),
        None => l.row.tournament.clone().map(InvitedTournament::Name),
    };
    let ratings = ratings([me.id, opponent.id])?;
    let invitation = Invitation {
        game: id.0,
        variant: l.game.variant(),
        colour,
        opponent: opponent.name.clone(),
        tournament,
        time_control: control,
        reader_to_move: l.game.turn() == colour,
        ratings,
    };
    let offer = offers::pending(tx, id)?;
    let view = crate::referee::view::state_view(&l, l.game.as_ref(), side, offer.as_ref());
    let told = Told::Invitation {
        heading: crate::referee::view::heading(&l),
        lines: Vec::new(),
        invitation,
        view: Box::new(view),
    };
    Ok(Handled {
        game: Some(id),
        replies: vec![reply_told(&me, Some(id), told)],
        summary: Account::Reply,
        late: None,
    })
}
