//! Game creation, the one service the command line, the daemon and
//! tournaments use: it checks the start position and the opening against the
//! rules, creates the game with its clocks and writes the invitations, all in
//! the caller's transaction.

use crate::referee::{OpeningUnread, StartRefusal};
use chrono::{DateTime, Utc};

use super::{RefereeError, Reply};
use crate::clock::TimeControl;
use crate::games::{self, AnyGame};
use crate::notation::parse_line;
use crate::rules::Variant;
use crate::store::Tx;
use crate::store::games::{self as game_rows, Game, NewGame};
use crate::store::moves::{self, NewMove};
use crate::vocabulary::PlayerId;

/// A game to create.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSpec {
    /// The game played.
    pub variant: Variant,
    /// White's player.
    pub white: PlayerId,
    /// Black's player.
    pub black: PlayerId,
    /// A set-up position (FEN) to start from; `None`: the initial position.
    pub start_fen: Option<String>,
    /// Opening moves played at once from the start (a ballot `1. cd4 ba5`),
    /// recorded as the game's first plies so that the score shows them.
    pub opening_moves: Option<String>,
    /// The opening's name as the game header shows it (`IDF-64 1-IV`); the
    /// opening moves themselves when `None`.
    pub opening_name: Option<String>,
    /// The time control; `None`: no clocks.
    pub time_control: Option<TimeControl>,
    /// The tournament's name, if the game belongs to one.
    pub tournament: Option<String>,
}

/// A start checked against the rules: the position and the opening's plies
/// (as written, and as the game played them).
pub struct CheckedStart {
    start: Box<dyn AnyGame>,
    plies: Vec<(String, crate::games::PlayedMove)>,
}

impl CheckedStart {
    /// The position after the opening moves.
    #[must_use]
    pub fn position(&self) -> Box<dyn AnyGame> {
        let mut g = self.start.clone_box();
        for (_, m) in &self.plies {
            // Each ply was played on this very start when it was checked.
            let _ = g.play(&m.full);
        }
        g
    }
}

/// Checks a start position and opening moves, without storing anything.
///
/// # Errors
/// [`RefereeError::Start`], with its [`StartRefusal`], for a FEN the variant
/// cannot read, an opening move that is not legal, or a start where the game
/// is already over (a side without pieces or moves, a dead position).
pub fn check_start(
    variant: Variant,
    start_fen: Option<&str>,
    opening_moves: Option<&str>,
) -> Result<CheckedStart, RefereeError> {
    let start = games::new_game(variant, start_fen)
        .map_err(|e| RefereeError::Start(StartRefusal::Setup(e)))?;
    let written: Vec<String> = match opening_moves {
        None => Vec::new(),
        Some(text) => opening_plies(variant, text)?,
    };
    let mut g = start.clone_box();
    let mut plies = Vec::new();
    for text in written {
        let m = g.play(&text).map_err(|error| {
            RefereeError::Start(StartRefusal::OpeningMove {
                text: text.clone(),
                error,
            })
        })?;
        plies.push((text, m));
    }
    let view = g.board_view();
    for side in [crate::rules::Color::White, crate::rules::Color::Black] {
        let owns = |sq: &crate::games::SquareView| sq.pieces.first().is_some_and(|p| p.0 == side);
        if !view.squares.iter().any(owns) {
            // A tower belongs to its top piece: prisoners own nothing.
            return Err(RefereeError::Start(StartRefusal::NoPieces {
                side,
                towers: variant.towers().is_some(),
            }));
        }
    }
    if let Some(end) = g.outcome() {
        return Err(RefereeError::Start(StartRefusal::Over(end)));
    }
    Ok(CheckedStart { start, plies })
}

/// The plies of an opening written as movetext: `1. cd4 ba5 2. dc5` for
/// draughts, SAN `1. e4 e5 2. Nf3` for chess (the PGN reader).
fn opening_plies(variant: Variant, text: &str) -> Result<Vec<String>, RefereeError> {
    let bad = |why: OpeningUnread| {
        RefereeError::Start(StartRefusal::Opening {
            text: text.to_string(),
            why,
        })
    };
    if variant != Variant::Chess {
        return Ok(parse_line(text)
            .map_err(|e| bad(OpeningUnread::Moves(e)))?
            .into_iter()
            .map(|p| p.mv.text)
            .collect());
    }
    match crate::notation::pdn::read_pgn_games(text).next() {
        Some(Ok(g)) => Ok(g.plies.into_iter().map(|p| p.text).collect()),
        Some(Err(e)) => Err(bad(OpeningUnread::Record(e))),
        None => Ok(Vec::new()),
    }
}

/// What [`create`] made.
#[derive(Clone, Debug)]
pub struct Created {
    /// The stored game.
    pub game: Game,
    /// The invitations to both players (the first mail of the game).
    pub invitations: Vec<Reply>,
}

/// Creates the game of `spec` at `now` (UTC): the row, the opening plies, the
/// clocks (started for the side to move), and each player's invitation.
///
/// # Errors
/// [`RefereeError::Start`] for a bad start or opening,
/// [`RefereeError::Retired`] for a retired player,
/// [`RefereeError::Store`] for an unknown player or a database failure.
pub fn create(tx: &Tx<'_>, spec: &GameSpec, now: DateTime<Utc>) -> Result<Created, RefereeError> {
    let checked = check_start(
        spec.variant,
        spec.start_fen.as_deref(),
        spec.opening_moves.as_deref(),
    )?;
    let game = create_checked(tx, spec, &checked, now)?;
    let invitations = invite(tx, &game, now)?;
    Ok(Created { game, invitations })
}

/// The game of `spec` from a start already checked (a tournament checks each
/// ballot once for all the games that start from it): the row, the opening
/// plies and the clocks, without the invitations ([`invite`]).
///
/// # Errors
/// As [`create`].
pub fn create_checked(
    tx: &Tx<'_>,
    spec: &GameSpec,
    checked: &CheckedStart,
    now: DateTime<Utc>,
) -> Result<Game, RefereeError> {
    if spec.white == spec.black {
        return Err(RefereeError::SamePlayer);
    }
    for id in [spec.white, spec.black] {
        refuse_retired(&crate::store::players::get(tx, id)?)?;
    }
    let mut new = NewGame::new(spec.variant, spec.white, spec.black, now);
    new.start_fen = spec.start_fen.as_ref().map(|_| checked.start.start_fen());
    new.opening = spec
        .opening_name
        .clone()
        .or_else(|| spec.opening_moves.clone());
    new.time_control = spec.time_control;
    new.tournament.clone_from(&spec.tournament);
    let row = game_rows::create(tx, &new)?;
    let mut side = checked.start.turn();
    let mut board = checked.start.clone_box();
    for (i, (written, m)) in checked.plies.iter().enumerate() {
        let mv = NewMove {
            game_id: row.id,
            ply: i as u32 + 1,
            side,
            notation: m.full.clone(),
            written: written.clone(),
            source_message: None,
            received_at: now,
            position_hash: m.hash_after as i64,
        };
        moves::append(tx, &mv)?;
        // Each ply was played on this very start when it was checked.
        let _ = board.play(&m.full);
        let start = checked.start.start_fen();
        crate::referee::receipt::issue(tx, &row, &start, &mv, &board.fen())?;
        side = side.opposite();
    }
    if spec.time_control.is_some() {
        crate::referee::game_clocks::start_game(tx, row.id, side, now)?;
    }
    Ok(row)
}

/// [`RefereeError::Retired`] for a player a director retired (`player
/// retire`): no new game or tournament takes them.
///
/// # Errors
/// As said.
pub fn refuse_retired(p: &crate::store::players::Player) -> Result<(), RefereeError> {
    match p.retired_at {
        Some(_) => Err(RefereeError::Retired(p.email.clone())),
        None => Ok(()),
    }
}

/// Each player's first mail of a game (White's first).
///
/// # Errors
/// Database failures.
pub fn invite(tx: &Tx<'_>, game: &Game, now: DateTime<Utc>) -> Result<Vec<Reply>, RefereeError> {
    let mut invitations = Vec::new();
    for p in [game.white, game.black] {
        invitations.extend(super::invitation(tx, game.id, p, now)?.replies);
    }
    Ok(invitations)
}
