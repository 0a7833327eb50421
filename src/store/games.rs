//! Games: who plays which variant from which position, the status, the result
//! and why, the time-control settings and the players' secret tokens.
//!
//! A game is never deleted: it is `annulled`. The schema keeps the status and
//! the result consistent: `finished` if and only if there is a result and a
//! termination; `finished_at` is set if and only if the game is finished or
//! annulled.

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::types::Value;
use rusqlite::{Row, params, params_from_iter};

use super::{
    Color, GameId, GameResult, GameStatus, PlayerId, Result, StoreError, Termination, Ts, Tx,
    is_unique_violation,
};
use crate::clock::TimeControl;
use crate::rules::Variant;

/// A player's secret token for one game, carried in the reply address
/// (`bot+12.<token>@host`) or the subject. Case-sensitive.
///
/// `Debug` does not show the secret; compare with [`Token::matches`], which
/// takes the same time wherever the texts differ.
#[derive(Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct Token(String);

/// The alphabet of generated tokens: 32 lowercase letters and digits, without
/// the look-alikes `0 o 1 l`.
const TOKEN_ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// Length of a generated token: 12 symbols of 5 bits, 60 bits of entropy.
pub const TOKEN_LENGTH: usize = 12;

impl Token {
    /// A token with this text (fixtures, imports).
    ///
    /// # Errors
    /// [`StoreError::Invalid`] unless it is 6 to 64 ASCII letters or digits.
    pub fn new(text: &str) -> Result<Token> {
        if (6..=64).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric()) {
            Ok(Token(text.to_owned()))
        } else {
            Err(StoreError::Invalid {
                what: "token",
                value: text.to_owned(),
            })
        }
    }

    /// A fresh token of [`TOKEN_LENGTH`] symbols: drawn from SQLite's
    /// `randomblob()` (a CSPRNG seeded from the operating system), or, in a
    /// transaction that processes a shell command or an inbox mail
    /// ([`super::Processing`]), derived from the database's secret, the
    /// command's mark or the mail's inbox key, and the draw number
    /// (HMAC-SHA-256, one domain string for each), so that the command or
    /// mail replayed by a restore on a copy of the same database gives its
    /// players and games the tokens their mails already carry.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] only.
    pub fn generate(tx: &Tx<'_>) -> Result<Token> {
        let bytes = super::draw_bytes(tx, "token", TOKEN_LENGTH)?;
        // 256 is a multiple of 32, so `b % 32` is uniform.
        let text = bytes
            .iter()
            .map(|b| char::from(TOKEN_ALPHABET[usize::from(b % 32)]))
            .collect();
        Ok(Token(text))
    }

    /// The token text, to build a reply address.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// True if `candidate` is exactly this token (case-sensitive), compared
    /// in constant time with respect to where the texts differ.
    #[must_use]
    pub fn matches(&self, candidate: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), candidate.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(***)")
    }
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Game {
    /// Row id.
    pub id: GameId,
    /// The game played (stored by its name, `russian`).
    pub variant: Variant,
    /// Start position as FEN; `None` for the variant's standard start.
    pub start_fen: Option<String>,
    /// Opening name or opening moves given at creation.
    pub opening: Option<String>,
    /// White's player.
    pub white: PlayerId,
    /// Black's player.
    pub black: PlayerId,
    /// Where the game stands.
    pub status: GameStatus,
    /// The result, if finished.
    pub result: Option<GameResult>,
    /// Why it ended, if finished.
    pub termination: Option<Termination>,
    /// Time-control settings (stored as the clock's JSON form, validated
    /// when read), if any.
    pub time_control: Option<TimeControl>,
    /// Tournament reference, if any.
    pub tournament: Option<String>,
    /// White's secret token.
    #[serde(skip)]
    pub white_token: Token,
    /// Black's secret token.
    #[serde(skip)]
    pub black_token: Token,
    /// When the game was created (UTC).
    pub created_at: DateTime<Utc>,
    /// When it was finished or annulled (UTC).
    pub finished_at: Option<DateTime<Utc>>,
}

impl Game {
    /// The player playing a side.
    #[must_use]
    pub fn player(&self, side: Color) -> PlayerId {
        match side {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The side a player plays, or `None` if the player is not in this game.
    #[must_use]
    pub fn side_of(&self, player: PlayerId) -> Option<Color> {
        if player == self.white {
            Some(Color::White)
        } else if player == self.black {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The secret token of a side.
    #[must_use]
    pub fn token(&self, side: Color) -> &Token {
        match side {
            Color::White => &self.white_token,
            Color::Black => &self.black_token,
        }
    }
}

/// A game to create with [`create`]. [`NewGame::new`] fills the optional
/// fields with `None`.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// A chosen id (fixtures, imports); `None` for the next free one.
    pub id: Option<GameId>,
    /// The game to play.
    pub variant: Variant,
    /// Start position as FEN; `None` for the standard start.
    pub start_fen: Option<String>,
    /// Opening name or opening moves.
    pub opening: Option<String>,
    /// White's player.
    pub white: PlayerId,
    /// Black's player; must differ from White.
    pub black: PlayerId,
    /// Time-control settings as JSON.
    pub time_control: Option<TimeControl>,
    /// Tournament reference.
    pub tournament: Option<String>,
    /// White's token; `None` to generate one.
    pub white_token: Option<Token>,
    /// Black's token; `None` to generate one.
    pub black_token: Option<Token>,
    /// Creation instant (UTC).
    pub created_at: DateTime<Utc>,
}

impl NewGame {
    /// An active game of `variant` from the standard start, tokens generated.
    #[must_use]
    pub fn new(
        variant: Variant,
        white: PlayerId,
        black: PlayerId,
        created_at: DateTime<Utc>,
    ) -> NewGame {
        NewGame {
            id: None,
            variant,
            start_fen: None,
            opening: None,
            white,
            black,
            time_control: None,
            tournament: None,
            white_token: None,
            black_token: None,
            created_at,
        }
    }
}

const COLUMNS: &str = "id, variant, start_fen, opening, white_id, black_id, status, result, \
     termination, time_control, tournament, white_token, black_token, created_at, finished_at";

fn from_row(row: &Row<'_>) -> rusqlite::Result<Game> {
    Ok(Game {
        id: row.get("id")?,
        variant: row.get("variant")?,
        start_fen: row.get("start_fen")?,
        opening: row.get("opening")?,
        white: row.get("white_id")?,
        black: row.get("black_id")?,
        status: row.get("status")?,
        result: row.get("result")?,
        termination: row.get("termination")?,
        time_control: row.get("time_control")?,
        tournament: row.get("tournament")?,
        white_token: Token(row.get("white_token")?),
        black_token: Token(row.get("black_token")?),
        created_at: row.get::<_, Ts>("created_at")?.0,
        finished_at: row.get::<_, Option<Ts>>("finished_at")?.map(|t| t.0),
    })
}

/// Creates an active game and returns the stored row (with its tokens).
///
/// # Errors
/// [`StoreError::NotFound`] if a player does not exist,
/// [`StoreError::Invalid`] if White and Black are the same player,
/// [`StoreError::Duplicate`] if the chosen id is taken.
pub fn create(tx: &Tx<'_>, new: &NewGame) -> Result<Game> {
    if new.white == new.black {
        return Err(StoreError::Invalid {
            what: "opponents (same player on both sides)",
            value: new.white.to_string(),
        });
    }
    for player in [new.white, new.black] {
        super::players::get(tx, player)?;
    }
    let white_token = match &new.white_token {
        Some(t) => t.clone(),
        None => Token::generate(tx)?,
    };
    let black_token = match &new.black_token {
        Some(t) => t.clone(),
        None => loop {
            let t = Token::generate(tx)?;
            if t != white_token {
                break t;
            }
        },
    };
    if white_token == black_token {
        return Err(StoreError::Invalid {
            what: "tokens (same for both sides)",
            value: String::new(),
        });
    }
    tx.forget_games();
    let inserted = tx.sql().execute(
        "INSERT INTO games (id, variant, start_fen, opening, white_id, black_id, time_control,
                            tournament, white_token, black_token, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            new.id,
            new.variant,
            new.start_fen,
            new.opening,
            new.white,
            new.black,
            new.time_control,
            new.tournament,
            white_token.as_str(),
            black_token.as_str(),
            Ts(new.created_at),
        ],
    );
    match inserted {
        Ok(_) => get(tx, GameId(tx.sql().last_insert_rowid())),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "game",
            key: new.id.map_or_else(String::new, |id| id.to_string()),
        }),
        Err(e) => Err(e.into()),
    }
}

/// The game with this id.
///
/// # Errors
/// [`StoreError::NotFound`] if there is none.
pub fn get(tx: &Tx<'_>, id: GameId) -> Result<Game> {
    if let Some(game) = tx.remembered_game(id) {
        return Ok(game);
    }
    let game = tx.row_by_key(
        "game",
        &format!("SELECT {COLUMNS} FROM games WHERE id = ?1"),
        id,
        from_row,
    )?;
    tx.remember_game(&game);
    Ok(game)
}

/// The order of [`list`]. Ties are broken by id in the same direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameOrder {
    /// Oldest created first.
    #[default]
    CreatedAsc,
    /// Newest created first.
    CreatedDesc,
    /// Earliest finished first; unfinished games last.
    FinishedAsc,
    /// Latest finished first; unfinished games last.
    FinishedDesc,
}

/// Which games [`list`] and [`count`] return: every `Some` field must match.
/// `Default` matches every game, oldest first, unpaged.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// Games this player plays (either side).
    pub player: Option<PlayerId>,
    /// Games of this variant.
    pub variant: Option<Variant>,
    /// Games with this result.
    pub result: Option<GameResult>,
    /// Games with this status.
    pub status: Option<GameStatus>,
    /// Games of this tournament.
    pub tournament: Option<String>,
    /// Created at or after this instant (UTC).
    pub created_from: Option<DateTime<Utc>>,
    /// Created before this instant (UTC, exclusive).
    pub created_until: Option<DateTime<Utc>>,
    /// Played on or after this date: an archived game's played date from its
    /// record's `Date` tag ([`super::archive`]; an archived game whose record
    /// does not give the day matches no date bound), any other game's UTC
    /// creation date.
    pub played_from: Option<NaiveDate>,
    /// Played on or before this date (inclusive), as `played_from`.
    pub played_to: Option<NaiveDate>,
    /// Finished at or after this instant (UTC).
    pub finished_from: Option<DateTime<Utc>>,
    /// Finished before this instant (UTC, exclusive).
    pub finished_until: Option<DateTime<Utc>>,
    /// Sort order.
    pub order: GameOrder,
    /// At most this many games (a page); `None` for all.
    pub limit: Option<u32>,
    /// Skip this many games first (page start).
    pub offset: u32,
}

fn where_clause(filter: &GameFilter) -> (String, Vec<Value>) {
    let mut conds: Vec<&str> = Vec::new();
    let mut args: Vec<Value> = Vec::new();
    if let Some(p) = filter.player {
        conds.push("(white_id = ? OR black_id = ?)");
        args.push(Value::Integer(p.0));
        args.push(Value::Integer(p.0));
    }
    if let Some(v) = filter.variant {
        conds.push("variant = ?");
        args.push(Value::Text(v.name().to_owned()));
    }
    if let Some(r) = filter.result {
        conds.push("result = ?");
        args.push(Value::Text(r.as_str().to_owned()));
    }
    if let Some(s) = filter.status {
        // `+`: a player's games through the player indexes, not every game of the status.
        conds.push(["status = ?", "+status = ?"][usize::from(filter.player.is_some())]);
        args.push(Value::Text(s.as_str().to_owned()));
    }
    if let Some(t) = &filter.tournament {
        conds.push("tournament = ?");
        args.push(Value::Text(t.clone()));
    }
    let instants = [
        (filter.created_from, "created_at >= ?"),
        (filter.created_until, "created_at < ?"),
        (filter.finished_from, "finished_at >= ?"),
        (filter.finished_until, "finished_at < ?"),
    ];
    for (at, cond) in instants {
        if let Some(at) = at {
            conds.push(cond);
            args.push(Value::Text(super::instant_text(at)));
        }
    }
    // An archived game's day is its record's, never the import day.
    let played = "(CASE WHEN EXISTS (SELECT 1 FROM archive_records a WHERE a.game_id = games.id) \
                  THEN (SELECT a.played_on FROM archive_records a WHERE a.game_id = games.id) \
                  ELSE substr(created_at, 1, 10) END)";
    let days = [(filter.played_from, ">="), (filter.played_to, "<=")];
    let day_conds: Vec<String> = days
        .iter()
        .filter_map(|(d, op)| {
            let d = (*d)?;
            args.push(Value::Text(d.format("%Y-%m-%d").to_string()));
            Some(format!("{played} {op} ?"))
        })
        .collect();
    conds.extend(day_conds.iter().map(String::as_str));
    let sql = if conds.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conds.join(" AND "))
    };
    (sql, args)
}

/// The games matching `filter`, sorted and paged as it says.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(tx: &Tx<'_>, filter: &GameFilter) -> Result<Vec<Game>> {
    let (cond, mut args) = where_clause(filter);
    let order = match filter.order {
        GameOrder::CreatedAsc => "created_at ASC, id ASC",
        GameOrder::CreatedDesc => "created_at DESC, id DESC",
        GameOrder::FinishedAsc => "finished_at IS NULL, finished_at ASC, id ASC",
        GameOrder::FinishedDesc => "finished_at IS NULL, finished_at DESC, id DESC",
    };
    args.push(Value::Integer(filter.limit.map_or(-1, i64::from)));
    args.push(Value::Integer(i64::from(filter.offset)));
    let sql = format!("SELECT {COLUMNS} FROM games{cond} ORDER BY {order} LIMIT ? OFFSET ?");
    let mut stmt = tx.sql().prepare(&sql)?;
    let rows = stmt.query_map(params_from_iter(args), from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// How many games match `filter` (its order, limit and offset are ignored),
/// for "page 2 of 7".
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn count(tx: &Tx<'_>, filter: &GameFilter) -> Result<u64> {
    let (cond, args) = where_clause(filter);
    let n: i64 = tx.sql().query_row(
        &format!("SELECT count(*) AS n FROM games{cond}"),
        params_from_iter(args),
        |row| row.get("n"),
    )?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Sets a status other than `finished` and returns the updated game.
///
/// `annulled` clears any result and records `at` as `finished_at`; `active`,
/// `paused` and `adjourned` clear the result, the termination and
/// `finished_at` (so `active` reopens a finished game after a rollback). The
/// caller writes the audit entry.
///
/// # Errors
/// [`StoreError::Invalid`] for `finished` (use [`set_result`]),
/// [`StoreError::NotFound`] if there is no such game.
pub fn set_status(tx: &Tx<'_>, id: GameId, status: GameStatus, at: DateTime<Utc>) -> Result<Game> {
    let finished_at = match status {
        GameStatus::Finished => {
            return Err(StoreError::Invalid {
                what: "status (a game is finished with a result)",
                value: status.to_string(),
            });
        }
        GameStatus::Annulled => Some(Ts(at)),
        GameStatus::Active | GameStatus::Paused | GameStatus::Adjourned => None,
    };
    tx.forget_games();
    let n = tx.sql().execute(
        "UPDATE games SET status = ?1, result = NULL, termination = NULL, finished_at = ?2
         WHERE id = ?3",
        params![status, finished_at, id],
    )?;
    if n == 0 {
        return Err(StoreError::NotFound {
            what: "game",
            key: id.to_string(),
        });
    }
    get(tx, id)
}

/// Gives a side of an unfinished game to another player (a tournament
/// replacement), with a fresh token so that the old reply address no longer
/// plays it.
///
/// # Errors
/// [`StoreError::NotFound`], [`StoreError::Invalid`] if the new player plays
/// the other side.
pub fn replace_player(tx: &Tx<'_>, id: GameId, side: Color, player: PlayerId) -> Result<Game> {
    let g = get(tx, id)?;
    if g.player(side.opposite()) == player {
        return Err(StoreError::Invalid {
            what: "opponents (same player on both sides)",
            value: player.to_string(),
        });
    }
    let token = loop {
        let t = Token::generate(tx)?;
        if &t != g.token(side.opposite()) {
            break t;
        }
    };
    tx.forget_games();
    let sql = match side {
        Color::White => "UPDATE games SET white_id = ?2, white_token = ?3 WHERE id = ?1",
        Color::Black => "UPDATE games SET black_id = ?2, black_token = ?3 WHERE id = ?1",
    };
    tx.sql().execute(sql, params![id, player, token.as_str()])?;
    get(tx, id)
}

/// Finishes a game with a result and its reason at instant `at` (UTC), and
/// returns the updated game. Also used to change the result of a finished
/// game (adjudication).
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such game.
pub fn set_result(
    tx: &Tx<'_>,
    id: GameId,
    result: GameResult,
    termination: Termination,
    at: DateTime<Utc>,
) -> Result<Game> {
    tx.forget_games();
    let n = tx.sql().execute(
        "UPDATE games SET status = 'finished', result = ?1, termination = ?2, finished_at = ?3
         WHERE id = ?4",
        params![result, termination, Ts(at), id],
    )?;
    if n == 0 {
        return Err(StoreError::NotFound {
            what: "game",
            key: id.to_string(),
        });
    }
    get(tx, id)
}

/// Replaces the time control (stored as the clock's JSON form).
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such game.
pub fn set_time_control(
    tx: &Tx<'_>,
    id: GameId,
    time_control: Option<&TimeControl>,
) -> Result<Game> {
    tx.forget_games();
    let n = tx.sql().execute(
        "UPDATE games SET time_control = ?1 WHERE id = ?2",
        params![time_control, id],
    )?;
    if n == 0 {
        return Err(StoreError::NotFound {
            what: "game",
            key: id.to_string(),
        });
    }
    get(tx, id)
}
