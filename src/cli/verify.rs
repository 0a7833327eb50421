//! `zaochka verify`: a game's record checked offline against the move
//! receipts it carries ([`crate::games::receipts`]); `zaochka key`: the
//! server's public key, which signs them.

use std::path::PathBuf;
use std::process::ExitCode;

use super::store_args::StoreArgs;
use crate::games::receipts::{
    ChainCheck, ChainFault, FileFault, Place, RecordName, Sealed, check_chain, record_name,
};
use crate::notation::receipt::{public_key_pem, read_public_key};
use crate::vocabulary::Language;

/// Check a game record against its signed move receipts, offline
///
/// The record is read as `zaochka export` writes it. Each ply must carry its receipt and agree with it: the move, the time
/// (`%ccsnt`), its place in the game and the link to the receipt before it,
/// each receipt signed with the server's key; the record's seal (its signed
/// end, or the export head of a game under way) must count its plies and
/// sign its Event, Round, White, Black and Result tags. Says OK with the
/// number of plies, or names the first ply or tag that fails and why; on a
/// file of several games each line names its game. Exits with 1 if a game
/// fails, 2 if the file cannot be read.
#[derive(clap::Args, Debug)]
pub struct Verify {
    /// The record: a PDN file, or PGN when the name ends in `.pgn`.
    file: PathBuf,
    /// The server's public key (base64, as `zaochka key` prints it, or a PEM
    /// file's text or path); without it, the key the first receipt names.
    #[arg(long)]
    key: Option<String>,
    /// The language of the lines: en or ru (default: ru when $LANG starts
    /// with ru).
    #[arg(long)]
    lang: Option<String>,
}

impl Verify {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let lang = match self.lang.as_deref() {
            Some(l) => l
                .parse::<Language>()
                .map_err(|_| anyhow::anyhow!("{l:?}: en or ru"))?,
            None => language_of_environment(),
        };
        let refuse = |file: &str, fault: FileFault| {
            eprintln!("{}", crate::words::receipts::file_fault(file, &fault, lang));
            Ok(ExitCode::from(2))
        };
        let key = match &self.key {
            None => None,
            Some(k) => {
                let text = if std::path::Path::new(k).is_file() {
                    match std::fs::read_to_string(k) {
                        Ok(t) => t,
                        Err(e) => return refuse(k, io_fault(&e)),
                    }
                } else {
                    k.clone()
                };
                match read_public_key(&text) {
                    Ok(k) => Some(k),
                    Err(_) => {
                        eprintln!("{}", crate::words::receipts::bad_key(lang));
                        return Ok(ExitCode::from(2));
                    }
                }
            }
        };
        let file = self.file.display().to_string();
        if self.file.is_dir() {
            return refuse(&file, FileFault::Folder);
        }
        let bytes = match std::fs::read(&self.file) {
            Ok(b) => b,
            Err(e) => return refuse(&file, io_fault(&e)),
        };
        let text = String::from_utf8_lossy(&bytes);
        let pgn = self
            .file
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
        let games: Vec<_> = if pgn {
            crate::notation::pdn::read_pgn_games(&text).collect()
        } else {
            crate::notation::pdn::read_games(&text).collect()
        };
        let mut checks = Vec::new();
        for g in games {
            match g {
                Ok(g) => checks.push((record_name(&g), check_chain(&g, key.as_ref()))),
                Err(e) => return refuse(&file, FileFault::Syntax(e)),
            }
        }
        if checks.is_empty() {
            return refuse(&file, FileFault::NoGames);
        }
        let failed = checks
            .iter()
            .any(|(_, c)| matches!(c, ChainCheck::Fails { .. }));
        let several = checks.len() > 1;
        for (name, c) in &checks {
            if db.json {
                println!("{}", json_of(name, c));
            } else if several {
                println!(
                    "{}",
                    crate::words::receipts::named_check_line(name, c, lang)
                );
            } else {
                println!("{}", crate::words::receipts::check_line(c, lang));
            }
        }
        Ok(if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        })
    }
}

/// Why a file cannot be read, by the system's error kind.
fn io_fault(e: &std::io::Error) -> FileFault {
    match e.kind() {
        std::io::ErrorKind::NotFound => FileFault::Missing,
        std::io::ErrorKind::PermissionDenied => FileFault::Denied,
        std::io::ErrorKind::IsADirectory => FileFault::Folder,
        _ => FileFault::Unreadable,
    }
}

/// One check as a JSON object: `{"ok": true, "game", "plies", "key",
/// "sealed"}` (`sealed`: `end`, `head` or `none`) or `{"ok": false, "ply",
/// "tag", "fault"}` (`ply` 0 for the start, null for a tag or the seal; `tag`
/// the failing tag's name or null; `fault` a kebab-case name); each with the
/// record's `event`, `round`, `white`, `black` tags.
fn json_of(name: &RecordName, c: &ChainCheck) -> serde_json::Value {
    let mut v = match c {
        ChainCheck::Holds {
            game,
            plies,
            key,
            sealed,
        } => serde_json::json!({
            "ok": true, "game": game, "plies": plies, "key": key,
            "sealed": match sealed {
                Sealed::End { .. } => "end",
                Sealed::Head { .. } => "head",
                Sealed::Unsealed => "none",
            },
        }),
        ChainCheck::Fails { at, fault } => {
            let (ply, tag) = match at {
                Place::Start => (Some(0), None),
                Place::Ply(p) => (Some(*p), None),
                Place::Tag(t) => (None, Some(t.name())),
                Place::Seal => (None, None),
            };
            serde_json::json!({
                "ok": false, "ply": ply, "tag": tag, "fault": fault_name(fault),
            })
        }
    };
    v["event"] = serde_json::json!(name.event);
    v["round"] = serde_json::json!(name.round);
    v["white"] = serde_json::json!(name.white);
    v["black"] = serde_json::json!(name.black);
    v
}

/// The name of a fault in JSON.
fn fault_name(f: &ChainFault) -> &'static str {
    match f {
        ChainFault::NoStart => "no-start",
        ChainFault::StartAltered => "start-altered",
        ChainFault::NoReceipt => "no-receipt",
        ChainFault::BadSignature => "bad-signature",
        ChainFault::OtherGame { .. } => "other-game",
        ChainFault::Reordered { .. } => "reordered",
        ChainFault::Missing { .. } => "missing",
        ChainFault::BrokenChain => "broken-chain",
        ChainFault::AlteredMove { .. } => "altered-move",
        ChainFault::AlteredTime { .. } => "altered-time",
        ChainFault::NoTime => "no-time",
        ChainFault::BadSeal => "bad-seal",
        ChainFault::NoSeal => "no-seal",
        ChainFault::SealOfOtherGame { .. } => "seal-of-other-game",
        ChainFault::SealOffChain => "seal-off-chain",
        ChainFault::Removed { .. } => "removed",
        ChainFault::PastSeal { .. } => "past-seal",
        ChainFault::AlteredTag { .. } => "altered-tag",
    }
}

/// Russian when `$LANG` (or `$LC_ALL`) starts with `ru`, else English.
pub(super) fn language_of_environment() -> Language {
    let env = std::env::var("LC_ALL")
        .ok()
        .filter(|v| !v.is_empty())
        .or_else(|| std::env::var("LANG").ok())
        .unwrap_or_default();
    if env.starts_with("ru") {
        Language::Ru
    } else {
        Language::En
    }
}

/// Print the server's public key, which signs the move receipts
///
/// The key is made beside the database (mode 0600) if there is none yet.
/// Base64 of its 32 bytes by default (what `zaochka verify --key` takes);
/// with --pem a PEM public key, as OpenSSL reads it.
#[derive(clap::Args, Debug)]
pub struct Key {
    /// Print a PEM `PUBLIC KEY` block instead of base64.
    #[arg(long)]
    pem: bool,
}

impl Key {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let database = db.config()?.database;
        let path = crate::store::server_key::path_for(&database);
        let key = crate::store::server_key::load_or_create(&path)?;
        let public = key.verifying_key().to_bytes();
        if self.pem {
            print!("{}", public_key_pem(&public));
        } else {
            println!("{}", crate::notation::receipt::b64(&public));
        }
        Ok(ExitCode::SUCCESS)
    }
}
