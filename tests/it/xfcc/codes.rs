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

#[test]
fn a_request_that_is_not_a_call_is_the_clients_fault_and_a_database_failure_the_servers() {
    let x = chess();
    let envelope = |op: &str| {
        super::scid::make_a_move(ALICE, ALICE_PW, 1, 1, "e4", "", Flags::default())
            .replace("MakeAMove", op)
    };
    for (body, why) in [
        ("e4 please".to_string(), "NotXml"),
        ("<move>e4</move>".to_string(), "NotSoap"),
        (envelope("MakeAMove3"), "UnknownOperation"),
    ] {
        let (status, answer) = x.post(&body);
        // SOAP 1.1 §6.2: a fault is answered with HTTP 500.
        assert_eq!(status, 500, "{answer}");
        assert_eq!(super::result_of(&answer, "faultcode"), "soap:Client");
        assert_eq!(super::result_of(&answer, "faultstring"), why);
    }
    assert_eq!(x.bot.plies(1), 0);
    // MakeAMove2 is logged as called, its code by the protocol's name.
    let (status, answer) = x.post(&envelope("MakeAMove2"));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(super::result_of(&answer, "MakeAMove2Result"), "Success");
    let line = "operation=MakeAMove2 game=1 code=Success";
    let start = std::time::Instant::now();
    while !x.serving.log().contains(line) {
        assert!(start.elapsed().as_secs() < 10, "{}", x.serving.log());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // The database fails: the server's fault.
    x.bot.db().execute_batch("DROP TABLE draw_offers").unwrap();
    let (status, answer) = x.post(&super::scid::get_my_games(ALICE, ALICE_PW));
    assert_eq!(status, 500, "{answer}");
    assert_eq!(super::result_of(&answer, "faultcode"), "soap:Server");
    assert_eq!(super::result_of(&answer, "faultstring"), "ServerError");
}

#[test]
fn you_are_on_leave_for_a_move_during_a_leave_in_a_tournament_that_refuses_such_moves() {
    const DIRECTOR: &str = "referee@example.test";
    let x = Endpoint::with(|bot| {
        bot.ok(&[
            "player", "add", "--name", "Referee", "--email", DIRECTOR, "--role", "referee",
            "--lang", "en",
        ]);
        bot.ok(&[
            "tournament",
            "new",
            "Cup",
            "--variant",
            "chess",
            "--system",
            "round-robin",
            "--time-control",
            "3d/move",
            "--no-moves-on-leave",
            "--as",
            DIRECTOR,
        ]);
        for p in [ALICE, BOB] {
            bot.ok(&["tournament", "add", "Cup", p, "--as", DIRECTOR]);
        }
        bot.ok(&[
            "tournament",
            "draw",
            "Cup",
            "--numbers",
            &format!("{ALICE},{BOB}"),
            "--as",
            DIRECTOR,
        ]);
        bot.ok(&["tournament", "start", "Cup", "--as", DIRECTOR]);
        // Both take leave today (their zone is Moscow's): whoever has White
        // is on leave.
        let today = chrono::Utc::now()
            .with_timezone(&chrono_tz::Europe::Moscow)
            .format("%Y-%m-%d")
            .to_string();
        for p in [ALICE, BOB] {
            bot.ok(&[
                "referee", "leave", p, &today, &today, "--as", DIRECTOR, "--reason", "ill",
            ]);
        }
    });
    let (status, answer) = x.post(&super::scid::get_my_games(ALICE, ALICE_PW));
    assert_eq!(status, 200, "{answer}");
    let game = &super::games_of(&answer)[0];
    let (white, pw) = if super::field(game, "hasWhite") == "true" {
        (ALICE, ALICE_PW)
    } else {
        (BOB, BOB_PW)
    };
    let id: i64 = super::field(game, "id").parse().unwrap();
    assert_eq!(x.make_a_move(white, pw, id, 1, "e4"), "YouAreOnLeave");
    // The same move by the mail's referee is refused for the same reason.
    let by_mail = x.bot.run(&["play", &id.to_string(), "e4", "--as", white]);
    assert_eq!(by_mail.status.code(), Some(1));
    let why = String::from_utf8_lossy(&by_mail.stderr);
    assert!(why.contains("on leave"), "{why}");
    assert_eq!(x.bot.plies(id), 0);
}
