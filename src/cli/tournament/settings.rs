//! `tournament new`: the settings its arguments make, each checked (time
//! control, leave days, tie-breaks, ballot list and its openings, playing
//! period and claim days).

use anyhow::{Context, anyhow};

use super::New;
use crate::tournament::Settings;
use crate::tournament::settings::{Ballot, BallotPer, BallotSource, parse_tie_breaks};
use crate::tournament::standings::TieBreak;

impl New {
    pub(super) fn settings(&self) -> anyhow::Result<Settings> {
        let mut s = Settings::default();
        if let Some(tc) = &self.time_control {
            s.time_control = Some(crate::cli::game::parse_time_control(tc)?);
        }
        if let Some(d) = self.leave_days {
            if d > 366 {
                anyhow::bail!("--leave-days counts days of one calendar year: at most 366");
            }
            s.leave_days_per_year = d;
        }
        s.moves_on_leave = !self.no_moves_on_leave;
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
        // Lots decide last, once, and only when the director names them (a
        // preset ends with them): without them players equal on points and
        // every tie-break share their place ("3-4").
        if let Some(i) = order.iter().position(|t| *t == TieBreak::Lots)
            && i + 1 != order.len()
        {
            anyhow::bail!("--tie-breaks: LOT can only be the last tie-break");
        }
        s.tie_breaks = order;
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
        s.bulletin_every = self.bulletin_every.filter(|n| *n > 0);
        if let Some(w) = &self.warn_days {
            s.director_warn_days = parse_days("--warn-days", w)?;
        }
        if let Some(d) = &self.silence_days {
            s.director_silence_days = parse_days("--silence-days", d)?;
        }
        Ok(s)
    }
}

/// Reads a list of days (`10,5`; empty: none) for the option `flag`.
///
/// # Errors
/// A part that is not a whole number of days from 1 to 366.
pub(super) fn parse_days(flag: &str, text: &str) -> anyhow::Result<Vec<u32>> {
    let mut days = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse::<u32>() {
            Ok(d) if (1..=366).contains(&d) => days.push(d),
            _ => anyhow::bail!("{flag}: {part:?} is not a number of days from 1 to 366"),
        }
    }
    Ok(days)
}
