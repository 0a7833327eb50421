//! A conversation by mail with the daemon, as players see it: every mail the bot
//! writes is read back from the files outbox (`.eml`, parsed with mail-parser),
//! players answer by "Reply" exactly as a mail client does, and reusable checks
//! say what is wrong with a bot mail, quoting the mail.
//!
//! The checks collect [`Failure`]s instead of panicking, so that one run lists
//! every gap (grouped by check, a few examples each); [`Failures::assert_none`]
//! fails the test at the end with that list.
//!
//! Nothing here knows the format of the bot's reply addresses or tokens: the
//! addresses are read from the bot's own mails (`Reply-To`, else `From`).
#![allow(dead_code)]

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use super::daemon::{Bot, GameNew};

/// The bot's bare address in these tests (see `Bot::new`).
pub const BOT_ADDRESS: &str = "bot@example.test";
/// The bot's mail domain.
pub const BOT_DOMAIN: &str = "example.test";

/// A reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Ru,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }
}

/// A registered player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    pub name: &'static str,
    pub email: &'static str,
    pub lang: Lang,
}

impl Player {
    /// The player `name` at `email` who writes in `lang`.
    pub const fn new(name: &'static str, email: &'static str, lang: Lang) -> Player {
        Player { name, email, lang }
    }

    /// `player add` for this player.
    pub fn register(&self, bot: &Bot) {
        bot.ok(&[
            "player",
            "add",
            "--name",
            self.name,
            "--email",
            self.email,
            "--lang",
            self.lang.code(),
        ]);
    }

    pub fn mailbox(&self) -> String {
        format!("{} <{}>", self.name, self.email)
    }
}

/// Which game a test game is, and how its mails must be titled.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub id: i64,
    /// `--variant` code.
    pub variant: &'static str,
    /// Accepted names of the variant in English subjects.
    pub names_en: &'static [&'static str],
    /// Accepted names of the variant in Russian subjects.
    pub names_ru: &'static [&'static str],
    pub white: Player,
    pub black: Player,
    /// `--time-control`, if any (clocks, deadlines and reminders in the mails).
    pub time_control: Option<&'static str>,
}

impl GameSpec {
    pub fn chess(&self) -> bool {
        self.variant == "chess"
    }

    /// `game new` (games are numbered 1, 2, ... in the order they are started).
    pub fn start(&self, bot: &Bot) {
        self.start_from(bot, None);
    }

    /// [`GameSpec::start`] from a position given as FEN (`None`: the initial one).
    pub fn start_from(&self, bot: &Bot, fen: Option<&str>) {
        let args = GameNew {
            variant: self.variant,
            white: self.white.email,
            black: self.black.email,
            control: self.time_control,
            fen,
            opening: None,
        }
        .args();
        // Started two days ago: `Bot::deliver` dates the players' mails from a
        // day ago on, and a move may not precede the clock's start.
        let started = (chrono::Utc::now() - chrono::Duration::days(2)).to_rfc3339();
        let out = bot
            .command()
            .env("ZAOCHKA_NOW", &started)
            .args(&args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "zaochka {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Every Subject this game's mails may carry for a reader (without `Re: `):
    /// `[zaochka #N] <variant name in the reader's language>: <White> – <Black>`.
    pub fn subjects(&self, lang: Lang) -> Vec<String> {
        let names = match lang {
            Lang::En => self.names_en,
            Lang::Ru => self.names_ru,
        };
        names
            .iter()
            .map(|n| {
                format!(
                    "[zaochka #{}] {n}: {} – {}",
                    self.id, self.white.name, self.black.name
                )
            })
            .collect()
    }

    pub fn plays(&self, email: &str) -> bool {
        self.white.email.eq_ignore_ascii_case(email) || self.black.email.eq_ignore_ascii_case(email)
    }
}

/// One mail the bot wrote, parsed from its `.eml` file.
#[derive(Clone, Debug)]
pub struct BotMail {
    /// The file name in the outbox.
    pub file: String,
    /// Outbox row (order of writing); `i64::MAX` when the row is not found.
    pub row: i64,
    /// Index of the player's mail (in [`Conversation::sent`]) whose processing
    /// produced this mail, `None` for mails not caused by a player's mail.
    pub step: Option<usize>,
    pub raw: String,
    pub from: Vec<String>,
    pub reply_to: Vec<String>,
    pub to: Vec<String>,
    pub subject: String,
    pub message_id: String,
    pub in_reply_to: Vec<String>,
    pub references: Vec<String>,
    pub text: String,
    pub html: Option<String>,
    /// Inline image parts (the board PNG): (Content-ID without `<>`, bytes).
    pub images: Vec<(String, Vec<u8>)>,
    /// The outbox row's game, if the database says (used only when the Subject
    /// carries no `#N`).
    pub db_game: Option<i64>,
}

fn clean_id(id: &str) -> String {
    id.trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string()
}

fn ids(v: &mail_parser::HeaderValue<'_>) -> Vec<String> {
    use mail_parser::HeaderValue;
    match v {
        HeaderValue::Text(t) => t.split_whitespace().map(clean_id).collect(),
        HeaderValue::TextList(l) => l.iter().map(|t| clean_id(t)).collect(),
        _ => Vec::new(),
    }
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect()
}

fn addresses(a: Option<&mail_parser::Address<'_>>) -> Vec<String> {
    a.map(|a| {
        a.iter()
            .filter_map(|x| x.address().map(|s| s.trim().to_lowercase()))
            .collect()
    })
    .unwrap_or_default()
}

impl BotMail {
    /// Parses an `.eml` file of the files outbox.
    pub fn parse(file: &str, raw: &str) -> BotMail {
        use mail_parser::MimeHeaders;
        let m = mail_parser::MessageParser::default()
            .parse(raw.as_bytes())
            .unwrap_or_else(|| panic!("the bot wrote an unreadable mail {file}:\n{raw}"));
        let mut images = Vec::new();
        for part in m.parts.iter() {
            let is_image = part
                .content_type()
                .is_some_and(|ct| ct.ctype().eq_ignore_ascii_case("image"));
            if is_image {
                let cid = part.content_id().map(clean_id).unwrap_or_default();
                images.push((cid, part.contents().to_vec()));
            }
        }
        BotMail {
            file: file.to_string(),
            row: i64::MAX,
            step: None,
            raw: raw.to_string(),
            from: addresses(m.from()),
            reply_to: addresses(m.reply_to()),
            to: addresses(m.to()),
            subject: m.subject().unwrap_or_default().to_string(),
            message_id: m.message_id().map(clean_id).unwrap_or_default(),
            in_reply_to: ids(m.in_reply_to()),
            references: ids(m.references()),
            text: m.body_text(0).map(|t| t.into_owned()).unwrap_or_default(),
            // Only a real text/html part (mail-parser makes one up from the
            // text otherwise).
            html: m
                .parts
                .iter()
                .find(|p| {
                    p.content_type().is_some_and(|ct| {
                        ct.ctype().eq_ignore_ascii_case("text")
                            && ct.subtype().is_some_and(|s| s.eq_ignore_ascii_case("html"))
                    })
                })
                .and_then(|p| p.text_contents().map(str::to_string)),
            images,
            db_game: None,
        }
    }

    /// The address "Reply" answers to: `Reply-To` if present, else `From`.
    pub fn reply_address(&self) -> String {
        self.reply_to
            .first()
            .or(self.from.first())
            .cloned()
            .unwrap_or_default()
    }

    /// The single recipient.
    pub fn recipient(&self) -> &str {
        self.to.first().map_or("", String::as_str)
    }

    pub fn is_to(&self, p: &Player) -> bool {
        self.to.iter().any(|t| t.eq_ignore_ascii_case(p.email))
    }

    /// The Subject without `Re: ` prefixes.
    pub fn bare_subject(&self) -> &str {
        let mut s = self.subject.trim();
        loop {
            let lower = s.to_lowercase();
            if lower.starts_with("re:") {
                s = s[3..].trim_start();
            } else if lower.starts_with("re :") {
                s = s[4..].trim_start();
            } else {
                return s;
            }
        }
    }

    /// The game this mail is about: the `#N` of the Subject's `[zaochka #N]`
    /// tag, else the outbox row's game.
    pub fn game(&self) -> Option<i64> {
        subject_game(&self.subject).or(self.db_game)
    }

    /// Everything a reader sees: Subject, plain text, HTML text and picture
    /// descriptions.
    pub fn visible(&self) -> String {
        let mut s = format!("Subject: {}\n{}\n", self.subject, self.text);
        if let Some(h) = &self.html {
            s.push_str(&html_text(h));
            s.push('\n');
            for alt in img_alts(h) {
                s.push_str(&alt);
                s.push('\n');
            }
            if let Some(t) = html_title(h) {
                s.push_str(&t);
                s.push('\n');
            }
        }
        s
    }

    /// A short form of the mail for failure messages.
    pub fn show(&self) -> String {
        let mut s = format!(
            "---- {} (row {}) ----\nFrom: {:?}\nReply-To: {:?}\nTo: {:?}\nSubject: {}\nMessage-ID: {}\nIn-Reply-To: {:?}\nReferences: {:?}\n\n{}",
            self.file,
            self.row,
            self.from,
            self.reply_to,
            self.to,
            self.subject,
            self.message_id,
            self.in_reply_to,
            self.references,
            self.text.trim_end()
        );
        s.push_str("\n----");
        s
    }
}

/// `N` of a `[zaochka #N]` tag in a Subject.
pub fn subject_game(subject: &str) -> Option<i64> {
    let i = subject.find("[zaochka #")?;
    let rest = &subject[i + "[zaochka #".len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// A mail a player sends.
#[derive(Clone, Debug)]
pub struct PlayerMail {
    pub from: String,
    pub to: String,
    pub subject: String,
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub body: String,
    /// Extra header lines (`Sender: ...`, `Return-Path: ...`).
    pub extra_headers: Vec<String>,
}

impl PlayerMail {
    pub fn render(&self) -> String {
        let mut h = format!(
            "From: {}\nTo: {}\nSubject: {}\nMessage-ID: <{}>\nDate: Tue, 01 Dec 2026 12:00:00 +0000\n",
            self.from, self.to, self.subject, self.message_id
        );
        if let Some(id) = &self.in_reply_to {
            h.push_str(&format!("In-Reply-To: <{id}>\n"));
        }
        if !self.references.is_empty() {
            let refs: Vec<String> = self.references.iter().map(|r| format!("<{r}>")).collect();
            h.push_str(&format!("References: {}\n", refs.join(" ")));
        }
        for x in &self.extra_headers {
            h.push_str(x);
            h.push('\n');
        }
        h.push_str(
            "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n",
        );
        h.push_str(&self.body);
        h.push('\n');
        h
    }

    /// What a mail client makes of "Reply" on a bot mail, with `line` written
    /// above the quote: To = the mail's Reply-To (else From), Subject `Re: `,
    /// In-Reply-To / References from the mail, the mail quoted with `> `.
    pub fn reply(player: &Player, to: &BotMail, line: &str, message_id: &str) -> PlayerMail {
        let subject = if to.subject.to_lowercase().starts_with("re:") {
            to.subject.clone()
        } else {
            format!("Re: {}", to.subject)
        };
        let mut references = to.references.clone();
        if !to.message_id.is_empty() {
            references.push(to.message_id.clone());
        }
        let quoted: Vec<String> = to
            .text
            .lines()
            .map(|l| {
                if l.is_empty() {
                    ">".to_string()
                } else {
                    format!("> {l}")
                }
            })
            .collect();
        let body = format!(
            "{line}\n\nOn Tue, 1 Dec 2026 at 12:00, zaochka <{}> wrote:\n{}\n",
            to.reply_address(),
            quoted.join("\n")
        );
        PlayerMail {
            from: player.mailbox(),
            to: to.reply_address(),
            subject,
            message_id: message_id.to_string(),
            in_reply_to: (!to.message_id.is_empty()).then(|| to.message_id.clone()),
            references,
            body,
            extra_headers: Vec::new(),
        }
    }

    /// The sender's address, lower case.
    pub fn sender(&self) -> String {
        let f = &self.from;
        match (f.find('<'), f.find('>')) {
            (Some(a), Some(b)) if a < b => f[a + 1..b].trim().to_lowercase(),
            _ => f.trim().to_lowercase(),
        }
    }
}

/// A failed check: its name and the message (with the offending mail).
#[derive(Clone, Debug)]
pub struct Failure {
    pub check: &'static str,
    pub message: String,
}

/// Failures gathered over a whole test, reported grouped by check.
#[derive(Default)]
pub struct Failures {
    pub list: Vec<Failure>,
}

impl Failures {
    pub fn add(&mut self, check: &'static str, message: impl Into<String>) {
        self.list.push(Failure {
            check,
            message: message.into(),
        });
    }

    pub fn extend(&mut self, v: Vec<Failure>) {
        self.list.extend(v);
    }

    /// Fails with every failure, grouped by check (the first few in full).
    pub fn assert_none(&self) {
        if self.list.is_empty() {
            return;
        }
        let mut by: BTreeMap<&str, Vec<&Failure>> = BTreeMap::new();
        for f in &self.list {
            by.entry(f.check).or_default().push(f);
        }
        let mut out = format!(
            "{} failed checks in {} groups:\n",
            self.list.len(),
            by.len()
        );
        for (check, fs) in &by {
            out.push_str(&format!("  {check}: {}\n", fs.len()));
        }
        let shown: usize = std::env::var("ZAOCHKA_SHOW_FAILURES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3);
        for (check, fs) in &by {
            out.push_str(&format!(
                "\n==================== {check} ({} failures) ====================\n",
                fs.len()
            ));
            for f in fs.iter().take(shown) {
                out.push_str(&f.message);
                out.push_str("\n\n");
            }
            if fs.len() > shown {
                out.push_str(&format!("... and {} more\n", fs.len() - shown));
            }
        }
        panic!("{out}");
    }
}

fn fail(check: &'static str, mail: &BotMail, what: impl std::fmt::Display) -> Failure {
    Failure {
        check,
        message: format!("{what}\n{}", mail.show()),
    }
}

/// The daemon with the players' mails and everything the bot wrote, in order.
pub struct Conversation {
    pub bot: Bot,
    pub players: Vec<Player>,
    pub games: Vec<GameSpec>,
    /// Mails the players sent, in order.
    pub sent: Vec<PlayerMail>,
    /// Every bot mail, in the order written.
    pub mails: Vec<BotMail>,
    /// Failures of the conversation's own steps (a move not applied, ...).
    pub failures: Failures,
    seen: HashSet<PathBuf>,
    seq: usize,
    ids: usize,
}

impl Conversation {
    pub fn new(bot: Bot, players: &[Player], referees: &[Player]) -> Conversation {
        for p in players {
            p.register(&bot);
        }
        for r in referees {
            bot.ok(&[
                "player",
                "add",
                "--name",
                r.name,
                "--email",
                r.email,
                "--role",
                "referee",
                "--lang",
                r.lang.code(),
            ]);
        }
        Conversation {
            bot,
            players: players.iter().chain(referees).copied().collect(),
            games: Vec::new(),
            sent: Vec::new(),
            mails: Vec::new(),
            failures: Failures::default(),
            seen: HashSet::new(),
            seq: 0,
            ids: 0,
        }
    }

    pub fn start(&mut self, game: GameSpec) {
        game.start(&self.bot);
        self.games.push(game);
    }

    pub fn game(&self, id: i64) -> &GameSpec {
        self.games.iter().find(|g| g.id == id).expect("a test game")
    }

    pub fn player(&self, email: &str) -> Option<&Player> {
        self.players
            .iter()
            .find(|p| p.email.eq_ignore_ascii_case(email))
    }

    /// One daemon cycle; returns the mails it wrote (in outbox order).
    pub fn serve(&mut self, step: Option<usize>) -> Vec<BotMail> {
        self.bot.serve_once();
        self.collect(step)
    }

    /// One daemon cycle on a daemon clock started at `at` (`ZAOCHKA_NOW`);
    /// returns the mails it wrote (in outbox order).
    pub fn serve_at(&mut self, at: chrono::DateTime<chrono::Utc>) -> Vec<BotMail> {
        self.bot.serve_once_at(at);
        self.collect(None)
    }

    /// [`Conversation::post_reply`] whose mail reaches the bot's mailbox at
    /// `unix_seconds` (the Maildir file time), without running a cycle.
    pub fn post_reply_arriving(
        &mut self,
        player: Player,
        to: &BotMail,
        line: &str,
        unix_seconds: u64,
    ) {
        let id = self.next_id();
        let mail = PlayerMail::reply(&player, to, line, &id);
        self.bot.deliver_at(self.seq, &mail.render(), unix_seconds);
        self.seq += 1;
        self.sent.push(mail);
    }

    /// The outbox's `.eml` files not read yet, parsed, in outbox order, and
    /// kept in [`Conversation::mails`].
    fn collect(&mut self, step: Option<usize>) -> Vec<BotMail> {
        let dir = self.bot.path().join("mail/outbox");
        let mut new = Vec::new();
        if let Ok(rd) = std::fs::read_dir(&dir) {
            let mut paths: Vec<PathBuf> = rd
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "eml"))
                .collect();
            paths.sort();
            for p in paths {
                if self.seen.insert(p.clone()) {
                    let raw = std::fs::read_to_string(&p).unwrap();
                    let name = p.file_name().unwrap().to_string_lossy().into_owned();
                    let mut m = BotMail::parse(&name, &raw);
                    m.step = step;
                    let db = self.bot.db();
                    if let Ok((row, game)) = db.query_row(
                        "SELECT id, game_id FROM outbox WHERE message_id = ?1",
                        [&m.message_id],
                        |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Option<i64>>(1)?)),
                    ) {
                        m.row = row;
                        m.db_game = game;
                    }
                    new.push(m);
                }
            }
        }
        new.sort_by_key(|m| m.row);
        self.mails.extend(new.iter().cloned());
        new
    }

    fn next_id(&mut self) -> String {
        self.ids += 1;
        format!("player-{}.{}@players.test", self.ids, self.seq)
    }

    /// Delivers a player's mail, runs one cycle, returns the bot's new mails.
    pub fn send(&mut self, mail: PlayerMail) -> Vec<BotMail> {
        let step = self.sent.len();
        self.bot.deliver(self.seq, &mail.render());
        self.seq += 1;
        self.sent.push(mail);
        self.serve(Some(step))
    }

    /// Delivers a player's mail without running a cycle: several players' mails
    /// can wait in the inbox and one [`Conversation::serve`] takes them all, as
    /// the daemon does with the mail of a whole tournament round.
    pub fn post(&mut self, mail: PlayerMail) {
        self.bot.deliver(self.seq, &mail.render());
        self.seq += 1;
        self.sent.push(mail);
    }

    /// [`Conversation::post`] of a "Reply" on `to` with `line` above the quote.
    pub fn post_reply(&mut self, player: Player, to: &BotMail, line: &str) {
        let id = self.next_id();
        self.post(PlayerMail::reply(&player, to, line, &id));
    }

    /// Presses "Reply" on `to` and writes `line` above the quote.
    pub fn reply(&mut self, player: Player, to: &BotMail, line: &str) -> Vec<BotMail> {
        let id = self.next_id();
        self.send(PlayerMail::reply(&player, to, line, &id))
    }

    /// [`Conversation::reply`] whose mail reaches the bot's mailbox at
    /// `unix_seconds` (the Maildir file time: the arrival the clock charges).
    pub fn reply_arriving(
        &mut self,
        player: Player,
        to: &BotMail,
        line: &str,
        unix_seconds: u64,
    ) -> Vec<BotMail> {
        let id = self.next_id();
        let mail = PlayerMail::reply(&player, to, line, &id);
        let step = self.sent.len();
        self.bot.deliver_at(self.seq, &mail.render(), unix_seconds);
        self.seq += 1;
        self.sent.push(mail);
        self.serve(Some(step))
    }

    /// A fresh mail (not a reply) from a player.
    pub fn write(&mut self, player: Player, to: &str, subject: &str, body: &str) -> Vec<BotMail> {
        let id = self.next_id();
        self.send(PlayerMail {
            from: player.mailbox(),
            to: to.to_string(),
            subject: subject.to_string(),
            message_id: id,
            in_reply_to: None,
            references: Vec::new(),
            body: body.to_string(),
            extra_headers: Vec::new(),
        })
    }

    /// The mails to a player (about `game`, or not about a game with `None`).
    pub fn thread(&self, p: Player, game: Option<i64>) -> Vec<&BotMail> {
        self.mails
            .iter()
            .filter(|m| m.is_to(&p) && m.game() == game)
            .collect()
    }

    /// The last mail to a player about a game.
    pub fn last_to(&self, p: Player, game: i64) -> BotMail {
        self.thread(p, Some(game))
            .last()
            .map(|m| (*m).clone())
            .unwrap_or_else(|| panic!("no mail to {} about game #{game}", p.email))
    }

    /// The first mail of the thread of a player and a game (the invitation):
    /// its personal reply address.
    pub fn personal_address(&self, p: Player, game: i64) -> Option<String> {
        self.thread(p, Some(game))
            .first()
            .map(|m| m.reply_address())
            .filter(|a| !a.eq_ignore_ascii_case(BOT_ADDRESS))
    }
}

// ---------------------------------------------------------------------------
// Text helpers.

/// The text of an HTML document as a reader sees it (tags dropped, entities
/// decoded, `<head>` left out).
pub fn html_text(html: &str) -> String {
    let body = match (html.find("<body"), html.rfind("</body>")) {
        (Some(a), Some(b)) if a < b => &html[a..b],
        _ => html,
    };
    decode_entities(&strip_tags(body))
}

/// The HTML text with every `<pre>...</pre>` block left out.
pub fn html_text_outside_pre(html: &str) -> String {
    let mut s = String::new();
    let mut rest = html;
    loop {
        let lower = rest.to_ascii_lowercase();
        match lower.find("<pre") {
            Some(a) => {
                s.push_str(&rest[..a]);
                match lower[a..].find("</pre>") {
                    Some(b) => rest = &rest[a + b + "</pre>".len()..],
                    None => break,
                }
            }
            None => {
                s.push_str(rest);
                break;
            }
        }
    }
    html_text(&s)
}

fn strip_tags(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find('>') else {
            rest = "";
            break;
        };
        let tag = rest[i + 1..i + j]
            .trim_start_matches('/')
            .to_ascii_lowercase();
        let name: String = tag
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        let block = matches!(
            name.as_str(),
            "br" | "p"
                | "div"
                | "pre"
                | "tr"
                | "li"
                | "ul"
                | "ol"
                | "table"
                | "h1"
                | "h2"
                | "h3"
                | "h4"
                | "h5"
                | "h6"
                | "hr"
                | "blockquote"
        );
        out.push(if block { '\n' } else { ' ' });
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    out
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let Some(j) = tail
            .char_indices()
            .take(12)
            .find(|&(_, c)| c == ';')
            .map(|(k, _)| k)
        else {
            out.push('&');
            rest = &tail[1..];
            continue;
        };
        let ent = &tail[1..j];
        let ch = match ent {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            e if e.starts_with("#x") || e.starts_with("#X") => u32::from_str_radix(&e[2..], 16)
                .ok()
                .and_then(char::from_u32),
            e if e.starts_with('#') => e[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match ch {
            Some(c) => {
                out.push(c);
                rest = &tail[j + 1..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The `alt` of every `<img>`, decoded (`None` for an image without one).
pub fn img_alts(html: &str) -> Vec<String> {
    imgs(html)
        .into_iter()
        .map(|attrs| attr(&attrs, "alt").unwrap_or_default())
        .collect()
}

/// The attribute text of every `<img ...>` tag.
pub fn imgs(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let lower = html.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find("<img") {
        let a = from + i;
        let Some(b) = html[a..].find('>') else { break };
        out.push(html[a + 4..a + b].to_string());
        from = a + b;
    }
    out
}

/// An attribute's value in a tag's attribute text.
pub fn attr(attrs: &str, name: &str) -> Option<String> {
    let lower = attrs.to_ascii_lowercase();
    let key = format!("{name}=\"");
    let mut from = 0;
    while let Some(i) = lower[from..].find(&key) {
        let a = from + i;
        let before = lower[..a].chars().last();
        if before.is_none_or(|c| c.is_whitespace()) {
            let v = &attrs[a + key.len()..];
            let end = v.find('"')?;
            return Some(decode_entities(&v[..end]));
        }
        from = a + key.len();
    }
    None
}

fn html_title(html: &str) -> Option<String> {
    let a = html.find("<title>")? + "<title>".len();
    let b = html[a..].find("</title>")? + a;
    Some(decode_entities(&html[a..b]))
}

/// Characters that only a drawn board holds: box drawing, draughts men and
/// kings, chess pieces.
pub fn is_board_char(c: char) -> bool {
    ('\u{2500}'..='\u{257F}').contains(&c) || "○◎●◉♔♕♖♗♘♙♚♛♜♝♞♟".contains(c)
}

/// The lines of `text` that belong to a drawn board (a board character, or a
/// row of file letters `a b c d e f g h`).
pub fn board_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| {
            let squeezed: String = l.split_whitespace().collect::<Vec<_>>().join(" ");
            l.chars().any(is_board_char)
                || squeezed.contains("a b c d e f g h")
                || squeezed.contains("h g f e d c b a")
        })
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// Words of Latin letters in `text`, with their surroundings dropped: a token
/// that holds a digit (a move, a square, a date: `c3-d4`, `Nf3`, `e4`, `14d`)
/// is not a word; hyphenated tokens are checked whole and by parts.
pub fn latin_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let joins = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '\'' || c == '_';
        if c.is_ascii_alphanumeric() {
            let start = i;
            while i < chars.len() && (joins(chars[i]) || chars[i].is_alphanumeric()) {
                i += 1;
            }
            let token: String = chars[start..i].iter().collect();
            let token = token.trim_matches(['-', '\'']).to_string();
            if token.chars().any(|c| c.is_ascii_digit()) {
                continue;
            }
            if token.chars().any(|c| c.is_alphabetic() && !c.is_ascii()) {
                // Cyrillic and Latin glued together (Фh5 has a digit; a word
                // such as «Кр» is Russian).
                continue;
            }
            out.push(token.to_lowercase());
            if token.contains('-') {
                out.extend(token.split('-').map(str::to_lowercase));
            }
        } else {
            i += 1;
        }
    }
    out
}

/// English words no Russian mail may hold (matched as whole words, any case).
/// Move notation, addresses, Message-IDs, the `[zaochka #N]` tag and the
/// product name, and the players' names are removed before matching.
pub const ENGLISH_WORDS: &[&str] = &[
    "white",
    "black",
    "move",
    "moves",
    "moved",
    "draw",
    "drawn",
    "draws",
    "game",
    "games",
    "resign",
    "resigns",
    "resigned",
    "resignation",
    "agreement",
    "agreed",
    "adjourned",
    "active",
    "finished",
    "over",
    "russian",
    "chess",
    "bashni",
    "lasca",
    "international",
    "draughts",
    "checkers",
    "column",
    "clock",
    "clocks",
    "running",
    "stopped",
    "reminder",
    "reminders",
    "silence",
    "time",
    "timeout",
    "time-out",
    "help",
    "history",
    "leave",
    "status",
    "accept",
    "accepted",
    "decline",
    "declined",
    "offer",
    "offers",
    "offered",
    "claim",
    "claimed",
    "the",
    "is",
    "are",
    "was",
    "not",
    "and",
    "or",
    "of",
    "to",
    "your",
    "you",
    "win",
    "wins",
    "won",
    "lost",
    "loss",
    "result",
    "score",
    "left",
    "used",
    "day",
    "days",
    "hour",
    "hours",
    "deadline",
    "next",
    "due",
    "mail",
    "reply",
    "player",
    "opponent",
    "position",
    "board",
    "last",
    "played",
    "stale",
    "illegal",
    "capture",
    "check",
    "mate",
    "checkmate",
    "stalemate",
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "pawn",
    "nothing",
    "changed",
    "with",
    "for",
    "from",
    "by",
    "in",
    "on",
    "at",
    "no",
    "yes",
    "none",
    "please",
    "write",
    "send",
    "pending",
];

/// Internal names (enum and variant codes) that must never reach a player in
/// quotes: `"russian"`, `"resignation"`.
pub const INTERNAL_NAMES: &[&str] = &[
    "russian",
    "international",
    "bashni",
    "lasca",
    "chess",
    "active",
    "finished",
    "adjourned",
    "annulled",
    "resignation",
    "agreement",
    "timeout",
    "checkmate",
    "stalemate",
    "pending",
    "applied",
    "refused",
    "rejected",
];

/// `text` with addresses, Message-IDs, the product name and these names removed.
pub fn without_addresses_and_names(text: &str, names: &[&str]) -> String {
    let mut kept: Vec<String> = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line
            .split_whitespace()
            .filter(|w| !w.contains('@') && !w.contains("://"))
            .collect();
        kept.push(words.join(" "));
    }
    let mut s = kept.join("\n");
    for n in names {
        s = s.replace(n, "…");
    }
    // The product name (also in the `[zaochka #N]` tag) and the reply prefix.
    let mut out = String::new();
    for line in s.lines() {
        let l = line
            .split(' ')
            .filter(|w| {
                let t = w
                    .trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase();
                t != "zaochka" && t != "re"
            })
            .collect::<Vec<_>>()
            .join(" ");
        out.push_str(&l);
        out.push('\n');
    }
    out
}

fn context_of(text: &str, needle_at: usize) -> String {
    let start = text[..needle_at]
        .char_indices()
        .rev()
        .nth(40)
        .map_or(0, |(i, _)| i);
    let end = text[needle_at..]
        .char_indices()
        .nth(60)
        .map_or(text.len(), |(i, _)| needle_at + i);
    text[start..end].replace('\n', "⏎")
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let a = from + i;
        let b = a + word.len();
        let before = text[..a].chars().last();
        let after = text[b..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '_');
        if boundary(before) && boundary(after) {
            return Some(a);
        }
        from = b;
    }
    None
}

// ---------------------------------------------------------------------------
// The checks of one mail.

/// Rust debug text in what a reader sees: `Some(`, `None`, `Ok(`, `Err(`,
/// `SeveralMoves(["ba5", "fg5"])`, `{ en: ... }`, CamelCase enum names,
/// `"snake_case"` or quoted internal names, `silence-14d`.
pub fn debug_text(text: &str, names: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for pat in [
        "Some(", "Ok(", "Err(", "{ ", " }", "::", "\\\"", "[\"", "\"]",
    ] {
        if let Some(i) = text.find(pat) {
            found.push(format!("`{pat}` in «{}»", context_of(text, i)));
        }
    }
    for w in [
        "None",
        "NoCommand",
        "SeveralMoves",
        "NoText",
        "Unrecognised",
    ] {
        if let Some(i) = text.find(w) {
            found.push(format!("`{w}` in «{}»", context_of(text, i)));
        }
    }
    // CamelCase identifiers (two humps or more): `SeveralMoves`, `GameOver`.
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut k = 0;
    while k < chars.len() {
        let (at, c) = chars[k];
        let prev_ok = k == 0 || !chars[k - 1].1.is_alphanumeric();
        if c.is_ascii_uppercase() && prev_ok {
            let mut j = k;
            while j < chars.len() && chars[j].1.is_ascii_alphanumeric() {
                j += 1;
            }
            let word: String = chars[k..j].iter().map(|x| x.1).collect();
            let humps = word
                .char_indices()
                .filter(|&(i, c)| {
                    i > 0
                        && c.is_ascii_uppercase()
                        && word[..i]
                            .chars()
                            .last()
                            .is_some_and(|p| p.is_ascii_lowercase())
                })
                .count();
            let ends_alnum = j == chars.len() || !chars[j].1.is_alphanumeric();
            if humps >= 1 && ends_alnum && !names.iter().any(|n| n.contains(word.as_str())) {
                found.push(format!("CamelCase `{word}` in «{}»", context_of(text, at)));
            }
            k = j.max(k + 1);
        } else {
            k += 1;
        }
    }
    // "quoted_identifiers" and quoted internal names.
    let mut rest = text;
    let mut offset = 0;
    while let Some(i) = rest.find('"') {
        let after = &rest[i + 1..];
        let Some(j) = after.find('"') else { break };
        let inner = &after[..j];
        let ident = !inner.is_empty()
            && inner
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '_' || c == '-');
        if ident && (inner.contains('_') || INTERNAL_NAMES.contains(&inner)) {
            found.push(format!(
                "quoted internal name \"{inner}\" in «{}»",
                context_of(text, offset + i)
            ));
        }
        offset += i + 1 + j + 1;
        rest = &after[j + 1..];
    }
    // Internal reminder kinds such as `silence-14d`.
    for token in text.split(|c: char| c.is_whitespace() || "()[],;«»\"".contains(c)) {
        if let Some((word, tail)) = token.rsplit_once('-')
            && !word.is_empty()
            && word.chars().all(|c| c.is_ascii_lowercase())
            && tail.len() >= 2
            && tail.ends_with(['d', 'h', 'm'])
            && tail[..tail.len() - 1].chars().all(|c| c.is_ascii_digit())
        {
            found.push(format!("internal code `{token}`"));
        }
    }
    found
}

/// Project file names and seed citations: `seed 001 §1.9.2`, `RULES.md §8`,
/// `src/...rs`.
pub fn project_files(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let lower = text.to_ascii_lowercase();
    for pat in [
        "rules.md",
        "../shared",
        ".md ",
        ".md)",
        ".md,",
        ".md.",
        "src/",
        "tests/",
    ] {
        if let Some(i) = lower.find(pat) {
            found.push(format!("`{pat}` in «{}»", context_of(text, i)));
        }
    }
    if let Some(i) = find_word(&lower, "seed") {
        found.push(format!("`seed` in «{}»", context_of(text, i)));
    }
    // A Rust file name: `something.rs`.
    let mut from = 0;
    while let Some(i) = lower[from..].find(".rs") {
        let a = from + i;
        let before = lower[..a].chars().last();
        let after = lower[a + 3..].chars().next();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            && after.is_none_or(|c| !c.is_alphanumeric())
        {
            found.push(format!("a `.rs` file in «{}»", context_of(text, a)));
            break;
        }
        from = a + 3;
    }
    // `§` next to a seed or a project file.
    for (i, _) in text.match_indices('§') {
        let start = lower[..i]
            .char_indices()
            .rev()
            .nth(15)
            .map_or(0, |(k, _)| k);
        let near = &lower[start..i];
        // The English citation form of the Russian rules is the rulebook's
        // own name: "Russian Draughts Rules (2010), §1.9.2" (RULES.md §9).
        let rulebook = near.contains("rules (2010), ");
        if near.contains("seed") || near.contains(".md") || (near.contains("rules") && !rulebook) {
            found.push(format!(
                "`§` of a project file in «{}»",
                context_of(text, i)
            ));
        }
    }
    found
}

/// The English words of [`ENGLISH_WORDS`] in a Russian text (after removing
/// addresses, the product name and the players' names).
pub fn english_words(text: &str, names: &[&str]) -> Vec<String> {
    let cleaned = without_addresses_and_names(text, names);
    let mut found: Vec<String> = Vec::new();
    let words = latin_words(&cleaned);
    for w in &words {
        if ENGLISH_WORDS.contains(&w.as_str()) && !found.contains(w) {
            found.push(w.clone());
        }
    }
    found
        .into_iter()
        .map(|w| {
            let lower = cleaned.to_ascii_lowercase();
            let ctx = find_word(&lower, &w).map_or(String::new(), |i| context_of(&cleaned, i));
            format!("`{w}` in «{ctx}»")
        })
        .collect()
}

/// Chess moves in Latin piece letters (`Nc6`, `Bxf7`, `Qh5`) in a text for a
/// reader of Russian piece letters.
pub fn latin_san(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || "()[],;«»\"'".contains(c)) {
        let t = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let mut cs = t.chars();
        let Some(first) = cs.next() else { continue };
        if !"KQRBN".contains(first) {
            continue;
        }
        let rest: String = cs.collect();
        let rest = rest.trim_end_matches(['+', '#', '!', '?']);
        let core: String = rest
            .chars()
            .filter(|&c| c != 'x' && c != ':' && c != '-')
            .collect();
        let squareish = core.len() >= 2
            && core.len() <= 4
            && core
                .chars()
                .all(|c| ('a'..='h').contains(&c) || ('1'..='8').contains(&c))
            && core.chars().last().is_some_and(|c| c.is_ascii_digit());
        if squareish && !found.iter().any(|f| f == token) {
            found.push(token.to_string());
        }
    }
    found
}

/// `text` without PGN/PDN tag pairs (`[White "Иванов"]`): a score's header is
/// a file format, like move notation, not prose.
pub fn without_tag_pairs(text: &str) -> String {
    text.lines()
        .filter(|l| {
            let t = l.trim();
            !(t.starts_with('[') && t.ends_with("\"]") && t.contains(" \""))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every check of one mail that needs nothing but the mail, its reader and the
/// reader's language: the recipient, no debug text, no project file names, no
/// English words in a Russian mail, and the HTML part.
pub fn check_mail(mail: &BotMail, recipient: &Player, lang: Lang, names: &[&str]) -> Vec<Failure> {
    let mut out = Vec::new();
    if mail.to.len() != 1 || !mail.is_to(recipient) {
        out.push(fail(
            "recipient",
            mail,
            format!("the mail should go to {} alone", recipient.email),
        ));
    }
    let visible = without_tag_pairs(&mail.visible());
    let debug = debug_text(&visible, names);
    if !debug.is_empty() {
        out.push(fail("no_debug_text", mail, debug.join("; ")));
    }
    let files = project_files(&visible);
    if !files.is_empty() {
        out.push(fail("no_project_file_names", mail, files.join("; ")));
    }
    if lang == Lang::Ru {
        let words = english_words(&visible, names);
        if !words.is_empty() {
            out.push(fail(
                "no_english_in_russian_mails",
                mail,
                format!("English words in a Russian mail: {}", words.join("; ")),
            ));
        }
    }
    out.extend(check_html(mail, lang));
    out
}

/// The HTML part: nothing of the board outside `<pre>`, the board `<img>` with
/// an `alt` that describes the position.
pub fn check_html(mail: &BotMail, lang: Lang) -> Vec<Failure> {
    let mut out = Vec::new();
    let Some(html) = &mail.html else {
        return out;
    };
    let outside = html_text_outside_pre(html);
    let rows = board_lines(&outside);
    if !rows.is_empty() {
        out.push(fail(
            "html_board_only_in_pre",
            mail,
            format!(
                "board text outside <pre> in the HTML part ({} lines), e.g.:\n{}",
                rows.len(),
                rows.iter().take(4).cloned().collect::<Vec<_>>().join("\n")
            ),
        ));
    }
    let tags = imgs(html);
    let boards: Vec<&String> = tags
        .iter()
        .filter(|t| attr(t, "src").is_some_and(|s| s.starts_with("cid:")))
        .collect();
    if boards.len() != 1 {
        out.push(fail(
            "html_board_image",
            mail,
            format!(
                "{} inline images in the HTML part, expected the board once",
                boards.len()
            ),
        ));
    }
    for t in boards {
        let alt = attr(t, "alt").unwrap_or_default();
        let lower = alt.to_lowercase();
        let words: &[&str] = match lang {
            Lang::En => &["position", "board"],
            Lang::Ru => &["позиция", "позиции", "положение", "доска", "доске"],
        };
        let describes = words.iter().any(|w| lower.contains(w));
        let sane = !alt.trim().is_empty()
            && alt.chars().count() <= 200
            && !alt.contains('\n')
            && !alt.chars().any(is_board_char);
        if !(describes && sane) {
            out.push(fail(
                "html_img_alt",
                mail,
                format!(
                    "the board picture's alt should describe the position in one short line (naming the position/board): alt=«{alt}»"
                ),
            ));
        }
    }
    out
}

/// Lines a mail about a finished game must not have: a move due, a deadline,
/// a reminder.
pub fn still_running_lines(text: &str, lang: Lang) -> Vec<String> {
    let pats: &[&str] = match lang {
        Lang::En => &[
            "deadline",
            "to move",
            "your move",
            "reminder",
            "is due",
            "due by",
            "move due",
            "next move",
            "time left",
            "due:",
        ],
        Lang::Ru => &[
            "срок",
            "напомина",
            "ваш ход",
            "ход белых",
            "ход чёрных",
            "ход черных",
            "ходят белые",
            "ходят чёрные",
            "белые ходят",
            "чёрные ходят",
            "черные ходят",
            "ожидается ход",
            "очередь хода",
            "осталось времени",
            "ход до",
        ],
    };
    let mut found = Vec::new();
    for line in text.lines() {
        let lower = line.to_lowercase();
        if pats.iter().any(|p| lower.contains(p)) && !found.iter().any(|f| f == line.trim()) {
            found.push(line.trim().to_string());
        }
    }
    found
}

/// A finished game's mail: no move due, deadline or reminder (text and HTML).
pub fn check_finished(mail: &BotMail, lang: Lang) -> Vec<Failure> {
    let mut text = mail.text.clone();
    if let Some(h) = &mail.html {
        text.push('\n');
        text.push_str(&html_text(h));
    }
    let lines = still_running_lines(&text, lang);
    if lines.is_empty() {
        return Vec::new();
    }
    vec![fail(
        "finished_game_no_deadline",
        mail,
        format!(
            "a mail about a finished game still has a move due / deadline / reminder: {}",
            lines
                .iter()
                .map(|l| format!("«{l}»"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )]
}

/// Subject and personal address of a mail about a game:
/// `[zaochka #N] <variant>: <White> – <Black>` (a `Re: ` allowed), From or
/// Reply-To the recipient's personal address for the game.
pub fn check_game_mail(
    mail: &BotMail,
    game: &GameSpec,
    lang: Lang,
    personal: Option<&str>,
) -> Vec<Failure> {
    let mut out = Vec::new();
    let subjects = game.subjects(lang);
    if !subjects.iter().any(|s| s == mail.bare_subject()) {
        out.push(fail(
            "one_subject_per_game",
            mail,
            format!("Subject «{}», expected «{}»", mail.subject, subjects[0]),
        ));
    }
    match personal {
        None => out.push(fail(
            "personal_address",
            mail,
            format!(
                "the first mail of game #{} to {} carries no personal reply address (From/Reply-To are the bare bot address)",
                game.id,
                mail.recipient()
            ),
        )),
        Some(p) => {
            let has = mail
                .from
                .iter()
                .chain(&mail.reply_to)
                .any(|a| a.eq_ignore_ascii_case(p));
            if !has {
                out.push(fail(
                    "personal_address",
                    mail,
                    format!("neither From nor Reply-To is the recipient's address for game #{} ({p})", game.id),
                ));
            } else if !mail.reply_address().eq_ignore_ascii_case(p) {
                out.push(fail(
                    "personal_address",
                    mail,
                    format!("Reply would go to {}, not to {p}", mail.reply_address()),
                ));
            }
        }
    }
    out
}

/// A mail not about one game (help, the list of games, a notice about mail):
/// it carries a personal address of the recipient (not the bare bot address),
/// at the bot's domain.
pub fn check_player_mail(mail: &BotMail) -> Vec<Failure> {
    let reply = mail.reply_address();
    if reply.eq_ignore_ascii_case(BOT_ADDRESS)
        || !reply.to_lowercase().ends_with(&format!("@{BOT_DOMAIN}"))
    {
        return vec![fail(
            "personal_address",
            mail,
            format!(
                "a mail not about one game must carry the player's personal reply address; Reply goes to {reply}"
            ),
        )];
    }
    if !mail.bare_subject().starts_with("[zaochka") {
        return vec![fail(
            "one_subject_per_game",
            mail,
            "a mail not about one game should still be tagged [zaochka]",
        )];
    }
    Vec::new()
}

/// Threading: every mail but the first of each (game, recipient) thread has
/// In-Reply-To and References; In-Reply-To names the player's own mail when
/// the mail answers it, else the thread's previous mail to that player (or a
/// mail of that player), and References holds it.
pub fn check_threads(mails: &[BotMail], sent: &[PlayerMail]) -> Vec<Failure> {
    let mut out = Vec::new();
    let mut threads: BTreeMap<(Option<i64>, String), Vec<&BotMail>> = BTreeMap::new();
    for m in mails {
        threads
            .entry((m.game(), m.recipient().to_string()))
            .or_default()
            .push(m);
    }
    for ((game, to), list) in &threads {
        let own_ids: HashSet<&str> = sent
            .iter()
            .filter(|p| p.sender() == *to)
            .map(|p| p.message_id.as_str())
            .collect();
        for (k, m) in list.iter().enumerate() {
            let answering = m
                .step
                .and_then(|s| sent.get(s))
                .filter(|p| p.sender() == *to);
            if let Some(p) = answering
                && m.in_reply_to.first().map(String::as_str) != Some(p.message_id.as_str())
            {
                out.push(fail(
                    "threading",
                    m,
                    format!(
                        "an answer to the player's mail <{}> should have In-Reply-To it",
                        p.message_id
                    ),
                ));
                continue;
            }
            if k == 0 && answering.is_none() {
                continue;
            }
            let Some(irt) = m.in_reply_to.first() else {
                out.push(fail(
                    "threading",
                    m,
                    format!(
                        "mail {} of the thread (game {game:?}, {to}) has no In-Reply-To",
                        k + 1
                    ),
                ));
                continue;
            };
            if !m.references.contains(irt) {
                out.push(fail(
                    "threading",
                    m,
                    format!("References {:?} lack the In-Reply-To <{irt}>", m.references),
                ));
            }
            let earlier: HashSet<&str> = list[..k].iter().map(|x| x.message_id.as_str()).collect();
            if answering.is_none()
                && !earlier.contains(irt.as_str())
                && !own_ids.contains(irt.as_str())
            {
                out.push(fail(
                    "threading",
                    m,
                    format!(
                        "In-Reply-To <{irt}> is neither an earlier mail of the thread nor a mail of {to}"
                    ),
                ));
            }
        }
    }
    out
}
