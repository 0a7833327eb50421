//! `tournament export`: every game of a tournament as PDN, to a file or stdout.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use super::queries::read;
use crate::cli::store_args::StoreArgs;
use crate::referee::tournament as service;
use crate::store::tournaments;

pub(super) fn export(
    db: &StoreArgs,
    name: &str,
    output: Option<PathBuf>,
) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let mut text = String::new();
        for l in tournaments::games(tx, t.id)? {
            let now = chrono::Utc::now();
            let loaded = crate::referee::load::load(tx, l.game, now)?;
            text.push_str(&crate::referee::signed_export_text(tx, &loaded, now)?);
            text.push('\n');
        }
        Ok(text)
    })?;
    let text = match got {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    match output {
        Some(path) => {
            std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        }
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
