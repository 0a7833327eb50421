use super::*;

fn bot() -> BotAddress {
    BotAddress::parse("zaochka@example.com").unwrap()
}

#[test]
fn reply_address_round_trips_through_format_and_parse() {
    let a = bot().reply_address(GameId(42), "Ab3xY9kq");
    assert_eq!(a, "zaochka+42.Ab3xY9kq@example.com");
    let r = bot().parse_reply(&a).unwrap();
    assert_eq!(r.id, GameId(42));
    assert_eq!(r.token, "Ab3xY9kq");
    assert_eq!(r.to_string(), a);
}

#[test]
fn token_comparison_is_case_sensitive() {
    let r = ReplyAddress::parse("<zaochka+12.k7q2m9@example.com>").unwrap();
    assert!(r.token_matches("k7q2m9"));
    assert!(!r.token_matches("K7q2m9"));
    assert!(!r.token_matches("k7q2m"));
    assert!(!r.token_matches("k7q2m99"));
}

#[test]
fn local_part_and_domain_ignore_case_but_other_mailboxes_are_refused() {
    assert!(bot().parse_reply("ZAOCHKA+12.k7q2m9@Example.COM").is_ok());
    assert_eq!(
        bot().parse_reply("other+12.k7q2m9@example.com"),
        Err(AddressError::OtherMailbox(
            "other+12.k7q2m9@example.com".into()
        ))
    );
    assert!(bot().owns("zaochka@example.com"));
    assert!(bot().owns("Zaochka+1.x@EXAMPLE.com"));
    assert!(!bot().owns("zaochka@example.org"));
}

#[test]
fn malformed_reply_addresses_are_refused_with_the_reason() {
    assert!(matches!(
        ReplyAddress::parse("zaochka@example.com"),
        Err(AddressError::NoDetail(_))
    ));
    for bad in [
        "zaochka+0.abc@example.com",
        "zaochka+x.abc@example.com",
        "zaochka+12.@example.com",
        "zaochka+12.ab-c@example.com",
        "zaochka+12abc@example.com",
        "+12.abc@example.com",
    ] {
        assert!(
            matches!(ReplyAddress::parse(bad), Err(AddressError::Malformed(_))),
            "{bad}"
        );
    }
    assert!(matches!(
        ReplyAddress::parse("no at sign"),
        Err(AddressError::NotAnAddress(_))
    ));
}

#[test]
fn personal_addresses_round_trip_and_are_not_game_addresses() {
    let a = bot().personal_address(PlayerId(7), "Ab3xY9kq");
    assert_eq!(a, "zaochka+p7.Ab3xY9kq@example.com");
    let r = bot().parse_personal(&a).unwrap();
    assert_eq!(r.id, PlayerId(7));
    assert!(r.token_matches("Ab3xY9kq"));
    assert!(!r.token_matches("ab3xy9kq"));
    assert!(bot().parse_reply(&a).is_err(), "not a game address");
    assert!(
        bot()
            .parse_personal("zaochka+7.Ab3xY9kq@example.com")
            .is_err()
    );
    assert!(bot().parse_personal("zaochka+p0.abc@example.com").is_err());
    assert!(bot().parse_personal("other+p7.abc@example.com").is_err());
    assert!(!format!("{r:?}").contains("Ab3xY9kq"));
}

#[test]
fn the_token_is_hidden_from_debug_output() {
    let r = ReplyAddress::parse("zaochka+12.k7q2m9@example.com").unwrap();
    assert!(!format!("{r:?}").contains("k7q2m9"));
}

#[test]
fn subject_prefixes_and_the_tag_are_removed() {
    let s = parse_subject("Re: [zaochka #12] Your move (Russian checkers)");
    assert_eq!(s.game, Some(GameId(12)));
    assert!(s.prefixed);
    assert_eq!(s.rest, "Your move (Russian checkers)");
    let s = parse_subject("Ответ: Fwd: RE[2]: [Zaochka # 7] ничья");
    assert_eq!(s.game, Some(GameId(7)));
    assert_eq!(s.rest, "ничья");
    let s = parse_subject("Автоматический ответ: [zaochka #12] Ваш ход");
    assert_eq!(s.game, Some(GameId(12)));
    assert_eq!(s.rest, "Ваш ход");
    let s = parse_subject("[zaochka #21] history");
    assert!(!s.prefixed);
    assert_eq!(s.rest, "history");
    let s = parse_subject("Hello [not a tag] there");
    assert_eq!(s.game, None);
    assert_eq!(s.rest, "Hello [not a tag] there");
}

#[test]
fn the_subject_tag_is_formatted_and_found() {
    assert_eq!(subject_tag(GameId(42)), "[zaochka #42]");
    assert_eq!(parse_subject_tag("x [zaochka #42] y"), Some(GameId(42)));
    assert_eq!(parse_subject_tag("[zaochka #0]"), None);
    assert_eq!(parse_subject_tag("[zaochka 42]"), None);
}
