//! Tournaments as stored: the tournament with its settings, its entrants with
//! their personal numbers, the games it created with their place in the table
//! of playing order, and the adjudication of unfinished games at the end of
//! the playing period (migration 0006).

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{GameId, GameResult, PlayerId, Result, Side, StoreError, Ts, Tx, is_unique_violation};
use crate::tournament::{Settings, System};

row_id! {
    /// A tournament's row id.
    TournamentId
}

sql_text!(System);

text_enum! {
    /// Where a tournament stands.
    pub enum TournamentStatus {
        /// Taking entrants; nothing drawn yet.
        Registering => "registering",
        /// Personal numbers drawn; games not yet created.
        Drawn => "drawn",
        /// Games created and being played.
        Playing => "playing",
        /// Stopped by the director (all its games paused).
        Paused => "paused",
        /// The playing period is over; unfinished games wait for claims or a ruling.
        Adjudicating => "adjudicating",
        /// Every game is over.
        Finished => "finished",
    }
}

text_enum! {
    /// An entrant's standing in the tournament.
    pub enum EntrantStatus {
        /// Plays.
        Playing => "playing",
        /// Withdrew (or was withdrawn by the director).
        Withdrawn => "withdrawn",
        /// Left, with another player taking the place and the number over.
        Replaced => "replaced",
    }
}

text_enum! {
    /// Where the adjudication of an unfinished game stands.
    pub enum AdjudicationState {
        /// Waiting for the players' claims.
        Claims => "claims",
        /// The claims differ (or did not come): for the director to rule.
        Ruling => "ruling",
        /// Ended by matching claims.
        Settled => "settled",
        /// Ruled by the director.
        Ruled => "ruled",
    }
}

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Tournament {
    /// Row id.
    pub id: TournamentId,
    /// The name, unique ignoring case.
    pub name: String,
    /// Variant name as the rules core spells it.
    pub variant: String,
    /// The system of play.
    pub system: System,
    /// The settings.
    pub settings: Settings,
    /// Where it stands.
    pub status: TournamentStatus,
    /// The lot's seed in lowercase hex, once drawn.
    pub draw_seed: Option<String>,
    /// Created (UTC).
    pub created_at: DateTime<Utc>,
    /// Games created (UTC).
    pub started_at: Option<DateTime<Utc>>,
    /// The playing period ended (UTC).
    pub period_ended_at: Option<DateTime<Utc>>,
    /// Every game over (UTC).
    pub finished_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, name, variant, system, settings, status, draw_seed, created_at, \
                       started_at, period_ended_at, finished_at";

fn from_row(row: &Row<'_>) -> rusqlite::Result<Tournament> {
    let settings: String = row.get(4)?;
    Ok(Tournament {
        id: row.get(0)?,
        name: row.get(1)?,
        variant: row.get(2)?,
        system: row.get(3)?,
        settings: serde_json::from_str(&settings).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(4, rusqlite::types::Type::Text, Box::new(e))
        })?,
        status: row.get(5)?,
        draw_seed: row.get(6)?,
        created_at: row.get::<_, Ts>(7)?.0,
        started_at: row.get::<_, Option<Ts>>(8)?.map(|t| t.0),
        period_ended_at: row.get::<_, Option<Ts>>(9)?.map(|t| t.0),
        finished_at: row.get::<_, Option<Ts>>(10)?.map(|t| t.0),
    })
}

/// `NotFound` unless an update or delete touched a row.
fn found(rows: usize, what: &'static str, key: impl std::fmt::Display) -> Result<()> {
    if rows == 0 {
        return Err(StoreError::NotFound {
            what,
            key: key.to_string(),
        });
    }
    Ok(())
}

fn settings_json(s: &Settings) -> Result<String> {
    serde_json::to_string(s).map_err(|e| StoreError::Invalid {
        what: "tournament settings",
        value: e.to_string(),
    })
}

/// Creates a tournament in the `registering` state.
///
/// # Errors
/// [`StoreError::Duplicate`] if the name is taken (ignoring case),
/// [`StoreError::Invalid`] for an empty name.
pub fn create(
    tx: &Tx<'_>,
    name: &str,
    variant: &str,
    system: System,
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<Tournament> {
    let name = name.trim();
    if name.is_empty() {
        return Err(StoreError::Invalid {
            what: "tournament name",
            value: String::new(),
        });
    }
    if find(tx, name)?.is_some() {
        return Err(StoreError::Duplicate {
            what: "tournament",
            key: name.to_owned(),
        });
    }
    let inserted = tx.sql().execute(
        "INSERT INTO tournaments (name, variant, system, settings, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![name, variant, system, settings_json(settings)?, Ts(now)],
    );
    match inserted {
        Ok(_) => get(tx, TournamentId(tx.sql().last_insert_rowid())),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "tournament",
            key: name.to_owned(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// The tournament with this id.
///
/// # Errors
/// [`StoreError::NotFound`].
pub fn get(tx: &Tx<'_>, id: TournamentId) -> Result<Tournament> {
    tx.sql()
        .query_row(
            &format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"),
            [id],
            from_row,
        )
        .optional()?
        .ok_or(StoreError::NotFound {
            what: "tournament",
            key: id.to_string(),
        })
}

/// The tournament with this name (case ignored, Cyrillic too: SQLite's
/// NOCASE folds only ASCII), if any.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn find(tx: &Tx<'_>, name: &str) -> Result<Option<Tournament>> {
    let exact = tx
        .sql()
        .query_row(
            &format!("SELECT {COLUMNS} FROM tournaments WHERE name = ?1"),
            [name.trim()],
            from_row,
        )
        .optional()?;
    if exact.is_some() {
        return Ok(exact);
    }
    let key = name.trim().to_lowercase();
    Ok(list(tx)?.into_iter().find(|t| t.name.to_lowercase() == key))
}

/// Every tournament, newest first.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(tx: &Tx<'_>) -> Result<Vec<Tournament>> {
    let mut stmt = tx.sql().prepare(&format!(
        "SELECT {COLUMNS} FROM tournaments ORDER BY created_at DESC, id DESC"
    ))?;
    let rows = stmt.query_map([], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The tournaments playing now (status `playing`), newest first; read
/// through the `tournaments_status` index, for the clock tick.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn playing(tx: &Tx<'_>) -> Result<Vec<Tournament>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE status = 'playing'
         ORDER BY created_at DESC, id DESC"
    ))?;
    let rows = stmt.query_map([], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Sets the status; `started_at`, `period_ended_at` and `finished_at` are
/// stamped with `at` when the status first reaches playing, adjudicating or
/// finished.
///
/// # Errors
/// [`StoreError::NotFound`].
pub fn set_status(
    tx: &Tx<'_>,
    id: TournamentId,
    status: TournamentStatus,
    at: DateTime<Utc>,
) -> Result<Tournament> {
    let stamp = match status {
        TournamentStatus::Playing => Some("started_at"),
        TournamentStatus::Adjudicating => Some("period_ended_at"),
        TournamentStatus::Finished => Some("finished_at"),
        _ => None,
    };
    let n = match stamp {
        Some(column) => tx.sql().execute(
            &format!(
                "UPDATE tournaments SET status = ?2, {column} = coalesce({column}, ?3) WHERE id = ?1"
            ),
            params![id, status, Ts(at)],
        )?,
        None => tx.sql().execute(
            "UPDATE tournaments SET status = ?2 WHERE id = ?1",
            params![id, status],
        )?,
    };
    found(n, "tournament", id)?;
    get(tx, id)
}

/// Records the lot's seed (lowercase hex).
///
/// # Errors
/// [`StoreError::NotFound`].
pub fn set_seed(tx: &Tx<'_>, id: TournamentId, seed_hex: &str) -> Result<()> {
    let n = tx.sql().execute(
        "UPDATE tournaments SET draw_seed = ?2 WHERE id = ?1",
        params![id, seed_hex],
    )?;
    found(n, "tournament", id)
}

/// One entrant of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entrant {
    /// The tournament.
    pub tournament: TournamentId,
    /// The player.
    pub player: PlayerId,
    /// The section, from 1.
    pub section: u32,
    /// The personal number, once drawn.
    pub number: Option<u32>,
    /// Playing, withdrawn or replaced.
    pub status: EntrantStatus,
    /// When the entrant withdrew or was replaced (UTC).
    pub left_at: Option<DateTime<Utc>>,
    /// Who took the place over.
    pub replaced_by: Option<PlayerId>,
    /// Entered (UTC).
    pub added_at: DateTime<Utc>,
}

const ENTRANT_COLUMNS: &str =
    "tournament_id, player_id, section, number, status, left_at, replaced_by, added_at";

fn entrant_from_row(row: &Row<'_>) -> rusqlite::Result<Entrant> {
    Ok(Entrant {
        tournament: row.get(0)?,
        player: row.get(1)?,
        section: row.get(2)?,
        number: row.get(3)?,
        status: row.get(4)?,
        left_at: row.get::<_, Option<Ts>>(5)?.map(|t| t.0),
        replaced_by: row.get(6)?,
        added_at: row.get::<_, Ts>(7)?.0,
    })
}

/// Enters a player in a section (from 1).
///
/// # Errors
/// [`StoreError::Duplicate`] if the player is entered already,
/// [`StoreError::NotFound`] for an unknown player.
pub fn add_entrant(
    tx: &Tx<'_>,
    id: TournamentId,
    player: PlayerId,
    section: u32,
    now: DateTime<Utc>,
) -> Result<Entrant> {
    super::players::get(tx, player)?;
    let inserted = tx.sql().execute(
        "INSERT INTO tournament_players (tournament_id, player_id, section, added_at)
         VALUES (?1, ?2, ?3, ?4)",
        params![id, player, section.max(1), Ts(now)],
    );
    match inserted {
        Ok(_) => entrant(tx, id, player)?.ok_or(StoreError::NotFound {
            what: "entrant",
            key: player.to_string(),
        }),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "entrant",
            key: player.to_string(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// Takes an entrant out (before the start).
///
/// # Errors
/// [`StoreError::NotFound`] if the player is not entered.
pub fn remove_entrant(tx: &Tx<'_>, id: TournamentId, player: PlayerId) -> Result<()> {
    let n = tx.sql().execute(
        "DELETE FROM tournament_players WHERE tournament_id = ?1 AND player_id = ?2",
        params![id, player],
    )?;
    found(n, "entrant", player)
}

/// One entrant, if entered.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn entrant(tx: &Tx<'_>, id: TournamentId, player: PlayerId) -> Result<Option<Entrant>> {
    Ok(tx
        .sql()
        .query_row(
            &format!(
                "SELECT {ENTRANT_COLUMNS} FROM tournament_players
                 WHERE tournament_id = ?1 AND player_id = ?2"
            ),
            params![id, player],
            entrant_from_row,
        )
        .optional()?)
}

/// Every entrant, by section, then number (undrawn last), then entry.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn entrants(tx: &Tx<'_>, id: TournamentId) -> Result<Vec<Entrant>> {
    let mut stmt = tx.sql().prepare(&format!(
        "SELECT {ENTRANT_COLUMNS} FROM tournament_players WHERE tournament_id = ?1
         ORDER BY section, number IS NULL, number, added_at, player_id"
    ))?;
    let rows = stmt.query_map([id], entrant_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The tournaments a player is (or was) entered in.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn of_player(tx: &Tx<'_>, player: PlayerId) -> Result<Vec<Tournament>> {
    let mut stmt = tx.sql().prepare(&format!(
        "SELECT {} FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id
         WHERE p.player_id = ?1 ORDER BY t.created_at DESC, t.id DESC",
        COLUMNS
            .split(", ")
            .map(|c| format!("t.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ")
    ))?;
    let rows = stmt.query_map([player], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Sets an entrant's personal number (`None` to clear it before a new draw).
///
/// # Errors
/// [`StoreError::Duplicate`] if another entrant of the section has it.
pub fn set_number(
    tx: &Tx<'_>,
    id: TournamentId,
    player: PlayerId,
    number: Option<u32>,
) -> Result<()> {
    match tx.sql().execute(
        "UPDATE tournament_players SET number = ?3 WHERE tournament_id = ?1 AND player_id = ?2",
        params![id, player, number],
    ) {
        Ok(_) => Ok(()),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "personal number",
            key: number.map_or_else(String::new, |n| n.to_string()),
        }),
        Err(e) => Err(e.into()),
    }
}

/// Marks an entrant withdrawn at `at`.
///
/// # Errors
/// [`StoreError::NotFound`] if the player is not entered.
pub fn withdraw(tx: &Tx<'_>, id: TournamentId, player: PlayerId, at: DateTime<Utc>) -> Result<()> {
    let n = tx.sql().execute(
        "UPDATE tournament_players SET status = 'withdrawn', left_at = ?3
         WHERE tournament_id = ?1 AND player_id = ?2",
        params![id, player, Ts(at)],
    )?;
    found(n, "entrant", player)
}

/// Replaces entrant `old` by `new`, who takes the section and the number.
///
/// # Errors
/// [`StoreError::NotFound`] if `old` is not entered, [`StoreError::Duplicate`]
/// if `new` is entered already.
pub fn replace(
    tx: &Tx<'_>,
    id: TournamentId,
    old: PlayerId,
    new: PlayerId,
    at: DateTime<Utc>,
) -> Result<Entrant> {
    let o = entrant(tx, id, old)?.ok_or(StoreError::NotFound {
        what: "entrant",
        key: old.to_string(),
    })?;
    tx.sql().execute(
        "UPDATE tournament_players SET status = 'replaced', left_at = ?3, replaced_by = ?4
         WHERE tournament_id = ?1 AND player_id = ?2",
        params![id, old, Ts(at), new],
    )?;
    add_entrant(tx, id, new, o.section, at)?;
    set_number(tx, id, new, o.number)?;
    entrant(tx, id, new)?.ok_or(StoreError::NotFound {
        what: "entrant",
        key: new.to_string(),
    })
}

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
        game: row.get(0)?,
        tournament: row.get(1)?,
        section: row.get(2)?,
        round: row.get(3)?,
        board: row.get(4)?,
        white_number: row.get(5)?,
        black_number: row.get(6)?,
        match_game: row.get(7)?,
        ballot_table: row.get(8)?,
        ballot_code: row.get(9)?,
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
    pub status: super::GameStatus,
    /// Its result, once finished.
    pub result: Option<GameResult>,
    /// How it ended, once finished.
    pub termination: Option<super::Termination>,
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
        "SELECT {}, g.status, g.result, g.termination FROM tournament_games t
         JOIN games g ON g.id = t.game_id WHERE t.tournament_id = ?1
         ORDER BY t.section, t.round, t.board, t.match_game, t.game_id",
        columns.join(", ")
    ))?;
    let rows = stmt.query_map([id], |row| {
        Ok(GameStanding {
            link: game_from_row(row)?,
            status: row.get(10)?,
            result: row.get(11)?,
            termination: row.get(12)?,
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
        "SELECT max(g.finished_at) FROM tournament_games t JOIN games g ON g.id = t.game_id
         WHERE t.tournament_id = ?1",
        [id],
        |row| row.get(0),
    )?;
    Ok(last.map(|t| t.0))
}

/// A game frozen at the end of the playing period.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Adjudication {
    /// The game.
    pub game: GameId,
    /// Its tournament.
    pub tournament: TournamentId,
    /// Frozen (UTC).
    pub frozen_at: DateTime<Utc>,
    /// Claims are due by (UTC).
    pub claims_due: DateTime<Utc>,
    /// Where it stands.
    pub state: AdjudicationState,
}

fn adjudication_from_row(row: &Row<'_>) -> rusqlite::Result<Adjudication> {
    Ok(Adjudication {
        game: row.get(0)?,
        tournament: row.get(1)?,
        frozen_at: row.get::<_, Ts>(2)?.0,
        claims_due: row.get::<_, Ts>(3)?.0,
        state: row.get(4)?,
    })
}

/// Sends an unfinished game to adjudication: claims due by `claims_due`.
///
/// # Errors
/// [`StoreError::Duplicate`] if it is there already.
pub fn freeze(
    tx: &Tx<'_>,
    game: GameId,
    tournament: TournamentId,
    frozen_at: DateTime<Utc>,
    claims_due: DateTime<Utc>,
) -> Result<()> {
    match tx.sql().execute(
        "INSERT INTO adjudications (game_id, tournament_id, frozen_at, claims_due)
         VALUES (?1, ?2, ?3, ?4)",
        params![game, tournament, Ts(frozen_at), Ts(claims_due)],
    ) {
        Ok(_) => Ok(()),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "adjudication",
            key: game.to_string(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// The adjudication of a game, if it has one.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn adjudication(tx: &Tx<'_>, game: GameId) -> Result<Option<Adjudication>> {
    Ok(tx
        .sql()
        .query_row(
            "SELECT game_id, tournament_id, frozen_at, claims_due, state
             FROM adjudications WHERE game_id = ?1",
            [game],
            adjudication_from_row,
        )
        .optional()?)
}

/// The tournament's adjudications, by game.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn adjudications(tx: &Tx<'_>, id: TournamentId) -> Result<Vec<Adjudication>> {
    let mut stmt = tx.sql().prepare(
        "SELECT game_id, tournament_id, frozen_at, claims_due, state
         FROM adjudications WHERE tournament_id = ?1 ORDER BY game_id",
    )?;
    let rows = stmt.query_map([id], adjudication_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Adjudications waiting for claims whose term ended before `now`, by game;
/// read through `adjudications_claims_due` (`+game_id` keeps SQLite from
/// reading the whole table in key order instead).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn claims_overdue(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<Adjudication>> {
    let mut stmt = tx.sql().prepare(
        "SELECT game_id, tournament_id, frozen_at, claims_due, state
         FROM adjudications WHERE state = 'claims' AND claims_due <= ?1 ORDER BY +game_id",
    )?;
    let rows = stmt.query_map([Ts(now)], adjudication_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Sets an adjudication's state.
///
/// # Errors
/// [`StoreError::NotFound`].
pub fn set_adjudication_state(tx: &Tx<'_>, game: GameId, state: AdjudicationState) -> Result<()> {
    let n = tx.sql().execute(
        "UPDATE adjudications SET state = ?2 WHERE game_id = ?1",
        params![game, state],
    )?;
    found(n, "adjudication", game)
}

/// A player's claim for a frozen game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Claim {
    /// The game.
    pub game: GameId,
    /// The claimant's side.
    pub side: Side,
    /// The result claimed for the game.
    pub result: GameResult,
    /// The claimant's analysis, free text.
    pub analysis: String,
    /// When it came (UTC).
    pub claimed_at: DateTime<Utc>,
}

/// Records (or replaces) a side's claim.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn put_claim(tx: &Tx<'_>, claim: &Claim, source_message: Option<&str>) -> Result<()> {
    tx.sql().execute(
        "INSERT INTO adjudication_claims (game_id, side, result, analysis, source_message, claimed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (game_id, side) DO UPDATE SET result = excluded.result,
             analysis = excluded.analysis, source_message = excluded.source_message,
             claimed_at = excluded.claimed_at",
        params![
            claim.game,
            claim.side,
            claim.result,
            claim.analysis,
            source_message,
            Ts(claim.claimed_at)
        ],
    )?;
    Ok(())
}

/// The claims for a game (White's first).
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn claims(tx: &Tx<'_>, game: GameId) -> Result<Vec<Claim>> {
    let mut stmt = tx.sql().prepare(
        "SELECT game_id, side, result, analysis, claimed_at FROM adjudication_claims
         WHERE game_id = ?1 ORDER BY side = 'black', side",
    )?;
    let rows = stmt.query_map([game], |row| {
        Ok(Claim {
            game: row.get(0)?,
            side: row.get(1)?,
            result: row.get(2)?,
            analysis: row.get(3)?,
            claimed_at: row.get::<_, Ts>(4)?.0,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
