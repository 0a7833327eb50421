//! The rating models against their published worked examples
//! (tests/data/ratings/published-examples.toml names the sources).

use chrono::{TimeZone, Utc};
use skillratings::glicko2::Glicko2Rating;

use super::*;

#[test]
fn the_iecg_example_gives_player_a_2088_2033_or_1978_after_the_sixth_game() {
    // Five games at an average of 2000 (2 wins, 1 draw, 2 losses), then B at 2200.
    for (score, p, f, d, rp) in [
        (1.0, 0.58, 0.9872, 56.0, 2088.0),
        (0.5, 0.50, 1.0, 0.0, 2033.0),
        (0.0, 0.42, 0.9872, -56.0, 1978.0),
    ] {
        let perf = elo::performance(2000.0 * 5.0 + 2200.0, 6, 2.5 + score);
        assert_eq!(perf.opponents_average, 2033.0);
        assert_eq!(perf.percentage, p);
        assert_eq!(format!("{:.4}", perf.correction), format!("{f:.4}"));
        assert_eq!(perf.difference, d);
        assert_eq!(perf.rating, rp, "score {score}");
    }
}

#[test]
fn the_expected_score_and_the_performance_difference_are_inverse() {
    assert_eq!(elo::expected_score(0.0), 0.5);
    assert_eq!(format!("{:.4}", elo::expected_score(400.0)), "0.9091");
    assert_eq!(format!("{:.4}", elo::expected_score(-200.0)), "0.2403");
    for d in [-500.0, -120.0, 0.0, 35.0, 350.0] {
        let p = elo::expected_score(d);
        assert!((elo::performance_difference(p) - d).abs() < 1e-9, "{d}");
    }
    assert_eq!(elo::performance_difference(0.0), -800.0);
    assert_eq!(elo::performance_difference(1.0), 800.0);
}

#[test]
fn glickmans_worked_example_gives_1464_06_151_52_and_0_05999() {
    let player = Glicko2Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let opp = |rating, deviation| Glicko2Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let after = glicko2::period(
        &player,
        &[
            (opp(1400.0, 30.0), 1.0),
            (opp(1550.0, 100.0), 0.0),
            (opp(1700.0, 300.0), 0.0),
        ],
    );
    // The paper prints the new values on the Glicko-2 scale to four places
    // (μ' = −0.2069, φ' = 0.8722, σ' = 0.05999) and converts those printed
    // figures back: r' = 173.7178·μ' + 1500, RD' = 173.7178·φ'. Unrounded,
    // r' is 1464.0507.
    let mu = (after.rating - 1500.0) / 173.7178;
    let phi = after.deviation / 173.7178;
    assert_eq!(format!("{mu:.4}"), "-0.2069");
    assert_eq!(format!("{phi:.4}"), "0.8722");
    // σ' = 0.0599960: the paper gives its first five places.
    assert_eq!(&format!("{:.7}", after.volatility)[..7], "0.05999");
    let printed = |x: f64| (x * 1e4).round() / 1e4;
    assert_eq!(format!("{:.2}", 173.7178 * printed(mu) + 1500.0), "1464.06");
    assert_eq!(format!("{:.2}", 173.7178 * printed(phi)), "151.52");
    assert_eq!(format!("{:.2}", after.rating), "1464.05");
}

fn game(id: i64, white: i64, black: i64, result: GameResult, month: u32) -> RatedGame {
    RatedGame {
        game: GameId(id),
        white: PlayerId(white),
        black: PlayerId(black),
        result,
        finished_at: Utc.with_ymd_and_hms(2026, month, 10, 12, 0, 0).unwrap(),
    }
}

#[test]
fn a_game_counts_in_the_quarter_its_result_was_recorded() {
    let games = [
        game(1, 1, 2, GameResult::WhiteWins, 2),
        game(2, 2, 1, GameResult::Draw, 5),
    ];
    let h = rate(Model::Elo, &games, None);
    let periods: Vec<_> = h.batches.iter().map(|b| (b.player.0, b.period)).collect();
    let q1 = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    let q2 = NaiveDate::from_ymd_opt(2026, 4, 1).unwrap();
    assert_eq!(periods, [(1, q1), (2, q1), (1, q2), (2, q2)]);
    // Within the first quarter both enter at 1800: a win is 100 %, D = 800,
    // F = 0.5, Rp = 1800 + 400.
    assert_eq!(h.batches[0].after.value, 2200.0);
    assert_eq!(h.batches[1].after.value, 1400.0);
    // --at before the second quarter leaves its game out.
    let at = rate(
        Model::Elo,
        &games,
        Some(NaiveDate::from_ymd_opt(2026, 3, 31).unwrap()),
    );
    assert_eq!(at.batches.len(), 2);
}

#[test]
fn a_fixed_rating_moves_by_k_times_score_less_expectation() {
    // Player 1 plays 30 games in the first quarter against ten opponents,
    // then one more game in the second: K·(W − We) with K by the rating.
    let mut games = Vec::new();
    for i in 0..30 {
        let result = if i % 3 == 0 {
            GameResult::WhiteWins
        } else {
            GameResult::Draw
        };
        games.push(game(i, 1, 2 + i % 10, result, 1));
    }
    games.push(game(100, 1, 2, GameResult::BlackWins, 4));
    let h = rate(Model::Elo, &games, None);
    let last = h.of(PlayerId(1)).last().copied().cloned().unwrap();
    assert_eq!(last.games_before, 30);
    assert_eq!(last.status, Some(Status::Fixed));
    let Calculation::Fixed { k, expected, .. } = last.calculation else {
        panic!("{:?}", last.calculation)
    };
    assert_eq!(k, elo::k_factor(last.before.value));
    let change = last.lines[0].change.unwrap();
    assert_eq!(change, -k * expected);
    assert_eq!(last.after.value, (last.before.value + change).round());
}

#[test]
fn the_glicko2_shares_of_a_period_sum_to_its_change() {
    let games = [
        game(1, 1, 2, GameResult::WhiteWins, 1),
        game(2, 3, 1, GameResult::Draw, 2),
        game(3, 1, 4, GameResult::BlackWins, 3),
    ];
    let h = rate(Model::Glicko2, &games, None);
    let b = h.of(PlayerId(1))[0].clone();
    let sum: f64 = b.lines.iter().map(|l| l.change.unwrap()).sum();
    assert!((b.before.value + sum - b.after.value).abs() < 1e-9);
    assert_eq!(b.before.deviation, Some(350.0));
}

#[test]
fn the_list_puts_the_highest_rating_first_and_equal_ratings_share_a_place() {
    let games = [
        game(1, 1, 2, GameResult::Draw, 1),
        game(2, 3, 4, GameResult::WhiteWins, 1),
    ];
    let list = rate(Model::Elo, &games, None).list();
    let rows: Vec<_> = list
        .iter()
        .map(|r| (r.place, r.player.0, r.rating.value))
        .collect();
    assert_eq!(
        rows,
        [
            (1, 3, 2200.0),
            (2, 1, 1800.0),
            (2, 2, 1800.0),
            (4, 4, 1400.0)
        ]
    );
}
