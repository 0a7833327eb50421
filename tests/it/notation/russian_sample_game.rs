//! The Russian game of seed 001 §1.6.2 ("Иванов – Петров"), in the short and the
//! long form as printed in the seed.

use zaochka::notation::{Naming, ResolveError, parse_line, write};
use zaochka::rules::{DiagonalPosition, Game, Position, Variant};

const SHORT: &str = "1. ed4 dc5 2. fe3 fg5 3. cb4 gh4 4. b:d6 h:f2 5. e:g3 c:h4";
const LONG: &str = "1. e3-d4 d6-c5 2. f2-e3 f6-g6 3. c3-b4 g5-h4 4. b4:d6 h4:f2 5. el:g3 c7:h4";

fn replay(text: &str) -> (Game, Result<(), (usize, ResolveError)>) {
    let mut game = Game::new(Position::initial(Variant::Russian));
    for (i, ply) in parse_line(text).unwrap().into_iter().enumerate() {
        let naming = Naming::of(game.position());
        match ply.mv.resolve(game.position(), naming) {
            Ok(m) => game.play(m),
            Err(e) => return (game, Err((i, e))),
        }
    }
    (game, Ok(()))
}

#[test]
fn short_form_replays_to_the_end_with_c_h4_a_four_piece_capture() {
    let (game, result) = replay(SHORT);
    assert_eq!(result, Ok(()));
    assert_eq!(game.moves().len(), 10);
    let last = game.moves().last().unwrap();
    let g = game.position().geometry();
    let style = Naming::of(game.position()).style;
    assert_eq!(write::full(g, last, style), "c7:e5:c3:e1:h4");
    assert!(last.promotes(), "the man is promoted on e1 on the way");
}

#[test]
fn long_form_stops_at_f6_g6_because_g6_is_a_light_square() {
    let (game, result) = replay(LONG);
    let (ply, err) = result.unwrap_err();
    assert_eq!(ply, 3, "Black's second move");
    assert_eq!(game.moves().len(), 3);
    match err {
        ResolveError::Illegal { written, reason } => {
            assert_eq!(written, "f6-g6");
            assert_eq!(reason.to_string(), "g6 is not a playing square");
        }
        other => panic!("expected illegal, got {other:?}"),
    }
}

#[test]
fn long_form_with_the_misprint_corrected_replays_to_the_end() {
    let (game, result) = replay(&LONG.replace("f6-g6", "f6-g5"));
    assert_eq!(result, Ok(()));
    assert_eq!(game.moves().len(), 10);
}
