//! A player is one mailbox and a name of at most 100 characters: an address
//! with an international domain and its ASCII (punycode) twin cannot be
//! registered as two players, and mail from either form reaches the one
//! player; a name past the limit is refused with the limit, on the command
//! line as in the store.

use crate::common;

use chrono::Utc;
use common::cli::Zaochka;
use common::daemon::{ALICE, Bot, GameNew, Mailing, mail, two_players};

fn add(z: &Zaochka, name: &str, email: &str) -> common::cli::Run {
    z.run(&[
        "player", "add", "--name", name, "--email", email, "--lang", "ru",
    ])
}

#[test]
fn a_name_of_101_characters_is_refused_with_the_limit() {
    let z = Zaochka::new();
    let long = "Щ".repeat(101);
    let r = add(&z, &long, "long@example.org");
    assert_eq!(
        r.code, 1,
        "refused politely, not a fault: {}{}",
        r.stdout, r.stderr
    );
    assert!(
        r.stderr
            .contains("name too long: 101 characters, at most 100"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.len() < 300,
        "the name is not echoed back: {}",
        r.stderr
    );
    let r = add(&z, &"Щ".repeat(100), "long@example.org");
    assert!(r.ok, "{}", r.stderr);
    let r = z.run(&[
        "player",
        "edit",
        "long@example.org",
        "--name",
        &long,
        "--as",
        "long@example.org",
        "--reason",
        "x",
    ]);
    assert_ne!(r.code, 0, "renaming past the limit is refused too");
}

#[test]
fn the_punycode_twin_of_a_registered_address_is_refused() {
    let z = Zaochka::new();
    let r = add(&z, "Иван", "ivan@Пример.РФ");
    assert!(r.ok, "{}", r.stderr);
    assert!(
        r.stdout.contains("ivan@xn--e1afmkfd.xn--p1ai"),
        "stored in one form: {}",
        r.stdout
    );
    let r = add(&z, "Иван второй", "ivan@xn--e1afmkfd.xn--p1ai");
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("player email"), "{}", r.stderr);
    let r = add(&z, "Иван третий", "IVAN@пример.рф");
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
}

#[test]
fn mail_from_either_form_of_the_address_reaches_the_player() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.ok(&[
        "player",
        "add",
        "--name",
        "Иван",
        "--email",
        "ivan@пример.рф",
        "--lang",
        "ru",
    ]);
    bot.new_game(GameNew::russian(ALICE, "ivan@xn--e1afmkfd.xn--p1ai"));
    let (white, black) = (bot.token(2, "white"), bot.token(2, "black"));
    let now = Utc::now().timestamp() as u64;
    bot.deliver_at(
        1,
        &mail(
            ALICE,
            &format!("bot+2.{white}@example.test"),
            "Re: [zaochka #2]",
            "a1@x",
            "1. c3-d4",
        ),
        now - 60,
    );
    // Ivan writes from the ASCII form, then from the Unicode form.
    bot.deliver_at(
        2,
        &mail(
            "ivan@xn--e1afmkfd.xn--p1ai",
            &format!("bot+2.{black}@example.test"),
            "Re: [zaochka #2]",
            "i1@x",
            "1... f6-g5",
        ),
        now - 50,
    );
    bot.deliver_at(
        3,
        &mail(
            ALICE,
            &format!("bot+2.{white}@example.test"),
            "Re: [zaochka #2]",
            "a2@x",
            "2. g3-f4",
        ),
        now - 40,
    );
    bot.deliver_at(
        4,
        &mail(
            "ivan@ПРИМЕР.рф",
            &format!("bot+2.{black}@example.test"),
            "Re: [zaochka #2]",
            "i2@x",
            "2... g7-f6",
        ),
        now - 30,
    );
    bot.serve_once();
    assert_eq!(bot.plies(2), 4, "outcomes: {:?}", bot.outcomes());
}
