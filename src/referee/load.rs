//! Loading a stored game into the rules: the row, its moves, and the game replayed.

use chrono::{DateTime, Utc};

use crate::clock::ClockView;
use crate::games::{self, AnyGame};
use crate::referee::RefereeError;
use crate::store::{Game, MoveRecord, Player, Tx, games as game_rows, moves, players};
use crate::vocabulary::Language;
use crate::vocabulary::{Color, GameId, PlayerId};

/// One side's clock note: leave days left this year, and the next reminder or
/// time-out (its kind, its UTC instant and the deadline it counts from).
pub(crate) type ClockNote = (
    u32,
    Option<(crate::clock::ActionKind, DateTime<Utc>, DateTime<Utc>)>,
);

/// A stored game with its record replayed.
pub(crate) struct Loaded {
    /// The stored row.
    pub row: Game,
    /// The stored plies.
    pub moves: Vec<MoveRecord>,
    /// The game replayed from the start position through the stored plies.
    pub game: Box<dyn AnyGame>,
    /// White and Black.
    pub players: [Player; 2],
    /// Both clocks as of the instant the game was loaded, if it has a time control.
    pub clocks: Option<[ClockView; 2]>,
    /// Per side (White, Black): leave days left this year, and the next reminder or
    /// time-out (its kind and instant), for the replies.
    pub clock_notes: [ClockNote; 2],
    /// The game's place in its tournament (round, board, numbers, ballot).
    pub seat: Option<crate::store::tournaments::TournamentGame>,
    /// Frozen at the end of its tournament's playing period, waiting for
    /// claims or a ruling.
    pub frozen: bool,
}

impl Loaded {
    /// The side a player has in this game.
    pub fn side_of(&self, player: PlayerId) -> Option<Color> {
        self.row.side_of(player)
    }

    /// The player of a side.
    pub fn player(&self, side: Color) -> &Player {
        &self.players[usize::from(side == Color::Black)]
    }
}

/// The stored game with this id.
///
/// # Errors
/// [`RefereeError::UnknownGame`] if there is none; database failures.
pub(crate) fn row(tx: &Tx<'_>, id: GameId) -> Result<game_rows::Game, RefereeError> {
    match game_rows::get(tx, id) {
        Ok(r) => Ok(r),
        Err(crate::store::StoreError::NotFound { .. }) => Err(RefereeError::UnknownGame(id)),
        Err(e) => Err(e.into()),
    }
}

/// Loads and replays a game, with its clocks as of `now`.
pub(crate) fn load(tx: &Tx<'_>, id: GameId, now: DateTime<Utc>) -> Result<Loaded, RefereeError> {
    let row = row(tx, id)?;
    let moves = moves::list(tx, id)?;
    let game = replay(&row, &moves, moves.len())?;
    let players = [players::get(tx, row.white)?, players::get(tx, row.black)?];
    let clocks = crate::referee::game_clocks::report(tx, id, now)?;
    let clock_notes = clock_notes(tx, &row, now)?;
    let seat = crate::store::tournaments::game(tx, id)?;
    let frozen = seat.is_some() && super::tournament::frozen(tx, id)?;
    Ok(Loaded {
        row,
        moves,
        game,
        players,
        clocks,
        clock_notes,
        seat,
        frozen,
    })
}

/// Reads the clocks and their notes again (after a move changed them).
pub(crate) fn refresh_clocks(
    tx: &Tx<'_>,
    l: &mut Loaded,
    now: DateTime<Utc>,
) -> Result<(), RefereeError> {
    l.clocks = crate::referee::game_clocks::report(tx, l.row.id, now)?;
    l.clock_notes = clock_notes(tx, &l.row, now)?;
    Ok(())
}

/// Leave left and the next reminder of each side.
fn clock_notes(
    tx: &Tx<'_>,
    row: &Game,
    now: DateTime<Utc>,
) -> Result<[ClockNote; 2], RefereeError> {
    use crate::referee::game_clocks as persist;
    let settings = super::tournament::clock_settings(tx, row.id)?;
    let loaded = persist::load(tx, row.id)?;
    let mut notes: [ClockNote; 2] = [(0, None), (0, None)];
    for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
        let left = persist::leave_days_left(tx, row.player(side), &settings, now).unwrap_or(0);
        let next = loaded
            .as_ref()
            .and_then(|l| l.next_after(side, &settings, now))
            .map(|a| (a.kind, a.due_at, a.deadline));
        notes[i] = (left, next);
    }
    Ok(notes)
}

/// The game replayed through its first `plies` stored plies.
pub(crate) fn replay(
    row: &Game,
    moves: &[MoveRecord],
    plies: usize,
) -> Result<Box<dyn AnyGame>, RefereeError> {
    let variant = row.variant;
    let texts: Vec<&str> = moves
        .iter()
        .take(plies)
        .map(|m| m.notation.as_str())
        .collect();
    let record = games::open_record(variant, row.start_fen.as_deref(), &texts, 1)
        .map_err(|e| RefereeError::Corrupt(row.id, e.to_string()))?;
    if let Some(f) = record.failure {
        return Err(RefereeError::Corrupt(
            row.id,
            format!("ply {}: {}", f.ply + 1, f.error),
        ));
    }
    Ok(record.game)
}

/// The letters a player reads chess moves in, as the language whose piece
/// letters they are: the player's choice, else the language of their replies.
pub(crate) fn piece_letters(p: &Player) -> Language {
    match p.piece_letters {
        Some(crate::store::players::PieceLetters::Latin) => Language::En,
        Some(crate::store::players::PieceLetters::Russian) => Language::Ru,
        None => language(p),
    }
}

/// A player's language for replies.
pub(crate) fn language(p: &Player) -> Language {
    p.language
}
