//! The tables as federations publish them, on a real SQLite file through
//! the command line: shared places when the director names no lot, the
//! standings in words by place, the crosstable as CSV and JSON, SB under
//! 2/1/0, and a player entered after the draw refused unless the director
//! voids the draw on purpose.

use crate::common;

use common::cli::Zaochka;
use common::field::{self, add_director, add_numbered};

const DIRECTOR: &str = "ref@example.org";

/// Registers the director and `n` players `p1..pn@example.org`; makes the
/// round robin `name` with `extra` settings, draws the numbers in entry
/// order (p1 is number 1) and starts it.
fn started(z: &Zaochka, name: &str, n: usize, extra: &[&str]) -> Vec<String> {
    let ok = |args: &[&str]| z.ok(args);
    add_director(&ok, DIRECTOR, None);
    let players = add_numbered(&ok, n, |i| format!("p{i}@example.org"));
    field::new_tournament(&ok, DIRECTOR, name, "round-robin", extra, &players);
    let order = players.join(",");
    z.ok(&[
        "tournament",
        "draw",
        name,
        "--numbers",
        &order,
        "--as",
        DIRECTOR,
    ]);
    z.ok(&["tournament", "start", name, "--as", DIRECTOR]);
    players
}

/// The director records the result of the game between numbers `a` and `b`
/// (either colour), `a`'s score given: 2 won, 1 drawn, 0 lost.
fn record(z: &Zaochka, name: &str, a: u32, b: u32, a_half: u32) {
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "show", name, "--json"])).unwrap();
    let games = show["games"].as_array().unwrap();
    let (id, a_white) = games
        .iter()
        .find_map(|g| {
            let label = g["label"].as_str()?;
            let id = g["game"].as_i64()?;
            if label == format!("{a}-{b}") {
                Some((id, true))
            } else if label == format!("{b}-{a}") {
                Some((id, false))
            } else {
                None
            }
        })
        .unwrap_or_else(|| panic!("no game {a}-{b} in {show}"));
    let result = match (a_half, a_white) {
        (1, _) => "1/2-1/2",
        (2, true) | (0, false) => "1-0",
        _ => "0-1",
    };
    z.ok(&[
        "referee",
        "adjudicate",
        &id.to_string(),
        result,
        "--as",
        DIRECTOR,
        "--reason",
        "the result as played",
    ]);
}

/// Four players: 4 beats everybody, 3 beats 1 and 2, 1 and 2 draw. Scores
/// 4: 3, 3: 2, 1: ½, 2: ½; 1 and 2 are equal on SB (¼ each: the draw with
/// each other) and on wins (none).
fn four(z: &Zaochka, name: &str, tie_breaks: &str) {
    started(z, name, 4, &["--tie-breaks", tie_breaks]);
    for (a, b, h) in [
        (4, 1, 2),
        (4, 2, 2),
        (4, 3, 2),
        (3, 1, 2),
        (3, 2, 2),
        (1, 2, 1),
    ] {
        record(z, name, a, b, h);
    }
}

fn standings(z: &Zaochka, name: &str) -> Vec<(u64, String)> {
    let st: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "standings", name, "--json"])).unwrap();
    st["sections"][0]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["number"].as_u64().unwrap(),
                r["place"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn players_equal_on_points_and_every_tie_break_named_share_their_place() {
    let z = Zaochka::new();
    four(&z, "Осень", "SB,WIN");
    assert_eq!(
        standings(&z, "Осень"),
        [
            (4, "1".to_string()),
            (3, "2".to_string()),
            (1, "3-4".to_string()),
            (2, "3-4".to_string())
        ]
    );
    let text = z.ok(&["tournament", "crosstable", "Осень", "--lang", "ru"]);
    let shared: Vec<&str> = text.lines().filter(|l| l.contains("3-4")).collect();
    assert_eq!(shared.len(), 2, "{text}");
    let csv = z.ok(&["tournament", "crosstable", "Осень", "--format", "csv"]);
    assert_eq!(csv.matches(",3-4,").count(), 2, "{csv}");
}

#[test]
fn a_preset_still_draws_the_lot_last_so_nobody_shares_a_place() {
    let z = Zaochka::new();
    four(&z, "Зима", "russian");
    let places: Vec<String> = standings(&z, "Зима").into_iter().map(|(_, p)| p).collect();
    assert_eq!(places, ["1", "2", "3", "4"]);
}

#[test]
fn standings_in_words_are_in_place_order() {
    let z = Zaochka::new();
    four(&z, "Весна", "SB,WIN");
    let out = z.ok(&["tournament", "standings", "Весна"]);
    let numbers: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with('#'))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(numbers, ["4", "3", "1", "2"], "{out}");
    // The opponents' columns follow the same order.
    let header = out.lines().find(|l| l.starts_with('#')).unwrap();
    assert!(header.contains("4  3  1  2"), "{header}");
}

#[test]
fn the_crosstable_as_csv_and_json_has_the_documented_columns_by_place() {
    let z = Zaochka::new();
    four(&z, "Лето", "SB,WIN");
    let csv = z.ok(&["tournament", "crosstable", "Лето", "--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "section,place,number,name,withdrawn,1,2,3,4,points,half_points,games,SB,WIN"
    );
    assert_eq!(lines[1], "1,1,4,Игрок 4,,1,1,1,×,3,6,3,3,3");
    assert_eq!(lines[2], "1,2,3,Игрок 3,,1,1,×,0,2,4,3,1,2");
    assert_eq!(lines[3], "1,3-4,1,Игрок 1,,×,½,0,0,½,1,3,¼,0");
    assert_eq!(lines[4], "1,3-4,2,Игрок 2,,½,×,0,0,½,1,3,¼,0");
    assert_eq!(lines.len(), 5);
    let json: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "crosstable", "Лето", "--format", "json"]))
            .unwrap();
    let rows = json["sections"][0]["rows"].as_array().unwrap();
    let numbers: Vec<u64> = rows.iter().map(|r| r["number"].as_u64().unwrap()).collect();
    assert_eq!(numbers, [4, 3, 1, 2]);
    assert_eq!(rows[2]["place"], "3-4");
    assert_eq!(rows[0]["points"], "3");
    assert_eq!(rows[0]["tie_breaks"][0]["code"], "SB");
    assert_eq!(rows[0]["tie_breaks"][0]["printed"], "3");
    // 1's cell against 2: the draw, half a point.
    let cell = rows[2]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["opponent"] == 2)
        .unwrap();
    assert_eq!(cell["text"], "½");
    assert_eq!(cell["half_points"], 1);
}

#[test]
fn sonneborn_berger_under_two_one_nought_is_the_documented_definition() {
    let z = Zaochka::new();
    started(&z, "Кубок", 3, &["--tie-breaks", "SB", "--scoring", "fmjd"]);
    // 1 beats 2 and draws 3, 2 beats 3: scores 3, 2, 1 (2/1/0). SB: a win
    // adds the opponent's whole score, a draw half of it: 1: 2 + ½ = 2½,
    // 2: 1, 3: 1½.
    for (a, b, h) in [(1, 2, 2), (1, 3, 1), (2, 3, 2)] {
        record(&z, "Кубок", a, b, h);
    }
    let st: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "standings", "Кубок", "--json"])).unwrap();
    let sb: Vec<String> = st["sections"][0]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["tie_breaks"][0]["printed"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(sb, ["2½", "1", "1½"]);
}

#[test]
fn a_player_entered_after_the_draw_is_refused_unless_the_director_voids_the_draw() {
    let z = Zaochka::new();
    let ok = |args: &[&str]| z.ok(args);
    add_director(&ok, DIRECTOR, None);
    let players = add_numbered(&ok, 5, |i| format!("p{i}@example.org"));
    field::new_tournament(&ok, DIRECTOR, "Март", "round-robin", &[], &players[..4]);
    field::draw_by_seed(&ok, DIRECTOR, "Март", "5eed");
    let err = z.refused(&["tournament", "add", "Март", &players[4], "--as", DIRECTOR]);
    assert!(
        err.contains("are drawn already") && err.contains("--redraw"),
        "{err}"
    );
    let show = |z: &Zaochka| -> serde_json::Value {
        serde_json::from_str(&z.ok(&["tournament", "show", "Март", "--json"])).unwrap()
    };
    let v = show(&z);
    assert_eq!(v["entrants"].as_array().unwrap().len(), 4);
    assert!(
        v["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["number"].is_u64())
    );
    z.ok(&[
        "tournament",
        "add",
        "Март",
        &players[4],
        "--redraw",
        "--as",
        DIRECTOR,
    ]);
    let v = show(&z);
    assert_eq!(v["entrants"].as_array().unwrap().len(), 5);
    assert!(
        v["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["number"].is_null()),
        "{v}"
    );
}
