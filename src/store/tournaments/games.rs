//! A tournament's games: their place in the table of playing order (section,
//! round, board, personal numbers, ballot) and where they stand.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::TournamentId;
use crate::store::{Result, StoreError, Ts, Tx, is_unique_violation};
use crate::vocabulary::{GameId, GameResult};

/// A game's place in its tournament.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TournamentGame {
    /// The game.
    pub game: GameId,
    /// The tournament.
    pub tournament: TournamentId,
    /// The section.
    pub section: u32,
    /// The round (1-based).
    pub round: u32,
    /// The board in the round (1-based).
    pub board: u32,
    /// White's personal number.
    pub white_number: u32,
    /// Black's personal number.
    pub black_number: u32,
    /// 1 or 2 in a micro-match.
    pub match_game: Option<u32>,
    /// The balloted opening's table, e.g. `IDF-64`.
    pub ballot_table: Option<String>,
    /// The balloted opening's code, e.g. `1-IV`.
    pub ballot_code: Option<String>,
}

impl TournamentGame {
    /// The game number as the Russian correspondence committee writes it:
    /// the two personal numbers, White first (`"3-7"`).
    #[must_use]
    pub fn label(&self) -> String {
        format!("{}-{}", self.white_number, self.black_number)
    }

    /// The ballot as one text, `IDF-64 1-IV`, if any.
    #[must_use]
    pub fn ballot(&self) -> Option<String> {
        match (&self.ballot_table, &self.ballot_code) {
            (Some(t), Some(c)) => Some(format!("{t} {c}")),
            (None, Some(c)) => Some(c.clone()),
            _ => None,
        }
    }
}

const GAME_COLUMNS: &str = "game_id, tournament_id, section, round, board, white_number, \
                            black_number, match_game, ballot_table, ballot_code";

fn game_from_row(row: &Row<'_>) -> rusqlite::Result<TournamentGame> {
    Ok(TournamentGame {
        game: row.get("game_id")?,
        tournament: row.get("tournament_id")?,
        section: row.get("section")?,
        round: row.get("round")?,
        board: row.get("board")?,
        white_number: row.get("white_number")?,
        black_number: row.get("black_number")?,
        match_game: row.get("match_game")?,
        ballot_table: row.get("ballot_table")?,
        ballot_code: row.get("ballot_code")?,
    })
}

/// Links a created game to its place in the tournament.
///
/// # Errors
/// [`StoreError::Duplicate`] if the game is linked already.
pub fn add_game(tx: &Tx<'_>, g: &TournamentGame) -> Result<()> {
    match tx.sql().execute(
        &format!("INSERT INTO tournament_games ({GAME_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
        params![
            g.game,
            g.tournament,
            g.section,
            g.round,
            g.board,
            g.white_number,
            g.black_number,
            g.match_game,
            g.ballot_table,
            g.ballot_code
        ],
    ) {
        Ok(_) => Ok(()),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "tournament game",
            key: g.game.to_string(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// The tournament's games in section, round, board and match-game order.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn games(tx: &Tx<'_>, id: TournamentId) -> Result<Vec<TournamentGame>> {
    let mut stmt = tx.sql().prepare(&format!(
        "SELECT {GAME_COLUMNS} FROM tournament_games WHERE tournament_id = ?1
         ORDER BY section, round, board, match_game, game_id"
    ))?;
    let rows = stmt.query_map([id], game_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Where a tournament game stands, read with its place in one query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStanding {
    /// The game's place.
    pub link: TournamentGame,
    /// Its status.
    pub status: crate::vocabulary::GameStatus,
    /// Its result, once finished.
    pub result: Option<GameResult>,
    /// How it ended, once finished.
    pub termination: Option<crate::vocabulary::Termination>,
    /// The players who played it: White's, Black's (a replacement takes over
    /// only the games not finished yet).
    pub players: [crate::vocabulary::PlayerId; 2],
}

/// The tournament's games with their status and result, in the order of
/// [`games`] (one query: the crosstable reads it after every game end).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn game_standings(tx: &Tx<'_>, id: TournamentId) -> Result<Vec<GameStanding>> {
    let columns: Vec<String> = GAME_COLUMNS
        .split(", ")
        .map(|c| format!("t.{}", c.trim()))
        .collect();
    let mut stmt = tx.sql().prepare(&format!(
        "SELECT {}, g.status, g.result, g.termination, g.white_id, g.black_id FROM tournament_games t
         JOIN games g ON g.id = t.game_id WHERE t.tournament_id = ?1
         ORDER BY t.section, t.round, t.board, t.match_game, t.game_id",
        columns.join(", ")
    ))?;
    let rows = stmt.query_map([id], |row| {
        Ok(GameStanding {
            link: game_from_row(row)?,
            status: row.get("status")?,
            result: row.get("result")?,
            termination: row.get("termination")?,
            players: [row.get("white_id")?, row.get("black_id")?],
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// A game's place in a tournament, if it is a tournament game.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn game(tx: &Tx<'_>, game: GameId) -> Result<Option<TournamentGame>> {
    Ok(tx
        .sql()
        .query_row(
            &format!("SELECT {GAME_COLUMNS} FROM tournament_games WHERE game_id = ?1"),
            [game],
            game_from_row,
        )
        .optional()?)
}

/// The last instant one of the tournament's games ended or was annulled
/// (UTC), if any did.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn last_game_end(tx: &Tx<'_>, id: TournamentId) -> Result<Option<DateTime<Utc>>> {
    let last: Option<Ts> = tx.sql().query_row(
        "SELECT max(g.finished_at) AS last_end FROM tournament_games t JOIN games g ON g.id = t.game_id
         WHERE t.tournament_id = ?1",
        [id],
        |row| row.get("last_end"),
    )?;
    Ok(last.map(|t| t.0))
}
