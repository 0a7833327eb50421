//! The operator's words: the lines the command line prints at the console
//! for the person who runs zaochka, in English (the console has no reader's
//! language). Each function words one typed value of a lower layer.

use crate::games::{ReadingNote, VariantClue};

/// What the record reader decided on a record ([`ReadingNote`]), as
/// `zaochka check` and `zaochka import` print it: `read as … (why)` for an
/// inferred game, `ply N: "written" read as played` for a tolerated or
/// decided move (plies counted from 1).
#[must_use]
pub fn reading_note(note: &ReadingNote) -> String {
    match note {
        ReadingNote::InferredVariant { variant, clue } => {
            let why = match clue {
                VariantClue::SquareAbove32 => "a square number above 32",
                VariantClue::TenByTenFen => "a 10x10 FEN",
                VariantClue::LetterBeyondH => "a square letter beyond h",
                VariantClue::TwoPointResult => "a 2-point result",
                VariantClue::OtherGamesOfFile => "the file's other games",
                VariantClue::ChessNotation => "chess notation",
                VariantClue::Default => "no GameType tag, the PDN default",
            };
            format!("read as {} ({why})", variant.name())
        }
        ReadingNote::SignTolerated {
            ply,
            written,
            played,
        } => format!("ply {}: {written:?} read as {played}", ply + 1),
        ReadingNote::DecidedByTheRest {
            ply,
            written,
            played,
        } => format!(
            "ply {}: {written:?} read as {played}, the only move it fits after which the record goes on",
            ply + 1
        ),
    }
}

/// Console lines of the commands that read and print a value the operator
/// typed: why an argument is refused, `s` as typed.
pub mod arguments {
    /// A game number that does not parse (`12`, `#12`).
    #[must_use]
    pub fn not_a_game_number(s: &str) -> String {
        format!("{s:?} is not a game number")
    }

    /// A side that is neither `white` nor `black`.
    #[must_use]
    pub fn not_a_side(s: &str) -> String {
        format!("{s:?} is not a side (white, black)")
    }

    /// A calendar date not written `YYYY-MM-DD`.
    #[must_use]
    pub fn not_a_date(s: &str) -> String {
        format!("{s:?} is not a date written YYYY-MM-DD (2026-03-01)")
    }

    /// A name server that is neither an IP address nor `IP:port`, as the
    /// configuration file gives it.
    #[must_use]
    pub fn not_a_name_server(t: &str) -> String {
        format!("{t:?} is not an IP address or IP:port")
    }
}

/// Console lines of the record commands (`check`, `import`, `export`,
/// `moves`, `manual`).
pub mod records {
    /// How a file that is not UTF-8 was decoded: `name` the encoding,
    /// `tagged` when the file's Charset tag named it.
    #[must_use]
    pub fn charset_note(name: &str, tagged: bool) -> String {
        let how = if tagged {
            "as its Charset tag says"
        } else {
            "detected"
        };
        format!("not UTF-8: read as {name} ({how})")
    }

    /// The name shown for a file read as UTF-8 with its invalid bytes
    /// replaced.
    #[must_use]
    pub fn utf8_replaced() -> &'static str {
        "UTF-8, invalid bytes replaced"
    }

    /// `export` found no game.
    #[must_use]
    pub fn nothing_to_export() -> &'static str {
        "zaochka: no games to export"
    }

    /// `moves` of a finished game: no legal move.
    #[must_use]
    pub fn no_legal_move() -> &'static str {
        "No legal move: the game is over."
    }

    /// `manual`: `pages` manual pages written into the folder `dir`.
    #[must_use]
    pub fn pages_written(pages: usize, dir: &str) -> String {
        format!("{pages} pages written to {dir}")
    }
}

/// Console lines of `zaochka clock`: the trusted instant and the step of
/// the system clock that waits for the operator (instants as written by the
/// store, spans in whole hours).
pub mod clock {
    /// The trusted instant, or that the daemon has not ticked yet.
    #[must_use]
    pub fn trusted(at: Option<&str>) -> String {
        match at {
            Some(t) => format!("trusted instant: {t}"),
            None => "trusted instant: none yet (the daemon has not ticked)".to_string(),
        }
    }

    /// A step of the clock from `from` to `to` waits, or none (`None`).
    #[must_use]
    pub fn step_waits(step: Option<(&str, &str, i64)>) -> String {
        match step {
            Some((from, to, hours)) => format!(
                "a step waits: from {from} to {to} ({hours} hours); time-outs are held until `zaochka clock confirm-step` or `cancel-step`"
            ),
            None => "no step waits".to_string(),
        }
    }

    /// `confirm-step` or `cancel-step` with no step waiting.
    #[must_use]
    pub fn no_step() -> &'static str {
        "no step of the clock waits"
    }

    /// The step is confirmed: `hours` charged to the running clocks.
    #[must_use]
    pub fn confirmed(hours: i64) -> String {
        format!("step confirmed: the clocks run on the new time ({hours} hours charged)")
    }

    /// The step is cancelled: `clocks` running clocks start `hours` later.
    #[must_use]
    pub fn cancelled(clocks: usize, hours: i64) -> String {
        format!("step cancelled: {clocks} running clocks start {hours} hours later")
    }
}

/// Console lines of `zaochka outbox`, `status`, `quarantine`, `mail-log`
/// and `referee log`.
pub mod mailbox {
    /// What `outbox list` prints when no reply is listed: `failed` for
    /// `--failed`, `pending` for `--pending`, neither for the whole outbox.
    #[must_use]
    pub fn outbox_empty(failed: bool, pending: bool) -> &'static str {
        if failed {
            "No failed reply."
        } else if pending {
            "No reply waits to be sent."
        } else {
            "The outbox is empty."
        }
    }

    /// `outbox retry ID` names no failed reply.
    #[must_use]
    pub fn no_failed_reply(id: &str) -> String {
        format!("no failed reply has the id {id}")
    }

    /// `outbox retry`: the replies put back in the queue (none: nothing to
    /// retry).
    #[must_use]
    pub fn retried(ids: &[i64]) -> String {
        if ids.is_empty() {
            return "No failed reply to retry.".to_string();
        }
        let ids: Vec<String> = ids.iter().map(ToString::to_string).collect();
        format!(
            "put back in the queue: {} (the daemon sends them at its next cycle)",
            ids.join(", ")
        )
    }

    /// `status`: the outbox's counts, with the command that lists failed
    /// replies when there are some.
    #[must_use]
    pub fn outbox_counts(pending: u64, sent: u64, failed: u64) -> String {
        let hint = if failed > 0 {
            " (zaochka outbox list --failed)"
        } else {
            ""
        };
        format!("outbox: {pending} waiting, {sent} sent, {failed} failed{hint}")
    }

    /// `status`: the relay's fault going on now, instants as text.
    #[must_use]
    pub fn relay_fault(
        since: &str,
        stage: &str,
        refusals: impl std::fmt::Display,
        reply: &str,
        next_try: &str,
    ) -> String {
        format!(
            "relay: FAULT since {since}: refused at {stage} ({refusals} refusals), last answer: {reply}; next try at {next_try}; no reply is failed meanwhile"
        )
    }

    /// `status`: the relay takes mail.
    #[must_use]
    pub fn relay_takes_mail() -> &'static str {
        "relay: takes mail"
    }

    /// `status`: the last fault of the relay that ended, instants as text.
    #[must_use]
    pub fn last_relay_fault(since: &str, ended: &str, stage: &str, reply: &str) -> String {
        format!("last relay fault: {since} to {ended}, refused at {stage}: {reply}")
    }

    /// `quarantine list` with no mail.
    #[must_use]
    pub fn no_quarantine() -> &'static str {
        "No mail in quarantine."
    }

    /// `quarantine release KEY` names no quarantined mail.
    #[must_use]
    pub fn unknown_quarantine_key(key: &str) -> String {
        format!("zaochka: refused: no quarantined mail has the key {key}")
    }

    /// `quarantine release KEY` names a mail in another state.
    #[must_use]
    pub fn not_quarantined(key: &str, state: impl std::fmt::Display) -> String {
        format!("zaochka: refused: the mail {key} is {state}, not quarantined")
    }

    /// The inbox refused to take the mail `key` back.
    #[must_use]
    pub fn cannot_release(key: &str) -> String {
        format!("cannot put {key} back into the inbox")
    }

    /// The mail `key` is back in the inbox.
    #[must_use]
    pub fn released(key: &str) -> String {
        format!("released {key}: the daemon tries it again at its next cycle")
    }

    /// `mail-log` with no mail.
    #[must_use]
    pub fn no_mail_processed() -> &'static str {
        "No mail processed."
    }

    /// `mail-log`: the mark of a mail applied although DMARC failed.
    #[must_use]
    pub fn dmarc_flag() -> &'static str {
        " FLAGGED: DMARC failed, applied"
    }

    /// `mail-log`: the verdicts of a mail's authentication checks.
    #[must_use]
    pub fn verdicts(dkim: &str, spf: &str, dmarc: &str, arc: &str) -> String {
        format!("dkim: {dkim} spf: {spf} dmarc: {dmarc} arc: {arc}")
    }

    /// `referee log` with no entry.
    #[must_use]
    pub fn empty_referee_log() -> &'static str {
        "The referee's log holds nothing."
    }
}

/// The daemon's console lines and the texts of its faults for the operator
/// (paths as displayed, durations in seconds).
pub mod daemon {
    /// A file could not be renamed over its target.
    #[must_use]
    pub fn cannot_rename(from: &str, to: &str) -> String {
        format!("cannot rename {from} to {to}")
    }

    /// The reason in the referee's log of a clock paused because the notice
    /// of a move to `email` bounced.
    #[must_use]
    pub fn notice_bounced(email: &str) -> String {
        format!("the notice of the move to {email} bounced")
    }

    /// Line `line` (from 1) of the journal `path` does not read.
    #[must_use]
    pub fn not_a_journal_line(path: &str, line: usize, why: impl std::fmt::Display) -> String {
        format!("zaochka: {path} line {line}: not a journal line ({why}); passed over")
    }

    /// The holder of the database's lock when it is held through another
    /// name of the same file.
    #[must_use]
    pub fn lock_held_elsewhere() -> &'static str {
        "one using another name of this file"
    }

    /// The watched inbox folder disappeared.
    #[must_use]
    pub fn watched_folder_gone() -> &'static str {
        "the watched folder is gone"
    }

    /// A probe of a mail did not end within `seconds`.
    #[must_use]
    pub fn probe_timeout(seconds: u64) -> String {
        format!("no end after {seconds} s")
    }

    /// A probe of a mail could not be started.
    #[must_use]
    pub fn probe_not_started(why: impl std::fmt::Display) -> String {
        format!("cannot start a probe: {why}")
    }

    /// The lease on the mail `key` was free after `crashes` crashes.
    #[must_use]
    pub fn lease_free(key: &str, crashes: impl std::fmt::Display) -> String {
        format!("lease on {key} unexpectedly free after {crashes} crashes")
    }

    /// The files transport cannot write a mail into the folder `dir`.
    #[must_use]
    pub fn cannot_write_into(dir: &str, why: impl std::fmt::Display) -> String {
        format!("cannot write into {dir}: {why}")
    }

    /// The relay refuses addresses outside ASCII.
    #[must_use]
    pub fn no_smtputf8() -> &'static str {
        "the relay does not take non-ASCII addresses (no SMTPUTF8)"
    }

    /// A reply could not be built as a message (`why` with its causes).
    #[must_use]
    pub fn cannot_build(why: &str) -> String {
        format!("cannot build the message: {why}")
    }

    /// The bot's configured address does not parse.
    #[must_use]
    pub fn bad_bot_address(address: &str) -> String {
        format!(
            "the bot's address \"{address}\" is not a valid mail address (check [address] local and domain)"
        )
    }
}

/// Console lines of the shell's journal: a command journaled, and its
/// replay by `journal replay` after a restore.
pub mod journal {
    /// A replayed command held a secret and is not replayed.
    #[must_use]
    pub fn held_a_secret() -> &'static str {
        "  not replayed: it held a secret; type it again"
    }

    /// A replayed command this build does not parse.
    #[must_use]
    pub fn unreadable(why: impl std::fmt::Display) -> String {
        format!("  not replayed: this zaochka does not read it ({why})")
    }

    /// A replayed command that changed nothing.
    #[must_use]
    pub fn changed_nothing() -> &'static str {
        "  changed nothing now; the replay goes on"
    }

    /// A replayed Xfcc act that changed nothing: the result code the
    /// endpoint would answer now (`Success` for a move already in the game).
    #[must_use]
    pub fn xfcc_changed_nothing(code: &str) -> String {
        format!("  changed nothing now ({code}); the replay goes on")
    }

    /// The replay of a command could not be recorded.
    #[must_use]
    pub fn not_recorded(why: impl std::fmt::Display) -> String {
        format!("zaochka: cannot record the command as replayed: {why}")
    }

    /// No mark for the journal: the command runs unjournaled (`why` with
    /// its causes).
    #[must_use]
    pub fn not_journaled(why: &str) -> String {
        format!("zaochka: {why}; the command is not journaled")
    }

    /// The command was applied but its journal line not written.
    #[must_use]
    pub fn applied_unjournaled(why: &str) -> String {
        format!("zaochka: the command was applied, but {why}: a restore cannot replay it")
    }

    /// What a restored database has already seen: `commands` shell commands
    /// of the journal at `path`.
    #[must_use]
    pub fn commands_seen(commands: impl std::fmt::Display, path: &str) -> String {
        format!("{commands} shell commands of its journal {path}")
    }

    /// What a restored database has already seen: `mails` mails of the
    /// inbox, the newest arrived at `newest`.
    #[must_use]
    pub fn mails_seen(mails: impl std::fmt::Display, newest: &str) -> String {
        format!("{mails} mails already read in the inbox (the newest arrived {newest})")
    }
}

/// Texts of the daemon's maildir inbox for the operator: why a file is
/// passed over, where a mail goes.
pub mod inbox {
    /// A file changed between the listing and the reading.
    #[must_use]
    pub fn changed_since_listed() -> &'static str {
        "changed since it was listed"
    }

    /// A file of the folder is no regular file.
    #[must_use]
    pub fn not_a_regular_file() -> &'static str {
        "not a regular file"
    }

    /// Every name a mail could be moved to is taken.
    #[must_use]
    pub fn every_name_taken() -> &'static str {
        "every name is taken"
    }

    /// The folder a quarantined mail goes to.
    #[must_use]
    pub fn quarantine_folder() -> &'static str {
        "the quarantine folder"
    }

    /// A drain of the inbox stopped on a failed write.
    #[must_use]
    pub fn write_refused() -> &'static str {
        "the database or the disk refused a write; see the log"
    }
}

/// Refusals of the command line's typed values: variants, results,
/// statuses (`s` as typed).
pub mod values {
    /// An unknown variant, with the known names.
    #[must_use]
    pub fn unknown_variant(s: &str, known: &[&str]) -> String {
        format!("unknown variant {s:?}; known: {}", known.join(", "))
    }

    /// A text that names no result.
    #[must_use]
    pub fn not_a_result(s: &str) -> String {
        format!(
            "{s:?} is not a result (1-0, 1:0, 2-0, 0-1, 1/2-1/2, ½-½, 1-1, =; draw, white won; \
             ничья, победа белых)"
        )
    }

    /// A text that names no status of a game.
    #[must_use]
    pub fn not_a_status(s: &str) -> String {
        format!(
            "{s:?} is not a status (active, paused, adjourned, finished, annulled; идёт, окончена, ...)"
        )
    }
}

pub mod backups;
pub mod checks;
pub mod demo;
pub mod desk;
pub mod games;
pub mod manual;
pub mod outcomes;
pub mod site_files;
/// Console lines of `zaochka player xfcc-password`.
pub mod xfcc {
    /// A password made for a player, shown this once (only its hash is kept).
    #[must_use]
    pub fn password_made(email: &str, password: &str) -> String {
        format!(
            "Xfcc password of {email}: {password}\n(shown once: only its hash is kept; run the command again to replace it)"
        )
    }

    /// A password read from standard input set for a player.
    #[must_use]
    pub fn password_set(email: &str) -> String {
        format!("Xfcc password of {email} set")
    }

    /// A password read from standard input that is empty or too short.
    #[must_use]
    pub fn password_too_short(min: usize) -> String {
        format!("an Xfcc password needs at least {min} characters")
    }
}
