use super::*;
use crate::rules::{Color, GameResult};
use crate::tournament::berger;
use crate::tournament::standings::{Crosstable, Fixture, Outcome, Preset, WithdrawalPolicy};

const LANGS: [Language; 2] = [Language::En, Language::Ru];

/// A Latin word (two letters or more) in a Russian text.
fn latin_words(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() > 1)
        .collect()
}

fn cyrillic(text: &str) -> bool {
    text.chars()
        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_string()).collect()
}

fn ru_names() -> Vec<String> {
    names(&[
        "Сидоров",
        "Иванов",
        "Кузнецов",
        "Петров",
        "Смирнов",
        "Попов",
    ])
}

fn en_names() -> Vec<String> {
    names(&[
        "Sidorov",
        "Ivanov",
        "Kuznetsov",
        "Petrov",
        "Smirnov",
        "Popov",
    ])
}

fn fx(white: u32, black: u32, outcome: Outcome) -> Fixture {
    Fixture {
        white,
        black,
        outcome,
    }
}

const W: Outcome = Outcome::Played(GameResult::WhiteWins);
const B: Outcome = Outcome::Played(GameResult::BlackWins);
const D: Outcome = Outcome::Played(GameResult::Draw);

/// A finished single round robin of six (scores 4, 3½, 3, 2, 2, ½).
///
/// ```text
///      1  2  3  4  5  6
///  1   ×  ½  ½  1  1  1   4
///  2   ½  ×  1  ½  ½  1   3½
///  3   ½  0  ×  1  ½  1   3
///  4   0  ½  0  ×  1  ½   2
///  5   0  ½  ½  0  ×  1   2
///  6   0  0  0  ½  0  ×   ½
/// ```
fn autumn() -> Crosstable {
    let f = [
        fx(1, 6, W),
        fx(2, 5, D),
        fx(3, 4, W),
        fx(6, 4, D),
        fx(5, 3, D),
        fx(1, 2, D),
        fx(2, 6, W),
        fx(3, 1, D),
        fx(4, 5, W),
        fx(6, 5, B),
        fx(1, 4, W),
        fx(2, 3, W),
        fx(3, 6, W),
        fx(4, 2, D),
        fx(5, 1, B),
    ];
    Crosstable::from_fixtures(6, &f)
}

#[test]
fn the_standing_line_names_score_games_and_place() {
    let t = autumn();
    let s = t.standings(&[]);
    let ru_names = ru_names();
    let mut v = TableView {
        tournament: "Осень-2026",
        names: &ru_names,
        crosstable: &t,
        standings: &s,
        order: &[],
        scoring: Scoring::Classic,
        replaced: &[],
        match_points: false,
        ratings: &[],
        endings: &[],
    };
    assert_eq!(
        standing_line(&v, &[2, 4], Language::Ru),
        "Турнир «Осень-2026»: Иванов — 3½ из 5, 2-е место; Петров — 2 из 5, 4–5-е место"
    );
    let en_names = en_names();
    v.names = &en_names;
    v.tournament = "Autumn-2026";
    assert_eq!(
        standing_line(&v, &[2, 4], Language::En),
        "Tournament Autumn-2026: Ivanov 3½/5, 2nd place; Petrov 2/5, 4th-5th place"
    );
    v.scoring = Scoring::Fmjd;
    assert_eq!(
        standing_line(&v, &[1], Language::En),
        "Tournament Autumn-2026: Sidorov 8/10, 1st place"
    );
    // A player whose results left the standings: what his row holds.
    let t = double_round_robin();
    let order = TieBreak::preset(Preset::Fide);
    let s = t.standings_with_seed(&order, b"autumn-2026");
    let v = TableView {
        tournament: "Осень-2026",
        names: &ru_names,
        crosstable: &t,
        standings: &s,
        order: &order,
        scoring: Scoring::Classic,
        replaced: &[],
        match_points: false,
        ratings: &[],
        endings: &[],
    };
    assert_eq!(
        standing_line(&v, &[6, 2], Language::Ru),
        "Турнир «Осень-2026»: Попов — 2 из 4, результаты не учитываются; \
             Иванов — 3½ из 6, 1-е место"
    );
    let v = TableView {
        names: &en_names,
        tournament: "Autumn-2026",
        ..v
    };
    assert_eq!(
        standing_line(&v, &[6], Language::En),
        "Tournament Autumn-2026: Popov 2/4, results not counted"
    );
}

#[test]
fn fmjd_scoring_prints_two_one_nought() {
    let t = double_round_robin();
    let s = t.standings(&[]);
    let list = names(&["A", "B", "C", "D", "E", "F"]);
    let v = TableView {
        tournament: "T",
        names: &list,
        crosstable: &t,
        standings: &s,
        order: &[],
        scoring: Scoring::Fmjd,
        replaced: &[],
        match_points: false,
        ratings: &[],
        endings: &[],
    };
    let text = crosstable(&v, Language::En);
    let row2 = text.lines().nth(4).unwrap_or_default();
    assert!(
        row2.starts_with("2  B       − 1    ×  2 ·  2 ·  − 2  (1)    7    1-2"),
        "{text}"
    );
}

#[test]
fn places_and_ordinals_read_as_each_language_writes_them() {
    let en: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111]
        .iter()
        .map(|&n| ordinal(n))
        .collect();
    assert_eq!(
        en,
        [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
            "111th"
        ]
    );
    assert_eq!(place_words((3, 3), Language::Ru), "3-е место");
    assert_eq!(place_words((3, 4), Language::Ru), "3–4-е место");
    assert_eq!(place_words((3, 4), Language::En), "3rd-4th place");
    assert_eq!(place_cell((3, 4)), "3-4");
}

#[test]
fn tie_break_values_print_exactly() {
    use TieBreak::{BlackGames, DirectEncounter, Lots, SonnebornBerger};
    assert_eq!(tiebreak_value(SonnebornBerger, 31, Scoring::Classic), "7¾");
    assert_eq!(tiebreak_value(SonnebornBerger, 1, Scoring::Classic), "¼");
    assert_eq!(tiebreak_value(SonnebornBerger, 0, Scoring::Classic), "0");
    assert_eq!(tiebreak_value(SonnebornBerger, 26, Scoring::Classic), "6½");
    assert_eq!(tiebreak_value(SonnebornBerger, 31, Scoring::Fmjd), "15½");
    assert_eq!(tiebreak_value(SonnebornBerger, 1, Scoring::Fmjd), "½");
    assert_eq!(tiebreak_value(SonnebornBerger, 44, Scoring::Fmjd), "22");
    assert_eq!(tiebreak_value(DirectEncounter, 3, Scoring::Classic), "1½");
    assert_eq!(tiebreak_value(DirectEncounter, 3, Scoring::Fmjd), "3");
    assert_eq!(tiebreak_value(BlackGames, 3, Scoring::Classic), "3");
    assert_eq!(tiebreak_value(Lots, 2, Scoring::Classic), "2");
}

#[test]
fn every_tie_break_has_a_short_name_in_both_languages() {
    for t in TieBreak::ALL {
        let en = tiebreak_name(t, Language::En);
        let ru = tiebreak_name(t, Language::Ru);
        assert!(!en.is_empty() && !cyrillic(en), "{en}");
        assert!(latin_words(ru).is_empty(), "{ru}");
        assert!(cyrillic(ru), "{ru}");
    }
}

#[test]
fn a_single_round_robin_prints_as_a_table() {
    let t = autumn();
    let order = [TieBreak::Wins, TieBreak::SonnebornBerger];
    let s = t.standings(&order);
    let en_names = en_names();
    let v = TableView {
        tournament: "Autumn-2026",
        names: &en_names,
        crosstable: &t,
        standings: &s,
        order: &order,
        scoring: Scoring::Classic,
        replaced: &[],
        match_points: false,
        ratings: &[],
        endings: &[],
    };
    // WIN: 3, 2, 2, 1, 1, 0. SB (quarter-points): 1: 1·7+1·6+2·4+2·4+2·1
    // = 31; 2: 1·8+2·6+1·4+1·4+2·1 = 30; 3: 1·8+2·4+1·4+2·1 = 22;
    // 4: 1·7+2·4+1·1 = 16; 5: 1·7+1·6+2·1 = 15; 6: 1·4 = 4.
    let expected = "\
Tournament Autumn-2026

#  Player     1  2  3  4  5  6  Pts  Place  WIN  SB
1  Sidorov    ×  ½  ½  1  1  1    4      1    3  7¾
2  Ivanov     ½  ×  1  ½  ½  1   3½      2    2  7½
3  Kuznetsov  ½  0  ×  1  ½  1    3      3    2  5½
4  Petrov     0  ½  0  ×  1  ½    2      4    1   4
5  Smirnov    0  ½  ½  0  ×  1    2      5    1  3¾
6  Popov      0  0  0  ½  0  ×    ½      6    0   1
";
    assert_eq!(crosstable(&v, Language::En), expected);
}

/// A double round robin of six by the Berger tables, half-way through the
/// second cycle: results by a fixed rule, a forfeit and a double forfeit
/// in the first cycle, the last three rounds not played; player 6
/// withdrew having played 4 of his 10 games, so under the FIDE rule his
/// results leave the standings.
fn double_round_robin() -> Crosstable {
    let rounds = berger::double(6).unwrap_or_default();
    let mut f = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        for p in &round.games {
            let outcome = match (r, p.white, p.black) {
                (7.., _, _) => Outcome::Pending,
                (0, 2, 5) => Outcome::Forfeit {
                    winner: Color::Black,
                },
                (1, 1, 2) => Outcome::DoubleForfeit,
                (_, w, b) if (w == 6 || b == 6) && r >= 4 => Outcome::Pending,
                (_, w, b) => match (w + 2 * b + r as u32) % 3 {
                    0 => W,
                    1 => D,
                    _ => B,
                },
            };
            f.push(fx(p.white, p.black, outcome));
        }
    }
    Crosstable::from_fixtures(6, &f).withdraw(&[6], WithdrawalPolicy::Fide)
}

/// The character column where `needle` ends in `line`.
fn end_of(line: &str, needle: &str) -> Option<usize> {
    let at = line.find(needle)?;
    Some(line[..at].chars().count() + needle.chars().count())
}

/// The Russian table of [`double_round_robin`] as a mail shows it: 2 and 5
/// tie on 3½ and on DE (1 each: 5 won the first game by forfeit, 2 the
/// second), WIN puts 2 first; 6's results are in parentheses.
#[test]
fn a_double_round_robin_prints_in_russian() {
    let t = double_round_robin();
    let order = TieBreak::preset(Preset::Fide);
    let s = t.standings_with_seed(&order, b"autumn-2026");
    let ru_names = ru_names();
    let v = TableView {
        tournament: "Осень-2026",
        names: &ru_names,
        crosstable: &t,
        standings: &s,
        order: &order,
        scoring: Scoring::Classic,
        replaced: &[],
        match_points: false,
        ratings: &[],
        endings: &[],
    };
    let expected = "\
Турнир «Осень-2026»

№  Участник    1    2    3    4    5    6  Очки  Место  Личная встреча  Победы  Коэф. Бергера  Койя  Жребий
1  Сидоров     ×  − ½  ½ ·  ½ ·  ½ ·  (½)     2      4                       0             5½     0
2  Иванов    − ½    ×  1 ·  1 ·  − 1  (½)    3½      1               1       3             8½     0
3  Кузнецов  ½ ·  0 ·    ×  0 0  0 ½  (1)     1      5                       0             2¾     0
4  Петров    ½ ·  0 ·  1 1    ×  ½ ·  (0)     3      3                       2             4¾     0
5  Смирнов   ½ ·  + 0  1 ½  ½ ·    ×         3½      2               1       2             7½     0
6  Попов *   (½)  (½)  (0)  (1)         ×   (2)

+/− победа/поражение без игры; · ещё не сыграна; ( ) не засчитывается; * выбывшие из турнира
";
    assert_eq!(crosstable(&v, Language::Ru), expected);
}

#[test]
fn a_double_round_robin_aligns_in_both_languages() {
    let t = double_round_robin();
    assert_eq!(
        t.treatment(6),
        Some(crate::tournament::standings::Treatment::Removed)
    );
    let order = TieBreak::preset(Preset::Fide);
    let s = t.standings_with_seed(&order, b"autumn-2026");
    assert_eq!(s.len(), 5);
    let ru_names = ru_names();
    let en_names = en_names();
    for lang in LANGS {
        let (tournament, list) = match lang {
            Language::En => ("Autumn-2026", &en_names),
            Language::Ru => ("Осень-2026", &ru_names),
        };
        let v = TableView {
            tournament,
            names: list,
            crosstable: &t,
            standings: &s,
            order: &order,
            scoring: Scoring::Classic,
            replaced: &[],
            match_points: false,
            ratings: &[],
            endings: &[],
        };
        let text = crosstable(&v, lang);
        let lines: Vec<&str> = text.lines().collect();
        let header = lines[2];
        let (points, place) = match lang {
            Language::En => ("Pts", "Place"),
            Language::Ru => ("Очки", "Место"),
        };
        let points_end = end_of(header, points);
        let heading = match lang {
            Language::En => "Player",
            Language::Ru => "Участник",
        };
        let name_col = header.find(heading).map(|at| header[..at].chars().count());
        assert!(name_col.is_some(), "{text}");
        for (i, line) in lines[3..9].iter().enumerate() {
            let player = i as u32 + 1;
            let chars: Vec<char> = line.chars().collect();
            // The name starts under the header's name column.
            let name: String = chars[name_col.unwrap_or(0)..]
                .iter()
                .take(list[i].chars().count())
                .collect();
            assert_eq!(name, list[i], "{text}");
            // The diagonal stands under the player's own number.
            let diagonal = chars.iter().position(|&c| c == '×');
            let own = end_of(header, &format!("  {player}")).map(|e| e - 1);
            assert_eq!(diagonal, own, "row {player}:\n{text}");
            // The points end under the header's points.
            let score = match s.iter().find(|r| r.player == player) {
                Some(r) => Scoring::Classic.print(r.score),
                None => format!("({})", Scoring::Classic.print(t.row_total(player))),
            };
            let end = points_end.unwrap_or(0);
            let cell: String = chars[end - score.chars().count()..end].iter().collect();
            assert_eq!(cell, score, "row {player}:\n{text}");
            assert!(
                matches!(chars.get(end), None | Some(' ')),
                "row {player}:\n{text}"
            );
            assert!(!line.ends_with(' '));
        }
        // A double round robin: two games side by side; the forfeit of
        // round 1 (2-5, 0-1) and the double forfeit of round 2 (1-2).
        assert!(text.contains('+') && text.contains('−'), "{text}");
        assert!(text.contains('(') && text.contains('·'), "{text}");
        assert!(
            lines[3..9]
                .iter()
                .any(|l| l.contains("½ 1") || l.contains("1 ½"))
        );
        assert!(end_of(header, place).is_some());

        // 6 is out of the standings: his row in parentheses, no place.
        assert!(lines[8].contains(" *"), "{text}");
        match lang {
            Language::Ru => {
                assert!(
                    latin_words(&text).is_empty(),
                    "{:?}\n{text}",
                    latin_words(&text)
                );
                for tb in &order {
                    assert!(text.contains(tiebreak_name(*tb, lang)));
                }
                assert!(text.contains("выбывшие из турнира"), "{text}");
            }
            Language::En => {
                assert!(!cyrillic(&text), "{text}");
                assert!(text.contains("* withdrew"), "{text}");
            }
        }
    }
}

/// Three players under 2/1/0: 1 beats 2 and draws 3, 2 beats 3, so the
/// scores are 3, 2 and 1. By the definition (a win adds the opponent's whole
/// score, a draw half of it) SB is 2 + ½ = 2½ for player 1, 1 for player 2
/// and 1½ for player 3; under 1/½/0 (scores 1½, 1 and ½) it is 1 + ¼ = 1¼,
/// ½ and ¾.
#[test]
fn sonneborn_berger_under_two_one_nought_adds_the_beaten_opponents_score_once() {
    let f = [
        Fixture {
            white: 1,
            black: 2,
            outcome: Outcome::Played(GameResult::WhiteWins),
        },
        Fixture {
            white: 3,
            black: 1,
            outcome: Outcome::Played(GameResult::Draw),
        },
        Fixture {
            white: 2,
            black: 3,
            outcome: Outcome::Played(GameResult::WhiteWins),
        },
    ];
    let t = Crosstable::from_fixtures(3, &f);
    let st = t.standings(&[TieBreak::SonnebornBerger]);
    let sb = |scoring| {
        let mut v: Vec<(u32, String)> = st
            .iter()
            .map(|s| {
                (
                    s.player,
                    tiebreak_value(TieBreak::SonnebornBerger, s.tiebreaks[0], scoring),
                )
            })
            .collect();
        v.sort();
        v.into_iter().map(|(_, s)| s).collect::<Vec<_>>()
    };
    assert_eq!(sb(Scoring::Fmjd), ["2½", "1", "1½"]);
    assert_eq!(sb(Scoring::Classic), ["1¼", "½", "¾"]);
}
