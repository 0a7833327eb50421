//! `zaochka check`: replays every game of PDN and PGN files and judges it as the
//! referee would ([`games::judge`]): the first illegal or unreadable ply, a
//! ply whose text fits several moves that each let the record go on as far
//! ([`games::AmbiguousMove`]: the game is read on with the first), a ply
//! written after the rules had ended the game, a result that contradicts the
//! final position or the record's other result; notes for what the reader
//! decided ([`games::ReadingNote`]) and for a claimable draw. `zaochka import`
//! words its refusals with the same functions.
//!
//! A file whose name ends in `.pgn` (any case) is PGN: read with
//! [`pdn::read_pgn_games`] and replayed as chess unless a game's `GameType` tag
//! names another game ([`games::replay_pgn`]). Any other file is PDN, each game's
//! variant decided by [`games::variant_of`].

use std::path::PathBuf;
use std::process::ExitCode;

use super::records::{self, FileGame};
use indicatif::{ProgressBar, ProgressStyle};

use crate::games::{
    self, AmbiguousMove, CheckedGame, Contradiction, MoveErrorKind, PlayedAfterEnd, RecordVerdict,
    StatedResult,
};
use crate::notation::pdn::{self, PdnGame};
use crate::printable::printable;
use crate::rules::{Color, GameResult};
use crate::vocabulary::Language;
use crate::words::moves;
use crate::words::operator::checks as told;
use chrono::{DateTime, Utc};

/// Checks PDN and PGN files as the referee would: one line per game, OK or its faults.
///
/// Replays every game in PDN or PGN files (`.pgn`: chess) as the referee would and
/// prints one line per game: OK, or its faults: the first illegal or ambiguous ply
/// with its move number, the text as written, the reason and the position before
/// it; a draughts ply whose text fits several moves (`36x16` by two capture paths)
/// is read by the rest of the record: the move after which the record goes on is
/// played (a note), and when several go on to the end the ply is a fault naming
/// them all, the game read on with the first; a ply written after the rules had
/// ended the game (mate, stalemate, no legal move, fivefold repetition, the
/// draughts draw rules), with its ply, move number and the rule; a result that
/// contradicts the final position or the other result of the record (the `Result`
/// tag against the token closing the move text).
///
/// Notes follow (`  note: ...`): what the reader inferred, how the rules end the
/// game, a draw that could be claimed at the end, the move times the record
/// gives (`{[%ccsnt 2019.04.02,21:27]}` after a ply, UTC) and any that is not a time.
///
/// A file that cannot be read is reported on stderr and skipped, the others
/// checked.
///
/// Exits with 2 if any file could not be read, else 1 if any game has a fault.
#[derive(clap::Args, Debug)]
pub struct Check {
    /// PDN files to check (PGN chess files when the name ends in `.pgn`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print only failing games and the summary (with `--json`: only the
    /// failing games).
    #[arg(long, short)]
    quiet: bool,
}

/// The verdict on one game: in JSON one object (which keys appear depends on
/// how far the game was read: see the field docs), in words its lines.
#[derive(serde::Serialize)]
struct Verdict {
    file: String,
    /// The game's index in the file, from 1.
    game: usize,
    /// The line the game starts on (where it failed, if unreadable).
    line: usize,
    ok: bool,
    /// Why the game could not be read or replayed at all.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// The players and the result as the record gives them.
    #[serde(flatten)]
    players: Option<Players>,
    /// The replay and the referee's verdict on it.
    #[serde(flatten)]
    judged: Option<Judged>,
    /// The first illegal, unreadable or ambiguous ply.
    #[serde(flatten)]
    failure: Option<PlyFault>,
    /// Plies from this one (from 1) were not recorded (`1. - -`).
    #[serde(skip_serializing_if = "Option::is_none")]
    unrecorded_from_ply: Option<usize>,
    /// The kind of the first fault (`illegal`, `ambiguous`, `unreadable`,
    /// `ambiguous_move`, `played_after_end`, `result`). `ambiguous` stops the
    /// replay at the ply; `ambiguous_move` is a ply the game is read on past
    /// (see `ambiguous_moves`).
    #[serde(skip_serializing_if = "Option::is_none")]
    fault: Option<String>,
    /// Every fault's kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    faults: Option<Vec<String>>,
    /// The file's character set when it was not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    charset: Option<String>,
    /// With `charset`: true when the file's `Charset` tag named it, false
    /// when it was detected.
    #[serde(skip_serializing_if = "Option::is_none")]
    charset_from_tag: Option<bool>,
    #[serde(skip)]
    text: String,
}

/// The players and result of a [`Verdict`] (null where the record has none).
#[derive(serde::Serialize)]
struct Players {
    white: Option<String>,
    black: Option<String>,
    result: Option<String>,
}

/// The replay of a [`Verdict`] and the referee's judgement.
#[derive(serde::Serialize)]
struct Judged {
    variant: crate::rules::Variant,
    plies: usize,
    notes: Vec<String>,
    result_tag: Option<String>,
    final_result: Option<&'static str>,
    finish: Option<FinishShown>,
    played_after_end: Option<AfterEndShown>,
    contradictions: Vec<String>,
    claimable_draws: Vec<String>,
    /// Plies whose text fits several moves that each let the record go on as
    /// far: the game is read on with `played`.
    ambiguous_moves: Vec<AmbiguousShown>,
}

/// A ply that fits several moves each going on as far.
#[derive(serde::Serialize)]
struct AmbiguousShown {
    /// From 1.
    ply: usize,
    move_number: u32,
    side: Color,
    written: String,
    /// In full notation, sorted.
    candidates: Vec<String>,
    /// The candidate the game is read on with.
    played: String,
    /// Whether the candidates go on to the record's end.
    to_end: bool,
    fen_before: String,
}

/// How the rules ended the game.
#[derive(serde::Serialize)]
struct FinishShown {
    result: &'static str,
    termination: &'static str,
    rule: String,
}

/// The first ply written after the end.
#[derive(serde::Serialize)]
struct AfterEndShown {
    /// From 1.
    ply: usize,
    move_number: u32,
    side: Color,
    written: Option<String>,
    rule: String,
    result: &'static str,
}

/// The first ply that could not be played.
#[derive(serde::Serialize)]
struct PlyFault {
    move_number: u32,
    side: Color,
    written: String,
    reason: String,
    candidates: Vec<String>,
    fen_before: String,
}

impl Verdict {
    /// A verdict on a game with only its place known so far.
    fn at(file: &str, game: usize, line: usize) -> Verdict {
        Verdict {
            file: file.to_string(),
            game,
            line,
            ok: false,
            error: None,
            players: None,
            judged: None,
            failure: None,
            unrecorded_from_ply: None,
            fault: None,
            faults: None,
            charset: None,
            charset_from_tag: None,
            text: String::new(),
        }
    }
}

/// The lines of the verdict, every control character and bidirectional
/// override from the file (names, tags, moves as written) escaped.
impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for line in self.text.split_inclusive('\n') {
            let (body, end) = match line.strip_suffix('\n') {
                Some(body) => (body, "\n"),
                None => (line, ""),
            };
            f.write_str(&printable(body))?;
            f.write_str(end)?;
        }
        Ok(())
    }
}

impl Check {
    pub(super) fn execute(self, db: &super::store_args::StoreArgs) -> anyhow::Result<ExitCode> {
        let json = db.json;
        let (mut games, mut failed) = (0usize, 0usize);
        let mut unreadable = 0usize;
        for path in &self.files {
            let name = path.display().to_string();
            let stream = match records::open(path) {
                Ok(f) => f,
                Err(e) => {
                    // Reported and skipped: the other files are still checked.
                    eprintln!("{}", told::file_skipped(&printable(&format!("{e:#}"))));
                    unreadable += 1;
                    continue;
                }
            };
            if let (Some(note), false) = (records::charset_note(stream.charset.as_ref()), json) {
                println!("{}", printable(&format!("{name}: note: {note}")));
            }
            let charset = stream.charset.as_ref().map(|(c, _)| c.clone());
            let charset_from_tag = stream.charset.as_ref().map(|&(_, tagged)| tagged);
            let pgn = stream.pgn;
            let bar = progress(stream.count as u64);
            let mut batch = Vec::with_capacity(BATCH);
            let mut checked = 0;
            let mut games_in = stream.games.peekable();
            while games_in.peek().is_some() {
                batch.clear();
                let mut fault = None;
                for g in games_in.by_ref() {
                    match g {
                        Ok(g) => batch.push(g),
                        Err(e) => {
                            fault = Some(e);
                            break;
                        }
                    }
                    if batch.len() == BATCH {
                        break;
                    }
                }
                for mut v in check_all(&batch, &name, pgn, &bar, checked) {
                    v.charset.clone_from(&charset);
                    v.charset_from_tag = charset_from_tag;
                    games += 1;
                    failed += usize::from(!v.ok);
                    if v.ok && self.quiet {
                        continue;
                    }
                    if json {
                        println!("{}", serde_json::to_string(&v)?);
                    } else {
                        print!("{v}");
                    }
                }
                checked += batch.len();
                if let Some(e) = fault {
                    eprintln!("{}", told::rest_skipped(&printable(&name), e));
                    unreadable += 1;
                    break;
                }
            }
            bar.finish_and_clear();
        }
        if !json {
            let unreadable = match unreadable {
                0 => String::new(),
                n => format!(
                    ", {} unreadable",
                    crate::words::game::count_en(n, "file", "files")
                ),
            };
            println!(
                "{}: {} legal, {failed} with faults{unreadable}",
                crate::words::game::count_en(games, "game", "games"),
                games - failed
            );
        }
        Ok(if unreadable > 0 {
            ExitCode::from(2)
        } else if failed > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        })
    }
}

fn progress(len: u64) -> ProgressBar {
    if len < 2000 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec}") {
        bar.set_style(style);
    }
    bar
}

/// Games checked at a time, on all cores: a file is read, checked and
/// printed this many games at a time, never held whole.
const BATCH: usize = 4096;

/// Checks games on all cores, keeping file order; `before` games of the file
/// came before these.
fn check_all(
    parsed: &[FileGame],
    file: &str,
    pgn: bool,
    bar: &ProgressBar,
    before: usize,
) -> Vec<Verdict> {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let chunk = parsed.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = parsed
            .chunks(chunk)
            .enumerate()
            .map(|(k, games)| {
                s.spawn(move || {
                    games
                        .iter()
                        .enumerate()
                        .map(|(i, g)| {
                            bar.inc(1);
                            verdict(g, file, pgn, before + k * chunk + i + 1)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

fn verdict(game: &FileGame, file: &str, pgn: bool, index: usize) -> Verdict {
    let (game, reading) = match game {
        Ok((g, reading)) => (g, reading),
        Err(e) => {
            let mut v = Verdict::at(file, index, e.line());
            v.text = format!(
                "{file}:{} game {index}: unreadable {}: {e}\n",
                e.line(),
                if pgn { "PGN" } else { "PDN" }
            );
            v.error = Some(e.to_string());
            return v;
        }
    };
    let who = format!(
        "{} – {}",
        game.player(Color::White),
        game.player(Color::Black)
    );
    let head = format!("{file}:{} game {index} {who}", game.line);
    let mut v = Verdict::at(file, index, game.line);
    v.players = Some(Players {
        white: game.tag("White").map(str::to_string),
        black: game.tag("Black").map(str::to_string),
        result: game.result.clone(),
    });
    let replayed = reading.clone().and_then(|r| games::replay_reading(game, r));
    match replayed {
        Err(e) => {
            let why = crate::words::records::record_error(&e, Language::En);
            v.text = format!("{head}: {why}\n");
            v.error = Some(why);
            v
        }
        Ok(checked) => {
            report(&checked, game, &mut v, &head);
            for note in move_times(game).1 {
                v.text.push_str(&format!("  note: {note}\n"));
                if let Some(j) = &mut v.judged {
                    j.notes.push(note);
                }
            }
            if let Some(hint) = reading
                .as_ref()
                .ok()
                .and_then(|r| default_reading_hint(game, r, &checked))
            {
                v.text.push_str(&format!("  note: {hint}\n"));
                if let Some(j) = &mut v.judged {
                    j.notes.push(hint);
                }
            }
            v
        }
    }
}

/// Judges a replayed game into `v`: its notes, the referee's verdict, the
/// first ply that failed, and the words.
fn report(checked: &CheckedGame, game: &PdnGame, v: &mut Verdict, head: &str) {
    let record = &checked.record;
    let plies = record.game.plies();
    let notes = notes_of(checked);
    let judged = games::judge(checked, game);
    let mut shown = judged_of(checked.variant, plies, notes.clone(), &judged, game);
    shown.ambiguous_moves = checked.ambiguous.iter().map(ambiguous_shown).collect();
    v.judged = Some(shown);
    let mut faults: Vec<String> = Vec::new();
    let mut text = String::new();
    for a in &checked.ambiguous {
        faults.push("ambiguous_move".into());
        text.push_str(&told::ambiguous_line(
            head,
            &ambiguous_text(a),
            &a.played,
            &a.fen_before,
        ));
    }
    if let Some(p) = &judged.played_after_end {
        faults.push("played_after_end".into());
        text.push_str(&format!("{head}: {}\n", after_end_text(p, game)));
    }
    for c in &judged.contradictions {
        faults.push("result".into());
        text.push_str(&format!("{head}: {}\n", contradiction_text(c)));
    }
    // A ply that fails after the end is reported as played after the end.
    if let (Some(f), None) = (&record.failure, &judged.played_after_end) {
        let (words, kind, fault) = failure_of(record, f, head);
        text.push_str(&words);
        faults.push(kind.to_string());
        v.fault = Some(kind.to_string());
        v.failure = Some(fault);
    } else if faults.is_empty() {
        v.ok = true;
        let mut note = String::new();
        if let Some(u) = checked.unrecorded_from {
            v.unrecorded_from_ply = Some(u + 1);
            note = told::unrecorded_from(u + 1);
        }
        let result = game.result.as_deref().unwrap_or("*");
        let plies = crate::words::game::count_en(plies, "ply", "plies");
        text = format!("{head}: OK, {plies} ({result}){note}\n");
    } else {
        v.fault = Some(faults[0].clone());
    }
    for n in notes.iter().chain(&verdict_notes(&judged)) {
        text.push_str(&format!("  note: {n}\n"));
    }
    if record.failure.is_some() || !faults.is_empty() {
        v.ok = false;
        v.faults = Some(faults);
    }
    v.text = text;
}

/// Why a game without a `GameType` tag that fails was read as Russian checkers,
/// and whether it replays in full as international draughts; `None` when the
/// game does not fail or a tag or a clue decided its variant.
pub(super) fn default_reading_hint(
    game: &PdnGame,
    reading: &games::Reading,
    checked: &CheckedGame,
) -> Option<String> {
    if checked.record.failure.is_none() || reading.clue != Some(games::VariantClue::Default) {
        return None;
    }
    let international = games::Reading {
        variant: crate::rules::Variant::International,
        clue: None,
    };
    let replays =
        games::replay_reading(game, international).is_ok_and(|c| c.record.failure.is_none());
    Some(told::default_reading(replays))
}

/// The receipt time each ply's comment gives as `[%ccsnt YYYY.MM.DD,HH:MM]`
/// (UTC; `None`: no such comment, or one that is not a time), and the notes in
/// English: the plies with times and their span, each malformed `%ccsnt`
/// (ignored), each time earlier than the ply's before it.
pub(super) fn move_times(game: &PdnGame) -> (Vec<Option<DateTime<Utc>>>, Vec<String>) {
    let mut times = Vec::with_capacity(game.plies.len());
    let mut notes = Vec::new();
    let mut last: Option<DateTime<Utc>> = None;
    for (k, ply) in game.plies.iter().enumerate() {
        let time = match ply.comment.as_deref().and_then(pdn::read_ccsnt) {
            None => None,
            Some(Ok(t)) => Some(t),
            Some(Err(e)) => {
                notes.push(format!("ply {} `{}`: {e}; ignored", k + 1, ply.text));
                None
            }
        };
        if let (Some(t), Some(before)) = (time, last)
            && t < before
        {
            notes.push(told::time_before_previous(k + 1, &ply.text, t));
        }
        last = time.or(last);
        times.push(time);
    }
    let timed: Vec<DateTime<Utc>> = times.iter().flatten().copied().collect();
    if let (Some(first), Some(end)) = (timed.first(), timed.last()) {
        notes.push(told::move_times(
            timed.len(),
            game.plies.len(),
            *first,
            *end,
        ));
    }
    (times, notes)
}

/// What the reader decided on the record ([`games::ReadingNote`]), in English.
pub(super) fn notes_of(checked: &CheckedGame) -> Vec<String> {
    checked
        .notes
        .iter()
        .map(crate::words::operator::reading_note)
        .collect()
}

/// The notes of a verdict that are no faults: how the rules end the game, a
/// draw that could be claimed at the end.
pub(super) fn verdict_notes(v: &RecordVerdict) -> Vec<String> {
    let mut notes = Vec::new();
    let contradicted = v
        .contradictions
        .iter()
        .any(|c| matches!(c, Contradiction::Position { .. }));
    if let (Some(f), None, false) = (&v.finish, &v.played_after_end, contradicted) {
        notes.push(told::final_position_ends(
            &moves::finish_rule(f, Language::En),
            &moves::result_with_score(f.result, Language::En),
        ));
    }
    for c in &v.claimable {
        notes.push(told::claimable_draw(&moves::claimable(c, Language::En)));
    }
    notes
}

/// A ply written after the end, in English.
pub(super) fn after_end_text(p: &PlayedAfterEnd, game: &PdnGame) -> String {
    let dots = if p.side == Color::Black { "..." } else { "." };
    let written = game.plies.get(p.ply).map_or("", |w| w.text.as_str());
    format!(
        "PLAYED AFTER THE END at move {}{dots} {written:?} (ply {}): the game had ended after ply {}: {}; {}",
        p.move_number,
        p.ply + 1,
        p.ply,
        moves::finish_rule(&p.finish, Language::En),
        moves::result_with_score(p.finish.result, Language::En)
    )
}

/// A ply that fits several moves each going on as far, in English:
/// `at move 1. "32x14": it fits 2 moves that each let the record go on to its
/// end: 32x23x34x25x14 or 32x43x34x25x14`.
pub(super) fn ambiguous_text(a: &AmbiguousMove) -> String {
    told::ambiguous(a)
}

fn ambiguous_shown(a: &AmbiguousMove) -> AmbiguousShown {
    AmbiguousShown {
        ply: a.ply + 1,
        move_number: a.move_number,
        side: a.side,
        written: a.written.clone(),
        candidates: a.candidates.clone(),
        played: a.played.clone(),
        to_end: a.to_end,
        fen_before: a.fen_before.clone(),
    }
}

/// A result that cannot stand, in English.
pub(super) fn contradiction_text(c: &Contradiction) -> String {
    match c {
        Contradiction::TagAndToken { tag, token } => format!(
            "RESULT CONTRADICTION: the Result tag says {tag:?}, the move text ends with {token:?}"
        ),
        Contradiction::Position { stated, finish } => format!(
            "RESULT CONTRADICTION: the record says {}, but the final position ends the game: {}; {}",
            stated_text(*stated),
            moves::finish_rule(finish, Language::En),
            moves::result_with_score(finish.result, Language::En)
        ),
    }
}

fn stated_text(s: StatedResult) -> &'static str {
    match s {
        StatedResult::Decided(r) => r.pdn(),
        StatedResult::Unfinished => "*",
    }
}

/// The replay and the referee's verdict of a game, as its JSON shows them.
fn judged_of(
    variant: crate::rules::Variant,
    plies: usize,
    notes: Vec<String>,
    v: &RecordVerdict,
    game: &PdnGame,
) -> Judged {
    Judged {
        variant,
        plies,
        notes,
        result_tag: game.tag("Result").map(str::to_string),
        final_result: v.result().map(GameResult::pdn),
        finish: v.finish.map(|f| FinishShown {
            result: f.result.pdn(),
            termination: f.termination.as_str(),
            rule: moves::finish_rule(&f, Language::En),
        }),
        played_after_end: v.played_after_end.map(|p| AfterEndShown {
            ply: p.ply + 1,
            move_number: p.move_number,
            side: p.side,
            written: game.plies.get(p.ply).map(|w| w.text.clone()),
            rule: moves::finish_rule(&p.finish, Language::En),
            result: p.finish.result.pdn(),
        }),
        contradictions: v.contradictions.iter().map(contradiction_text).collect(),
        claimable_draws: v
            .claimable
            .iter()
            .map(|c| moves::claimable(c, Language::En))
            .collect(),
        ambiguous_moves: Vec::new(),
    }
}

/// The first illegal, unreadable or ambiguous ply with the position before
/// it: its words, its kind and its data.
fn failure_of(
    record: &games::Record,
    f: &games::RecordFailure,
    head: &str,
) -> (String, &'static str, PlyFault) {
    let dots = if f.side == Color::Black { "..." } else { "." };
    let (kind, candidates) = match &f.error.kind {
        MoveErrorKind::Unreadable { .. } => ("unreadable", Vec::new()),
        MoveErrorKind::Illegal { .. } => ("illegal", Vec::new()),
        MoveErrorKind::Ambiguous(list) | MoveErrorKind::AmbiguousChess(list) => {
            ("ambiguous", list.clone())
        }
    };
    let reason = f.error.message(Language::En);
    let fen_before = record.game.fen();
    let mut text = told::move_fault(
        head,
        &kind.to_uppercase(),
        f.move_number,
        dots,
        &f.error.written,
        &reason,
        &fen_before,
    );
    for line in crate::diagram::game_text(
        record.game.as_ref(),
        Color::White,
        &crate::diagram::Options::default(),
    )
    .lines()
    {
        text.push_str("    ");
        text.push_str(line);
        text.push('\n');
    }
    let fault = PlyFault {
        move_number: f.move_number,
        side: f.side,
        written: f.error.written.clone(),
        reason,
        candidates,
        fen_before,
    };
    (text, kind, fault)
}
