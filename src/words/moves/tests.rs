//! Tests of the move and event sentences: both languages, clean text.

use super::ends::times;
use super::*;
use crate::games::{
    ClaimKind, ClaimableDraw, EndRule, Finish, Illegal, MoveError, MoveErrorKind, UnreadableMove,
};
use crate::notation::IllegalReason;
use crate::notation::square_name::SquareError;
use crate::notation::written::Unreadable;
use crate::rules::Variant;
use crate::rules::{Citation, Color, GameResult, Role};
use crate::vocabulary::Language;

/// Fails when a text a player reads holds what no player should see:
/// project files, Rust debug text, English words in Russian, Russian in English.
fn assert_clean(text: &str, lang: Language) {
    assert!(!text.is_empty());
    for bad in ["seed", "RULES", "{", "}", "[", "]", "\"\"", "Some(", "None"] {
        assert!(!text.contains(bad), "{bad:?} in {text:?}");
    }
    // Debug text of an enum: a word directly followed by `(`.
    let chars: Vec<char> = text.chars().collect();
    for w in chars.windows(2) {
        assert!(
            !(w[0].is_alphanumeric() && w[1] == '('),
            "debug-like text in {text:?}"
        );
    }
    match lang {
        Language::Ru => {
            assert!(!text.contains('§'), "§ in {text:?}");
            // ASCII letters only inside square names and moves (c3, e5, 1-0),
            // or as a lone file letter.
            for token in text.split(|c: char| !c.is_ascii_alphanumeric()) {
                let letters_only = token.chars().all(|c| c.is_ascii_alphabetic());
                assert!(
                    !(letters_only && token.len() > 1),
                    "Latin word {token:?} in {text:?}"
                );
            }
        }
        Language::En => {
            assert!(
                !text
                    .chars()
                    .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c))),
                "Cyrillic in {text:?}"
            );
        }
    }
}

const LANGS: [Language; 2] = [Language::En, Language::Ru];

/// Every [`IllegalReason`]; the index check fails when one is added.
fn illegal_reasons() -> Vec<IllegalReason> {
    fn index(r: &IllegalReason) -> usize {
        match r {
            IllegalReason::Square(SquareError::NotPlaying(_)) => 0,
            IllegalReason::Square(SquareError::OffBoard(_)) => 1,
            IllegalReason::Square(SquareError::NoSuchNumber(_)) => 2,
            IllegalReason::NoPieceOfYours(_) => 3,
            IllegalReason::CaptureCompulsory(_) => 4,
            IllegalReason::CaptureContinues { .. } => 5,
            IllegalReason::CannotMoveThere {
                role: Role::Man, ..
            } => 6,
            IllegalReason::CannotMoveThere {
                role: Role::King, ..
            } => 7,
            IllegalReason::NoPieceOnFile { .. } => 8,
            IllegalReason::NoLegalMoves => 9,
            IllegalReason::CannotCaptureThere { .. } => 10,
            IllegalReason::NothingReaches { .. } => 11,
            IllegalReason::CaptureEndsEarlier { .. } => 12,
            IllegalReason::MarkWithoutPromotion { .. } => 13,
        }
    }
    let all = vec![
        IllegalReason::Square(SquareError::NotPlaying("g6".into())),
        IllegalReason::Square(SquareError::OffBoard("k9".into())),
        IllegalReason::Square(SquareError::NoSuchNumber(51)),
        IllegalReason::NoPieceOfYours("d8".into()),
        IllegalReason::CaptureCompulsory(vec!["c3:e5".into(), "g3:e5".into()]),
        IllegalReason::CaptureContinues {
            stop: "e5".into(),
            continues_to: vec!["c7".into(), "g7".into()],
        },
        IllegalReason::CannotMoveThere {
            role: Role::Man,
            from: "c3".into(),
            to: "c5".into(),
        },
        IllegalReason::CannotMoveThere {
            role: Role::King,
            from: "a1".into(),
            to: "a3".into(),
        },
        IllegalReason::NoPieceOnFile {
            file: 'c',
            to: "d4".into(),
        },
        IllegalReason::NoLegalMoves,
        IllegalReason::CannotCaptureThere {
            role: Role::Man,
            from: "38".into(),
            to: "33".into(),
        },
        IllegalReason::NothingReaches { to: "d4".into() },
        IllegalReason::CaptureEndsEarlier {
            ends: vec!["e5".into()],
            written_to: "c7".into(),
        },
        IllegalReason::MarkWithoutPromotion {
            played: "c3-d4".into(),
        },
    ];
    let seen: Vec<usize> = all.iter().map(index).collect();
    assert_eq!(seen, (0..=13).collect::<Vec<_>>());
    all
}

/// Every [`MoveErrorKind`], with every draughts and towers reason.
fn move_errors() -> Vec<MoveError> {
    fn index(k: &MoveErrorKind) -> usize {
        match k {
            MoveErrorKind::Unreadable(UnreadableMove::Draughts(_)) => 0,
            MoveErrorKind::Unreadable(UnreadableMove::Chess(_)) => 1,
            MoveErrorKind::Illegal(Illegal::Draughts(_)) => 2,
            MoveErrorKind::Illegal(Illegal::Towers(_)) => 3,
            MoveErrorKind::Illegal(Illegal::Chess(_)) => 4,
            MoveErrorKind::Ambiguous(_) => 5,
            MoveErrorKind::AmbiguousChess(_) => 6,
        }
    }
    let mut kinds: Vec<MoveErrorKind> = Unreadable::ALL
        .iter()
        .map(|&u| MoveErrorKind::Unreadable(UnreadableMove::Draughts(u)))
        .collect();
    for u in crate::notation::chess_move::ChessUnreadable::ALL {
        kinds.push(MoveErrorKind::Unreadable(UnreadableMove::Chess(u)));
    }
    for r in illegal_reasons() {
        kinds.push(MoveErrorKind::Illegal(Illegal::Draughts(r.clone())));
        kinds.push(MoveErrorKind::Illegal(Illegal::Towers(r)));
    }
    for why in crate::notation::chess_illegal::every_kind() {
        kinds.push(MoveErrorKind::Illegal(Illegal::Chess(why)));
    }
    kinds.push(MoveErrorKind::Ambiguous(vec![
        "c3:a5:c7:e5:c3".into(),
        "c3:e5:c7:a5:c3".into(),
    ]));
    kinds.push(MoveErrorKind::AmbiguousChess(vec![
        "Nce2".into(),
        "Nge2".into(),
    ]));
    let mut seen: Vec<usize> = kinds.iter().map(index).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, (0..=6).collect::<Vec<_>>());
    kinds
        .into_iter()
        .map(|kind| MoveError {
            written: "c3-c5".into(),
            kind,
        })
        .collect()
}

/// Every [`EndRule`] (every draw rule of every draughts variant) as a finish.
fn finishes() -> Vec<Finish> {
    fn index(r: &EndRule) -> usize {
        match r {
            EndRule::NoPieces => 0,
            EndRule::NoMoves => 1,
            EndRule::NoTowers => 2,
            EndRule::TowersNoMoves => 3,
            EndRule::DrawRule(_) => 4,
            EndRule::Checkmate => 5,
            EndRule::Stalemate => 6,
            EndRule::DeadPosition => 7,
            EndRule::FivefoldRepetition => 8,
            EndRule::SeventyFiveMoves => 9,
        }
    }
    let mut rules = vec![
        (EndRule::NoPieces, Citation::russian("1.8.1")),
        (EndRule::NoMoves, Citation::fmjd("")),
        (EndRule::NoTowers, Citation::column("1.11, 1.12")),
        (EndRule::TowersNoMoves, Citation::lasca()),
        (EndRule::Checkmate, Citation::fide("5.1.1")),
        (EndRule::Stalemate, Citation::fide("5.2.1")),
        (EndRule::DeadPosition, Citation::fide("5.2.2")),
        (EndRule::FivefoldRepetition, Citation::fide("9.6.1")),
        (EndRule::SeventyFiveMoves, Citation::fide("9.6.2")),
    ];
    for v in [Variant::Russian, Variant::International] {
        for r in v.rules().draw_rules {
            rules.push((EndRule::DrawRule(*r), r.clause()));
        }
    }
    let mut seen: Vec<usize> = rules.iter().map(|(r, _)| index(r)).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, (0..=9).collect::<Vec<_>>());
    let results = GameResult::ALL;
    rules
        .into_iter()
        .enumerate()
        .map(|(i, (rule, citation))| Finish {
            result: results[i % results.len()],
            termination: crate::rules::Termination::DrawRule,
            rule,
            citation,
        })
        .collect()
}

fn claims() -> Vec<ClaimableDraw> {
    fn index(k: ClaimKind) -> usize {
        match k {
            ClaimKind::Repetition => 0,
            ClaimKind::FiftyMoves => 1,
            ClaimKind::UnchangedMaterial { .. } => 2,
        }
    }
    let all = vec![
        ClaimableDraw {
            kind: ClaimKind::Repetition,
            citation: Citation::russian("1.9.2"),
        },
        ClaimableDraw {
            kind: ClaimKind::FiftyMoves,
            citation: Citation::fide("9.3"),
        },
        ClaimableDraw {
            kind: ClaimKind::UnchangedMaterial { moves: 15 },
            citation: Citation::column("1.13.1"),
        },
    ];
    let seen: Vec<usize> = all.iter().map(|c| index(c.kind)).collect();
    assert_eq!(seen, vec![0, 1, 2]);
    all
}

/// Every [`Event`]; the index check fails when one is added.
fn events() -> Vec<Event> {
    fn index(e: &Event) -> usize {
        match e {
            Event::Played { .. } => 0,
            Event::OfferDeclinedByMove { .. } => 1,
            Event::LateMove { .. } => 2,
            Event::Resigned { .. } => 3,
            Event::SealedKept { .. } => 4,
            Event::SealedRevealed { .. } => 5,
            Event::SealedUnplayable { .. } => 6,
            Event::DrawOffered { .. } => 7,
            Event::DrawAccepted => 8,
            Event::DrawDeclined { .. } => 9,
            Event::ClaimUpheld { .. } => 10,
            Event::ClaimRejected { .. } => 11,
            Event::Finished(_) => 12,
            Event::SealedByOpponent { .. } => 13,
            Event::OfferNotMade { .. } => 14,
            Event::DeclinedWithMove => 15,
        }
    }
    let mut all = Vec::new();
    for side in [Color::White, Color::Black] {
        for offers_draw in [false, true] {
            all.push(Event::Played {
                number: 12,
                side,
                full: "c3-d4".into(),
                written: Some("cd4".into()),
                offers_draw,
            });
        }
        all.push(Event::Resigned { side });
        all.push(Event::SealedByOpponent { side });
        all.push(Event::DrawOffered { by: side });
        all.push(Event::DrawDeclined { by: side });
        all.push(Event::LateMove {
            side,
            deadline: chrono::DateTime::from_timestamp(1_796_126_400, 0).unwrap_or_default(),
        });
        all.push(Event::SealedRevealed {
            side,
            full: "e3-f4".into(),
            written: "ef4".into(),
        });
        for claim in claims() {
            for with_move in [None, Some("g1-h2".to_string())] {
                all.push(Event::ClaimUpheld {
                    by: side,
                    with_move,
                    draw: claim,
                });
            }
        }
        for move_played in [false, true] {
            for repetitions in [1, 2, 5, 21, 22] {
                all.push(Event::ClaimRejected {
                    by: side,
                    repetitions,
                    citation: Citation::russian("1.9.2"),
                    move_played,
                });
            }
        }
    }
    for side in [Color::White, Color::Black] {
        all.push(Event::OfferDeclinedByMove {
            number: 7,
            side,
            full: "c3:e5".into(),
        });
    }
    all.push(Event::SealedKept {
        written: "g3-h4".into(),
    });
    all.push(Event::DrawAccepted);
    all.push(Event::DeclinedWithMove);
    for bar in [
        crate::words::moves::OfferBar::OwnPending,
        crate::words::moves::OfferBar::RightUsed,
    ] {
        all.push(Event::OfferNotMade { bar });
    }
    for error in move_errors() {
        all.push(Event::SealedUnplayable {
            side: Color::Black,
            written: "c3-c5".into(),
            error,
        });
    }
    all.extend(finishes().into_iter().map(Event::Finished));
    let mut seen: Vec<usize> = all.iter().map(index).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, (0..=15).collect::<Vec<_>>());
    all
}

#[test]
fn every_event_is_worded_in_both_languages_without_foreign_or_debug_text() {
    for e in events() {
        for lang in LANGS {
            let text = event(&e, lang);
            // The temporary chess reasons are the chess reader's own words.
            if !matches!(&e, Event::SealedUnplayable { error, .. }
                    if matches!(error.kind, MoveErrorKind::Unreadable(UnreadableMove::Chess(_))
                        | MoveErrorKind::Illegal(Illegal::Chess(_))))
            {
                assert_clean(&text, lang);
            }
        }
    }
}

#[test]
fn every_move_error_finish_and_claim_is_worded_in_both_languages() {
    for lang in LANGS {
        for e in move_errors() {
            assert_clean(&e.message(lang), lang);
        }
        for f in finishes() {
            assert_clean(&finish(&f, lang), lang);
            assert_clean(&finish_rule(&f, lang), lang);
        }
        for c in claims() {
            assert_clean(&claimable(&c, lang), lang);
        }
        for &r in GameResult::ALL {
            assert_clean(&result(r, lang), lang);
        }
        for u in Unreadable::ALL {
            assert_clean(&unreadable(u, lang), lang);
        }
    }
}

#[test]
fn a_finish_names_the_rule_its_rulebook_and_the_result() {
    let f = Finish {
        result: GameResult::WhiteWins,
        termination: crate::rules::Termination::NoMoves,
        rule: EndRule::NoMoves,
        citation: Citation::russian("1.8.1"),
    };
    assert_eq!(
        finish(&f, Language::En),
        "Game over: the side to move has no legal move (Russian Draughts Rules (2010), §1.8.1). White won (1-0)."
    );
    assert_eq!(
        finish(&f, Language::Ru),
        "Партия окончена: у стороны, чей ход, нет ходов (Правила вида спорта «шашки», п. 1.8.1). Белые выиграли (1-0)."
    );
}

#[test]
fn russian_counts_agree_with_their_number() {
    assert_eq!(times(1, Language::Ru), "1 раз");
    assert_eq!(times(2, Language::Ru), "2 раза");
    assert_eq!(times(5, Language::Ru), "5 раз");
    assert_eq!(times(12, Language::Ru), "12 раз");
    assert_eq!(times(22, Language::Ru), "22 раза");
    assert_eq!(times(1, Language::En), "once");
    assert_eq!(times(2, Language::En), "2 times");
}

/// The words an offer mail tells players to write are the mail reader's own.
#[test]
fn the_offer_mail_names_answers_the_mail_reader_understands() {
    use crate::mail::intent::{Context, Intent, MoveSyntax, read_intents};
    let cx = Context::single(Some(crate::vocabulary::GameId(1)), MoveSyntax::Draughts);
    for (answer, want) in [
        ("accept draw", Intent::AcceptDraw),
        ("decline draw", Intent::DeclineDraw),
        ("принимаю ничью", Intent::AcceptDraw),
        ("отклоняю ничью", Intent::DeclineDraw),
    ] {
        let got = read_intents(answer, "", &cx);
        assert_eq!(got.len(), 1, "{answer}: {got:?}");
        assert_eq!(got[0].intent, want, "{answer}");
    }
    for lang in LANGS {
        let text = crate::words::state::offer_line(Color::White, false, true, lang);
        let (accept, decline) = match lang {
            Language::En => ("\"accept draw\"", "\"decline draw\""),
            Language::Ru => ("«принимаю ничью»", "«отклоняю ничью»"),
        };
        assert!(text.contains(accept) && text.contains(decline), "{text}");
    }
}

/// A tester read "отклонено ходом 6. e7-d6" for Black's 6... e7-d6: every
/// event naming a move writes Black's with three dots, White's with one.
#[test]
fn blacks_move_is_written_with_three_dots_in_every_event_that_names_a_move() {
    let declined = |side| Event::OfferDeclinedByMove {
        number: 6,
        side,
        full: "e7-d6".into(),
    };
    assert_eq!(
        event(&declined(Color::Black), Language::Ru),
        "Ваше предложение ничьей отклонено ходом 6... e7-d6."
    );
    assert_eq!(
        event(&declined(Color::Black), Language::En),
        "Your draw offer was declined by the move 6... e7-d6."
    );
    assert_eq!(
        event(&declined(Color::White), Language::Ru),
        "Ваше предложение ничьей отклонено ходом 6. e7-d6."
    );
    let played = Event::Played {
        number: 6,
        side: Color::Black,
        full: "e7-d6".into(),
        written: None,
        offers_draw: false,
    };
    assert!(event(&played, Language::Ru).starts_with("6... "));
}

/// In `rules` the two FMJD lone-king draws (art. 6.3: 16 moves, art. 6.4: 5
/// moves) read alike but for the count: each is worded by its condition.
#[test]
fn each_automatic_draw_rule_is_worded_by_its_condition() {
    let bare = |w: &str| -> String { w.chars().filter(|c| !c.is_ascii_digit()).collect() };
    for v in [Variant::Russian, Variant::International] {
        let rules = v.rules().draw_rules;
        for lang in LANGS {
            for (i, a) in rules.iter().enumerate() {
                for b in &rules[i + 1..] {
                    // The rows of one material table differ by their counts.
                    if a.termination() != b.termination() {
                        assert_ne!(
                            bare(&draw_rule(a, lang)),
                            bare(&draw_rule(b, lang)),
                            "{v:?}"
                        );
                    }
                }
            }
        }
    }
    let fmjd = Variant::International.rules().draw_rules;
    assert_eq!(
        draw_rule(&fmjd[1], Language::En),
        "three kings, two kings and a man, or a king and two men against a lone king: no win within 16 moves of each player"
    );
    assert_eq!(
        draw_rule(&fmjd[2], Language::Ru),
        "две дамки, дамка и простая или дамка против одинокой дамки: нет выигрыша за 5 ходов каждой стороны"
    );
    let russian = Variant::Russian.rules().draw_rules;
    assert_eq!(
        draw_rule(&russian[4], Language::Ru),
        "три фигуры против одинокой дамки на большой дороге: нет выигрыша за 5 ходов сильнейшей стороны"
    );
}
