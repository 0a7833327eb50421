use super::*;

fn kinds(text: &str) -> Vec<LineKind> {
    classify(text).into_iter().map(|(k, _)| k).collect()
}

#[test]
fn quoted_lines_with_and_without_initials_are_quotes() {
    assert!(is_quoted("> e3-d4"));
    assert!(is_quoted("   >>x"));
    assert!(is_quoted("З> Чёрные сыграли 13... d8-e7"));
    assert!(is_quoted("IP> old"));
    assert!(!is_quoted("e3-d4 > c3-d4"));
    assert!(!is_quoted("-> e3-d4"));
}

#[test]
fn english_attribution_with_quote_below_is_cut_and_text_after_is_kept() {
    let t = "On 04.03.2025 12:45, Zaochka Referee wrote:\n> 18... e5-d4\n\nmy move g3-h4\n";
    assert_eq!(new_text(t), "my move g3-h4");
}

#[test]
fn gmail_attribution_wrapped_over_two_lines_is_cut() {
    let t = "2... d6\n\nOn Mon, Mar 10, 2025 at 9:05 AM Zaochka Referee <zaochka@example.com>\nwrote:\n\n> 2. Nf3\n";
    assert_eq!(new_text(t), "2... d6");
    assert_eq!(kinds(t)[2], LineKind::Attribution);
    assert_eq!(kinds(t)[3], LineKind::Attribution);
}

#[test]
fn claws_attribution_split_before_the_name_is_cut() {
    let t = "On Fri, 7 Mar 2025 19:40:02 +0000\nЗаочка <zaochka@example.com> wrote:\n\n> 3. a3-b4\n\n3... ba5\n";
    assert_eq!(new_text(t), "3... ba5");
}

#[test]
fn russian_attributions_are_cut() {
    for attribution in [
        "пн, 3 мар. 2025 г. в 14:02, Заочка <zaochka@example.com>:",
        "чт, 6 мар. 2025 г., 18:40 Заочка <zaochka@example.com>:",
        "06.03.2025, 20:30, \"Заочка\" <zaochka@example.com>:",
        "Вы писали 6 марта 2025 г., 10:35:",
        "Иван Петров пишет:",
        "Анна написал(а):",
        "Суббота, 8 марта 2025, 9:15 +03:00 от Заочка <zaochka@example.com>:",
        "* Заочка <zaochka@example.com> [2025-03-05 16:05 +0000]:",
    ] {
        let t = format!("ничья\n\n{attribution}\n> 19. g3-h4\n> сдаюсь\n");
        assert_eq!(new_text(&t), "ничья", "{attribution}");
    }
}

#[test]
fn an_attribution_without_a_quote_below_cuts_to_the_end() {
    // HTML replies lose their quote marks.
    let t = "Сдаюсь.\n\nОльга\n\nСуббота, 8 марта 2025, 9:15 +03:00 от Заочка <zaochka@example.com>:\nПартия #15\n7... e7:g5:e3:c1\n";
    assert_eq!(new_text(t), "Сдаюсь.\n\nОльга");
}

#[test]
fn a_dated_line_ending_in_a_colon_is_not_cut_without_a_quote() {
    let t = "My move at 10:15 on 06.03.2025:\ne3-d4\n";
    assert_eq!(new_text(t), "My move at 10:15 on 06.03.2025:\ne3-d4");
}

#[test]
fn outlook_original_message_blocks_cut_to_the_end() {
    for marker in [
        "-----Original Message-----",
        "-----Исходное сообщение-----",
        "________________________________",
        "---------- Forwarded message ---------",
        "-------- Пересылаемое сообщение --------",
        "Begin forwarded message:",
    ] {
        let t = format!("33-28\n\n{marker}\nFrom: Zaochka\n\n12... 9-14\n");
        assert_eq!(new_text(&t), "33-28", "{marker}");
    }
}

#[test]
fn unprefixed_from_sent_header_blocks_cut_to_the_end() {
    let t = "accept\n\nFrom: Zaochka Referee <zaochka@example.com>\nSent: Saturday, March 8, 2025\nTo: Sergei\n\nBlack offers a draw.\n";
    assert_eq!(new_text(t), "accept");
    let t = "12. e3:c5:e7\n\nОт: Заочка <zaochka@example.com>\nОтправлено: пятница, 7 марта 2025 г. 10:02\n\n11... h6-g5\n";
    assert_eq!(new_text(t), "12. e3:c5:e7");
}

#[test]
fn the_bots_own_text_pasted_without_quote_marks_is_history() {
    let t = "e3-d4\n\nGame #12 - Russian checkers\nBlack played 18... e5-d4\n";
    assert_eq!(new_text(t), "e3-d4");
}

#[test]
fn a_dash_signature_under_the_text_runs_to_the_quote() {
    let t = "4. Кр e1-f1\n\n-- \nИван Петров\n«1. e4 — best by test»\n\nOn Thu, 2025-03-06 at 21:03 +0000, Заочка wrote:\n> 3. Bc4 Qh4+\n\nP.S. more\n";
    assert_eq!(new_text(t), "4. Кр e1-f1\n\nP.S. more");
}

#[test]
fn an_outlook_signature_above_the_text_covers_only_its_paragraph() {
    let t = "\n--\nSergei Orlov\nTel. +7 (000) 000-23-19\n\n13. 33-28\n\n-----Original Message-----\n12... 9-14\n";
    assert_eq!(new_text(t), "13. 33-28");
}

#[test]
fn client_signature_lines_are_cut() {
    for sig in [
        "Sent from my iPhone",
        "Отправлено с iPhone",
        "Sent from Yandex Mail for mobile",
        "Отправлено из мобильной Почты Mail.ru",
        "Get Outlook for Android",
    ] {
        let t = format!("Nf3\n\n{sig}\n");
        assert_eq!(new_text(&t), "Nf3", "{sig}");
    }
}

#[test]
fn valedictions_take_the_name_lines_after_them() {
    assert_eq!(
        new_text("12. e3:c5:e7\n\nС уважением,\nМихаил Лебедев\n"),
        "12. e3:c5:e7"
    );
    assert_eq!(new_text("history\n\nThanks,\nMikhail\n"), "history");
    // A command or a move under the valediction is not a name.
    assert_eq!(new_text("Thanks,\nDraw\n"), "Draw");
    assert_eq!(new_text("Thanks,\ne3-d4\n"), "e3-d4");
    // "Thanks." is a sentence, not a valediction.
    assert_eq!(new_text("Thanks.\nIvan\n"), "Thanks.\nIvan");
}

#[test]
fn interleaved_replies_keep_every_new_block() {
    let t = "> Your move\ne3-d4\n> Commands: draw\ndraw?\n";
    assert_eq!(new_text(t), "e3-d4\n\ndraw?");
}

#[test]
fn a_mail_with_only_a_quote_has_no_new_text() {
    let t = "\n\nOn 6 March 2025 20:15:02 GMT+03:00, Заочка <zaochka@example.com> wrote:\n>1. c3-d4 f6-g5\n";
    assert_eq!(new_text(t), "");
}
