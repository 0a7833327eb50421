//! Column checkers (Bashni, seed 000 §1; Lasca, seed 000 §2) in the one
//! diagonal adapter ([`DiagonalAnyGame`]).

use super::diagonal::{DiagonalAnyGame, DiagonalFamily};
use super::{AnyGame, ClaimKind, ClaimableDraw, EndRule, Illegal, Record, SetupError};
use crate::notation::tower_fen::{self, TowerFenError};
use crate::notation::{IllegalReason, SquareStyle};
use crate::rules::towers::{TowerGame, TowerPosition};
use crate::rules::{Citation, Color, End, Outcome, Role, Square, Variant};

impl DiagonalFamily for TowerPosition {
    fn write_fen(&self, style: SquareStyle) -> String {
        tower_fen::write(self, style)
    }

    fn pieces_on(&self, sq: Square) -> Vec<(Color, char)> {
        self.tower(sq)
            .pieces()
            .map(|p| (p.color, if p.role == Role::King { 'k' } else { 'm' }))
            .collect()
    }

    fn illegal(reason: IllegalReason) -> Illegal {
        Illegal::Towers(reason)
    }

    /// A player with no tower or no move loses (seed 000 §1.11, §1.12).
    fn end_rule(game: &TowerGame, outcome: Outcome) -> (EndRule, Citation) {
        let rule = match outcome.end {
            End::NoPieces => EndRule::NoTowers,
            End::NoMoves | End::DrawRule(_) => EndRule::TowersNoMoves,
        };
        (rule, game.position().rules().loss_clause)
    }

    /// The claim of unchanged material (seed 000 §1.13.1; Bashni only).
    fn other_claims(game: &TowerGame) -> Vec<ClaimableDraw> {
        let rules = game.position().rules();
        match rules.unchanged_material_claim {
            Some(moves) if game.unchanged_material_claimable() => vec![ClaimableDraw {
                kind: ClaimKind::UnchangedMaterial { moves },
                citation: rules.unchanged_material_clause,
            }],
            _ => Vec::new(),
        }
    }
}

pub(super) fn new_game(
    variant: Variant,
    fen_text: Option<&str>,
) -> Result<Box<dyn AnyGame>, SetupError> {
    let start = match fen_text {
        None => TowerPosition::initial(variant).map_err(|_| {
            TowerFenError::Position(crate::notation::placement::PlacementError::NotTowers(
                variant,
            ))
        })?,
        Some(f) => tower_fen::read(variant, f)?,
    };
    Ok(Box::new(DiagonalAnyGame::new(start)))
}

pub(super) fn open_record(
    variant: Variant,
    fen_text: Option<&str>,
    plies: &[&str],
    first_move_number: u32,
) -> Result<Record, SetupError> {
    Ok(super::replay_on(
        new_game(variant, fen_text)?,
        plies,
        first_move_number,
    ))
}
