//! A game in progress: the start position, the plies played, position hashes for
//! repetition and the counters of the automatic draw rules.

use crate::rules::{Color, Move, Position, zobrist};

named_enum! {
    /// The result of a game. Its name is the PGN/PDN result text, as the store
    /// keeps it.
    pub enum GameResult {
        /// White won: `1-0` (`2-0` in some PDN).
        WhiteWins => "1-0",
        /// Black won: `0-1` (`0-2`).
        BlackWins => "0-1",
        /// A draw: `1/2-1/2` (`1-1`).
        Draw => "1/2-1/2",
    }
}

impl GameResult {
    /// The win for a side.
    #[must_use]
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The PDN/PGN result text: `1-0`, `0-1`, `1/2-1/2`.
    #[must_use]
    pub fn pdn(self) -> &'static str {
        self.as_str()
    }

    /// The winner, `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }
}

named_enum! {
    /// Why a game ended, by the rules, a claim, an agreement, the clock or a
    /// referee. The name is what the store keeps (the column is free text, so
    /// a new reason needs only a new variant here); the prose layer words it.
    pub enum Termination {
        /// A player resigned (seed 001 §1.8.1).
        Resignation => "resignation",
        /// The side to move had no legal move (seed 001 §1.8.1, seed 000 §1.11).
        NoMoves => "no_moves",
        /// The side to move had no pieces left (seed 001 §1.8.1, seed 000 §1.11).
        NoPieces => "no_pieces",
        /// A draw offer was accepted.
        Agreement => "agreement",
        /// Repetition: threefold by claim, fivefold in chess automatically.
        Repetition => "repetition",
        /// Another draw rule of the variant (move counts, material).
        DrawRule => "draw_rule",
        /// A referee decided the result.
        Adjudication => "adjudication",
        /// Both players claimed the same result for a game frozen at the end
        /// of a tournament's playing period: it ends so without a ruling.
        AgreedClaims => "agreed_claims",
        /// A player was forfeited (no-show, unclear sealed move, misconduct).
        Forfeit => "forfeit",
        /// The result as recorded in an imported game file (`zaochka import`).
        Recorded => "recorded",
        /// An unclear or illegal sealed move loses (seed 003 art. 17c).
        SealedMove => "sealed_move",
        /// A player ran out of time.
        Time => "time",
        /// Chess: checkmate.
        Checkmate => "checkmate",
        /// Chess: stalemate.
        Stalemate => "stalemate",
        /// Chess: neither side can mate.
        InsufficientMaterial => "insufficient_material",
    }
}

/// A text that names no value of an enumeration (`"white"` is a side, `"grey"` is not).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind}: {value:?}")]
pub struct UnknownValue {
    /// The enumeration's Rust name, e.g. `"Side"`.
    pub kind: &'static str,
    /// The rejected text.
    pub value: String,
}

/// How the rules alone end a draughts game (no claim, no agreement): the
/// detail behind a [`Termination`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The side to move has no pieces (seed 001 §1.8.1).
    NoPieces,
    /// The side to move has no legal move (seed 001 §1.8.1).
    NoMoves,
    /// An automatic draw rule; the index is into the variant's `draw_rules`.
    DrawRule(usize),
}

impl End {
    /// The termination the store keeps.
    #[must_use]
    pub fn termination(self) -> Termination {
        match self {
            End::NoPieces => Termination::NoPieces,
            End::NoMoves => Termination::NoMoves,
            End::DrawRule(_) => Termination::DrawRule,
        }
    }
}

/// A finished game's result and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// Why.
    pub end: End,
}

/// A game: the start position and every ply, with the draw counters and position
/// hashes kept up to date as plies are played.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Hash of the position before the first ply and after each ply.
    hashes: Vec<u64>,
    /// One counter per rule of the variant's `draw_rules`.
    counters: Vec<u16>,
}

impl Game {
    /// A new game from a start position.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game {
            start,
            position: start,
            moves: Vec::new(),
            hashes: vec![zobrist::hash(&start)],
            counters: vec![0; start.rules().draw_rules.len()],
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The plies played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The draw-rule counters (plies or moves, per rule; see [`crate::rules::DrawRule`]).
    #[must_use]
    pub fn counters(&self) -> &[u16] {
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
        let rules = before.rules().draw_rules;
        for (counter, rule) in self.counters.iter_mut().zip(rules) {
            *counter = rule.advance(*counter, &before, &m, &after);
        }
        self.position = after;
        self.moves.push(m);
        self.hashes.push(zobrist::hash(&after));
    }

    /// How many times the current position (same pieces, same side to move) has
    /// occurred in this game, itself included (seed 001 §1.9.1.7).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let h = self.hash();
        self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// How many times the position after `m` would have occurred, that one included.
    #[must_use]
    pub fn repetitions_after(&self, m: &Move) -> usize {
        let h = zobrist::hash(&self.position.play(m));
        1 + self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// The result if the rules end the game now: the side to move has no pieces or
    /// no legal move (it loses), or an automatic draw rule is reached. Threefold
    /// repetition is by claim (seed 001 §1.9.2), so it is not reported here.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let mover = pos.turn();
        if pos.pieces(mover).is_empty() {
            return Some(Outcome {
                result: GameResult::win_for(mover.opposite()),
                end: End::NoPieces,
            });
        }
        if pos.legal_moves().is_empty() {
            return Some(Outcome {
                result: GameResult::win_for(mover.opposite()),
                end: End::NoMoves,
            });
        }
        let rules = pos.rules().draw_rules;
        rules
            .iter()
            .zip(&self.counters)
            .position(|(r, &c)| r.is_reached(c))
            .map(|i| Outcome {
                result: GameResult::Draw,
                end: End::DrawRule(i),
            })
    }
}
