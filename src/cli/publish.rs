//! `zaochka tournament publish` (wired to the site writer on merge).
use std::path::Path;
use std::process::ExitCode;

use super::store_args::StoreArgs;
use crate::lang::Language;

pub(super) fn publish(_db: &StoreArgs, _name: &str, _dir: &Path, _lang: Language) -> anyhow::Result<ExitCode> {
    anyhow::bail!("publish: not wired yet")
}
