//! Games from random legal play, for samples and benchmarks (the diagram
//! palette's sample, the diagram benchmark): a fixed seed gives the same games
//! on every machine, since the choices come from a 64-bit linear congruential
//! generator (Knuth's MMIX constants), not from the system.

use super::{AnyGame, new_game};
use crate::rules::Variant;

/// A seeded source of random legal play.
pub struct RandomPlay {
    state: u64,
}

impl RandomPlay {
    /// The source for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlay {
        RandomPlay { state: seed }
    }

    /// A number in `0..bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        self.state = self
            .state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.state >> 33) as usize) % bound.max(1)
    }

    /// The game of `variant` from its initial position after `plies` random
    /// legal plies, fewer if the game ends first.
    ///
    /// # Panics
    /// If the rules core refuses a move it listed as legal (a bug there).
    pub fn game(&mut self, variant: Variant, plies: usize) -> Box<dyn AnyGame> {
        let mut game = new_game(variant, None).expect("every game has an initial position");
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let pick = self.below(moves.len());
            game.play(&moves[pick]).expect("a listed legal move plays");
        }
        game
    }
}
