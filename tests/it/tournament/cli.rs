//! The director's tournament commands on a real SQLite file: the lot that
//! anyone can re-check with `sha256sum`, games made from the Berger tables
//! with their colours, refusals that change nothing, a withdrawal and a
//! replacement; and (ignored) the start of a 50-player double round robin.
//!
//! The by-mail play of whole tournaments is `tests/it/tournament/by_mail.rs`.

use crate::common;
use crate::headless;

use std::process::Command;

use common::cli::Zaochka;
use common::field::{self, add_director, add_numbered};

const DIRECTOR: &str = "ref@example.org";

/// Registers the director and `n` players `p1..pn@example.org` (Russian).
fn field(z: &Zaochka, n: u32) -> Vec<String> {
    let ok = |args: &[&str]| z.ok(args);
    add_director(&ok, DIRECTOR, None);
    add_numbered(&ok, n as usize, |i| format!("p{i}@example.org"))
}

fn new_tournament(z: &Zaochka, name: &str, system: &str, extra: &[&str], players: &[String]) {
    field::new_tournament(&|args| z.ok(args), DIRECTOR, name, system, extra, players);
}

/// `tournament draw NAME --seed SEED` by the director.
fn draw_by_seed(z: &Zaochka, name: &str, seed: &str) {
    field::draw_by_seed(&|args| z.ok(args), DIRECTOR, name, seed);
}

/// `tournament draw --numbers` in the order of `players` (number 1 first),
/// then `tournament start`.
fn draw_in_order_and_start(z: &Zaochka, name: &str, players: &[String]) {
    let order: Vec<&str> = players.iter().map(String::as_str).collect();
    z.ok(&[
        "tournament",
        "draw",
        name,
        "--numbers",
        &order.join(","),
        "--as",
        DIRECTOR,
    ]);
    z.ok(&["tournament", "start", name, "--as", DIRECTOR]);
}

/// SHA-256 of `bytes` in hex, by the system's `sha256sum` (not the library
/// the program uses).
fn sha256sum(bytes: &[u8]) -> String {
    use std::io::Write;
    let mut child = Command::new("sha256sum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("sha256sum");
    child.stdin.take().unwrap().write_all(bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()[..64].to_string()
}

fn show(z: &Zaochka, name: &str) -> serde_json::Value {
    serde_json::from_str(&z.ok(&["tournament", "show", name, "--json"])).expect("json")
}

#[test]
fn the_lot_is_the_order_of_the_published_digests_and_the_audit_log_keeps_the_seed() {
    let z = Zaochka::new();
    let players = field(&z, 6);
    new_tournament(&z, "Осень", "round-robin", &[], &players);
    draw_by_seed(&z, "Осень", "a1b2c3");
    // Redo the draw by hand: digests of seed bytes ‖ address, ascending.
    let seed = [0xa1u8, 0xb2, 0xc3];
    let mut lots: Vec<(String, String)> = players
        .iter()
        .map(|p| {
            let mut bytes = seed.to_vec();
            bytes.extend_from_slice(p.as_bytes());
            (sha256sum(&bytes), p.clone())
        })
        .collect();
    lots.sort();
    let v = show(&z, "Осень");
    for (place, (_, email)) in lots.iter().enumerate() {
        let e = v["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["player"] == email.as_str())
            .unwrap();
        assert_eq!(e["number"], place as u64 + 1, "{email}");
    }
    let log = z.ok(&["referee", "log", "--json"]);
    let draw = log
        .lines()
        .find(|l| l.contains("tournament_draw"))
        .expect("the draw is in the audit log");
    assert!(draw.contains("a1b2c3"), "{draw}");
    // The same seed gives the same numbers again (a new draw before the start).
    draw_by_seed(&z, "Осень", "a1b2c3");
    assert_eq!(show(&z, "Осень")["entrants"], v["entrants"]);
}

#[test]
fn start_makes_the_berger_double_round_robin_with_its_colours_and_one_invitation_per_game() {
    let z = Zaochka::new();
    let players = field(&z, 5);
    new_tournament(
        &z,
        "Кубок",
        "double-round-robin",
        &["--time-control", "3d/move", "--leave-days", "30"],
        &players,
    );
    // Starting before the draw is refused and changes nothing.
    let before = z.dump();
    let why = z.refused(&["tournament", "start", "Кубок", "--as", DIRECTOR]);
    assert!(why.contains("not drawn"), "{why}");
    assert_eq!(z.dump(), before);
    let order: Vec<&str> = players.iter().map(String::as_str).collect();
    z.ok(&[
        "tournament",
        "draw",
        "Кубок",
        "--numbers",
        &order.join(","),
        "--as",
        DIRECTOR,
    ]);
    let out = z.ok(&["tournament", "start", "Кубок", "--as", DIRECTOR]);
    // 5 players: the table of 6, the sixth number is the bye; 2 cycles.
    assert!(
        out.contains("20 games created, 40 invitations queued"),
        "{out}"
    );
    let v = show(&z, "Кубок");
    let games = v["games"].as_array().unwrap();
    let expected = zaochka::tournament::berger::double(5).unwrap();
    let mut k = 0;
    for (r, round) in expected.iter().enumerate() {
        for (b, p) in round.games.iter().enumerate() {
            let g = &games[k];
            assert_eq!(g["round"], r as u64 + 1);
            assert_eq!(g["board"], b as u64 + 1);
            assert_eq!(g["label"], format!("{}-{}", p.white, p.black));
            k += 1;
        }
    }
    assert_eq!(k, games.len());
    // Number n is players[n-1] (--numbers); White of each game is its first number.
    let history: serde_json::Value =
        serde_json::from_str(&z.ok(&["history", "--tournament", "кубок", "--json"])).expect("json");
    let rows = history.as_array().expect("games");
    assert_eq!(rows.len(), 20);
    for g in games {
        let label = g["label"].as_str().unwrap();
        let (w, _) = label.split_once('-').unwrap();
        let white = &players[w.parse::<usize>().unwrap() - 1];
        let row = rows.iter().find(|h| h["game"] == g["game"]).unwrap();
        assert_eq!(row["white"]["email"], white.as_str(), "{label}");
    }
    // The invitation names the tournament, the round, the game number, the settings.
    let outbox = z.outbox_bodies();
    let first = outbox
        .iter()
        .find(|b| b.contains("Турнир: Кубок, тур 1, партия 2-5."))
        .unwrap_or_else(|| panic!("no invitation of game 2-5 in {:?}", &outbox[..2]));
    assert!(
        first.contains("Отпуск: 30 дней в календарный год."),
        "{first}"
    );
    assert!(
        first.contains(
            "При равенстве очков: коэффициент Бергера, число побед, личная встреча, жребий."
        ),
        "{first}"
    );
    // After the start the field and the draw stand.
    let before = z.dump();
    z.refused(&["tournament", "add", "Кубок", &players[0], "--as", DIRECTOR]);
    z.refused(&["tournament", "draw", "Кубок", "--as", DIRECTOR]);
    z.refused(&["tournament", "start", "Кубок", "--as", DIRECTOR]);
    // A player is no director.
    z.refused(&[
        "tournament",
        "pause",
        "Кубок",
        "--reason",
        "x",
        "--as",
        &players[0],
    ]);
    // A name of several lines, or with a direction override, is refused.
    for bad in ["Кубок\nклуба", "Кубок \u{202e}клуба"] {
        let why = z.refused(&[
            "tournament",
            "new",
            bad,
            "--variant",
            "russian",
            "--system",
            "round-robin",
            "--as",
            DIRECTOR,
        ]);
        assert!(why.contains("one line of visible characters"), "{why}");
    }
    // A refusal as JSON, for scripts.
    let r = z.run(&["tournament", "start", "Кубок", "--as", DIRECTOR, "--json"]);
    assert_eq!(r.code, 1);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("json");
    assert_eq!(v["ok"], false, "{v}");
    assert_eq!(z.dump(), before);
}

#[test]
fn a_withdrawal_forfeits_the_unfinished_games_and_a_replacement_takes_them_over() {
    let z = Zaochka::new();
    let players = field(&z, 4);
    z.ok(&[
        "player",
        "add",
        "--name",
        "Запасной",
        "--email",
        "sub@example.org",
    ]);
    new_tournament(&z, "Зима", "round-robin", &[], &players);
    draw_in_order_and_start(&z, "Зима", &players);
    // Player 4 withdraws: each of the three games is lost by forfeit.
    let out = z.ok(&[
        "tournament",
        "withdraw",
        "Зима",
        &players[3],
        "--reason",
        "болезнь",
        "--as",
        DIRECTOR,
    ]);
    assert!(out.contains("3 unfinished games forfeited"), "{out}");
    let v = show(&z, "Зима");
    let lost: Vec<_> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["termination"] == "forfeit")
        .collect();
    assert_eq!(lost.len(), 3);
    // FIDE: fewer than half the games played over the board — the results
    // are removed from the standings (the player has no place).
    let st: serde_json::Value =
        serde_json::from_str(&z.ok(&["tournament", "standings", "Зима", "--json"])).unwrap();
    let all = st["sections"][0]["rows"].as_array().unwrap();
    let rows: Vec<_> = all.iter().filter(|r| !r["place"].is_null()).collect();
    assert_eq!(rows.len(), 3, "{all:?}");
    assert!(rows.iter().all(|r| r["points"] == "0"), "{rows:?}");
    let out = all.iter().find(|r| r["place"].is_null()).unwrap();
    assert_eq!(out["withdrawn"], true, "{out}");
    // Player 1 is replaced: the new player takes number 1 and the open games.
    z.ok(&[
        "tournament",
        "replace",
        "Зима",
        &players[0],
        "sub@example.org",
        "--reason",
        "переезд",
        "--as",
        DIRECTOR,
    ]);
    let v = show(&z, "Зима");
    let sub = v["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["player"] == "sub@example.org")
        .unwrap()
        .clone();
    assert_eq!(sub["number"], 1);
    let history: serde_json::Value =
        serde_json::from_str(&z.ok(&["history", "--player", "sub@example.org", "--json"])).unwrap();
    // Number 1's games: 1-4 was forfeited (stays with the old player), the
    // other two are taken over.
    assert_eq!(history.as_array().unwrap().len(), 2, "{history}");
    let outbox = z.outbox_bodies();
    assert!(
        outbox
            .iter()
            .any(|b| b.contains("вместо Игрок 1 эту партию продолжает Запасной")),
        "the opponents are told"
    );
    assert!(
        outbox
            .iter()
            .any(|b| b.contains("передал ваше место и ваши неоконченные партии участнику Запасной")),
        "the replaced player is told"
    );
}

#[test]
fn publish_writes_the_tournament_as_chromium_shows_it_with_the_board_after_each_ply() {
    let z = Zaochka::new();
    let players = field(&z, 3);
    new_tournament(&z, "Весна <2027>", "round-robin", &[], &players);
    draw_in_order_and_start(&z, "Весна <2027>", &players);
    // Game #1 is 2-3 of round 1 (1 has the bye, 4 being the table's extra
    // number): two plies, then Black resigns.
    z.ok(&["play", "1", "c3-d4", "--as", &players[1]]);
    z.ok(&["play", "1", "f6-g5", "--as", &players[2]]);
    z.ok(&["resign", "1", "--as", &players[2]]);
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let out = z.ok(&[
        "tournament",
        "publish",
        "Весна <2027>",
        site.to_str().unwrap(),
        "--lang",
        "ru",
    ]);
    assert!(out.contains("files written"), "{out}");
    // The ply page holds the board after that ply, as the renderer draws it.
    let mut game = zaochka::games::new_game(zaochka::rules::Variant::Russian, None).unwrap();
    game.play("c3-d4").unwrap();
    game.play("f6-g5").unwrap();
    let svg = zaochka::diagram::svg::render(
        &game.board_view(),
        game.last_move().as_ref(),
        zaochka::rules::Color::White,
        &zaochka::diagram::Options {
            lang: zaochka::vocabulary::Language::Ru,
            ..zaochka::diagram::Options::default()
        },
    );
    let page = std::fs::read_to_string(site.join("games/1/2.html")).unwrap();
    assert!(
        page.contains(svg.trim()),
        "the page of ply 2 shows another board"
    );
    let Some(browser) = headless::chromium() else {
        eprintln!("SKIPPED the Chromium part: chromium is not installed");
        return;
    };
    let dom = headless::run(
        &browser,
        dir.path(),
        &site.join("index.html"),
        headless::Output::Dom,
    );
    // The crosstable: Игрок 2 beat Игрок 3 (1 in column 3), the name with
    // <...> escaped, the game linked.
    assert!(dom.contains("Весна &lt;2027&gt;"), "{dom}");
    assert!(
        dom.contains("<td class=\"name\">Игрок 2</td><td class=\"cell\">·</td><td class=\"cell self\">×</td><td class=\"cell\">1</td>"),
        "{dom}"
    );
    assert!(dom.contains("games/1.html"), "{dom}");
    let ply = headless::run(
        &browser,
        dir.path(),
        &site.join("games/1/2.html"),
        headless::Output::Dom,
    );
    assert!(ply.contains("<svg"), "{ply}");
}

/// `tournament start` of a 50-player double round robin: 2,450 games, 4,900
/// invitations queued (each with its board picture). The figure goes to
/// docs/performance.md. Run with
/// `cargo test --release --test it tournament::cli:: -- --ignored --nocapture`.
#[test]
#[ignore = "benchmark: prints the time, run by hand"]
fn bench_start_of_a_fifty_player_double_round_robin() {
    let z = Zaochka::new();
    let players = field(&z, 50);
    new_tournament(
        &z,
        "Большой",
        "double-round-robin",
        &["--time-control", "3d/move"],
        &players,
    );
    draw_by_seed(&z, "Большой", "00");
    let t0 = std::time::Instant::now();
    let out = z.ok(&["tournament", "start", "Большой", "--as", DIRECTOR]);
    let elapsed = t0.elapsed();
    assert!(
        out.contains("2450 games created, 4900 invitations queued"),
        "{out}"
    );
    println!(
        "tournament start, 50-player double round robin: {:.2} s (2,450 games, 4,900 invitations)",
        elapsed.as_secs_f64()
    );
}

/// Each change made at the director's desk is told in one exact line:
/// an entrant added, a director added and removed, the bulletin and
/// warning settings, the start, a withdrawal and a replacement.
#[test]
fn each_change_at_the_directors_desk_is_told_in_its_exact_line() {
    let z = Zaochka::new();
    let ok = |args: &[&str]| z.ok(args);
    add_director(&ok, DIRECTOR, None);
    let players = add_numbered(&ok, 5, |i| format!("p{i}@example.org"));
    z.ok(&[
        "player",
        "add",
        "--name",
        "Ольга",
        "--email",
        "olga@example.org",
        "--role",
        "referee",
    ]);
    ok(&field::tournament_new_args("Cup", "round-robin", DIRECTOR));
    for p in &players[..4] {
        assert_eq!(
            ok(&["tournament", "add", "Cup", p, "--as", DIRECTOR]),
            format!("tournament \"Cup\": {p} entered (section 1)\n")
        );
    }
    let directors = |action: &str| {
        ok(&[
            "tournament",
            "directors",
            action,
            "Cup",
            "olga@example.org",
            "--as",
            DIRECTOR,
        ])
    };
    assert_eq!(
        directors("add"),
        "tournament \"Cup\": olga@example.org directs it\n"
    );
    assert_eq!(
        directors("remove"),
        "tournament \"Cup\": olga@example.org no longer directs it\n"
    );
    let set =
        |flag: &str, value: &str| ok(&["tournament", "set", "Cup", flag, value, "--as", DIRECTOR]);
    assert_eq!(
        set("--bulletin-every", "3"),
        "tournament \"Cup\": a bulletin after every 3 finished games and at the end\n"
    );
    assert_eq!(
        set("--warn-days", "7,2"),
        "tournament \"Cup\": the directors are warned 7, 2 days before a time loss \
         and after 14, 28, 35 days without a move\n"
    );
    draw_by_seed(&z, "Cup", "a1b2c3");
    let shown = ok(&["tournament", "show", "Cup"]);
    assert!(shown.contains("\nSeed of the lot: a1b2c3\n"), "{shown}");
    assert_eq!(
        ok(&["tournament", "start", "Cup", "--as", DIRECTOR]),
        "tournament \"Cup\": 6 games created, 12 invitations queued\n"
    );
    let shown = ok(&["tournament", "show", "Cup"]);
    assert!(
        shown.contains("\n  game #1 section 1 round 1 board 1 ("),
        "{shown}"
    );
    assert_eq!(
        ok(&[
            "tournament",
            "withdraw",
            "Cup",
            &players[3],
            "--reason",
            "illness",
            "--as",
            DIRECTOR,
        ]),
        "tournament \"Cup\": p4@example.org withdrawn; 3 unfinished games forfeited\n"
    );
    assert_eq!(
        ok(&[
            "tournament",
            "replace",
            "Cup",
            &players[0],
            &players[4],
            "--reason",
            "moved away",
            "--as",
            DIRECTOR,
        ]),
        "tournament \"Cup\": p1@example.org replaced by p5@example.org\n"
    );
}
