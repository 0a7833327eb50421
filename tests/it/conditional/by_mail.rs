//! Conditional moves by mail, through the daemon on a
//! Maildir inbox with the files outbox and a real SQLite file, every bot mail
//! read back from its `.eml`:
//!
//! - `russian_two_branch_line_with_a_multi_capture_plays_out_then_drops`:
//!   Иванов (White) sends his move and, in the same mail, two lines, the first
//!   three moves deep with a double capture in it, and a third line with an
//!   illegal reply (refused at submission, the two others kept); Петров's
//!   matching moves are answered at once from the lines (Иванов's clock charged
//!   nothing), until Петров plays a move on no line: the lines are dropped,
//!   Иванов is told and his clock runs again. Петров never sees a line.
//! - `chess_lines_with_castling_and_promotion_cancel_and_list`: Smith's lines
//!   with castling and a promotion are played exactly as resolved; an
//!   ambiguous line is refused with its candidates; the list, a cancel, and
//!   Jones never sees a line.

use crate::common;

use common::conversation::{BotMail, Conversation, Failures, Lang, Player, check_mail};
use common::daemon::{Bot, Mailing};
use common::mails::{expect_in, one, to};
use common::players::{IVANOV, JONES, PETROV, SMITH, names_of, spec};

/// Plain days (no ICCF rounding): a charge of a second shows in the clock row.
const TIME_CONTROL: &str = "10/50";

fn names() -> Vec<&'static str> {
    names_of(&[IVANOV, PETROV, SMITH, JONES])
}

/// Every mail to the opponent, none of which may show a line: none of the
/// owner's notices about lines, no line as written, none of the moves of the
/// lines that were never played. (The help text names the command.)
fn opponent_never_sees(c: &Conversation, p: Player, unplayed: &[&str], f: &mut Failures) {
    for m in c.mails.iter().filter(|m| m.is_to(&p)) {
        let text = m.visible().to_lowercase();
        for w in [
            "условные ходы приняты",
            "условный ход сделан",
            "осталось вариантов",
            "вариант не принят",
            "conditional moves stored",
            "conditional move was played",
            "lines left",
            "line refused",
            "если 1",
            "if 30",
        ]
        .iter()
        .chain(unplayed)
        {
            if text.contains(&w.to_lowercase()) {
                f.add(
                    "opponent_never_sees_the_lines",
                    format!("a mail to {} shows «{w}»:\n{}", p.email, m.text),
                );
            }
        }
    }
}

#[test]
fn russian_two_branch_line_with_a_multi_capture_plays_out_then_drops() {
    let mut c = Conversation::new(Bot::new(Mailing::Local), &[IVANOV, PETROV], &[]);
    let game = spec(1, "russian", IVANOV, PETROV, Some(TIME_CONTROL));
    game.start_from(&c.bot, Some("W:Wa1,c1,e3,g3:Bb6,e5,g7,h8"));
    c.games.push(game);
    c.serve(None);
    let mut f = Failures::default();

    // The move, then two lines (the first three moves deep, with the double
    // capture e3:c5:a7), then a line whose reply is illegal.
    let invitation = c.last_to(IVANOV, 1);
    let got = c.reply(
        IVANOV,
        &invitation,
        "1. g3-h4\nесли 1... g7-f6, то 2. c1-d2 2... e5-d4 3. e3:c5:a7 3... f6-e5 4. d2-c3; \
         если 1... g7-h6, то 2. c1-b2\nесли 1... h8-g7, то 2. e3-f2\n\
         если 1... b6-a5, то 3. c1-d2; если 1... g7-h6, то 2. a1-b2",
    );
    let ack: Vec<&BotMail> = to(&got, &IVANOV)
        .into_iter()
        .filter(|m| m.text.contains("Условные ходы приняты"))
        .collect();
    match ack.as_slice() {
        [m] => {
            for w in [
                "1) 1... g7-f6 2. c1-d2 e5-d4 3. e3:c5:a7 f6-e5 4. d2-c3",
                "2) 1... g7-h6 2. c1-b2",
                "Вариант не принят: «если 1... h8-g7, то 2. e3-f2»",
                "«если 1... b6-a5, то 3. c1-d2»: перед c1-d2 вы написали ход 3, а это ход 2 белых",
                "«если 1... g7-h6, то 2. a1-b2»: вариант 2 уже отвечает на тот же ход соперника другим ходом.",
                "сопернику не видны",
            ] {
                if !m.text.contains(w) {
                    f.add("submission", format!("the answer lacks «{w}»:\n{}", m.text));
                }
            }
        }
        _ => f.add(
            "submission",
            format!(
                "expected one answer to the lines, got:\n{}",
                to(&got, &IVANOV)
                    .iter()
                    .map(|m| m.text.as_str())
                    .collect::<Vec<_>>()
                    .join("\n-----\n")
            ),
        ),
    }
    assert_eq!(c.bot.conditional_lines(1), 2, "two lines kept");
    let (white_used, _) = c.bot.used_and_running(1, "white");

    // The list, to the owner alone.
    let last = c.last_to(IVANOV, 1);
    let got = c.reply(IVANOV, &last, "условные ходы");
    let list = one(&got, &IVANOV, "list", &mut f);
    expect_in(&list, &["Ваши условные ходы", "2. c1-b2"], "list", &mut f);
    assert!(
        to(&got, &PETROV).is_empty(),
        "the list goes to its owner alone"
    );

    // Петров's first matching move: 2. c1-d2 is played at once.
    let last = c.last_to(PETROV, 1);
    let got = c.reply(PETROV, &last, "1... g7-f6");
    let owner = one(&got, &IVANOV, "first reply", &mut f);
    let opponent = one(&got, &PETROV, "first reply", &mut f);
    expect_in(
        &owner,
        &[
            "g7-f6",
            "2. Белые сыграли c1-d2",
            "условный ход сделан сразу",
            "Осталось вариантов: 1",
        ],
        "first reply, owner",
        &mut f,
    );
    expect_in(
        &opponent,
        &["g7-f6", "c1-d2"],
        "first reply, opponent",
        &mut f,
    );

    // The second: the double capture 3. e3:c5:a7, as resolved at submission.
    let last = c.last_to(PETROV, 1);
    let got = c.reply(PETROV, &last, "2... e5-d4");
    let owner = one(&got, &IVANOV, "second reply", &mut f);
    let opponent = one(&got, &PETROV, "second reply", &mut f);
    expect_in(
        &owner,
        &["3. Белые сыграли e3:c5:a7", "Осталось вариантов: 1"],
        "second reply, owner",
        &mut f,
    );
    expect_in(&opponent, &["e3:c5:a7"], "second reply, opponent", &mut f);
    assert_eq!(c.bot.plies(1), 5);
    let (used_now, running) = c.bot.used_and_running(1, "white");
    assert_eq!(
        used_now, white_used,
        "the automatic replies cost White no reflection time"
    );
    assert!(!running, "Black is to move");

    // A move on no line: the lines are dropped, Иванов is told, his clock runs.
    let last = c.last_to(PETROV, 1);
    let got = c.reply(PETROV, &last, "3... f6-g5");
    let owner = one(&got, &IVANOV, "no line", &mut f);
    one(&got, &PETROV, "no line", &mut f);
    expect_in(
        &owner,
        &["больше не действуют", "Ваши часы идут"],
        "no line, owner",
        &mut f,
    );
    assert_eq!(c.bot.plies(1), 6, "no automatic reply");
    assert_eq!(c.bot.conditional_lines(1), 0);
    assert!(
        c.bot.used_and_running(1, "white").1,
        "White's clock runs again"
    );

    let show = c.bot.ok(&["game", "show", "1"]);
    assert!(!show.contains("d2-c3"), "game show shows no line:\n{show}");
    opponent_never_sees(
        &c,
        PETROV,
        &["c1-b2", "d2-c3", "f6-e5", "e3-f2", "a1-b2"],
        &mut f,
    );
    for m in &c.mails {
        let p = if m.is_to(&IVANOV) { IVANOV } else { PETROV };
        f.extend(check_mail(m, &p, Lang::Ru, &names()));
    }
    f.assert_none();
}

#[test]
fn chess_lines_with_castling_and_promotion_cancel_and_list() {
    let mut c = Conversation::new(Bot::new(Mailing::Local), &[SMITH, JONES], &[]);
    let game = spec(1, "chess", SMITH, JONES, Some(TIME_CONTROL));
    game.start_from(&c.bot, Some("6k1/1P6/8/8/8/5N2/P7/1N2K2R w K - 0 30"));
    c.games.push(game);
    c.serve(None);
    let mut f = Failures::default();

    let invitation = c.last_to(SMITH, 1);
    let got = c.reply(
        SMITH,
        &invitation,
        "30. a2-a3\nif 30... Kg8-g7 then 31. O-O 31... Kg7-g6 32. b8=Q\n\
         if 30... Kg8-f7 then 31. b7-b8=Q draw\nif 30... Kg8-f8 then 31. Nd2",
    );
    let ack = to(&got, &SMITH)
        .into_iter()
        .find(|m| m.text.contains("Conditional moves stored"))
        .cloned();
    if ack.is_none() {
        f.add("submission", "no answer to the lines");
    }
    expect_in(
        &ack,
        &[
            "1) 30... Kg8-g7 31. O-O Kg7-g6 32. b7-b8=Q",
            "2) 30... Kg8-f7 31. b7-b8=Q (with a draw offer)",
            "Line refused: «if 30... Kg8-f8 then 31. Nd2»",
            "Nbd2",
            "Nfd2",
        ],
        "submission",
        &mut f,
    );
    assert_eq!(c.bot.conditional_lines(1), 2);

    // Castling, then the promotion, each played at once.
    let last = c.last_to(JONES, 1);
    let got = c.reply(JONES, &last, "30... Kg7");
    let owner = one(&got, &SMITH, "castling", &mut f);
    one(&got, &JONES, "castling", &mut f);
    expect_in(
        &owner,
        &["31. White played O-O", "Lines left: 1"],
        "castling",
        &mut f,
    );
    let last = c.last_to(JONES, 1);
    let got = c.reply(JONES, &last, "31... Kg6");
    let owner = one(&got, &SMITH, "promotion", &mut f);
    let opponent = one(&got, &JONES, "promotion", &mut f);
    expect_in(
        &owner,
        // The player's own writing is echoed, as an ordinary move's is.
        &["32. White played b7-b8=Q (written: b8=Q)", "Lines left: 0"],
        "promotion",
        &mut f,
    );
    expect_in(&opponent, &["b7-b8=Q"], "promotion", &mut f);
    assert_eq!(
        c.bot.plies(1),
        5,
        "the promotion is played:\n{}",
        owner.map(|m| m.text).unwrap_or_default()
    );
    assert_eq!(c.bot.conditional_lines(1), 0);

    // New lines, cancelled, then listed: none.
    let last = c.last_to(SMITH, 1);
    c.reply(SMITH, &last, "if 32... Kg6-f5 then 33. Qb8-b5");
    let got = c.reply(SMITH, &last, "if 32... Kg6-h5 then 33. Qb8-b5");
    let replaced = one(&got, &SMITH, "replace", &mut f);
    expect_in(
        &replaced,
        &["They replace your earlier conditional moves (1 line)"],
        "replace",
        &mut f,
    );
    assert_eq!(c.bot.conditional_lines(1), 1);
    // A list, a cancel and a list in one mail: each answered, in turn.
    let got = c.reply(SMITH, &last, "conditionals\ncancel\nconditionals");
    let all: String = to(&got, &SMITH).iter().map(|m| m.text.as_str()).collect();
    let (Some(a), Some(b), Some(z)) = (
        all.find("1) 32... Kg6-h5 33. Qb8-b5"),
        all.find("cancelled (1 line)"),
        all.find("You have no conditional moves"),
    ) else {
        panic!("list, cancel and list not all answered:\n{all}");
    };
    assert!(a < b && b < z, "answered out of order:\n{all}");
    let got = c.reply(SMITH, &last, "conditionals");
    let listed = one(&got, &SMITH, "list", &mut f);
    expect_in(&listed, &["You have no conditional moves"], "list", &mut f);
    assert_eq!(c.bot.conditional_lines(1), 0);
    let last = c.last_to(JONES, 1);
    c.reply(JONES, &last, "32... Kf5");
    assert_eq!(c.bot.plies(1), 6, "a cancelled line is not played");

    opponent_never_sees(&c, JONES, &["Qb5", "Qb8-b5", "Kf7", "Nd2"], &mut f);
    for m in &c.mails {
        let p = if m.is_to(&SMITH) { SMITH } else { JONES };
        f.extend(check_mail(m, &p, Lang::En, &names()));
    }
    f.assert_none();
}
