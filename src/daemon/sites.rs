//! Tournament pages kept up to date (`[tournaments] site-dir`): each
//! tournament's static site is written at start and again after one of its
//! games ends, into `<site-dir>/<tournament id>/`.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use tracing::{info, warn};

use crate::config::Config;
use crate::referee::RefereeError;
use crate::store::Store;
use crate::store::tournaments::{self, TournamentId, TournamentStatus};
use crate::vocabulary::Language;

/// When each tournament's site was last written: the game end it shows.
pub type Published = HashMap<TournamentId, Option<DateTime<Utc>>>;

/// Writes the sites that are out of date. A failure is logged and tried
/// again at the next turn; it never stops the daemon.
pub fn refresh(store: &mut Store, config: &Config, published: &mut Published, now: DateTime<Utc>) {
    let Some(root) = &config.tournaments.site_dir else {
        return;
    };
    let lang = match config.tournaments.site_language.as_deref() {
        Some("en") => Language::En,
        _ => Language::Ru,
    };
    let due = store.read(|tx| -> Result<_, RefereeError> {
        let mut due = Vec::new();
        for t in tournaments::list(tx)? {
            if matches!(
                t.status,
                TournamentStatus::Registering | TournamentStatus::Drawn
            ) {
                continue;
            }
            let last = tournaments::last_game_end(tx, t.id)?;
            if published.get(&t.id) != Some(&last) {
                due.push((crate::site::publication(tx, &t, lang, now)?, t.id, last));
            }
        }
        Ok(due)
    });
    let due = match due {
        Ok(d) => d,
        Err(e) => {
            warn!(error = %e, "tournament sites: cannot read the store");
            return;
        }
    };
    for (p, id, last) in due {
        let dir = root.join(id.0.to_string());
        match crate::site::write_with(&dir, &p.site(), config.tournaments.site_mode()) {
            Ok(w) => {
                info!(tournament = %p.name, dir = %dir.display(), files = w.files.len(), "tournament site written");
                publish_key(config, &dir);
                published.insert(id, last);
            }
            Err(e) => {
                warn!(tournament = %p.name, dir = %dir.display(), error = %e, "tournament site not written")
            }
        }
    }
}

/// Puts the server's public key beside a tournament's site
/// ([`crate::site::write_public_key`]); a failure is logged, never fatal.
fn publish_key(config: &Config, dir: &std::path::Path) {
    let path = crate::store::server_key::path_for(&config.database);
    let written = crate::store::server_key::load_or_create(&path)
        .map_err(|e| e.to_string())
        .and_then(|key| {
            let pem = crate::notation::receipt::public_key_pem(&key.verifying_key().to_bytes());
            crate::site::write_public_key(dir, &pem).map_err(|e| e.to_string())
        });
    if let Err(e) = written {
        warn!(dir = %dir.display(), error = %e, "server public key not published");
    }
}
