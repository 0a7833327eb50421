//! A start position the command line refuses: `game new --fen` and a
//! position argument (`show --fen`) name what makes the FEN unreadable or no
//! legal position, by its kind (the text, a square, a tower's composition,
//! the placement; a chess FEN's field or illegality), never by a Rust value.

use crate::common;

use common::cli::Zaochka;

/// `game new` refuses each kind of bad FEN with its reason, and no game is
/// made; the position arguments of the queries give the same reason.
#[test]
fn a_bad_fen_of_each_kind_is_refused_by_its_reason() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    // (variant, FEN, the reason after "the start position: ")
    let cases = [
        (
            "russian",
            "X:Wa1:Bb6",
            "cannot read the FEN \"X:Wa1:Bb6\": it must start with W or B, the side to move",
        ),
        (
            "international",
            "W:W50-31:B1-20",
            "cannot read the FEN \"W:W50-31:B1-20\": the range 50-31 runs backwards: write it 31-50",
        ),
        (
            "russian",
            "W:Wc3(0/0):Bd6",
            "cannot read the FEN \"W:Wc3(0/0):Bd6\": \"c3(0/0)\" is a tower, \
             and Russian checkers is not played with towers",
        ),
        (
            "russian",
            "W:Wg6:Bb6",
            "a square of the FEN: g6 is not a playing square",
        ),
        (
            "bashni",
            "W:Wc1(12):Bb6",
            "a tower of the FEN: the composition \"12\" holds '2', which is not 0, 1 or /",
        ),
        (
            "russian",
            "W:Wc3,b8:Bd6",
            "the FEN is no legal position: the White man on b8 stands on its promotion rank: \
             it would be a king",
        ),
        (
            "chess",
            "k7/8/8/8/8/8/8/8 w - - 0 1",
            "the chess FEN \"k7/8/8/8/8/8/8/8 w - - 0 1\" is no legal position: White has no king",
        ),
    ];
    for (variant, fen, reason) in cases {
        let refused = z.refused(&[
            "game",
            "new",
            "--variant",
            variant,
            "--white",
            "ivanov@example.org",
            "--black",
            "petrov@example.org",
            "--fen",
            fen,
        ]);
        assert_eq!(
            refused.trim_end(),
            format!("zaochka: refused: the start position: {reason}"),
            "{fen}"
        );
        let shown = z.refused(&["show", "--variant", variant, "--fen", fen]);
        assert_eq!(
            shown.trim_end(),
            format!("zaochka: refused: the position: {reason}"),
            "{fen}"
        );
    }
    let games: i64 = rusqlite::Connection::open(&z.db)
        .unwrap()
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(games, 1, "only the seeded game");
}
