//! The requests Scid 4.7.4 builds (Debian's scid-data,
//! /usr/share/scid/tcl/tools/correspondence.tcl: `::Xfcc::Receive` and
//! `::Xfcc::SendMove`), byte for byte: its envelope head and tail, the
//! operation with the default namespace, unqualified-looking parameters, no
//! SOAPAction header. And what the server does with a request sent again,
//! twice at once, or with wrong passwords.

use super::{ALICE_PW, BOB_PW, Endpoint, Flags, field, games_of, result_of};
use crate::common::daemon::{ALICE, BOB, GameNew};

/// `::Xfcc::SOAPstart` as the file writes it (a tab before each line).
const SOAP_START: &str = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\t<soap:Envelope xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\n\t<soap:Body>\n\t";

/// `::Xfcc::SOAPend`.
const SOAP_END: &str = "</soap:Body>\n\t</soap:Envelope>";

/// `::Xfcc::Receive`'s request.
pub fn get_my_games(user: &str, pw: &str) -> String {
    format!(
        "{SOAP_START}<GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>{user}</username><password>{pw}</password></GetMyGames>{SOAP_END}"
    )
}

/// `::Xfcc::SendMove`'s request (flags as Tcl writes them: `true`/`false`).
pub fn make_a_move(
    user: &str,
    pw: &str,
    game: i64,
    movecount: u32,
    mv: &str,
    comment: &str,
    f: Flags,
) -> String {
    format!(
        "{SOAP_START}<MakeAMove xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>{user}</username><password>{pw}</password><gameId>{game}</gameId><resign>{}</resign><acceptDraw>{}</acceptDraw><movecount>{movecount}</movecount><myMove>{mv}</myMove><offerDraw>{}</offerDraw><claimDraw>{}</claimDraw><myMessage>{comment}</myMessage></MakeAMove>{SOAP_END}",
        f.resign, f.accept_draw, f.offer_draw, f.claim_draw
    )
}

#[test]
fn scids_get_my_games_and_make_a_move_envelopes_are_answered_as_scid_reads_them() {
    let mut x = Endpoint::new(GameNew::alice_bob().variant("chess").control("3d/move"));
    let (status, body) = x.post(&get_my_games(ALICE, ALICE_PW));
    assert_eq!(status, 200, "{body}");
    // Scid cuts the answer at <GetMyGamesResult> and reads each XfccGame.
    assert!(body.contains("<GetMyGamesResult>"), "{body}");
    let games = games_of(&body);
    assert_eq!(games.len(), 1, "{body}");
    let g = &games[0];
    for (name, value) in [
        ("id", "1"),
        ("white", "Alice"),
        ("black", "Bob"),
        ("site", "zaochka"),
        ("myTurn", "true"),
        ("hasWhite", "true"),
        ("drawOffered", "false"),
        ("result", "Ongoing"),
        ("timeControl", "1/259200"),
        ("variant", "chess"),
        ("setup", "false"),
        ("moves", ""),
    ] {
        assert_eq!(field(g, name), value, "{name} in {body}");
    }
    // Three days a move: 2 days 23 h 59 min or 3 days, as the clock stands.
    let mine = field(g, "daysPlayer").parse::<i64>().unwrap() * 1440
        + field(g, "hoursPlayer").parse::<i64>().unwrap() * 60
        + field(g, "minutesPlayer").parse::<i64>().unwrap();
    assert!((3 * 1440 - 2..=3 * 1440).contains(&mine), "{body}");
    assert_eq!(field(g, "daysOpponent"), "3", "{body}");

    let (status, body) = x.post(&make_a_move(
        ALICE,
        ALICE_PW,
        1,
        1,
        "e4",
        "",
        Flags::default(),
    ));
    assert_eq!(status, 200, "{body}");
    // Scid's SOAPError: `.*<MakeAMoveResponse.*\">` and <MakeAMoveResult>.
    assert!(
        body.contains(
            "<MakeAMoveResponse xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><MakeAMoveResult>Success</MakeAMoveResult></MakeAMoveResponse>"
        ),
        "{body}"
    );
    assert_eq!(x.bot.plies(1), 1);
    let (_, body) = x.post(&get_my_games(BOB, BOB_PW));
    let g = &games_of(&body)[0];
    assert_eq!(field(g, "moves"), "1. e4", "{body}");
    assert_eq!(field(g, "myTurn"), "true");
    assert_eq!(field(g, "hasWhite"), "false");
    // Bob, who plays by mail, is told of the move by mail.
    x.serving
        .until("Bob's mail", std::time::Duration::from_secs(30), || {
            x.bot.outbox_to(BOB).iter().any(|m| m.contains("e4"))
        });
}

#[test]
fn a_make_a_move_sent_again_after_success_changes_nothing_and_answers_success() {
    let x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "e4"), "Success");
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "e4"), "Success");
    assert_eq!(x.bot.plies(1), 1);
    // The same number with another move is not a repeat.
    assert_eq!(
        x.make_a_move(ALICE, ALICE_PW, 1, 1, "d4"),
        "InvalidMoveNumber"
    );
    assert_eq!(x.make_a_move(BOB, BOB_PW, 1, 1, "e5"), "Success");
    assert_eq!(x.make_a_move(BOB, BOB_PW, 1, 1, "e5"), "Success");
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "e4"), "Success");
    assert_eq!(x.bot.plies(1), 2);
    let notices = x.bot.outbox_to(BOB).len();
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "e4"), "Success");
    assert_eq!(x.bot.outbox_to(BOB).len(), notices, "no second notice");
}

#[test]
fn identical_make_a_move_requests_at_once_apply_the_move_once() {
    let x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    let codes: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| s.spawn(|| x.make_a_move(ALICE, ALICE_PW, 1, 1, "e4")))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(codes, vec!["Success"; 4]);
    assert_eq!(x.bot.plies(1), 1);
}

#[test]
fn five_wrong_passwords_refuse_the_account_for_a_while_even_with_the_right_one() {
    let x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    for _ in 0..5 {
        let (status, body) = x.post(&get_my_games(ALICE, "guess"));
        assert_eq!(status, 500, "{body}");
        assert_eq!(result_of(&body, "faultstring"), "AuthenticationFailed");
    }
    let (status, body) = x.post(&get_my_games(ALICE, ALICE_PW));
    assert_eq!(
        (status, result_of(&body, "faultstring").as_str()),
        (500, "AuthenticationFailed")
    );
    assert_eq!(
        x.make_a_move(ALICE, ALICE_PW, 1, 1, "e4"),
        "AuthenticationFailed"
    );
    assert_eq!(x.bot.plies(1), 0);
    // The lock is in the database for 15 minutes: the failures stand there.
    let failures: i64 = x
        .bot
        .db()
        .query_row(
            "SELECT count(*) FROM xfcc_failures WHERE subject = ?1",
            [format!("user:{ALICE}")],
            |r| r.get(0),
        )
        .unwrap();
    assert!(failures >= 5, "{failures}");
    // The same client address is locked too, for every account.
    assert_eq!(
        x.make_a_move(BOB, BOB_PW, 1, 1, "e5"),
        "AuthenticationFailed"
    );
    // Once the failures age out, the right password is let in again.
    x.bot
        .db()
        .execute(
            "UPDATE xfcc_failures SET failed_at = '2000-01-01T00:00:00.000Z'",
            [],
        )
        .unwrap();
    assert_eq!(x.make_a_move(ALICE, ALICE_PW, 1, 1, "e4"), "Success");
}

#[test]
fn behind_a_reverse_proxy_each_client_address_is_locked_alone() {
    let x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    // Five wrong passwords for Bob from five clients behind the proxy (the
    // proxy on this machine names each in X-Forwarded-For).
    for n in 1..=5 {
        let head = format!(
            "POST /xfcc HTTP/1.1\r\nContent-Type: text/xml; charset=\"utf-8\"\r\n\
             X-Forwarded-For: 10.0.0.{n}"
        );
        let (_, body) = x.http(&head, &get_my_games(BOB, "guess"));
        assert_eq!(result_of(&body, "faultstring"), "AuthenticationFailed");
    }
    // Alice, another client behind the same proxy, is let in.
    let head = "POST /xfcc HTTP/1.1\r\nContent-Type: text/xml; charset=\"utf-8\"\r\n\
                X-Forwarded-For: 192.0.2.7";
    let (status, body) = x.http(head, &get_my_games(ALICE, ALICE_PW));
    assert_eq!(status, 200, "{body}");
    // Bob's account is locked whichever client asks.
    let (_, body) = x.http(head, &get_my_games(BOB, BOB_PW));
    assert_eq!(result_of(&body, "faultstring"), "AuthenticationFailed");
}

#[test]
fn the_wsdl_is_served_at_query_wsdl_with_the_address_the_client_used() {
    let x = Endpoint::new(GameNew::alice_bob().variant("chess"));
    let (status, body) = x.http("GET /xfcc?wsdl HTTP/1.1", "");
    assert_eq!(status, 200);
    assert!(
        body.contains(&format!("location=\"http://127.0.0.1:{}/xfcc\"", x.port)),
        "{body}"
    );
    assert!(body.contains("targetNamespace=\"http://www.bennedik.com/webservices/XfccBasic\""));
    for op in ["GetMyGames", "MakeAMove", "MakeAMove2"] {
        assert!(
            body.contains(&format!("<wsdl:operation name=\"{op}\">")),
            "{op}"
        );
    }
}
