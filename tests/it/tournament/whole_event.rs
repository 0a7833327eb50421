//! One whole tournament by mail, from the invitations to the final
//! bulletin, rendered as the transcript the user documents show.
//!
//! - `a_whole_round_robin_by_mail_reads_as_its_documented_transcript`: a
//!   round robin of 4 (Russian checkers, 40 days a move, a playing period of
//!   45 days, a bulletin after every 2 finished games), two players writing
//!   Russian and two English, two directors: Судья (Russian, Moscow, each
//!   event at once) and Referee (English, London, the daily digest). Every
//!   step goes through the real daemon (`serve --once` on a faked clock, the
//!   file outbox), the players' mails arriving at 08:30 UTC and the daemon
//!   ticking at 09:00 UTC on the days something happens (and at 10:00 UTC on
//!   the days of the clock warnings). The games end by resignation (twice),
//!   by agreement, on time (Dunn silent: the directors warned at 14, 28 and
//!   35 days of silence and 10 and 5 days before the loss), by forfeit (a
//!   withdrawal by mail confirmed with its code) and by adjudication (the
//!   playing period ends, the claims disagree, the Russian director rules
//!   by pressing Reply). A move notice bounces on the way. The transcript
//!   (the console session, the players' lines, every director mail, one
//!   Russian and one English copy of each bulletin, a few player mails) is
//!   compared with the block between `<!-- whole-event:begin -->` and
//!   `<!-- whole-event:end -->` in docs/tournaments.md, and its time and
//!   adjudication part with the block between `<!-- whole-event-referee:begin
//!   -->` and `<!-- whole-event-referee:end -->` in docs/referee.md; with
//!   `ZAOCHKA_WRITE_DOCS=1` the test writes the blocks instead.
//! - `the_documented_console_session_of_a_micro_match_tournament_is_this_builds_output`:
//!   the console session of docs/tournaments.md ("A session, as run"; a
//!   micro-match of 4 with balloted openings, a forfeit, an adjudication,
//!   both crosstables and the export) run again on a fresh database at
//!   2026-12-01 10:00 UTC and compared with the block between
//!   `<!-- console-session:begin -->` and `<!-- console-session:end -->`
//!   (written with `ZAOCHKA_WRITE_DOCS=1`); the record is shown without its
//!   signed receipts, whose key is the database's own.
//!
//! Run: `cargo test --test it tournament::whole_event::`.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};

use crate::common;

use common::conversation::{BotMail, Conversation, Lang, Player};
use common::daemon::{Bot, Mailing};
use common::tournament::{End, Expect, Plan, TGame, linked, next_step, stored};

const fn p(name: &'static str, email: &'static str, lang: Lang) -> Player {
    Player { name, email, lang }
}

const ANDREEV: Player = p("Андреев", "andreev@example.test", Lang::Ru);
const BROWN: Player = p("Brown", "brown@example.test", Lang::En);
const VASILIEVA: Player = p("Васильева", "vasilieva@example.test", Lang::Ru);
const DUNN: Player = p("Dunn", "dunn@example.test", Lang::En);
const PLAYERS: [Player; 4] = [ANDREEV, BROWN, VASILIEVA, DUNN];

/// The Russian director (Moscow, each event at once), who makes the
/// tournament.
const JUDGE: Player = p("Судья", "judge@example.test", Lang::Ru);
/// The English director (London, the daily digest).
const REFEREE: Player = p("Referee", "referee@example.test", Lang::En);

const NAME: &str = "Весна 2027";

/// The day of the start, 09:00 UTC.
fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, 3, 1, 9, 0, 0).unwrap()
}

/// `day` days after the start at `hour`:`minute` UTC.
fn at(day: i64, hour: u32, minute: u32) -> DateTime<Utc> {
    let date = t0().date_naive() + TimeDelta::days(day);
    Utc.from_utc_datetime(&date.and_hms_opt(hour, minute, 0).unwrap())
}

/// A command line as a shell reads it: each word that needs it in single
/// quotes.
fn shell(args: &[&str]) -> String {
    let quote = |a: &&str| -> String {
        let plain = !a.is_empty()
            && a.chars()
                .all(|c| c.is_alphanumeric() || "-_.,@/:=+".contains(c));
        if plain {
            (*a).to_string()
        } else {
            format!("'{}'", a.replace('\'', "'\\''"))
        }
    };
    args.iter().map(quote).collect::<Vec<_>>().join(" ")
}

/// One piece of the transcript; `referee` marks the pieces of the time and
/// adjudication part that docs/referee.md shows.
struct Piece {
    text: String,
    referee: bool,
}

/// The event as it ran, and the code of the withdrawal to normalise.
struct Run {
    c: Conversation,
    games: Vec<TGame>,
    pieces: Vec<Piece>,
    /// Whether the pieces added now belong to the time and adjudication part.
    referee: bool,
    /// The withdrawal's confirmation code (keyed with the database's random
    /// secret): written as [`CODE`] in the transcript.
    code: Option<String>,
    /// The hour and minute of the tick that reads the day's moves.
    move_tick: (u32, u32),
    /// When each bot mail was written (its tick), by Message-ID.
    written: std::collections::HashMap<String, DateTime<Utc>>,
}

/// The confirmation code as the transcript shows it.
const CODE: &str = "04817263";

impl Run {
    fn push(&mut self, text: String) {
        self.pieces.push(Piece {
            text,
            referee: self.referee,
        });
    }

    /// A heading line for a moment of the event.
    fn moment(&mut self, when: DateTime<Utc>, what: &str) {
        let date = when.format("%Y-%m-%d %H:%M UTC");
        self.push(format!("**{date}.** {what}\n"));
    }

    /// A console command of the director at `when`, shown with its output.
    fn console(&mut self, when: DateTime<Utc>, args: &[&str]) -> String {
        let out = self.c.bot.ok_at(when, args);
        let shown = format!("$ zaochka {}\n{}", shell(args), out.trim_end());
        match self.pieces.last_mut() {
            Some(last) if last.text.starts_with("```text\n$ zaochka") => {
                last.text.truncate(last.text.len() - "```\n".len());
                last.text.push_str(&format!("\n{shown}\n```\n"));
            }
            _ => self.push(format!("```text\n{shown}\n```\n")),
        }
        out
    }

    /// One daemon tick at `when`; its mails, each noted with `when`.
    fn tick(&mut self, when: DateTime<Utc>) -> Vec<BotMail> {
        let new = self.c.serve_at(when);
        for m in &new {
            self.written.insert(m.message_id.clone(), when);
        }
        new
    }

    /// A bot mail as its reader gets it: the time it was written, To,
    /// Subject, the text part and the names of its attachments.
    fn show(&mut self, m: &BotMail) {
        use mail_parser::MimeHeaders;
        let parsed = mail_parser::MessageParser::default()
            .parse(m.raw.as_bytes())
            .unwrap();
        let date = self.written[&m.message_id].format("%Y-%m-%d %H:%M UTC");
        let mut text = format!(
            "```text\nDate: {date}\nTo: {}\nSubject: {}\n\n{}\n",
            m.recipient(),
            m.subject,
            m.text.replace("\r\n", "\n").trim_end()
        );
        for a in parsed.attachments() {
            if let Some(name) = a.attachment_name() {
                text.push_str(&format!("\n[attachment: {name}]\n"));
            }
        }
        text.push_str("```\n");
        self.push(text);
    }

    /// The players' mails of a moment, one line each.
    fn lines_in(&mut self, lines: &[(Player, i64, String)]) {
        if lines.is_empty() {
            return;
        }
        let mut text = String::from("Mails in:\n\n");
        for (who, game, line) in lines {
            text.push_str(&format!(
                "- {} <{}>, game #{game}: «{}»\n",
                who.name,
                who.email,
                line.replace('\n', " / ")
            ));
        }
        self.push(text);
    }

    /// The game of the two players.
    fn game(&self, a: Player, b: Player) -> TGame {
        self.games
            .iter()
            .find(|g| (g.white == a && g.black == b) || (g.white == b && g.black == a))
            .cloned()
            .unwrap()
    }

    fn plan_mut(&mut self, id: i64) -> &mut TGame {
        self.games.iter_mut().find(|g| g.id == id).unwrap()
    }

    /// The next step of each game of `ids`, arriving at 08:30 UTC of `day`
    /// (a minute apart), then the daemon's tick at 09:00; each step checked.
    /// Returns the tick's mails.
    fn moves(&mut self, day: i64, ids: &[i64]) -> Vec<BotMail> {
        let mut steps = Vec::new();
        for (i, id) in ids.iter().enumerate() {
            let g = self.games.iter().find(|g| g.id == *id).unwrap().clone();
            let step = next_step(&self.c, &g)
                .unwrap_or_else(|| panic!("day {day}: no step for game #{id}"));
            let before = stored(&self.c, *id).moves.len();
            let to = self.c.last_to(step.player, *id);
            let when = at(day, 8, 30) + TimeDelta::minutes(i as i64);
            self.c.post_reply_arriving(
                step.player,
                &to,
                &step.line,
                u64::try_from(when.timestamp()).unwrap(),
            );
            steps.push((step, before));
        }
        let lines: Vec<(Player, i64, String)> = steps
            .iter()
            .map(|(s, _)| (s.player, s.game, s.line.clone()))
            .collect();
        self.lines_in(&lines);
        let new = self.tick(at(day, self.move_tick.0, self.move_tick.1));
        for (s, before) in &steps {
            let after = stored(&self.c, s.game);
            let ok = match &s.expect {
                Expect::Ply => after.moves.len() == before + 1,
                Expect::PlyWithOffer => {
                    self.plan_mut(s.game).offered = true;
                    after.moves.len() == before + 1
                }
                Expect::Result(r) => after.result.as_deref() == Some(*r),
            };
            assert!(
                ok,
                "day {day}: game #{}: {} wrote «{}» expecting {:?}; now {} plies, result {:?}, status {}; the bot wrote:\n{}",
                s.game,
                s.player.name,
                s.line,
                s.expect,
                after.moves.len(),
                after.result,
                after.status,
                new.iter().map(BotMail::show).collect::<Vec<_>>().join("\n")
            );
        }
        new
    }

    /// A player's own line (not a move) in reply to the last mail about
    /// `game`, arriving at 08:30 of `day`, and the tick at 09:00.
    fn write(&mut self, day: i64, who: Player, game: i64, line: &str) -> Vec<BotMail> {
        let to = self.c.last_to(who, game);
        self.reply(day, who, &to, line)
    }

    /// `who` presses Reply on `to` and writes `line`, arriving at 08:30 of
    /// `day`; then the tick at 09:00.
    fn reply(&mut self, day: i64, who: Player, to: &BotMail, line: &str) -> Vec<BotMail> {
        let when = at(day, 8, 30);
        self.c
            .post_reply_arriving(who, to, line, u64::try_from(when.timestamp()).unwrap());
        let game = to
            .game()
            .map(|g| format!(", game #{g}"))
            .unwrap_or_default();
        self.push(format!(
            "{} <{}> presses Reply{game} and writes:\n\n```text\n{}\n```\n",
            who.name, who.email, line
        ));
        self.tick(at(day, 9, 0))
    }

    /// Every mail of `new` to a director, shown; the number shown.
    fn directors(&mut self, new: &[BotMail]) -> usize {
        let mut n = 0;
        for m in new {
            if m.is_to(&JUDGE) || m.is_to(&REFEREE) {
                self.show(m);
                n += 1;
            }
        }
        n
    }

    /// The mails of `new` to `who` that contain `text`, shown; the number
    /// shown.
    fn to(&mut self, new: &[BotMail], who: Player, text: &str) -> usize {
        let picked: Vec<BotMail> = new
            .iter()
            .filter(|m| m.is_to(&who) && m.text.contains(text))
            .cloned()
            .collect();
        for m in &picked {
            self.show(m);
        }
        picked.len()
    }

    /// The bulletins among `new`: Андреев's copy (Russian) and Brown's
    /// (English) shown; the number of copies mailed.
    fn bulletins(&mut self, new: &[BotMail]) -> usize {
        let referee = std::mem::replace(&mut self.referee, false);
        let all: Vec<BotMail> = new
            .iter()
            .filter(|m| m.message_id.starts_with("zaochka.bulletin."))
            .cloned()
            .collect();
        for who in [ANDREEV, BROWN] {
            for m in all.iter().filter(|m| m.is_to(&who)) {
                self.show(m);
            }
        }
        self.referee = referee;
        all.len()
    }

    /// The transcript: every piece, or those of the time and adjudication
    /// part, the withdrawal code written as [`CODE`].
    fn text(&self, referee_only: bool) -> String {
        let pieces: Vec<&str> = self
            .pieces
            .iter()
            .filter(|p| !referee_only || p.referee)
            .map(|p| p.text.as_str())
            .collect();
        let text = pieces.join("\n");
        match &self.code {
            Some(code) => text.replace(code.as_str(), CODE),
            None => text,
        }
    }
}

/// The tournament's games, each with an empty plan (set per game below).
fn games(c: &Conversation) -> Vec<TGame> {
    let by_email = |e: &str| *PLAYERS.iter().find(|p| p.email == e).unwrap();
    linked(c, NAME)
        .iter()
        .map(|l| TGame {
            id: l.id,
            label: l.label(),
            round: l.round,
            white: by_email(&l.white_email),
            black: by_email(&l.black_email),
            match_game: l.match_game,
            ballot: None,
            plan: Plan {
                label: "",
                plies: 0,
                end: End::Cancelled,
            },
            opening_plies: 0,
            offered: false,
            directed: false,
        })
        .collect()
}

/// `plan` for the game of `a` and `b`, `loser` losing it (when it ends by
/// resignation): White resigns at once, Black after White's first move.
fn resigns(run: &mut Run, a: Player, b: Player, loser: Player) -> i64 {
    let g = run.game(a, b);
    let plan = if g.white == loser {
        Plan {
            label: "",
            plies: 0,
            end: End::BlackWins,
        }
    } else {
        Plan {
            label: "",
            plies: 1,
            end: End::WhiteWins,
        }
    };
    run.plan_mut(g.id).plan = plan;
    g.id
}

/// Sets the plies the game of `id` plays before it waits.
fn plies(run: &mut Run, id: i64, n: usize, end: End) {
    run.plan_mut(id).plan = Plan {
        label: "",
        plies: n,
        end,
    };
}

/// The eight digits after `line` in `text`.
fn code_after(text: &str, line: &str) -> String {
    let i = text.find(line).unwrap_or_else(|| panic!("{text}")) + line.len();
    let code: String = text[i..].trim_start().chars().take(8).collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{text}");
    code
}

/// Replaces the block between `<!-- KEY:begin -->` and `<!-- KEY:end -->`
/// of the document `doc` with `block` when `ZAOCHKA_WRITE_DOCS=1`, else
/// compares them.
fn keep_true(doc: &str, key: &str, block: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(doc);
    let text = std::fs::read_to_string(&path).unwrap();
    let begin = format!("<!-- {key}:begin -->\n");
    let end = format!("<!-- {key}:end -->");
    let a = text
        .find(&begin)
        .unwrap_or_else(|| panic!("{doc} has no {begin:?}"))
        + begin.len();
    let b = text
        .find(&end)
        .unwrap_or_else(|| panic!("{doc} has no {end:?}"));
    if std::env::var("ZAOCHKA_WRITE_DOCS").is_ok_and(|v| v == "1") {
        let written = format!("{}{block}{}", &text[..a], &text[b..]);
        std::fs::write(&path, written).unwrap();
        return;
    }
    let old = &text[a..b];
    if old != block {
        let line = old
            .lines()
            .zip(block.lines())
            .position(|(x, y)| x != y)
            .unwrap_or(old.lines().count().min(block.lines().count()));
        panic!(
            "the transcript in {doc} ({key}) is not this build's: first difference at its line {}:\n  doc: {:?}\n  run: {:?}\n\
             run ZAOCHKA_WRITE_DOCS=1 cargo test --test it tournament::whole_event:: to write it",
            line + 1,
            old.lines().nth(line),
            block.lines().nth(line)
        );
    }
}

#[test]
fn a_whole_round_robin_by_mail_reads_as_its_documented_transcript() {
    let started = std::time::Instant::now();
    let bot = Bot::new(Mailing::Local);
    let mut c = Conversation::new(bot, &[], &[]);
    c.players = PLAYERS.iter().chain(&[JUDGE, REFEREE]).copied().collect();
    let mut run = Run {
        c,
        games: Vec::new(),
        pieces: Vec::new(),
        referee: false,
        code: None,
        written: std::collections::HashMap::new(),
        move_tick: (9, 0),
    };
    let desk = ["--as", JUDGE.email];
    let day0 = t0();

    // Day 0: the directors, the players, the tournament, the lot, the start.
    run.moment(
        day0,
        "The directors and the players are registered; Судья makes the tournament, \
         makes Referee a second director who gets the daily digest, enters the four \
         players, draws the lot and starts it.",
    );
    for (who, extra) in [
        (JUDGE, &["--role", "referee"][..]),
        (REFEREE, &["--role", "referee", "--tz", "Europe/London"][..]),
        (ANDREEV, &[][..]),
        (BROWN, &["--tz", "Europe/London"][..]),
        (VASILIEVA, &[][..]),
        (DUNN, &["--tz", "Europe/London"][..]),
    ] {
        let mut args = vec![
            "player",
            "add",
            "--name",
            who.name,
            "--email",
            who.email,
            "--lang",
            who.lang.code(),
        ];
        args.extend(extra);
        run.console(day0, &args);
    }
    run.console(
        day0,
        &[
            &[
                "tournament",
                "new",
                NAME,
                "--variant",
                "russian",
                "--system",
                "round-robin",
                "--time-control",
                "40d/move",
                "--playing-period-days",
                "45",
                "--bulletin-every",
                "2",
            ][..],
            &desk,
        ]
        .concat(),
    );
    run.console(
        day0,
        &[
            &["tournament", "directors", "add", NAME, REFEREE.email][..],
            &desk,
        ]
        .concat(),
    );
    run.console(
        day0,
        &[
            &[
                "tournament",
                "directors",
                "mail",
                NAME,
                REFEREE.email,
                "digest",
            ][..],
            &desk,
        ]
        .concat(),
    );
    for p in PLAYERS {
        run.console(
            day0,
            &[&["tournament", "add", NAME, p.email][..], &desk].concat(),
        );
    }
    run.console(
        day0,
        &[
            &["tournament", "draw", NAME, "--seed", "5eed2027"][..],
            &desk,
        ]
        .concat(),
    );
    run.console(day0, &[&["tournament", "start", NAME][..], &desk].concat());
    run.console(day0, &["tournament", "show", NAME]);
    let new = run.tick(day0);
    run.games = games(&run.c);
    assert_eq!(run.games.len(), 6, "a round robin of 4 has 6 games");
    assert_eq!(new.len(), 12, "an invitation per player and game");

    let win = resigns(&mut run, ANDREEV, DUNN, DUNN);
    let loss = resigns(&mut run, DUNN, VASILIEVA, VASILIEVA);
    let draw = run.game(BROWN, VASILIEVA).id;
    plies(&mut run, draw, 1, End::Draw);
    let judged = run.game(ANDREEV, BROWN).id;
    plies(&mut run, judged, 0, End::Cancelled);
    let timed = run.game(BROWN, DUNN).id;
    plies(&mut run, timed, 1, End::TimeLoss);
    let withdrawn = run.game(ANDREEV, VASILIEVA).id;
    plies(&mut run, withdrawn, 2, End::Cancelled);
    // The captions below name the colours the lot of 5eed2027 gives.
    let white_of = |run: &Run, id: i64| run.games.iter().find(|g| g.id == id).unwrap().white;
    assert_eq!(
        [win, loss, draw, judged, timed, withdrawn].map(|id| white_of(&run, id)),
        [DUNN, DUNN, VASILIEVA, BROWN, BROWN, ANDREEV],
        "the colours of the lot of 5eed2027"
    );

    run.moment(
        day0,
        "The daemon mails the invitations, one per player and game (twelve); Brown's \
         first (the Russian players' read the same in Russian):",
    );
    let first = new.iter().find(|m| m.is_to(&BROWN)).unwrap().clone();
    run.show(&first);
    assert_eq!(
        run.directors(&new),
        0,
        "the directors get no mail at the start"
    );

    // Day 1: the first moves and a draw offer; Dunn resigns as White.
    plies(&mut run, judged, 1, End::Cancelled);
    run.moment(
        at(1, 9, 0),
        &format!(
            "White moves in five games, Васильева with a draw offer (game #{draw}); \
             Dunn, White against Андреев, resigns at once (game #{win})."
        ),
    );
    let all: Vec<i64> = run.games.iter().map(|g| g.id).collect();
    let ready = |run: &Run| -> Vec<i64> {
        all.iter()
            .copied()
            .filter(|id| {
                next_step(&run.c, run.games.iter().find(|g| g.id == *id).unwrap()).is_some()
            })
            .collect()
    };
    let now = ready(&run);
    let new = run.moves(1, &now);
    assert_eq!(
        stored(&run.c, win).result.as_deref(),
        Some("0-1"),
        "Dunn resigned"
    );
    assert_eq!(run.directors(&new), 0);
    run.push(format!(
        "Brown's move reaches Dunn in game #{timed} (a move notice; the other notices are \
         left out here):\n"
    ));
    let notice: Vec<BotMail> = new
        .iter()
        .filter(|m| m.is_to(&DUNN) && m.game() == Some(timed))
        .cloned()
        .collect();
    assert_eq!(notice.len(), 1, "the notice of Brown's move");
    run.show(&notice[0]);

    // Day 2: Васильева resigns, Brown accepts the draw; the first bulletin.
    plies(&mut run, judged, 2, End::Cancelled);
    run.moment(
        at(2, 9, 0),
        &format!(
            "Black answers; Васильева resigns against Dunn (game #{loss}), Brown accepts the \
             draw (game #{draw}). Three games are over, and the first bulletin goes to every \
             entrant (Андреев's copy and Brown's):"
        ),
    );
    let now = ready(&run);
    let new = run.moves(2, &now);
    assert_eq!(stored(&run.c, loss).result.as_deref(), Some("1-0"));
    assert_eq!(stored(&run.c, draw).result.as_deref(), Some("1/2-1/2"));
    assert_eq!(run.bulletins(&new), 4, "a bulletin to each of the four");
    assert_eq!(run.directors(&new), 0);

    // Day 3 and 4: Васильева withdraws by mail, confirming with the code.
    run.moment(at(3, 9, 0), "Васильева writes that she withdraws:");
    let new = run.write(3, VASILIEVA, withdrawn, "Выхожу из турнира.");
    assert_eq!(run.to(&new, VASILIEVA, "подтверждаю выход"), 1);
    let terms = new.iter().find(|m| m.is_to(&VASILIEVA)).unwrap().clone();
    let code = code_after(&terms.text, "подтверждаю выход");
    run.code = Some(code.clone());
    assert_eq!(run.directors(&new), 0, "nothing is changed yet");
    run.moment(
        at(4, 9, 0),
        "She confirms with the code; her one unfinished game is lost by forfeit. \
         Судья is told at once, Referee in the next morning's digest:",
    );
    let new = run.reply(4, VASILIEVA, &terms, &format!("Подтверждаю выход {code}"));
    assert_eq!(stored(&run.c, withdrawn).result.as_deref(), Some("1-0"));
    assert_eq!(run.to(&new, VASILIEVA, "Вы выбыли"), 1);
    assert_eq!(run.to(&new, ANDREEV, "выбыли из турнира"), 1);
    assert_eq!(run.directors(&new), 1, "the Russian director at once");

    // Day 5: the notice of Андреев's move to Brown bounces.
    run.moment(
        at(5, 9, 0),
        &format!(
            "Brown's mail server returns the notice of Андреев's move (game #{judged}): \
             Brown's clock stops. Судья gets the referees' alerts of the address and of the clock at once, \
             and the tournament's mail; Referee, on the digest, gets neither alert (the next digest tells \
             the bounce), only the digest of the withdrawal:"
        ),
    );
    let (row, id) = run.c.bot.notice_row(judged, BROWN.email);
    let report = crate::daemon::bounces::dsn(
        crate::daemon::bounces::DAEMON,
        &crate::daemon::bounces::return_path(&run.c.bot, row),
        "report-1@mail.example.test",
        BROWN.email,
        &id,
    );
    run.c.bot.deliver_at(
        900,
        &report,
        u64::try_from(at(5, 8, 30).timestamp()).unwrap(),
    );
    let new = run.tick(at(5, 9, 0));
    assert_eq!(run.c.bot.pauses(judged).len(), 1, "the clock stopped");
    // Судья's alerts of the address and of the stopped clock and the
    // tournament's bounce mail; Referee, on the digest, no alert: the
    // digest of the withdrawal only.
    assert_eq!(run.directors(&new), 4);
    assert!(
        new.iter().any(|m| m.is_to(&REFEREE)
            && m.text
                .contains("Withdrawals (the table: tournament crosstable 'Весна 2027'):")),
        "the digest gives the command with the name quoted for a shell"
    );

    // Day 6: Brown moves; his clock runs again.
    plies(&mut run, judged, 3, End::Cancelled);
    run.moment(
        at(6, 9, 0),
        "Brown writes again (his clock runs again); Referee's digest tells the bounce:",
    );
    let new = run.moves(6, &[judged]);
    assert_eq!(run.directors(&new), 1, "the digest of the bounce");

    // Days 15 to 41: Dunn is silent; the warnings, then the loss on time.
    // Dunn's clock started at 09:00 of day 1, so his warnings and his
    // deadline fall at 09:00 (the daemon's clock runs on from the time it is
    // given by a few milliseconds): the moves are read at 08:45 and the
    // warnings at 10:00, never at the instant of a threshold.
    run.move_tick = (8, 45);
    run.referee = true;
    for (day, what, moves) in [
        (
            15,
            "Dunn has been silent for 14 days; Андреев moves in game #{judged}.",
            true,
        ),
        (16, "Referee's digest:", false),
        (
            22,
            "Brown moves in game #{judged} (no mail to the directors).",
            true,
        ),
        (
            29,
            "28 days of silence; Андреев moves in game #{judged}.",
            true,
        ),
        (30, "Referee's digest:", false),
        (31, "10 days before Dunn loses on time.", false),
        (32, "Referee's digest:", false),
        (
            36,
            "35 days of silence, 5 days before the loss; Brown moves in game #{judged}.",
            true,
        ),
        (37, "Referee's digest:", false),
    ] {
        let what = what.replace("{judged}", &judged.to_string());
        let new = if moves {
            let n = run
                .games
                .iter()
                .find(|g| g.id == judged)
                .unwrap()
                .plan
                .plies
                + 1;
            plies(&mut run, judged, n, End::Cancelled);
            run.moment(at(day, 10, 0), &what);
            // The move at 08:45, the clock warnings of the day at 10:00.
            let mut new = run.moves(day, &[judged]);
            new.extend(run.tick(at(day, 10, 0)));
            new
        } else {
            run.moment(at(day, 10, 0), &what);
            run.tick(at(day, 10, 0))
        };
        let told = run.directors(&new);
        assert_eq!(told > 0, day != 22, "day {day}: {told} director mails");
    }
    // Day 40: the daemon reminds Dunn that one day is left (not shown).
    let new = run.tick(at(40, 10, 0));
    assert_eq!(run.directors(&new), 0);
    assert!(new.iter().all(|m| m.is_to(&DUNN)), "only Dunn's reminder");
    let n = run
        .games
        .iter()
        .find(|g| g.id == judged)
        .unwrap()
        .plan
        .plies
        + 1;
    plies(&mut run, judged, n, End::Cancelled);
    run.moment(
        at(41, 10, 0),
        &format!(
            "Андреев moves in game #{judged}; Dunn's 40 days run out: he loses on time. \
             Five games are over: the second bulletin goes out."
        ),
    );
    let mut new = run.moves(41, &[judged]);
    new.extend(run.tick(at(41, 10, 0)));
    assert_eq!(stored(&run.c, timed).result.as_deref(), Some("1-0"));
    assert_eq!(
        run.to(&new, DUNN, "the game is lost on time"),
        1,
        "Dunn is told"
    );
    assert_eq!(
        run.directors(&new),
        0,
        "a loss on time is no director's event"
    );
    assert_eq!(run.bulletins(&new), 4);

    // Day 45: the playing period ends; the claims; the ruling by mail.
    run.moment(
        at(45, 10, 0),
        &format!(
            "The playing period of 45 days is over: game #{judged} is frozen and goes to \
             adjudication. Both players are asked for their claims; Судья is told at once:"
        ),
    );
    let new = run.tick(at(45, 10, 0));
    assert_eq!(
        stored(&run.c, judged).status,
        "paused",
        "the game is frozen"
    );
    assert_eq!(run.to(&new, ANDREEV, ""), 1);
    assert_eq!(run.to(&new, BROWN, ""), 1);
    assert_eq!(run.directors(&new), 1);
    run.moment(
        at(46, 9, 0),
        "The claims: Андреев claims a win, Brown a draw. They disagree, and the game waits \
         for the directors' ruling; Referee's digest tells the end of the period:",
    );
    let a = run.c.last_to(ANDREEV, judged);
    run.c.post_reply_arriving(
        ANDREEV,
        &a,
        "Требую победу.\nАнализ: после 5. c3-b4 a5:c3 6. d2:b4 у белых слаб левый фланг, чёрные выигрывают шашку.",
        u64::try_from(at(46, 8, 20).timestamp()).unwrap(),
    );
    let b = run.c.last_to(BROWN, judged);
    run.c.post_reply_arriving(
        BROWN,
        &b,
        "claim draw\nanalysis: after 5. c3-b4 a5:c3 6. d2:b4 the position is level; no win for Black.",
        u64::try_from(at(46, 8, 25).timestamp()).unwrap(),
    );
    run.lines_in(&[
        (
            ANDREEV,
            judged,
            "Требую победу.\nАнализ: после 5. c3-b4 a5:c3 6. d2:b4 у белых слаб левый фланг, чёрные выигрывают шашку.".into(),
        ),
        (
            BROWN,
            judged,
            "claim draw\nanalysis: after 5. c3-b4 a5:c3 6. d2:b4 the position is level; no win for Black.".into(),
        ),
    ]);
    let new = run.tick(at(46, 9, 0));
    assert_eq!(
        run.directors(&new),
        2,
        "the disagreement to Судья, the digest to Referee"
    );
    let waits = new
        .iter()
        .find(|m| m.is_to(&JUDGE))
        .expect("Судья is told")
        .clone();
    run.moment(
        at(47, 9, 0),
        "Судья presses Reply on that mail and rules; the game ends, and with it the \
         tournament: the players, the directors and the entrants (the final bulletin) are told.",
    );
    let new = run.reply(
        47,
        JUDGE,
        &waits,
        &format!("присудить #{judged} ничья\nпричина: материал равный, выигрыша у чёрных нет"),
    );
    assert_eq!(stored(&run.c, judged).result.as_deref(), Some("1/2-1/2"));
    let ruled: Vec<BotMail> = new
        .iter()
        .filter(|m| {
            (m.is_to(&ANDREEV) || m.is_to(&BROWN)) && !m.message_id.starts_with("zaochka.bulletin.")
        })
        .cloned()
        .collect();
    assert_eq!(ruled.len(), 2, "both players told of the ruling");
    for m in &ruled {
        run.show(m);
    }
    assert_eq!(
        run.directors(&new),
        3,
        "to Судья the tournament's end and the answer, to Referee the digest"
    );
    run.push("The final bulletin:\n".into());
    assert_eq!(run.bulletins(&new), 4);
    run.moment(at(48, 10, 0), "Referee's last digest:");
    let new = run.tick(at(48, 10, 0));
    assert_eq!(run.directors(&new), 1);
    let new = run.tick(at(49, 10, 0));
    assert_eq!(new.len(), 0, "nothing more: {:#?}", new);

    keep_true("docs/tournaments.md", "whole-event", &run.text(false));
    keep_true("docs/referee.md", "whole-event-referee", &run.text(true));
    assert!(
        started.elapsed() < std::time::Duration::from_secs(60),
        "the whole event ran in {:?}",
        started.elapsed()
    );
}

/// `zaochka --db FILE ARGS` in `dir` at `now`, asserting success: the
/// output.
fn console_at(dir: &std::path::Path, now: &str, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .arg("--db")
        .arg(dir.join("zaochka.db"))
        .args(args)
        .current_dir(dir)
        .env("ZAOCHKA_NOW", now)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "zaochka {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_documented_console_session_of_a_micro_match_tournament_is_this_builds_output() {
    let dir = tempfile::tempdir().unwrap();
    let now = "2026-12-01T10:00:00Z";
    // The entrants and the director, registered before the session shown.
    for (name, email, extra) in [
        ("Иванов И.", "ivanov@club.example", &[][..]),
        ("Петров П.", "petrov@club.example", &[][..]),
        ("Сидоров С.", "sidorov@club.example", &[][..]),
        ("Smith J.", "smith@club.example", &["--lang", "en"][..]),
        ("Судья", "judge@club.example", &["--role", "referee"][..]),
    ] {
        let args = [
            &["player", "add", "--name", name, "--email", email][..],
            extra,
        ]
        .concat();
        console_at(dir.path(), now, &args);
    }
    let name = "Кубок клуба 2027";
    let desk = ["--as", "judge@club.example"];
    let mut session: Vec<Vec<&str>> = vec![
        [
            &[
                "tournament",
                "new",
                name,
                "--variant",
                "russian",
                "--system",
                "micro-match",
                "--ballot",
                "idf64",
                "--scoring",
                "fmjd",
                "--time-control",
                "10/50",
                "--leave-days",
                "30",
                "--playing-period-days",
                "365",
                "--tie-breaks",
                "russian",
            ][..],
            &desk,
        ]
        .concat(),
    ];
    for who in [
        "ivanov@club.example",
        "petrov@club.example",
        "sidorov@club.example",
        "smith@club.example",
    ] {
        session.push([&["tournament", "add", name, who][..], &desk].concat());
    }
    session.extend([
        [
            &["tournament", "draw", name, "--seed", "5eed2027"][..],
            &desk,
        ]
        .concat(),
        [&["tournament", "start", name][..], &desk].concat(),
        vec!["tournament", "show", name],
        [&[
            "referee",
            "forfeit",
            "3",
            "black",
            "--as",
            "judge@club.example",
            "--reason",
            "no move in 40 days (silent withdrawal)",
        ][..]]
        .concat(),
        vec![
            "referee",
            "adjudicate",
            "1",
            "1/2-1/2",
            "--as",
            "judge@club.example",
            "--reason",
            "agreed by both players by telephone",
        ],
        vec!["tournament", "crosstable", name, "--lang", "en"],
        vec!["tournament", "crosstable", name, "--lang", "ru"],
        vec!["tournament", "export", name, "--output", "cup.pdn"],
    ]);
    let mut text = String::from("```text\n");
    for args in &session {
        let out = console_at(dir.path(), now, args);
        text.push_str(&format!("$ zaochka {}\n{out}\n", shell(args)));
    }
    let pdn = std::fs::read_to_string(dir.path().join("cup.pdn")).unwrap();
    // The record without the signed receipts (their key is the database's
    // own, so they differ in every database), as the `sed` shown prints it:
    // the lines of the `Zaochka…` tags dropped, each ` [%zrc …]` cut.
    let mut shown = Vec::new();
    for line in pdn.lines().filter(|l| !l.starts_with("[Zaochka")) {
        let mut line = line.to_string();
        while let Some(a) = line.find(" [%zrc ") {
            let b = a + line[a..].find(']').unwrap();
            line.replace_range(a..=b, "");
        }
        shown.push(line);
    }
    // The first game: the one the session adjudicated.
    let end = shown.iter().position(|l| l == "1/2-1/2").unwrap();
    let first = &shown[..=end];
    assert!(
        first.contains(&"[Termination \"adjudication\"]".to_string()),
        "{first:?}"
    );
    text.push_str(&format!(
        "$ sed -e '/^\\[Zaochka/d' -e 's/ \\[%zrc [^]]*\\]//g' cup.pdn | head -n {}\n{}\n```\n",
        first.len(),
        first.join("\n")
    ));
    keep_true("docs/tournaments.md", "console-session", &text);
}
