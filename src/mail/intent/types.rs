//! The types of what a mail asks for: move syntax and text, intents, their
//! source and game, the reader's context, and the size limits.

use chrono::NaiveDate;

use crate::mail::chess_token;
use crate::notation::chess_move::WrittenChessMove;
use crate::notation::parse_move;
use crate::notation::written::WrittenMove;
use crate::vocabulary::{GameId, Language};

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
    pub(super) fn key(&self) -> String {
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
    /// A daily digest asked for at an hour that is none from 0 to 23 (the
    /// words after `в`/`at` as written, empty when none follow).
    #[error("a digest at no hour from 0 to 23: \"{}\"", crate::printable::printable(.0))]
    DigestHour(String),
}

/// An act that changes a game's result or its draw offers, as the mail
/// reader names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// Offer a draw.
    Offer,
    /// Accept the opponent's draw offer.
    Accept,
    /// Decline the opponent's draw offer.
    Decline,
    /// Resign the game.
    Resign,
    /// Claim a draw (or a result at adjudication).
    Claim,
    /// Take a move back (never an act: a move sent stands).
    Takeback,
}

/// Why words that name an act, or a move, were not taken as making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Doubt {
    /// Asked as a question (`Ничья?`, `А если c3-d4?`).
    Question,
    /// Negated or refused (`ничью не предлагаю`, `Ничья — ни за что`).
    Negation,
    /// Said under a condition or as a hypothesis (`если вы предложите ничью`,
    /// `я бы сдался`).
    Condition,
    /// Someone else's words or move, or reported speech (`вы предлагали
    /// ничью`, `your cd4`, `he said draw`).
    Reported,
    /// Inside quotation marks.
    Quoted,
    /// Said as a joke (`Сдаюсь! Шучу`).
    Joke,
    /// A bare draw hedged as an opinion (`может, ничья`, `I think it's a
    /// draw`).
    Hedge,
    /// About the past or another game (`в прошлой партии`, `was`).
    Elsewhere,
    /// A form that only talks about the act (`сдаться`, `предложили`,
    /// `переходить`).
    Mention,
    /// Contradicted by the rest of the mail (a resignation beside a move,
    /// an acceptance beside `играем дальше`): nothing of it is done.
    Contradiction,
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
    /// A side named as resigning (`Белые сдаются`, `Black resigns`): a
    /// resignation when the sender plays that side.
    SideResigns(crate::rules::Color),
    /// Words that say the game goes on (`играем дальше`, `I'll play on`),
    /// with nothing else: they decline the opponent's pending offer.
    PlayOn,
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
    /// Ask for the tournament bulletins (`wanted`) or for none.
    Bulletins {
        /// Bulletins wanted (`бюллетени`) or not (`без бюллетеней`).
        wanted: bool,
    },
    /// How the player hears of the opponents' moves: one mail a day (the
    /// digest, `сводка в 8`) or a mail for every move (`каждый ход`).
    MoveMails(crate::clock::digest::MoveMails),
    /// Ask for the calendar of the player's deadlines (an `.ics` file).
    Calendar,
    /// Ask for a new Xfcc password (`пароль xfcc`, `xfcc password`),
    /// mailed to the sender's registered address.
    XfccPassword,
    /// Withdraw from the tournament the player plays in (a statement:
    /// the referee asks for a confirmation before anything is done).
    Withdraw,
    /// Ask how to withdraw from a tournament, or whether one may.
    HowToWithdraw,
    /// Confirm a withdrawal with the code the terms gave
    /// (`подтверждаю выход 12345678`): the referee applies it.
    ConfirmWithdrawal {
        /// The code as written (`None`: the confirmation holds none).
        code: Option<u32>,
    },
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
    /// Ask for the legal moves of the side to move.
    LegalMoves,
    /// Ask why a move is legal or refused in the current position.
    Why {
        /// The move as written.
        text: String,
    },
    /// Ask for the game's rules summary.
    Rules,
    /// Seal a move in an adjourned game.
    Seal {
        /// The sealed move as written.
        text: String,
    },
    /// Words that name an act without making it (a question, a negation, a
    /// condition ...): nothing is done, and the reply says so and how to
    /// make the act.
    Unsaid {
        /// The act named.
        act: Act,
        /// Why it was not taken.
        doubt: Doubt,
    },
    /// A move named but not played (`your cd4 was a mistake`, `А если
    /// c3-d4?`, a move beside a resignation).
    NamedMove {
        /// The move as written.
        text: String,
        /// Why it was not played.
        doubt: Doubt,
    },
    /// A word that looks like a move but reads as none in the game's
    /// notation (`c3-x9`, `Kc9-b8`): answered, never dropped.
    UnreadMove {
        /// The word as written.
        text: String,
    },
    /// A move typed in the other keyboard layout (`у7-а6` for `e7-f6`):
    /// never played unasked; the reply names the move it would be.
    OtherLayout {
        /// The word as written.
        written: String,
        /// The move it is in the Latin layout.
        meant: String,
    },
    /// Conditional moves: give lines, cancel or list them
    /// ([`crate::mail::conditional`]); one per game and mail, after its other intents.
    Conditional(crate::mail::conditional::Request),
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
    /// The day the mail was received, in the player's zone: a leave date
    /// written without a year is the next such day from it.
    pub today: NaiveDate,
    /// The player's language: in English a day and a month in numbers
    /// (`10/12`) are not read, since they may be written either way round.
    pub language: Language,
}

impl<'a> Context<'a> {
    /// A context for one game with no others, on today's date (UTC) for an
    /// English reader (see [`Context::on`]).
    #[must_use]
    pub fn single(game: Option<GameId>, syntax: MoveSyntax) -> Context<'static> {
        Context {
            game,
            syntax,
            other_games: &[],
            today: chrono::Utc::now().date_naive(),
            language: Language::En,
        }
    }

    /// The same context on `today` for a reader of `language`.
    #[must_use]
    pub fn on(self, today: NaiveDate, language: Language) -> Context<'a> {
        Context {
            today,
            language,
            ..self
        }
    }

    pub(super) fn syntax_of(&self, game: Option<GameId>) -> MoveSyntax {
        game.and_then(|g| {
            self.other_games
                .iter()
                .find(|(og, _)| *og == g)
                .map(|(_, s)| *s)
        })
        .unwrap_or(self.syntax)
    }
}
