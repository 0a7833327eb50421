//! Rating lists (migration 0026): which games are rated (`games.rated`,
//! `tournaments.rated`, 1 unless set otherwise), the rated games of a
//! variant as the core rates them ([`crate::tournament::rating`]), and the
//! model each variant's list uses (table `rating_lists`).

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::tournaments::TournamentId;
use super::{Result, Ts, Tx};
use crate::rules::GameResult;
use crate::tournament::rating::{Model, RatedGame};
use crate::vocabulary::{GameId, PlayerId};

/// Every finished game of `variant` that counts for its list: the game is
/// rated and so is its tournament, if it has one, and it was played: a game
/// lost by forfeit or on time before both players made a move (fewer than
/// two plies) was decided without play and is not rated (FIDE Rating
/// Regulations B.02 §5.1: unplayed games, by forfeit or for any other
/// reason, are not rated; a game where both players made at least one move
/// is). Oldest result first.
pub fn rated_games(tx: &Tx<'_>, variant: &str) -> Result<Vec<RatedGame>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT g.id, g.white_id, g.black_id, g.result, g.finished_at
           FROM games g
           LEFT JOIN tournament_games tg ON tg.game_id = g.id
           LEFT JOIN tournaments t ON t.id = tg.tournament_id
          WHERE g.variant = ?1 AND g.status = 'finished' AND g.rated = 1
            AND coalesce(t.rated, 1) = 1
            AND NOT (coalesce(g.termination, '') IN ('forfeit', 'time')
                     AND (SELECT count(*) FROM moves m WHERE m.game_id = g.id) < 2)
          ORDER BY g.finished_at, g.id",
    )?;
    let rows = stmt.query_map([variant], |row| {
        Ok(RatedGame {
            game: GameId(row.get("id")?),
            white: PlayerId(row.get("white_id")?),
            black: PlayerId(row.get("black_id")?),
            result: row.get::<_, GameResult>("result")?,
            finished_at: row.get::<_, Ts>("finished_at")?.0,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Sets whether a game counts for its variant's list.
pub fn set_game_rated(tx: &Tx<'_>, game: GameId, rated: bool) -> Result<()> {
    tx.sql().execute(
        "UPDATE games SET rated = ?2 WHERE id = ?1",
        params![game.0, i64::from(rated)],
    )?;
    Ok(())
}

/// Whether a game counts (its own setting, not its tournament's).
pub fn game_rated(tx: &Tx<'_>, game: GameId) -> Result<Option<bool>> {
    Ok(tx
        .sql()
        .query_row("SELECT rated FROM games WHERE id = ?1", [game.0], |r| {
            r.get::<_, i64>("rated")
        })
        .optional()?
        .map(|r| r == 1))
}

/// Whether a tournament's games count for the rating lists.
pub fn tournament_rated(tx: &Tx<'_>, tournament: TournamentId) -> Result<bool> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT rated FROM tournaments WHERE id = ?1",
            [tournament.0],
            |r| r.get::<_, i64>("rated"),
        )
        .optional()?
        .is_none_or(|r| r == 1))
}

/// Sets whether a tournament's games count, by the tournament's name.
/// Returns whether a tournament of that name exists.
pub fn set_tournament_rated(tx: &Tx<'_>, name: &str, rated: bool) -> Result<bool> {
    let n = tx.sql().execute(
        "UPDATE tournaments SET rated = ?2 WHERE name = ?1",
        params![name, i64::from(rated)],
    )?;
    Ok(n > 0)
}

/// The model of `variant`'s list: the one `rating recompute` set, else Elo.
pub fn model(tx: &Tx<'_>, variant: &str) -> Result<Model> {
    let text: Option<String> = tx
        .sql()
        .query_row(
            "SELECT model FROM rating_lists WHERE variant = ?1",
            [variant],
            |r| r.get("model"),
        )
        .optional()?;
    Ok(text.and_then(|t| t.parse().ok()).unwrap_or(Model::Elo))
}

/// Sets the model of `variant`'s list.
pub fn set_model(tx: &Tx<'_>, variant: &str, model: Model, now: DateTime<Utc>) -> Result<()> {
    tx.sql().execute(
        "INSERT INTO rating_lists (variant, model, recomputed_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (variant) DO UPDATE SET model = ?2, recomputed_at = ?3",
        params![variant, model.as_str(), Ts(now)],
    )?;
    Ok(())
}

/// The variants that have at least one finished game.
pub fn variants(tx: &Tx<'_>) -> Result<Vec<String>> {
    let mut stmt = tx.sql().prepare_cached(
        "SELECT DISTINCT variant FROM games WHERE status = 'finished' ORDER BY variant",
    )?;
    let rows = stmt.query_map([], |r| r.get("variant"))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
