//! Xfcc (XfccBasic, the SOAP protocol of correspondence chess servers) as
//! the referee sees it: a player's games as typed records ([`my_games`]) and
//! one `MakeAMove` decided by the one intake ([`make_a_move`]:
//! [`crate::referee::intake::decide`], then [`crate::referee::handle`]), so
//! that a move sent by a desktop program has the outcome the same move by
//! mail has. The endpoint (an edge) parses, authenticates, calls and writes
//! the answer; the result codes ([`Code`]) are decided here.
//!
//! Exactly once: `movecount` is the move number of the move sent (the
//! full-move number, Black's as well); a move sent again with the number of
//! the mover's last move, and the same move, changes nothing and answers
//! [`Code::Success`]; any other number not due answers
//! [`Code::InvalidMoveNumber`].

use chrono::{DateTime, Utc};

use crate::clock::Limit;
use crate::notation::move_number::MoveNumber;
use crate::referee::intake::{Decision, Said, decide, first_move};
use crate::referee::load::{load, replay};
use crate::referee::{Handled, RefereeError, Source, handle};
use crate::rules::{Color, Variant};
use crate::store::games::{self, GameFilter};
use crate::store::{Tx, moves, offers};
use crate::vocabulary::{GameId, GameResult, GameStatus, PlayerId, Termination};

/// The result codes of `MakeAMove` (XfccBasic's `MakeAMoveResult`
/// enumeration, every value as the servers' WSDL lists it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// The action was applied (or was applied already: a request sent again).
    Success,
    /// The server failed (the database); nothing was changed.
    ServerError,
    /// The request asks for something this server does not do (a message
    /// alone: zaochka relays no chat).
    FeatureUnavailable,
    /// Unknown user name, wrong password, or too many failures lately.
    AuthenticationFailed,
    /// No game has this id.
    InvalidGameID,
    /// The game is not the user's.
    NotYourGame,
    /// It is the opponent's move (or the game does not go on).
    NotYourTurn,
    /// `movecount` is not the move number due.
    InvalidMoveNumber,
    /// The move is unreadable or illegal.
    InvalidMove,
    /// A draw accepted (or declined) when none was offered.
    NoDrawWasOffered,
    /// The move came after the deadline: the mover lost on time.
    LostOnTime,
    /// The player is on leave, and the tournament lets no one move on leave.
    YouAreOnLeave,
    /// The move fits several legal moves.
    MoveIsAmbiguous,
}

impl Code {
    /// Every code, in the WSDL's order.
    pub const ALL: [Code; 13] = [
        Code::Success,
        Code::ServerError,
        Code::FeatureUnavailable,
        Code::AuthenticationFailed,
        Code::InvalidGameID,
        Code::NotYourGame,
        Code::NotYourTurn,
        Code::InvalidMoveNumber,
        Code::InvalidMove,
        Code::NoDrawWasOffered,
        Code::LostOnTime,
        Code::YouAreOnLeave,
        Code::MoveIsAmbiguous,
    ];

    /// The code as the protocol writes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Code::Success => "Success",
            Code::ServerError => "ServerError",
            Code::FeatureUnavailable => "FeatureUnavailable",
            Code::AuthenticationFailed => "AuthenticationFailed",
            Code::InvalidGameID => "InvalidGameID",
            Code::NotYourGame => "NotYourGame",
            Code::NotYourTurn => "NotYourTurn",
            Code::InvalidMoveNumber => "InvalidMoveNumber",
            Code::InvalidMove => "InvalidMove",
            Code::NoDrawWasOffered => "NoDrawWasOffered",
            Code::LostOnTime => "LostOnTime",
            Code::YouAreOnLeave => "YouAreOnLeave",
            Code::MoveIsAmbiguous => "MoveIsAmbiguous",
        }
    }

    /// The code of a refusal by the referee.
    #[must_use]
    pub fn of_refusal(e: &RefereeError) -> Code {
        use crate::clock::LeaveError;
        use crate::games::MoveErrorKind;
        use crate::referee::game_clocks::ClockError;
        match e {
            RefereeError::UnknownGame(_) => Code::InvalidGameID,
            RefereeError::NotInGame(_) | RefereeError::NotPlayerOf(..) => Code::NotYourGame,
            RefereeError::Move(m) => match m.kind {
                MoveErrorKind::Ambiguous(_) | MoveErrorKind::AmbiguousChess(_) => {
                    Code::MoveIsAmbiguous
                }
                _ => Code::InvalidMove,
            },
            RefereeError::NoPendingOffer | RefereeError::OwnOffer => Code::NoDrawWasOffered,
            RefereeError::WrongMoveNumber { .. } => Code::InvalidMoveNumber,
            RefereeError::Clock(ClockError::Leave(LeaveError::OnLeave { .. })) => {
                Code::YouAreOnLeave
            }
            RefereeError::Clock(ClockError::Move(crate::clock::MoveClockError::Late {
                ..
            })) => Code::LostOnTime,
            RefereeError::Store(_) | RefereeError::Corrupt(..) => Code::ServerError,
            RefereeError::NotYourTurn
            | RefereeError::GameOver(..)
            | RefereeError::NotActive(..)
            | RefereeError::ClaimNotOnTurn
            | RefereeError::Tournament(_)
            | RefereeError::Clock(_) => Code::NotYourTurn,
            _ => Code::InvalidMove,
        }
    }
}

/// One `MakeAMove` (or `MakeAMove2`) as sent, its flags read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveRequest {
    /// The game.
    pub game: i64,
    /// The game is resigned.
    pub resign: bool,
    /// The opponent's draw offer is accepted.
    pub accept_draw: bool,
    /// The move number of `my_move` (its full-move number).
    pub movecount: u32,
    /// The move (SAN for chess, PDN for draughts); empty for an action alone.
    pub my_move: String,
    /// A draw is offered (with the move, or alone).
    pub offer_draw: bool,
    /// A draw is claimed (with the move that would produce it, if any).
    pub claim_draw: bool,
    /// The mover's words (`myMessage`): a claim's analysis with a claim,
    /// else passed on to the opponent with the act ([`players_words`]).
    pub message: String,
}

/// What `MakeAMove` did.
#[derive(Debug)]
pub enum Made {
    /// Applied: the referee's replies are to be queued in the same
    /// transaction. A move past the deadline is applied as the loss on time
    /// it is ([`Handled::late`]) and answers [`Code::LostOnTime`].
    Applied(Handled),
    /// The same move sent again: nothing changes, the answer is
    /// [`Code::Success`].
    Repeated,
    /// Refused before anything was written.
    Refused(Code),
}

impl Made {
    /// The answer's code.
    #[must_use]
    pub fn code(&self) -> Code {
        match self {
            Made::Applied(h) if h.late.is_some() => Code::LostOnTime,
            Made::Applied(_) | Made::Repeated => Code::Success,
            Made::Refused(c) => *c,
        }
    }
}

/// Decides and applies one `MakeAMove` from `actor` at `now` (module doc).
///
/// # Errors
/// A [`RefereeError`] when the referee refuses (the caller rolls back and
/// answers [`Code::of_refusal`]) or the database fails.
pub fn make_a_move(
    tx: &Tx<'_>,
    actor: PlayerId,
    request: &MoveRequest,
    now: DateTime<Utc>,
) -> Result<Made, RefereeError> {
    let game = GameId(request.game);
    let row = crate::referee::load::row(tx, game)?;
    let Some(mine) = row.side_of(actor) else {
        return Ok(Made::Refused(Code::NotYourGame));
    };
    let text = request.my_move.trim().to_string();
    let number = MoveNumber {
        number: request.movecount,
        black: mine == Color::Black,
    };
    let said = if request.resign {
        Said::Resign
    } else if request.claim_draw {
        Said::ClaimDraw {
            number: (!text.is_empty()).then_some(number),
            text: (!text.is_empty()).then(|| text.clone()),
            analysis: request.message.clone(),
        }
    } else if !text.is_empty() {
        Said::Move {
            text: text.clone(),
            number: Some(number),
            offer_draw: request.offer_draw,
        }
    } else if request.accept_draw {
        if !matches!(offers::pending(tx, game)?, Some(o) if o.side != mine) {
            return Ok(Made::Refused(Code::NoDrawWasOffered));
        }
        Said::AcceptDraw
    } else if request.offer_draw {
        Said::OfferDraw
    } else {
        return Ok(Made::Refused(Code::FeatureUnavailable));
    };
    let command = match decide(tx, game, actor, &said)? {
        Decision::Apply(c) => c,
        Decision::Stale(m) => {
            return Ok(if repeats_last_move(tx, &row, mine, m.written, &text)? {
                Made::Repeated
            } else {
                Made::Refused(Code::InvalidMoveNumber)
            });
        }
        Decision::Ahead(_) => {
            return Ok(Made::Refused(
                if row.status == GameStatus::Active && to_move(tx, &row)? != mine {
                    Code::NotYourTurn
                } else {
                    Code::InvalidMoveNumber
                },
            ));
        }
        Decision::OtherSideResigns | Decision::NothingToDecline => {
            return Ok(Made::Refused(Code::NoDrawWasOffered));
        }
    };
    let mut handled = handle(tx, &command, actor, now, Source::default())?;
    // The mover's words go with the opponent's mail of the act (a claim
    // keeps them as its analysis instead).
    if !request.claim_draw
        && let Some(text) = players_words(&request.message)
    {
        let opponent = match mine {
            Color::White => row.black,
            Color::Black => row.white,
        };
        let name = crate::store::players::get(tx, actor)?.name;
        for r in handled.replies.iter_mut().filter(|r| r.to == opponent) {
            r.notes.push(crate::referee::told::Note::PlayersMessage {
                name: name.clone(),
                side: mine,
                text: text.clone(),
            });
        }
        let plies = moves::last_ply(tx, game)?;
        crate::store::xfcc::set_message(tx, game, mine, &text, plies, now)?;
    }
    Ok(Made::Applied(handled))
}

/// The most characters of a player's words kept ([`players_words`]).
pub const MESSAGE_MAX_CHARS: usize = 1000;

/// The most lines of a player's words kept ([`players_words`]).
pub const MESSAGE_MAX_LINES: usize = 20;

/// A player's words (`myMessage`) as they are passed on: control characters
/// dropped (a tab becomes a space; line breaks `\r\n`, `\r` and `\n` are
/// one line break), each line's trailing spaces and the blank lines at
/// either end cut, then at most [`MESSAGE_MAX_LINES`] lines and
/// [`MESSAGE_MAX_CHARS`] characters, `…` marking a cut. `None`: nothing is
/// left.
#[must_use]
pub fn players_words(message: &str) -> Option<String> {
    let unified = message.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<String> = unified
        .split('\n')
        .map(|l| {
            l.chars()
                .map(|c| if c == '\t' { ' ' } else { c })
                .filter(|c| !c.is_control() && !is_format_control(*c))
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect();
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
    let kept = &lines[first..=last];
    let mut cut = kept.len() > MESSAGE_MAX_LINES;
    let mut text = kept[..kept.len().min(MESSAGE_MAX_LINES)].join("\n");
    if text.chars().count() > MESSAGE_MAX_CHARS {
        text = text.chars().take(MESSAGE_MAX_CHARS).collect();
        cut = true;
    }
    if cut {
        text = format!("{}…", text.trim_end());
    }
    Some(text)
}

/// Unicode format characters that change how text around them is shown
/// (bidirectional overrides and isolates, zero-width joiners aside).
fn is_format_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{FEFF}')
}

/// The side to move in a stored game.
fn to_move(tx: &Tx<'_>, row: &games::Game) -> Result<Color, RefereeError> {
    let (first_side, first_number) = first_move(row)?;
    let plies = moves::last_ply(tx, row.id)? as usize;
    Ok(crate::notation::record::move_number_of(plies, first_side, first_number).1)
}

/// Whether `text`, numbered `written`, is the move `side` played at that
/// number: the same move (read in the position it was played in) as the
/// stored ply.
fn repeats_last_move(
    tx: &Tx<'_>,
    row: &games::Game,
    side: Color,
    written: MoveNumber,
    text: &str,
) -> Result<bool, RefereeError> {
    if text.is_empty() {
        return Ok(false);
    }
    let (first_side, first_number) = first_move(row)?;
    let stored = moves::list(tx, row.id)?;
    let Some(index) = (0..stored.len()).rev().find(|&i| {
        crate::notation::record::move_number_of(i, first_side, first_number)
            == (written.number, side)
    }) else {
        return Ok(false);
    };
    // Only the mover's last move is a request sent again.
    if stored[index + 1..].iter().any(|m| m.side == side) {
        return Ok(false);
    }
    let before = replay(row, &stored, index)?;
    Ok(before
        .check(text)
        .is_ok_and(|played| played.full == stored[index].notation))
}

/// Keeps `hash` as the actor's Xfcc password and answers with `password`
/// (a new password asked for by mail).
///
/// # Errors
/// Database failures.
pub(crate) fn set_password(
    tx: &Tx<'_>,
    actor: PlayerId,
    password: &str,
    hash: &str,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    crate::store::xfcc::set_password(tx, actor, hash, now)?;
    let me = crate::store::players::get(tx, actor)?;
    Ok(Handled {
        game: None,
        replies: vec![crate::referee::query::reply_told(
            &me,
            None,
            crate::referee::told::Told::XfccPassword {
                password: password.to_string(),
            },
        )],
        summary: crate::referee::told::Account::Reply,
        late: None,
    })
}

/// How a game stands, as Xfcc's `result` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// In play (or paused, adjourned).
    Ongoing,
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
    /// White won by a referee's decision.
    WhiteWinAdjudicated,
    /// Black won by a referee's decision.
    BlackWinAdjudicated,
    /// Drawn by a referee's decision.
    DrawAdjudicated,
    /// Frozen at the end of the playing period, waiting for adjudication.
    AdjudicationPending,
    /// Annulled.
    Cancelled,
}

impl Standing {
    /// The value as the protocol writes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Standing::Ongoing => "Ongoing",
            Standing::WhiteWins => "WhiteWins",
            Standing::BlackWins => "BlackWins",
            Standing::Draw => "Draw",
            Standing::WhiteWinAdjudicated => "WhiteWinAdjudicated",
            Standing::BlackWinAdjudicated => "BlackWinAdjudicated",
            Standing::DrawAdjudicated => "DrawAdjudicated",
            Standing::AdjudicationPending => "AdjudicationPending",
            Standing::Cancelled => "Cancelled",
        }
    }
}

/// One game as `GetMyGames` returns it (XfccBasic's `XfccGame`, with the
/// draughts profile's `variant` and `gameType`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XfccGame {
    /// The game's number.
    pub id: i64,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The tournament's name, or the unnamed event of a record.
    pub event: String,
    /// Always `zaochka`.
    pub site: String,
    /// The day the game was made, `YYYY.MM.DD`.
    pub event_date: String,
    /// The tournament round, if any.
    pub round: Option<u32>,
    /// The tournament board, if any.
    pub board: Option<u32>,
    /// The user is to move in a game in play.
    pub my_turn: bool,
    /// The user plays White.
    pub has_white: bool,
    /// The user's time left, in seconds (0 when none is left; `None`: no
    /// time control).
    pub player_seconds: Option<i64>,
    /// The opponent's time left, as `player_seconds`.
    pub opponent_seconds: Option<i64>,
    /// The movetext (SAN for chess, PDN for draughts), numbered, without
    /// the result.
    pub moves: String,
    /// The words the opponent sent with their act from a desktop program
    /// (`myMessage`), while the game has no later ply.
    pub message: Option<String>,
    /// The opponent's draw offer stands.
    pub draw_offered: bool,
    /// How the game stands.
    pub result: Standing,
    /// The time control as PGN writes it: `moves/seconds` or
    /// `seconds+seconds` (`None`: none).
    pub time_control: Option<String>,
    /// The game: `chess`, `russian`, `international`, `bashni`, `lasca`.
    pub variant: &'static str,
    /// The PDN `GameType` of a draughts game.
    pub game_type: Option<&'static str>,
    /// The start position is not the standard one (chess), or the game is
    /// draughts (its start is always given).
    pub setup: bool,
    /// The start position's FEN (PDN FEN for draughts).
    pub fen: String,
    /// The position now, as FEN.
    pub current_fen: String,
}

/// The time control as PGN's `TimeControl` writes a correspondence one.
#[must_use]
pub fn time_control_text(limit: Limit) -> String {
    const DAY: u64 = 86_400;
    match limit {
        Limit::DaysPerMove { days } => format!("1/{}", u64::from(days) * DAY),
        Limit::MovesInDays { moves, days } => format!("{moves}/{}", u64::from(days) * DAY),
        Limit::Fischer {
            base_days,
            increment_days,
            ..
        } => format!(
            "{}+{}",
            u64::from(base_days) * DAY,
            u64::from(increment_days) * DAY
        ),
    }
}

/// Every game of `player` that is in play, or finished within the last 30
/// days, as of `now`, oldest first.
///
/// # Errors
/// Database failures; a stored game whose record no longer replays.
pub fn my_games(
    tx: &Tx<'_>,
    player: PlayerId,
    now: DateTime<Utc>,
) -> Result<Vec<XfccGame>, RefereeError> {
    let rows = games::list(
        tx,
        &GameFilter {
            player: Some(player),
            ..GameFilter::default()
        },
    )?;
    let mut out = Vec::new();
    for row in rows {
        let finished_long_ago = row
            .finished_at
            .is_some_and(|f| now - f > chrono::TimeDelta::days(30));
        if finished_long_ago {
            continue;
        }
        let Some(mine) = row.side_of(player) else {
            continue;
        };
        let l = load(tx, row.id, now)?;
        let offer = offers::pending(tx, row.id)?;
        let record = crate::referee::query::record_text(
            &l.row,
            l.seat.as_ref(),
            &l.players,
            l.game.as_ref(),
        );
        let seconds = |side: Color| {
            l.clocks
                .as_ref()
                .map(|c| c[usize::from(side == Color::Black)].left_seconds.max(0))
        };
        let variant = l.row.variant;
        out.push(XfccGame {
            id: l.row.id.0,
            white: l.players[0].name.clone(),
            black: l.players[1].name.clone(),
            event: l
                .row
                .tournament
                .clone()
                .unwrap_or_else(|| crate::notation::pdn::UNNAMED_EVENT.into()),
            site: "zaochka".into(),
            event_date: l.row.created_at.format("%Y.%m.%d").to_string(),
            round: l.seat.as_ref().map(|s| s.round),
            board: l.seat.as_ref().map(|s| s.board),
            my_turn: l.row.status == GameStatus::Active && !l.frozen && l.game.turn() == mine,
            has_white: mine == Color::White,
            player_seconds: seconds(mine),
            opponent_seconds: seconds(mine.opposite()),
            moves: movetext(&record),
            message: crate::store::xfcc::message(tx, row.id, mine.opposite())?
                .filter(|(_, plies)| *plies == l.moves.len() as u32)
                .map(|(text, _)| text),
            draw_offered: offer.is_some_and(|o| o.side != mine),
            result: standing(&l.row, l.frozen),
            time_control: l.row.time_control.map(|c| time_control_text(c.limit())),
            variant: variant.name(),
            game_type: variant.pdn_game_type(),
            setup: variant != Variant::Chess || l.row.start_fen.is_some(),
            fen: l.game.start_fen(),
            current_fen: l.game.fen(),
        });
    }
    Ok(out)
}

/// The movetext of a record: what follows its tags, without the result.
fn movetext(record: &str) -> String {
    let body = record.split_once("\n\n").map_or(record, |(_, b)| b).trim();
    let body = ["1/2-1/2", "1-0", "0-1", "2-0", "0-2", "1-1", "*"]
        .iter()
        .find_map(|r| body.strip_suffix(r))
        .unwrap_or(body);
    body.trim().to_string()
}

/// How a stored game stands.
fn standing(row: &games::Game, frozen: bool) -> Standing {
    let adjudicated = row.termination == Some(Termination::Adjudication);
    match (row.status, row.result) {
        (GameStatus::Annulled, _) => Standing::Cancelled,
        (_, Some(GameResult::WhiteWins)) if adjudicated => Standing::WhiteWinAdjudicated,
        (_, Some(GameResult::BlackWins)) if adjudicated => Standing::BlackWinAdjudicated,
        (_, Some(GameResult::Draw)) if adjudicated => Standing::DrawAdjudicated,
        (_, Some(GameResult::WhiteWins)) => Standing::WhiteWins,
        (_, Some(GameResult::BlackWins)) => Standing::BlackWins,
        (_, Some(GameResult::Draw)) => Standing::Draw,
        _ if frozen => Standing::AdjudicationPending,
        _ => Standing::Ongoing,
    }
}

#[cfg(test)]
mod tests {
    use super::{MESSAGE_MAX_CHARS, MESSAGE_MAX_LINES, players_words};

    #[test]
    fn a_players_words_lose_control_characters_and_blank_ends_and_keep_their_lines() {
        assert_eq!(
            players_words("\r\n\n Good\u{7} luck!\t\u{1b}[31mred  \r\nsecond\u{202E}\r\r\n")
                .as_deref(),
            Some(" Good luck! [31mred\nsecond")
        );
        assert_eq!(players_words(" \n\t\r\n"), None);
        assert_eq!(players_words(""), None);
    }

    #[test]
    fn a_players_words_are_cut_at_the_most_lines_and_characters_with_an_ellipsis() {
        let many: Vec<String> = (1..=30).map(|n| format!("line {n}")).collect();
        let kept = players_words(&many.join("\n")).unwrap();
        assert_eq!(kept.lines().count(), MESSAGE_MAX_LINES);
        assert!(kept.ends_with("line 20…"), "{kept}");
        let long = "ü".repeat(MESSAGE_MAX_CHARS + 50);
        let kept = players_words(&long).unwrap();
        assert_eq!(kept.chars().count(), MESSAGE_MAX_CHARS + 1);
        assert!(kept.ends_with('…'));
        let exact = "x".repeat(MESSAGE_MAX_CHARS);
        assert_eq!(players_words(&exact).as_deref(), Some(exact.as_str()));
    }
}
