//! International draughts records (RULES.md §5): the World Championship
//! 2003 games and a file with the quirks of real PDN files replay legally, by
//! the library and by `zaochka check`.

use crate::common;

use common::records::{game_file as data, run_in_repo};
use zaochka::games;
use zaochka::notation::pdn::read_games;
use zaochka::rules::Variant;

fn check(file: &str) -> (bool, String) {
    let run = run_in_repo(&["check", file]);
    (run.ok, run.stdout)
}

#[test]
fn all_23_world_championship_games_replay_legally() {
    let games: Vec<_> = read_games(&data("wk2003.pdn"))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 23);
    for (i, g) in games.iter().enumerate() {
        let checked = games::replay_pdn(g).unwrap();
        assert_eq!(checked.variant, Variant::International);
        assert!(
            checked.record.failure.is_none(),
            "game {}: {:?}",
            i + 1,
            checked.record.failure
        );
    }
    let (ok, out) = check("tests/data/games/wk2003.pdn");
    assert!(
        ok && out.ends_with("23 games: 23 legal, 0 with faults\n"),
        "{out}"
    );
}

#[test]
fn real_file_quirks_spaces_long_game_type_and_two_point_results_are_read() {
    let text = data("international-quirks.pdn");
    assert!(
        text.contains(" 1- 7 ")
            && text.contains("15x 4")
            && text.contains("GameType \"20,W,10,10,N1,0\"")
    );
    let games: Vec<_> = read_games(&text).collect::<Result<_, _>>().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].result.as_deref(), Some("1-1"));
    assert_eq!(games[1].result.as_deref(), Some("2-0"));
    for g in &games {
        let checked = games::replay_pdn(g).unwrap();
        assert_eq!(checked.variant, Variant::International);
        assert!(
            checked.record.failure.is_none(),
            "{:?}",
            checked.record.failure
        );
        assert_eq!(checked.record.game.plies(), g.plies.len());
    }
    // The same moves as the original file, which has no quirks.
    let original: Vec<_> = read_games(&data("wk2003.pdn"))
        .collect::<Result<_, _>>()
        .unwrap();
    let score = |g| games::replay_pdn(g).unwrap().record.game.score();
    assert_eq!(score(&games[0]), score(&original[0]));
    let (ok, out) = check("tests/data/games/international-quirks.pdn");
    assert!(
        ok && out.ends_with("2 games: 2 legal, 0 with faults\n"),
        "{out}"
    );
}
