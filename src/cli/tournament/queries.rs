//! The reading commands: show, standings, adjudications, list (and the one
//! read transaction they share), as text or JSON.

use std::process::ExitCode;

use anyhow::anyhow;

use crate::cli::store_args::StoreArgs;
use crate::lang::Language;
use crate::referee::RefereeError;
use crate::referee::tournament as service;
use crate::store::games as game_rows;
use crate::store::tournaments::{self, Tournament};
use crate::store::{Tx, players};

/// Reads in one transaction; a refusal goes to stderr with exit 1.
pub(super) fn read<T>(
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

pub(super) fn show(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
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

pub(super) fn standings(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
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

pub(super) fn standings_json(s: &service::SectionTable) -> serde_json::Value {
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

pub(super) fn adjudications(db: &StoreArgs, name: &str, json: bool) -> anyhow::Result<ExitCode> {
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

pub(super) fn list(db: &StoreArgs, json: bool) -> anyhow::Result<ExitCode> {
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
