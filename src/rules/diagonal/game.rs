//! A diagonal game in progress: the start position, the plies played, position
//! hashes for repetition and the family's draw counters.

use super::DiagonalPosition;
use crate::rules::{End, GameResult, Move, Outcome};

/// A game: the start position and every ply, with the draw counters and position
/// hashes kept up to date as plies are played. `DiagonalGame<Position>` is a game
/// of draughts ([`crate::rules::Game`]), `DiagonalGame<TowerPosition>` one of
/// column checkers ([`crate::rules::towers::TowerGame`]).
#[derive(Clone, Debug)]
pub struct DiagonalGame<P: DiagonalPosition> {
    start: P,
    position: P,
    moves: Vec<Move>,
    /// Hash of the position before the first ply and after each ply.
    hashes: Vec<u64>,
    counters: P::Counters,
}

impl<P: DiagonalPosition> DiagonalGame<P> {
    /// A new game from a start position.
    #[must_use]
    pub fn new(start: P) -> DiagonalGame<P> {
        DiagonalGame {
            start,
            position: start,
            moves: Vec::new(),
            hashes: vec![start.hash()],
            counters: start.start_counters(),
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &P {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The plies played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The draw counters (see [`DiagonalPosition::Counters`]).
    #[must_use]
    pub fn counters(&self) -> &P::Counters {
        &self.counters
    }

    /// The hash of the current position.
    #[must_use]
    pub fn hash(&self) -> u64 {
        *self.hashes.last().expect("the start position is hashed")
    }

    /// Plays a move assumed legal in the current position (from its legal moves).
    pub fn play(&mut self, m: Move) {
        let before = self.position;
        let after = before.play(&m);
        before.advance_counters(&mut self.counters, &m, &after);
        self.position = after;
        self.moves.push(m);
        self.hashes.push(after.hash());
    }

    /// How many times the current position (same pieces, same side to move) has
    /// occurred in this game, itself included (seed 001 §1.9.1.7, seed 000 §1.13.1).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let h = self.hash();
        self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// How many times the position after `m` would have occurred, that one included.
    #[must_use]
    pub fn repetitions_after(&self, m: &Move) -> usize {
        let h = self.position.play(m).hash();
        1 + self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// The result if the rules end the game now: the side to move has no pieces
    /// (no tower) or no legal move, and loses (seed 001 §1.8.1, seed 000 §1.11,
    /// §1.12), or an automatic draw rule of draughts is reached. Threefold
    /// repetition is by claim (seed 001 §1.9.2), so it is not reported here.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let mover = pos.turn();
        let lost = |end| {
            Some(Outcome {
                result: GameResult::win_for(mover.opposite()),
                end,
            })
        };
        if pos.owned(mover).is_empty() {
            return lost(End::NoPieces);
        }
        if pos.legal_moves().is_empty() {
            return lost(End::NoMoves);
        }
        pos.automatic_draw(&self.counters).map(|i| Outcome {
            result: GameResult::Draw,
            end: End::DrawRule(i),
        })
    }
}
