//! Literal messy mails through `Envelope::parse` and `read_intents`: each
//! charset and transfer encoding players' clients use, `format=flowed`,
//! HTML-only bodies, every quote and signature form the front end cuts,
//! auto-replies, bounces, attachments and the size limit.

use zaochka::mail::intent::{Context, Intent, MoveSyntax, Unrecognised};
use zaochka::mail::{AutoSignal, BotAddress, DsnAction, Envelope, EnvelopeError, read_intents};
use zaochka::vocabulary::GameId;

fn env(raw: &str) -> Envelope {
    Envelope::parse(raw.as_bytes()).expect("mail parses")
}

fn intents(e: &Envelope, syntax: MoveSyntax) -> Vec<Intent> {
    let cx = Context::single(e.subject_game(), syntax);
    read_intents(&e.new_text, &e.subject, &cx)
        .into_iter()
        .map(|a| a.intent)
        .collect()
}

fn the_move(e: &Envelope) -> (String, Option<u32>, bool) {
    match intents(e, MoveSyntax::Draughts).as_slice() {
        [Intent::Move { mv, offer_draw }] => (mv.text.clone(), mv.number, *offer_draw),
        other => panic!(
            "expected one move, got {other:?}\nnew text: {:?}",
            e.new_text
        ),
    }
}

const HEAD: &str = "From: Ivan Petrov <ivan.petrov@example.org>\r\n\
To: Zaochka <zaochka+12.k7q2m9@example.com>\r\n\
Subject: Re: [zaochka #12] Your move\r\n\
Message-ID: <m1@example.org>\r\n\
In-Reply-To: <zaochka.g12.p36.4842ee4d@example.com>\r\n\
References: <zaochka.g12.p34.61d69aac@example.com>\r\n <zaochka.g12.p36.4842ee4d@example.com>\r\n\
Date: Wed, 05 Mar 2025 21:19:48 +0300\r\n\
MIME-Version: 1.0\r\n";

#[test]
fn headers_give_sender_recipients_ids_date_and_reply_address() {
    let e = env(&format!(
        "{HEAD}Cc: Anna <anna@example.net>\r\nDelivered-To: zaochka+12.k7q2m9@example.com\r\n\
Content-Type: text/plain; charset=utf-8\r\n\r\ne3-d4\r\n"
    ));
    let from = e.from.as_ref().expect("from");
    assert_eq!(from.name.as_deref(), Some("Ivan Petrov"));
    assert!(from.is("Ivan.Petrov@example.org"));
    assert_eq!(e.to[0].address, "zaochka+12.k7q2m9@example.com");
    assert_eq!(e.cc[0].address, "anna@example.net");
    assert_eq!(e.delivered_to, ["zaochka+12.k7q2m9@example.com"]);
    assert_eq!(e.message_id.as_deref(), Some("m1@example.org"));
    assert_eq!(e.in_reply_to, ["zaochka.g12.p36.4842ee4d@example.com"]);
    assert_eq!(
        e.references,
        [
            "zaochka.g12.p34.61d69aac@example.com",
            "zaochka.g12.p36.4842ee4d@example.com"
        ]
    );
    assert_eq!(
        e.date.expect("date").to_rfc3339(),
        "2025-03-05T21:19:48+03:00"
    );
    assert_eq!(e.subject_game(), Some(GameId(12)));
    let bot = BotAddress::parse("zaochka@example.com").expect("bot");
    let replies = e.reply_addresses(&bot);
    assert_eq!(
        replies.len(),
        1,
        "To and Delivered-To name the same address once"
    );
    assert_eq!(replies[0].id, GameId(12));
    assert!(replies[0].token_matches("k7q2m9"));
    assert!(!e.is_automatic());
}

#[test]
fn utf8_eight_bit_text_is_read() {
    let e = env(&format!(
        "{HEAD}Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\
Мой ход: 19. g3-h4\r\n"
    ));
    assert_eq!(the_move(&e), ("g3-h4".into(), Some(19), false));
}

#[test]
fn format_flowed_with_delsp_is_unwrapped() {
    // A soft break inside the word "move" with DelSp=yes (its space is deleted;
    // a real space before a soft break is written twice), a space-stuffed line.
    let e = env(&format!(
        "{HEAD}Content-Type: text/plain; charset=UTF-8; format=flowed; delsp=yes\r\n\r\n\
Thanks. So my mo \r\nve 19.  \r\ng3-h4 and we will see.\r\n From here on I play fast.\r\n"
    ));
    assert!(e.new_text.contains("So my move 19. g3-h4 and we will see."));
    assert!(e.new_text.contains("\nFrom here on"));
    assert_eq!(the_move(&e), ("g3-h4".into(), Some(19), false));
}

#[test]
fn format_flowed_without_delsp_keeps_the_space() {
    let e = env(&format!(
        "{HEAD}Content-Type: text/plain; charset=UTF-8; format=flowed\r\n\r\n\
my move 19. \r\ng3-h4\r\n"
    ));
    assert_eq!(e.new_text, "my move 19. g3-h4");
}

#[test]
fn koi8r_quoted_printable_with_a_signature_is_read() {
    let e = env(&format!(
        "{HEAD}Content-Type: text/plain; charset=koi8-r\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
13... d8-e7\r\n\r\n=F0=D2=C5=C4=CC=C1=C7=C1=C0 =CE=C9=DE=D8=C0.\r\n\r\n--=20\r\n=E4=CD=C9=D4=D2=C9=CA\r\n"
    ));
    assert!(e.text.contains("Предлагаю ничью."));
    assert!(
        !e.new_text.contains("Дмитрий"),
        "signature cut: {:?}",
        e.new_text
    );
    assert_eq!(the_move(&e), ("d8-e7".into(), Some(13), true));
}

#[test]
fn windows_1251_base64_with_an_outlook_russian_header_block_is_read() {
    let e = env(&format!(
        "{HEAD}Content-Type: text/plain; charset=windows-1251\r\nContent-Transfer-Encoding: base64\r\n\r\n\
x+Tw4OLx8uLz6fLlIQ0KDQrR5OD+8fwuINHv4PHo4e4g5+Ag6OPw8y4NCg0K0SDz4uDm5e3o5ews\r\n\
DQrA7e3gDQoNCi0tLS0tyPH17uTt7uUg8e7u4fnl7ejlLS0tLS0NCs7yOiDH4O736uAgPHphb2No\r\n\
a2FAZXhhbXBsZS5jb20+DQoNCte48O375SDx++Pw4OvoIDcuLi4gZTc6ZzUNCsru7ODt5Ps6IO3o\r\n\
9/z/LCDx7uPr4PHl7Swg8eTg/vH8DQo=\r\n"
    ));
    assert!(e.text.contains("Чёрные сыграли 7... e7:g5"));
    assert_eq!(e.new_text, "Здравствуйте!\n\nСдаюсь. Спасибо за игру.");
    assert_eq!(intents(&e, MoveSyntax::Draughts), [Intent::Resign]);
}

#[test]
fn encoded_word_subjects_in_koi8r_and_windows_1251_keep_the_tag() {
    let e = env(
        "From: a@example.org\r\nSubject: =?koi8-r?B?UmU6IFt6YW9jaGthICMxNF0g6M/E?=\r\n\r\nx\r\n",
    );
    assert_eq!(e.subject, "Re: [zaochka #14] Ход");
    let e = env(
        "From: a@example.org\r\nSubject: =?windows-1251?B?zvLi5fI6IFt6YW9jaGthICMxNF0g7ej3/P8=?=\r\n\r\n\r\n",
    );
    assert_eq!(e.subject, "Ответ: [zaochka #14] ничья");
    assert_eq!(intents(&e, MoveSyntax::Draughts), [Intent::OfferDraw]);
}

#[test]
fn windows_1251_quoted_printable_is_read() {
    let e = env(&format!(
        "{HEAD}Content-Type: text/plain; charset=\"windows-1251\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
=D1=EE=E3=EB=E0=F1=E5=ED\r\n"
    ));
    assert_eq!(e.new_text, "Согласен");
    assert_eq!(intents(&e, MoveSyntax::Draughts), [Intent::AcceptDraw]);
}

#[test]
fn an_html_only_mail_is_converted_with_spaces_normalised_and_quotes_dropped() {
    let e = env(&format!(
        "{HEAD}Content-Type: text/html; charset=utf-8\r\n\r\n\
<HTML><BODY><div>e3-d4&nbsp;&nbsp;draw</div><div>&nbsp;</div><div>Иван</div>\
<blockquote style=\"border-left:1px solid #0857A6\"><div>Чёрные сыграли 18... e5-d4<br>\
Команды: ничья, согласен, сдаюсь</div></blockquote></BODY></HTML>\r\n"
    ));
    assert!(e.html_only);
    assert!(!e.new_text.contains('\u{a0}'));
    assert!(e.text.contains("e5-d4"), "the whole text keeps the quote");
    assert_eq!(e.new_text, "e3-d4  draw\n\nИван");
    assert_eq!(the_move(&e), ("e3-d4".into(), None, true));
}

#[test]
fn the_text_part_of_an_alternative_is_preferred_to_the_html() {
    let e = env(&format!(
        "{HEAD}Content-Type: multipart/alternative; boundary=\"b\"\r\n\r\n\
--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nresign\r\n\
--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<div>status</div>\r\n--b--\r\n"
    ));
    assert!(!e.html_only);
    assert_eq!(intents(&e, MoveSyntax::Draughts), [Intent::Resign]);
}

#[test]
fn an_empty_text_part_beside_the_html_falls_back_to_the_html() {
    let e = env(&format!(
        "{HEAD}Content-Type: multipart/alternative; boundary=\"b\"\r\n\r\n\
--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\r\n\
--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<div>resign</div><blockquote>status</blockquote>\r\n--b--\r\n"
    ));
    assert!(e.html_only);
    assert_eq!(intents(&e, MoveSyntax::Draughts), [Intent::Resign]);
}

/// A mail with this body under the common headers.
fn plain(body: &str) -> Envelope {
    env(&format!(
        "{HEAD}Content-Type: text/plain; charset=utf-8\r\n\r\n{}",
        body.replace('\n', "\r\n")
    ))
}

#[test]
fn each_quote_and_signature_form_is_cut_in_a_whole_mail() {
    let cases: &[(&str, &str)] = &[
        (
            "bottom-posted under On ... wrote:",
            "On 04.03.2025 12:45, Zaochka Referee wrote:\n> 18... e5-d4\n> Commands: draw, accept\n\n19. g3-h4\n",
        ),
        (
            "top-posted over a Russian Gmail attribution",
            "19. g3-h4\n\nпн, 3 мар. 2025 г. в 14:02, Заочка <zaochka@example.com>:\n\n> 18... e5-d4\n",
        ),
        (
            "... пишет:",
            "19. g3-h4\n\nИван Петров пишет:\n> 18... e5-d4\n",
        ),
        (
            "... написал(а):",
            "19. g3-h4\n\n05.03.2025 12:00, Заочка написал(а):\n> 18... e5-d4\n",
        ),
        (
            "Outlook -----Original Message-----",
            "19. g3-h4\n\n-----Original Message-----\nFrom: Zaochka Referee <zaochka@example.com>\nSent: Wednesday, March 5, 2025 7:40 PM\n\n18... e5-d4\n",
        ),
        (
            "Outlook -----Исходное сообщение-----",
            "19. g3-h4\n\n-----Исходное сообщение-----\nОт: Заочка\n\n18... e5-d4\n",
        ),
        (
            "unprefixed From:/Sent: block",
            "19. g3-h4\n\nFrom: Zaochka Referee <zaochka@example.com>\nSent: Saturday, March 8, 2025 10:06 AM\nSubject: [zaochka #12]\n\n18... e5-d4\n",
        ),
        (
            "unprefixed От:/Отправлено: block",
            "19. g3-h4\n\nОт: Заочка <zaochka@example.com>\nОтправлено: пятница, 7 марта 2025 г. 10:02\n\n18... e5-d4\n",
        ),
        (
            "Gmail forward",
            "19. g3-h4\n\n---------- Forwarded message ---------\nFrom: Zaochka <zaochka@example.com>\n\n18... e5-d4\n",
        ),
        (
            "Russian forward",
            "19. g3-h4\n\n-------- Пересылаемое сообщение --------\n06.03.2025, 20:30, \"Заочка\" <zaochka@example.com>:\n\n18... e5-d4\n",
        ),
        (
            "Apple forward",
            "19. g3-h4\n\nBegin forwarded message:\n\nFrom: Zaochka <zaochka@example.com>\n18... e5-d4\n",
        ),
        (
            "dash signature",
            "19. g3-h4\n\n-- \nIvan\n1. e4 - best by test, 1. c3-d4 too\n",
        ),
        ("Sent from my iPhone", "19. g3-h4\n\nSent from my iPhone\n"),
        ("Отправлено с iPhone", "19. g3-h4\n\nОтправлено с iPhone\n"),
        (
            "Sent from Yandex Mail for mobile",
            "19. g3-h4\n\nSent from Yandex Mail for mobile\n",
        ),
        (
            "Отправлено из мобильной Почты Mail.ru",
            "19. g3-h4\n\nОтправлено из мобильной Почты Mail.ru\n",
        ),
        (
            "Get Outlook for Android",
            "19. g3-h4\n\nGet Outlook for Android\n________________________________\nFrom: Zaochka\n18... e5-d4\n",
        ),
        (
            "С уважением, with a name",
            "19. g3-h4\n\nС уважением,\nИван Петров\n",
        ),
        (
            "The Bat! quote with initials",
            "19. g3-h4\n\nВы писали 6 марта 2025 г., 10:35:\n\nЗ> 18... e5-d4\nЗ> Команды: ничья, согласен\n",
        ),
        (
            "interleaved",
            "> Black played 18... e5-d4\n19. g3-h4\n> Commands: draw, accept\n",
        ),
    ];
    for (form, body) in cases {
        let e = plain(body);
        assert_eq!(
            the_move(&e),
            ("g3-h4".into(), Some(19), false),
            "{form}: new text {:?}",
            e.new_text
        );
        assert!(!e.new_text.contains("e5-d4"), "{form}: {:?}", e.new_text);
    }
}

#[test]
fn an_old_move_inside_a_quote_is_never_replayed() {
    let e = plain(
        "Thanks, thinking.\n\nOn 04.03.2025 12:45, Zaochka Referee wrote:\n> 18... e5-d4\n> Reply with your move, for example c3-d4.\n> Commands: draw, accept, resign\n",
    );
    assert_eq!(
        intents(&e, MoveSyntax::Draughts),
        [Intent::Unrecognised(Unrecognised::NoCommand)]
    );
}

#[test]
fn auto_replies_are_flagged_by_each_header() {
    let cases: &[(&str, AutoSignal)] = &[
        (
            "Auto-Submitted: auto-replied\r\n",
            AutoSignal::AutoSubmitted("auto-replied".into()),
        ),
        (
            "Auto-Submitted: auto-generated\r\n",
            AutoSignal::AutoSubmitted("auto-generated".into()),
        ),
        (
            "Precedence: bulk\r\n",
            AutoSignal::Precedence("bulk".into()),
        ),
        (
            "Precedence: junk\r\n",
            AutoSignal::Precedence("junk".into()),
        ),
        (
            "Precedence: list\r\n",
            AutoSignal::Precedence("list".into()),
        ),
        ("X-Autoreply: yes\r\n", AutoSignal::XAutoreply),
        ("X-Autorespond: yes\r\n", AutoSignal::XAutorespond),
        ("List-Id: <chess.example.org>\r\n", AutoSignal::MailingList),
        ("Return-Path: <>\r\n", AutoSignal::NullReturnPath),
        (
            "X-MS-Exchange-Inbox-Rules-Loop: anna@example.net\r\n",
            AutoSignal::OutlookAutoReply("inbox rule".into()),
        ),
    ];
    for (header, signal) in cases {
        let e = env(&format!(
            "{header}From: a@example.org\r\nSubject: x\r\nContent-Type: text/plain\r\n\r\ne3-d4\r\n"
        ));
        assert!(e.auto.contains(signal), "{header}: {:?}", e.auto);
        assert!(e.is_automatic());
    }
    let e = env(
        "From: a@example.org\r\nSubject: Automatic reply: [zaochka #12] Your move\r\n\r\nOut of office\r\n",
    );
    assert_eq!(
        e.auto,
        [AutoSignal::OutlookAutoReply("automatic reply".into())]
    );
    let e = env(
        "Auto-Submitted: no\r\nPrecedence: normal\r\nFrom: a@example.org\r\nSubject: x\r\n\r\ne3-d4\r\n",
    );
    assert!(e.auto.is_empty(), "{:?}", e.auto);
    assert!(!e.is_automatic());
}

const DSN: &str = "From: MAILER-DAEMON@mx.example.com (Mail Delivery System)\r\n\
Subject: Delayed Mail (still being retried)\r\n\
To: zaochka@example.com\r\n\
Auto-Submitted: auto-replied\r\n\
MIME-Version: 1.0\r\n\
Content-Type: multipart/report; report-type=delivery-status; boundary=\"R\"\r\n\r\n\
--R\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\nDelayed.\r\n\
--R\r\nContent-Type: message/delivery-status\r\n\r\n\
Reporting-MTA: dns; mx.example.com\r\n\r\n\
Final-Recipient: rfc822; anna@example.net\r\nAction: delayed\r\nStatus: 4.4.1\r\n\
Diagnostic-Code: X-Postfix; connect to mx.example.net: Connection timed out\r\n\
--R\r\nContent-Type: text/rfc822-headers\r\n\r\n\
Message-ID: <zaochka.g12.p37.9cf400f3@example.com>\r\n\
Subject: [zaochka #12] Your move\r\n\
Reply-To: zaochka+12.r4t8x1@example.com\r\n\
--R--\r\n";

#[test]
fn a_delay_notice_is_a_bounce_but_not_a_failure() {
    let e = env(DSN);
    let b = e.bounce.as_ref().expect("bounce");
    assert!(!b.is_failure());
    assert!(b.is_delay_only());
    assert_eq!(b.recipients[0].action, DsnAction::Delayed);
    assert_eq!(b.recipients[0].address(), "anna@example.net");
    assert_eq!(b.game(), Some(GameId(12)));
    let returned = b.returned.as_ref().expect("returned headers");
    assert_eq!(returned.reply_to, ["zaochka+12.r4t8x1@example.com"]);
    assert!(e.is_automatic());
}

#[test]
fn a_report_of_another_type_is_not_a_bounce() {
    let e = env(&DSN.replace("delivery-status;", "disposition-notification;"));
    assert!(e.bounce.is_none());
}

#[test]
fn attachments_are_kept_and_their_text_is_not_read_as_the_body() {
    let e = env(&format!(
        "{HEAD}Content-Type: multipart/mixed; boundary=\"m\"\r\n\r\n\
--m\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nSee my score.\r\n\
--m\r\nContent-Type: text/plain; charset=utf-8; name=\"game12.pdn\"\r\n\r\n1. c3-d4 h6-g5 2. g3-f4 *\r\n\
--m\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"board.png\"\r\n\
Content-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n--m--\r\n"
    ));
    assert_eq!(e.new_text, "See my score.");
    assert!(!e.text.contains("c3-d4"));
    let names: Vec<Option<&str>> = e.attachments.iter().map(|a| a.name.as_deref()).collect();
    assert!(names.contains(&Some("game12.pdn")), "{names:?}");
    assert!(names.contains(&Some("board.png")), "{names:?}");
    let png = e
        .attachments
        .iter()
        .find(|a| a.name.as_deref() == Some("board.png"))
        .expect("png");
    assert_eq!(png.content_type, "application/octet-stream");
    assert_eq!(png.data, b"\x89PNG\r\n\x1a\n");
    let pdn = e
        .attachments
        .iter()
        .find(|a| a.name.as_deref() == Some("game12.pdn"))
        .expect("pdn");
    assert!(String::from_utf8_lossy(&pdn.data).contains("c3-d4 h6-g5"));
}

#[test]
fn a_30_mib_mail_is_refused_before_parsing_and_names_its_sender() {
    let mut raw = format!(
        "{HEAD}Content-Type: multipart/mixed; boundary=\"big\"\r\n\r\n\
--big\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n19. f4-g5\r\n\
--big\r\nContent-Type: application/octet-stream; name=\"big.bin\"\r\n\
Content-Transfer-Encoding: base64\r\n\r\n"
    )
    .into_bytes();
    let line = b"QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB\r\n";
    while raw.len() < 30 * 1024 * 1024 {
        raw.extend_from_slice(line);
    }
    raw.extend_from_slice(b"--big--\r\n");
    match Envelope::parse(&raw) {
        Err(EnvelopeError::TooLarge {
            size,
            limit,
            headers,
        }) => {
            assert_eq!(size, raw.len());
            assert_eq!(limit, 10 * 1024 * 1024);
            let h = headers.expect("headers read");
            assert!(h.from.expect("from").is("ivan.petrov@example.org"));
            assert_eq!(h.subject, "Re: [zaochka #12] Your move");
            assert_eq!(h.in_reply_to, ["zaochka.g12.p36.4842ee4d@example.com"]);
        }
        other => panic!("expected TooLarge, got {:?}", other.map(|e| e.subject)),
    }
    // Under a larger limit the same mail parses and its move is read.
    let e = Envelope::parse_with_limit(&raw, 64 * 1024 * 1024).expect("parses");
    assert_eq!(the_move(&e), ("f4-g5".into(), Some(19), false));
}

#[test]
fn bytes_that_are_no_mail_give_an_error_not_a_panic() {
    assert!(matches!(
        Envelope::parse(b""),
        Err(EnvelopeError::Unparseable) | Ok(_)
    ));
}

/// A mail with the standard head and `body` after `extra` headers.
fn hostile_mail(extra: &str, body: &str) -> Vec<u8> {
    format!("{HEAD}{extra}\r\n{body}").into_bytes()
}

#[test]
fn every_bound_is_reported_by_its_kind_with_the_senders_head() {
    use zaochka::mail::{LimitKind, Limits};
    let small = Limits {
        max_mime_depth: 3,
        max_mime_parts: 4,
        max_headers: 30,
        max_header_bytes: 200,
        max_text_bytes: 1000,
        max_line_bytes: 100,
        max_words_per_line: 10,
    };
    let nested = |depth: usize| {
        let mut s = String::new();
        for i in 0..depth {
            s.push_str(&format!(
                "Content-Type: multipart/mixed; boundary=\"b{i}\"\r\n\r\n--b{i}\r\n"
            ));
        }
        s.push_str("\r\n19. f4-g5\r\n");
        s
    };
    let many_parts = {
        let mut s = "Content-Type: multipart/mixed; boundary=\"q\"\r\n\r\n".to_string();
        for _ in 0..6 {
            s.push_str("--q\r\nContent-Type: text/plain\r\n\r\nx\r\n");
        }
        s + "--q--\r\n"
    };
    let cases: Vec<(Vec<u8>, LimitKind)> = vec![
        (hostile_mail("", &"a ".repeat(20)), LimitKind::WordsPerLine),
        (
            hostile_mail("", &"abcdefghij".repeat(20)),
            LimitKind::LineBytes,
        ),
        (
            hostile_mail("", &"abcdefghij\r\n".repeat(200)),
            LimitKind::TextBytes,
        ),
        (
            hostile_mail(&format!("X-Long: {}\r\n", "y".repeat(300)), "f4-g5"),
            LimitKind::HeaderBytes,
        ),
        (
            hostile_mail(&"X-A: 1\r\n".repeat(40), "f4-g5"),
            LimitKind::Headers,
        ),
        (
            format!("{HEAD}{}", nested(5)).into_bytes(),
            LimitKind::MimeDepth,
        ),
        (
            format!("{HEAD}{many_parts}").into_bytes(),
            LimitKind::MimeParts,
        ),
        // Found only after decoding: a quoted-printable line joined by soft breaks.
        (
            hostile_mail(
                "Content-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n",
                &"abcdefghij=\r\n".repeat(20),
            ),
            LimitKind::LineBytes,
        ),
    ];
    for (raw, want) in cases {
        match Envelope::parse_bounded(&raw, 1 << 20, &small) {
            Err(EnvelopeError::OverLimit {
                limit,
                found,
                allowed,
                headers,
            }) => {
                assert_eq!(limit, want);
                assert!(found > allowed, "{want:?}: {found} <= {allowed}");
                let h = headers.expect("head read");
                assert!(
                    h.from.expect("from").is("ivan.petrov@example.org"),
                    "{want:?}"
                );
            }
            other => panic!("{want:?}: got {:?}", other.map(|e| e.text)),
        }
    }
    // Within the default limits the same structure is not refused.
    assert!(Envelope::parse(&format!("{HEAD}{}", nested(5)).into_bytes()).is_ok());
    assert!(Envelope::parse(&format!("{HEAD}{many_parts}").into_bytes()).is_ok());
}

#[test]
fn a_mail_from_two_senders_is_refused_whatever_the_order() {
    use zaochka::mail::SenderProblem;
    let raw = b"From: ivan.petrov@example.org\r\nTo: zaochka+12.abcdef@example.com\r\n\
Subject: x\r\nFrom: mallory@example.net\r\n\r\n19. f4-g5\r\n";
    assert_eq!(
        Envelope::parse(raw),
        Err(EnvelopeError::Sender(SenderProblem::Several))
    );
}

#[test]
fn the_head_of_an_over_size_mail_names_sender_and_reply_address() {
    use zaochka::mail::read_head;
    let bot = BotAddress::parse("zaochka@example.com").unwrap();
    let mut raw =
        b"Return-Path: <ivan@example.org>\r\nDelivered-To: zaochka+12.abcdef@example.com\r\n\
From: Ivan <ivan@example.org>\r\nTo: Group: ;\r\nSubject: big\r\n\r\n"
            .to_vec();
    raw.extend(std::iter::repeat_n(b'A', 300 * 1024));
    // The inbox hands only the first 256 KiB.
    let h = read_head(&raw[..256 * 1024]).expect("head");
    assert!(h.from.as_ref().unwrap().is("ivan@example.org"));
    let r = h.reply_addresses(&bot);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].id.0, 12);
    assert!(r[0].token_matches("abcdef"));
}
