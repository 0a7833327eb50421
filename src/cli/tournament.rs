//! `zaochka tournament ...`: the director's tournament commands.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, anyhow};

use super::output::Changed;
use super::store_args::{StoreArgs, player_by_email};
use crate::lang::Language;
use crate::referee::tournament as service;
use crate::referee::{Command, DirectorAction, RefereeError, Reply};
use crate::rules::Variant;
use crate::store::GameStatus;
use crate::store::games as game_rows;
use crate::store::tournaments::{self, Tournament};
use crate::store::{Tx, players};
use crate::tournament::settings::{Ballot, BallotPer, BallotSource, parse_tie_breaks};
use crate::tournament::standings::{Scoring, TieBreak, WithdrawalPolicy};
use crate::tournament::{Settings, System};

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
    /// Draw the personal numbers: by a seeded lot (audit-logged, re-checkable),
    /// or in the order given with --numbers.
    Draw {
        /// The tournament.
        name: String,
        /// The seed in hex (random if absent): it draws the numbers (unless
        /// --numbers gives them), the ballots and the final lots.
        #[arg(long)]
        seed: Option<String>,
        /// Addresses in the order of their numbers (1, 2, ...), comma-separated.
        #[arg(long, value_delimiter = ',')]
        numbers: Option<Vec<String>>,
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
    },
    /// The crosstable, as players get it by mail.
    Crosstable {
        /// The tournament.
        name: String,
        /// ru or en.
        #[arg(long, default_value = "en")]
        lang: String,
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
    /// Draw offers are refused before this move number.
    #[arg(long)]
    no_draw_offers_before_move: Option<u32>,
    /// On a time-out: lose (default) or report (to the director).
    #[arg(long, default_value = "lose")]
    on_timeout: String,
    /// Tie-breaks in order (WIN,SB,DE,KS,BH,BPG,LOT) or a preset: iccf, fide, russian.
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
    #[command(flatten)]
    who: Director,
}

fn parse_system(s: &str) -> Result<System, String> {
    System::from_setting(s).ok_or_else(|| {
        format!("unknown system {s:?}; known: round-robin, double-round-robin, micro-match")
    })
}

fn parse_lang(s: &str) -> anyhow::Result<Language> {
    match s {
        "ru" => Ok(Language::Ru),
        "en" => Ok(Language::En),
        _ => Err(anyhow!("--lang must be ru or en")),
    }
}

impl New {
    fn settings(&self) -> anyhow::Result<Settings> {
        let mut s = Settings::default();
        if let Some(tc) = &self.time_control {
            s.time_control = Some(super::game::parse_time_control(tc)?.to_json());
        }
        if let Some(d) = self.leave_days {
            if d > 366 {
                anyhow::bail!("--leave-days counts days of one calendar year: at most 366");
            }
            s.leave_days_per_year = d;
        }
        if self.no_draw_offers_before_move.is_some_and(|n| n < 2) {
            anyhow::bail!(
                "--no-draw-offers-before-move must be 2 or more (move 1 is the first move)"
            );
        }
        s.no_draw_offers_before_move = self.no_draw_offers_before_move;
        s.on_timeout = match self.on_timeout.as_str() {
            "lose" => crate::clock::TimeoutPolicy::LoseOnTime,
            "report" => crate::clock::TimeoutPolicy::ReportToReferee,
            o => anyhow::bail!("--on-timeout must be lose or report, not {o:?}"),
        };
        let order = parse_tie_breaks(&self.tie_breaks).map_err(|e| anyhow!("--tie-breaks: {e}"))?;
        // Lots decide last, once: a list without them gets them at its end.
        if let Some(i) = order.iter().position(|t| *t == TieBreak::Lots)
            && i + 1 != order.len()
        {
            anyhow::bail!("--tie-breaks: LOT can only be the last tie-break");
        }
        s.tie_breaks = order;
        if s.tie_breaks.last() != Some(&TieBreak::Lots) {
            s.tie_breaks.push(TieBreak::Lots);
        }
        s.scoring = self.scoring;
        s.withdrawals = self.withdrawals;
        let per = match self.ballot_per.as_str() {
            "match" | "game" => BallotPer::Match,
            "round" => BallotPer::Round,
            o => anyhow::bail!("--ballot-per must be match or round, not {o:?}"),
        };
        if self.ballot.is_none() && self.ballot_per != "match" {
            anyhow::bail!("--ballot-per needs --ballot");
        }
        s.ballot = match self.ballot.as_deref() {
            None => None,
            Some(t) if let Ok(table) = t.parse::<crate::tournament::ballot::DrawingTable>() => {
                if table.variant() != self.variant {
                    anyhow::bail!(
                        "--ballot {t}: the {} table is for {}, not {}",
                        table.name(),
                        table.variant().name(),
                        self.variant.name()
                    );
                }
                Some(Ballot {
                    list: BallotSource::Table(t.to_string()),
                    per,
                })
            }
            Some(file) => {
                let text = std::fs::read_to_string(file)
                    .with_context(|| format!("reading the ballot list {file}"))?;
                let name = std::path::Path::new(file)
                    .file_stem()
                    .map_or_else(|| file.to_string(), |n| n.to_string_lossy().into_owned());
                // Checked now, so that `start` cannot fail on it.
                let list = crate::tournament::ballot::BallotList::read(&name, self.variant, &text)
                    .map_err(|e| anyhow!("the ballot list {file}: {e}"))?;
                // Each opening must leave a game to play.
                for o in &list.openings {
                    let start =
                        crate::referee::create::check_start(self.variant, o.start_fen(), o.moves())
                            .map_err(|e| {
                                anyhow!("the ballot list {file}, opening {}: {e}", o.code)
                            })?;
                    if start.position().outcome().is_some() {
                        anyhow::bail!(
                            "the ballot list {file}, opening {}: the game is over in that position",
                            o.code
                        );
                    }
                }
                Some(Ballot {
                    list: BallotSource::Own { name, text },
                    per,
                })
            }
        };
        if self.playing_period_days == Some(0) {
            anyhow::bail!("--playing-period-days must be 1 or more");
        }
        s.playing_period_days = self.playing_period_days;
        if let Some(d) = self.claim_days {
            if d == 0 {
                anyhow::bail!("--claim-days must be 1 or more");
            }
            s.claim_days = d;
        }
        Ok(s)
    }
}

/// Runs a changing command in one transaction, queueing its mails; prints
/// the summary line (or JSON with the result) on success, the refusal on
/// stderr (exit 1) otherwise.
fn change<T: serde::Serialize>(
    db: &StoreArgs,
    who: &Director,
    work: impl FnOnce(&Tx<'_>, crate::store::PlayerId) -> Result<(T, Vec<Reply>), RefereeError>,
    summary: impl FnOnce(&T) -> String,
) -> anyhow::Result<ExitCode> {
    let config = db.config()?;
    let mut store = db.open()?;
    let now = db.now();
    let result = store.transaction(|tx| -> Result<T, RefereeError> {
        let director = player_by_email(tx, &who.actor)?;
        let (value, replies) = work(tx, director.id)?;
        crate::referee::letters::queue_replies(tx, &config, &replies, now)?;
        Ok(value)
    });
    match result {
        Ok(v) => super::output::emit(&Changed::new(summary(&v), v), db.json),
        Err(e) => super::output::refusal_or_fault(e, db.json),
    }
}

/// Reads in one transaction; a refusal goes to stderr with exit 1.
fn read<T>(
    db: &StoreArgs,
    work: impl FnOnce(&Tx<'_>) -> Result<T, RefereeError>,
) -> anyhow::Result<Result<T, ExitCode>> {
    let mut store = db.open()?;
    match store.read(work) {
        Ok(v) => Ok(Ok(v)),
        Err(RefereeError::Store(e)) => Err(anyhow!(e)),
        Err(e) => {
            eprintln!("zaochka: {e}");
            Ok(Err(ExitCode::from(1)))
        }
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
                        Ok((t, Vec::new()))
                    },
                    |t| format!("tournament {:?}: {} {}", t.name, t.variant, t.system),
                )
            }
            TournamentCmd::Add {
                name,
                address,
                section,
                who,
            } => change(
                db,
                &who,
                |tx, actor| {
                    let r = service::enter(tx, actor, &name, &address, section, now)?;
                    Ok((r, Vec::new()))
                },
                |(t, e, p)| {
                    format!(
                        "tournament {:?}: {} entered (section {})",
                        t.name, p.email, e.section
                    )
                },
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
                        let r = service::draw(tx, actor, &name, seed, numbers.as_deref(), now)?;
                        Ok((r, Vec::new()))
                    },
                    |(t, drawn)| {
                        let mut text = format!(
                            "tournament {:?}: numbers drawn{}",
                            t.name,
                            t.draw_seed
                                .as_deref()
                                .map_or_else(String::new, |s| format!(" (seed {s})"))
                        );
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
                    let made = serde_json::json!({
                        "tournament": s.tournament,
                        "games": s.games,
                        "invitations": s.invitations.len(),
                    });
                    Ok((made, s.invitations))
                },
                |s| {
                    format!(
                        "tournament {:?}: {} games created, {} invitations queued",
                        s["tournament"]["name"].as_str().unwrap_or_default(),
                        s["games"].as_array().map_or(0, Vec::len),
                        s["invitations"]
                    )
                },
            ),
            TournamentCmd::Show { name } => show(db, &name, db.json),
            TournamentCmd::Standings { name } => standings(db, &name, db.json),
            TournamentCmd::Crosstable { name, lang } => {
                let lang = parse_lang(&lang)?;
                Ok(
                    match read(db, |tx| {
                        let t = service::by_name(tx, &name)?;
                        service::table_text(tx, &t, lang)
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
                    let hs = service::withdraw(tx, actor, &name, &address, &reason, now)?;
                    let replies = hs.iter().flat_map(|h| h.replies.clone()).collect();
                    Ok((hs.len(), replies))
                },
                |n| {
                    format!(
                        "tournament {name:?}: {address} withdrawn; {n} unfinished game(s) forfeited"
                    )
                },
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
                |()| format!("tournament {name:?}: {old} replaced by {new}"),
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
                    let replies = service::end_playing_period(tx, Some(actor), &t, now)?;
                    Ok((replies.len() / 2, replies))
                },
                |n| {
                    format!(
                        "tournament {name:?}: playing period ended; {n} game(s) to adjudication"
                    )
                },
            ),
            TournamentCmd::Adjudications { name } => adjudications(db, &name, db.json),
            TournamentCmd::Export { name, output } => export(db, &name, output),
            TournamentCmd::Publish { name, dir, lang } => {
                let lang = parse_lang(&lang)?;
                super::publish::publish(db, &name, &dir, lang)
            }
            TournamentCmd::List => list(db, db.json),
        }
    }
}

/// Pauses or resumes every game of a tournament (each audit-logged, the
/// players told), and the tournament with them.
fn all_games(
    db: &StoreArgs,
    name: &str,
    who: &Director,
    reason: &str,
    action: DirectorAction,
) -> anyhow::Result<ExitCode> {
    let now = db.now();
    let from = if action == DirectorAction::Pause {
        GameStatus::Active
    } else {
        GameStatus::Paused
    };
    change(
        db,
        who,
        |tx, director| {
            service::director(tx, director)?;
            let t = service::by_name(tx, name)?;
            let mut replies = Vec::new();
            let mut n = 0;
            for link in tournaments::games(tx, t.id)? {
                let g = game_rows::get(tx, link.game)?;
                if g.status != from || service::frozen(tx, g.id)? {
                    continue;
                }
                let cmd = Command::Direct {
                    game: g.id,
                    action: action.clone(),
                    reason: reason.to_string(),
                };
                let h = crate::referee::handle(tx, &cmd, director, now, Default::default())?;
                replies.extend(h.replies);
                n += 1;
            }
            let status = if action == DirectorAction::Pause {
                tournaments::TournamentStatus::Paused
            } else {
                tournaments::TournamentStatus::Playing
            };
            if matches!(
                t.status,
                tournaments::TournamentStatus::Playing | tournaments::TournamentStatus::Paused
            ) {
                tournaments::set_status(tx, t.id, status, now)?;
            }
            Ok((n, replies))
        },
        |n| format!("tournament {name:?}: {} {n} game(s)", action.name()),
    )
}

fn show(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let mut entrants = Vec::new();
        for e in tournaments::entrants(tx, t.id)? {
            entrants.push((players::get(tx, e.player)?, e));
        }
        let mut games = Vec::new();
        for l in tournaments::games(tx, t.id)? {
            let frozen = service::frozen(tx, l.game)?;
            games.push((game_rows::get(tx, l.game)?, l, frozen));
        }
        Ok((t, entrants, games))
    })?;
    let (t, entrants, games) = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    if json {
        let v = serde_json::json!({
            "tournament": t,
            "entrants": entrants.iter().map(|(p, e)| serde_json::json!({
                "player": p.email, "name": p.name, "section": e.section, "number": e.number,
                "status": e.status.as_str() })).collect::<Vec<_>>(),
            "games": games.iter().map(|(g, l, frozen)| serde_json::json!({
                "game": g.id.0, "section": l.section, "round": l.round, "board": l.board,
                "label": l.label(), "match_game": l.match_game, "ballot": l.ballot(),
                "status": g.status.as_str(), "awaiting_adjudication": frozen,
                "result": g.result.map(|r| r.as_str()),
                "termination": g.termination.map(|r| r.as_str()) })).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "Tournament {:?}: {}, {}, {}",
        t.name,
        t.variant,
        t.system.as_str(),
        t.status.as_str()
    );
    println!("Settings: {}", serde_json::to_string(&t.settings)?);
    if let Some(seed) = &t.draw_seed {
        println!("Seed of the lot: {seed}");
    }
    for (p, e) in &entrants {
        println!(
            "  section {} number {}: {} <{}> {}",
            e.section,
            e.number.map_or("-".into(), |n| n.to_string()),
            p.name,
            p.email,
            e.status.as_str()
        );
    }
    for (g, l, frozen) in &games {
        println!(
            "  game #{} section {} round {} board {} ({}){}: {}{}",
            g.id,
            l.section,
            l.round,
            l.board,
            l.label(),
            l.match_game
                .map_or_else(String::new, |m| format!(" match game {m}")),
            match (g.result, frozen) {
                (Some(r), _) => r.as_str(),
                (None, true) => "awaiting adjudication",
                (None, false) => g.status.as_str(),
            },
            l.ballot()
                .map_or_else(String::new, |b| format!(", ballot {b}"))
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn standings(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let sections = service::table(tx, &t)?;
        Ok((t, sections))
    })?;
    let (t, sections) = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    if json {
        let v = serde_json::json!({
            "tournament": t.name,
            "scoring": t.settings.scoring,
            "tie_breaks": t.settings.tie_breaks,
            "sections": sections.iter().map(standings_json).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        print!("{}", service::table_text_of(&t, &sections, Language::En));
    }
    Ok(ExitCode::SUCCESS)
}

fn standings_json(s: &service::SectionTable) -> serde_json::Value {
    serde_json::json!({
        "section": s.section,
        "standings": s.standings.iter().map(|st| {
            let (p, status) = &s.players[st.player as usize - 1];
            let (games, finished) = s.games[st.player as usize - 1];
            serde_json::json!({
                "number": st.player, "name": p.name, "player": p.email,
                "status": status.as_str(),
                "points": s.scoring.print(st.score), "half_points": st.score,
                "games": games, "finished": finished,
                "place": if st.place.0 == st.place.1 { st.place.0.to_string() }
                         else { format!("{}-{}", st.place.0, st.place.1) },
                "tie_breaks": s.order.iter().zip(&st.tiebreaks).map(|(t, v)| {
                    serde_json::json!({ "code": t.code(), "value": v })
                }).collect::<Vec<_>>(),
            })
        }).collect::<Vec<_>>(),
    })
}

fn adjudications(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let mut out = Vec::new();
        for a in tournaments::adjudications(tx, t.id)? {
            let l = crate::referee::load::load(tx, a.game, chrono::Utc::now())?;
            let claims = tournaments::claims(tx, a.game)?;
            out.push((a, l, claims));
        }
        Ok(out)
    })?;
    let list = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    if json {
        let v: Vec<_> = list
            .iter()
            .map(|(a, l, claims)| {
                serde_json::json!({
                    "game": a.game.0, "state": a.state.as_str(),
                    "claims_due": a.claims_due.to_rfc3339(),
                    "white": l.players[0].name, "black": l.players[1].name,
                    "fen": l.game.fen(), "plies": l.moves.len(),
                    "claims": claims.iter().map(|c| serde_json::json!({
                        "side": c.side.as_str(), "result": c.result.as_str(),
                        "analysis": c.analysis, "at": c.claimed_at.to_rfc3339() })).collect::<Vec<_>>(),
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(ExitCode::SUCCESS);
    }
    for (a, l, claims) in &list {
        println!(
            "Game #{} ({} – {}): {}, claims due {}",
            a.game,
            l.players[0].name,
            l.players[1].name,
            a.state.as_str(),
            a.claims_due.to_rfc3339()
        );
        print!(
            "{}",
            crate::diagram::game_text(
                l.game.as_ref(),
                crate::rules::Color::White,
                &crate::diagram::Options::default()
            )
        );
        println!("FEN {}", l.game.fen());
        for c in claims {
            println!(
                "  {} claims {}: {}",
                c.side.as_str(),
                c.result.as_str(),
                c.analysis
            );
        }
        if claims.is_empty() {
            println!("  no claims yet");
        }
        println!();
    }
    Ok(ExitCode::SUCCESS)
}

fn export(db: &StoreArgs, name: &str, output: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let mut text = String::new();
        for l in tournaments::games(tx, t.id)? {
            let loaded = crate::referee::load::load(tx, l.game, chrono::Utc::now())?;
            text.push_str(&crate::referee::export_text(&loaded));
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

fn list(db: &StoreArgs, json: bool) -> anyhow::Result<ExitCode> {
    let got = read(db, |tx| {
        let mut out: Vec<(Tournament, usize)> = Vec::new();
        for t in tournaments::list(tx)? {
            let n = tournaments::entrants(tx, t.id)?.len();
            out.push((t, n));
        }
        Ok(out)
    })?;
    let list = match got {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    for (t, n) in &list {
        if json {
            println!(
                "{}",
                serde_json::json!({"name": t.name, "variant": t.variant, "system": t.system.as_str(),
                    "status": t.status.as_str(), "entrants": n})
            );
        } else {
            println!(
                "{}: {} {}, {} entrant(s), {}",
                t.name,
                t.variant,
                t.system.as_str(),
                n,
                t.status.as_str()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
