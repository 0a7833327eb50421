//! The directors' mail about a withdrawal: when a director withdraws a
//! player (`tournament withdraw`), each other director of the tournament is
//! told, in their language, who left, why and how many games were forfeited;
//! the director who did it gets no mail about it. Every forfeit mail of one
//! withdrawal ends with the standings after all its forfeits.

use super::clock_warnings::{JUDGE, REFEREE, T, t0, winter};
use crate::common::daemon::{ALICE, BOB, Bot, Mailing};

#[test]
fn the_other_directors_are_told_of_a_withdrawal_in_their_language() {
    let bot = Bot::new(Mailing::Local);
    winter(&bot, &[]);
    bot.ok_at(
        t0(),
        &[
            "tournament",
            "withdraw",
            T,
            ALICE,
            "--reason",
            "illness",
            "--as",
            REFEREE,
        ],
    );
    bot.serve_once_at(t0());
    let ru: Vec<String> = bot
        .outbox_to(JUDGE)
        .into_iter()
        .filter(|b| b.contains("выбыл"))
        .collect();
    assert_eq!(ru.len(), 1, "{:?}", bot.outbox_to(JUDGE));
    assert!(
        ru[0].contains(
            "Участник Alice выбыл из турнира «Winter» (illness): 1 неоконченная партия \
             засчитана как неявка."
        ),
        "{}",
        ru[0]
    );
    let to_actor = bot
        .outbox_to(REFEREE)
        .into_iter()
        .filter(|b| b.contains("withdrawn"))
        .count();
    assert_eq!(to_actor, 0, "{:?}", bot.outbox_to(REFEREE));
}

const CAROL: &str = "carol@example.test";
const DIMA: &str = "dima@example.test";
const SPRING: &str = "Spring";

/// Alice, Боб, Carol and Дима in the round robin Spring (40 days per move,
/// numbers in that order, directed by Referee), started at [`t0`] and its
/// move notices sent: each plays 3 games.
pub(super) fn spring(bot: &Bot) {
    crate::common::daemon::two_players(bot, "russian");
    for (name, address, lang) in [("Carol", CAROL, "en"), ("Дима", DIMA, "ru")] {
        bot.ok(&[
            "player", "add", "--name", name, "--email", address, "--lang", lang,
        ]);
    }
    let desk = ["--as", REFEREE];
    let new = [
        "tournament",
        "new",
        SPRING,
        "--variant",
        "russian",
        "--system",
        "round-robin",
        "--time-control",
        "40d/move",
    ];
    bot.ok_at(t0(), &[&new[..], &desk].concat());
    for p in [ALICE, BOB, CAROL, DIMA] {
        bot.ok_at(
            t0(),
            &[&["tournament", "add", SPRING, p][..], &desk].concat(),
        );
    }
    let numbers = [ALICE, BOB, CAROL, DIMA].join(",");
    bot.ok_at(
        t0(),
        &[
            &["tournament", "draw", SPRING, "--numbers", &numbers][..],
            &desk,
        ]
        .concat(),
    );
    bot.ok_at(
        t0(),
        &[&["tournament", "start", SPRING][..], &desk].concat(),
    );
    bot.serve_once_at(t0());
}

/// The mails to the four players of [`spring`] so far, by address.
pub(super) fn spring_mails(bot: &Bot) -> Vec<(&'static str, Vec<String>)> {
    [ALICE, BOB, CAROL, DIMA]
        .into_iter()
        .map(|p| (p, bot.outbox_to(p)))
        .collect()
}

/// Боб's part of each standings line of Spring in the mails to the four
/// players after `before` (of [`spring_mails`]), one per mail that has one.
pub(super) fn bobs_standing_since(
    bot: &Bot,
    before: &[(&'static str, Vec<String>)],
) -> Vec<String> {
    let mut parts = Vec::new();
    for (p, old) in before {
        for body in &bot.outbox_to(p)[old.len()..] {
            for line in body.lines().filter(|l| {
                l.starts_with("Tournament Spring: ") || l.starts_with("Турнир «Spring»: ")
            }) {
                let bob = line
                    .split([':', ';'])
                    .map(str::trim)
                    .find(|part| part.starts_with("Боб"))
                    .unwrap_or_else(|| panic!("{line}"));
                parts.push(bob.to_string());
            }
        }
    }
    parts
}

#[test]
fn every_forfeit_mail_of_one_withdrawal_shows_the_standings_after_all_its_forfeits() {
    let bot = Bot::new(Mailing::Local);
    spring(&bot);
    let before = spring_mails(&bot);
    bot.ok_at(
        t0(),
        &[
            "tournament",
            "withdraw",
            SPRING,
            BOB,
            "--reason",
            "illness",
            "--as",
            REFEREE,
        ],
    );
    bot.serve_once_at(t0());
    let parts = bobs_standing_since(&bot, &before);
    // Three forfeits, each told to both of its players.
    assert_eq!(parts.len(), 6, "{parts:#?}");
    assert_all_three_counted(&parts);
}

/// Each of `parts` (Боб's part of a standings line) counts all three of his
/// forfeited games, in English or Russian (withdrawn with fewer than half
/// his games played: his results are out of the figures).
pub(super) fn assert_all_three_counted(parts: &[String]) {
    for part in parts {
        assert!(
            part == "Боб 0/3, results not counted"
                || part == "Боб — 0 из 3, результаты не учитываются",
            "the standings after the whole withdrawal in every mail: {parts:#?}"
        );
    }
}
