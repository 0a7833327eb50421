//! What a player asks for: the new text of a mail and its subject turned into
//! a list of [`Intent`]s, each addressed to a game. No rules are consulted:
//! moves are kept as written, with the move number written before them, and
//! the referee resolves them against the position (and answers "stale" when
//! the number is an old one).
//!
//! How a text is read:
//! - line by line; a line may start with a game prefix (`#15:`, `#15`, `15:`,
//!   `game 15:`, `партия 15:`) that sends the whole line to that game of the
//!   same player;
//! - each line is split into clauses at `. ! ? ; : ,` (not after a move number
//!   such as `19.` or `7...`);
//! - a move is a word (or words: `c3 - d4`, `Кр e1-f1`) that reads as a move
//!   in the game's syntax: draughts through [`crate::notation::parse_move`]
//!   (squares on a board of at most 10x10, numbers 1 to 50 without a leading
//!   zero, no `hh:mm` clock times), chess through [`super::chess_token`],
//!   which asks the referee's own chess move reader
//!   ([`crate::notation::chess_move::parse_chess_move`]); a check sign,
//!   annotation or en passant mark after a space belongs to the chess move
//!   before it (`exd6 e.p.`, `Qh7 †`).
//!   A move counts when it has a move number before it or an unmistakable
//!   form (`c3-d4`, `e3:c5:e7`; chess with a piece, a capture, a start
//!   square or castling with a dash), or else when its clause holds nothing but moves, command words
//!   and filler ("my move", "ход") — so `3-4 дня`, `the d4 man` or a bare
//!   `e4` in prose are not moves;
//! - a command is a clause whose first word (after "I", "ok", "я", "ну" ...)
//!   is a command word: `draw`/`ничья` (offer), `offer`/`предлагаю` + draw,
//!   `accept`/`agree`/`согласен`/`согласна`/`принимаю`, `decline`/`отказ`/
//!   `отказываюсь`/`отклоняю`/`не согласен`, `resign`/`сдаюсь`/`give up`,
//!   `claim`/`требую ничью`/`заявляю ничью`, `status`/`статус`,
//!   `history`/`история`, `help`/`помощь`, `leave`/`отпуск` with two dates
//!   (`2026-12-20` or `20.12.2026`). `draw accepted`, `I accept the draw`,
//!   `согласна на ничью` are acceptances. Greetings and chit-chat are ignored;
//! - a question to the referee (`ходы`, `why c3-d4`, `правила`) or a sealed
//!   move (`записываю ход e7-e5`, `seal e7-e5`) takes the whole line: see
//!   [`crate::mail::ask_words`];
//! - the subject counts too (after `Re:`, `Ответ:`, `Fwd:` and the
//!   `[zaochka #N]` tag are removed), but only when it holds nothing but moves,
//!   command words and filler: a bot subject like "Your move (Chess)" is not
//!   read.
//!
//! Per game: a move and a draw offer together make one [`Intent::Move`] with
//! `offer_draw`; a claim and a move make one [`Intent::ClaimDraw`] with the
//! move; the same intent twice (subject and body) counts once; two different
//! moves for one game are [`Unrecognised::SeveralMoves`]. A mail with no
//! command at all gives one [`Intent::Unrecognised`] with the reason.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::rc::Rc;

use chrono::NaiveDate;

use crate::mail::address::parse_subject;
use crate::mail::ask_words::{Query, read_query};
use crate::mail::chess_token;
use crate::notation::chess_move::WrittenChessMove;
use crate::notation::parse_move;
use crate::notation::written::{WrittenMove, WrittenOrigin, WrittenSquare};
use crate::vocabulary::GameId;

/// How a game's moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSyntax {
    /// Draughts of every kind: Russian, international, Bashni, Lasca
    /// (`c3-d4`, `cd4`, `32-28`, `e3:c5:e7`).
    Draughts,
    /// Chess (`Nf3`, `e2-e4`, `Кр e1-f1`, `O-O`).
    Chess,
}

/// A move as the player wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The move as written, without its move number (`с3–d4`, `Кр e1-f1`).
    pub text: String,
    /// The move number written before it (`19.` or `7...`), if any: compare
    /// it with the move due to tell a stale mail.
    pub number: Option<u32>,
    /// Whether the number was written as Black's (`7...`, `7…`).
    pub black: bool,
    /// The syntax the move was read in.
    pub syntax: MoveSyntax,
}

impl MoveText {
    /// The draughts reading of the move (for draughts games).
    #[must_use]
    pub fn draughts(&self) -> Option<WrittenMove> {
        match self.syntax {
            MoveSyntax::Draughts => parse_move(&self.text).ok(),
            MoveSyntax::Chess => None,
        }
    }

    /// The chess reading of the move (for chess games).
    #[must_use]
    pub fn chess(&self) -> Option<WrittenChessMove> {
        match self.syntax {
            MoveSyntax::Chess => chess_token::parse(&self.text),
            MoveSyntax::Draughts => None,
        }
    }

    /// A key equal for two writings of the same move (`с3–d4` and `c3-d4`).
    fn key(&self) -> String {
        match self.syntax {
            MoveSyntax::Draughts => self.draughts().map_or_else(
                || self.text.clone(),
                |w| format!("{:?}|{:?}|{:?}|{}", w.origin, w.via, w.dest, w.capture),
            ),
            MoveSyntax::Chess => self
                .chess()
                .map_or_else(|| self.text.clone(), |c| c.canonical()),
        }
    }
}

/// Why a mail (or a game's part of it) holds no command that can be acted on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unrecognised {
    /// The mail has no new text and its subject holds no command.
    #[error("the mail has no new text")]
    NoText,
    /// There is new text, but no move or command in it.
    #[error("no move or command was found in the mail")]
    NoCommand,
    /// Two or more different moves for one game (as written).
    #[error("several different moves for one game: {}", crate::printable::printable(&.0.join(", ")))]
    SeveralMoves(Vec<String>),
    /// A leave command whose dates cannot be read (the clause as written).
    #[error("cannot read two dates (from, to) in \"{}\"", crate::printable::printable(.0))]
    LeaveDates(String),
}

/// One thing a player asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Play a move, possibly offering a draw with it.
    Move {
        /// The move as written.
        mv: MoveText,
        /// Whether a draw offer goes with the move.
        offer_draw: bool,
    },
    /// Offer a draw (without a move).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Resign the game.
    Resign,
    /// Claim a draw by the rules (repetition, move counters), optionally with
    /// the move that brings it about.
    ClaimDraw {
        /// The move that repeats the position, if written.
        mv: Option<MoveText>,
    },
    /// At the end of a tournament's playing period: the result the player
    /// claims for a frozen game (a draw claim is [`Intent::ClaimDraw`], which
    /// the referee reads as such in a frozen game).
    ClaimResult(crate::tournament::ResultClaim),
    /// Ask for the tournament's crosstable.
    Standings,
    /// Ask for the position and whose move it is.
    Status,
    /// Ask for the score so far.
    History,
    /// Ask for the list of commands.
    Help,
    /// Take leave (vacation) between two dates, both included.
    Leave {
        /// First day of leave.
        from: NaiveDate,
        /// Last day of leave.
        to: NaiveDate,
    },
    /// Nothing that can be acted on, with the reason.
    Unrecognised(Unrecognised),
    /// Ask for the legal moves of the side to move (issue 15, item 2).
    LegalMoves,
    /// Ask why a move is legal or refused in the current position.
    Why {
        /// The move as written.
        text: String,
    },
    /// Ask for the game's rules summary.
    Rules,
    /// Seal a move in an adjourned game (issue 15, item 3).
    Seal {
        /// The sealed move as written.
        text: String,
    },
    /// Conditional moves: give lines, cancel or list them
    /// ([`super::conditional`]); one per game and mail, after its other intents.
    Conditional(super::conditional::Request),
}

/// Where an intent was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The new text of the body.
    Body,
    /// The subject.
    Subject,
}

/// An intent with the game it is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Addressed {
    /// The game: from a line prefix (`#15:`) or the subject tag, else the
    /// mail's own game from [`Context::game`].
    pub game: Option<GameId>,
    /// What the player asks for.
    pub intent: Intent,
    /// Where it was read.
    pub source: Source,
    /// The line it was read from, trimmed and cut to at most
    /// [`LINE_EXCERPT_BYTES`] bytes (an ellipsis `…` marks a cut), for logs and
    /// replies. Every intent read from one line shares one excerpt, so the
    /// output stays linear in the input however long the line.
    pub line: String,
}

/// The most bytes of a line kept in [`Addressed::line`] (the excerpt is cut at
/// a character boundary and gets a trailing `…`).
pub const LINE_EXCERPT_BYTES: usize = 200;

/// The longest word (in bytes) that is tried as a move. The longest real
/// moves are international captures over many squares (`1x10x19x28...`,
/// at most 20 pieces taken, under 70 bytes); longer words are never moves,
/// and the move parsers are not run on them.
pub const MAX_MOVE_WORD_BYTES: usize = 128;

/// What the reader needs to know about the games a mail may address.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The mail's own game (from its reply address or subject tag).
    pub game: Option<GameId>,
    /// How moves are written in that game.
    pub syntax: MoveSyntax,
    /// The same player's other games and their syntax, for `#15:` lines
    /// (a game not listed is read in [`Context::syntax`]).
    pub other_games: &'a [(GameId, MoveSyntax)],
}

impl Context<'_> {
    /// A context for one game with no others.
    #[must_use]
    pub fn single(game: Option<GameId>, syntax: MoveSyntax) -> Context<'static> {
        Context {
            game,
            syntax,
            other_games: &[],
        }
    }

    fn syntax_of(&self, game: Option<GameId>) -> MoveSyntax {
        game.and_then(|g| {
            self.other_games
                .iter()
                .find(|(og, _)| *og == g)
                .map(|(_, s)| *s)
        })
        .unwrap_or(self.syntax)
    }
}

/// Reads the intents of a mail from its new text and its subject.
///
/// Always returns at least one entry: with no command anywhere it is one
/// [`Intent::Unrecognised`] ([`Unrecognised::NoText`] or
/// [`Unrecognised::NoCommand`]) for the mail's game.
///
/// # Examples
/// ```
/// use zaochka::mail::intent::{read_intents, Context, Intent, MoveSyntax};
/// use zaochka::store::GameId;
/// let cx = Context::single(Some(GameId(14)), MoveSyntax::Draughts);
/// let got = read_intents("13... d8-e7\nПредлагаю ничью.", "Re: [zaochka #14] Ваш ход", &cx);
/// assert_eq!(got.len(), 1);
/// let Intent::Move { mv, offer_draw } = &got[0].intent else { panic!() };
/// assert_eq!((mv.text.as_str(), mv.number, *offer_draw), ("d8-e7", Some(13), true));
/// ```
#[must_use]
pub fn read_intents(new_text: &str, subject: &str, cx: &Context<'_>) -> Vec<Addressed> {
    let mut items = Items::default();
    for line in new_text.lines() {
        read_line(line, cx, Source::Body, &mut items);
    }
    let subj = parse_subject(subject);
    let subject_game = subj.game.or(cx.game);
    read_subject(&subj.rest, subject_game, cx, &mut items);
    if items.list.is_empty() {
        let reason = if new_text.trim().is_empty() {
            Unrecognised::NoText
        } else {
            Unrecognised::NoCommand
        };
        return vec![Addressed {
            game: cx.game,
            intent: Intent::Unrecognised(reason),
            source: Source::Body,
            line: String::new(),
        }];
    }
    merge(items.list)
}

/// Whether a word (any case, punctuation around it allowed) is a command word.
#[must_use]
pub fn is_command_word(word: &str) -> bool {
    let w = core_lower(word);
    [
        ACCEPT, DECLINE, RESIGN, CLAIM, OFFER, DRAW, STATUS, HISTORY, HELP, LEAVE,
    ]
    .iter()
    .any(|set| set.contains(&w.as_str()))
        || crate::mail::ask_words::is_query_word(&w)
}

const ACCEPT: &[&str] = &[
    "accept",
    "accepted",
    "accepting",
    "agree",
    "agreed",
    "согласен",
    "согласна",
    "согласны",
    "принимаю",
    "принято",
    "принята",
    "принимается",
];
const DECLINE: &[&str] = &[
    "decline",
    "declined",
    "declining",
    "reject",
    "rejected",
    "refuse",
    "refused",
    "отказ",
    "отказываюсь",
    "отклоняю",
    "отклонено",
    "отклоняется",
];
const RESIGN: &[&str] = &[
    "resign",
    "resigned",
    "resigning",
    "resigns",
    "сдаюсь",
    "сдался",
    "сдалась",
];
const CLAIM: &[&str] = &["claim", "claiming", "требую", "заявляю"];
const OFFER: &[&str] = &[
    "offer",
    "offering",
    "propose",
    "proposing",
    "suggest",
    "предлагаю",
];
const DRAW: &[&str] = &[
    "draw",
    "ничья",
    "ничью",
    "ничьей",
    "ничьи",
    "remis",
    "ремиз",
];
const STATUS: &[&str] = &["status", "статус"];
const STANDINGS: &[&str] = &[
    "standings",
    "crosstable",
    "таблица",
    "таблицу",
    "турнирная",
    "турнирную",
];
const WIN: &[&str] = &["win", "победу", "победа", "выигрыш"];
const LOSS: &[&str] = &["loss", "defeat", "поражение", "проигрыш"];
const ADMIT: &[&str] = &["признаю", "accept"];
const HISTORY: &[&str] = &["history", "история", "историю"];
const HELP: &[&str] = &["help", "помощь", "справка"];
const LEAVE: &[&str] = &["leave", "vacation", "holiday", "holidays", "отпуск"];
const NEGATIONS: &[&str] = &["не", "not", "don't", "dont"];

/// Words skipped before a command word at the start of a clause.
const LEAD: &[&str] = &[
    "i",
    "я",
    "ok",
    "okay",
    "ок",
    "ну",
    "итак",
    "тогда",
    "well",
    "so",
    "then",
    "and",
    "и",
    "also",
    "также",
    "а",
    "please",
    "пожалуйста",
    "yes",
    "да",
    "hereby",
    "hi",
    "hello",
    "привет",
    "здравствуйте",
    "+",
    "&",
];

/// Words a clause may hold besides moves and command words and still count as
/// a bare command clause.
const FILLER: &[&str] = &[
    "my",
    "move",
    "moves",
    "is",
    "play",
    "i'll",
    "now",
    "a",
    "the",
    "here",
    "here's",
    "it",
    "on",
    "to",
    "with",
    "мой",
    "моя",
    "ход",
    "ходом",
    "хожу",
    "играю",
    "вот",
    "так",
    "на",
    "от",
    "с",
    "-",
    "—",
    "–",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cmd {
    Offer,
    Accept,
    Decline,
    Resign,
    Claim,
    ClaimWin,
    ClaimLoss,
    Standings,
    Status,
    History,
    Help,
    Leave,
}

#[derive(Clone, Debug)]
enum ItemKind {
    Move(MoveText),
    Cmd(Cmd),
    Leave(NaiveDate, NaiveDate),
    BadLeave(String),
    Query(Query),
    Conditional(super::conditional::Request),
}

#[derive(Clone, Debug)]
struct Item {
    game: Option<GameId>,
    kind: ItemKind,
    source: Source,
    /// The excerpt of the line, shared by every item of the line.
    line: Rc<str>,
}

/// What makes two items the same request (the first one read is kept).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ItemKey {
    Move(String),
    Cmd(Cmd),
    Leave(NaiveDate, NaiveDate),
    BadLeave(String),
    Query(Query),
    Conditional(String),
}

/// The items of a mail, each distinct request once (per game), in the order
/// first read. A repeated move that brings a move number adds the number to
/// the first copy. Keeping repeats out here keeps the work of [`merge`]
/// linear in the number of distinct requests.
#[derive(Default)]
struct Items {
    list: Vec<Item>,
    seen: HashMap<(Option<GameId>, ItemKey), usize>,
}

impl Items {
    fn push(&mut self, item: Item) {
        let key = match &item.kind {
            ItemKind::Move(mv) => ItemKey::Move(mv.key()),
            ItemKind::Cmd(c) => ItemKey::Cmd(*c),
            ItemKind::Leave(a, b) => ItemKey::Leave(*a, *b),
            ItemKind::BadLeave(t) => ItemKey::BadLeave(t.clone()),
            ItemKind::Query(q) => ItemKey::Query(q.clone()),
            // A cancel or a list is answered each time it is asked, in turn.
            ItemKind::Conditional(r @ super::conditional::Request::Submit(_)) => {
                ItemKey::Conditional(format!("{r:?}"))
            }
            ItemKind::Conditional(_) => ItemKey::Conditional(self.list.len().to_string()),
        };
        match self.seen.entry((item.game, key)) {
            Entry::Occupied(at) => {
                if let (ItemKind::Move(first), ItemKind::Move(again)) =
                    (&mut self.list[*at.get()].kind, &item.kind)
                    && first.number.is_none()
                    && again.number.is_some()
                {
                    first.number = again.number;
                    first.black = again.black;
                }
            }
            Entry::Vacant(v) => {
                v.insert(self.list.len());
                self.list.push(item);
            }
        }
    }
}

/// A line cut to at most [`LINE_EXCERPT_BYTES`] bytes at a character boundary.
fn excerpt(line: &str) -> Rc<str> {
    if line.len() <= LINE_EXCERPT_BYTES {
        return Rc::from(line);
    }
    let mut end = LINE_EXCERPT_BYTES;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    Rc::from(format!("{}…", &line[..end]))
}

#[derive(Clone, Debug)]
enum Tok {
    Number { n: u32, black: bool },
    Move { mv: MoveText, strong: bool },
    Word { lower: String, raw: String },
}

/// Reads one line of the body into items.
fn read_line(line: &str, cx: &Context<'_>, source: Source, out: &mut Items) {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return;
    }
    let (prefix_game, rest) = game_prefix(trimmed);
    let game = prefix_game.or(cx.game);
    let syntax = cx.syntax_of(game);
    let shared = excerpt(trimmed);
    if let Some(q) = read_query(rest) {
        out.push(Item {
            game,
            kind: ItemKind::Query(q),
            source,
            line: shared,
        });
        return;
    }
    let conditional = super::conditional::command(rest)
        .map(|r| ("", r))
        .or_else(|| {
            super::conditional::split(rest, syntax)
                .map(|(head, lines)| (head, super::conditional::Request::Submit(lines)))
        });
    let rest = match conditional {
        Some((head, request)) => {
            out.push(Item {
                game,
                kind: ItemKind::Conditional(request),
                source,
                line: Rc::clone(&shared),
            });
            head
        }
        None => rest,
    };
    clauses(rest, syntax, &mut |clause| {
        for kind in evaluate(clause) {
            out.push(Item {
                game,
                kind,
                source,
                line: Rc::clone(&shared),
            });
        }
    });
}

/// Reads the subject's rest when it is bare (only moves, command words and
/// filler). Two passes over the words: one to tell whether it is bare, one to
/// read it; neither keeps more than one clause.
fn read_subject(rest: &str, game: Option<GameId>, cx: &Context<'_>, out: &mut Items) {
    let rest = rest.trim();
    if rest.is_empty() {
        return;
    }
    if let Some(q) = read_query(rest) {
        out.push(Item {
            game,
            kind: ItemKind::Query(q),
            source: Source::Subject,
            line: excerpt(rest),
        });
        return;
    }
    let syntax = cx.syntax_of(game);
    let mut all_bare = true;
    clauses(rest, syntax, &mut |c| {
        all_bare = all_bare
            && c.iter().all(|t| match t {
                Tok::Word { lower, .. } => {
                    FILLER.contains(&lower.as_str())
                        || LEAD.contains(&lower.as_str())
                        || is_command_word(lower)
                }
                _ => true,
            });
    });
    if !all_bare {
        return;
    }
    let shared = excerpt(rest);
    clauses(rest, syntax, &mut |clause| {
        for kind in evaluate(clause) {
            out.push(Item {
                game,
                kind,
                source: Source::Subject,
                line: Rc::clone(&shared),
            });
        }
    });
}

/// A game prefix at the start of a line: `#15:`, `#15`, `15:`, `game 15:`,
/// `партия 15:`, `игра 15:`.
fn game_prefix(line: &str) -> (Option<GameId>, &str) {
    // Only the first words can be a prefix: lowercase no more than those.
    let head_end = line.char_indices().nth(8).map_or(line.len(), |(i, _)| i);
    let lower = line[..head_end].to_lowercase();
    for word in ["game ", "партия ", "игра "] {
        if lower.starts_with(word) {
            // The word is ASCII or Cyrillic; find its byte length in `line`.
            let skip = line
                .char_indices()
                .nth(word.chars().count())
                .map_or(line.len(), |(i, _)| i);
            let rest = line[skip..].trim_start();
            let rest = rest.strip_prefix('#').unwrap_or(rest);
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0
                && let Some(after) = rest[digits..].trim_start().strip_prefix(':')
                && let Some(g) = game_number(&rest[..digits])
            {
                return (Some(g), after.trim_start());
            }
        }
    }
    if let Some(rest) = line.strip_prefix('#') {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0
            && let Some(g) = game_number(&rest[..digits])
        {
            let after = rest[digits..].trim_start();
            let after = after.strip_prefix(':').unwrap_or(after);
            if rest[digits..].is_empty() || rest[digits..].starts_with([' ', ':', '\t']) {
                return (Some(g), after.trim_start());
            }
        }
        return (None, line);
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0
        && let Some(after) = line[digits..].strip_prefix(':')
        && (after.is_empty() || after.starts_with([' ', '\t']))
        && let Some(g) = game_number(&line[..digits])
    {
        return (Some(g), after.trim_start());
    }
    (None, line)
}

fn game_number(digits: &str) -> Option<GameId> {
    if digits.len() > 18 {
        return None;
    }
    digits.parse::<i64>().ok().filter(|&n| n > 0).map(GameId)
}

/// Characters stripped from the front of a word.
const OPENERS: &[char] = &['(', '[', '{', '"', '\'', '«', '“', '„', '‘', '*', '_'];
/// Characters stripped from the back of a word before looking at its end.
const CLOSERS: &[char] = &[')', ']', '}', '"', '\'', '»', '”', '’', '*', '_'];
/// Punctuation that ends a clause.
const CLAUSE_ENDS: &[char] = &['.', '!', '?', ';', ':', ','];

/// A word lowercased without the punctuation around it.
fn core_lower(word: &str) -> String {
    word.trim_start_matches(OPENERS)
        .trim_end_matches(CLOSERS)
        .trim_end_matches(CLAUSE_ENDS)
        .trim_end_matches(CLOSERS)
        .to_lowercase()
}

/// A move number word: `19.`, `7...`, `7…` (1 to 3 digits).
fn move_number(word: &str) -> Option<(u32, bool)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let rest = &word[digits..];
    let dots = rest.chars().filter(|&c| c == '.').count();
    let ellipsis = rest.contains('…');
    if rest.is_empty() || !rest.chars().all(|c| c == '.' || c == '…') || dots > 3 {
        return None;
    }
    let n = word[..digits].parse().ok()?;
    Some((n, ellipsis || dots >= 2))
}

/// Splits `19.g3-h4` into the number `19.` and the move, when the rest is a move.
fn glued_number(word: &str, syntax: MoveSyntax) -> Option<((u32, bool), String)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let after_digits = &word[digits..];
    let rest = after_digits.trim_start_matches(['.', '…']);
    if rest.len() == after_digits.len() || rest.is_empty() {
        return None;
    }
    let number = move_number(&word[..word.len() - rest.len()])?;
    read_move(rest, syntax)?;
    Some((number, rest.to_string()))
}

/// The words of a text, as (raw word, clause ends after it).
fn words(text: &str) -> Vec<(&str, bool)> {
    text.split_whitespace()
        .map(|w| {
            let end = w.trim_end_matches(CLOSERS);
            let ends = move_number(w).is_none() && end.ends_with(CLAUSE_ENDS);
            (w, ends)
        })
        .collect()
}

/// Tokenises a text into clauses of numbers, moves and words, handing each
/// non-empty clause to `each` as soon as it ends (only one clause is held).
fn clauses(text: &str, syntax: MoveSyntax, each: &mut dyn FnMut(&[Tok])) {
    let ws = words(text);
    let mut clause: Vec<Tok> = Vec::new();
    let mut out = |clause: &mut Vec<Tok>| {
        if !clause.is_empty() {
            each(clause);
            clause.clear();
        }
    };
    let mut i = 0;
    while i < ws.len() {
        let (w, ends) = ws[i];
        let bare = w.trim_start_matches(OPENERS).trim_end_matches(CLOSERS);
        if let Some((n, black)) = move_number(bare) {
            clause.push(Tok::Number { n, black });
            i += 1;
            continue;
        }
        if let Some(((n, black), rest)) = glued_number(strip_word(bare), syntax) {
            clause.push(Tok::Number { n, black });
            let (mv, strong) = read_move(&rest, syntax).expect("checked by glued_number");
            push_move(&mut clause, mv, strong);
            if ends {
                out(&mut clause);
            }
            i += 1;
            continue;
        }
        if let Some((used, text, mv, strong)) = move_at(&ws, i, syntax) {
            debug_assert!(text == mv.text);
            push_move(&mut clause, mv, strong);
            let last_ends = ws[i + used - 1].1;
            i += used;
            if last_ends {
                out(&mut clause);
            }
            continue;
        }
        if matches!(bare, "—" | "–") {
            out(&mut clause);
            i += 1;
            continue;
        }
        clause.push(Tok::Word {
            lower: core_lower(w),
            raw: strip_word(bare).to_string(),
        });
        if ends {
            out(&mut clause);
        }
        i += 1;
    }
    out(&mut clause);
}

/// A word without trailing clause punctuation (`e3-d4,` -> `e3-d4`, a final
/// full stop too, but not the one of `e.p.`, `е.п.`, `в.п.`); move annotations
/// `!?` are left to the move readers.
fn strip_word(w: &str) -> &str {
    // A closing parenthesis that closes one inside the word stays: `e8(Q)`.
    if let Some(inner) = w.strip_suffix(')')
        && inner.contains('(')
        && !inner.contains(')')
    {
        return w;
    }
    let w = w
        .trim_end_matches(CLOSERS)
        .trim_end_matches([',', ';', ':'])
        .trim_end_matches(CLOSERS);
    if w.ends_with(".p.") || w.ends_with(".п.") {
        w
    } else {
        w.strip_suffix('.').unwrap_or(w)
    }
}

/// Pushes a move; a number right before it becomes its number.
fn push_move(clause: &mut Vec<Tok>, mut mv: MoveText, mut strong: bool) {
    if let Some(Tok::Number { n, black }) = clause.last() {
        mv.number = Some(*n);
        mv.black = *black;
        strong = true;
        clause.pop();
    }
    clause.push(Tok::Move { mv, strong });
}

/// A move starting at word `i`, possibly over several words: the number of
/// words used, the text, the move and whether its form is unmistakable.
fn move_at(
    ws: &[(&str, bool)],
    i: usize,
    syntax: MoveSyntax,
) -> Option<(usize, String, MoveText, bool)> {
    let word = |k: usize| {
        ws.get(k)
            .map(|(w, _)| strip_word(w.trim_start_matches(OPENERS)))
    };
    let is_sign = |s: &str| matches!(s, "-" | "–" | "—" | "−" | ":" | "x" | "х" | "×");
    let mut candidates: Vec<(usize, String)> = Vec::new();
    let w0 = word(i)?;
    if w0.len() > MAX_MOVE_WORD_BYTES {
        // Every candidate holds `w0`: none can be a move.
        return None;
    }
    // Three words: `c3 - d4`.
    if !ws[i].1
        && let (Some(w1), Some(w2)) = (word(i + 1), word(i + 2))
        && is_sign(w1)
        && !ws[i + 1].1
    {
        candidates.push((3, format!("{w0} {w1} {w2}")));
    }
    // Two words: `c3- d4`, `c3 -d4`, chess `Кр e1-f1`, `Кр. e1-f1` (the full
    // stop of the abbreviation ends no clause).
    let king_abbreviation = syntax == MoveSyntax::Chess && matches!(ws[i].0, "Кр." | "кр.");
    if (!ws[i].1 || king_abbreviation)
        && let Some(w1) = word(i + 1)
    {
        let signs = |c: char| matches!(c, '-' | '–' | '—' | '−' | ':');
        let piece_word = syntax == MoveSyntax::Chess
            && matches!(
                w0.trim_end_matches('.'),
                "Кр" | "К" | "Ф" | "Л" | "С" | "п" | "K" | "Q" | "R" | "B" | "N"
            );
        // `exd6 e.p.`, `Qh7 †`, `e4 ?!`: the mark belongs to the move.
        let chess_mark = syntax == MoveSyntax::Chess && chess_token::is_suffix_word(w1);
        if !is_sign(w1)
            && (w0.ends_with(signs) || w1.starts_with(signs) || piece_word || chess_mark)
        {
            candidates.push((2, format!("{w0} {w1}")));
        }
    }
    candidates.push((1, w0.to_string()));
    for (used, text) in candidates {
        if let Some((mv, strong)) = read_move(&text, syntax) {
            return Some((used, text, mv, strong));
        }
    }
    None
}

/// Reads a text as a move in a syntax: the move and whether its form is
/// unmistakable (so it counts even in prose).
fn read_move(text: &str, syntax: MoveSyntax) -> Option<(MoveText, bool)> {
    if text.len() > MAX_MOVE_WORD_BYTES {
        return None;
    }
    let strong = match syntax {
        MoveSyntax::Draughts => {
            let w = draughts_move(text)?;
            matches!(
                w.origin,
                WrittenOrigin::Square(WrittenSquare::Coordinate { .. })
            ) && matches!(w.dest, WrittenSquare::Coordinate { .. })
        }
        MoveSyntax::Chess => {
            let c = chess_token::parse(text)?;
            chess_token::is_unmistakable(text, &c)
        }
    };
    Some((
        MoveText {
            text: text.to_string(),
            number: None,
            black: false,
            syntax,
        },
        strong,
    ))
}

/// A draughts move, with checks `parse_move` leaves to the position: squares
/// on a board of at most 10x10, numbers 1 to 50 without a leading zero, no
/// clock time (`10:15`), no move number inside.
fn draughts_move(text: &str) -> Option<WrittenMove> {
    if !text.chars().next().is_some_and(|c| c.is_alphanumeric()) {
        return None;
    }
    // Digit runs: no leading zero.
    let chars: Vec<char> = text.chars().collect();
    let mut k = 0;
    let mut runs: Vec<String> = Vec::new();
    while k < chars.len() {
        if chars[k].is_ascii_digit() {
            let start = k;
            while k < chars.len() && chars[k].is_ascii_digit() {
                k += 1;
            }
            let run: String = chars[start..k].iter().collect();
            if run.starts_with('0') {
                return None;
            }
            runs.push(run);
        } else {
            k += 1;
        }
    }
    if text.contains('.') || text.contains('…') {
        return None;
    }
    let w = parse_move(text).ok()?;
    let squares = std::iter::once(match w.origin {
        WrittenOrigin::Square(s) => Some(s),
        WrittenOrigin::File(_) => None,
    })
    .flatten()
    .chain(w.via.iter().copied())
    .chain(std::iter::once(w.dest));
    let mut numeric = 0;
    let mut count = 0;
    for s in squares {
        count += 1;
        match s {
            WrittenSquare::Coordinate { file, rank } if file <= 9 && rank <= 9 => {}
            WrittenSquare::Number(n) if (1..=50).contains(&n) => numeric += 1,
            _ => return None,
        }
    }
    if let WrittenOrigin::File(f) = w.origin
        && f > 9
    {
        return None;
    }
    // `10:15` is a time of day, not a capture.
    if numeric == 2
        && count == 2
        && text.contains(':')
        && runs.len() == 2
        && runs[1].len() == 2
        && runs[0].parse::<u32>().is_ok_and(|h| h <= 23)
        && runs[1].parse::<u32>().is_ok_and(|m| m <= 59)
    {
        return None;
    }
    Some(w)
}

/// What a clause says: moves that count and a command, if any.
fn evaluate(clause: &[Tok]) -> Vec<ItemKind> {
    let words: Vec<&str> = clause
        .iter()
        .filter_map(|t| match t {
            Tok::Word { lower, .. } => Some(lower.as_str()),
            _ => None,
        })
        .collect();
    let bare = words.iter().all(|w| {
        FILLER.contains(w) || LEAD.contains(w) || NEGATIONS.contains(w) || is_command_word(w)
    });
    let mut out = Vec::new();
    for t in clause {
        if let Tok::Move { mv, strong } = t
            && (*strong || bare)
        {
            out.push(ItemKind::Move(mv.clone()));
        }
    }
    match command(&words) {
        Some(Cmd::Leave) => {
            let raws: Vec<&str> = clause
                .iter()
                .filter_map(|t| match t {
                    Tok::Word { raw, .. } => Some(raw.as_str()),
                    _ => None,
                })
                .collect();
            let dates: Vec<NaiveDate> = raws.iter().filter_map(|r| parse_date(r)).collect();
            match dates.as_slice() {
                [] => {}
                // Two dates in the wrong order are still a leave request: the
                // referee answers that it ends before it starts.
                [from, to] => out.push(ItemKind::Leave(*from, *to)),
                _ => out.push(ItemKind::BadLeave(raws.join(" "))),
            }
        }
        Some(c) => out.push(ItemKind::Cmd(c)),
        None => {}
    }
    out
}

/// The command of a clause, from its first words.
fn command(words: &[&str]) -> Option<Cmd> {
    let ws: Vec<&str> = words
        .iter()
        .copied()
        .skip_while(|w| LEAD.contains(w))
        .collect();
    let first = *ws.first()?;
    let window = &ws[..ws.len().min(6)];
    let has = |set: &[&str]| window.iter().any(|w| set.contains(w));
    let is = |set: &[&str]| set.contains(&first);
    if is(NEGATIONS) {
        return has(ACCEPT).then_some(Cmd::Decline);
    }
    if is(CLAIM) && has(WIN) {
        return Some(Cmd::ClaimWin);
    }
    if (is(CLAIM) || is(ADMIT)) && has(LOSS) {
        return Some(Cmd::ClaimLoss);
    }
    if is(STANDINGS) {
        return Some(Cmd::Standings);
    }
    if first == "give" && ws.get(1) == Some(&"up") {
        return Some(Cmd::Resign);
    }
    if is(ACCEPT) {
        Some(Cmd::Accept)
    } else if is(DECLINE) {
        Some(Cmd::Decline)
    } else if is(RESIGN) {
        Some(Cmd::Resign)
    } else if is(CLAIM) {
        (first == "claim" || first == "claiming" || has(DRAW)).then_some(Cmd::Claim)
    } else if is(OFFER) {
        has(DRAW).then_some(Cmd::Offer)
    } else if is(DRAW) {
        Some(if has(ACCEPT) {
            Cmd::Accept
        } else if has(DECLINE) {
            Cmd::Decline
        } else if has(CLAIM) {
            Cmd::Claim
        } else {
            Cmd::Offer
        })
    } else if is(STATUS) {
        Some(Cmd::Status)
    } else if is(HISTORY) {
        Some(Cmd::History)
    } else if is(HELP) {
        Some(Cmd::Help)
    } else if is(LEAVE) {
        Some(Cmd::Leave)
    } else {
        None
    }
}

/// A date written `2026-12-20` or `20.12.2026`.
fn parse_date(word: &str) -> Option<NaiveDate> {
    let w = word.trim_end_matches(['.', ',', ';', ')']);
    NaiveDate::parse_from_str(w, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(w, "%d.%m.%Y"))
        .ok()
}

/// Groups items by game, merges moves with offers and claims, drops repeats.
/// The items are already distinct per game ([`Items`]); each item is looked
/// at a fixed number of times, so the work is linear in their number.
fn merge(items: Vec<Item>) -> Vec<Addressed> {
    let mut games: Vec<Option<GameId>> = Vec::new();
    let mut groups: HashMap<Option<GameId>, Vec<Item>> = HashMap::new();
    for it in items {
        let group = groups.entry(it.game).or_insert_with(|| {
            games.push(it.game);
            Vec::new()
        });
        group.push(it);
    }
    let mut out = Vec::new();
    for game in games {
        let group = groups.remove(&game).unwrap_or_default();
        let moves: Vec<&MoveText> = group
            .iter()
            .filter_map(|it| match &it.kind {
                ItemKind::Move(mv) => Some(mv),
                _ => None,
            })
            .collect();
        let has_cmd = |c: Cmd| {
            group
                .iter()
                .any(|it| matches!(it.kind, ItemKind::Cmd(k) if k == c))
        };
        let offer = has_cmd(Cmd::Offer);
        let claim = has_cmd(Cmd::Claim);
        let the_move = match moves.as_slice() {
            [one] => Some((*one).clone()),
            _ => None,
        };
        let mut several = (moves.len() > 1).then(|| {
            Intent::Unrecognised(Unrecognised::SeveralMoves(
                moves.iter().map(|m| m.text.clone()).collect(),
            ))
        });
        let conditional =
            super::conditional::merged(group.iter().filter_map(|it| match &it.kind {
                ItemKind::Conditional(r) => Some((r, it.line.to_string())),
                _ => None,
            }));
        for it in &group {
            let intent = match &it.kind {
                ItemKind::Conditional(_) => continue,
                ItemKind::Move(_) if moves.len() > 1 => match several.take() {
                    // One answer for all the moves, at the first of them.
                    Some(intent) => intent,
                    None => continue,
                },
                ItemKind::Move(_) if claim => continue,
                ItemKind::Move(mv) => Intent::Move {
                    mv: mv.clone(),
                    offer_draw: offer,
                },
                ItemKind::Cmd(Cmd::Offer) if the_move.is_some() && !claim => continue,
                ItemKind::Cmd(c) => match c {
                    Cmd::Offer => Intent::OfferDraw,
                    Cmd::Accept => Intent::AcceptDraw,
                    Cmd::Decline => Intent::DeclineDraw,
                    Cmd::Resign => Intent::Resign,
                    Cmd::Claim => Intent::ClaimDraw {
                        mv: the_move.clone(),
                    },
                    Cmd::ClaimWin => Intent::ClaimResult(crate::tournament::ResultClaim::Win),
                    Cmd::ClaimLoss => Intent::ClaimResult(crate::tournament::ResultClaim::Loss),
                    Cmd::Standings => Intent::Standings,
                    Cmd::Status => Intent::Status,
                    Cmd::History => Intent::History,
                    Cmd::Help => Intent::Help,
                    Cmd::Leave => continue,
                },
                ItemKind::Leave(from, to) => Intent::Leave {
                    from: *from,
                    to: *to,
                },
                ItemKind::BadLeave(text) => {
                    Intent::Unrecognised(Unrecognised::LeaveDates(text.clone()))
                }
                ItemKind::Query(q) => match q {
                    Query::LegalMoves => Intent::LegalMoves,
                    Query::Why(text) => Intent::Why { text: text.clone() },
                    Query::Rules => Intent::Rules,
                    Query::Seal(text) => Intent::Seal { text: text.clone() },
                },
            };
            out.push(Addressed {
                game,
                intent,
                source: it.source,
                line: it.line.to_string(),
            });
        }
        for (request, line) in conditional {
            out.push(Addressed {
                game,
                intent: Intent::Conditional(request),
                source: Source::Body,
                line,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, subject: &str, syntax: MoveSyntax) -> Vec<Intent> {
        let cx = Context::single(Some(GameId(12)), syntax);
        read_intents(text, subject, &cx)
            .into_iter()
            .map(|a| a.intent)
            .collect()
    }

    fn draughts(text: &str) -> Vec<Intent> {
        read(text, "", MoveSyntax::Draughts)
    }

    fn one_move(intents: &[Intent]) -> (&str, Option<u32>, bool) {
        match intents {
            [Intent::Move { mv, offer_draw }] => (mv.text.as_str(), mv.number, *offer_draw),
            other => panic!("expected one move, got {other:?}"),
        }
    }

    #[test]
    fn a_move_alone_is_a_move() {
        assert_eq!(one_move(&draughts("e3-d4")), ("e3-d4", None, false));
        assert_eq!(one_move(&draughts("cd4")), ("cd4", None, false));
        assert_eq!(one_move(&draughts("32-28")), ("32-28", None, false));
    }

    #[test]
    fn a_move_number_is_kept_for_the_stale_check() {
        let got = draughts("7... e7:g5");
        let [Intent::Move { mv, .. }] = got.as_slice() else {
            panic!("{got:?}")
        };
        assert_eq!((mv.number, mv.black), (Some(7), true));
        assert_eq!(one_move(&draughts("19.g3-h4")), ("g3-h4", Some(19), false));
        assert_eq!(one_move(&draughts("1. с3–d4")), ("с3–d4", Some(1), false));
    }

    #[test]
    fn a_full_stop_after_a_move_ends_the_sentence_not_the_move() {
        assert_eq!(
            one_move(&draughts("Мой ход e3-d4.")),
            ("e3-d4", None, false)
        );
        assert_eq!(
            one_move(&draughts("19. g3-h4. Draw?")),
            ("g3-h4", Some(19), true)
        );
        assert_eq!(
            one_move(&read("I play Nf3.", "", MoveSyntax::Chess)),
            ("Nf3", None, false)
        );
    }

    #[test]
    fn a_move_with_spaces_around_its_sign_is_one_move() {
        assert_eq!(one_move(&draughts("c3 - d4")), ("c3 - d4", None, false));
    }

    #[test]
    fn a_move_in_prose_counts_only_in_an_unmistakable_form() {
        assert_eq!(
            one_move(&draughts(
                "Keeping the h-file closed is too passive, so my move 19. g3-h4 and let us see what Black does with the d4 man."
            )),
            ("g3-h4", Some(19), false)
        );
        assert_eq!(
            draughts("Подумаю 3-4 дня, потом отвечу"),
            [Intent::Unrecognised(Unrecognised::NoCommand)]
        );
        assert_eq!(
            read("I think e4 is strong", "", MoveSyntax::Chess),
            [Intent::Unrecognised(Unrecognised::NoCommand)]
        );
        assert_eq!(
            one_move(&read("e4", "", MoveSyntax::Chess)),
            ("e4", None, false)
        );
    }

    #[test]
    fn phone_numbers_dates_times_and_results_are_not_moves() {
        for text in [
            "Tel. +7 (000) 000-23-19",
            "until 06.03.2025",
            "at 10:15 please",
            "1-0",
            "the 2025-03-06 game",
        ] {
            assert_eq!(
                draughts(text),
                [Intent::Unrecognised(Unrecognised::NoCommand)],
                "{text}"
            );
        }
    }

    #[test]
    fn a_move_and_a_draw_offer_make_one_intent() {
        assert_eq!(
            one_move(&draughts(
                "13... d8-e7\nПредлагаю ничью: позиция симметричная."
            )),
            ("d8-e7", Some(13), true)
        );
        assert_eq!(one_move(&draughts("e5-d4 draw?")), ("e5-d4", None, true));
        assert_eq!(
            one_move(&draughts("13... 4-9\n\nI offer a draw.")),
            ("4-9", Some(13), true)
        );
    }

    #[test]
    fn english_and_russian_commands_are_read() {
        let cases: &[(&str, Intent)] = &[
            ("draw?", Intent::OfferDraw),
            ("ничья", Intent::OfferDraw),
            ("предлагаю ничью", Intent::OfferDraw),
            ("accept", Intent::AcceptDraw),
            (
                "I accept the draw. Thanks for the game, Olga.",
                Intent::AcceptDraw,
            ),
            ("Согласна на ничью. Спасибо сопернику.", Intent::AcceptDraw),
            ("принимаю", Intent::AcceptDraw),
            ("Draw accepted", Intent::AcceptDraw),
            ("decline", Intent::DeclineDraw),
            ("отказ", Intent::DeclineDraw),
            ("отклоняю", Intent::DeclineDraw),
            ("не согласен", Intent::DeclineDraw),
            ("resign", Intent::Resign),
            ("Сдаюсь. Спасибо за партию!", Intent::Resign),
            ("I give up", Intent::Resign),
            ("claim", Intent::ClaimDraw { mv: None }),
            ("требую ничью", Intent::ClaimDraw { mv: None }),
            ("заявляю ничью", Intent::ClaimDraw { mv: None }),
            ("status", Intent::Status),
            ("Статус, пожалуйста", Intent::Status),
            ("history", Intent::History),
            ("история", Intent::History),
            ("help", Intent::Help),
            ("помощь", Intent::Help),
        ];
        for (text, want) in cases {
            assert_eq!(draughts(text), std::slice::from_ref(want), "{text}");
        }
    }

    #[test]
    fn a_claim_carries_the_move_that_repeats() {
        let got = draughts("claim draw: e3-d4");
        let [Intent::ClaimDraw { mv: Some(mv) }] = got.as_slice() else {
            panic!("{got:?}")
        };
        assert_eq!(mv.text, "e3-d4");
    }

    #[test]
    fn leave_takes_two_dates() {
        let from = NaiveDate::from_ymd_opt(2026, 12, 20).unwrap();
        let to = NaiveDate::from_ymd_opt(2027, 1, 3).unwrap();
        assert_eq!(
            draughts("leave 2026-12-20 2027-01-03"),
            [Intent::Leave { from, to }]
        );
        assert_eq!(
            draughts("Отпуск 20.12.2026 03.01.2027"),
            [Intent::Leave { from, to }]
        );
        assert_eq!(
            draughts("leave 2027-01-03 2026-12-20"),
            [Intent::Leave { from: to, to: from }]
        );
    }

    #[test]
    fn chit_chat_is_ignored() {
        for text in [
            "Получила, спасибо. Позиция непростая, подумаю до выходных и пришлю ход.",
            "Thanks for the help with the rules!",
            "Я в отпуске до 24 марта включительно",
            "Здравствуйте, Заочка.",
        ] {
            assert_eq!(
                draughts(text),
                [Intent::Unrecognised(Unrecognised::NoCommand)],
                "{text}"
            );
        }
        assert_eq!(
            draughts("  \n"),
            [Intent::Unrecognised(Unrecognised::NoText)]
        );
    }

    #[test]
    fn lines_for_other_games_go_to_those_games() {
        let cx = Context {
            game: Some(GameId(12)),
            syntax: MoveSyntax::Draughts,
            other_games: &[(GameId(21), MoveSyntax::Chess)],
        };
        let got = read_intents(
            "#12: 18. f2-e3\n#15: 7... e7:g5:e3:c1\n21: Nf3\n",
            "Re: [zaochka #12] Your move",
            &cx,
        );
        let summary: Vec<(Option<i64>, String)> = got
            .iter()
            .map(|a| match &a.intent {
                Intent::Move { mv, .. } => (a.game.map(|g| g.0), mv.text.clone()),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            summary,
            [
                (Some(12), "f2-e3".to_string()),
                (Some(15), "e7:g5:e3:c1".to_string()),
                (Some(21), "Nf3".to_string())
            ]
        );
    }

    #[test]
    fn the_subject_counts_only_when_it_holds_nothing_else() {
        assert_eq!(
            one_move(&read("", "Re: [zaochka #23] a3-b4", MoveSyntax::Draughts)),
            ("a3-b4", None, false)
        );
        assert_eq!(
            read("", "[zaochka #21] history", MoveSyntax::Chess),
            [Intent::History]
        );
        assert_eq!(
            read("", "Re: [zaochka #22] Your move (Chess)", MoveSyntax::Chess),
            [Intent::Unrecognised(Unrecognised::NoText)]
        );
        assert_eq!(
            read(
                "",
                "Re: [zaochka #12] Draw offered by Black",
                MoveSyntax::Draughts
            ),
            [Intent::Unrecognised(Unrecognised::NoText)]
        );
    }

    #[test]
    fn the_same_intent_in_subject_and_body_counts_once() {
        assert_eq!(
            read("history", "[zaochka #12] history", MoveSyntax::Chess),
            [Intent::History]
        );
        assert_eq!(
            one_move(&read(
                "19. g3-h4",
                "Re: [zaochka #12] g3-h4",
                MoveSyntax::Draughts
            )),
            ("g3-h4", Some(19), false)
        );
    }

    #[test]
    fn two_different_moves_for_one_game_are_not_guessed_between() {
        assert_eq!(
            draughts("e3-d4\nc3-b4"),
            [Intent::Unrecognised(Unrecognised::SeveralMoves(vec![
                "e3-d4".into(),
                "c3-b4".into()
            ]))]
        );
    }

    #[test]
    fn chess_marks_after_a_space_stay_with_their_move() {
        for (text, want) in [
            ("exd6 e.p.", "exd6 e.p."),
            ("Мой ход: exd6 в.п.", "exd6 в.п."),
            ("Qh7 †", "Qh7 †"),
            ("e4 ?!", "e4 ?!"),
            ("Ф:h2Х", "Ф:h2Х"),
            ("пe4", "пe4"),
            ("e8(Q)", "e8(Q)"),
        ] {
            let got = read(text, "", MoveSyntax::Chess);
            assert!(
                matches!(&got[..], [Intent::Move { mv, .. }] if mv.text == want),
                "{text}: {got:?}"
            );
        }
    }

    #[test]
    fn chess_moves_with_russian_piece_letters_are_read() {
        assert_eq!(
            one_move(&read("4. Кр e1-f1", "", MoveSyntax::Chess)),
            ("Кр e1-f1", Some(4), false)
        );
        assert_eq!(
            one_move(&read("Nf3", "", MoveSyntax::Chess)),
            ("Nf3", None, false)
        );
        assert_eq!(
            one_move(&read("2... d6", "", MoveSyntax::Chess)),
            ("d6", Some(2), false)
        );
    }

    /// The total size of what was read: every excerpt and every move text.
    fn output_bytes(got: &[Addressed]) -> usize {
        got.iter()
            .map(|a| {
                a.line.len()
                    + match &a.intent {
                        Intent::Move { mv, .. } => mv.text.len(),
                        Intent::Unrecognised(Unrecognised::SeveralMoves(m)) => {
                            m.iter().map(String::len).sum()
                        }
                        Intent::Unrecognised(Unrecognised::LeaveDates(t)) => t.len(),
                        _ => 0,
                    }
            })
            .sum()
    }

    #[test]
    fn a_line_of_a_million_repeated_moves_gives_one_move_with_a_short_excerpt() {
        for mib in [1, 4] {
            let line = "cd4 ".repeat(mib * 1024 * 1024 / 4);
            let cx = Context::single(Some(GameId(12)), MoveSyntax::Draughts);
            let got = read_intents(&line, &line, &cx);
            assert_eq!(got.len(), 1, "{mib} MiB");
            assert!(matches!(&got[0].intent, Intent::Move { mv, .. } if mv.text == "cd4"));
            assert!(got[0].line.len() <= LINE_EXCERPT_BYTES + '…'.len_utf8());
            assert!(got[0].line.ends_with('…'));
        }
    }

    #[test]
    fn many_distinct_requests_on_one_line_stay_linear_in_output() {
        // Distinct leaves and distinct moves: each read once, each with the
        // short excerpt, never the whole line per item.
        let mut line = String::new();
        for d in 1..=28 {
            for m in 1..=12 {
                line.push_str(&format!("leave 2026-{m:02}-{d:02} 2027-01-01; "));
            }
        }
        for f in ["a", "c", "e", "g"] {
            for r in 1..=8 {
                line.push_str(&format!("{f}{r}-b{r}, "));
            }
        }
        let line = line.repeat(8);
        let cx = Context::single(Some(GameId(12)), MoveSyntax::Draughts);
        let got = read_intents(&line, "", &cx);
        let leaves = got
            .iter()
            .filter(|a| matches!(a.intent, Intent::Leave { .. }))
            .count();
        assert_eq!(leaves, 28 * 12);
        let several = got
            .iter()
            .filter(|a| {
                matches!(
                    a.intent,
                    Intent::Unrecognised(Unrecognised::SeveralMoves(_))
                )
            })
            .count();
        assert_eq!(several, 1);
        let bound = got.len() * (LINE_EXCERPT_BYTES + 3) + line.len();
        assert!(
            output_bytes(&got) <= bound,
            "{} > {bound}",
            output_bytes(&got)
        );
    }

    #[test]
    fn a_huge_word_is_not_tried_as_a_move() {
        let word = "e4!".repeat(1 << 20);
        assert_eq!(
            read(&word, "", MoveSyntax::Chess),
            [Intent::Unrecognised(Unrecognised::NoCommand)]
        );
        let word = "1x".repeat(1 << 20);
        assert_eq!(
            draughts(&word),
            [Intent::Unrecognised(Unrecognised::NoCommand)]
        );
    }

    #[test]
    fn command_words_are_recognised_with_punctuation() {
        assert!(is_command_word("Draw?"));
        assert!(is_command_word("«Сдаюсь»"));
        assert!(!is_command_word("Mikhail"));
    }
}
