//! `zaochka import`: archive games from PDN and PGN files, checked on the way in
//! as `zaochka check` checks them.
//!
//! A game is imported only if it replays legally, no ply follows the end the
//! rules give it ([`games::judge`]), its results agree with each other and with
//! the final position (or `--trust-result`), and it is finished (or
//! `--unfinished`: archived as an annulled game, never active). A game imported
//! before (same variant, start, moves, players and date:
//! [`archive::RecordKey`]) is skipped. Players are linked to registered players
//! by name ([`players::NameIndex`], read once a file) before an `@archive.invalid` player is
//! made.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::games::{self, CheckedGame, RecordVerdict};
use crate::notation::pdn::PdnGame;
use crate::referee::RefereeError;
use crate::rules::Color;
use crate::store::archive::{self, RecordKey, ResultSource};
use crate::store::games::{self as game_rows, NewGame};
use crate::store::moves::{self, NewMove};
use crate::store::players::{self, Language, NameIndex, NameMatch, NewPlayer, Role};
use crate::store::{Store, Tx};
use crate::vocabulary::{GameId, PlayerId};
use crate::vocabulary::{GameResult, GameStatus, Termination};
use crate::words::operator::checks as told;

use super::check::{
    after_end_text, ambiguous_text, contradiction_text, default_reading_hint, move_times, notes_of,
    verdict_notes,
};
use super::records;
use super::store_args::StoreArgs;

/// Imports finished games from PDN (or PGN, `.pgn`) files into the archive.
///
/// Every game is checked as `zaochka check` checks it: a game with an illegal
/// or ambiguous ply, or a ply written after the rules had ended the game, is
/// reported and not imported. A draughts ply whose text fits several moves
/// (`36x16` by two capture paths) is read by the rest of the record: the move
/// after which the record goes on is imported; when several go on to the end
/// the game is refused, naming them. A game whose result contradicts the final position
/// (a mate by Black tagged `1-0`) or whose `Result` tag and closing result token
/// disagree is refused unless `--trust-result`. A game whose final position ends
/// it by the rules gets the rules' result and termination.
///
/// An unfinished game (`*` or no result) is refused, or archived with
/// `--unfinished` as an annulled game (never active, never played on). A game
/// imported before (same variant, start position, moves, White, Black and Date,
/// in this or an earlier run) is skipped with a message.
///
/// A ply followed by a `{[%ccsnt 2019.04.02,21:27]}` comment (UTC) is stored
/// with that receipt time, any other ply with the time of the import; a
/// `%ccsnt` that is not a time is a note and is ignored.
///
/// Each player is linked to the registered player of the same name (commas as
/// spaces and `ё` as `е`; "Surname, Name" also against "Name Surname" and the
/// reverse; with case, then ignoring case; a name that fits several registered
/// players links none and the output names them), else to a player
/// with an `@archive.invalid` address, added if new. A missing White or Black
/// tag is the archive player `?`, never linked.
///
/// A file that cannot be read is reported on stderr and skipped; the other
/// files are imported and the summary counts it.
///
/// Exit status: 0 when every game was imported or skipped as a duplicate
/// (importing a file twice succeeds and adds nothing), 1 when any game was
/// refused, 2 when any file could not be read (the others imported) or on a
/// database error.
#[derive(clap::Args, Debug)]
pub struct Import {
    /// PDN files (PGN chess files when the name ends in `.pgn`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Import a game whose result contradicts its final position or its other
    /// result anyway, with the `Result` tag's result (the output says so).
    #[arg(long)]
    trust_result: bool,
    /// Archive unfinished games (`*` or no result) as annulled games instead of
    /// refusing them; they are never active.
    #[arg(long)]
    unfinished: bool,
}

/// What became of one game of a file.
enum Outcome {
    /// Imported as this game; the lines say how its players were found.
    Imported(GameId, Vec<String>),
    /// The same record was imported before as this game.
    Duplicate(GameId),
}

/// A game cleared for the archive: the result it gets, and from where.
struct Cleared {
    result: Option<(GameResult, Termination)>,
    source: ResultSource,
}

/// The counts of a run.
#[derive(Default)]
struct Tally {
    imported: usize,
    refused: usize,
    skipped: usize,
    /// Files that could not be read (skipped).
    unreadable: usize,
}

/// Prints one line of the import's report with every control character and
/// bidirectional override from the file (names, tags, moves as written)
/// escaped.
macro_rules! say {
    ($($words:tt)*) => {
        println!("{}", crate::printable::printable(&format!($($words)*)))
    };
}

impl Import {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        let mut store = db.open()?;
        let now = db.now();
        let mut tally = Tally::default();
        for path in &self.files {
            let file = match records::read(path) {
                Ok(f) => f,
                Err(e) => {
                    // Reported and skipped: the other files are still imported.
                    eprintln!(
                        "{}",
                        told::file_skipped(&crate::printable::printable(&format!("{e:#}")))
                    );
                    tally.unreadable += 1;
                    continue;
                }
            };
            self.import_file(&mut store, path, file, now, &mut tally)?;
        }
        let unreadable = match tally.unreadable {
            0 => String::new(),
            n => format!(
                ", {} unreadable",
                crate::words::game::count_en(n, "file", "files")
            ),
        };
        say!(
            "{}",
            told::imported(tally.imported, tally.refused, tally.skipped, &unreadable)
        );
        Ok(if tally.unreadable > 0 {
            ExitCode::from(2)
        } else if tally.refused > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        })
    }

    fn import_file(
        &self,
        store: &mut Store,
        path: &Path,
        file: records::RecordFile,
        now: chrono::DateTime<chrono::Utc>,
        tally: &mut Tally,
    ) -> anyhow::Result<()> {
        if let Some(note) = file.charset_note() {
            say!("{}: note: {note}", path.display());
        }
        // Read once: an import adds archive players only, never registered ones.
        let names = store.read(NameIndex::of_registered)?;
        for (i, g) in file.games.into_iter().enumerate() {
            let where_ = format!("{}: game {}", path.display(), i + 1);
            let refuse = |tally: &mut Tally, why: &str| {
                say!("{where_}: not imported: {why}");
                tally.refused += 1;
            };
            let (g, reading) = match g {
                Ok(g) => g,
                Err(e) => {
                    refuse(tally, &e.to_string());
                    continue;
                }
            };
            let reading = match reading {
                Ok(r) => r,
                Err(e) => {
                    refuse(
                        tally,
                        &crate::words::records::record_error(&e, Language::En),
                    );
                    continue;
                }
            };
            let checked = match games::replay_reading(&g, reading) {
                Ok(c) => c,
                Err(e) => {
                    refuse(
                        tally,
                        &crate::words::records::record_error(&e, Language::En),
                    );
                    continue;
                }
            };
            for note in notes_of(&checked) {
                say!("{where_}: note: {note}");
            }
            let verdict = games::judge(&checked, &g);
            if let (Some(f), None) = (&checked.record.failure, &verdict.played_after_end) {
                let mut why = format!("move {} {:?}: {}", f.move_number, f.error.written, f.error);
                if let Some(hint) = default_reading_hint(&g, &reading, &checked) {
                    why = format!("{why} ({hint})");
                }
                refuse(tally, &why);
                continue;
            }
            if !checked.ambiguous.is_empty() {
                let why: Vec<String> = checked
                    .ambiguous
                    .iter()
                    .map(|a| format!("ambiguous {}", ambiguous_text(a)))
                    .collect();
                refuse(tally, &why.join("; "));
                continue;
            }
            let cleared = match self.clear(&verdict, &g) {
                Ok(c) => c,
                Err(why) => {
                    refuse(tally, &why);
                    continue;
                }
            };
            if cleared.source == ResultSource::Trusted {
                for c in &verdict.contradictions {
                    say!("{}", told::result_trusted(&where_, &contradiction_text(c)));
                }
            }
            for note in verdict_notes(&verdict) {
                say!("{where_}: note: {note}");
            }
            let (times, time_notes) = move_times(&g);
            for note in time_notes {
                say!("{where_}: note: {note}");
            }
            match store.transaction(|tx| {
                let record = Record {
                    checked: &checked,
                    game: &g,
                    times: &times,
                };
                archive_game(tx, &names, &record, &cleared, &where_, now)
            }) {
                Ok(Outcome::Imported(id, lines)) => {
                    for line in lines {
                        say!("{where_}: {line}");
                    }
                    let how = match cleared.source {
                        ResultSource::Unfinished => Some(told::ResultTaken::Unfinished),
                        ResultSource::Rules => Some(told::ResultTaken::ByTheRules),
                        ResultSource::Trusted => Some(told::ResultTaken::AsTagged),
                        ResultSource::Record => None,
                    };
                    say!("{}", told::imported_as(&where_, id, how));
                    tally.imported += 1;
                }
                Ok(Outcome::Duplicate(id)) => {
                    say!("{}", told::imported_before(&where_, id));
                    tally.skipped += 1;
                }
                Err(RefereeError::Store(e)) => return Err(e.into()),
                Err(e) => refuse(tally, &e.to_string()),
            }
        }
        Ok(())
    }

    /// The result a checked game is archived with, or why it is refused.
    fn clear(&self, v: &RecordVerdict, g: &PdnGame) -> Result<Cleared, String> {
        if let Some(p) = &v.played_after_end {
            return Err(after_end_text(p, g));
        }
        if !v.contradictions.is_empty() {
            let tagged = v.tag.and_then(games::StatedResult::result);
            return match (
                self.trust_result,
                tagged.or(v.stated.and_then(games::StatedResult::result)),
            ) {
                (true, Some(r)) => Ok(Cleared {
                    result: Some((r, Termination::Recorded)),
                    source: ResultSource::Trusted,
                }),
                _ => Err(told::trust_result_hint(
                    &v.contradictions
                        .iter()
                        .map(contradiction_text)
                        .collect::<Vec<_>>()
                        .join("; "),
                )),
            };
        }
        if let Some(f) = v.finish {
            return Ok(Cleared {
                result: Some((f.result, f.termination)),
                source: ResultSource::Rules,
            });
        }
        match v.stated.and_then(games::StatedResult::result) {
            Some(r) => Ok(Cleared {
                result: Some((r, Termination::Recorded)),
                source: ResultSource::Record,
            }),
            None if self.unfinished => Ok(Cleared {
                result: None,
                source: ResultSource::Unfinished,
            }),
            None => Err(told::unfinished(
                g.result.as_deref().or(g.tag("Result")).unwrap_or("none"),
            )),
        }
    }
}

/// A game read from a file and replayed: the replay, the record, and each
/// ply's receipt time from its `%ccsnt` comment.
struct Record<'a> {
    checked: &'a CheckedGame,
    game: &'a PdnGame,
    times: &'a [Option<chrono::DateTime<chrono::Utc>>],
}

/// Stores one cleared game with its moves, players and archive row, unless the
/// same record was imported before.
fn archive_game(
    tx: &Tx<'_>,
    registered: &NameIndex,
    record: &Record<'_>,
    cleared: &Cleared,
    source: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Outcome, RefereeError> {
    let (checked, g) = (record.checked, record.game);
    let game = &checked.record.game;
    let names = [g.player(Color::White), g.player(Color::Black)];
    let key = RecordKey::of(
        checked.variant.name(),
        &game.start_fen(),
        &game.score(),
        names[0],
        names[1],
        g.tag("Date").unwrap_or(""),
    );
    if let Some(before) = archive::find(tx, &key)? {
        return Ok(Outcome::Duplicate(before.game_id));
    }
    let mut lines = Vec::new();
    let white = game_player(tx, registered, "White", names[0], None, now, &mut lines)?;
    let black = game_player(
        tx,
        registered,
        "Black",
        names[1],
        Some(white),
        now,
        &mut lines,
    )?;
    let mut new = NewGame::new(checked.variant, white, black, now);
    new.start_fen = g.tag("FEN").map(|_| game.start_fen());
    new.tournament = g.tag("Event").map(str::to_string);
    let row = game_rows::create(tx, &new)?;
    let mut replay = games::new_game(checked.variant, new.start_fen.as_deref())
        .map_err(|e| RefereeError::Start(crate::referee::StartRefusal::Setup(e)))?;
    let mut side = if replay.turn() == crate::rules::Color::White {
        Color::White
    } else {
        Color::Black
    };
    for (k, full) in game.score().iter().enumerate() {
        let played = replay.play(full).map_err(RefereeError::Move)?;
        moves::append(
            tx,
            &NewMove {
                game_id: row.id,
                ply: k as u32 + 1,
                side,
                notation: played.full,
                written: g.plies[k].text.clone(),
                source_message: None,
                received_at: record.times.get(k).copied().flatten().unwrap_or(now),
                position_hash: played.hash_after as i64,
            },
        )?;
        side = side.opposite();
    }
    match cleared.result {
        Some((result, termination)) => {
            game_rows::set_result(tx, row.id, result, termination, now)?;
        }
        None => {
            game_rows::set_status(tx, row.id, GameStatus::Annulled, now)?;
        }
    }
    archive::add(
        tx,
        &archive::NewRecord {
            game_id: row.id,
            key: &key,
            source,
            result_from: cleared.source,
            imported_at: now,
            tags: &g.tags,
        },
    )?;
    Ok(Outcome::Imported(row.id, lines))
}

/// The player of one side of an imported game: the one registered player of
/// that name, else an archive player; never the opponent (`other`). Says which
/// in `lines`.
fn game_player(
    tx: &Tx<'_>,
    registered: &NameIndex,
    side: &str,
    name: &str,
    other: Option<PlayerId>,
    now: chrono::DateTime<chrono::Utc>,
    lines: &mut Vec<String>,
) -> Result<PlayerId, RefereeError> {
    match registered.find(name) {
        Some((how, found)) if found.len() == 1 && Some(found[0].id) != other => {
            let p = &found[0];
            let how = match how {
                NameMatch::Exact => "",
                NameMatch::IgnoringCase => " (case ignored)",
                NameMatch::Reordered => " (surname order)",
            };
            lines.push(told::linked(side, name, p.id, &p.name, how));
            return Ok(p.id);
        }
        Some((_, found)) if found.len() > 1 => {
            let ids: Vec<String> = found
                .iter()
                .map(|p| format!("#{} {}", p.id, p.name))
                .collect();
            lines.push(told::several_named(side, name, &ids.join(", ")));
        }
        _ => {}
    }
    let mut id = archive_player(tx, name, "", now)?;
    if Some(id) == other {
        // The same name on both sides (two unknown players `?`): two people.
        id = archive_player(tx, name, ".black", now)?;
    }
    lines.push(format!("{side} {name}: archive player #{id}"));
    Ok(id)
}

/// The player of an archived game: found by name among `@archive.invalid`
/// addresses, or added. `suffix` tells apart two players of one name.
fn archive_player(
    tx: &Tx<'_>,
    name: &str,
    suffix: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<PlayerId, RefereeError> {
    let slug: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '.'
            }
        })
        .collect::<String>()
        .trim_matches('.')
        .to_string();
    let hex: String = slug
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'.' {
                (b as char).to_string()
            } else {
                format!("{b:02x}")
            }
        })
        .collect();
    let mut email = format!(
        "{}{suffix}@archive.invalid",
        if hex.is_empty() {
            "unknown".into()
        } else {
            hex
        }
    );
    if email.parse::<lettre::Address>().is_err() {
        // Dots that do not make a dot-atom (leading, trailing, doubled): spelled in hex.
        email = email.replacen('.', "2e", email.matches('.').count() - 1);
    }
    if let Some(p) = players::find_by_email(tx, &email)? {
        return Ok(p.id);
    }
    let p = players::add(
        tx,
        &NewPlayer {
            // Control characters from a file's tags never reach the players
            // table, and a name past the limit is cut to it.
            name: name
                .trim()
                .chars()
                .take(players::NAME_LIMIT)
                .map(|c| {
                    if crate::printable::is_unsafe(c) {
                        ' '
                    } else {
                        c
                    }
                })
                .collect::<String>(),
            email,
            language: Language::Ru,
            time_zone: "UTC".into(),
            role: Role::Player,
            created_at: now,
        },
    )?;
    Ok(p.id)
}
