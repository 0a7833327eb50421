//! A game as a command left it, handed to the composer with the replies about
//! it: the stored row (status and result after the command), both players,
//! the tournament seat and the game replayed through its last ply. The
//! composer draws the board picture, the title and the PDN/PGN attachment
//! from it, so that one mail reads the game's moves and replays them once.

use std::sync::Arc;

use crate::games::AnyGame;
use crate::referee::load::Loaded;
use crate::store::tournaments::TournamentGame;
use crate::store::{Game, Player};
use crate::vocabulary::{Color, PlayerId};

/// One game after a command: what the replies about it are drawn from.
#[derive(Debug)]
pub struct GameSession {
    /// The stored row as the command left it.
    pub row: Game,
    /// White and Black.
    pub players: [Player; 2],
    /// The game's place in its tournament (round, board, numbers, ballot).
    pub seat: Option<TournamentGame>,
    /// The game replayed through every ply the command left stored.
    pub game: Box<dyn AnyGame>,
}

impl GameSession {
    /// The session of the loaded game `l` whose position is now `game` (the
    /// loaded one, or a copy the command played on).
    #[must_use]
    pub(crate) fn of(l: &Loaded, game: &dyn AnyGame) -> Arc<GameSession> {
        Arc::new(GameSession {
            row: l.row.clone(),
            players: l.players.clone(),
            seat: l.seat.clone(),
            game: game.clone_box(),
        })
    }

    /// The side a player has in this game.
    #[must_use]
    pub fn side_of(&self, player: PlayerId) -> Option<Color> {
        self.row.side_of(player)
    }

    /// The game's record as PDN (PGN for chess, with SAN moves), with its
    /// tags (event, date, round, players, result, termination).
    #[must_use]
    pub fn record(&self) -> String {
        crate::referee::query::record_text(
            &self.row,
            self.seat.as_ref(),
            &self.players,
            self.game.as_ref(),
        )
    }
}
