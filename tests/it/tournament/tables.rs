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
    record_at(z, "2026-11-29T12:00:00Z", name, a, b, a_half);
}

/// [`record`] at the instant `now` (RFC 3339): the result's date decides
/// its rating period.
fn record_at(z: &Zaochka, now: &str, name: &str, a: u32, b: u32, a_half: u32) {
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
    z.ok_at(
        now,
        &[
            "referee",
            "adjudicate",
            &id.to_string(),
            result,
            "--as",
            DIRECTOR,
            "--reason",
            "the result as played",
        ],
    );
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
    st["sections"][0]["rows"]
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
    let out = z.ok(&["tournament", "standings", "Весна", "--lang", "en"]);
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
    let columns: Vec<&str> = header.split_whitespace().skip(2).take(4).collect();
    assert_eq!(columns, ["4", "3", "1", "2"], "{header}");
}

#[test]
fn the_crosstable_as_csv_and_json_has_the_documented_columns_by_place() {
    let z = Zaochka::new();
    four(&z, "Лето", "SB,WIN");
    let csv = z.ok(&["tournament", "crosstable", "Лето", "--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "section,place,number,name,withdrawn,rating,1,2,3,4,points,half_points,games,match_points,SB,WIN"
    );
    assert_eq!(lines[1], "1,1,4,Игрок 4,,,1,1,1,×,3,6,3,,3,3");
    assert_eq!(lines[2], "1,2,3,Игрок 3,,,1,1,×,0,2,4,3,,1,2");
    assert_eq!(lines[3], "1,3-4,1,Игрок 1,,,×,½,0,0,½,1,3,,¼,0");
    assert_eq!(lines[4], "1,3-4,2,Игрок 2,,,½,×,0,0,½,1,3,,¼,0");
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
    let sb: Vec<String> = st["sections"][0]["rows"]
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

/// The game between numbers `a` and `b`, and whether `a` has White.
fn game_of(z: &Zaochka, name: &str, a: u32, b: u32) -> (String, bool) {
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "show", name, "--json"])).unwrap();
    show["games"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|g| {
            let label = g["label"].as_str()?;
            let id = g["game"].as_i64()?.to_string();
            if label == format!("{a}-{b}") {
                Some((id, true))
            } else if label == format!("{b}-{a}") {
                Some((id, false))
            } else {
                None
            }
        })
        .unwrap()
}

#[test]
fn a_replacement_row_marks_the_games_its_predecessor_finished_with_a_legend() {
    let z = Zaochka::new();
    let players = started(&z, "Осень", 4, &["--tie-breaks", "SB"]);
    z.ok(&[
        "player",
        "add",
        "--name",
        "Запасной",
        "--email",
        "sub@example.org",
    ]);
    record(&z, "Осень", 1, 2, 2);
    z.ok(&[
        "tournament",
        "replace",
        "Осень",
        &players[0],
        "sub@example.org",
        "--reason",
        "переезд",
        "--as",
        DIRECTOR,
    ]);
    // The replacement's own game, after the replacement: not marked.
    record(&z, "Осень", 1, 3, 1);
    let text = z.ok(&["tournament", "crosstable", "Осень", "--lang", "ru"]);
    let row = |n: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(n))
            .unwrap_or_else(|| panic!("no row {n} in {text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
    };
    // Row 1 (Запасной): × 1° ½ ·; row 2: 0° × · ·; row 3: ½ · × · (the
    // results recorded by the director's ruling, so each marked ⚖).
    assert_eq!(
        row("1")[1..6],
        ["Запасной", "×", "1⚖°", "½⚖", "·"],
        "{text}"
    );
    assert_eq!(row("2")[3..7], ["0⚖°", "×", "·", "·"], "{text}");
    assert_eq!(row("3")[3..7], ["½⚖", "·", "×", "·"], "{text}");
    assert!(
        text.contains("° партия игрока, занимавшего это место раньше: 1 Игрок 1"),
        "{text}"
    );
    let en = z.ok(&["tournament", "crosstable", "Осень", "--lang", "en"]);
    assert!(
        en.contains("° played by the player who held the place before: 1 Игрок 1"),
        "{en}"
    );
}

#[test]
fn the_site_explains_its_signs_marks_forfeits_and_adjudications_and_links_the_csv_and_the_event_record()
 {
    let z = Zaochka::new();
    started(&z, "Сайт", 4, &["--tie-breaks", "SB,WIN"]);
    // 1-2 is adjudicated (1 wins); in 3-4 White loses by forfeit.
    record(&z, "Сайт", 1, 2, 2);
    let (g34, three_white) = game_of(&z, "Сайт", 3, 4);
    let loser = if three_white { "white" } else { "black" };
    z.ok(&[
        "referee",
        "forfeit",
        &g34,
        loser,
        "--as",
        DIRECTOR,
        "--reason",
        "молчание",
    ]);
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    z.ok(&[
        "tournament",
        "publish",
        "Сайт",
        site.to_str().unwrap(),
        "--lang",
        "en",
    ]);
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("class=\"legend\">Signs:"), "{index}");
    for sign in [
        "+ −",
        "( )",
        "* withdrew",
        "⏱ lost on time",
        "⚖ decided at adjudication",
    ] {
        assert!(index.contains(sign), "{sign} missing from the legend");
    }
    assert!(index.contains("1-0 ⚖"), "the adjudication is marked");
    // Number 3 lost by forfeit: "−/+" when 3 had White, "+/−" when Black.
    let sign = if three_white { "−/+" } else { "+/−" };
    assert!(index.contains(sign), "the forfeit is shown as such");
    assert!(index.contains("href=\"crosstable.csv\""), "{index}");
    assert!(index.contains("href=\"games.pdn\""), "{index}");
    let csv = std::fs::read_to_string(site.join("crosstable.csv")).unwrap();
    assert!(csv.starts_with("section,place,number,name,"), "{csv}");
    let pdn = std::fs::read_to_string(site.join("games.pdn")).unwrap();
    assert_eq!(pdn.matches("[Event \"Сайт\"]").count(), 6, "{pdn}");
    // The adjudicated game's page says how it ended and shows the final
    // position.
    let (g12, _) = game_of(&z, "Сайт", 1, 2);
    let page = std::fs::read_to_string(site.join(format!("games/{g12}.html"))).unwrap();
    assert!(page.contains("<dt>How it ended</dt>"), "{page}");
    assert!(page.contains("<h2>Final position</h2>"), "{page}");
    assert!(page.contains("<svg"), "{page}");
}

#[test]
fn micro_matches_show_match_points_beside_the_game_points() {
    let z = Zaochka::new();
    let ok = |args: &[&str]| z.ok(args);
    add_director(&ok, DIRECTOR, None);
    let players = add_numbered(&ok, 4, |i| format!("p{i}@example.org"));
    field::new_tournament(
        &ok,
        DIRECTOR,
        "Матчи",
        "micro-match",
        &["--scoring", "fmjd", "--tie-breaks", "SB"],
        &players,
    );
    z.ok(&[
        "tournament",
        "draw",
        "Матчи",
        "--numbers",
        &players.join(","),
        "--as",
        DIRECTOR,
    ]);
    z.ok(&["tournament", "start", "Матчи", "--as", DIRECTOR]);
    // The match 1-2: 1 wins one game and draws the other (3-1 in 2/1/0
    // points): 2 match points to 1, none to 2. The match 3-4 is drawn 2-2
    // (each wins with White): 1 match point each.
    let show: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "show", "Матчи", "--json"])).unwrap();
    let rule = |label: &str, result: &str| {
        let games: Vec<String> = show["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["label"] == label)
            .map(|g| g["game"].as_i64().unwrap().to_string())
            .collect();
        assert_eq!(games.len(), 1, "{label}: {show}");
        z.ok(&[
            "referee",
            "adjudicate",
            &games[0],
            result,
            "--as",
            DIRECTOR,
            "--reason",
            "сыграно",
        ]);
    };
    let pair = |a: u32, b: u32| -> (String, String) { (format!("{a}-{b}"), format!("{b}-{a}")) };
    let (first, second) = pair(1, 2);
    rule(&first, "1-0");
    rule(&second, "1/2-1/2");
    let (first, second) = pair(3, 4);
    rule(&first, "1-0");
    rule(&second, "1-0");
    let json: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "crosstable", "Матчи", "--format", "json"]))
            .unwrap();
    let mut mp: Vec<(u64, u64)> = json["sections"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["number"].as_u64().unwrap(),
                r["match_points"].as_u64().unwrap(),
            )
        })
        .collect();
    mp.sort_unstable();
    assert_eq!(mp, [(1, 2), (2, 0), (3, 1), (4, 1)]);
    let text = z.ok(&["tournament", "crosstable", "Матчи", "--lang", "en"]);
    let header = text.lines().find(|l| l.starts_with('#')).unwrap();
    assert!(header.contains("Pts  MP  Place"), "{text}");
}

/// The event of the summer quarter that gives Игрок 1-3 their ratings: 1
/// beats 2 and 3, 2 and 3 draw, every result recorded on 1 August 2026.
/// Elo, all three new (entry 1800): 1 scores 100 %, 1800 + 800 × 0.5 = 2200;
/// 2 and 3 score 25 %, D(0.25) = −191, F = 0.875, 1800 − 167 = 1633.
fn summer(z: &Zaochka) {
    let at = "2026-07-01T12:00:00Z";
    let ok = |args: &[&str]| z.ok_at(at, args);
    add_director(&ok, DIRECTOR, None);
    let players = add_numbered(&ok, 4, |i| format!("p{i}@example.org"));
    field::new_tournament(&ok, DIRECTOR, "Лето", "round-robin", &[], &players[..3]);
    let order = players[..3].join(",");
    ok(&[
        "tournament",
        "draw",
        "Лето",
        "--numbers",
        &order,
        "--as",
        DIRECTOR,
    ]);
    ok(&["tournament", "start", "Лето", "--as", DIRECTOR]);
    for (a, b, h) in [(1, 2, 2), (1, 3, 2), (2, 3, 1)] {
        record_at(z, "2026-08-01T12:00:00Z", "Лето", a, b, h);
    }
}

#[test]
fn the_crosstable_shows_each_entry_rating_the_average_and_the_category() {
    let z = Zaochka::new();
    summer(&z);
    let players: Vec<String> = (1..=4).map(|i| format!("p{i}@example.org")).collect();
    let ok = |args: &[&str]| z.ok(args);
    field::new_tournament(
        &ok,
        DIRECTOR,
        "Осень",
        "round-robin",
        &["--tie-breaks", "SB"],
        &players,
    );
    z.ok(&[
        "tournament",
        "draw",
        "Осень",
        "--numbers",
        &players.join(","),
        "--as",
        DIRECTOR,
    ]);
    z.ok(&["tournament", "start", "Осень", "--as", DIRECTOR]);
    // Each invitation names both ratings (the players write Russian); the
    // summer's invitations, all players unrated then, named none.
    let bodies = z.outbox_bodies();
    let rated: Vec<&String> = bodies.iter().filter(|b| b.contains("Рейтинги:")).collect();
    assert_eq!(rated.len(), 12, "{bodies:#?}");
    assert!(
        rated
            .iter()
            .any(|b| b.contains("Рейтинги: ваш — 2200, соперника — 1633.\n")),
        "{rated:#?}"
    );
    assert!(
        rated
            .iter()
            .any(|b| b.contains("Рейтинги: ваш — без рейтинга, соперника — 2200.\n")),
        "{rated:#?}"
    );
    // A result of the running quarter does not change the entry ratings.
    record(&z, "Осень", 4, 1, 2);
    let text = z.ok(&["tournament", "crosstable", "Осень", "--lang", "en"]);
    assert_eq!(
        text,
        "Tournament Осень

#  Player   Rating   1  2  3   4  Pts  Place  SB
1  Игрок 1    2200   ×  ·  ·  0⚖    0    2-4   0
2  Игрок 2    1633   ·  ×  ·   ·    0    2-4   0
3  Игрок 3    1633   ·  ·  ×   ·    0    2-4   0
4  Игрок 4       —  1⚖  ·  ·   ×    1      1   0

· not played yet; ⚖ decided at adjudication; — unrated

Average rating 1822 (3 rated players), no category (2250 or below)

"
    );
    let ru = z.ok(&["tournament", "crosstable", "Осень", "--lang", "ru"]);
    assert!(ru.contains("Участник  Рейтинг"), "{ru}");
    assert!(ru.contains("— без рейтинга"), "{ru}");
    assert!(
        ru.ends_with(
            "Средний рейтинг 1822 (3 участника с рейтингом), без категории (2250 и ниже)\n\n"
        ),
        "{ru}"
    );
    let csv = z.ok(&["tournament", "crosstable", "Осень", "--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[0].starts_with("section,place,number,name,withdrawn,rating,1,"),
        "{csv}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("1,2-4,1,Игрок 1,,2200,")),
        "{csv}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("1,1,4,Игрок 4,,,")),
        "{csv}"
    );
    // The JSON of crosstable and standings is one shape, with the ratings.
    let json = z.ok(&["tournament", "crosstable", "Осень", "--format", "json"]);
    let standings = z.ok(&["tournament", "standings", "Осень", "--json"]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&json).unwrap(),
        serde_json::from_str::<serde_json::Value>(&standings).unwrap()
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let section = &v["sections"][0];
    assert_eq!(section["average_rating"], 1822);
    assert_eq!(section["rated_players"], 3);
    assert!(section["category"].is_null());
    let rating_of = |n: u64| {
        section["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["number"] == n)
            .unwrap()["rating"]
            .clone()
    };
    assert_eq!(rating_of(1), 2200);
    assert_eq!(rating_of(2), 1633);
    assert!(rating_of(4).is_null());
    // The same ratings as the rating list of the summer quarter prints.
    let list: serde_json::Value = serde_json::from_str(&z.ok(&[
        "rating",
        "list",
        "--variant",
        "russian",
        "--at",
        "2026-09-30",
        "--json",
    ]))
    .unwrap();
    let listed: Vec<f64> = list["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rating"].as_f64().unwrap())
        .collect();
    assert_eq!(listed, [2200.0, 1633.0, 1633.0]);
}

#[test]
fn the_draw_by_rating_gives_number_one_to_the_highest_rating_and_the_unrated_the_last() {
    let z = Zaochka::new();
    summer(&z);
    let players: Vec<String> = (1..=4).map(|i| format!("p{i}@example.org")).collect();
    let ok = |args: &[&str]| z.ok(args);
    // Entered with the unrated player first and the highest rating last.
    let entered: Vec<String> = players.iter().rev().cloned().collect();
    field::new_tournament(&ok, DIRECTOR, "Осень", "round-robin", &[], &entered);
    let out = z.ok(&[
        "tournament",
        "draw",
        "Осень",
        "--by-rating",
        "--as",
        DIRECTOR,
    ]);
    let numbers: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("section"))
        .map(|l| l.rsplit('<').next().unwrap().trim_end_matches('>'))
        .collect();
    // 2200, then the two 1633s by name (Игрок 2 before Игрок 3), then the
    // unrated.
    assert_eq!(
        numbers,
        [&players[0], &players[1], &players[2], &players[3]],
        "{out}"
    );
    let log = z.ok(&["referee", "log", "--json"]);
    assert!(log.contains("\"method\":\"rating\""), "{log}");
}

#[test]
fn a_draw_by_rating_prints_no_seed_and_refuses_a_seed() {
    let z = Zaochka::new();
    summer(&z);
    let players: Vec<String> = (1..=4).map(|i| format!("p{i}@example.org")).collect();
    let ok = |args: &[&str]| z.ok(args);
    field::new_tournament(&ok, DIRECTOR, "Осень", "round-robin", &[], &players);
    let both = z.run(&[
        "tournament",
        "draw",
        "Осень",
        "--by-rating",
        "--seed",
        "abcd",
        "--as",
        DIRECTOR,
    ]);
    assert!(!both.ok, "{}", both.stdout);
    assert!(
        both.stderr.contains("--seed") && both.stderr.contains("--by-rating"),
        "{}",
        both.stderr
    );
    let out = z.ok(&[
        "tournament",
        "draw",
        "Осень",
        "--by-rating",
        "--as",
        DIRECTOR,
    ]);
    assert!(
        out.starts_with("tournament \"Осень\": numbers drawn by rating\n"),
        "{out}"
    );
    assert!(!out.contains("seed"), "{out}");
    // A lot still names its seed.
    let lot = z.ok(&["tournament", "draw", "Осень", "--as", DIRECTOR]);
    assert!(lot.contains("numbers drawn (seed "), "{lot}");
}

#[test]
fn the_crosstable_with_json_prints_the_json_standings_print() {
    let z = Zaochka::new();
    four(&z, "Осень", "SB,WIN");
    let json = z.ok(&["tournament", "crosstable", "Осень", "--json"]);
    let v: serde_json::Value =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    let standings = z.ok(&["tournament", "standings", "Осень", "--json"]);
    assert_eq!(
        v,
        serde_json::from_str::<serde_json::Value>(&standings).unwrap()
    );
    let formatted = z.ok(&["tournament", "crosstable", "Осень", "--format", "json"]);
    assert_eq!(json, formatted);
    let clash = z.run(&[
        "tournament",
        "crosstable",
        "Осень",
        "--json",
        "--format",
        "csv",
    ]);
    assert!(!clash.ok, "{}", clash.stdout);
}

#[test]
fn the_directors_tables_are_in_the_configured_language_unless_lang_says_otherwise() {
    let z = Zaochka::new();
    four(&z, "Осень", "SB,WIN");
    // The embedded configuration's default language is Russian.
    let ru = z.ok(&["tournament", "standings", "Осень"]);
    assert!(ru.starts_with("Турнир «Осень»\n"), "{ru}");
    assert!(ru.contains("№  Участник"), "{ru}");
    assert!(ru.contains("Очки"), "{ru}");
    assert!(!ru.contains("Player"), "{ru}");
    assert_eq!(
        ru,
        z.ok(&["tournament", "standings", "Осень", "--lang", "ru"])
    );
    let crosstable = z.ok(&["tournament", "crosstable", "Осень"]);
    assert!(crosstable.contains("№  Участник"), "{crosstable}");
    let en = z.ok(&["tournament", "standings", "Осень", "--lang", "en"]);
    assert!(en.contains("#  Player"), "{en}");
    // A configuration saying English makes English the default.
    let config = z.dir.path().join("en.toml");
    std::fs::write(&config, "default-language = \"en\"\n").unwrap();
    let config = config.to_str().unwrap();
    let configured = z.ok(&["--config", config, "tournament", "standings", "Осень"]);
    assert_eq!(configured, en);
    let table = z.ok(&["--config", config, "tournament", "crosstable", "Осень"]);
    assert!(table.contains("#  Player"), "{table}");
    let bad = z.run(&["tournament", "standings", "Осень", "--lang", "de"]);
    assert!(!bad.ok && bad.stderr.contains("ru or en"), "{}", bad.stderr);
}
