//! Asking the referee: the legal moves of the side to move
//! (`moves`, `ходы`, `legal`), the verdict on one written move in the current
//! position with the rule it breaks and that rule's clause (`why c3-d4`,
//! `почему c3-d4`), and the game's rules summary with citations (`rules`,
//! `правила`). Nothing is changed: each answer goes to the asker only.
//!
//! The rules core decides; this module gathers its answers as typed data
//! ([`crate::words::ask`] words them): the legal moves as the game writes them
//! (every capture path, with the pieces it takes), the refusal the referee
//! gives a played move ([`crate::games::MoveError`], the same reasons), and
//! for that refusal the rules of [`crate::rules::clauses`] it rests on.

use chrono::{DateTime, Utc};

use crate::games::{AnyGame, Illegal, MoveError, MoveErrorKind};
use crate::notation::IllegalReason;
use crate::notation::chess_illegal::ChessIllegal;
use crate::referee::load::{Loaded, load, piece_letters};
use crate::referee::query::reply_told;
use crate::referee::told::{
    Account, Asked, Cited, LegalList, Line, ListedMove, Part, RulesSummary, Shown, Taken, Told,
    Verdict,
};
use crate::referee::view::{move_for, state_view, under_heading};
use crate::referee::{Handled, RefereeError};
use crate::rules::clauses::{Rule, clause, rules_of};
use crate::rules::{Citation, Role, Variant};
use crate::store::Tx;
use crate::store::players::{self, Player, Role as PlayerRole};
use crate::vocabulary::{Color, GameId, GameStatus, PlayerId};

/// Loads a game for a question: the asker must play in it or be a director;
/// a finished or annulled game has no moves to ask about.
fn for_asker(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
    finished_ok: bool,
) -> Result<(Loaded, Player), RefereeError> {
    let l = load(tx, id, now)?;
    let me = players::get(tx, actor)?;
    if l.side_of(actor).is_none() && !matches!(me.role, PlayerRole::Referee | PlayerRole::Admin) {
        return Err(RefereeError::NotInGame(id));
    }
    if !finished_ok && matches!(l.row.status, GameStatus::Finished | GameStatus::Annulled) {
        return Err(RefereeError::GameOver(id, l.row.result));
    }
    Ok((l, me))
}

/// What the asker reads first: whose move it is and whether it is theirs.
fn asked(l: &Loaded, me: &Player) -> Asked {
    let to_move = l.game.turn();
    Asked {
        game: l.row.id.0,
        variant: l.game.variant(),
        to_move,
        yours: l.side_of(me.id) == Some(to_move),
    }
}

/// The asker's answer: the text on top of the game's state (board, clocks).
fn answer(l: &Loaded, me: &Player, part: Part, summary: Account) -> Handled {
    let side = l.side_of(me.id).unwrap_or(Color::White);
    let told = Told::News {
        lines: vec![Line::of(part)],
        state: Some(Shown {
            view: state_view(l, l.game.as_ref(), side, None),
            below_end: false,
        }),
    };
    Handled {
        game: Some(l.row.id),
        replies: vec![reply_told(me, Some(l.row.id), told)],
        summary,
        late: None,
    }
}

/// `moves` / `ходы` / `legal`: every legal move of the side to move.
pub(crate) fn legal(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let (l, me) = for_asker(tx, id, actor, now, false)?;
    let list = legal_list(l.game.as_ref(), piece_letters(&me));
    let n = list.captures.len() + list.quiet.len();
    let part = Part::Legal {
        asked: asked(&l, &me),
        list,
    };
    Ok(answer(
        &l,
        &me,
        part,
        Account::LegalMoves { game: id, count: n },
    ))
}

/// The legal moves of a game, captures apart, each with its short form
/// (when it names one move only) and what it takes.
#[must_use]
pub(crate) fn legal_list(game: &dyn AnyGame, letters: crate::vocabulary::Language) -> LegalList {
    let variant = game.variant();
    let before = game.board_view();
    let mut moves: Vec<(bool, ListedMove)> = Vec::new();
    for full in game.legal_moves() {
        let Ok(played) = game.check(&full) else {
            continue;
        };
        let mut after = game.clone_box();
        let (taken, promotes) = match after.play(&full) {
            Ok(_) if variant != Variant::Chess => {
                effects(&before, &after.board_view(), after.as_ref())
            }
            _ => (Vec::new(), false),
        };
        moves.push((
            played.capture,
            ListedMove {
                full: move_for(variant, &full, letters),
                short: move_for(variant, &played.short, letters),
                short_unique: true,
                taken,
                promotes,
            },
        ));
    }
    // A short form that fits several moves is no use to write: say so.
    let shorts: Vec<String> = moves.iter().map(|(_, m)| m.short.clone()).collect();
    for (_, m) in &mut moves {
        m.short_unique = shorts.iter().filter(|s| **s == m.short).count() == 1;
    }
    let (captures, quiet): (Vec<_>, Vec<_>) = moves.into_iter().partition(|(c, _)| *c);
    let compulsory = variant != Variant::Chess && !captures.is_empty();
    LegalList {
        captures: captures.into_iter().map(|(_, m)| m).collect(),
        quiet: quiet.into_iter().map(|(_, m)| m).collect(),
        compulsory: compulsory
            .then(|| clause(variant, Rule::CaptureCompulsory))
            .flatten(),
    }
}

/// What a draughts move did: the pieces it took (the top piece of each jumped
/// tower), from the board before, and whether the moving piece became a king.
fn effects(
    before: &crate::games::BoardView,
    after: &crate::games::BoardView,
    game: &dyn AnyGame,
) -> (Vec<Taken>, bool) {
    let on = |view: &'_ crate::games::BoardView, (f, r): (u8, u8)| -> Vec<char> {
        view.squares
            .iter()
            .find(|s| s.file == f && s.rank == r)
            .map(|s| s.pieces.iter().map(|p| p.1).collect())
            .unwrap_or_default()
    };
    let top = |view: &crate::games::BoardView, sq: (u8, u8)| on(view, sq).first().copied();
    let Some(mv) = game.last_move() else {
        return (Vec::new(), false);
    };
    let taken = mv
        .captured
        .iter()
        .map(|&sq| Taken {
            square: before.square_name(sq),
            king: top(before, sq) == Some('k'),
            under: on(before, sq).len().saturating_sub(1),
        })
        .collect();
    let promotes = match (mv.path.first(), mv.path.last()) {
        (Some(&from), Some(&to)) => top(before, from) == Some('m') && top(after, to) == Some('k'),
        _ => false,
    };
    (taken, promotes)
}

/// `why c3-d4` / `почему c3-d4`: the verdict on a written move in the
/// current position.
pub(crate) fn why(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    text: &str,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let (l, me) = for_asker(tx, id, actor, now, false)?;
    let letters = piece_letters(&me);
    let variant = l.game.variant();
    if text.trim().is_empty() {
        let list = legal_list(l.game.as_ref(), letters);
        let example = list.captures.iter().chain(&list.quiet).next();
        let example = example.map_or(String::new(), |m| m.full.clone());
        let part = Part::WhyWithoutMove {
            asked: asked(&l, &me),
            example,
        };
        return Ok(answer(&l, &me, part, Account::WhyWithoutMove { game: id }));
    }
    let verdict = match l.game.check(text) {
        Ok(played) => {
            let mut after = l.game.clone_box();
            let (taken, promotes) = match after.play(text) {
                Ok(_) if variant != Variant::Chess => {
                    effects(&l.game.board_view(), &after.board_view(), after.as_ref())
                }
                _ => (Vec::new(), false),
            };
            Verdict::Legal {
                full: move_for(variant, &played.full, letters),
                short: move_for(variant, &played.short, letters),
                taken,
                promotes,
                finish: after.outcome(),
            }
        }
        Err(error) => {
            let rules = rules_broken(variant, &error);
            Verdict::Refused { error, rules }
        }
    };
    let summary = match &verdict {
        Verdict::Legal { full, .. } => Account::Legal {
            game: id,
            written: text.trim().to_string(),
            full: full.clone(),
        },
        Verdict::Refused { error, .. } => Account::Refused {
            game: id,
            error: error.clone(),
        },
    };
    let part = Part::Verdict {
        asked: asked(&l, &me),
        written: text.trim().to_string(),
        verdict,
    };
    Ok(answer(&l, &me, part, summary))
}

/// The rules a refused move breaks, with their clauses (none for a text
/// that is not a move at all, or that fits several moves).
#[must_use]
pub(crate) fn rules_broken(variant: Variant, error: &MoveError) -> Vec<Cited> {
    let MoveErrorKind::Illegal(illegal) = &error.kind else {
        return Vec::new();
    };
    let rules: Vec<Rule> = match illegal {
        Illegal::Draughts(r) | Illegal::Towers(r) => draughts_rules(variant, r, &error.written),
        Illegal::Chess(why) => {
            return vec![Cited {
                rule: None,
                citation: Citation::fide(chess_clause(why)),
            }];
        }
    };
    rules
        .into_iter()
        .filter_map(|rule| {
            clause(variant, rule).map(|citation| Cited {
                rule: Some(rule),
                citation,
            })
        })
        .collect()
}

/// The draughts rules behind a refusal. A capture written in a game of the
/// majority rule that is not among the legal captures breaks that rule
/// (FMJD art. 4.13) besides the obligation to capture.
fn draughts_rules(variant: Variant, r: &IllegalReason, written: &str) -> Vec<Rule> {
    let majority = variant.draughts().is_some_and(|d| d.majority_capture)
        && crate::notation::parse_move(written).is_ok_and(|w| w.capture);
    match r {
        IllegalReason::NoPieceOfYours(_) => vec![Rule::TurnOrder],
        IllegalReason::CaptureCompulsory(_) if majority => {
            vec![Rule::CaptureChoice, Rule::CaptureCompulsory]
        }
        IllegalReason::CaptureCompulsory(_) => vec![Rule::CaptureCompulsory],
        IllegalReason::CaptureContinues { .. } if majority => {
            vec![Rule::CaptureChoice, Rule::CaptureContinues]
        }
        IllegalReason::CaptureContinues { .. } => vec![Rule::CaptureContinues],
        IllegalReason::CannotMoveThere {
            role: Role::Man, ..
        } => vec![Rule::ManMove],
        IllegalReason::CannotMoveThere {
            role: Role::King, ..
        } => vec![Rule::KingMove],
        IllegalReason::CannotCaptureThere {
            role: Role::Man, ..
        } => vec![Rule::ManCapture],
        IllegalReason::CannotCaptureThere {
            role: Role::King, ..
        } => vec![Rule::KingCapture],
        IllegalReason::NoLegalMoves => vec![Rule::GameEnd],
        IllegalReason::CaptureEndsEarlier { .. } => vec![Rule::CaptureContinues],
        IllegalReason::MarkWithoutPromotion { .. } => vec![Rule::Promotion],
        IllegalReason::Square(_)
        | IllegalReason::NoPieceOnFile { .. }
        | IllegalReason::NothingReaches { .. } => Vec::new(),
    }
}

/// The article of the FIDE Laws a chess refusal rests on (art. 1.1 the own
/// pieces, 3.1-3.8 the moves of the pieces, 3.9 check).
fn chess_clause(why: &ChessIllegal) -> &'static str {
    use ChessIllegal as I;
    use shakmaty::Role as R;
    match why {
        I::NoPieceOn { .. } => "1.1",
        I::OwnPieceOn(_) => "3.1",
        I::Blocked { .. } => "3.5",
        I::Movement(R::Bishop) => "3.2",
        I::Movement(R::Rook) => "3.3",
        I::Movement(R::Queen) => "3.4",
        I::Movement(R::Knight) => "3.6",
        I::Movement(R::Pawn) => "3.7",
        I::Movement(R::King) => "3.8.1",
        I::PawnBackward | I::PawnAdvance | I::PawnBlocked { .. } | I::PawnStraightCapture(_) => {
            "3.7.1, 3.7.2"
        }
        I::PawnDiagonalToEmpty(_) => "3.7.3",
        I::EnPassantTooLate { .. } => "3.7.4",
        I::PromotionPiece | I::PromotionRank | I::PromotionNotPawn => "3.7.5",
        I::KingInCheckOn(_) | I::CheckNotParried | I::Pinned { .. } => "3.9",
        I::Castling { .. } => "3.8.2",
        I::WrongPiece { .. }
        | I::SameSquare(_)
        | I::CaptureNamesFile { .. }
        | I::NoPawnTo(_)
        | I::NoSuchPiece { .. }
        | I::NoneCanReach { .. }
        | I::NotLegal => "3.1-3.8",
    }
}

/// `rules` / `правила`: the game's rules summary with citations, and the
/// time rules of the game's time control.
pub(crate) fn rules(
    tx: &Tx<'_>,
    id: GameId,
    actor: PlayerId,
    now: DateTime<Utc>,
) -> Result<Handled, RefereeError> {
    let (l, me) = for_asker(tx, id, actor, now, true)?;
    let summary = summary_of(&l);
    let variant = summary.variant;
    let told = under_heading(&l, vec![Line::of(Part::Rules(summary))]);
    Ok(Handled {
        game: Some(id),
        replies: vec![reply_told(&me, Some(id), told)],
        summary: Account::Rules { game: id, variant },
        late: None,
    })
}

/// A game's rules as data: each rule with its clause, the draw rules of the
/// variant, and the time control.
fn summary_of(l: &Loaded) -> RulesSummary {
    let variant = l.game.variant();
    let rules = rules_of(variant)
        .iter()
        .filter_map(|&rule| {
            clause(variant, rule).map(|citation| Cited {
                rule: Some(rule),
                citation,
            })
        })
        .collect();
    let draw_rules = variant
        .draughts()
        .map(|d| d.draw_rules.to_vec())
        .unwrap_or_default();
    let material_claim = variant.towers().and_then(|t| {
        t.unchanged_material_claim
            .map(|moves| (moves, t.unchanged_material_clause))
    });
    RulesSummary {
        variant,
        rules,
        draw_rules,
        material_claim,
        time_control: l.row.time_control,
    }
}
