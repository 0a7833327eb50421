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
        draughts("19. g3-h4. Draw?")[0],
        Intent::Move {
            mv: MoveText {
                text: "g3-h4".into(),
                number: Some(19),
                black: false,
                syntax: MoveSyntax::Draughts
            },
            offer_draw: false
        }
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
    assert_eq!(one_move(&draughts("e5-d4 draw")), ("e5-d4", None, true));
    assert_eq!(
        one_move(&draughts("Играю c3-d4 и предлагаю ничью")),
        ("c3-d4", None, true)
    );
    assert_eq!(
        one_move(&draughts("13... 4-9\n\nI offer a draw.")),
        ("4-9", Some(13), true)
    );
}

#[test]
fn english_and_russian_commands_are_read() {
    let cases: &[(&str, Intent)] = &[
        ("draw", Intent::OfferDraw),
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

/// What a mail does, in short: `move`, `offer`, `accept`, `decline`,
/// `resign`, `claim`, and `unsaid:<act>` for words naming an act not made.
fn acts(text: &str) -> Vec<String> {
    let mut out: Vec<String> = draughts(text)
        .into_iter()
        .flat_map(|i| match i {
            Intent::Move { offer_draw, .. } => {
                let mut v = vec!["move".to_string()];
                if offer_draw {
                    v.push("offer".into());
                }
                v
            }
            Intent::OfferDraw => vec!["offer".into()],
            Intent::AcceptDraw => vec!["accept".into()],
            Intent::DeclineDraw => vec!["decline".into()],
            Intent::Resign => vec!["resign".into()],
            Intent::ClaimDraw { mv } => {
                let mut v = vec!["claim".to_string()];
                if mv.is_some() {
                    v.push("claim-move".into());
                }
                v
            }
            Intent::Unsaid { act, .. } => vec![format!("unsaid:{act:?}").to_lowercase()],
            Intent::NamedMove { .. } => vec!["named-move".into()],
            other => vec![format!("{other:?}")],
        })
        .collect();
    out.sort();
    out
}

#[test]
fn questions_negations_conditions_reports_quotes_and_jokes_make_no_act() {
    let cases: &[(&str, &[&str])] = &[
        (
            "Ничья? Нет, играем дальше.\n3. b2-c3",
            &["move", "unsaid:offer"],
        ),
        (
            "Draw? No way, I play on.\n10... 22-27",
            &["move", "unsaid:offer"],
        ),
        (
            "Ничья? Нет, я не согласен на ничью и не сдаюсь!\n10. d2-d3",
            &["decline", "move", "unsaid:resign"],
        ),
        ("c3-d4\nничью не предлагаю", &["move", "unsaid:offer"]),
        ("c3-d4, no draw", &["move", "unsaid:offer"]),
        ("Ничья — ни за что. c3-d4", &["move", "unsaid:offer"]),
        (
            "c3-d4\nЕсли вы предложите ничью, я соглашусь.",
            &["move", "unsaid:accept", "unsaid:offer"],
        ),
        (
            "c3-d4. Вы предлагали ничью, но я играю.",
            &["move", "unsaid:offer"],
        ),
        ("c3-d4\nHe said draw, I said no.", &["move", "unsaid:offer"]),
        (
            "c3-d4\nВы написали «ничья?» — нет.",
            &["move", "unsaid:offer"],
        ),
        ("Сдаюсь! Шучу.\nc3-d4", &["move", "unsaid:resign"]),
        ("c3-d4. Может, ничья?", &["move", "unsaid:offer"]),
        ("c3-d4. I think it's a draw", &["move", "unsaid:offer"]),
        ("Сдаться? Ни за что. c3-d4", &["move", "unsaid:resign"]),
        (
            "c3-d4\nВ прошлой партии я сдался слишком рано.",
            &["move", "unsaid:resign"],
        ),
        ("c3-d4\nможно переходить?", &["move", "unsaid:takeback"]),
        (
            "c3-d4. Я бы предложил ничью, но рано.",
            &["move", "unsaid:offer"],
        ),
    ];
    for (text, want) in cases {
        assert_eq!(acts(text), *want, "{text}");
    }
}

#[test]
fn affirmative_acts_are_made_beside_unrelated_words() {
    let cases: &[(&str, &[&str])] = &[
        ("Предлагаю ничью. Не торопитесь с ответом.", &["offer"]),
        ("c3-d4 ничья", &["move", "offer"]),
        ("Играю c3-d4 и предлагаю ничью", &["move", "offer"]),
        ("c3-d4\nI offer a draw.", &["move", "offer"]),
        (
            "Если вы не против, предлагаю ничью.\nc3-d4",
            &["move", "offer"],
        ),
        ("Предлагаю ничью, согласны?", &["offer"]),
        ("Согласен на ничью. Спасибо за партию!", &["accept"]),
        ("Draw accepted, thanks for the game", &["accept"]),
        ("I accept your draw offer.", &["accept"]),
        ("Нет, не согласен. c3-d4", &["decline", "move"]),
        ("I decline the draw. c3-d4", &["decline", "move"]),
        ("Сдаюсь. Спасибо за интересную партию.", &["resign"]),
        ("I resign. Well played!", &["resign"]),
        ("Требую ничью по троекратному повторению", &["claim"]),
        ("I'll play cd4 this time.", &["move"]),
        ("1.c3 - d4", &["move"]),
        ("6…c7 - b6", &["move"]),
    ];
    for (text, want) in cases {
        assert_eq!(acts(text), *want, "{text}");
    }
}

#[test]
fn a_game_ending_act_contradicted_by_the_mail_is_not_made() {
    let cases: &[(&str, &[&str])] = &[
        ("Сдаюсь.\nc3-d4", &["move", "unsaid:resign"]),
        (
            "Согласен на ничью... нет, играем дальше",
            &["unsaid:accept"],
        ),
        ("Сдаюсь. Нет, не сдаюсь.", &["unsaid:resign"]),
    ];
    for (text, want) in cases {
        assert_eq!(acts(text), *want, "{text}");
    }
}

#[test]
fn a_move_named_as_someone_elses_or_in_a_question_is_not_played() {
    let cases: &[(&str, &[&str])] = &[
        (
            "Your c3-d4 was a mistake. 2. g3-h4",
            &["move", "named-move"],
        ),
        ("Может, c3-d4? Подумаю ещё.", &["named-move"]),
        ("Играю g3-h4, а не c3-d4", &["move", "named-move"]),
    ];
    for (text, want) in cases {
        assert_eq!(acts(text), *want, "{text}");
    }
}

#[test]
fn a_kings_mark_before_a_draughts_move_is_read() {
    assert_eq!(one_move(&draughts("1. Kc1-b2")), ("c1-b2", Some(1), false));
    let got = draughts("Д c1-b2");
    let [Intent::Move { mv, .. }] = got.as_slice() else {
        panic!("{got:?}")
    };
    assert_eq!(mv.draughts(), crate::notation::parse_move("c1-b2").ok());
}

#[test]
fn a_numbered_move_in_a_bot_subject_is_read() {
    assert_eq!(
        one_move(&read(
            "",
            "Re: [zaochka #12] Русские шашки: Иванов – Петров 4... b6-a5",
            MoveSyntax::Draughts
        )),
        ("b6-a5", Some(4), false)
    );
}

#[test]
fn a_move_in_the_russian_layout_is_named_not_played() {
    assert_eq!(
        draughts("3... у7-а6"),
        [Intent::OtherLayout {
            written: "у7-а6".into(),
            meant: "e7-f6".into()
        }]
    );
}

/// One case of `tests/data/phrasings.toml`.
#[derive(serde::Deserialize)]
struct Phrasing {
    id: String,
    game: String,
    before: Vec<String>,
    #[serde(default)]
    offered: bool,
    body: String,
    acts: Vec<String>,
    #[serde(default)]
    unsaid: Vec<String>,
}

#[derive(serde::Deserialize)]
struct Phrasings {
    case: Vec<Phrasing>,
}

/// The reader alone on the corpus of phrasings, with the daemon's readings
/// of what depends on the game (an offer or `нет, ничья` while the opponent
/// offers, `Белые сдаются`, `признаю поражение`); the daemon test plays them
/// against real games.
#[test]
fn the_corpus_of_phrasings_reads_as_its_players_meant() {
    let corpus: Phrasings = toml::from_str(include_str!("../../../tests/data/phrasings.toml"))
        .expect("tests/data/phrasings.toml reads");
    let mut failures = Vec::new();
    for case in &corpus.case {
        let syntax = if case.game == "chess" {
            MoveSyntax::Chess
        } else {
            MoveSyntax::Draughts
        };
        let sender_white = case.before.len() % 2 == 0;
        let text = crate::mail::quotes::new_text(&case.body);
        let got = read(&text, "Re: [zaochka #12] Ваш ход", syntax);
        let mut acts: Vec<String> = Vec::new();
        let mut unsaid: Vec<String> = Vec::new();
        for i in &got {
            match i {
                Intent::Move { offer_draw, .. } => {
                    acts.push("move".into());
                    if *offer_draw {
                        acts.push("offer".into());
                    }
                }
                Intent::OfferDraw if case.offered => acts.push("accept".into()),
                Intent::OfferDraw => acts.push("offer".into()),
                Intent::AcceptDraw => acts.push("accept".into()),
                Intent::DeclineDraw | Intent::PlayOn if case.offered => {
                    acts.push("decline".into());
                }
                Intent::DeclineDraw => acts.push("decline".into()),
                Intent::Resign | Intent::ClaimResult(crate::tournament::ResultClaim::Loss) => {
                    acts.push("resign".into());
                }
                Intent::SideResigns(c) if (*c == crate::rules::Color::White) == sender_white => {
                    acts.push("resign".into());
                }
                Intent::SideResigns(_) => unsaid.push("resign".into()),
                // The move written with a claim is played only if the
                // claim fails: the claim is the act.
                Intent::ClaimDraw { .. } => acts.push("claim".into()),
                Intent::Unsaid {
                    act: Act::Offer,
                    doubt: Doubt::Negation,
                } if case.offered => acts.push("decline".into()),
                Intent::Unsaid { act, .. } => unsaid.push(format!("{act:?}").to_lowercase()),
                _ => {}
            }
        }
        let mut want = case.acts.clone();
        // A move declines the opponent's pending offer.
        if case.offered && acts.iter().any(|a| a == "move") {
            acts.push("decline".into());
        }
        if case.offered && want.iter().any(|a| a == "move") {
            want.push("decline".into());
        }
        for v in [&mut acts, &mut want, &mut unsaid] {
            v.sort();
            v.dedup();
        }
        let mut want_unsaid = case.unsaid.clone();
        want_unsaid.sort();
        if acts != want || unsaid != want_unsaid {
            failures.push(format!(
                "{}: acts {acts:?} (want {want:?}), unsaid {unsaid:?} (want {want_unsaid:?})\n  {:?}",
                case.id, case.body
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} phrasings misread:\n{}",
        failures.len(),
        corpus.case.len(),
        failures.join("\n")
    );
}

#[test]
fn a_word_that_looks_like_a_move_but_reads_as_none_is_answered() {
    assert_eq!(
        draughts("Статус\n1. c3-x9"),
        [
            Intent::Status,
            Intent::UnreadMove {
                text: "c3-x9".into()
            }
        ]
    );
    for prose in [
        "Подумаю 3-4 дня",
        "at 10:15 please",
        "Tel. +7 (000) 000-23-19",
    ] {
        assert_eq!(
            draughts(prose),
            [Intent::Unrecognised(Unrecognised::NoCommand)],
            "{prose}"
        );
    }
}

#[test]
fn bulletins_are_asked_for_and_refused_in_both_languages() {
    let on = Intent::Bulletins { wanted: true };
    let off = Intent::Bulletins { wanted: false };
    let cases: &[(&str, &Intent)] = &[
        ("без бюллетеней", &off),
        ("Без бюллетеней, пожалуйста.", &off),
        ("Не присылайте бюллетени", &off),
        ("no bulletins", &off),
        ("No bulletins, please.", &off),
        ("stop bulletins", &off),
        ("бюллетени", &on),
        ("Бюллетени, пожалуйста", &on),
        ("bulletins", &on),
        ("Bulletins please", &on),
    ];
    for (text, want) in cases {
        assert_eq!(draughts(text), std::slice::from_ref(*want), "{text}");
    }
}

#[test]
fn the_digest_every_move_and_the_calendar_are_asked_for_in_both_languages() {
    use crate::clock::digest::MoveMails;
    let daily = |hour| Intent::MoveMails(MoveMails::Daily { hour });
    let every = Intent::MoveMails(MoveMails::EveryMove);
    let cases: &[(&str, Intent)] = &[
        ("сводка", daily(8)),
        ("Сводка, пожалуйста.", daily(8)),
        ("сводка в 7", daily(7)),
        ("сводка в 20:00", daily(20)),
        ("сводку в 9.", daily(9)),
        ("digest", daily(8)),
        ("digest at 6", daily(6)),
        ("Digest at 07:00 please", daily(7)),
        ("каждый ход", every.clone()),
        ("Каждый ход, пожалуйста", every.clone()),
        ("every move", every.clone()),
        ("календарь", Intent::Calendar),
        ("calendar", Intent::Calendar),
        ("Calendar, please.", Intent::Calendar),
    ];
    for (text, want) in cases {
        assert_eq!(draughts(text), std::slice::from_ref(want), "{text}");
    }
}

#[test]
fn a_digest_asked_about_denied_or_at_no_hour_is_not_taken() {
    for text in [
        "сводка?",
        "не надо сводку",
        "сводка в 25",
        "digest at noon",
        "no digest",
        "calendar?",
        "every move?",
    ] {
        assert!(
            !draughts(text)
                .iter()
                .any(|i| matches!(i, Intent::MoveMails(_) | Intent::Calendar)),
            "{text}: {:?}",
            draughts(text)
        );
    }
}

#[test]
fn a_withdrawal_from_the_tournament_is_read_from_a_statement_in_both_languages() {
    for text in [
        "выбываю из турнира",
        "Я снимаюсь с турнира.",
        "К сожалению, выхожу из турнира.",
        "Хочу выйти из турнира",
        "I withdraw from the tournament.",
        "Sorry, I am withdrawing from the tournament",
    ] {
        assert_eq!(draughts(text), [Intent::Withdraw], "{text}");
    }
}

#[test]
fn a_question_about_withdrawal_asks_how_and_withdraws_nothing() {
    for text in [
        "Можно ли выйти из турнира?",
        "как выйти из турнира",
        "Если я выбываю из турнира, что будет?",
        "How do I withdraw from the tournament?",
        "can I leave the tournament",
        "If I withdraw from the tournament I lose my games.",
    ] {
        assert_eq!(draughts(text), [Intent::HowToWithdraw], "{text}");
    }
}

#[test]
fn a_negated_or_quoted_withdrawal_or_one_without_the_tournament_is_nothing() {
    for text in [
        "не выбываю из турнира",
        "Я не снимаюсь с турнира!",
        "I don't withdraw from the tournament.",
        "он написал «выбываю из турнира»",
        "выхожу на улицу",
        "I withdraw my draw offer",
    ] {
        let read = draughts(text);
        assert!(
            !read
                .iter()
                .any(|i| matches!(i, Intent::Withdraw | Intent::HowToWithdraw)),
            "{text}: {read:?}"
        );
    }
}

#[test]
fn a_digest_at_an_hour_that_is_none_is_read_as_that_hour_refused() {
    let refused = |hour: &str| Intent::Unrecognised(Unrecognised::DigestHour(hour.into()));
    for (text, want) in [
        ("сводка в 25", refused("25")),
        ("Сводка в 24:00, пожалуйста", refused("24:00")),
        ("digest at 25", refused("25")),
        ("digest at noon", refused("noon")),
    ] {
        assert_eq!(draughts(text), [want], "{text}");
    }
    // Asked or denied: no request, so nothing refused either.
    for text in ["сводка в 25?", "не надо сводку в 25"] {
        assert!(
            !draughts(text)
                .iter()
                .any(|i| matches!(i, Intent::Unrecognised(Unrecognised::DigestHour(_)))),
            "{text}"
        );
    }
}

#[test]
fn a_confirmed_withdrawal_is_read_with_its_code_and_a_question_or_negation_is_not() {
    for text in [
        "Подтверждаю выход 04817263",
        "Подтверждаю своё выбывание из турнира, код 0481 7263.",
        "Confirm withdrawal 04817263",
    ] {
        assert_eq!(
            draughts(text),
            [Intent::ConfirmWithdrawal {
                code: Some(4_817_263)
            }],
            "{text}"
        );
    }
    assert_eq!(
        draughts("подтверждаю выход"),
        [Intent::ConfirmWithdrawal { code: None }]
    );
    for text in [
        "а если я подтверждаю выход 04817263?",
        "не подтверждаю выход 04817263",
        "не хочу выходить из турнира",
    ] {
        let read = draughts(text);
        assert!(
            !read
                .iter()
                .any(|i| matches!(i, Intent::ConfirmWithdrawal { .. } | Intent::Withdraw)),
            "{text}: {read:?}"
        );
    }
}
