//! Each result code of `MakeAMove`, reached as a client reaches it.

use super::{ALICE_PW, BOB_PW, Endpoint, Flags, set_password};
use crate::common::daemon::{ALICE, BOB, GameNew};

fn chess() -> Endpoint {
    Endpoint::new(GameNew::alice_bob().variant("chess"))
}

#[test]
fn success_for_a_legal_move_with_the_number_due() {
    let x = chess();
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "e4"), "Success");
    assert_eq!(x.bot.plies(1), 1);
}

#[test]
fn server_error_when_the_database_fails() {
    let x = chess();
    // The table of draw offers is gone: the referee cannot read the game.
    x.bot.db().execute_batch("DROP TABLE draw_offers").unwrap();
    let accept = Flags {
        accept_draw: true,
        ..Flags::default()
    };
    assert_eq!(x.action(ALICE, ALICE_PW, 1, 0, "", accept), "ServerError");
}

#[test]
fn feature_unavailable_for_a_message_alone() {
    let x = chess();
    assert_eq!(
        x.action(ALICE, ALICE_PW, 1, 1, "", Flags::default()),
        "FeatureUnavailable"
    );
}

#[test]
fn authentication_failed_for_a_wrong_password_or_an_unknown_user() {
    let x = chess();
    assert_eq!(
        x.make_a_move(ALICE, "wrong", 1, 1, "e4"),
        "AuthenticationFailed"
    );
    assert_eq!(
        x.make_a_move("nobody@example.test", "x", 1, 1, "e4"),
        "AuthenticationFailed"
    );
    assert_eq!(x.bot.plies(1), 0);
}

#[test]
fn invalid_game_id_for_a_game_that_does_not_exist() {
    let x = chess();
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 99, 1, "e4"), "InvalidGameID");
}

#[test]
fn not_your_game_for_a_game_of_others() {
    let x = Endpoint::with(|bot| {
        bot.new_game(GameNew::alice_bob().variant("chess"));
        bot.ok(&[
            "player",
            "add",
            "--name",
            "Carol",
            "--email",
            "carol@example.test",
            "--lang",
            "en",
        ]);
        set_password(bot, "carol@example.test", "carol-secret-3");
    });
    assert_eq!(
        x.make_a_move("carol@example.test", "carol-secret-3", 1, 1, "e4"),
        "NotYourGame"
    );
}

#[test]
fn not_your_turn_for_a_move_on_the_opponents_turn() {
    let x = chess();
    assert_eq!(x.make_a_move(BOB, BOB_PW, 1, 1, "e5"), "NotYourTurn");
    assert_eq!(x.bot.plies(1), 0);
}

#[test]
fn invalid_move_number_for_a_number_not_due() {
    let x = chess();
    assert_eq!(
        x.make_a_move(ALICE, ALICE_PW, 1, 5, "e4"),
        "InvalidMoveNumber"
    );
    assert_eq!(x.bot.plies(1), 0);
}

#[test]
fn invalid_move_for_an_illegal_move() {
    let x = chess();
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "e5"), "InvalidMove");
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "Zz9"), "InvalidMove");
}

#[test]
fn no_draw_was_offered_for_a_draw_accepted_that_nobody_offered() {
    let x = chess();
    let accept = Flags {
        accept_draw: true,
        ..Flags::default()
    };
    assert_eq!(
        x.action(ALICE, ALICE_PW, 1, 1, "", accept),
        "NoDrawWasOffered"
    );
    // Offered, it is accepted.
    let offer = Flags {
        offer_draw: true,
        ..Flags::default()
    };
    assert_eq!(x.action(ALICE, ALICE_PW, 1, 1, "e4", offer), "Success");
    assert_eq!(x.action(BOB, BOB_PW, 1, 1, "", accept), "Success");
    assert_eq!(x.bot.result(1).as_deref(), Some("1/2-1/2"));
}

#[test]
fn move_is_ambiguous_for_a_move_two_pieces_can_make() {
    // Knights on b1 and f3 both reach d2.
    let x = Endpoint::new(
        GameNew::alice_bob()
            .variant("chess")
            .fen(Some("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")),
    );
    assert_eq!(
        x.make_a_move(ALICE, ALICE_PW, 1, 1, "Nd2"),
        "MoveIsAmbiguous"
    );
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "Nbd2"), "Success");
}

#[test]
fn lost_on_time_for_a_move_after_the_deadline() {
    use chrono::{TimeDelta, Utc};
    // The game began (and its notices went out) almost a day ago under one
    // day a move; the daemon looks at its clocks once an hour, so the move
    // comes after the deadline and before any tick.
    let start = Utc::now() - TimeDelta::days(1) + TimeDelta::seconds(6);
    let x = Endpoint::with(|bot| {
        bot.new_game_at(
            start,
            GameNew::alice_bob().variant("chess").control("1d/move"),
        );
        bot.serve_once_at(start);
        bot.set_poll_seconds(3600);
    });
    while Utc::now() < start + TimeDelta::days(1) + TimeDelta::seconds(1) {
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "e4"), "LostOnTime");
    assert_eq!(x.bot.result(1).as_deref(), Some("0-1"));
    assert_eq!(x.bot.plies(1), 0);
}
