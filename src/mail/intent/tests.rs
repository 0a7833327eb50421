//! Tests of the intent reader.

use super::*;
use chrono::NaiveDate;

use crate::vocabulary::GameId;

fn read(text: &str, subject: &str, syntax: MoveSyntax) -> Vec<Intent> {
    let cx = Context::single(Some(GameId(12)), syntax);
    read_intents(text, subject, &cx)
        .into_iter()
        .map(|a| a.intent)
        .collect()
}

fn draughts(text: &str) -> Vec<Intent> {
    read(text, "", MoveSyntax::Draughts)
}

fn one_move(intents: &[Intent]) -> (&str, Option<u32>, bool) {
    match intents {
        [Intent::Move { mv, offer_draw }] => (mv.text.as_str(), mv.number, *offer_draw),
        other => panic!("expected one move, got {other:?}"),
    }
}

#[test]
fn a_move_alone_is_a_move() {
    assert_eq!(one_move(&draughts("e3-d4")), ("e3-d4", None, false));
    assert_eq!(one_move(&draughts("cd4")), ("cd4", None, false));
    assert_eq!(one_move(&draughts("32-28")), ("32-28", None, false));
}

#[test]
fn a_move_number_is_kept_for_the_stale_check() {
    let got = draughts("7... e7:g5");
    let [Intent::Move { mv, .. }] = got.as_slice() else {
        panic!("{got:?}")
    };
    assert_eq!((mv.number, mv.black), (Some(7), true));
    assert_eq!(one_move(&draughts("19.g3-h4")), ("g3-h4", Some(19), false));
    assert_eq!(one_move(&draughts("1. с3–d4")), ("с3–d4", Some(1), false));
}

#[test]
fn a_full_stop_after_a_move_ends_the_sentence_not_the_move() {
    assert_eq!(
        one_move(&draughts("Мой ход e3-d4.")),
        ("e3-d4", None, false)
    );
    assert_eq!(
        one_move(&draughts("19. g3-h4. Draw?")),
        ("g3-h4", Some(19), true)
    );
    assert_eq!(
        one_move(&read("I play Nf3.", "", MoveSyntax::Chess)),
        ("Nf3", None, false)
    );
}

#[test]
fn a_move_with_spaces_around_its_sign_is_one_move() {
    assert_eq!(one_move(&draughts("c3 - d4")), ("c3 - d4", None, false));
}

#[test]
fn a_move_in_prose_counts_only_in_an_unmistakable_form() {
    assert_eq!(
        one_move(&draughts(
            "Keeping the h-file closed is too passive, so my move 19. g3-h4 and let us see what Black does with the d4 man."
        )),
        ("g3-h4", Some(19), false)
    );
    assert_eq!(
        draughts("Подумаю 3-4 дня, потом отвечу"),
        [Intent::Unrecognised(Unrecognised::NoCommand)]
    );
    assert_eq!(
        read("I think e4 is strong", "", MoveSyntax::Chess),
        [Intent::Unrecognised(Unrecognised::NoCommand)]
    );
    assert_eq!(
        one_move(&read("e4", "", MoveSyntax::Chess)),
        ("e4", None, false)
    );
}

/// A draughts square alone is the move there, as a chess `e4` is: on a line
/// of its own or after `ход`, never in prose, and never a bare number.
#[test]
fn a_square_alone_is_a_move_on_its_own_line_only() {
    assert_eq!(one_move(&draughts("c5")), ("c5", None, false));
    assert_eq!(one_move(&draughts("ход h4")), ("h4", None, false));
    assert_eq!(one_move(&draughts("1... c5")), ("c5", Some(1), false));
    assert_eq!(
        draughts("Думаю, что c5 сейчас сильнее"),
        [Intent::Unrecognised(Unrecognised::NoCommand)]
    );
    assert_eq!(
        draughts("15"),
        [Intent::Unrecognised(Unrecognised::NoCommand)]
    );
}

#[test]
fn phone_numbers_dates_times_and_results_are_not_moves() {
    for text in [
        "Tel. +7 (000) 000-23-19",
        "until 06.03.2025",
        "at 10:15 please",
        "1-0",
        "the 2025-03-06 game",
    ] {
        assert_eq!(
            draughts(text),
            [Intent::Unrecognised(Unrecognised::NoCommand)],
            "{text}"
        );
    }
}

#[test]
fn a_move_and_a_draw_offer_make_one_intent() {
    assert_eq!(
        one_move(&draughts(
            "13... d8-e7\nПредлагаю ничью: позиция симметричная."
        )),
        ("d8-e7", Some(13), true)
    );
    assert_eq!(one_move(&draughts("e5-d4 draw?")), ("e5-d4", None, true));
    assert_eq!(
        one_move(&draughts("13... 4-9\n\nI offer a draw.")),
        ("4-9", Some(13), true)
    );
}

#[test]
fn english_and_russian_commands_are_read() {
    let cases: &[(&str, Intent)] = &[
        ("draw?", Intent::OfferDraw),
        ("ничья", Intent::OfferDraw),
        ("предлагаю ничью", Intent::OfferDraw),
        ("accept", Intent::AcceptDraw),
        (
            "I accept the draw. Thanks for the game, Olga.",
            Intent::AcceptDraw,
        ),
        ("Согласна на ничью. Спасибо сопернику.", Intent::AcceptDraw),
        ("принимаю", Intent::AcceptDraw),
        ("Draw accepted", Intent::AcceptDraw),
        ("decline", Intent::DeclineDraw),
        ("отказ", Intent::DeclineDraw),
        ("отклоняю", Intent::DeclineDraw),
        ("не согласен", Intent::DeclineDraw),
        ("resign", Intent::Resign),
        ("Сдаюсь. Спасибо за партию!", Intent::Resign),
        ("I give up", Intent::Resign),
        ("claim", Intent::ClaimDraw { mv: None }),
        ("требую ничью", Intent::ClaimDraw { mv: None }),
        ("заявляю ничью", Intent::ClaimDraw { mv: None }),
        ("status", Intent::Status),
        ("Статус, пожалуйста", Intent::Status),
        ("history", Intent::History),
        ("история", Intent::History),
        ("help", Intent::Help),
        ("помощь", Intent::Help),
    ];
    for (text, want) in cases {
        assert_eq!(draughts(text), std::slice::from_ref(want), "{text}");
    }
}

#[test]
fn a_claim_carries_the_move_that_repeats() {
    let got = draughts("claim draw: e3-d4");
    let [Intent::ClaimDraw { mv: Some(mv) }] = got.as_slice() else {
        panic!("{got:?}")
    };
    assert_eq!(mv.text, "e3-d4");
}

#[test]
fn leave_takes_two_dates() {
    let from = NaiveDate::from_ymd_opt(2026, 12, 20).unwrap();
    let to = NaiveDate::from_ymd_opt(2027, 1, 3).unwrap();
    assert_eq!(
        draughts("leave 2026-12-20 2027-01-03"),
        [Intent::Leave { from, to }]
    );
    assert_eq!(
        draughts("Отпуск 20.12.2026 03.01.2027"),
        [Intent::Leave { from, to }]
    );
    assert_eq!(
        draughts("leave 2027-01-03 2026-12-20"),
        [Intent::Leave { from: to, to: from }]
    );
}

#[test]
fn chit_chat_is_ignored() {
    for text in [
        "Получила, спасибо. Позиция непростая, подумаю до выходных и пришлю ход.",
        "Thanks for the help with the rules!",
        "Я в отпуске до 24 марта включительно",
        "Здравствуйте, Заочка.",
    ] {
        assert_eq!(
            draughts(text),
            [Intent::Unrecognised(Unrecognised::NoCommand)],
            "{text}"
        );
    }
    assert_eq!(
        draughts("  \n"),
        [Intent::Unrecognised(Unrecognised::NoText)]
    );
}

#[test]
fn lines_for_other_games_go_to_those_games() {
    let cx = Context {
        other_games: &[(GameId(21), MoveSyntax::Chess)],
        ..Context::single(Some(GameId(12)), MoveSyntax::Draughts)
    };
    let got = read_intents(
        "#12: 18. f2-e3\n#15: 7... e7:g5:e3:c1\n21: Nf3\n",
        "Re: [zaochka #12] Your move",
        &cx,
    );
    let summary: Vec<(Option<i64>, String)> = got
        .iter()
        .map(|a| match &a.intent {
            Intent::Move { mv, .. } => (a.game.map(|g| g.0), mv.text.clone()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        summary,
        [
            (Some(12), "f2-e3".to_string()),
            (Some(15), "e7:g5:e3:c1".to_string()),
            (Some(21), "Nf3".to_string())
        ]
    );
}

#[test]
fn the_subject_counts_only_when_it_holds_nothing_else() {
    assert_eq!(
        one_move(&read("", "Re: [zaochka #23] a3-b4", MoveSyntax::Draughts)),
        ("a3-b4", None, false)
    );
    assert_eq!(
        read("", "[zaochka #21] history", MoveSyntax::Chess),
        [Intent::History]
    );
    assert_eq!(
        read("", "Re: [zaochka #22] Your move (Chess)", MoveSyntax::Chess),
        [Intent::Unrecognised(Unrecognised::NoText)]
    );
    assert_eq!(
        read(
            "",
            "Re: [zaochka #12] Draw offered by Black",
            MoveSyntax::Draughts
        ),
        [Intent::Unrecognised(Unrecognised::NoText)]
    );
}

#[test]
fn the_same_intent_in_subject_and_body_counts_once() {
    assert_eq!(
        read("history", "[zaochka #12] history", MoveSyntax::Chess),
        [Intent::History]
    );
    assert_eq!(
        one_move(&read(
            "19. g3-h4",
            "Re: [zaochka #12] g3-h4",
            MoveSyntax::Draughts
        )),
        ("g3-h4", Some(19), false)
    );
}

#[test]
fn two_different_moves_for_one_game_are_not_guessed_between() {
    assert_eq!(
        draughts("e3-d4\nc3-b4"),
        [Intent::Unrecognised(Unrecognised::SeveralMoves(vec![
            "e3-d4".into(),
            "c3-b4".into()
        ]))]
    );
}

#[test]
fn chess_marks_after_a_space_stay_with_their_move() {
    for (text, want) in [
        ("exd6 e.p.", "exd6 e.p."),
        ("Мой ход: exd6 в.п.", "exd6 в.п."),
        ("Qh7 †", "Qh7 †"),
        ("e4 ?!", "e4 ?!"),
        ("Ф:h2Х", "Ф:h2Х"),
        ("пe4", "пe4"),
        ("e8(Q)", "e8(Q)"),
    ] {
        let got = read(text, "", MoveSyntax::Chess);
        assert!(
            matches!(&got[..], [Intent::Move { mv, .. }] if mv.text == want),
            "{text}: {got:?}"
        );
    }
}

#[test]
fn chess_moves_with_russian_piece_letters_are_read() {
    assert_eq!(
        one_move(&read("4. Кр e1-f1", "", MoveSyntax::Chess)),
        ("Кр e1-f1", Some(4), false)
    );
    assert_eq!(
        one_move(&read("Nf3", "", MoveSyntax::Chess)),
        ("Nf3", None, false)
    );
    assert_eq!(
        one_move(&read("2... d6", "", MoveSyntax::Chess)),
        ("d6", Some(2), false)
    );
}

/// The total size of what was read: every excerpt and every move text.
fn output_bytes(got: &[Addressed]) -> usize {
    got.iter()
        .map(|a| {
            a.line.len()
                + match &a.intent {
                    Intent::Move { mv, .. } => mv.text.len(),
                    Intent::Unrecognised(Unrecognised::SeveralMoves(m)) => {
                        m.iter().map(String::len).sum()
                    }
                    Intent::Unrecognised(Unrecognised::LeaveDates(t)) => t.len(),
                    _ => 0,
                }
        })
        .sum()
}

#[test]
fn a_line_of_a_million_repeated_moves_gives_one_move_with_a_short_excerpt() {
    for mib in [1, 4] {
        let line = "cd4 ".repeat(mib * 1024 * 1024 / 4);
        let cx = Context::single(Some(GameId(12)), MoveSyntax::Draughts);
        let got = read_intents(&line, &line, &cx);
        assert_eq!(got.len(), 1, "{mib} MiB");
        assert!(matches!(&got[0].intent, Intent::Move { mv, .. } if mv.text == "cd4"));
        assert!(got[0].line.len() <= LINE_EXCERPT_BYTES + '…'.len_utf8());
        assert!(got[0].line.ends_with('…'));
    }
}

#[test]
fn many_distinct_requests_on_one_line_stay_linear_in_output() {
    // Distinct leaves and distinct moves: each read once, each with the
    // short excerpt, never the whole line per item.
    let mut line = String::new();
    for d in 1..=28 {
        for m in 1..=12 {
            line.push_str(&format!("leave 2026-{m:02}-{d:02} 2027-01-01; "));
        }
    }
    for f in ["a", "c", "e", "g"] {
        for r in 1..=8 {
            line.push_str(&format!("{f}{r}-b{r}, "));
        }
    }
    let line = line.repeat(8);
    let cx = Context::single(Some(GameId(12)), MoveSyntax::Draughts);
    let got = read_intents(&line, "", &cx);
    let leaves = got
        .iter()
        .filter(|a| matches!(a.intent, Intent::Leave { .. }))
        .count();
    assert_eq!(leaves, 28 * 12);
    let several = got
        .iter()
        .filter(|a| {
            matches!(
                a.intent,
                Intent::Unrecognised(Unrecognised::SeveralMoves(_))
            )
        })
        .count();
    assert_eq!(several, 1);
    let bound = got.len() * (LINE_EXCERPT_BYTES + 3) + line.len();
    assert!(
        output_bytes(&got) <= bound,
        "{} > {bound}",
        output_bytes(&got)
    );
}

#[test]
fn a_huge_word_is_not_tried_as_a_move() {
    let word = "e4!".repeat(1 << 20);
    assert_eq!(
        read(&word, "", MoveSyntax::Chess),
        [Intent::Unrecognised(Unrecognised::NoCommand)]
    );
    let word = "1x".repeat(1 << 20);
    assert_eq!(
        draughts(&word),
        [Intent::Unrecognised(Unrecognised::NoCommand)]
    );
}

#[test]
fn command_words_are_recognised_with_punctuation() {
    assert!(is_command_word("Draw?"));
    assert!(is_command_word("«Сдаюсь»"));
    assert!(!is_command_word("Mikhail"));
}
