//! What players are told when a written move is illegal or ambiguous.

use zaochka::notation::{Naming, ResolveError, fen, parse_move, write};
use zaochka::rules::{DiagonalPosition, Position, Variant};
use zaochka::vocabulary::Language;

fn resolve(variant: Variant, fen_text: &str, text: &str) -> Result<String, ResolveError> {
    let pos = match fen_text {
        "" => Position::initial(variant),
        f => fen::read_default(variant, f).unwrap(),
    };
    let naming = Naming::of(&pos);
    parse_move(text)
        .unwrap()
        .resolve(&pos, naming)
        .map(|m| write::full(pos.geometry(), &m, naming.style))
}

fn reason(variant: Variant, fen_text: &str, text: &str, lang: Language) -> String {
    match resolve(variant, fen_text, text) {
        Err(ResolveError::Illegal { reason, .. }) => reason.message(lang),
        other => panic!("expected an illegal move, got {other:?}"),
    }
}

#[test]
fn a_light_square_is_named() {
    assert_eq!(
        reason(Variant::Russian, "", "f6-g6", Language::En),
        "g6 is not a playing square"
    );
    assert_eq!(
        reason(Variant::Russian, "", "f6-g6", Language::Ru),
        "g6 — не игровое поле"
    );
}

#[test]
fn a_square_without_a_piece_of_yours() {
    assert_eq!(
        reason(Variant::Russian, "", "d8-e7", Language::En),
        "there is no piece of yours on d8"
    );
    assert_eq!(
        reason(Variant::Russian, "", "d4-e5", Language::En),
        "there is no piece of yours on d4"
    );
}

#[test]
fn capture_is_compulsory_and_the_captures_are_listed() {
    assert_eq!(
        reason(Variant::Russian, "W:Wc3,g3:Bb4,d4", "g3-h4", Language::En),
        "capture is compulsory: c3:a5 or c3:e5"
    );
    assert_eq!(
        reason(Variant::Russian, "W:Wc3,g3:Bb4,d4", "gh4", Language::Ru),
        "бить обязательно: c3:a5 или c3:e5"
    );
}

#[test]
fn a_capture_that_stops_too_early() {
    assert_eq!(
        reason(Variant::Russian, "W:Wd2:Be3,g3", "d2:f4", Language::En),
        "the capture does not stop on f4: it continues to h2"
    );
}

#[test]
fn a_man_that_cannot_go_there() {
    assert_eq!(
        reason(Variant::Russian, "", "c3-c4", Language::En),
        "c4 is not a playing square"
    );
    assert_eq!(
        reason(Variant::Russian, "", "c3-e5", Language::En),
        "the man on c3 cannot move to e5"
    );
    assert_eq!(
        reason(Variant::Russian, "", "hg5", Language::En),
        "no piece of yours on the h-file can move to g5"
    );
}

#[test]
fn the_short_form_fitting_two_captures_is_ambiguous() {
    match resolve(Variant::Russian, "W:Wc3,c7:Bd4,d6", "c:e5") {
        Err(ResolveError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
        other => panic!("expected ambiguity, got {other:?}"),
    }
    assert_eq!(
        resolve(Variant::Russian, "W:Wc3,c7:Bd4,d6", "c3:e5").unwrap(),
        "c3:e5"
    );
}

#[test]
fn international_king_capture_needs_its_turning_point() {
    // In W:WK4:B13,20,32,37, `4x15` fits two paths; each full path is accepted.
    let fen_text = "W:WK4:B13,20,32,37";
    let Err(ResolveError::Ambiguous { candidates, .. }) =
        resolve(Variant::International, fen_text, "4x15")
    else {
        panic!("4x15 must be ambiguous");
    };
    let pos = fen::read_default(Variant::International, fen_text).unwrap();
    let style = Naming::of(&pos).style;
    let mut full: Vec<String> = candidates
        .iter()
        .map(|m| write::full(pos.geometry(), m, style))
        .collect();
    full.sort();
    assert_eq!(full.len(), 2);
    for path in &full {
        assert_eq!(
            &resolve(Variant::International, fen_text, path).unwrap(),
            path
        );
    }
}

#[test]
fn written_forms_players_use_all_resolve() {
    for text in [
        "c3-d4", "cd4", "c3 - d4", "с3–d4", "C3-D4", "1. c3-d4", "c3-d4!?", "c3—d4", "c3d4",
        "c3−d4",
    ] {
        assert_eq!(
            resolve(Variant::Russian, "", text).unwrap(),
            "c3-d4",
            "{text}"
        );
    }
    assert_eq!(
        resolve(Variant::Russian, "W:Wh6:Bg7,c5,d2", "h:e1").unwrap(),
        "h6:f8:b4:e1"
    );
    assert_eq!(
        resolve(Variant::Russian, "W:Wh6:Bg7,c5,d2", "h6xe1Д").unwrap(),
        "h6:f8:b4:e1"
    );
    assert_eq!(
        resolve(Variant::Russian, "W:Wh6:Bg7,c5,d2", "h6:f8:b4:e1").unwrap(),
        "h6:f8:b4:e1"
    );
}

/// A capture written on past its end: W:Wd2:Be3 — d2:f4 ends there, the text
/// goes on to h6 (found by a newcomer's try: it read "capture is compulsory").
#[test]
fn a_capture_written_past_its_end_says_where_it_ends() {
    assert_eq!(
        reason(Variant::Russian, "W:Wd2:Be3", "d2:f4:h6", Language::En),
        "the capture ends on f4: it cannot go on to h6"
    );
    assert_eq!(
        reason(Variant::Russian, "W:Wd2:Be3", "d2:f4:h6", Language::Ru),
        "взятие заканчивается на f4: дальше, до h6, бить нельзя"
    );
    // A quiet move written as a path is not a capture that ended early.
    assert_eq!(
        reason(Variant::Russian, "", "c3-d4-e5", Language::En),
        "the man on c3 cannot move to e5"
    );
}

/// A square alone names where a piece goes: the one move that goes there is
/// played, several are listed, none is refused naming the square (found by
/// a newcomer's try: `d4` with two kings able to go there read "it names no
/// destination square").
#[test]
fn a_destination_alone_is_the_move_there_or_the_candidates() {
    assert_eq!(resolve(Variant::Russian, "", "h4").unwrap(), "g3-h4");
    assert_eq!(resolve(Variant::International, "", "26").unwrap(), "31-26");
    match resolve(Variant::Russian, "", "d4") {
        Err(ResolveError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
        other => panic!("expected c3-d4 and e3-d4, got {other:?}"),
    }
    match resolve(Variant::Russian, "W:WKa1,Kg1:Bh8", "d4") {
        Err(ResolveError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
        other => panic!("expected the two kings' moves, got {other:?}"),
    }
    assert_eq!(
        reason(Variant::Russian, "", "d6", Language::En),
        "no piece of yours can move to d6"
    );
    assert_eq!(
        reason(Variant::Russian, "", "d6", Language::Ru),
        "ни одна ваша шашка не может пойти на d6"
    );
    // Capture stays compulsory when the square is one a quiet move reaches.
    assert_eq!(
        reason(Variant::Russian, "W:Wc3,g3:Bb4,d4", "h4", Language::En),
        "capture is compulsory: c3:a5 or c3:e5"
    );
}

/// A record is read as written: a promotion mark on a move that makes no
/// king passes there in every family (a player's move is refused for it),
/// and a square alone is no move in a record (found by a review: Bashni
/// records were refused, a bare number in a record was played).
#[test]
fn records_pass_a_stray_promotion_mark_and_refuse_a_square_alone() {
    use zaochka::games::{new_game, open_record};
    for variant in [Variant::Russian, Variant::Bashni] {
        let record = open_record(variant, None, &["c3-d4D", "b6-a5"], 1).unwrap();
        assert!(record.failure.is_none(), "{variant}: {:?}", record.failure);
        let mut game = new_game(variant, None).unwrap();
        assert!(game.play("c3-d4D").is_err(), "{variant}: a player's c3-d4D");
        let record = open_record(variant, None, &["c3-d4", "12", "b6-a5"], 1).unwrap();
        assert_eq!(record.failure.map(|f| f.ply), Some(1), "{variant}");
    }
}
