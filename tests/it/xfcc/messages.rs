//! What follows a move sent from a desktop program: the opponent's mail
//! leaves at once (not at the daemon's next poll), and the mover's own
//! words (`myMessage`) reach the opponent, quoted as the mover's, in the
//! mail and in `GetMyGames`' `message`.

use std::time::{Duration, Instant};

use super::{ALICE_PW, BOB_PW, Endpoint, Flags, field, games_of, result_of, scid};
use crate::common::daemon::{ALICE, BOB, GameNew};

/// Far above the bound below: a mail within it was sent on a wake-up.
const POLL_SECONDS: u64 = 300;

#[test]
fn the_opponents_mail_after_an_xfcc_move_leaves_within_two_seconds_whatever_the_poll() {
    let mut x = Endpoint::with(|bot| {
        bot.new_game(GameNew::alice_bob().variant("chess"));
        bot.set_poll_seconds(POLL_SECONDS);
    });
    let bot = &x.bot;
    x.serving
        .until("the invitations sent", Duration::from_secs(30), || {
            bot.outbox_files().len() == 2
        });
    for (user, pw, number, mv) in [(ALICE, ALICE_PW, 1, "e4"), (BOB, BOB_PW, 1, "e5")] {
        // The daemon is waiting for mail again.
        std::thread::sleep(Duration::from_millis(500));
        let before = x.bot.outbox_files().len();
        let asked = Instant::now();
        assert_eq!(x.make_a_move(user, pw, 1, number, mv), "Success");
        let bot = &x.bot;
        x.serving.until(
            &format!("the mail after {mv}"),
            Duration::from_secs(20),
            || bot.outbox_files().len() > before,
        );
        let took = asked.elapsed();
        assert!(
            took < Duration::from_secs(2),
            "the mail after {mv} left {took:?} after the move"
        );
    }
    assert!(
        x.serving
            .log()
            .contains("operation=MakeAMove game=1 code=Success"),
        "{}",
        x.serving.log()
    );
}

#[test]
fn the_movers_words_reach_the_opponent_quoted_as_theirs_cleaned_in_the_mail_and_in_get_my_games() {
    let x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    // As Scid sends a comment: XML-escaped; a carriage return, a tab, a
    // right-to-left override and blank lines around.
    let words = "\r\n  Good luck!\r\nA &lt;b&gt;fine&lt;/b&gt;\topening\u{202E}  \r\n\r\n";
    let (status, answer) = x.post(&scid::make_a_move(
        ALICE,
        ALICE_PW,
        1,
        1,
        "e4",
        words,
        Flags::default(),
    ));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(result_of(&answer, "MakeAMoveResult"), "Success");
    let mail = x.bot.outbox_to(BOB).pop().unwrap();
    assert!(
        mail.contains(
            "White (Alice) sent these words with the move; they are the player's own, \
             the referee neither checks nor answers them:\n>   Good luck!\n> A <b>fine</b> opening"
        ),
        "{mail}"
    );
    // The mover's own confirmation does not repeat them.
    let own = x.bot.outbox_to(ALICE).pop().unwrap();
    assert!(!own.contains("Good luck"), "{own}");
    let message = |user: &str, pw: &str| {
        let (status, answer) = x.post(&scid::get_my_games(user, pw));
        assert_eq!(status, 200, "{answer}");
        let game = &games_of(&answer)[0];
        field(game, "message").to_string()
    };
    assert_eq!(message(BOB, BOB_PW), "  Good luck!\nA <b>fine</b> opening");
    assert_eq!(message(ALICE, ALICE_PW), "");
    // Bob answers without words: Alice's words are no longer the last act's.
    assert_eq!(x.make_a_move(BOB, BOB_PW, 1, 1, "e5"), "Success");
    assert_eq!(message(BOB, BOB_PW), "");
    assert_eq!(message(ALICE, ALICE_PW), "");
    let mail = x.bot.outbox_to(ALICE).pop().unwrap();
    assert!(!mail.contains("sent these words"), "{mail}");
}
