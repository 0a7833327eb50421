//! The directors' mail about a withdrawal: when a director withdraws a
//! player (`tournament withdraw`), each other director of the tournament is
//! told, in their language, who left, why and how many games were forfeited;
//! the director who did it gets no mail about it.

use super::clock_warnings::{JUDGE, REFEREE, T, t0, winter};
use crate::common::daemon::{ALICE, Bot, Mailing};

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
