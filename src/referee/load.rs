//! Loading a stored game into the rules: the row, its moves, and the game replayed.

use chrono::{DateTime, Utc};

use crate::clock::ClockView;
use crate::games::{self, AnyGame};
use crate::lang::Language;
use crate::referee::RefereeError;
use crate::rules::{Color, Variant};
use crate::store::{
    Game, GameId, MoveRecord, Player, PlayerId, Side, Tx, games as game_rows, moves, players,
};

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
}

impl Loaded {
    /// The side a player has in this game.
    pub fn side_of(&self, player: PlayerId) -> Option<Side> {
        self.row.side_of(player)
    }

    /// The player of a side.
    pub fn player(&self, side: Side) -> &Player {
        &self.players[usize::from(side == Side::Black)]
    }
}

/// Loads and replays a game, with its clocks as of `now`.
pub(crate) fn load(tx: &Tx<'_>, id: GameId, now: DateTime<Utc>) -> Result<Loaded, RefereeError> {
    let row = match game_rows::get(tx, id) {
        Ok(r) => r,
        Err(crate::store::StoreError::NotFound { .. }) => {
            return Err(RefereeError::UnknownGame(id));
        }
        Err(e) => return Err(e.into()),
    };
    let moves = moves::list(tx, id)?;
    let game = replay(&row, &moves, moves.len())?;
    let players = [players::get(tx, row.white)?, players::get(tx, row.black)?];
    let clocks = crate::clock::persist::report(tx, id, now)?;
    Ok(Loaded {
        row,
        moves,
        game,
        players,
        clocks,
    })
}

/// The game replayed through its first `plies` stored plies.
pub(crate) fn replay(
    row: &Game,
    moves: &[MoveRecord],
    plies: usize,
) -> Result<Box<dyn AnyGame>, RefereeError> {
    let variant = Variant::from_name(&row.variant).ok_or_else(|| {
        RefereeError::Corrupt(row.id, format!("unknown variant {:?}", row.variant))
    })?;
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

/// The rules colour of a stored side.
pub(crate) fn color(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// The stored side of a rules colour.
pub(crate) fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// A player's language for replies.
pub(crate) fn language(p: &Player) -> Language {
    Language::from_code(p.language.as_str()).unwrap_or_default()
}
