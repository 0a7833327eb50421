//! Who sent a mail: the registered From AND that player's token (for a game,
//! or the player's personal token); and the one answer a day to a registered
//! address whose mail carries no valid token, with the list of the player's
//! games.

use super::replies::{language_of, personal, reply_id};
use crate::config::Config;
use crate::daemon::inbox::RawMail;
use crate::letters;
use crate::printable::printable;
use crate::referee::{self, RefereeError};
use crate::store::players::{self, Player};
use crate::store::{StoreError, Tx, games};
use crate::vocabulary::{GameId, GameStatus};
use crate::words;
use crate::words::mail::{GameEntry, Notice, Standing};
use crate::words::operator::outcomes;

/// Who sent a mail, as far as the bot can tell.
pub(super) enum Identity {
    /// A registered player who wrote to their own reply address of a game, or
    /// to their own personal address (`game: None`).
    Verified {
        /// The player.
        player: Player,
        /// The game whose token the mail carries; `None` for the personal token.
        game: Option<GameId>,
    },
    /// A mail from a registered address without a valid token of that player:
    /// never applied; answered at most once a day, to the registered address
    /// only (so a forger of the From learns nothing).
    Tokenless {
        /// The registered player of the From address.
        player: Player,
        /// `rejected: ...` for the processed-message record.
        outcome: String,
        /// The game the address named, if it exists.
        claimed: Option<GameId>,
    },
    /// Anyone else: recorded, never answered.
    Unverified {
        /// `rejected: ...` for the processed-message record.
        outcome: String,
        /// The game the address named, if it exists.
        claimed: Option<GameId>,
    },
}

/// Identity = the registered From AND that player's token, for the game named
/// in one of the recipient addresses or in the player's personal address
/// (compared in constant time).
pub(super) fn verify<'a>(
    tx: &Tx<'_>,
    config: &Config,
    from: &str,
    recipients: impl Iterator<Item = &'a str>,
) -> Result<Identity, RefereeError> {
    let Some(player) = players::find_by_email(tx, from)? else {
        return Ok(Identity::Unverified {
            outcome: outcomes::unknown_sender(&printable(from)),
            claimed: None,
        });
    };
    let bot = config.bot();
    let mut claimed: Option<GameId> = None;
    let mut wrong_personal = false;
    for address in recipients {
        if let Ok(addr) = bot.parse_reply(address) {
            let Ok(game) = games::get(tx, addr.id) else {
                continue;
            };
            claimed.get_or_insert(addr.id);
            if let Some(side) = game.side_of(player.id)
                && addr.token_matches(game.token(side).as_str())
            {
                return Ok(Identity::Verified {
                    player,
                    game: Some(addr.id),
                });
            }
        } else if let Ok(addr) = bot.parse_personal(address) {
            if addr.id == player.id && players::reply_token_matches(tx, player.id, &addr.token)? {
                return Ok(Identity::Verified { player, game: None });
            }
            wrong_personal = true;
        }
    }
    Ok(Identity::Tokenless {
        player,
        outcome: outcomes::tokenless(claimed.is_some() || wrong_personal),
        claimed,
    })
}

pub(super) fn answered_note(answered: bool) -> &'static str {
    outcomes::tokenless_note(answered)
}

/// The answer to a registered player's mail without a valid token, at most one
/// in 24 hours (recorded in this transaction), to the registered address only:
/// nothing was done; here are your games, their reply addresses and whose move
/// it is. Applies nothing. `true` if it was written now.
pub(super) fn tokenless_answer(
    tx: &Tx<'_>,
    config: &Config,
    player: &Player,
    mail: &RawMail,
) -> Result<bool, RefereeError> {
    if !players::take_tokenless_answer(tx, player.id, mail.received_at)? {
        return Ok(false);
    }
    let lang = language_of(player);
    let notice = Notice::Tokenless {
        games: game_entries(tx, config, player, mail.received_at)?,
        personal: letters::personal_address(tx, &config.bot(), player)?,
    };
    let reply = personal(player, None, notice.text(lang), lang);
    letters::post(
        tx,
        &config.bot(),
        &reply,
        None,
        reply_id(tx, config, &mail.key, 0, 0)?,
        crate::daemon::wall::now().max(mail.received_at),
    )?;
    Ok(true)
}

/// The player's games that go on (active, paused, adjourned), with their reply
/// addresses and whose move it is.
pub(super) fn game_entries(
    tx: &Tx<'_>,
    config: &Config,
    player: &Player,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<GameEntry>, RefereeError> {
    let lang = language_of(player);
    let bot = config.bot();
    let filter = games::GameFilter {
        player: Some(player.id),
        ..Default::default()
    };
    let mut out = Vec::new();
    for g in games::list(tx, &filter)? {
        if !matches!(
            g.status,
            GameStatus::Active | GameStatus::Paused | GameStatus::Adjourned
        ) {
            continue;
        }
        let Some(side) = g.side_of(player.id) else {
            continue;
        };
        let standing = if g.status == GameStatus::Active {
            match referee::load::load(tx, g.id, now) {
                Ok(l) if l.game.turn() == side => Standing::YourMove,
                Ok(_) => Standing::OpponentsMove,
                Err(RefereeError::Store(e)) => return Err(RefereeError::Store(e)),
                Err(_) => Standing::Stopped,
            }
        } else {
            Standing::Stopped
        };
        let white = players::get(tx, g.white)?;
        let black = players::get(tx, g.black)?;
        let variant = words::game::variant_name(g.variant, lang);
        out.push(GameEntry {
            game: g.id,
            title: format!("{variant}: {} – {}", white.name, black.name),
            side,
            standing,
            address: bot.reply_address(g.id, g.token(side).as_str()),
        });
    }
    Ok(out)
}

/// Whether the player plays in this game (which exists).
pub(super) fn plays_in(tx: &Tx<'_>, player: &Player, game: GameId) -> Result<bool, RefereeError> {
    match games::get(tx, game) {
        Ok(g) => Ok(g.side_of(player.id).is_some()),
        Err(StoreError::NotFound { .. }) => Ok(false),
        Err(e) => Err(e.into()),
    }
}
