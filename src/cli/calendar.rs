//! `zaochka calendar`: a player's deadlines, leave and playing periods as an
//! RFC 5545 calendar (`.ics`), in the player's time zone and language.

use std::process::ExitCode;

use super::store_args::{StoreArgs, player_by_email};
use crate::referee::RefereeError;

/// Writes a player's deadlines as an iCalendar file (.ics)
///
/// Every deadline of the player's active games (their own and, marked, their
/// opponents'), their leave and the ends of their tournaments' playing
/// periods, in the player's time zone and language. Importing a newer file
/// updates the same events (stable UIDs).
#[derive(clap::Args, Debug)]
pub struct Calendar {
    /// The player (registered address).
    player: String,
    /// Write the calendar to this file instead of standard output.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

impl Calendar {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let config = db.config()?;
        let now = db.now();
        let mut store = db.open()?;
        let made = store.read(|tx| -> Result<String, RefereeError> {
            let p = player_by_email(tx, &self.player)?;
            let c = crate::referee::calendar::of_player(tx, p.id, now)?;
            crate::letters::calendar::ics(tx, &config.bot(), &c)
        });
        let text = match made {
            Ok(t) => t,
            Err(e) => return super::output::refusal_or_fault(e, db.json),
        };
        match &self.out {
            Some(path) => std::fs::write(path, text.as_bytes())
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?,
            None => print!("{text}"),
        }
        Ok(ExitCode::SUCCESS)
    }
}
