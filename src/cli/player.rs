//! `zaochka player add|edit|retire|list|xfcc-password`.
//!
//! A player is never deleted: `retire` keeps the row (their games and
//! records name them) and only stops new games and tournament entries; the
//! games being played when a player retires stand and are played out or
//! settled by the director (`referee forfeit`, `tournament withdraw`).

use std::process::ExitCode;

use super::store_args::StoreArgs;
use crate::referee::RefereeError;
use crate::store::StoreError;
use crate::store::players::{self, Language, NewPlayer, Role};

/// Registers or lists players.
#[derive(clap::Subcommand, Debug)]
pub enum Player {
    /// Register a player (or a referee).
    Add {
        /// Full name as it appears in game records.
        #[arg(long)]
        name: String,
        /// Registered e-mail address.
        #[arg(long)]
        email: String,
        /// Language of replies: ru or en.
        #[arg(long, default_value = "ru")]
        lang: String,
        /// IANA time zone, for deadlines.
        #[arg(long, default_value = "Europe/Moscow")]
        tz: String,
        /// player, referee or admin.
        #[arg(long, default_value = "player")]
        role: String,
        /// Chess piece letters in the player's mails: latin (K Q R B N) or
        /// russian (Кр Ф Л С К); by default those of the language.
        #[arg(long)]
        piece_letters: Option<String>,
    },
    /// Change a player's name, address, language, time zone or piece letters.
    ///
    /// Change a player's name, address, language, time zone or piece
    /// letters; what is not given stays. A new address keeps the player's
    /// games and their personal game addresses; mail from the old address is
    /// no longer applied.
    Edit {
        /// The player's registered address.
        player: String,
        /// New full name.
        #[arg(long)]
        name: Option<String>,
        /// New registered e-mail address.
        #[arg(long)]
        email: Option<String>,
        /// Language of replies: ru or en.
        #[arg(long)]
        lang: Option<String>,
        /// IANA time zone, for deadlines (Europe/Moscow, ...).
        #[arg(long)]
        tz: Option<String>,
        /// Chess piece letters: latin, russian, or default (those of the
        /// language).
        #[arg(long)]
        piece_letters: Option<String>,
        /// The director's registered address (referee or admin role).
        #[arg(long = "as")]
        actor: String,
        /// Why (written to the audit log with what changed).
        #[arg(long)]
        reason: String,
    },
    /// Retire a player from new games and tournaments (`--undo` takes it back).
    ///
    /// Retire a player: listed as retired, not entered in new games or
    /// tournaments; the games being played stand. `--undo` takes them back.
    Retire {
        /// The player's registered address.
        player: String,
        /// Take a retired player back.
        #[arg(long)]
        undo: bool,
        /// The director's registered address (referee or admin role).
        #[arg(long = "as")]
        actor: String,
        /// Why (written to the audit log).
        #[arg(long)]
        reason: String,
    },
    /// List players.
    List,
    /// Set a player's Xfcc password (desktop clients); a made one is printed once.
    ///
    /// Set a player's password for the Xfcc endpoint (`[xfcc] listen`), which
    /// desktop correspondence programs log in to. By default a password is
    /// made and printed once; only its Argon2id hash is kept. With `--stdin`
    /// the password is read from the first line of standard input.
    XfccPassword {
        /// The player's registered address.
        player: String,
        /// Read the password from standard input instead of making one.
        #[arg(long)]
        stdin: bool,
    },
}

impl Player {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let mut store = db.open()?;
        let now = db.now();
        match self {
            Player::Add {
                name,
                email,
                lang,
                tz,
                role,
                piece_letters,
            } => {
                let piece_letters = piece_letters.as_deref().map(letters_arg).transpose()?;
                let language = language_arg(&lang)?;
                zone_arg(&tz)?;
                let role: Role = role.parse().map_err(|_| {
                    anyhow::anyhow!("role must be player, referee or admin, not {role:?}")
                })?;
                let p = store.transaction(|tx| {
                    let p = players::add(
                        tx,
                        &NewPlayer {
                            name,
                            email,
                            language,
                            time_zone: tz,
                            role,
                            created_at: now,
                        },
                    )?;
                    match piece_letters {
                        Some(letters) => players::set_piece_letters(tx, p.id, Some(letters)),
                        None => Ok(p),
                    }
                });
                print_outcome(p, db.json)
            }
            Player::Edit {
                player,
                name,
                email,
                lang,
                tz,
                piece_letters,
                actor,
                reason,
            } => {
                let language = lang.as_deref().map(language_arg).transpose()?;
                if let Some(tz) = &tz {
                    zone_arg(tz)?;
                }
                let letters = match piece_letters.as_deref() {
                    None => None,
                    Some("default") => Some(None),
                    Some(s) => Some(Some(letters_arg(s)?)),
                };
                let p = store.transaction(|tx| -> Result<_, RefereeError> {
                    let director = director(tx, &actor, &reason)?;
                    let old = registered(tx, &player)?;
                    let mut p = old.clone();
                    if let Some(n) = &name {
                        p = players::set_name(tx, p.id, n)?;
                    }
                    if let Some(e) = &email {
                        p = players::set_email(tx, p.id, e)?;
                    }
                    if let Some(l) = language {
                        p = players::set_language(tx, p.id, l)?;
                    }
                    if let Some(z) = &tz {
                        p = players::set_time_zone(tx, p.id, z)?;
                    }
                    if let Some(l) = letters {
                        p = players::set_piece_letters(tx, p.id, l)?;
                    }
                    let details = serde_json::json!({
                        "player": old.email, "changes": changes(&old, &p),
                    });
                    audit(tx, director, "player_edit", &reason, details, now)?;
                    Ok(p)
                });
                print_outcome(p, db.json)
            }
            Player::Retire {
                player,
                undo,
                actor,
                reason,
            } => {
                let p = store.transaction(|tx| -> Result<_, RefereeError> {
                    let director = director(tx, &actor, &reason)?;
                    let p = registered(tx, &player)?;
                    let p = players::set_retired(tx, p.id, (!undo).then_some(now))?;
                    let action = if undo {
                        "player_unretire"
                    } else {
                        "player_retire"
                    };
                    let details = serde_json::json!({ "player": p.email });
                    audit(tx, director, action, &reason, details, now)?;
                    Ok(p)
                });
                print_outcome(p, db.json)
            }
            Player::XfccPassword { player, stdin } => {
                use crate::words::operator::xfcc as said;
                let typed = if stdin {
                    let mut line = String::new();
                    std::io::stdin().read_line(&mut line)?;
                    let line = line.trim_end_matches(['\r', '\n']).to_string();
                    if line.chars().count() < MIN_PASSWORD {
                        eprintln!("{}", said::password_too_short(MIN_PASSWORD));
                        return Ok(ExitCode::from(1));
                    }
                    Some(line)
                } else {
                    None
                };
                // A made password is drawn through the command's transaction:
                // the command replayed by a restore sets the same one.
                let typed_hash = match &typed {
                    Some(p) => Some(crate::daemon::xfcc::password::hash(p)?),
                    None => None,
                };
                let p = store.transaction(|tx| -> Result<_, RefereeError> {
                    let p = registered(tx, &player)?;
                    let (password, hash) = match (&typed, &typed_hash) {
                        (Some(p), Some(h)) => (p.clone(), h.clone()),
                        _ => crate::daemon::xfcc::password::made_in(tx).map_err(|e| {
                            RefereeError::Fault(crate::referee::Fault::PasswordHash(format!(
                                "{e:#}"
                            )))
                        })?,
                    };
                    crate::store::xfcc::set_password(tx, p.id, &hash, now)?;
                    Ok((p, password))
                });
                match p {
                    Ok((p, _)) if typed.is_some() => {
                        println!("{}", said::password_set(&p.email));
                    }
                    Ok((p, password)) => println!("{}", said::password_made(&p.email, &password)),
                    Err(e) => return print_outcome(Err(e), db.json),
                }
                Ok(ExitCode::SUCCESS)
            }
            Player::List => {
                let list: Vec<_> = store
                    .read(players::list)?
                    .iter()
                    .map(|p| super::output::Worded::new(Listed::of(p), player_line(p)))
                    .collect();
                super::output::emit_lines(&list, "No players.", db.json)
            }
        }
    }
}

/// The fewest characters of a password typed for `xfcc-password --stdin`.
const MIN_PASSWORD: usize = 8;

/// One player in JSON (instants in RFC 3339); in words [`player_line`].
#[derive(serde::Serialize)]
struct Listed {
    id: i64,
    name: String,
    email: String,
    language: &'static str,
    time_zone: String,
    role: &'static str,
    piece_letters: Option<&'static str>,
    retired_at: Option<String>,
}

impl Listed {
    fn of(p: &players::Player) -> Listed {
        Listed {
            id: p.id.0,
            name: p.name.clone(),
            email: p.email.clone(),
            language: p.language.as_str(),
            time_zone: p.time_zone.clone(),
            role: p.role.as_str(),
            piece_letters: p.piece_letters.map(|l| l.as_str()),
            retired_at: p.retired_at.map(|t| t.to_rfc3339()),
        }
    }
}

/// One player as `list` prints it: `#3 Name <address> ru Europe/Moscow player`,
/// and a retirement note.
fn player_line(p: &players::Player) -> String {
    format!(
        "#{} {} <{}> {} {} {}{}",
        p.id,
        p.name,
        p.email,
        p.language.as_str(),
        p.time_zone,
        p.role.as_str(),
        retired_note(p)
    )
}

/// The player line printed after `add`, `edit` and `retire`; a refusal
/// (duplicate address, bad value, unknown player, not a director) exits 1.
fn print_outcome<E: Into<RefereeError>>(
    p: Result<players::Player, E>,
    json: bool,
) -> anyhow::Result<ExitCode> {
    use super::output::{Changed, emit, refused};
    match p.map_err(Into::into) {
        Ok(p) => emit(
            &Changed::new(format!("player {}", player_line(&p)), Listed::of(&p)),
            json,
        ),
        Err(RefereeError::Store(
            e @ (StoreError::Duplicate { .. }
            | StoreError::Invalid { .. }
            | StoreError::TooLong { .. }
            | StoreError::NotFound { .. }),
        )) => Ok(refused(&e, json)),
        Err(RefereeError::Store(e)) => Err(e.into()),
        Err(e) => Ok(refused(&e, json)),
    }
}

/// The director acting on a player: a registered referee or admin, not
/// retired, with a reason ([`crate::referee::authorise`]).
fn director(
    tx: &crate::store::Tx<'_>,
    actor: &str,
    reason: &str,
) -> Result<crate::vocabulary::PlayerId, RefereeError> {
    let d = super::store_args::player_by_email(tx, actor)?;
    crate::referee::authorise(tx, d.id, reason)?;
    Ok(d.id)
}

/// What `edit` changed, field by field: `{"email": {"old": .., "new": ..}}`.
fn changes(old: &players::Player, new: &players::Player) -> serde_json::Value {
    let letters = |p: &players::Player| p.piece_letters.map_or("default", |l| l.as_str());
    let fields = [
        ("name", old.name.as_str(), new.name.as_str()),
        ("email", old.email.as_str(), new.email.as_str()),
        ("language", old.language.as_str(), new.language.as_str()),
        ("time_zone", old.time_zone.as_str(), new.time_zone.as_str()),
        ("piece_letters", letters(old), letters(new)),
    ];
    let mut out = serde_json::Map::new();
    for (field, was, now) in fields {
        if was != now {
            out.insert(field.into(), serde_json::json!({ "old": was, "new": now }));
        }
    }
    serde_json::Value::Object(out)
}

/// Writes a director's action on a player to the audit log (no game).
fn audit(
    tx: &crate::store::Tx<'_>,
    actor: crate::vocabulary::PlayerId,
    action: &str,
    reason: &str,
    details: serde_json::Value,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), StoreError> {
    crate::store::audit::append(
        tx,
        &crate::store::audit::NewAuditEntry {
            at: now,
            actor: Some(actor),
            action: action.to_string(),
            game_id: None,
            reason: Some(reason.trim().to_string()),
            details: Some(details),
        },
    )?;
    Ok(())
}

/// ` retired YYYY-MM-DD` for a retired player, else nothing.
fn retired_note(p: &players::Player) -> String {
    p.retired_at
        .map(|t| format!(" retired {}", t.format("%Y-%m-%d")))
        .unwrap_or_default()
}

/// The registered player with this address, or `NotFound`.
fn registered(tx: &crate::store::Tx<'_>, email: &str) -> Result<players::Player, StoreError> {
    players::find_by_email(tx, email)?.ok_or_else(|| StoreError::NotFound {
        what: "player",
        key: email.to_string(),
    })
}

/// `ru` or `en`, in any case (`RU`).
fn language_arg(lang: &str) -> anyhow::Result<Language> {
    lang.trim()
        .to_lowercase()
        .parse()
        .map_err(|_| anyhow::anyhow!("language must be ru or en, not {lang:?}"))
}

fn letters_arg(s: &str) -> anyhow::Result<players::PieceLetters> {
    s.parse()
        .map_err(|_| anyhow::anyhow!("piece letters must be latin or russian, not {s:?}"))
}

/// An IANA zone name (chrono-tz), or refused with the names it may mean
/// ("Moscow": Europe/Moscow).
fn zone_arg(tz: &str) -> anyhow::Result<()> {
    if crate::clock::zone::parse_zone(tz).is_ok() {
        return Ok(());
    }
    let like = crate::clock::zone::zones_named(tz);
    if like.is_empty() {
        anyhow::bail!("--tz {tz:?} is not an IANA time zone (for example Europe/Moscow)");
    }
    let now = chrono::Utc::now();
    let like: Vec<String> = like
        .iter()
        .map(|n| crate::clock::zone::name_with_offset(n, now))
        .collect();
    anyhow::bail!(
        "--tz {tz:?} is not an IANA time zone; did you mean {}?",
        like.join(" or ")
    )
}
