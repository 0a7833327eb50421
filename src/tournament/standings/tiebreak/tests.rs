use super::super::crosstable::tests::{B, BF, D, P, W, WF, fx, t2};
use super::super::{Fixture, Outcome, Played};
use super::*;
use crate::rules::GameResult;

/// Worked example T1: six players, a finished single round robin played
/// by the Berger table of 6 (rounds 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1
/// 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1). Three players tie on 3½.
///
/// ```text
///      1  2  3  4  5  6   Pts  WIN  SB    KS  BPG
///  1   ×  ½  1  ½  ½  1   3½   2    7¾    2   2
///  2   ½  ×  ½  1  1  ½   3½   2    7¾    2   2
///  3   0  ½  ×  1  1  1   3½   3    6¼    1½  2
///  4   ½  0  0  ×  1  1   2½   2    3¾    ½   3
///  5   ½  0  0  0  ×  1   1½   1    2¼    ½   3
///  6   0  ½  0  0  0  ×   ½    0    1¾    ½   3
/// ```
///
/// In half-points the scores are 7 7 7 5 3 1. SB in quarter-points
/// (s_ij and S_j in half-points): SB1 = 1·7 + 2·7 + 1·5 + 1·3 + 2·1 = 31,
/// SB2 = 1·7 + 1·7 + 2·5 + 2·3 + 1·1 = 31, SB3 = 0 + 1·7 + 2·5 + 2·3 + 2·1
/// = 25, SB4 = 1·7 + 2·3 + 2·1 = 15, SB5 = 1·7 + 2·1 = 9, SB6 = 1·7 = 7.
/// KS: the maximum is 5 points, the line 2½ (5 half-points): players 1-4.
/// KS1 = ½ + 1 + ½ = 2, KS2 = ½ + ½ + 1 = 2, KS3 = 0 + ½ + 1 = 1½, KS4 = ½,
/// KS5 = ½ (the draw with 1), KS6 = ½ (the draw with 2).
/// DE among {1, 2, 3}: 1: ½ + 1 = 1½, 2: ½ + ½ = 1, 3: 0 + ½ = ½;
/// among {1, 2} alone: ½ each.
fn t1() -> Crosstable {
    let f = [
        fx(1, 6, W),
        fx(2, 5, W),
        fx(3, 4, W),
        fx(6, 4, B),
        fx(5, 3, B),
        fx(1, 2, D),
        fx(2, 6, D),
        fx(3, 1, B),
        fx(4, 5, W),
        fx(6, 5, B),
        fx(1, 4, D),
        fx(2, 3, D),
        fx(3, 6, W),
        fx(4, 2, B),
        fx(5, 1, D),
    ];
    Crosstable::from_fixtures(6, &f)
}

fn order_of(s: &[Standing]) -> Vec<u32> {
    s.iter().map(|r| r.player).collect()
}

fn places(s: &[Standing]) -> Vec<(u32, u32)> {
    s.iter().map(|r| r.place).collect()
}

/// The value of tie-break `t` for every player, by number.
fn values(t: &Crosstable, tb: TieBreak) -> Vec<u64> {
    let mut s = t.standings(&[tb]);
    s.sort_by_key(|r| r.player);
    s.iter().map(|r| r.tiebreaks[0]).collect()
}

#[test]
fn the_worked_example_scores_as_computed_by_hand() {
    let t = t1();
    let scores: Vec<u32> = (1..=6).map(|p| t.score(p)).collect();
    assert_eq!(scores, [7, 7, 7, 5, 3, 1]);
    assert_eq!(t.max_games(), 5);
}

#[test]
fn wins_break_the_three_way_tie_forfeit_wins_included() {
    let t = t1();
    assert_eq!(values(&t, TieBreak::Wins), [2, 2, 3, 2, 1, 0]);
    let s = t.standings(&[TieBreak::Wins]);
    assert_eq!(order_of(&s), [3, 1, 2, 4, 5, 6]);
    assert_eq!(places(&s)[..3], [(1, 1), (2, 3), (2, 3)]);
    // T2: 3's only win is the forfeit against 5.
    assert_eq!(values(&t2(), TieBreak::Wins), [2, 2, 1, 0, 0]);
}

#[test]
fn sonneborn_berger_in_quarter_points_as_computed_by_hand() {
    let t = t1();
    assert_eq!(
        values(&t, TieBreak::SonnebornBerger),
        [31, 31, 25, 15, 9, 7]
    );
    let s = t.standings(&[TieBreak::SonnebornBerger]);
    assert_eq!(order_of(&s), [1, 2, 3, 4, 5, 6]);
    assert_eq!(places(&s)[..3], [(1, 2), (1, 2), (3, 3)]);
    // Only the tied needed it: 4, 5 and 6 were placed by their scores.
    assert_eq!(
        s.iter().map(|r| r.needed).collect::<Vec<_>>(),
        [1, 1, 1, 0, 0, 0]
    );
}

#[test]
fn koya_counts_the_points_against_the_upper_half() {
    let t = t1();
    assert_eq!(values(&t, TieBreak::Koya), [4, 4, 3, 1, 1, 1]);
    let s = t.standings(&[TieBreak::Koya]);
    assert_eq!(places(&s)[..3], [(1, 2), (1, 2), (3, 3)]);
    // T2 half-way: 4 games each, none cancelled, the line is 2 points:
    // only 1 and 2 (2 points each) are above it. KS1 = 1 (beat 2),
    // KS2 = 0; 3 lost to 1 and has not played 2 yet.
    assert_eq!(values(&t2(), TieBreak::Koya), [2, 0, 0, 0, 0]);
}

#[test]
fn buchholz_counts_the_games_met_leaving_out_the_double_forfeit() {
    // T2 (crosstable.rs): scores in half-points 4 4 3 1 0.
    // BH1 = S2 + S3 = 4 + 3 = 7; BH2 = S5 + S1 + S4 = 0 + 4 + 1 = 5;
    // BH3 = S4 + S5 (forfeit) + S1 = 1 + 0 + 4 = 5; BH4 = S3 + S2 = 7 (4-5
    // was a double forfeit: no meeting); BH5 = S2 + S3 = 7.
    let t = t2();
    assert_eq!(values(&t, TieBreak::Buchholz), [7, 5, 5, 7, 7]);
    let s = t.standings(&[TieBreak::Buchholz]);
    assert_eq!(order_of(&s), [1, 2, 3, 4, 5]);
    assert_eq!(places(&s), [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
    // A finished round robin: everybody's BH is the total less his own.
    assert_eq!(values(&t1(), TieBreak::Buchholz), [23, 23, 23, 25, 27, 29]);
}

#[test]
fn black_games_count_only_games_played_over_the_board() {
    // T2: 1 had Black in 3-1 (5-1 not played yet); 2 in 1-2 and 4-2; 3's
    // only Black game, 5-3, was a forfeit; 4 in 3-4; 5 in 2-5 (4-5 was a
    // double forfeit).
    let t = t2();
    assert_eq!(values(&t, TieBreak::BlackGames), [1, 2, 0, 1, 1]);
    let s = t.standings(&[TieBreak::BlackGames]);
    assert_eq!(order_of(&s)[..2], [2, 1]);
    assert_eq!(values(&t1(), TieBreak::BlackGames), [2, 2, 2, 3, 3, 3]);
}

#[test]
fn direct_encounter_is_computed_in_the_group_still_tied() {
    let t = t1();
    // First: among {1, 2, 3}, 1½, 1, ½.
    let s = t.standings(&[TieBreak::DirectEncounter]);
    assert_eq!(order_of(&s), [1, 2, 3, 4, 5, 6]);
    assert_eq!(
        s[..3].iter().map(|r| r.tiebreaks[0]).collect::<Vec<_>>(),
        [3, 2, 1]
    );
    // After WIN and SB only {1, 2} are tied, and they drew: ½ each.
    let s = t.standings(&[
        TieBreak::Wins,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
    ]);
    assert_eq!(order_of(&s)[..3], [3, 1, 2]);
    assert_eq!(s[1].tiebreaks, [2, 31, 1]);
    assert_eq!(s[2].tiebreaks, [2, 31, 1]);
    assert_eq!(places(&s)[..3], [(1, 1), (2, 3), (2, 3)]);
    assert_eq!((s[0].needed, s[1].needed), (1, 3));
}

/// Worked example T3: a double round robin of four (micro-matches of two
/// games, first and second game side by side), finished.
///
/// ```text
///      1    2    3    4     Pts
///  1   ×    1 ½  ½ ½  1 0   3½    DE among {1,2,3}: 1: 1½ + 1 = 2½,
///  2   0 ½  ×    1 ½  1 ½   3½    2: ½ + 1½ = 2, 3: 1 + ½ = 1½.
///  3   ½ ½  0 ½  ×    1 1   3½    SB (quarter-points, half-points × S):
///  4   0 1  0 ½  0 0  ×     1½    1: 3·7 + 2·7 + 2·3 = 41, 2: 1·7 + 3·7 +
///                                 3·3 = 37, 3: 2·7 + 1·7 + 4·3 = 33.
/// ```
fn t3() -> Vec<Fixture> {
    vec![
        fx(1, 2, W),
        fx(1, 3, D),
        fx(1, 4, W),
        fx(2, 3, W),
        fx(2, 4, W),
        fx(3, 4, W),
        fx(2, 1, D),
        fx(3, 1, D),
        fx(4, 1, W),
        fx(3, 2, D),
        fx(4, 2, D),
        fx(4, 3, B),
    ]
}

#[test]
fn a_finished_double_round_robin_counts_every_game() {
    let t = Crosstable::from_fixtures(4, &t3());
    assert_eq!(
        (1..=4).map(|p| t.score(p)).collect::<Vec<_>>(),
        [7, 7, 7, 3]
    );
    assert_eq!(t.cell(1, 2), Some((3, 2)));
    let s = t.standings(&[TieBreak::DirectEncounter, TieBreak::SonnebornBerger]);
    assert_eq!(order_of(&s), [1, 2, 3, 4]);
    assert_eq!(s[0].tiebreaks, [5, 41]);
    assert_eq!(s[1].tiebreaks, [4, 37]);
    assert_eq!(s[2].tiebreaks, [3, 33]);
}

#[test]
fn direct_encounter_averages_a_pair_that_has_a_game_to_play() {
    // T3b: the same four, another season: 2-3 has played one game of two.
    //
    //      1    2    3    4     Pts
    //  1   ×    ½ ½  1 ½  0 0   2½   pairs of {1,2,3}: 1-2 and 1-3 two
    //  2   ½ ½  ×    1 ·  0 ½   2½   games each, 2-3 one, so M = 2:
    //  3   0 ½  0 ·  ×    1 1   2½   DE1 = 2·2/2 + 3·2/2 = 5,
    //  4   1 1  1 ½  0 0  ×     3½   DE2 = 2·2/2 + 2·2/1 = 6, DE3 = 1.
    //
    // The plain sum would rank 1 (2½ points among them) above 2 (2); per
    // game of each pair 2 did better.
    let f = [
        fx(1, 2, D),
        fx(1, 3, W),
        fx(1, 4, B),
        fx(2, 3, W),
        fx(2, 4, B),
        fx(3, 4, W),
        fx(2, 1, D),
        fx(3, 1, D),
        fx(4, 1, W),
        fx(3, 2, P),
        fx(4, 2, D),
        fx(4, 3, B),
    ];
    let t = Crosstable::from_fixtures(4, &f);
    assert_eq!(
        (1..=4).map(|p| t.score(p)).collect::<Vec<_>>(),
        [5, 5, 5, 7]
    );
    let s = t.standings(&[TieBreak::DirectEncounter]);
    assert_eq!(order_of(&s), [4, 2, 1, 3]);
    assert_eq!(
        s.iter().map(|r| r.tiebreaks[0]).collect::<Vec<_>>(),
        [0, 6, 5, 1]
    );
    assert_eq!(places(&s), [(1, 1), (2, 2), (3, 3), (4, 4)]);
}

#[test]
fn the_lot_is_drawn_from_the_seed_and_ends_every_tie() {
    // SHA-256("autumn-2026" ‖ n): n=5 1b96…, 6 60d8…, 4 86f4…, 3 92a2…,
    // 2 af2f…, 1 c975…; from an empty seed: 4 4b22…, 3 4e07…, 1 6b86…,
    // 2 d473…, 6 e7f6…, 5 ef2d… (sha256sum of the bytes).
    assert_eq!(lots(6, b"autumn-2026"), [5, 6, 4, 3, 2, 1]);
    assert_eq!(lots(6, b""), [4, 3, 1, 2, 6, 5]);
    let t = t1();
    // ICCF: 3 has the most wins; 1 and 2 tie on WIN, SB and DE; the lot.
    let iccf = TieBreak::preset(Preset::Iccf);
    let s = t.standings_with_seed(&iccf, b"autumn-2026");
    assert_eq!(order_of(&s), [3, 2, 1, 4, 5, 6]);
    assert_eq!(s[1].tiebreaks, [2, 31, 1, 5]);
    assert_eq!(s[2].tiebreaks, [2, 31, 1, 6]);
    assert_eq!(places(&s), [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)]);
    assert_eq!(order_of(&t.standings(&iccf)), [3, 1, 2, 4, 5, 6]);
    // Russian practice: SB first puts 3 third, then WIN and DE tie, the lot.
    let ru = TieBreak::preset(Preset::Russian);
    let s = t.standings_with_seed(&ru, b"autumn-2026");
    assert_eq!(order_of(&s), [2, 1, 3, 4, 5, 6]);
    // FIDE: DE first, among all three.
    let s = t.standings_with_seed(&TieBreak::preset(Preset::Fide), b"autumn-2026");
    assert_eq!(order_of(&s), [1, 2, 3, 4, 5, 6]);
    assert_eq!(s[0].needed, 1);
}

#[test]
fn players_tied_to_the_end_share_their_places() {
    // T1 by WIN then SB: 1 and 2 stay tied and share 2nd-3rd.
    let s = t1().standings(&[TieBreak::Wins, TieBreak::SonnebornBerger]);
    assert_eq!(places(&s)[..3], [(1, 1), (2, 3), (2, 3)]);
    assert_eq!((s[1].needed, s[2].needed), (2, 2));
    // No tie-break at all: the three share 1st-3rd.
    let s = t1().standings(&[]);
    assert_eq!(places(&s), [(1, 3), (1, 3), (1, 3), (4, 4), (5, 5), (6, 6)]);
}

#[test]
fn a_four_player_round_robin_is_ranked_by_score_then_sonneborn_berger() {
    // 1 beats 2 and draws 3 and 4: 2 points. 2 beats 3 and 4: 2 points.
    // 3 and 4 draw.
    let t = Crosstable::from_fixtures(
        4,
        &[
            fx(1, 2, W),
            fx(3, 1, D),
            fx(1, 4, D),
            fx(2, 3, W),
            fx(4, 2, B),
            fx(3, 4, D),
        ],
    );
    assert_eq!(
        (t.score(1), t.score(2), t.score(3), t.score(4)),
        (4, 4, 2, 2)
    );
    assert_eq!(t.cell(1, 2), Some((2, 1)));
    assert_eq!(t.cell(2, 1), Some((0, 1)));
    let s = t.standings(&[TieBreak::SonnebornBerger, TieBreak::Wins]);
    // SB(1) = 2·S2 + 1·S3 + 1·S4 = 2·4 + 2 + 2 = 12; SB(2) = 2·2 + 2·2 = 8.
    assert_eq!((s[0].player, &s[0].tiebreaks), (1, &vec![12, 1]));
    assert_eq!((s[1].player, &s[1].tiebreaks), (2, &vec![8, 2]));
    assert_eq!((s[0].place, s[1].place), ((1, 1), (2, 2)));
    // 3 and 4: SB 6 each (1·4 + 1·2) and no wins: they share their places.
    assert_eq!((s[2].place, s[3].place), ((3, 4), (3, 4)));
    let de = t.standings(&[TieBreak::DirectEncounter]);
    assert_eq!((de[0].player, de[0].tiebreaks[0]), (1, 2));
    assert_eq!((de[1].player, de[1].tiebreaks[0]), (2, 0));
}

#[test]
fn direct_encounter_counts_only_when_all_tied_players_met() {
    let won = |white, black| Played {
        white,
        black,
        result: GameResult::WhiteWins,
        forfeit: false,
    };
    let t = Crosstable::new(4, &[won(1, 3), won(2, 4)]);
    let s = t.standings(&[TieBreak::DirectEncounter, TieBreak::BlackGames]);
    assert_eq!((s[0].place, s[1].place), ((1, 2), (1, 2)));
    assert_eq!(s[0].tiebreaks, vec![0, 0]);
    // A forfeit is a meeting: 1 beat 2 by forfeit, 2 beat 3, 3 beat 1.
    let t = Crosstable::from_fixtures(3, &[fx(1, 2, WF), fx(2, 3, W), fx(1, 3, BF)]);
    let s = t.standings(&[TieBreak::DirectEncounter]);
    assert_eq!(s[0].tiebreaks, [2]);
    assert_eq!(places(&s), [(1, 3), (1, 3), (1, 3)]);
    // A double forfeit is not.
    let t = Crosstable::from_fixtures(2, &[fx(1, 2, Outcome::DoubleForfeit)]);
    assert_eq!(t.standings(&[TieBreak::DirectEncounter])[0].tiebreaks, [0]);
}

#[test]
fn tie_breaks_read_and_write_their_codes() {
    for t in TieBreak::ALL {
        assert_eq!(t.code().parse::<TieBreak>(), Ok(t));
        assert_eq!(t.code().to_lowercase().parse::<TieBreak>(), Ok(t));
        let json = serde_json::to_string(&t).unwrap_or_default();
        assert_eq!(json, format!("\"{}\"", t.code()));
    }
    assert_eq!(
        TieBreak::parse_list("wins,sb,de, ks bh;bpg,lot"),
        Ok(TieBreak::ALL.to_vec())
    );
    assert_eq!(TieBreak::parse_list(""), Ok(vec![]));
    assert_eq!(
        TieBreak::parse_list("sb,SB"),
        Err(SettingError::Repeated(TieBreak::SonnebornBerger))
    );
    assert!(matches!(
        TieBreak::parse_list("sb,schmulyan"),
        Err(SettingError::Unknown {
            what: "tie-break",
            ..
        })
    ));
    for p in Preset::ALL {
        let order = TieBreak::preset(p);
        assert_eq!(order.last(), Some(&TieBreak::Lots));
        assert_eq!(TieBreak::parse_list(&TieBreak::list(&order)), Ok(order));
        assert_eq!(p.code().parse::<Preset>(), Ok(p));
    }
    assert_eq!(
        TieBreak::list(&TieBreak::preset(Preset::Iccf)),
        "WIN,SB,DE,LOT"
    );
    assert_eq!(
        TieBreak::list(&TieBreak::preset(Preset::Fide)),
        "DE,WIN,SB,KS,LOT"
    );
    assert_eq!(
        TieBreak::list(&TieBreak::preset(Preset::Russian)),
        "SB,WIN,DE,LOT"
    );
    let order: Vec<TieBreak> = serde_json::from_str(r#"["DE","win","KS"]"#).unwrap_or_default();
    assert_eq!(
        order,
        [TieBreak::DirectEncounter, TieBreak::Wins, TieBreak::Koya]
    );
}
