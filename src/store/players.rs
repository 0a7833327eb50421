//! Players, referees and admins: one row per registered email address.
//!
//! Email addresses are unique ignoring ASCII case (`Ivan@Example.org` and
//! `ivan@example.org` are one player) and are stored trimmed, as first given.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{PlayerId, Result, StoreError, Ts, Tx, is_unique_violation};

pub use crate::vocabulary::Language;
sql_text!(Language);

text_enum! {
    /// The letters a player reads chess moves in, when chosen (otherwise
    /// those of the player's language). Stored as `latin` / `russian`.
    pub enum PieceLetters {
        /// K Q R B N.
        Latin => "latin",
        /// Кр Ф Л С К.
        Russian => "russian",
    }
}

text_enum! {
    /// What a person may do. Stored as `player` / `referee` / `admin`.
    pub enum Role {
        /// Plays games.
        Player => "player",
        /// Also acts as tournament director: adjudicates, rolls back, adds time.
        Referee => "referee",
        /// Also manages players and the installation.
        Admin => "admin",
    }
}

/// A registered person.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Player {
    /// Row id.
    pub id: PlayerId,
    /// Display name, e.g. `Иван Петров`.
    pub name: String,
    /// Registered address, trimmed; replies go only here.
    pub email: String,
    /// Language of the replies.
    pub language: Language,
    /// IANA time zone name used to show deadlines, e.g. `Europe/Moscow`.
    pub time_zone: String,
    /// What the person may do.
    pub role: Role,
    /// When a bounce marked the address unreachable (UTC); `None` if reachable.
    pub unreachable_since: Option<DateTime<Utc>>,
    /// When the player was registered (UTC).
    pub created_at: DateTime<Utc>,
    /// The chess piece letters the player chose; `None`: their language's.
    pub piece_letters: Option<PieceLetters>,
    /// When a director retired the player (UTC), `None` while they play.
    pub retired_at: Option<DateTime<Utc>>,
}

/// A player to register with [`add`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPlayer {
    /// Display name; must not be empty.
    pub name: String,
    /// Address; must contain `@`; leading and trailing spaces are dropped.
    pub email: String,
    /// Language of the replies.
    pub language: Language,
    /// IANA time zone name (the caller checks it; `UTC` if unsure).
    pub time_zone: String,
    /// What the person may do.
    pub role: Role,
    /// Registration instant (UTC).
    pub created_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, name, email, language, time_zone, role, unreachable_since, created_at, piece_letters, retired_at";

fn from_row(row: &Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player {
        id: row.get("id")?,
        name: row.get("name")?,
        email: row.get("email")?,
        language: row.get("language")?,
        time_zone: row.get("time_zone")?,
        role: row.get("role")?,
        unreachable_since: row.get::<_, Option<Ts>>("unreachable_since")?.map(|t| t.0),
        created_at: row.get::<_, Ts>("created_at")?.0,
        piece_letters: row.get("piece_letters")?,
        retired_at: row.get::<_, Option<Ts>>("retired_at")?.map(|t| t.0),
    })
}

/// Registers a player and returns the stored row.
///
/// # Errors
/// [`StoreError::Duplicate`] if the address (ignoring ASCII case) is taken,
/// [`StoreError::Invalid`] for an empty name or one with control characters,
/// an address that is not exactly one addr-spec, or an empty time zone.
pub fn add(tx: &Tx<'_>, new: &NewPlayer) -> Result<Player> {
    let email = checked_email(&new.email)?;
    checked_name(&new.name)?;
    if new.time_zone.trim().is_empty() {
        return Err(StoreError::Invalid {
            what: "time zone",
            value: new.time_zone.clone(),
        });
    }
    let token = super::games::Token::generate(tx)?;
    let inserted = tx.sql().execute(
        "INSERT INTO players (name, email, language, time_zone, role, created_at, reply_token)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            new.name.trim(),
            email,
            new.language,
            new.time_zone.trim(),
            new.role,
            Ts(new.created_at),
            token.as_str()
        ],
    );
    match inserted {
        Ok(_) => get(tx, PlayerId(tx.sql().last_insert_rowid())),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "player email",
            key: email.to_owned(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// True for exactly one addr-spec `local@domain` (RFC 5322, as lettre's
/// `Address` reads it: no list such as `x@y.org,evil@z.org`, no display name,
/// no angle brackets) without spaces or control characters: the check every
/// stored address passes.
pub(crate) fn is_plausible_email(email: &str) -> bool {
    !email
        .chars()
        .any(|c| c.is_whitespace() || crate::printable::is_unsafe(c))
        && !email.contains([',', '<', '>', ';', '"', '(', ')'])
        && email.parse::<lettre::Address>().is_ok()
}

/// The player with this id.
///
/// # Errors
/// [`StoreError::NotFound`] if there is none.
pub fn get(tx: &Tx<'_>, id: PlayerId) -> Result<Player> {
    tx.row_by_key(
        "player",
        &format!("SELECT {COLUMNS} FROM players WHERE id = ?1"),
        id,
        from_row,
    )
}

/// The player registered with this address (ASCII case ignored, spaces
/// trimmed, the domain in Unicode or ASCII form alike: [`canonical_email`]),
/// or `None` for a stranger.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn find_by_email(tx: &Tx<'_>, email: &str) -> Result<Option<Player>> {
    Ok(tx
        .sql()
        .prepare_cached(&format!("SELECT {COLUMNS} FROM players WHERE email = ?1"))?
        .query_row([canonical_email(email)], from_row)
        .optional()?)
}

/// How [`find_by_name`] matched a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameMatch {
    /// The same words in the same order: spaces and commas between them, and
    /// `ё` against `е`, aside (`Сидоров, Сидор` is `Сидоров Сидор`).
    Exact,
    /// The same name ignoring case (Cyrillic included: `ИВАНОВ` is `Иванов`).
    IgnoringCase,
    /// The same words with the surname moved: `Ivanov, Pyotr` is `Pyotr Ivanov`
    /// (and the reverse).
    Reordered,
}

/// The registered players with this name (addresses under `archive.invalid`,
/// the players of imported games, are not registered players). A name is
/// compared word by word, commas counting as spaces and `ё` as `е`; a name
/// written "Surname, Name" (either side) also fits the same words in the other
/// order. Tried with case first, then ignoring case; the first way that finds
/// any player decides, so `Иванов, Пётр` finds both "Иванов Пётр" and "Пётр
/// Иванов" when both are registered. Several players found are all returned (the
/// caller decides: one name, two people); the [`NameMatch`] is the first one's.
/// The name `?` (an unknown player of a record) and an empty one find nobody.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn find_by_name(tx: &Tx<'_>, name: &str) -> Result<Option<(NameMatch, Vec<Player>)>> {
    Ok(NameIndex::of_registered(tx)?.find(name))
}

/// The registered players by the words of their names, to find many names
/// ([`find_by_name`]'s rules) with one read of the players: each lookup is a
/// hash lookup, not a pass over every player.
pub struct NameIndex {
    players: Vec<Player>,
    /// For case kept, then case ignored: the words of each name, and of the
    /// name reordered when it is written "Surname, Name", to the players'
    /// positions in `players` and whether the key is the name as written.
    keys: [std::collections::HashMap<String, Vec<(usize, bool)>>; 2],
}

impl NameIndex {
    /// The index of the registered players (not those under `archive.invalid`).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] only.
    pub fn of_registered(tx: &Tx<'_>) -> Result<NameIndex> {
        let players: Vec<Player> = list(tx)?
            .into_iter()
            .filter(|p| !p.email.to_ascii_lowercase().ends_with("@archive.invalid"))
            .collect();
        let mut keys: [std::collections::HashMap<String, Vec<(usize, bool)>>; 2] =
            Default::default();
        for (k, lower) in [false, true].into_iter().enumerate() {
            for (i, p) in players.iter().enumerate() {
                keys[k]
                    .entry(name_words(&p.name, lower))
                    .or_default()
                    .push((i, true));
                if let Some(r) = name_reordered(&p.name, lower) {
                    keys[k].entry(r).or_default().push((i, false));
                }
            }
        }
        Ok(NameIndex { players, keys })
    }

    /// The registered players with this name, as [`find_by_name`] finds them.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<(NameMatch, Vec<Player>)> {
        let plain = name_words(name, false);
        if plain.is_empty() || plain == "?" {
            return None;
        }
        for (k, lower) in [false, true].into_iter().enumerate() {
            let same = if lower {
                NameMatch::IgnoringCase
            } else {
                NameMatch::Exact
            };
            let mut hits: std::collections::BTreeMap<usize, NameMatch> = Default::default();
            // The registered name's words are the wanted ones (as written), or
            // the registered name reordered is.
            for &(i, as_written) in self.keys[k]
                .get(&name_words(name, lower))
                .into_iter()
                .flatten()
            {
                let how = if as_written {
                    same
                } else {
                    NameMatch::Reordered
                };
                let hit = hits.entry(i).or_insert(how);
                if as_written {
                    *hit = same;
                }
            }
            // The wanted name reordered is the registered name as written.
            if let Some(r) = name_reordered(name, lower) {
                for &(i, as_written) in self.keys[k].get(&r).into_iter().flatten() {
                    if as_written {
                        hits.entry(i).or_insert(NameMatch::Reordered);
                    }
                }
            }
            if let Some(&how) = hits.values().next() {
                let found = hits.keys().map(|&i| self.players[i].clone()).collect();
                return Some((how, found));
            }
        }
        None
    }
}

/// The words of a name, commas as spaces, `ё` as `е`, lowercased if asked.
fn name_words(name: &str, lower: bool) -> String {
    let folded: String = name
        .chars()
        .map(|c| match c {
            'ё' => 'е',
            'Ё' => 'Е',
            ',' => ' ',
            c => c,
        })
        .collect();
    let joined = folded.split_whitespace().collect::<Vec<_>>().join(" ");
    if lower { joined.to_lowercase() } else { joined }
}

/// "Surname, Name" as "Name Surname".
fn name_reordered(name: &str, lower: bool) -> Option<String> {
    let (surname, given) = name.split_once(',')?;
    Some(name_words(&format!("{given} {surname}"), lower))
}

/// Every player, by id.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn list(tx: &Tx<'_>) -> Result<Vec<Player>> {
    let mut stmt = tx
        .sql()
        .prepare_cached(&format!("SELECT {COLUMNS} FROM players ORDER BY id"))?;
    let rows = stmt.query_map([], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The referees and admins (who get alerts and time-out reports), by id;
/// read through the `players_role` index.
///
/// # Errors
/// [`StoreError::Sqlite`] only.
pub fn referees(tx: &Tx<'_>) -> Result<Vec<Player>> {
    let mut stmt = tx.sql().prepare_cached(&format!(
        "SELECT {COLUMNS} FROM players WHERE role IN ('referee', 'admin') ORDER BY id"
    ))?;
    let rows = stmt.query_map([], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn update_one(tx: &Tx<'_>, id: PlayerId, sql: &str, value: &dyn rusqlite::ToSql) -> Result<Player> {
    let n = tx.sql().execute(sql, params![value, id])?;
    if n == 0 {
        return Err(StoreError::NotFound {
            what: "player",
            key: id.to_string(),
        });
    }
    get(tx, id)
}

/// Changes the language of a player's replies; returns the updated row.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such player.
pub fn set_language(tx: &Tx<'_>, id: PlayerId, language: Language) -> Result<Player> {
    update_one(
        tx,
        id,
        "UPDATE players SET language = ?1 WHERE id = ?2",
        &language,
    )
}

/// Sets the chess piece letters a player reads moves in (`None`: those of the
/// player's language); returns the updated row.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such player.
pub fn set_piece_letters(
    tx: &Tx<'_>,
    id: PlayerId,
    letters: Option<PieceLetters>,
) -> Result<Player> {
    update_one(
        tx,
        id,
        "UPDATE players SET piece_letters = ?1 WHERE id = ?2",
        &letters,
    )
}

/// Changes a player's IANA time zone name; returns the updated row.
///
/// # Errors
/// [`StoreError::Invalid`] for an empty name, [`StoreError::NotFound`] if
/// there is no such player.
pub fn set_time_zone(tx: &Tx<'_>, id: PlayerId, time_zone: &str) -> Result<Player> {
    let time_zone = time_zone.trim();
    if time_zone.is_empty() {
        return Err(StoreError::Invalid {
            what: "time zone",
            value: time_zone.to_owned(),
        });
    }
    update_one(
        tx,
        id,
        "UPDATE players SET time_zone = ?1 WHERE id = ?2",
        &time_zone,
    )
}

/// Changes what a person may do; returns the updated row. (The caller audits it.)
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such player.
pub fn set_role(tx: &Tx<'_>, id: PlayerId, role: Role) -> Result<Player> {
    update_one(tx, id, "UPDATE players SET role = ?1 WHERE id = ?2", &role)
}

/// Marks the address unreachable since an instant (after a bounce), or
/// reachable again with `None`; returns the updated row.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such player.
pub fn set_unreachable(tx: &Tx<'_>, id: PlayerId, since: Option<DateTime<Utc>>) -> Result<Player> {
    update_one(
        tx,
        id,
        "UPDATE players SET unreachable_since = ?1 WHERE id = ?2",
        &since.map(Ts),
    )
}

/// The player's personal token, carried in the personal reply address
/// `<local>+p<player>.<token>@<domain>` of the mails not about one game; `None`
/// if the player has none (a row written by an older version and not migrated).
/// Secret: never logged, never part of [`Player`] (which is printed as JSON).
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such player.
pub fn reply_token(tx: &Tx<'_>, id: PlayerId) -> Result<Option<String>> {
    tx.row_by_key(
        "player",
        "SELECT reply_token FROM players WHERE id = ?1",
        id,
        |r| r.get::<_, Option<String>>("reply_token"),
    )
}

/// Whether `candidate` is exactly the player's personal token (case-sensitive,
/// compared in constant time); `false` for a player without one.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such player.
pub fn reply_token_matches(tx: &Tx<'_>, id: PlayerId, candidate: &str) -> Result<bool> {
    Ok(reply_token(tx, id)?
        .is_some_and(|t| crate::mail::constant_time_eq(t.as_bytes(), candidate.as_bytes())))
}

/// Records that the player gets the answer to a mail without a valid token at
/// `at`, unless one was recorded in the 24 hours before: `true` if this one may
/// be sent (and is now recorded), `false` if the day's answer was sent already.
///
/// # Errors
/// [`StoreError::NotFound`] if there is no such player.
pub fn take_tokenless_answer(tx: &Tx<'_>, id: PlayerId, at: DateTime<Utc>) -> Result<bool> {
    let last: Option<Ts> = tx.row_by_key(
        "player",
        "SELECT tokenless_answered_at FROM players WHERE id = ?1",
        id,
        |r| r.get("tokenless_answered_at"),
    )?;
    if let Some(Ts(last)) = last
        && at < last + chrono::TimeDelta::hours(24)
        && at > last - chrono::TimeDelta::hours(24)
    {
        return Ok(false);
    }
    tx.sql().execute(
        "UPDATE players SET tokenless_answered_at = ?1 WHERE id = ?2",
        params![Ts(at), id],
    )?;
    Ok(true)
}

/// The address trimmed, or [`StoreError::Invalid`] if it is not one plausible
/// address (see [`add`]).
fn checked_email(email: &str) -> Result<String> {
    let trimmed = email.trim();
    if !is_plausible_email(trimmed) {
        return Err(StoreError::Invalid {
            what: "email",
            value: email.to_owned(),
        });
    }
    Ok(canonical_email(trimmed))
}

/// An address as the store keeps it and looks it up: trimmed, its domain in
/// one form (IDNA to ASCII by UTS #46, which also lower-cases it:
/// `Ivan@Пример.РФ` is `Ivan@xn--e1afmkfd.xn--p1ai`), the local part as
/// written (the column compares it ignoring ASCII case). An address whose
/// domain is no IDNA name (an address literal `[192.0.2.1]`) is kept as it is.
#[must_use]
pub fn canonical_email(email: &str) -> String {
    let email = email.trim();
    match email.rsplit_once('@') {
        Some((local, domain)) => match idna::domain_to_ascii(domain) {
            Ok(ascii) if !ascii.is_empty() => format!("{local}@{ascii}"),
            _ => email.to_string(),
        },
        None => email.to_string(),
    }
}

/// Brings addresses stored by an earlier version (a domain written in
/// Unicode or in capitals outside ASCII) to [`canonical_email`]'s form, so
/// mail in either form finds its player: the hook of migration 0022, run
/// once inside its transaction, over the rows holding a character outside
/// printable ASCII only. A row whose canonical form another player already
/// has is left as it is (two registrations of one mailbox: the referees
/// choose which stays).
pub(super) fn canonicalize_stored_emails(conn: &rusqlite::Connection) -> rusqlite::Result<()> {
    let rows: Vec<(i64, String)> = conn
        .prepare_cached("SELECT id, email FROM players WHERE email GLOB '*[^ -~]*'")?
        .query_map([], |r| Ok((r.get("id")?, r.get("email")?)))?
        .collect::<rusqlite::Result<_>>()?;
    let changed: Vec<(i64, String)> = rows
        .into_iter()
        .filter_map(|(id, email)| {
            let canonical = canonical_email(&email);
            (canonical != email).then_some((id, canonical))
        })
        .collect();
    for (id, email) in changed {
        match conn.execute(
            "UPDATE players SET email = ?1 WHERE id = ?2",
            params![email, id],
        ) {
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// The most characters a player's name may have.
pub const NAME_LIMIT: usize = 100;

/// The name trimmed, or [`StoreError::Invalid`] if it is empty or holds
/// control or invisible characters, [`StoreError::TooLong`] past
/// [`NAME_LIMIT`] characters.
fn checked_name(name: &str) -> Result<&str> {
    if name.trim().is_empty() || crate::printable::has_unsafe(name) {
        return Err(StoreError::Invalid {
            what: "name",
            value: crate::printable::printable(name).into_owned(),
        });
    }
    let length = name.trim().chars().count();
    if length > NAME_LIMIT {
        return Err(StoreError::TooLong {
            what: "name",
            length,
            limit: NAME_LIMIT,
        });
    }
    Ok(name.trim())
}

/// Renames a player (the name in game records from now on; finished
/// records keep the name they were written with only in exported files).
///
/// # Errors
/// [`StoreError::Invalid`] for an empty or unprintable name,
/// [`StoreError::NotFound`].
pub fn set_name(tx: &Tx<'_>, id: PlayerId, name: &str) -> Result<Player> {
    let name = checked_name(name)?;
    update_one(tx, id, "UPDATE players SET name = ?1 WHERE id = ?2", &name)
}

/// Changes a player's registered address. The player's games, their reply
/// tokens and the personal token stay: the personal game addresses do not
/// change, and since a mail is applied only from the registered sender
/// carrying that player's token, mail from the old address is from then on
/// that of a stranger.
///
/// # Errors
/// [`StoreError::Invalid`] for an implausible address,
/// [`StoreError::Duplicate`] if another player has it (ignoring ASCII case),
/// [`StoreError::NotFound`].
pub fn set_email(tx: &Tx<'_>, id: PlayerId, email: &str) -> Result<Player> {
    let email = checked_email(email)?;
    match tx.sql().execute(
        "UPDATE players SET email = ?1 WHERE id = ?2",
        params![email, id],
    ) {
        Ok(0) => Err(StoreError::NotFound {
            what: "player",
            key: id.to_string(),
        }),
        Ok(_) => get(tx, id),
        Err(e) if is_unique_violation(&e) => Err(StoreError::Duplicate {
            what: "player email",
            key: email.to_owned(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// Retires a player at `at` (UTC), or (`None`) takes them back: a retired
/// player cannot be entered in new games or tournaments; the games being
/// played stand.
///
/// # Errors
/// [`StoreError::NotFound`].
pub fn set_retired(tx: &Tx<'_>, id: PlayerId, at: Option<DateTime<Utc>>) -> Result<Player> {
    update_one(
        tx,
        id,
        "UPDATE players SET retired_at = ?1 WHERE id = ?2",
        &at.map(Ts),
    )
}
