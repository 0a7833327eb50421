//! The threads of the bot's mails: per player and game (game 0: the player's
//! own thread, for mails not about one game), the Message-ID of the last mail
//! of that thread to the player and the References chain the next one carries.
//! Written in the same transaction as the outbox row it describes, so a rolled
//! back mail leaves the thread as it was.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::{GameId, PlayerId, Result, Ts, Tx};

/// The most ids a References chain keeps (the first of the thread and the
/// latest ones).
pub const MAX_REFERENCES: usize = 20;

/// Where a thread stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    /// The last mail of the thread to the player, without `<>`.
    pub last_message_id: String,
    /// The References of the next mail: ids with `<>`, oldest first, at most
    /// [`MAX_REFERENCES`]; it ends with `last_message_id`.
    pub references: Vec<String>,
}

fn scope(game: Option<GameId>) -> i64 {
    game.map_or(0, |g| g.0)
}

/// The thread of the player's mails about `game` (`None`: the player's own
/// thread), if any mail was written in it.
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn get(tx: &Tx<'_>, player: PlayerId, game: Option<GameId>) -> Result<Option<Thread>> {
    Ok(tx
        .sql()
        .prepare_cached(
            "SELECT last_message_id, refs FROM threads WHERE player_id = ?1 AND game_id = ?2",
        )?
        .query_row(params![player, scope(game)], |r| {
            let refs: String = r.get("refs")?;
            Ok(Thread {
                last_message_id: r.get("last_message_id")?,
                references: refs.split_whitespace().map(str::to_string).collect(),
            })
        })
        .optional()?)
}

/// Bounds a chain to [`MAX_REFERENCES`] ids: the first one (the thread's root)
/// and the latest ones.
#[must_use]
pub fn bounded(mut chain: Vec<String>) -> Vec<String> {
    if chain.len() > MAX_REFERENCES {
        let cut = chain.len() - (MAX_REFERENCES - 1);
        chain.drain(1..cut);
    }
    chain
}

/// Records `message_id` (without `<>`) as the last mail of the thread, with the
/// chain the next mail will carry (bounded by [`bounded`]).
///
/// # Errors
/// [`super::StoreError::Sqlite`] only.
pub fn record(
    tx: &Tx<'_>,
    player: PlayerId,
    game: Option<GameId>,
    message_id: &str,
    references: Vec<String>,
    at: DateTime<Utc>,
) -> Result<()> {
    let refs = bounded(references).join(" ");
    tx.sql().execute(
        "INSERT INTO threads (player_id, game_id, last_message_id, refs, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (player_id, game_id) DO UPDATE SET
             last_message_id = excluded.last_message_id,
             refs = excluded.refs,
             updated_at = excluded.updated_at",
        params![player, scope(game), message_id, refs, Ts(at)],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_chain_keeps_its_root_and_the_latest_ids() {
        let chain: Vec<String> = (0..30).map(|k| format!("<{k}@x>")).collect();
        let b = bounded(chain);
        assert_eq!(b.len(), MAX_REFERENCES);
        assert_eq!(b[0], "<0@x>");
        assert_eq!(b[1], "<11@x>");
        assert_eq!(b[MAX_REFERENCES - 1], "<29@x>");
    }
}
