//! Real published crosstables rebuilt from their results through the
//! console and compared cell for cell: two ICCF correspondence events
//! (`tests/data/tournaments/iccf-crosstables.toml`, which cites the pages and
//! shows the arithmetic). Each game ends as a game ends in zaochka (the loser
//! resigns, White offers a draw and Black accepts, or the director
//! adjudicates the games ICCF marks "A"); then every cell, the points, the
//! number of wins (Baumbach), Sonneborn-Berger and the place of the text
//! crosstable are checked against the page.
//!
//! Two printing conventions differ, and the test maps them rather than
//! ignoring them: a double round robin's cell lists its two games in round
//! order in zaochka, by the row player's colour on ICCF's page; and a shared
//! place is `1-2` in zaochka where ICCF prints `1` in both rows.

use crate::common;

use common::cli::Zaochka;
use std::collections::HashMap;

const DIRECTOR: &str = "td@example.org";
const DATA: &str = "tests/data/tournaments/iccf-crosstables.toml";

/// One row of a published table, as printed.
struct Row {
    number: u32,
    name: String,
    /// Against each number 1..=n: `×` on the diagonal, else the two results
    /// ("1", "½", "0", with "A" after an adjudicated one), the row player's
    /// White game first.
    cells: Vec<String>,
    score: String,
    wins: String,
    sb: String,
    place: String,
}

/// One published event.
struct Event {
    code: String,
    system: String,
    tie_breaks: String,
    rows: Vec<Row>,
}

fn events() -> Vec<Event> {
    #[derive(serde::Deserialize)]
    struct File {
        event: Vec<RawEvent>,
    }
    #[derive(serde::Deserialize)]
    struct RawEvent {
        code: String,
        system: String,
        tie_breaks: String,
        rows: Vec<Vec<toml::Value>>,
    }
    let text = std::fs::read_to_string(DATA).unwrap();
    let file: File = toml::from_str(&text).unwrap();
    file.event
        .into_iter()
        .map(|e| {
            let n = e.rows.len();
            let rows = e
                .rows
                .iter()
                .map(|r| {
                    let s = |k: usize| r[k].as_str().unwrap().to_string();
                    assert_eq!(r.len(), 4 + n + 5, "{r:?}");
                    Row {
                        number: u32::try_from(r[0].as_integer().unwrap()).unwrap(),
                        name: s(1),
                        cells: (4..4 + n).map(s).collect(),
                        score: s(4 + n),
                        wins: s(5 + n),
                        sb: s(6 + n),
                        place: s(8 + n),
                    }
                })
                .collect();
            Event {
                code: e.code,
                system: e.system,
                tie_breaks: e.tie_breaks,
                rows,
            }
        })
        .collect()
}

/// A published result: the row player's half-points and whether ICCF marks
/// it adjudicated ("1A").
fn result(text: &str) -> (u32, bool) {
    let (points, adjudicated) = match text.strip_suffix('A') {
        Some(p) => (p, true),
        None => (text, false),
    };
    let half = match points {
        "1" => 2,
        "½" => 1,
        "0" => 0,
        _ => panic!("not a result: {text:?}"),
    };
    (half, adjudicated)
}

/// The two results of row `i`'s cell against `j`: (White game, Black game).
fn pair(e: &Event, i: u32, j: u32) -> [(u32, bool); 2] {
    let cell = &e.rows[i as usize - 1].cells[j as usize - 1];
    let games: Vec<(u32, bool)> = cell.split(' ').map(result).collect();
    [games[0], games[1]]
}

/// A decimal as ICCF prints it ("10.5", "18.25", "5") in units of
/// 1/`per` (2: half-points, 4: quarter-points); exact or a panic.
fn decimal_in(text: &str, per: u32) -> u32 {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let frac_units = match frac {
        "" | "0" | "00" => 0,
        "25" => 1,
        "5" | "50" => 2,
        "75" => 3,
        _ => panic!("not a multiple of ¼: {text}"),
    };
    let quarters = whole.parse::<u32>().unwrap() * 4 + frac_units;
    assert_eq!(
        quarters % (4 / per),
        0,
        "{text} is not a multiple of 1/{per}"
    );
    quarters / (4 / per)
}

/// A number as zaochka prints it ("10½", "18¼", "22¾", "½", "5") in
/// quarter-points.
fn printed_quarters(text: &str) -> u32 {
    let (whole, quarters) = match text.chars().last() {
        Some('¼') => (&text[..text.len() - '¼'.len_utf8()], 1),
        Some('½') => (&text[..text.len() - '½'.len_utf8()], 2),
        Some('¾') => (&text[..text.len() - '¾'.len_utf8()], 3),
        _ => (text, 0),
    };
    let whole = if whole.is_empty() {
        0
    } else {
        whole.parse::<u32>().unwrap()
    };
    whole * 4 + quarters
}

fn email(number: u32) -> String {
    format!("p{number}@example.org")
}

/// The event entered, drawn in the page's order and started; every game
/// ended with its published result. Returns each game's round by its
/// label ("2-4": 2 has White).
fn rebuild(z: &Zaochka, e: &Event) -> HashMap<String, u64> {
    z.ok(&[
        "player", "add", "--name", "TD", "--email", DIRECTOR, "--role", "referee",
    ]);
    for r in &e.rows {
        z.ok(&[
            "player",
            "add",
            "--name",
            &r.name,
            "--email",
            &email(r.number),
        ]);
    }
    z.ok(&[
        "tournament",
        "new",
        &e.code,
        "--variant",
        "chess",
        "--system",
        &e.system,
        "--tie-breaks",
        &e.tie_breaks,
        "--as",
        DIRECTOR,
    ]);
    let players: Vec<String> = e.rows.iter().map(|r| email(r.number)).collect();
    for p in &players {
        z.ok(&["tournament", "add", &e.code, p, "--as", DIRECTOR]);
    }
    let order = players.join(",");
    z.ok(&[
        "tournament",
        "draw",
        &e.code,
        "--numbers",
        &order,
        "--as",
        DIRECTOR,
    ]);
    z.ok(&["tournament", "start", &e.code, "--as", DIRECTOR]);
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "show", &e.code, "--json"])).unwrap();
    let mut games = HashMap::new();
    let mut rounds = HashMap::new();
    for g in show["games"].as_array().unwrap() {
        let label = g["label"].as_str().unwrap().to_string();
        rounds.insert(label.clone(), g["round"].as_u64().unwrap());
        games.insert(label, g["game"].as_i64().unwrap().to_string());
    }
    let n = u32::try_from(e.rows.len()).unwrap();
    for i in 1..=n {
        for j in 1..=n {
            if i == j {
                continue;
            }
            // Row i's first result against j is the game i had White.
            let (white_half, adjudicated) = pair(e, i, j)[0];
            let id = &games[&format!("{i}-{j}")];
            let (white, black) = (email(i), email(j));
            if adjudicated {
                let result = ["0-1", "1/2-1/2", "1-0"][white_half as usize];
                z.ok(&[
                    "referee",
                    "adjudicate",
                    id,
                    result,
                    "--as",
                    DIRECTOR,
                    "--reason",
                    "the adjudicator's decision",
                ]);
            } else if white_half == 1 {
                z.ok(&["draw", "offer", id, "--as", &white]);
                z.ok(&["draw", "accept", id, "--as", &black]);
            } else {
                let loser = if white_half == 2 { &black } else { &white };
                z.ok(&["resign", id, "--as", loser]);
            }
        }
    }
    rounds
}

/// The rows of a text crosstable: the columns of each line after the
/// header, split where `tournament crosstable` aligns them (two spaces or
/// more), up to the blank line before the legend.
fn table_rows(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let split = |line: &str| -> Vec<String> {
        line.split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect()
    };
    let mut lines = text.lines().skip_while(|l| !l.starts_with('#'));
    let header = split(lines.next().unwrap());
    let rows = lines.take_while(|l| !l.is_empty()).map(split).collect();
    (header, rows)
}

/// Builds the event and compares zaochka's crosstable with the page.
fn reproduce(e: &Event) {
    let z = Zaochka::new();
    let rounds = rebuild(&z, e);
    let n = e.rows.len();
    let text = z.ok(&["tournament", "crosstable", &e.code, "--lang", "en"]);
    let (header, rows) = table_rows(&text);
    let numbers: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
    let mut expected_header = vec!["#".to_string(), "Player".to_string()];
    expected_header.extend(numbers);
    expected_header.extend(["Pts", "Place", "WIN", "SB", "DE"].map(String::from));
    assert_eq!(header, expected_header, "{text}");
    assert_eq!(rows.len(), n, "{text}");

    for (row, line) in e.rows.iter().zip(&rows) {
        let i = row.number;
        let at = |k: usize| line[k].as_str();
        assert_eq!(at(0), i.to_string(), "{text}");
        assert_eq!(at(1), row.name, "{text}");
        // Every cell: the two games in zaochka's round order, "⚖" where the
        // page has "A".
        for j in 1..=u32::try_from(n).unwrap() {
            let shown = at(1 + j as usize);
            if i == j {
                assert_eq!(shown, "×");
                continue;
            }
            let [as_white, as_black] = pair(e, i, j);
            let mut games = [
                (rounds[&format!("{i}-{j}")], as_white),
                (rounds[&format!("{j}-{i}")], as_black),
            ];
            games.sort_by_key(|&(round, _)| round);
            let expected = games
                .iter()
                .map(|&(_, (half, adjudicated))| {
                    let mut s = ["0", "½", "1"][half as usize].to_string();
                    if adjudicated {
                        s.push('⚖');
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join(" ");
            assert_eq!(
                shown,
                expected,
                "{}: row {i}, column {j}: the page has {:?}\n{text}",
                e.code,
                row.cells[j as usize - 1]
            );
        }
        let (points, place, wins, sb) = (at(n + 2), at(n + 3), at(n + 4), at(n + 5));
        assert_eq!(
            printed_quarters(points),
            decimal_in(&row.score, 2) * 2,
            "{}: points of {i}\n{text}",
            e.code
        );
        assert_eq!(wins, row.wins, "{}: wins of {i}\n{text}", e.code);
        assert_eq!(
            printed_quarters(sb),
            decimal_in(&row.sb, 4),
            "{}: SB of {i}\n{text}",
            e.code
        );
        // A place of its own is printed alike; a shared one is "a-b" here and
        // "a" in each of its b-a+1 rows on the page.
        let sharing = e.rows.iter().filter(|r| r.place == row.place).count();
        let expected_place = if sharing == 1 {
            row.place.clone()
        } else {
            let first: usize = row.place.parse().unwrap();
            format!("{first}-{}", first + sharing - 1)
        };
        assert_eq!(place, expected_place, "{}: place of {i}\n{text}", e.code);
    }

    // The page lists the rows by place: so do the standings.
    let standings: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "standings", &e.code, "--json"])).unwrap();
    let by_place: Vec<u64> = standings["sections"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["number"].as_u64().unwrap())
        .collect();
    let page: Vec<u64> = e.rows.iter().map(|r| u64::from(r.number)).collect();
    assert_eq!(by_place, page, "{}", e.code);

    // The legend explains the adjudications exactly when the page has one.
    let adjudicated = e
        .rows
        .iter()
        .any(|r| r.cells.iter().any(|c| c.contains('A')));
    assert_eq!(
        text.contains("⚖ decided at adjudication"),
        adjudicated,
        "{text}"
    );
}

#[test]
fn the_published_tables_add_up_from_their_own_results() {
    for e in events() {
        let n = u32::try_from(e.rows.len()).unwrap();
        let score = |i: u32| decimal_in(&e.rows[i as usize - 1].score, 2);
        for row in &e.rows {
            let i = row.number;
            let (mut half, mut wins, mut sb) = (0, 0, 0);
            for j in (1..=n).filter(|&j| j != i) {
                let [w, b] = pair(&e, i, j);
                let [mw, mb] = pair(&e, j, i);
                // One game, two sides: the halves of each game sum to a point.
                assert_eq!((w.0 + mb.0, b.0 + mw.0), (2, 2), "{}: {i}-{j}", e.code);
                assert_eq!((w.1, b.1), (mb.1, mw.1), "{}: {i}-{j}", e.code);
                for (h, _) in [w, b] {
                    half += h;
                    wins += u32::from(h == 2);
                    sb += h * score(j);
                }
            }
            assert_eq!(half, score(i), "{}: score of {i}", e.code);
            assert_eq!(wins.to_string(), row.wins, "{}: wins of {i}", e.code);
            assert_eq!(sb, decimal_in(&row.sb, 4), "{}: SB of {i}", e.code);
        }
    }
}

#[test]
fn iccf_sco_o_2020_with_an_adjudicated_game_is_reproduced_cell_for_cell() {
    let e = events()
        .into_iter()
        .find(|e| e.code == "SCO/O/2020")
        .unwrap();
    reproduce(&e);
}

#[test]
fn iccf_gb_tt5_d4a_board_2_with_a_shared_first_place_is_reproduced_cell_for_cell() {
    let e = events()
        .into_iter()
        .find(|e| e.code == "GB/TT5/D4A Board 2")
        .unwrap();
    reproduce(&e);
}
