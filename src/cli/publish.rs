//! `zaochka tournament publish NAME DIR`: the tournament's static site from
//! the store ([`crate::site`]).

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, anyhow};

use super::store_args::StoreArgs;
use crate::referee::RefereeError;
use crate::referee::tournament as service;
use crate::vocabulary::Language;

/// Writes the site of tournament `name` into `dir`, in `lang`.
pub(super) fn publish(
    db: &StoreArgs,
    name: &str,
    dir: &Path,
    lang: Language,
) -> anyhow::Result<ExitCode> {
    let mode = db.config()?.tournaments.site_mode();
    let mut store = db.open()?;
    let read = store.read(|tx| -> Result<_, RefereeError> {
        let t = service::by_name(tx, name)?;
        crate::site::publication(tx, &t, lang, db.now())
    });
    let p = match read {
        Ok(p) => p,
        Err(RefereeError::Store(e)) => return Err(anyhow!(e)),
        Err(e) => {
            eprintln!("zaochka: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let written = crate::site::write_with(dir, &p.site(), mode)
        .with_context(|| format!("writing the site into {}", dir.display()))?;
    // The key that signs the records' receipts, beside them.
    let key = crate::store::server_key::load_or_create(&crate::store::server_key::path_for(
        &db.config()?.database,
    ))?;
    let pem = crate::notation::receipt::public_key_pem(&key.verifying_key().to_bytes());
    crate::site::write_public_key(dir, &pem)
        .with_context(|| format!("writing the public key into {}", dir.display()))?;
    println!(
        "{}",
        crate::words::operator::desk::published(
            &p.name,
            written.files.len(),
            dir.display(),
            written.removed.len()
        )
    );
    Ok(ExitCode::SUCCESS)
}
