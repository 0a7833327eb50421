use super::*;

fn entry() -> GameEntry {
    GameEntry {
        game: GameId(4),
        title: "Русские шашки: Иванов – Петров".into(),
        side: Color::Black,
        standing: Standing::YourMove,
        address: "bot+4.abcdefgh@example.test".into(),
    }
}

/// One of every notice (every reason of [`Unrecognised`], every standing).
fn all() -> Vec<Notice> {
    let mut out = vec![
        Notice::TooLarge {
            game: Some(GameId(3)),
            size: 11 << 20,
            limit: 10 << 20,
        },
        Notice::TooLarge {
            game: None,
            size: 300,
            limit: 200,
        },
        Notice::NotYourGames {
            lines: vec![(GameId(9), "c3-d4".into())],
            more: 2,
        },
        Notice::Stale {
            game: GameId(1),
            text: "c3-d4".into(),
            number: 1,
            due: 3,
            due_black: true,
        },
        Notice::Refused {
            game: GameId(1),
            line: "c3-d4".into(),
            reason: "x".into(),
        },
        Notice::RefusedCommand {
            line: "таблица".into(),
            reason: "вы не участвуете ни в одном турнире".into(),
        },
        Notice::WhichGame {
            lines: vec!["c3-d4".into()],
            more: 1,
            games: vec![entry()],
        },
        Notice::Tokenless {
            games: vec![],
            personal: Some("bot+p1.abc@example.test".into()),
        },
    ];
    for limit in [
        LimitKind::MimeDepth,
        LimitKind::MimeParts,
        LimitKind::Headers,
        LimitKind::HeaderBytes,
        LimitKind::TextBytes,
        LimitKind::LineBytes,
        LimitKind::WordsPerLine,
    ] {
        out.push(Notice::OverLimit {
            game: Some(GameId(2)),
            limit,
            found: 9,
            allowed: 8,
        });
    }
    for why in [
        Unrecognised::NoText,
        Unrecognised::NoCommand,
        Unrecognised::SeveralMoves(vec!["ba5".into(), "fg5".into()]),
        Unrecognised::LeaveDates("с 1 по".into()),
    ] {
        out.push(Notice::Unrecognised {
            game: Some(GameId(5)),
            why,
            example: Some("c3-d4".into()),
            quote: Some("привет".into()),
        });
    }
    out.push(Notice::Unrecognised {
        game: Some(GameId(5)),
        why: Unrecognised::NoCommand,
        example: None,
        quote: None,
    });
    use crate::mail::intent::{Act, Doubt};
    for act in [
        Act::Offer,
        Act::Accept,
        Act::Decline,
        Act::Resign,
        Act::Claim,
        Act::Takeback,
    ] {
        for doubt in [
            Doubt::Question,
            Doubt::Negation,
            Doubt::Condition,
            Doubt::Reported,
            Doubt::Quoted,
            Doubt::Joke,
            Doubt::Hedge,
            Doubt::Elsewhere,
            Doubt::Mention,
            Doubt::Contradiction,
        ] {
            for offered in [false, true] {
                out.push(Notice::Unsaid {
                    line: "Ничья? Нет, играем дальше.".into(),
                    act,
                    doubt,
                    offered,
                });
            }
            out.push(Notice::NotPlayed {
                line: "Может, c3-d4?".into(),
                text: "c3-d4".into(),
                doubt,
            });
        }
    }
    out.push(Notice::UnreadMove {
        line: "1. c3-x9".into(),
        text: "c3-x9".into(),
    });
    out.push(Notice::OtherLayout {
        written: "у7-а6".into(),
        meant: "e7-f6".into(),
    });
    for standing in [
        Standing::YourMove,
        Standing::OpponentsMove,
        Standing::Stopped,
    ] {
        out.push(Notice::Tokenless {
            games: vec![GameEntry {
                standing,
                ..entry()
            }],
            personal: None,
        });
    }
    out
}

#[test]
fn sizes_read_as_people_write_them() {
    assert_eq!(size_text(300, Language::En), "1 KB");
    assert_eq!(size_text(256 * 1024, Language::Ru), "256 КБ");
    assert_eq!(size_text(10 * 1024 * 1024, Language::Ru), "10,0 МБ");
    assert_eq!(size_text(9_500_000, Language::En), "9.1 MB");
}

#[test]
fn several_moves_are_named_and_one_is_asked_for() {
    let n = Notice::Unrecognised {
        game: Some(GameId(2)),
        why: Unrecognised::SeveralMoves(vec!["ba5".into(), "fg5".into()]),
        example: Some("c3-d4".into()),
        quote: None,
    };
    assert_eq!(
        n.text(Language::En),
        "Game #2 - your mail holds two moves, ba5 and fg5: send one. Nothing was changed."
    );
    assert_eq!(
        n.text(Language::Ru),
        "Партия №2 - в вашем письме два хода, ba5 и fg5: пришлите один. Ничего не изменено."
    );
}

#[test]
fn nothing_found_gives_the_example_of_the_game_and_the_help_command() {
    let n = Notice::Unrecognised {
        game: Some(GameId(2)),
        why: Unrecognised::NoCommand,
        example: Some("e2-e4".into()),
        quote: Some("Kc9 ход".into()),
    };
    let t = n.text(Language::En);
    assert!(t.contains("\"e2-e4\"") && t.contains("\"help\""), "{t}");
    let t = n.text(Language::Ru);
    assert!(t.contains("«e2-e4»") && t.contains("«помощь»"), "{t}");
}

#[test]
fn a_russian_size_notice_holds_no_latin_letter() {
    let n = Notice::TooLarge {
        game: Some(GameId(3)),
        size: 11 << 20,
        limit: 10 << 20,
    };
    let t = n.text(Language::Ru);
    assert!(t.starts_with("Партия №3 - "), "{t}");
    assert!(!t.chars().any(|c| c.is_ascii_alphabetic()), "{t}");
}

#[test]
fn every_notice_is_worded_in_both_languages_without_debug_text() {
    for n in all() {
        for lang in [Language::En, Language::Ru] {
            let t = n.text(lang);
            assert!(!t.trim().is_empty());
            for bad in [
                "SeveralMoves",
                "NoCommand",
                "NoText",
                "LeaveDates",
                "[\"",
                "Some(",
                "None",
                ".rs",
                "RULES",
            ] {
                assert!(!t.contains(bad), "{bad} in {t}");
            }
        }
        let ru = n.text(Language::Ru);
        for word in [
            " game", " move", " mail", " your", " the ", "nothing", "stopped", "White", "Black",
        ] {
            assert!(!ru.contains(word), "{word:?} in {ru}");
        }
    }
}

#[test]
fn the_personal_subject_is_not_read_as_a_command() {
    for lang in [Language::En, Language::Ru] {
        let s = personal_subject("Alice", lang);
        let rest = crate::mail::parse_subject(&format!("Re: {s}")).rest;
        assert!(
            rest.split_whitespace()
                .all(|w| !crate::mail::intent::is_command_word(w)),
            "{s}"
        );
    }
}

#[test]
fn no_sentence_of_a_notice_or_a_refusal_begins_lowercase_in_either_language() {
    let mut notices = all();
    // Every notice that may name no game, without one: it then starts with
    // its clause.
    notices.push(Notice::OverLimit {
        game: None,
        limit: LimitKind::TextBytes,
        found: 9,
        allowed: 8,
    });
    for why in [
        Unrecognised::NoText,
        Unrecognised::NoCommand,
        Unrecognised::SeveralMoves(vec!["ba5".into(), "fg5".into()]),
        Unrecognised::LeaveDates("с 1 по".into()),
        Unrecognised::DigestHour("25".into()),
        Unrecognised::DigestHour(String::new()),
    ] {
        for example in [Some("c3-d4".to_string()), None] {
            notices.push(Notice::Unrecognised {
                game: None,
                why: why.clone(),
                example,
                quote: Some("привет".into()),
            });
        }
    }
    for lang in [Language::Ru, Language::En] {
        let mut texts: Vec<String> = notices.iter().map(|n| n.text(lang)).collect();
        // Every refusal of the referee, in each reply that words one.
        for e in crate::words::referee::tests::every_refusal() {
            let reason = e.message(lang);
            texts.push(
                Notice::Refused {
                    game: GameId(3),
                    line: "c3-d4".into(),
                    reason: reason.clone(),
                }
                .text(lang),
            );
            texts.push(
                Notice::RefusedCommand {
                    line: "таблица".into(),
                    reason,
                }
                .text(lang),
            );
        }
        for text in texts {
            let lower = crate::words::sentence::lowercase_starts(&text);
            assert!(lower.is_empty(), "{lang:?}: {lower:?} in\n{text}");
        }
    }
}
