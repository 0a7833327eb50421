//! A game of column checkers in progress: the start position, the plies played,
//! position hashes for repetition and the count of plies without a change of
//! material.

use super::{TowerMove, TowerPosition, zobrist};
use crate::rules::{Color, End, GameResult, Outcome};

/// A game: the start position and every ply, with what the draw claims need.
#[derive(Clone, Debug)]
pub struct TowerGame {
    start: TowerPosition,
    position: TowerPosition,
    moves: Vec<TowerMove>,
    /// Hash of the position before the first ply and after each ply.
    hashes: Vec<u64>,
    /// Plies since the material (number of towers and their composition) last
    /// changed. Only a capture or a promotion changes it: a quiet move carries a
    /// tower whole, and a capture always changes the capturing tower.
    unchanged_plies: u32,
}

impl TowerGame {
    /// A new game from a start position.
    #[must_use]
    pub fn new(start: TowerPosition) -> TowerGame {
        TowerGame {
            start,
            position: start,
            moves: Vec::new(),
            hashes: vec![zobrist::hash(&start)],
            unchanged_plies: 0,
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &TowerPosition {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &TowerPosition {
        &self.position
    }

    /// The plies played so far.
    #[must_use]
    pub fn moves(&self) -> &[TowerMove] {
        &self.moves
    }

    /// The hash of the current position.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hashes.last().copied().unwrap_or_default()
    }

    /// Plays a move assumed legal in the current position (from its legal moves).
    pub fn play(&mut self, m: TowerMove) {
        let after = self.position.play(&m);
        if m.is_capture() || m.promotes() {
            self.unchanged_plies = 0;
        } else {
            self.unchanged_plies += 1;
        }
        self.position = after;
        self.moves.push(m);
        self.hashes.push(zobrist::hash(&after));
    }

    /// How many times the current position (same towers, same side to move) has
    /// occurred in this game, itself included (seed 000 §1.13.1).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let h = self.hash();
        self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// Plies played since the number of towers or their composition last changed
    /// (since the last capture or promotion, or the start).
    #[must_use]
    pub fn unchanged_material_plies(&self) -> u32 {
        self.unchanged_plies
    }

    /// Whether the side to move may claim a draw because the material has not
    /// changed for the variant's number of moves of each side (seed 000 §1.13.1:
    /// 15 moves in Bashni; RULES.md §0: 15 moves = 30 plies). Always `false` in
    /// Lasca, which has no such rule.
    #[must_use]
    pub fn unchanged_material_claimable(&self) -> bool {
        self.position
            .rules()
            .unchanged_material_claim
            .is_some_and(|moves| self.unchanged_plies >= 2 * u32::from(moves))
    }

    /// The result if the rules end the game now: the side to move has no tower or
    /// no legal move, and loses (seed 000 §1.11, §1.12). Column checkers have no
    /// automatic draw: draws are by agreement or claim.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let mover: Color = pos.turn();
        let end = if pos.owned(mover).is_empty() {
            End::NoPieces
        } else if pos.legal_moves().is_empty() {
            End::NoMoves
        } else {
            return None;
        };
        Some(Outcome {
            result: GameResult::win_for(mover.opposite()),
            end,
        })
    }
}
