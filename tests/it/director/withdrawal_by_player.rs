//! A player who writes about withdrawing from a tournament: a statement
//! (`выбываю из турнира`) or a question (`можно ли выйти из турнира?`) is
//! answered, in the player's language, with what a withdrawal does in the
//! tournament (the unfinished games lost by forfeit, its withdrawal rule),
//! its directors and a confirmation code; nothing is changed, and the
//! directors get no withdrawal mail. Negated words are no withdrawal at all.
//! The reply `подтверждаю выход КОД` / `confirm withdrawal CODE` withdraws
//! the player as a director's `tournament withdraw` does, and every director
//! is told; a question, a negation, a wrong or expired code, or a repeated
//! confirmation change nothing more.

use chrono::{DateTime, TimeDelta, Utc};

use super::clock_warnings::{JUDGE, REFEREE, t0, winter};
use crate::common::daemon::{ALICE, BOB, Bot, Mailing, mail};

/// `address` writes `body` to the game address of their side of `game`.
fn write(bot: &Bot, seq: usize, game: i64, address: &str, body: &str) {
    write_at(bot, seq, game, address, body, t0());
}

/// The bot's address of `game` for the player of `address` (the address
/// their mails of the game are answered from).
fn game_address(bot: &Bot, game: i64, address: &str) -> String {
    let white: String = bot
        .db()
        .query_row(
            "SELECT p.email FROM games g JOIN players p ON p.id = g.white_id WHERE g.id = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap();
    let side = if white == address { "white" } else { "black" };
    format!("bot+{game}.{}@example.test", bot.token(game, side))
}

/// [`write`], the mail arriving and read at `at`.
fn write_at(bot: &Bot, seq: usize, game: i64, address: &str, body: &str, at: DateTime<Utc>) {
    let to = game_address(bot, game, address);
    bot.deliver_at(
        seq,
        &mail(address, &to, "Winter", &format!("w-{seq}@x"), body),
        u64::try_from(at.timestamp()).unwrap(),
    );
    bot.serve_once_at(at + TimeDelta::minutes(1));
}

/// Every entrant still plays, the game has no result, and no director was
/// told of a withdrawal.
fn nothing_changed(bot: &Bot, game: i64) {
    let playing: i64 = bot
        .db()
        .query_row(
            "SELECT count(*) FROM tournament_players WHERE status = 'playing'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(playing, 2, "both entrants still play");
    assert_eq!(bot.result(game), None, "the game goes on");
    let told = bot
        .outbox_to(JUDGE)
        .into_iter()
        .filter(|b| b.contains("выбыл"))
        .count();
    assert_eq!(told, 0, "{:?}", bot.outbox_to(JUDGE));
}

/// The mails to `address` that contain `text`.
fn mails(bot: &Bot, address: &str, text: &str) -> Vec<String> {
    bot.outbox_to(address)
        .into_iter()
        .filter(|b| b.contains(text))
        .collect()
}

#[test]
fn a_player_who_writes_that_he_withdraws_is_told_the_terms_and_nothing_is_changed() {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &[]);
    write(
        &bot,
        1,
        game,
        ALICE,
        "Sorry, I withdraw from the tournament.",
    );
    let told = mails(
        &bot,
        ALICE,
        "You wrote that you withdraw from the tournament",
    );
    assert_eq!(told.len(), 1, "{:?}", bot.outbox_to(ALICE));
    assert!(
        told[0].contains(
            "If you withdraw from Winter: your unfinished game is lost by forfeit; under the \
             FIDE Tournament Rules"
        ),
        "{}",
        told[0]
    );
    assert!(
        told[0].contains("Directors: referee@example.test"),
        "{}",
        told[0]
    );
    nothing_changed(&bot, game);
}

#[test]
fn a_player_who_asks_how_to_withdraw_is_answered_in_russian_and_nothing_is_changed() {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &["--withdrawals", "lss"]);
    write(&bot, 1, game, BOB, "Можно ли выйти из турнира?");
    let told = mails(
        &bot,
        BOB,
        "Выбывание из турнира оформляется, когда вы подтвердите",
    );
    assert_eq!(told.len(), 1, "{:?}", bot.outbox_to(BOB));
    assert!(
        told[0].contains(
            "Если вы выбудете из турнира «Winter»: ваша неоконченная партия (1) будет \
             засчитана как неявка; по правилам LSS"
        ),
        "{}",
        told[0]
    );
    assert!(!told[0].contains("Вы написали"), "{}", told[0]);
    nothing_changed(&bot, game);
}

#[test]
fn a_negated_withdrawal_is_no_withdrawal_and_gets_no_terms() {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &[]);
    write(&bot, 1, game, BOB, "Я не выбываю из турнира.");
    assert!(
        mails(&bot, BOB, "подтверждаю выход").is_empty(),
        "{:?}",
        bot.outbox_to(BOB)
    );
    nothing_changed(&bot, game);
}

/// The confirmation code in the last mail to `address` holding `line` (the
/// confirming line's words before the code).
fn code(bot: &Bot, address: &str, line: &str) -> String {
    let told = mails(bot, address, line);
    let last = told
        .last()
        .unwrap_or_else(|| panic!("{:?}", bot.outbox_to(address)));
    let at = last.find(line).unwrap() + line.len();
    let code: String = last[at..].trim_start().chars().take(8).collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{last}");
    code
}

/// The entrants' statuses, by address.
fn statuses(bot: &Bot) -> Vec<(String, String)> {
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT p.email, t.status FROM tournament_players t
             JOIN players p ON p.id = t.player_id ORDER BY p.email",
        )
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn a_player_who_confirms_in_russian_with_the_code_withdraws_and_the_directors_and_opponent_are_told()
 {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &[]);
    let day = t0() + TimeDelta::days(2);
    write_at(&bot, 1, game, BOB, "Выхожу из турнира.", day);
    let code = code(&bot, BOB, "подтверждаю выход");
    let terms = mails(&bot, BOB, "подтверждаю выход").pop().unwrap();
    assert!(
        terms.contains(&format!(
            "Чтобы выбыть из турнира «Winter», ответьте на это письмо строкой: подтверждаю \
             выход {code} (код действует по 10.03.2027 включительно)."
        )),
        "{terms}"
    );
    nothing_changed(&bot, game);
    let later = day + TimeDelta::days(3);
    write_at(
        &bot,
        2,
        game,
        BOB,
        &format!("Подтверждаю выход {code}"),
        later,
    );
    assert_eq!(
        bot.result(game).as_deref(),
        Some("1-0"),
        "Bob (Black) forfeits"
    );
    assert_eq!(
        statuses(&bot),
        [
            (ALICE.to_string(), "playing".to_string()),
            (BOB.to_string(), "withdrawn".to_string())
        ]
    );
    let made = mails(&bot, BOB, "Вы выбыли из турнира «Winter»");
    assert_eq!(made.len(), 1, "{:?}", bot.outbox_to(BOB));
    assert!(
        made[0].contains(
            "ваша неоконченная партия засчитана как неявка. Директорам турнира сообщено."
        ),
        "{}",
        made[0]
    );
    // The opponent (English) is told as for a director's withdrawal.
    let alice = mails(
        &bot,
        ALICE,
        "Black withdrew from the tournament: the game is lost by forfeit.",
    );
    assert_eq!(alice.len(), 1, "{:?}", bot.outbox_to(ALICE));
    // Both directors, each in their language, in the directors' thread.
    let judge = mails(
        &bot,
        JUDGE,
        "выбыл из турнира «Winter» по своему письму, подтверждённому кодом",
    );
    assert_eq!(judge.len(), 1, "{:?}", bot.outbox_to(JUDGE));
    assert!(
        judge[0].contains("1 неоконченная партия засчитана как неявка"),
        "{}",
        judge[0]
    );
    let referee = mails(
        &bot,
        REFEREE,
        "has withdrawn from Winter by their own mail, confirmed with its code: one unfinished game was lost by forfeit.",
    );
    assert_eq!(referee.len(), 1, "{:?}", bot.outbox_to(REFEREE));
    let subject: String = bot
        .db()
        .query_row(
            "SELECT subject FROM outbox WHERE to_address = ?1 AND body_text LIKE '%по своему письму%'",
            [JUDGE],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(subject, "[zaochka] Турнир «Winter»: судьям");
    // The same confirmation again changes nothing more.
    let to_alice = bot.outbox_to(ALICE).len();
    let to_judge = bot.outbox_to(JUDGE).len();
    write_at(
        &bot,
        3,
        game,
        BOB,
        &format!("подтверждаю выход {code}"),
        later + TimeDelta::hours(1),
    );
    assert_eq!(
        mails(
            &bot,
            BOB,
            "Вы уже выбыли из турнира «Winter»: больше ничего не изменено."
        )
        .len(),
        1
    );
    assert_eq!(bot.outbox_to(ALICE).len(), to_alice);
    assert_eq!(bot.outbox_to(JUDGE).len(), to_judge);
}

#[test]
fn a_player_who_confirms_in_english_with_the_code_withdraws() {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &["--withdrawals", "lss"]);
    let day = t0() + TimeDelta::days(1);
    write_at(&bot, 1, game, ALICE, "I withdraw from the tournament.", day);
    let code = code(&bot, ALICE, "confirm withdrawal");
    nothing_changed(&bot, game);
    write_at(
        &bot,
        2,
        game,
        ALICE,
        &format!("I confirm my withdrawal from the tournament, code {code}."),
        day + TimeDelta::hours(5),
    );
    assert_eq!(
        bot.result(game).as_deref(),
        Some("0-1"),
        "Alice (White) forfeits"
    );
    let made = mails(
        &bot,
        ALICE,
        "You have withdrawn from Winter: your unfinished game is lost by forfeit. The tournament's directors are told.",
    );
    assert_eq!(made.len(), 1, "{:?}", bot.outbox_to(ALICE));
    assert_eq!(
        mails(
            &bot,
            BOB,
            "Белые выбыли из турнира: им засчитано техническое поражение."
        )
        .len(),
        1,
        "{:?}",
        bot.outbox_to(BOB)
    );
    assert_eq!(mails(&bot, JUDGE, "по своему письму").len(), 1);
    assert_eq!(mails(&bot, REFEREE, "by their own mail").len(), 1);
}

#[test]
fn a_question_a_negation_a_wrong_or_an_expired_code_withdraws_nobody() {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &[]);
    let day = t0() + TimeDelta::days(1);
    write_at(&bot, 1, game, BOB, "Выхожу из турнира.", day);
    let code = code(&bot, BOB, "подтверждаю выход");
    let wrong = if code == "12345678" {
        "87654321"
    } else {
        "12345678"
    };
    let at = |h| day + TimeDelta::hours(h);
    write_at(
        &bot,
        2,
        game,
        BOB,
        &format!("А если я подтверждаю выход {code}?"),
        at(1),
    );
    write_at(
        &bot,
        3,
        game,
        BOB,
        &format!("Не подтверждаю выход {code}."),
        at(2),
    );
    write_at(&bot, 4, game, BOB, "Не хочу выходить из турнира.", at(3));
    nothing_changed(&bot, game);
    write_at(
        &bot,
        5,
        game,
        BOB,
        &format!("подтверждаю выход {wrong}"),
        at(4),
    );
    assert_eq!(
        mails(
            &bot,
            BOB,
            "Этот код не подтверждает ни одного вашего выбывания: ничего не изменено."
        )
        .len(),
        1,
        "{:?}",
        bot.outbox_to(BOB)
    );
    nothing_changed(&bot, game);
    // Another player's code is worthless to Alice.
    write_at(
        &bot,
        6,
        game,
        ALICE,
        &format!("confirm withdrawal {code}"),
        at(5),
    );
    assert_eq!(
        mails(&bot, ALICE, "This code confirms no withdrawal of yours").len(),
        1
    );
    nothing_changed(&bot, game);
    // Eight days later the code has expired.
    write_at(
        &bot,
        7,
        game,
        BOB,
        &format!("подтверждаю выход {code}"),
        day + TimeDelta::days(8),
    );
    assert_eq!(
        mails(
            &bot,
            BOB,
            "Срок кода для турнира «Winter» истёк: ничего не изменено."
        )
        .len(),
        1,
        "{:?}",
        bot.outbox_to(BOB)
    );
    nothing_changed(&bot, game);
}

#[test]
fn every_forfeit_mail_of_a_confirmed_withdrawal_shows_the_standings_after_all_its_forfeits() {
    use super::withdrawal_mail::{
        assert_all_three_counted, bobs_standing_since, spring, spring_mails,
    };
    let bot = Bot::new(Mailing::Local);
    spring(&bot);
    let game: i64 = bot
        .db()
        .query_row(
            "SELECT g.id FROM games g JOIN tournament_games t ON t.game_id = g.id
             JOIN players p ON p.id IN (g.white_id, g.black_id)
             WHERE p.email = ?1 ORDER BY g.id LIMIT 1",
            [BOB],
            |r| r.get(0),
        )
        .unwrap();
    let day = t0() + TimeDelta::days(1);
    write_at(&bot, 1, game, BOB, "Выхожу из турнира.", day);
    let code = code(&bot, BOB, "подтверждаю выход");
    let before = spring_mails(&bot);
    write_at(
        &bot,
        2,
        game,
        BOB,
        &format!("Подтверждаю выход {code}"),
        day + TimeDelta::hours(2),
    );
    let parts = bobs_standing_since(&bot, &before);
    // Three forfeits, each told to both of its players.
    assert_eq!(parts.len(), 6, "{parts:#?}");
    assert_all_three_counted(&parts);
}

/// [`write`], the mail's file stamped by the real clock now (as a mail
/// server stamps it), read by the daemon running on a faked clock at `at`.
fn write_real_stamp(
    bot: &Bot,
    seq: usize,
    game: i64,
    address: &str,
    body: &str,
    at: DateTime<Utc>,
) {
    let to = game_address(bot, game, address);
    let real = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    bot.deliver_at(
        seq,
        &mail(address, &to, "Winter", &format!("w-{seq}@x"), body),
        real,
    );
    bot.serve_once_at(at);
}

#[test]
fn under_a_faked_clock_the_withdrawal_code_is_of_the_faked_day_and_taken_for_7_days_after_it() {
    let bot = Bot::new(Mailing::Local);
    let game = winter(&bot, &[]);
    // The daemon runs on 3 March 2027, noon; the mail server's clock reads
    // the real day.
    let day = t0() + TimeDelta::days(2) + TimeDelta::hours(3);
    write_real_stamp(&bot, 1, game, BOB, "Выхожу из турнира.", day);
    let code = code(&bot, BOB, "подтверждаю выход");
    let terms = mails(&bot, BOB, "подтверждаю выход").pop().unwrap();
    assert!(
        terms.contains(&format!(
            "ответьте на это письмо строкой: подтверждаю выход {code} (код действует по \
             10.03.2027 включительно)."
        )),
        "the faked day + 7: {terms}"
    );
    nothing_changed(&bot, game);
    // On the seventh day after it, the code is still taken.
    write_real_stamp(
        &bot,
        2,
        game,
        BOB,
        &format!("Подтверждаю выход {code}"),
        day + TimeDelta::days(7),
    );
    assert_eq!(
        bot.result(game).as_deref(),
        Some("1-0"),
        "Bob (Black) forfeits: {:?}",
        bot.outbox_to(BOB)
    );
    assert_eq!(mails(&bot, BOB, "Вы выбыли из турнира «Winter»").len(), 1);
}
