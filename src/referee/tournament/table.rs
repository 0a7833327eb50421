//! The tournament's table from the store: the crosstable and standings of
//! each section, the `standings` mail, the standings line that ends a
//! tournament game's last mail, and the tournament's lines of an invitation.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::referee::command::Command;
use crate::referee::error::TournamentRefusal;
use crate::referee::load::language;
use crate::referee::told::{
    FixtureEnd, InvitationLines, Note, Replaced, TableView, Told, TournamentEvent,
};
use crate::referee::{Handled, RefereeError, Reply};
use crate::store::Tx;
use crate::store::games as game_rows;
use crate::store::players::{self, Player, Role};
use crate::store::tournaments::{
    self, AdjudicationState, EntrantStatus, GameStanding, Tournament, TournamentGame,
    TournamentStatus,
};
use crate::tournament::rating::entry;
use crate::tournament::standings::{Crosstable, Fixture, Outcome, Scoring, Standing, TieBreak};
use crate::vocabulary::DirectorAction;
use crate::vocabulary::{GameId, PlayerId};
use crate::vocabulary::{GameStatus, Termination};

/// One section's table.
#[derive(Clone, Debug)]
pub struct SectionTable {
    /// The section (from 1).
    pub section: u32,
    /// The players by personal number (index = number − 1), with their
    /// standing in the tournament.
    pub players: Vec<(Player, EntrantStatus)>,
    /// Their names, by personal number.
    pub names: Vec<String>,
    /// The crosstable of the whole playing order, withdrawals applied.
    pub crosstable: Crosstable,
    /// The standings with the tie-breaks in `order`.
    pub standings: Vec<Standing>,
    /// The tie-break order.
    pub order: Vec<TieBreak>,
    /// How points are printed.
    pub scoring: Scoring,
    /// Games each player has in all, and has finished (index = number − 1).
    pub games: Vec<(u32, u32)>,
    /// The places taken over by a replacement, with the games finished by
    /// the player who held them before.
    pub replaced: Vec<Replaced>,
    /// Whether match points are shown (micro-matches).
    pub match_points: bool,
    /// Each player's entry rating (index = number − 1): the rating on the
    /// variant's list in force when the tournament started, `None` for an
    /// unrated player ([`crate::tournament::rating::entry`]).
    pub ratings: Vec<Option<u32>>,
    /// How each game of the playing order ended, in fixture order (the
    /// crosstable's cells mark losses on time and adjudications).
    pub endings: Vec<FixtureEnd>,
}

impl SectionTable {
    /// The table as the prose layer reads it.
    #[must_use]
    pub fn view<'a>(&'a self, tournament: &'a str) -> TableView<'a> {
        TableView {
            tournament,
            names: &self.names,
            crosstable: &self.crosstable,
            standings: &self.standings,
            order: &self.order,
            scoring: self.scoring,
            replaced: &self.replaced,
            match_points: self.match_points,
            ratings: &self.ratings,
            endings: &self.endings,
        }
    }
}

/// What became of a game of the playing order, for the crosstable.
fn outcome(g: &GameStanding) -> Outcome {
    match (g.status, g.result) {
        (GameStatus::Finished, Some(result)) => match (g.termination, result.winner()) {
            (Some(Termination::Forfeit), Some(winner)) => Outcome::Forfeit { winner },
            _ => Outcome::Played(result),
        },
        (GameStatus::Annulled, _) => Outcome::Cancelled,
        _ => Outcome::Pending,
    }
}

/// The table of every section of `t`.
///
/// # Errors
/// Database failures.
pub fn table(tx: &Tx<'_>, t: &Tournament) -> Result<Vec<SectionTable>, RefereeError> {
    let entrants = tournaments::entrants(tx, t.id)?;
    let links = tournaments::game_standings(tx, t.id)?;
    let mut sections: Vec<u32> = entrants.iter().map(|e| e.section).collect();
    sections.sort_unstable();
    sections.dedup();
    let order = t.settings.tie_breaks.clone();
    let seed = t
        .draw_seed
        .as_deref()
        .and_then(crate::tournament::lots::from_hex)
        .unwrap_or_default();
    let mut out = Vec::new();
    for section in sections {
        let mut seats: Vec<(u32, Player, EntrantStatus)> = Vec::new();
        for e in entrants.iter().filter(|e| e.section == section) {
            if let Some(n) = e.number
                && e.status != EntrantStatus::Replaced
            {
                seats.push((n, players::get(tx, e.player)?, e.status));
            }
        }
        seats.sort_by_key(|(n, _, _)| *n);
        let n = seats.len() as u32;
        let mut fixtures = Vec::new();
        let mut endings = Vec::new();
        let mut games = vec![(0u32, 0u32); n as usize];
        for g in links.iter().filter(|l| l.link.section == section) {
            let link = &g.link;
            let finished = g.status == GameStatus::Finished;
            for number in [link.white_number, link.black_number] {
                if let Some(c) = games.get_mut(number as usize - 1) {
                    c.0 += 1;
                    c.1 += u32::from(finished);
                }
            }
            fixtures.push(Fixture {
                white: link.white_number,
                black: link.black_number,
                outcome: outcome(g),
            });
            endings.push(FixtureEnd {
                white: link.white_number,
                black: link.black_number,
                termination: finished.then_some(g.termination).flatten(),
            });
        }
        // A replacement keeps the number: the games its predecessor
        // finished there are still his, and marked so.
        let mut replaced: Vec<Replaced> = Vec::new();
        for e in entrants.iter().filter(|e| {
            e.section == section && e.status == EntrantStatus::Replaced && e.number.is_some()
        }) {
            let number = e.number.unwrap_or_default();
            let opponents: Vec<u32> = links
                .iter()
                .filter(|g| g.link.section == section && g.status == GameStatus::Finished)
                .filter_map(|g| {
                    let (l, [w, b]) = (&g.link, g.players);
                    if l.white_number == number && w == e.player {
                        Some(l.black_number)
                    } else if l.black_number == number && b == e.player {
                        Some(l.white_number)
                    } else {
                        None
                    }
                })
                .collect();
            replaced.push(Replaced {
                number,
                predecessor: players::get(tx, e.player)?.name,
                opponents,
            });
        }
        let withdrawn: Vec<u32> = seats
            .iter()
            .filter(|(_, _, s)| *s == EntrantStatus::Withdrawn)
            .map(|(n, _, _)| *n)
            .collect();
        let crosstable =
            Crosstable::from_fixtures(n, &fixtures).withdraw(&withdrawn, t.settings.withdrawals);
        let standings = crosstable.standings_with_seed(&order, &seed);
        let ids: Vec<PlayerId> = seats.iter().map(|(_, p, _)| p.id).collect();
        let ratings = entry_ratings(tx, t, t.started_at.unwrap_or(t.created_at), &ids)?;
        out.push(SectionTable {
            section,
            names: seats.iter().map(|(_, p, _)| p.name.clone()).collect(),
            players: seats.into_iter().map(|(_, p, s)| (p, s)).collect(),
            crosstable,
            standings,
            order: order.clone(),
            scoring: t.settings.scoring,
            games,
            replaced,
            match_points: t.system == crate::tournament::System::MicroMatch,
            ratings,
            endings,
        });
    }
    Ok(out)
}

/// The entry ratings of `players` for the tournament `t` starting at
/// `start`: each one's rating on the list of the tournament's variant in
/// force that day (the list of the periods before it; the list's own
/// model), `None` for a player without a rated game before it.
///
/// # Errors
/// Database failures.
pub fn entry_ratings(
    tx: &Tx<'_>,
    t: &Tournament,
    start: DateTime<Utc>,
    players: &[PlayerId],
) -> Result<Vec<Option<u32>>, RefereeError> {
    ratings_on(tx, t.variant, start, players)
}

/// Each of `players`' rating on `variant`'s list in force at `day` (the
/// list's own model), `None` for a player without a rated game before it.
fn ratings_on(
    tx: &Tx<'_>,
    variant: crate::rules::Variant,
    day: DateTime<Utc>,
    players: &[PlayerId],
) -> Result<Vec<Option<u32>>, RefereeError> {
    let variant = variant.name();
    let games = crate::store::ratings::rated_games(tx, variant)?;
    if games.is_empty() {
        return Ok(vec![None; players.len()]);
    }
    let model = crate::store::ratings::model(tx, variant)?;
    let list = entry::list_in_force(model, &games, day.date_naive());
    Ok(players
        .iter()
        .map(|&p| entry::rating_of(&list, p))
        .collect())
}

/// The `standings` mail: the crosstable of the tournament of `game` (or the
/// actor's latest tournament), to an entrant or a director.
///
/// # Errors
/// [`TournamentRefusal::NotEntered`] for anybody else,
/// [`TournamentRefusal::NoneEntered`] when the actor plays in no tournament.
pub fn table_mail(
    tx: &Tx<'_>,
    actor: PlayerId,
    game: Option<GameId>,
) -> Result<Handled, RefereeError> {
    let me = players::get(tx, actor)?;
    let lang = language(&me);
    let (from_game, plays) = match game {
        Some(g) => (
            game_tournament(tx, g)?,
            game_rows::get(tx, g)?.side_of(actor).is_some(),
        ),
        None => (None, false),
    };
    let t = match from_game {
        Some(t) => t,
        None => tournaments::of_player(tx, actor)?
            .into_iter()
            .next()
            .ok_or(TournamentRefusal::NoneEntered)?,
    };
    // A player of a game of the tournament reads its table too.
    let entered = plays || tournaments::entrant(tx, t.id, actor)?.is_some();
    if !entered && !matches!(me.role, Role::Referee | Role::Admin) {
        return Err(TournamentRefusal::NotEntered(t.name).into());
    }
    let sections = table(tx, &t)?;
    Ok(Handled {
        game,
        replies: vec![Reply {
            to: me.id,
            email: me.email.clone(),
            language: lang,
            game,
            told: Told::Crosstable {
                tournament: t.name.clone(),
                sections,
            },
            notes: Vec::new(),
            monospace: true,
            session: None,
        }],
        summary: crate::referee::told::Account::Reply,
        late: None,
    })
}

/// The tournament of a game: the stored tournament it was made in, else the
/// stored tournament its announced name gives (a game made by hand with
/// `--tournament`); `None` for a game of no tournament.
///
/// # Errors
/// [`TournamentRefusal::NoTable`] for a tournament the bot keeps no table
/// of; database failures.
fn game_tournament(tx: &Tx<'_>, game: GameId) -> Result<Option<Tournament>, RefereeError> {
    if let Some(link) = tournaments::game(tx, game)? {
        return Ok(Some(tournaments::get(tx, link.tournament)?));
    }
    let Some(name) = game_rows::get(tx, game)?.tournament else {
        return Ok(None);
    };
    match tournaments::find(tx, &name)? {
        Some(t) => Ok(Some(t)),
        None => Err(TournamentRefusal::NoTable { game, name }.into()),
    }
}

/// After a tournament game ended: each reply about it gets the standings
/// line of both players; a director's ruling closes the adjudication; the
/// tournament is finished when no game is left.
///
/// # Errors
/// Database failures.
pub fn after_game_end(
    tx: &Tx<'_>,
    game: GameId,
    replies: &mut Vec<Reply>,
    now: DateTime<Utc>,
) -> Result<(), RefereeError> {
    let Some(link) = tournaments::game(tx, game)? else {
        return Ok(());
    };
    if let Some(a) = tournaments::adjudication(tx, game)?
        && matches!(
            a.state,
            AdjudicationState::Claims | AdjudicationState::Ruling
        )
    {
        tournaments::set_adjudication_state(tx, game, AdjudicationState::Ruled)?;
    }
    let t = tournaments::get(tx, link.tournament)?;
    let sections = table(tx, &t)?;
    let Some(s) = sections.iter().find(|s| s.section == link.section) else {
        return Ok(());
    };
    for r in replies.iter_mut().filter(|r| r.game == Some(game)) {
        r.notes.push(Note::Standing {
            tournament: t.name.clone(),
            table: Box::new(s.clone()),
            players: [link.white_number, link.black_number],
        });
    }
    let open = tournaments::game_standings(tx, t.id)?
        .iter()
        .filter(|g| !matches!(g.status, GameStatus::Finished | GameStatus::Annulled))
        .count();
    if open == 0 {
        tournaments::set_status(tx, t.id, TournamentStatus::Finished, now)?;
        let games = tournaments::games(tx, t.id)?.len();
        replies.extend(super::period::to_directors(tx, t.id, None, now, |_| {
            TournamentEvent::DirectorTournamentFinished {
                tournament: t.name.clone(),
                games,
            }
        })?);
    }
    Ok(())
}

/// Every standings line of the tournament `t` among `replies` shows the
/// table as it stands now: the mails of one act that ended several games
/// (a withdrawal's forfeits) show the standings after the whole act, not
/// each after its own game.
///
/// # Errors
/// Database failures.
pub(super) fn restate_standings<'r>(
    tx: &Tx<'_>,
    t: &Tournament,
    replies: impl IntoIterator<Item = &'r mut Reply>,
) -> Result<(), RefereeError> {
    let mut sections: Option<Vec<SectionTable>> = None;
    for r in replies {
        for n in &mut r.notes {
            let Note::Standing {
                tournament, table, ..
            } = n
            else {
                continue;
            };
            if *tournament != t.name {
                continue;
            }
            let current = match &sections {
                Some(s) => s,
                None => sections.insert(self::table(tx, &tournaments::get(tx, t.id)?)?),
            };
            if let Some(s) = current.iter().find(|s| s.section == table.section) {
                **table = s.clone();
            }
        }
    }
    Ok(())
}

/// The ratings of a game's two players (`players`, the reader first) for its
/// invitation: each one's rating on the variant's list in force when the
/// game's tournament started (the entry rating), or at `now` for a game of
/// no tournament; `None` when the game is unrated or neither player has a
/// rating.
///
/// # Errors
/// Database failures.
pub fn game_ratings(
    tx: &Tx<'_>,
    game: GameId,
    players: [PlayerId; 2],
    now: DateTime<Utc>,
) -> Result<Option<[Option<u32>; 2]>, RefereeError> {
    if crate::store::ratings::game_rated(tx, game)? == Some(false) {
        return Ok(None);
    }
    let row = game_rows::get(tx, game)?;
    let (variant, start) = match tournaments::game(tx, game)? {
        Some(link) => {
            let t = tournaments::get(tx, link.tournament)?;
            if !crate::store::ratings::tournament_rated(tx, t.id)? {
                return Ok(None);
            }
            (t.variant, t.started_at.unwrap_or(now))
        }
        None => (row.variant, now),
    };
    let r = ratings_on(tx, variant, start, &players)?;
    Ok(match r.as_slice() {
        &[a, b] => pair(a, b),
        _ => None,
    })
}

/// Two players' ratings for an invitation: `None` when neither has one.
fn pair(a: Option<u32>, b: Option<u32>) -> Option<[Option<u32>; 2]> {
    (a.is_some() || b.is_some()).then_some([a, b])
}

/// The entry ratings of a tournament's entrants at its start, computed once
/// (one list in force for the whole start) and handed to every invitation:
/// the same figures [`game_ratings`] gives for each game, without computing
/// the list again per game.
#[derive(Clone, Debug)]
pub struct StartRatings {
    /// Whether the tournament's games count for the rating lists.
    rated: bool,
    /// Each entrant's rating on the list in force at the start.
    of: HashMap<PlayerId, Option<u32>>,
}

impl StartRatings {
    /// The entry ratings of `players` in `t`, starting at `now` (the
    /// tournament's start, or `now` while it has none).
    ///
    /// # Errors
    /// Database failures.
    pub fn of(
        tx: &Tx<'_>,
        t: &Tournament,
        now: DateTime<Utc>,
        players: &[PlayerId],
    ) -> Result<StartRatings, RefereeError> {
        let rated = crate::store::ratings::tournament_rated(tx, t.id)?;
        let of = if rated {
            let start = t.started_at.unwrap_or(now);
            let r = ratings_on(tx, t.variant, start, players)?;
            players.iter().copied().zip(r).collect()
        } else {
            HashMap::new()
        };
        Ok(StartRatings { rated, of })
    }

    /// The ratings of `game`'s two players (`players`, the reader first)
    /// for its invitation, as [`game_ratings`] gives them.
    ///
    /// # Errors
    /// Database failures.
    pub fn game(
        &self,
        tx: &Tx<'_>,
        game: GameId,
        players: [PlayerId; 2],
    ) -> Result<Option<[Option<u32>; 2]>, RefereeError> {
        if !self.rated || crate::store::ratings::game_rated(tx, game)? == Some(false) {
            return Ok(None);
        }
        let [a, b] = players.map(|p| self.of.get(&p).copied().flatten());
        Ok(pair(a, b))
    }
}

/// The tournament's lines of a game's invitation, if it is a tournament game.
///
/// # Errors
/// Database failures.
pub fn invitation_lines(
    tx: &Tx<'_>,
    game: GameId,
) -> Result<Option<InvitationLines>, RefereeError> {
    let Some(link) = tournaments::game(tx, game)? else {
        return Ok(None);
    };
    let t = tournaments::get(tx, link.tournament)?;
    Ok(Some(lines(&t, &link)))
}

fn lines(t: &Tournament, link: &TournamentGame) -> InvitationLines {
    InvitationLines {
        name: t.name.clone(),
        round: link.round,
        label: link.label(),
        match_game: link.match_game,
        ballot: link.ballot(),
        leave_days_per_year: t.settings.leave_days_per_year,
        draw_offers_from_move: t.settings.no_draw_offers_before_move,
        on_timeout: t.settings.on_timeout,
        playing_period_days: t.settings.playing_period_days,
        tie_breaks: t.settings.tie_breaks.clone(),
        scoring: t.settings.scoring,
    }
}

/// Whether a game is frozen for adjudication (waiting for claims or a ruling).
///
/// # Errors
/// Database failures.
pub fn frozen(tx: &Tx<'_>, game: GameId) -> Result<bool, RefereeError> {
    Ok(tournaments::adjudication(tx, game)?.is_some_and(|a| {
        matches!(
            a.state,
            AdjudicationState::Claims | AdjudicationState::Ruling
        )
    }))
}

/// Refuses what a tournament's rules forbid before the referee acts: moves,
/// offers and resignations in a game frozen for adjudication, and draw
/// offers before the tournament's move.
///
/// # Errors
/// [`TournamentRefusal::Frozen`], [`TournamentRefusal::DrawOffersFrom`].
pub fn refuse_if_frozen(tx: &Tx<'_>, game: GameId, command: &Command) -> Result<(), RefereeError> {
    let Some(link) = tournaments::game(tx, game)? else {
        return Ok(());
    };
    // Moves and offers, and the director's actions that would set the clock
    // going again: a frozen game ends by the claims or by a ruling.
    let playing = matches!(
        command,
        Command::Play { .. }
            | Command::OfferDraw { .. }
            | Command::AcceptDraw { .. }
            | Command::DeclineDraw { .. }
            | Command::Resign { .. }
            | Command::Seal { .. }
            | Command::Direct {
                action: DirectorAction::Resume
                    | DirectorAction::Pause
                    | DirectorAction::Adjourn
                    | DirectorAction::AddDays(..)
                    | DirectorAction::Rollback(_),
                ..
            }
    );
    if playing && frozen(tx, game)? {
        return Err(TournamentRefusal::Frozen(game).into());
    }
    let offer = matches!(
        command,
        Command::OfferDraw { .. }
            | Command::Play {
                offer_draw: true,
                ..
            }
    );
    if offer {
        let t = tournaments::get(tx, link.tournament)?;
        if let Some(from) = t.settings.no_draw_offers_before_move {
            let row = game_rows::get(tx, game)?;
            let moves = crate::store::moves::list(tx, game)?;
            let l = crate::referee::load::replay(&row, &moves, moves.len())?;
            if crate::referee::view::move_number(l.as_ref()) < from {
                return Err(TournamentRefusal::DrawOffersFrom(from).into());
            }
        }
    }
    Ok(())
}
