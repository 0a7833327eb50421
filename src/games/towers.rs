//! [`AnyGame`] for column checkers: Bashni (seed 000 §1) and Lasca (seed 000 §2).

use super::{
    AnyGame, BoardView, ClaimKind, ClaimableDraw, EndRule, Finish, Illegal, MoveError,
    MoveErrorKind, MoveView, PlayedMove, Record, SetupError, SquareView, UnreadableMove,
};
use crate::notation::tower_moves::{self, TowerResolveError};
use crate::notation::{Naming, SquareStyle, parse_move, tower_fen};
use crate::rules::towers::{TowerGame, TowerMove, TowerPosition, zobrist};
use crate::rules::{Color, End, Role, Variant};

/// A game of column checkers with the square naming its record uses.
#[derive(Clone, Debug)]
struct TowersGame {
    game: TowerGame,
    naming: Naming,
}

pub(super) fn new_game(
    variant: Variant,
    fen_text: Option<&str>,
) -> Result<Box<dyn AnyGame>, SetupError> {
    let start = match fen_text {
        None => TowerPosition::initial(variant).map_err(|e| SetupError(e.to_string()))?,
        Some(f) => tower_fen::read(variant, f).map_err(|e| SetupError(e.to_string()))?,
    };
    let naming = tower_moves::naming_of(&start);
    Ok(Box::new(TowersGame {
        game: TowerGame::new(start),
        naming,
    }))
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

fn move_error(pos: &TowerPosition, naming: Naming, e: TowerResolveError) -> MoveError {
    match e {
        TowerResolveError::Illegal { written, reason } => MoveError {
            written,
            kind: MoveErrorKind::Illegal(Illegal::Towers(reason)),
        },
        TowerResolveError::Ambiguous {
            written,
            candidates,
        } => {
            let mark = pos.rules().promotion_mark;
            let mut list: Vec<String> = candidates
                .iter()
                .map(|m| tower_moves::full(pos.geometry(), m, naming.style, mark))
                .collect();
            crate::notation::order::sort_moves(&mut list);
            MoveError {
                written,
                kind: MoveErrorKind::Ambiguous(list),
            }
        }
    }
}

impl TowersGame {
    fn position(&self) -> &TowerPosition {
        self.game.position()
    }

    fn full(&self, pos: &TowerPosition, m: &TowerMove) -> String {
        tower_moves::full(
            pos.geometry(),
            m,
            self.naming.style,
            pos.rules().promotion_mark,
        )
    }

    fn resolve(&self, written: &str) -> Result<TowerMove, MoveError> {
        let pos = self.position();
        let w = parse_move(written).map_err(|e| MoveError {
            written: written.trim().to_string(),
            kind: MoveErrorKind::Unreadable(UnreadableMove::Draughts(e.reason)),
        })?;
        tower_moves::resolve(&w, pos, self.naming).map_err(|e| move_error(pos, self.naming, e))
    }

    fn describe(&self, m: &TowerMove) -> PlayedMove {
        let pos = self.position();
        PlayedMove {
            full: self.full(pos, m),
            short: tower_moves::unambiguous(pos, m, self.naming),
            capture: m.is_capture(),
            hash_after: zobrist::hash(&pos.play(m)),
        }
    }
}

impl AnyGame for TowersGame {
    fn variant(&self) -> Variant {
        self.position().variant()
    }

    fn start_fen(&self) -> String {
        tower_fen::write(self.game.start(), self.naming.style)
    }

    fn fen(&self) -> String {
        tower_fen::write(self.position(), self.naming.style)
    }

    fn turn(&self) -> Color {
        self.position().turn()
    }

    fn plies(&self) -> usize {
        self.game.moves().len()
    }

    fn captures(&self) -> Vec<bool> {
        self.game.moves().iter().map(|m| m.is_capture()).collect()
    }

    fn score(&self) -> Vec<String> {
        let mut pos = *self.game.start();
        self.game
            .moves()
            .iter()
            .map(|m| {
                let s = self.full(&pos, m);
                pos = pos.play(m);
                s
            })
            .collect()
    }

    fn play(&mut self, written: &str) -> Result<PlayedMove, MoveError> {
        let m = self.resolve(written)?;
        let played = self.describe(&m);
        self.game.play(m);
        Ok(played)
    }

    fn check(&self, written: &str) -> Result<PlayedMove, MoveError> {
        let m = self.resolve(written)?;
        Ok(self.describe(&m))
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.position();
        let mut v: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| self.full(pos, m))
            .collect();
        crate::notation::order::sort_moves(&mut v);
        v
    }

    fn outcome(&self) -> Option<Finish> {
        let out = self.game.outcome()?;
        let rule = match out.end {
            End::NoPieces => EndRule::NoTowers,
            End::NoMoves | End::DrawRule(_) => EndRule::TowersNoMoves,
        };
        Some(Finish {
            result: out.result,
            termination: out.end.termination(),
            rule,
            citation: self.position().rules().loss_clause,
        })
    }

    fn played_after_end(&self) -> Option<(usize, Finish)> {
        let mut board = TowersGame {
            game: TowerGame::new(*self.game.start()),
            naming: self.naming,
        };
        for (i, m) in self.game.moves().iter().enumerate() {
            if let Some(f) = board.outcome() {
                return Some((i, f));
            }
            board.game.play(*m);
        }
        None
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        let rules = self.position().rules();
        let mut out = Vec::new();
        if self.game.repetitions() >= 3 {
            out.push(ClaimableDraw {
                kind: ClaimKind::Repetition,
                citation: rules.repetition_clause,
            });
        }
        if let Some(moves) = rules.unchanged_material_claim
            && self.game.unchanged_material_claimable()
        {
            out.push(ClaimableDraw {
                kind: ClaimKind::UnchangedMaterial { moves },
                citation: rules.unchanged_material_clause,
            });
        }
        out
    }

    fn repetitions(&self) -> usize {
        self.game.repetitions()
    }

    fn hash(&self) -> u64 {
        self.game.hash()
    }

    fn board_view(&self) -> BoardView {
        let pos = self.position();
        let g = pos.geometry();
        let squares = pos
            .occupied()
            .map(|sq| SquareView {
                file: g.file(sq),
                rank: g.rank(sq),
                pieces: pos
                    .tower(sq)
                    .pieces()
                    .map(|p| (p.color, if p.role == Role::King { 'k' } else { 'm' }))
                    .collect(),
            })
            .collect();
        BoardView {
            side: g.side,
            dark_squares_only: true,
            numbered: matches!(self.naming.style, SquareStyle::Numeric(_)),
            squares,
            turn: pos.turn(),
        }
    }

    fn last_move(&self) -> Option<MoveView> {
        let m = self.game.moves().last()?;
        let g = self.position().geometry();
        let at = |sq| (g.file(sq), g.rank(sq));
        let mut path = vec![at(m.from())];
        path.extend(m.landings().iter().map(|&s| at(s)));
        Some(MoveView {
            path,
            captured: m.captured().iter().map(|&s| at(s)).collect(),
        })
    }

    fn perft(&self, depth: u32) -> u64 {
        self.position().perft(depth)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn pdn_game_type(&self) -> Option<&'static str> {
        self.variant().pdn_game_type()
    }
}
