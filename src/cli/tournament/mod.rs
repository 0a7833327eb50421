//! `zaochka tournament ...`: the director's tournament commands.

mod bulletin;
mod change;
mod export;
mod queries;
mod settings;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::anyhow;

use change::{all_games, change};
use export::export;
use queries::{adjudications, list, read, show, standings};

use super::store_args::StoreArgs;
use crate::referee::DirectorAction;
use crate::referee::tournament as service;
use crate::rules::Variant;
use crate::tournament::System;
use crate::tournament::standings::{Scoring, WithdrawalPolicy};
use crate::vocabulary::Language;
use crate::words::operator::desk;
use crate::words::tournament_settings::system_name;

/// The director's address, given to every command that changes a tournament.
#[derive(clap::Args, Debug)]
pub struct Director {
    /// The director's registered address (referee or admin role).
    #[arg(long = "as")]
    actor: String,
}

/// Tournaments: round robins, double round robins and micro-matches.
#[derive(clap::Subcommand, Debug)]
pub enum TournamentCmd {
    /// Create a tournament (then `add` players, `draw`, `start`).
    New(New),
    /// Enter a registered player.
    Add {
        /// The tournament.
        name: String,
        /// The player's registered address.
        address: String,
        /// The section (group), from 1; each section is its own round robin.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        section: u32,
        /// After the draw: void it on purpose (the numbers are drawn again).
        #[arg(long)]
        redraw: bool,
        #[command(flatten)]
        who: Director,
    },
    /// Take a player out before the start.
    Remove {
        /// The tournament.
        name: String,
        /// The player's registered address.
        address: String,
        #[command(flatten)]
        who: Director,
    },
    /// Draw the personal numbers by lot, or set them with --numbers.
    ///
    /// Draw the personal numbers: by a seeded lot (audit-logged, re-checkable),
    /// or in the order given with --numbers.
    Draw {
        /// The tournament.
        name: String,
        /// The seed in hex (random if absent): it draws the numbers (unless
        /// --numbers gives them), the ballots and the final lots.
        #[arg(long, conflicts_with = "by_rating")]
        seed: Option<String>,
        /// Addresses in the order of their numbers (1, 2, ...), comma-separated.
        #[arg(long, value_delimiter = ',', conflicts_with = "by_rating")]
        numbers: Option<Vec<String>>,
        /// Seed by rating: number 1 to the highest entry rating, the unrated last.
        #[arg(long)]
        by_rating: bool,
        #[command(flatten)]
        who: Director,
    },
    /// Create every game at once and mail every player an invitation per game.
    Start {
        /// The tournament.
        name: String,
        #[command(flatten)]
        who: Director,
    },
    /// The tournament: settings, entrants with numbers, games.
    Show {
        /// The tournament.
        name: String,
    },
    /// Standings with tie-breaks.
    Standings {
        /// The tournament.
        name: String,
        /// ru or en (default: the configuration's default-language).
        #[arg(long)]
        lang: Option<String>,
    },
    /// The crosstable, as players get it by mail, or as CSV or JSON by place.
    ///
    /// The crosstable, as players get it by mail, or as CSV or JSON by place;
    /// --json prints the JSON (the shape of `standings --json`).
    Crosstable {
        /// The tournament.
        name: String,
        /// ru or en (default: the configuration's default-language).
        #[arg(long)]
        lang: Option<String>,
        /// text (the table by number, as mailed), csv or json (rows by place).
        #[arg(long, value_parser = ["text", "csv", "json"])]
        format: Option<String>,
    },
    /// A player withdraws: each unfinished game is lost by forfeit.
    Withdraw {
        /// The tournament.
        name: String,
        /// The player's registered address.
        address: String,
        /// Why (audit log, and the players' mails).
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        who: Director,
    },
    /// Another player takes the place, number and unfinished games over.
    Replace {
        /// The tournament.
        name: String,
        /// The leaving player's address.
        old: String,
        /// The new player's registered address.
        new: String,
        /// Why.
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        who: Director,
    },
    /// Pause every game (clocks stop).
    Pause {
        /// The tournament.
        name: String,
        /// Why.
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        who: Director,
    },
    /// Resume every paused game.
    Resume {
        /// The tournament.
        name: String,
        /// Why.
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        who: Director,
    },
    /// End the playing period now: unfinished games go to adjudication.
    EndPeriod {
        /// The tournament.
        name: String,
        #[command(flatten)]
        who: Director,
    },
    /// Games waiting for adjudication: position, claims and analyses.
    Adjudications {
        /// The tournament.
        name: String,
    },
    /// All games as one PDN (PGN for chess) with Event, Round and Board tags.
    Export {
        /// The tournament.
        name: String,
        /// Write to this file instead of standard output.
        #[arg(long)]
        output: Option<PathBuf>,
    },
    /// Write the tournament's static site (crosstable, games, PDN) to a directory.
    Publish {
        /// The tournament.
        name: String,
        /// The directory.
        dir: PathBuf,
        /// ru or en.
        #[arg(long, default_value = "ru")]
        lang: String,
    },
    /// Every tournament.
    List,
    /// The tournament's directors, who may change it and rule on its games.
    ///
    /// The tournament's directors: who may change it and rule on its games
    /// (besides the admins).
    Directors {
        #[command(subcommand)]
        action: DirectorsCmd,
    },
    /// The next results bulletin: table by place, games finished since the last one.
    ///
    /// The next results bulletin: the crosstable by place, the games finished
    /// since the last bulletin and how each ended, the event's PDN attached.
    /// Printed for the operator; with --send mailed to every entrant (each in
    /// their language, but those who wrote "no bulletins") and numbered.
    Bulletin {
        /// The tournament.
        name: String,
        /// Mail it to every entrant (needs --as).
        #[arg(long)]
        send: bool,
        /// ru or en (default: the --as director's, else default-language).
        #[arg(long)]
        lang: Option<String>,
        /// The director's registered address.
        #[arg(long = "as")]
        actor: Option<String>,
    },
    /// Change a setting of a tournament.
    Set {
        /// The tournament.
        name: String,
        /// Mail a bulletin after every N finished games and the final one (0: off).
        #[arg(long)]
        bulletin_every: Option<u32>,
        /// Warn the directors N,M days before a player's time loss ("": off).
        #[arg(long)]
        warn_days: Option<String>,
        /// Warn the directors after N,M,K days without a move ("": off).
        #[arg(long)]
        silence_days: Option<String>,
        #[command(flatten)]
        who: Director,
    },
}

/// `tournament directors ...`.
#[derive(clap::Subcommand, Debug)]
pub enum DirectorsCmd {
    /// Make a referee or admin a director of the tournament.
    Add {
        /// The tournament.
        name: String,
        /// The referee's registered address.
        address: String,
        #[command(flatten)]
        who: Director,
    },
    /// Take a director off the tournament (the last one stays).
    Remove {
        /// The tournament.
        name: String,
        /// The director's registered address.
        address: String,
        #[command(flatten)]
        who: Director,
    },
    /// The tournament's directors, each with how they hear of its events.
    List {
        /// The tournament.
        name: String,
        /// ru or en (default: the configuration's default-language).
        #[arg(long)]
        lang: Option<String>,
    },
    /// How a director hears of the tournament's events: each at once, or a daily digest.
    ///
    /// `each`: a mail for each event at once (the default). `digest`: one mail
    /// a day at 08:00 of the director's time zone, the events grouped, none on a
    /// day without events.
    Mail {
        /// The tournament.
        name: String,
        /// The director's registered address.
        address: String,
        /// each or digest.
        #[arg(value_parser = parse_director_mail)]
        mode: crate::tournament::director_mail::DirectorMail,
        #[command(flatten)]
        who: Director,
    },
}

/// `each` or `digest`.
fn parse_director_mail(s: &str) -> Result<crate::tournament::director_mail::DirectorMail, String> {
    s.trim()
        .to_lowercase()
        .parse()
        .map_err(|_| crate::words::operator::desk::director_mail_values(s))
}

/// `tournament new`.
#[derive(clap::Args, Debug)]
pub struct New {
    /// The name (unique).
    name: String,
    /// The game: russian, international, bashni, lasca, chess.
    #[arg(long, value_parser = super::parse_variant)]
    variant: Variant,
    /// round-robin, double-round-robin or micro-match.
    #[arg(long, value_parser = parse_system)]
    system: System,
    /// Time control of every game (`3d/move`, `10/50 iccf`, ...).
    #[arg(long)]
    time_control: Option<String>,
    /// Leave days per calendar year.
    #[arg(long)]
    leave_days: Option<u32>,
    /// A move sent while its player is on leave is refused (by mail and Xfcc).
    #[arg(long)]
    no_moves_on_leave: bool,
    /// Draw offers are refused before this move number.
    #[arg(long)]
    no_draw_offers_before_move: Option<u32>,
    /// On a time-out: lose (default) or report (to the director).
    #[arg(long, default_value = "lose")]
    on_timeout: String,
    /// Tie-breaks in order (WIN,SB,DE,KS,BH,BPG; LOT only if named), or a preset
    /// (iccf, fide, russian; each ends with the lot).
    #[arg(long, default_value = "russian")]
    tie_breaks: String,
    /// classic (1/½/0) or fmjd (2/1/0).
    #[arg(long, default_value = "classic")]
    scoring: Scoring,
    /// Withdrawals: fide, lss or fmjd.
    #[arg(long, default_value = "fide")]
    withdrawals: WithdrawalPolicy,
    /// Balloted openings: idf64, fmjd64, idf64-basic, or a list file of your own.
    #[arg(long)]
    ballot: Option<String>,
    /// One ballot per match (or game), or per round.
    #[arg(long, default_value = "match")]
    ballot_per: String,
    /// Playing period in days from the start; then unfinished games are adjudicated.
    #[arg(long)]
    playing_period_days: Option<u32>,
    /// Days for the players' adjudication claims.
    #[arg(long)]
    claim_days: Option<u32>,
    /// Mail a bulletin to every entrant after every N finished games and at the end.
    #[arg(long)]
    bulletin_every: Option<u32>,
    /// Warn the directors N,M days before a player's time loss (default 10,5; "": off).
    #[arg(long)]
    warn_days: Option<String>,
    /// Warn the directors after N,M,K days without a move (default 14,28,35; "": off).
    #[arg(long)]
    silence_days: Option<String>,
    /// Leave the tournament's games out of the rating list (rated by default).
    #[arg(long)]
    unrated: bool,
    #[command(flatten)]
    who: Director,
}

fn parse_system(s: &str) -> Result<System, String> {
    System::from_setting(s).ok_or_else(|| desk::unknown_system(s))
}

fn parse_lang(s: &str) -> anyhow::Result<Language> {
    match s {
        "ru" => Ok(Language::Ru),
        "en" => Ok(Language::En),
        _ => Err(anyhow!("--lang must be ru or en")),
    }
}

/// The language of a table the director prints: `--lang` when given, else
/// the configuration's `default-language` (`ru` or `en`).
fn table_lang(db: &StoreArgs, lang: Option<&str>) -> anyhow::Result<Language> {
    match lang {
        Some(l) => parse_lang(l),
        None => match db.config()?.default_language.as_str() {
            "en" => Ok(Language::En),
            "ru" => Ok(Language::Ru),
            other => Err(anyhow!("default-language must be ru or en, not {other:?}")),
        },
    }
}

/// The crosstable's output form: `--format` when given, else JSON under
/// `--json`, else text; `--json` with another `--format` is refused.
fn table_format(format: Option<String>, json: bool) -> anyhow::Result<String> {
    match (format, json) {
        (Some(f), true) if f != "json" => Err(anyhow!("--json prints JSON: drop --format {f}")),
        (Some(f), _) => Ok(f),
        (None, true) => Ok("json".into()),
        (None, false) => Ok("text".into()),
    }
}

impl TournamentCmd {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let now = db.now();
        match self {
            TournamentCmd::New(n) => {
                let settings = n.settings()?;
                change(
                    db,
                    &n.who,
                    |tx, actor| {
                        let t = service::new_tournament(
                            tx, actor, &n.name, n.variant, n.system, &settings, now,
                        )?;
                        if n.unrated {
                            crate::store::ratings::set_tournament_rated(tx, &t.name, false)?;
                        }
                        Ok((t, Vec::new()))
                    },
                    |t| {
                        let system = system_name(t.system, Language::En);
                        format!("tournament {:?}: {} {system}", t.name, t.variant)
                    },
                )
            }
            TournamentCmd::Add {
                name,
                address,
                section,
                redraw,
                who,
            } => change(
                db,
                &who,
                |tx, actor| {
                    let r = service::enter(tx, actor, &name, &address, section, redraw, now)?;
                    Ok((r, Vec::new()))
                },
                |(t, e, p)| desk::entered(&t.name, &p.email, e.section),
            ),
            TournamentCmd::Remove { name, address, who } => change(
                db,
                &who,
                |tx, actor| {
                    Ok((
                        service::remove(tx, actor, &name, &address, now)?,
                        Vec::new(),
                    ))
                },
                |t| format!("tournament {:?}: {address} removed", t.name),
            ),
            TournamentCmd::Draw {
                name,
                seed,
                numbers,
                by_rating,
                who,
            } => {
                let seed = seed
                    .as_deref()
                    .map(|s| {
                        crate::tournament::lots::from_hex(s)
                            .ok_or_else(|| anyhow!("--seed must be hex digits, 1 to 64 bytes"))
                    })
                    .transpose()?;
                change(
                    db,
                    &who,
                    |tx, actor| {
                        let order = match (&numbers, by_rating) {
                            (Some(n), _) => service::DrawOrder::Given(n),
                            (None, true) => service::DrawOrder::Rating,
                            (None, false) => service::DrawOrder::Lot,
                        };
                        let r = service::draw(tx, actor, &name, seed, order, now)?;
                        Ok((r, Vec::new()))
                    },
                    |(t, drawn)| {
                        // A seeding by rating draws no lot: its seed (kept
                        // for the ballots and the final lots) is not shown.
                        let seed = if by_rating {
                            None
                        } else {
                            t.draw_seed.as_deref()
                        };
                        let mut text = desk::numbers_drawn(&t.name, seed);
                        for (e, p) in drawn {
                            text.push_str(&format!(
                                "\n  section {} number {}: {} <{}>",
                                e.section,
                                e.number.unwrap_or(0),
                                p.name,
                                p.email
                            ));
                        }
                        text
                    },
                )
            }
            TournamentCmd::Start { name, who } => change(
                db,
                &who,
                |tx, actor| {
                    let s = service::start(tx, actor, &name, now)?;
                    let made = StartMade {
                        tournament: s.tournament,
                        games: s.games,
                        invitations: s.invitations.len(),
                    };
                    Ok((made, s.invitations))
                },
                |s| desk::drawn(&s.tournament.name, s.games.len(), s.invitations),
            ),
            TournamentCmd::Show { name } => show(db, &name, db.json),
            TournamentCmd::Standings { name, lang } => {
                let lang = table_lang(db, lang.as_deref())?;
                standings(db, &name, lang, db.json)
            }
            TournamentCmd::Crosstable { name, lang, format } => {
                let lang = table_lang(db, lang.as_deref())?;
                let format = table_format(format, db.json)?;
                Ok(
                    match read(db, |tx| {
                        let t = service::by_name(tx, &name)?;
                        service::table(tx, &t).map(|s| match format.as_str() {
                            "csv" => crate::site::exports::crosstable_csv(&t.name, &s),
                            "json" => {
                                let j = crate::site::exports::crosstable_json(&t.name, &s);
                                serde_json::to_string_pretty(&j).unwrap_or_default() + "\n"
                            }
                            _ => crate::letters::compose::crosstable(&t.name, &s, lang),
                        })
                    })? {
                        Ok(text) => {
                            print!("{text}");
                            ExitCode::SUCCESS
                        }
                        Err(code) => code,
                    },
                )
            }
            TournamentCmd::Withdraw {
                name,
                address,
                reason,
                who,
            } => change(
                db,
                &who,
                |tx, actor| {
                    let (hs, directors) =
                        service::withdraw(tx, actor, &name, &address, &reason, now)?;
                    let mut replies: Vec<_> = hs.iter().flat_map(|h| h.replies.clone()).collect();
                    replies.extend(directors);
                    Ok((hs.len(), replies))
                },
                |n| desk::withdrawn(&name, &address, *n),
            ),
            TournamentCmd::Replace {
                name,
                old,
                new,
                reason,
                who,
            } => change(
                db,
                &who,
                |tx, actor| {
                    let replies = service::replace(tx, actor, &name, &old, &new, &reason, now)?;
                    Ok(((), replies))
                },
                |()| desk::replaced(&name, &old, &new),
            ),
            TournamentCmd::Pause { name, reason, who } => {
                all_games(db, &name, &who, &reason, DirectorAction::Pause)
            }
            TournamentCmd::Resume { name, reason, who } => {
                all_games(db, &name, &who, &reason, DirectorAction::Resume)
            }
            TournamentCmd::EndPeriod { name, who } => change(
                db,
                &who,
                |tx, actor| {
                    service::director(tx, actor)?;
                    let t = service::by_name(tx, &name)?;
                    service::director_of(tx, actor, &t)?;
                    let replies = service::end_playing_period(tx, Some(actor), &t, now)?;
                    // Two replies per frozen game (its players), and the
                    // directors' mails, which name no game.
                    let games: std::collections::BTreeSet<_> =
                        replies.iter().filter_map(|r| r.game).collect();
                    Ok((games.len(), replies))
                },
                |n| desk::period_ended(&name, *n),
            ),
            TournamentCmd::Adjudications { name } => adjudications(db, &name, db.json),
            TournamentCmd::Export { name, output } => export(db, &name, output),
            TournamentCmd::Publish { name, dir, lang } => {
                let lang = parse_lang(&lang)?;
                super::publish::publish(db, &name, &dir, lang)
            }
            TournamentCmd::List => list(db, db.json),
            TournamentCmd::Directors {
                action: DirectorsCmd::Add { name, address, who },
            } => change(
                db,
                &who,
                |tx, actor| {
                    let (t, p) = service::add_director(tx, actor, &name, &address, now)?;
                    Ok((DirectorChange::new(&t, &p), Vec::new()))
                },
                |c| desk::directs(&c.tournament, &c.director),
            ),
            TournamentCmd::Directors {
                action: DirectorsCmd::Remove { name, address, who },
            } => change(
                db,
                &who,
                |tx, actor| {
                    let (t, p) = service::remove_director(tx, actor, &name, &address, now)?;
                    Ok((DirectorChange::new(&t, &p), Vec::new()))
                },
                |c| desk::no_longer_directs(&c.tournament, &c.director),
            ),
            TournamentCmd::Directors {
                action: DirectorsCmd::List { name, lang },
            } => {
                let lang = table_lang(db, lang.as_deref())?;
                queries::directors(db, &name, lang, db.json)
            }
            TournamentCmd::Directors {
                action:
                    DirectorsCmd::Mail {
                        name,
                        address,
                        mode,
                        who,
                    },
            } => change(
                db,
                &who,
                |tx, actor| {
                    let (t, p) =
                        service::director_digest::set_mail(tx, actor, &name, &address, mode, now)?;
                    Ok((DirectorChange::new(&t, &p), Vec::new()))
                },
                move |c| desk::director_mail(&c.tournament, &c.director, mode),
            ),
            TournamentCmd::Bulletin {
                name,
                send,
                lang,
                actor,
            } => {
                if send {
                    bulletin::send(db, &name, actor.as_deref())
                } else {
                    let lang = lang.as_deref().map(parse_lang).transpose()?;
                    let fallback = table_lang(db, None)?;
                    bulletin::print(db, &name, lang, actor.as_deref(), fallback)
                }
            }
            TournamentCmd::Set {
                name,
                bulletin_every,
                warn_days,
                silence_days,
                who,
            } => bulletin::set(
                db,
                &name,
                bulletin_every,
                warn_days.as_deref(),
                silence_days.as_deref(),
                &who,
            ),
        }
    }
}

/// A director added to or taken off a tournament: the tournament's name and
/// the director's address.
#[derive(serde::Serialize)]
struct DirectorChange {
    tournament: String,
    director: String,
}

impl DirectorChange {
    fn new(
        t: &crate::store::tournaments::Tournament,
        p: &crate::store::players::Player,
    ) -> DirectorChange {
        DirectorChange {
            tournament: t.name.clone(),
            director: p.email.clone(),
        }
    }
}

/// What `tournament start` made: the tournament, its games and the number of
/// invitations queued.
#[derive(serde::Serialize)]
struct StartMade {
    tournament: crate::store::tournaments::Tournament,
    games: Vec<(
        crate::store::games::Game,
        crate::store::tournaments::TournamentGame,
    )>,
    invitations: usize,
}
