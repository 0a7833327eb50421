//! `zaochka player add|list`.

use std::process::ExitCode;

use super::store_args::StoreArgs;
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
    /// List players.
    List {
        /// Print JSON.
        #[arg(long)]
        json: bool,
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
                let piece_letters: Option<players::PieceLetters> = piece_letters
                    .as_deref()
                    .map(str::parse)
                    .transpose()
                    .map_err(|_| anyhow::anyhow!("piece letters must be latin or russian"))?;
                let language: Language = lang
                    .parse()
                    .map_err(|_| anyhow::anyhow!("language must be ru or en, not {lang:?}"))?;
                // An IANA name, or refused with the names it may mean.
                if crate::clock::zone::parse_zone(&tz).is_err() {
                    let like = crate::clock::zone::zones_named(&tz);
                    if like.is_empty() {
                        anyhow::bail!(
                            "--tz {tz:?} is not an IANA time zone (for example Europe/Moscow)"
                        );
                    }
                    anyhow::bail!(
                        "--tz {tz:?} is not an IANA time zone; did you mean {}?",
                        like.join(" or ")
                    );
                }
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
                match p {
                    Ok(p) => {
                        println!(
                            "player #{} {} <{}> {} {}",
                            p.id,
                            p.name,
                            p.email,
                            p.language.as_str(),
                            p.role.as_str()
                        );
                        Ok(ExitCode::SUCCESS)
                    }
                    Err(e @ (StoreError::Duplicate { .. } | StoreError::Invalid { .. })) => {
                        eprintln!("zaochka: refused: {e}");
                        Ok(ExitCode::from(1))
                    }
                    Err(e) => Err(e.into()),
                }
            }
            Player::List { json } => {
                let list = store.read(players::list)?;
                for p in list {
                    if json {
                        println!(
                            "{}",
                            serde_json::json!({"id": p.id.0, "name": p.name, "email": p.email,
                                "language": p.language.as_str(), "time_zone": p.time_zone, "role": p.role.as_str()})
                        );
                    } else {
                        println!(
                            "#{} {} <{}> {} {} {}",
                            p.id,
                            p.name,
                            p.email,
                            p.language.as_str(),
                            p.time_zone,
                            p.role.as_str()
                        );
                    }
                }
                Ok(ExitCode::SUCCESS)
            }
        }
    }
}
