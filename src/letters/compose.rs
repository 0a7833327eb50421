//! The body of a reply, worded in one pass from what it tells
//! ([`crate::referee::told`]): the event lines through [`crate::words`] in
//! the reader's language, the state of the game with its board drawn as
//! text ([`crate::diagram::text`]), then the notes, each in its place.

use crate::diagram;
use crate::referee::Reply;
use crate::referee::told::{Account, Heading, Line, Note, Part, Shown, Told, TournamentEvent};
use crate::referee::tournament::SectionTable;
use crate::vocabulary::Language;
use crate::words;

/// A body in its parts: text, and the text board of the game where it
/// stands (the HTML part draws the picture there).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// The text above the board (all of it, when there is no board).
    pub above: String,
    /// The text board of the first game state, without trailing blanks.
    pub board: Option<String>,
    /// The text under the board.
    pub below: String,
}

impl Parts {
    fn push(&mut self, text: &str) {
        if self.board.is_some() {
            self.below.push_str(text);
        } else {
            self.above.push_str(text);
        }
    }

    fn push_board(&mut self, board: String) {
        if self.board.is_some() {
            self.below.push_str(&board);
        } else {
            self.board = Some(board);
        }
    }

    fn extend(&mut self, other: Parts) {
        self.push(&other.above);
        if let Some(b) = other.board {
            self.push_board(b);
        }
        self.push(&other.below);
    }

    /// Cuts the trailing blanks of the text.
    fn trim_end(&mut self) {
        if self.board.is_some() {
            let t = self.below.trim_end().len();
            self.below.truncate(t);
            if self.below.is_empty()
                && let Some(b) = &mut self.board
            {
                let t = b.trim_end().len();
                b.truncate(t);
            }
        } else {
            let t = self.above.trim_end().len();
            self.above.truncate(t);
        }
    }

    /// The whole text.
    #[must_use]
    pub fn text(&self) -> String {
        format!(
            "{}{}{}",
            self.above,
            self.board.as_deref().unwrap_or(""),
            self.below
        )
    }
}

/// The plain-text body of a reply, in its reader's language.
#[must_use]
pub fn body(reply: &Reply) -> String {
    parts(reply).text()
}

/// The body of a reply in its parts.
#[must_use]
pub fn parts(reply: &Reply) -> Parts {
    let lang = reply.language;
    let mut p = told(&reply.told, lang);
    for n in &reply.notes {
        if matches!(n, Note::Standing { .. }) {
            p.trim_end();
        }
        p.push("\n\n");
        p.push(&note(n, lang));
    }
    p
}

/// What a body tells, in its parts.
#[must_use]
pub fn told(t: &Told, lang: Language) -> Parts {
    match t {
        Told::Text(s) | Told::Record(s) => Parts {
            above: s.clone(),
            ..Parts::default()
        },
        Told::News { lines, state: None } | Told::ToDirectors { lines, .. } => {
            lines_text(lines, lang)
        }
        Told::Withdrawal { said, terms } => Parts {
            above: words::tournament_events::withdrawal_terms(*said, terms, lang),
            ..Parts::default()
        },
        Told::WithdrawalConfirmed(a) => Parts {
            above: words::tournament_events::withdrawal_answer(a, lang),
            ..Parts::default()
        },
        Told::Bulletins { wanted } => Parts {
            above: words::bulletin::preference(*wanted, lang),
            ..Parts::default()
        },
        Told::MoveMails { mails, zone } => Parts {
            above: words::digest::preference(*mails, zone, lang),
            ..Parts::default()
        },
        Told::Calendar(c) => Parts {
            above: words::digest::calendar_attached(
                c.entries.len(),
                &super::calendar::file_name(c),
                c.published.as_deref(),
                lang,
            ),
            ..Parts::default()
        },
        Told::XfccPassword { password } => Parts {
            above: words::xfcc::password_mail(password, lang),
            ..Parts::default()
        },
        Told::Crosstable {
            tournament,
            sections,
        } => Parts {
            above: crosstable(tournament, sections, lang),
            ..Parts::default()
        },
        Told::Invitation {
            heading: header,
            lines,
            invitation,
            view,
        } => {
            let text = words::help::invitation(invitation, lang);
            let mut above = format!("{}\n\n", heading(header, lang));
            if !lines.is_empty() {
                above.push_str(&lines_text(lines, lang).text());
                above.push_str("\n\n");
            }
            above.push_str(&text);
            above.push('\n');
            Parts {
                above,
                board: Some(board_text(&view.board, lang).trim_end().to_string()),
                below: words::state::below_board(view, false, lang),
            }
        }
        Told::News {
            lines,
            state: Some(shown),
        } => state(shown, lines, lang),
    }
}

/// The state of a game with the event lines between its header and its
/// board.
fn state(shown: &Shown, lines: &[Line], lang: Language) -> Parts {
    let v = &shown.view;
    let mut above = words::state::header(v.game, v.variant, &v.white, &v.black, lang);
    above.push_str("\n\n");
    let event = lines_text(lines, lang);
    if !lines.is_empty() {
        // An event body carries no board of its own here.
        above.push_str(&event.text());
        above.push_str("\n\n");
    }
    Parts {
        above,
        board: Some(board_text(&v.board, lang).trim_end().to_string()),
        below: words::state::below_board(v, shown.below_end, lang),
    }
}

/// A board drawn as text from the reader's side, as the body shows it (the
/// phase line under the score says whose move it is).
#[must_use]
pub fn board_text(b: &crate::referee::told::Board, lang: Language) -> String {
    let opts = board_options(lang);
    diagram::text::render(&b.view, b.last.as_ref(), b.side, &opts)
}

/// The drawing options of a body's board.
#[must_use]
pub fn board_options(lang: Language) -> diagram::Options {
    diagram::Options {
        lang,
        show_turn: false,
        ..diagram::Options::default()
    }
}

/// Event lines, one under another.
fn lines_text(lines: &[Line], lang: Language) -> Parts {
    let mut p = Parts::default();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            p.push("\n");
        }
        for (j, said) in line.0.iter().enumerate() {
            if j > 0 {
                p.push(" ");
            }
            match said {
                Part::Told(t) => p.extend(told(t, lang)),
                s => p.push(&said_text(s, lang)),
            }
        }
    }
    p
}

/// One part of an event line.
fn said_text(s: &Part, lang: Language) -> String {
    match s {
        Part::Move(e) => words::moves::event(e, lang),
        Part::Finish(f) => words::moves::finish(f, lang),
        Part::Director { event, reason } => words::events::director(*event, reason, lang),
        Part::SealedDropped => words::events::sealed_dropped(lang),
        Part::Resent(reason) => words::events::resent(
            (reason.trim() != words::events::RESEND_DEFAULT_REASON).then_some(reason.as_str()),
            lang,
        ),
        Part::Leave(e) => words::events::leave(e, lang),
        Part::Clock(e) => words::events::clock(e, lang),
        Part::Told(t) => told(t, lang).text(),
        Part::Text(t) => t.clone(),
        Part::Heading(h) => heading(h, lang),
        Part::Conditional(e) => words::conditional::text(e, lang),
        Part::Tournament(e) => tournament(e, lang),
        Part::Legal { asked, list } => words::ask::legal(asked, list, lang),
        Part::WhyWithoutMove { asked, example } => {
            words::ask::why_without_move(asked, example, lang)
        }
        Part::Verdict {
            asked,
            written,
            verdict,
        } => words::ask::verdict(asked, written, verdict, lang),
        Part::Rules(s) => words::rules_summary::summary(s, lang),
        Part::GamesList(games) => words::state::games_list(games, lang),
        Part::Commands(variants) => words::help::commands(variants, lang),
    }
}

/// The first line of a game's mail (`Game #12 - Russian checkers: A – B`),
/// with the tournament's line under it.
fn heading(h: &Heading, lang: Language) -> String {
    let first = words::state::header(h.game, h.variant, &h.white, &h.black, lang);
    match &h.tournament {
        Some((name, round, ballot)) => format!(
            "{first}\n{}",
            words::tournament_events::header_line(name, *round, ballot.as_deref(), lang)
        ),
        None => first,
    }
}

/// A tournament's event on a game.
fn tournament(e: &TournamentEvent, lang: Language) -> String {
    use words::tournament_events as t;
    match e {
        TournamentEvent::Replaced { old, new, reason } => t::replaced(old, new, reason, lang),
        TournamentEvent::YouAreReplaced {
            tournament,
            new,
            reason,
        } => t::you_are_replaced(tournament, new, reason, lang),
        TournamentEvent::PeriodEnded { game, due } => t::period_ended(*game, *due, lang),
        TournamentEvent::ClaimRecorded { game, result } => t::claim_recorded(*game, *result, lang),
        TournamentEvent::Settled { game, result } => t::settled(*game, *result, lang),
        TournamentEvent::ToDirector { game } => t::to_director(*game, lang),
        TournamentEvent::DirectorGamesFrozen {
            tournament,
            games,
            due,
            zone,
        } => t::director_games_frozen(tournament, games, *due, zone, lang),
        TournamentEvent::DirectorBounce {
            tournament,
            player,
            address,
            game,
            games,
        } => t::director_bounce(tournament, player, address, *game, games, lang),
        TournamentEvent::DirectorTournamentFinished { tournament, games } => {
            t::director_tournament_finished(tournament, *games, lang)
        }
        TournamentEvent::DirectorRulingDue { game, why } => {
            t::director_ruling_due(*game, *why, lang)
        }
        TournamentEvent::ClaimTooLate { game, due, zone } => {
            t::claim_too_late(*game, *due, zone, lang)
        }
        TournamentEvent::LateClaim {
            game,
            player,
            result,
            due,
            at,
            zone,
        } => t::late_claim(*game, player, *result, *due, *at, zone, lang),
        TournamentEvent::DirectorClockWarning {
            game,
            player,
            warning,
            deadline,
            zone,
        } => t::director_clock_warning(*game, player, *warning, *deadline, zone, lang),
        TournamentEvent::DirectorWithdrawal {
            tournament,
            player,
            reason,
            games,
        } => t::director_withdrawal(tournament, player, reason, *games, lang),
        TournamentEvent::PlayerWithdrew {
            tournament,
            player,
            address,
            games,
        } => t::player_withdrew(tournament, player, address, *games, lang),
        TournamentEvent::ClaimRuled {
            game,
            side,
            result,
            accepted,
        } => words::director_mail::claim_ruled(*game, *side, *result, *accepted, lang),
        TournamentEvent::DirectorDigest {
            tournament,
            day,
            events,
        } => t::director_digest(tournament, *day, *events, lang),
        TournamentEvent::DirectorDigestGroup { group, tournament } => {
            t::director_digest_group(*group, tournament, lang)
        }
    }
}

/// A note after the body.
fn note(n: &Note, lang: Language) -> String {
    match n {
        Note::Lines(lines) => lines.join("\n"),
        Note::Timing {
            charge,
            delay_seconds,
        } => words::pauses::timing_line(charge, *delay_seconds, lang),
        Note::Stopped { name, since } => words::pauses::stopped_line(name, *since, lang),
        Note::Receipt(r) => words::receipts::confirmation_line(r, lang),
        Note::PlayersMessage { name, side, text } => {
            words::xfcc::players_message(name, *side, text, lang)
        }
        Note::Standing {
            tournament,
            table,
            players,
        } => words::tournament::standing_line(&table.view(tournament), players, lang),
    }
}

/// What a command did, as the command line says it: in English, or what
/// the first reply tells, as its reader reads it.
#[must_use]
pub fn account(a: &Account, replies: &[Reply]) -> String {
    match a {
        Account::Reply => replies.first().map(body).unwrap_or_default(),
        other => words::account::account(other),
    }
}

/// The crosstable of a tournament's sections as monospace text in `lang`
/// (each section under its number when there are several).
#[must_use]
pub fn crosstable(tournament: &str, sections: &[SectionTable], lang: Language) -> String {
    tables(tournament, sections, lang, words::tournament::crosstable)
}

/// The standings of every section: each crosstable in place order (rows and
/// columns by place), under its section's heading when there are several.
#[must_use]
pub fn standings_by_place(tournament: &str, sections: &[SectionTable], lang: Language) -> String {
    tables(
        tournament,
        sections,
        lang,
        words::tournament::crosstable_by_place,
    )
}

fn tables(
    tournament: &str,
    sections: &[SectionTable],
    lang: Language,
    table: fn(&words::tournament::TableView<'_>, Language) -> String,
) -> String {
    if sections.is_empty() {
        return words::tournament::no_table_yet(tournament, lang);
    }
    let mut out = String::new();
    for s in sections {
        if sections.len() > 1 {
            out.push_str(&words::tournament_events::section_heading(s.section, lang));
            out.push('\n');
        }
        out.push_str(&table(&s.view(tournament), lang));
        out.push('\n');
    }
    out
}
