//! `zaochka import` keeps an archive clean: games are
//! checked as `check` checks them, contradicting results are refused unless
//! trusted, unfinished games are never active, a record is imported once, and
//! players are linked to the registered players of the same name.

use crate::common;

use common::cli::Zaochka;

fn archive(name: &str) -> String {
    format!("{}/tests/data/archive/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The games `history` lists, with `extra` filters.
fn history(z: &Zaochka, extra: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["history", "--json"];
    args.extend_from_slice(extra);
    serde_json::from_str::<Vec<serde_json::Value>>(&z.ok(&args)).unwrap()
}

fn register(z: &Zaochka, name: &str, email: &str) {
    z.ok(&["player", "add", "--name", name, "--email", email]);
}

#[test]
fn a_mate_tagged_with_the_wrong_result_is_refused_unless_the_result_is_trusted() {
    let z = Zaochka::new();
    let file = archive("mate-wrong-result.pgn");
    let r = z.run(&["import", &file]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("not imported: RESULT CONTRADICTION: the record says 1-0")
            && r.stdout.contains("--trust-result")
            && r.stdout.contains("0 games imported, 1 refused"),
        "{}",
        r.stdout
    );
    assert!(history(&z, &[]).is_empty());
    let out = z.ok(&["import", "--trust-result", &file]);
    assert!(
        out.contains("result kept as the Result tag says (--trust-result)")
            && out.contains("imported as game #1 (result as tagged)"),
        "{out}"
    );
    let games = history(&z, &[]);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["result"], "1-0");
    assert_eq!(games[0]["termination"], "recorded");
}

#[test]
fn plies_after_the_end_are_refused_even_with_a_trusted_result() {
    let z = Zaochka::new();
    let r = z.run(&[
        "import",
        "--trust-result",
        &archive("fivefold-then-mate.pgn"),
    ]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("not imported: PLAYED AFTER THE END at move 9. \"f3\" (ply 17)"),
        "{}",
        r.stdout
    );
    assert!(history(&z, &[]).is_empty());
}

#[test]
fn a_mate_gets_the_rules_result_and_termination() {
    let z = Zaochka::new();
    let out = z.ok(&["import", &archive("fools-mate.pgn")]);
    assert!(
        out.contains("imported as game #1 (result by the rules)"),
        "{out}"
    );
    let games = history(&z, &[]);
    assert_eq!(games[0]["result"], "0-1");
    assert_eq!(games[0]["termination"], "checkmate");
}

#[test]
fn importing_the_same_file_twice_skips_every_game_the_second_time() {
    let z = Zaochka::new();
    let real = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games/abatsiev.pdn");
    let out = z.ok(&["import", real]);
    assert!(
        out.contains("56 games imported, 0 refused, 0 skipped"),
        "{out}"
    );
    let out = z.ok(&["import", real]);
    assert!(
        out.contains("abatsiev.pdn: game 1: skipped: the same game was imported before as game #1")
            && out.contains("0 games imported, 0 refused, 56 skipped as duplicates"),
        "{out}"
    );
    assert_eq!(history(&z, &["--per-page", "100"]).len(), 56);
    // The same game twice within one file: the copy is skipped too.
    let text = std::fs::read_to_string(real).unwrap();
    let first = text.split("\n[Event").next().unwrap();
    let twice = z.dir.path().join("twice.pdn");
    std::fs::write(&twice, format!("{first}\n\n{first}\n")).unwrap();
    let z2 = Zaochka::new();
    let out = z2.ok(&["import", twice.to_str().unwrap()]);
    assert!(
        out.contains("game 2: skipped: the same game was imported before as game #1")
            && out.contains("1 game imported, 0 refused, 1 skipped as duplicates"),
        "{out}"
    );
}

#[test]
fn players_are_linked_to_registered_players_of_the_same_name() {
    let z = Zaochka::new();
    register(&z, "Пётр Иванов", "ivanov@example.org");
    register(&z, "Сидоров", "sidorov@example.org");
    let out = z.ok(&["import", &archive("registered-players.pdn")]);
    for line in [
        "game 1: White Иванов, Пётр linked to registered player #1 Пётр Иванов (surname order)",
        "game 1: Black СИДОРОВ linked to registered player #2 Сидоров (case ignored)",
        "game 2: White Пётр Иванов linked to registered player #1 Пётр Иванов\n",
        // No Black tag: an archive player "?", never a registered one.
        "game 2: Black ?: archive player #3",
    ] {
        assert!(out.contains(line), "{line:?} in {out}");
    }
    assert_eq!(history(&z, &["--player", "ivanov@example.org"]).len(), 2);
    assert_eq!(history(&z, &["--player", "sidorov@example.org"]).len(), 1);
}

#[test]
fn a_cp1251_file_files_its_players_by_their_cyrillic_names() {
    // Decoded as UTF-8, every name became "?" and three players one.
    let z = Zaochka::new();
    register(&z, "Сидоров", "sidorov@example.org");
    let out = z.ok(&["import", &archive("cyrillic-cp1251.pdn")]);
    for line in [
        "cyrillic-cp1251.pdn: note: not UTF-8: read as windows-1251 (detected)",
        "game 1: White Иванов: archive player #2",
        "game 1: Black Сидоров linked to registered player #1 Сидоров\n",
        "game 2: White Петров: archive player #3",
    ] {
        assert!(out.contains(line), "{line:?} in {out}");
    }
    assert_eq!(history(&z, &["--player", "sidorov@example.org"]).len(), 2);
}

#[test]
fn an_imported_game_keeps_its_date_site_and_round_for_export_and_history() {
    // They were the import day, "zaochka" and "-".
    let z = Zaochka::new();
    let file = format!(
        "{}/tests/data/games/fischer-petrosian.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    z.ok(&["import", &file]);
    let sixties = history(&z, &["--from", "1960-01-01", "--to", "1970-12-31"]);
    assert!(!sixties.is_empty());
    assert!(
        sixties.iter().all(|g| g["played_on"]
            .as_str()
            .is_some_and(|d| d.starts_with("196"))),
        "{sixties:?}"
    );
    let bled = sixties
        .iter()
        .find(|g| g["played_on"] == "1961-09-09" && g["white"]["name"] == "Germek, Milan")
        .expect("Germek – Petrosian, Bled 1961");
    let id = bled["game"].to_string();
    let pdn = z.ok(&["export", &id]);
    for tag in [
        "[Event \"Bled\"]\n[Site \"Bled\"]\n[Date \"1961.09.09\"]\n[Round \"5\"]\n",
        "[Black \"Petrosian, Tigran V\"]\n[Result \"0-1\"]\n",
    ] {
        assert!(pdn.contains(tag), "{tag:?} in {pdn}");
    }
    // A year alone is written back as it was, and no date bound finds the game.
    let first = z.ok(&["export", "1"]);
    assert!(first.contains("[Date \"1957\"]\n[Round \"?\"]"), "{first}");
    assert!(history(&z, &["--from", "1950-01-01", "--to", "1959-12-31"]).is_empty());
    assert!(history(&z, &["--from", "2000-01-01"]).is_empty());
}

#[test]
fn history_refuses_a_from_date_after_the_to_date() {
    let z = Zaochka::new();
    let r = z.run(&["history", "--from", "2026-12-10", "--to", "2026-12-01"]);
    assert_ne!(r.code, 0, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("--from 2026-12-10 is after --to 2026-12-01"),
        "{}",
        r.stderr
    );
}

#[test]
fn an_unfinished_game_is_refused_or_archived_never_active() {
    let z = Zaochka::new();
    register(&z, "Пётр Иванов", "ivanov@example.org");
    let file = archive("unfinished.pdn");
    let r = z.run(&["import", &file]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains("not imported: unfinished (result \"*\")"),
        "{}",
        r.stdout
    );
    assert!(history(&z, &[]).is_empty());
    let out = z.ok(&["import", "--unfinished", &file]);
    assert!(
        out.contains("imported as game #1 (unfinished, archived as annulled)"),
        "{out}"
    );
    assert!(history(&z, &["--status", "active"]).is_empty());
    let annulled = history(&z, &["--status", "annulled"]);
    assert_eq!(annulled.len(), 1);
    assert_eq!(annulled[0]["plies"], 6);
    // The linked player cannot play on in the archived game.
    let r = z.run(&["play", "1", "g3-h4", "--as", "ivanov@example.org"]);
    assert!(
        r.code == 1 && r.stderr.contains("game #1 was annulled"),
        "{}{}",
        r.stdout,
        r.stderr
    );
}

#[test]
fn a_comma_and_yo_do_not_make_another_player_and_two_readings_link_nobody() {
    let z = Zaochka::new();
    register(&z, "Сидоров Сидор", "sidorov@example.org");
    register(&z, "Иванов Пётр", "ivanov@example.org");
    let out = z.ok(&["import", &archive("name-spellings.pdn")]);
    for line in [
        // The comma removed, the name is the registered one as written.
        "game 1: White Сидоров, Сидор linked to registered player #1 Сидоров Сидор\n",
        // ё and е are one letter in names.
        "game 1: Black Иванов Петр linked to registered player #2 Иванов Пётр\n",
    ] {
        assert!(out.contains(line), "{line:?} in {out}");
    }
    // With "Пётр Иванов" registered as well, "Иванов, Пётр" may be either.
    let z = Zaochka::new();
    register(&z, "Иванов Пётр", "ivanov1@example.org");
    register(&z, "Пётр Иванов", "ivanov2@example.org");
    let out = z.ok(&["import", &archive("name-spellings.pdn")]);
    assert!(
        out.contains(
            "game 2: White Иванов, Пётр: several registered players have this name \
             (#1 Иванов Пётр, #2 Пётр Иванов), none linked"
        ) && out.contains("game 2: White Иванов, Пётр: archive player #"),
        "{out}"
    );
}

#[test]
fn a_registered_surname_first_name_links_and_a_shared_name_links_nobody() {
    let z = Zaochka::new();
    register(&z, "Ivanov, Pyotr", "ivanov@example.org");
    register(&z, "Smirnov", "smirnov1@example.org");
    register(&z, "smirnov", "smirnov2@example.org");
    let out = z.ok(&["import", &archive("namesakes.pdn")]);
    assert!(
        out.contains(
            "White Pyotr Ivanov linked to registered player #1 Ivanov, Pyotr (surname order)"
        ) && out.contains("Black Smirnov linked to registered player #2 Smirnov\n"),
        "{out}"
    );
    // Ignoring case, two players have the name: none is linked.
    let z = Zaochka::new();
    register(&z, "SMIRNOV", "smirnov1@example.org");
    register(&z, "smirnov", "smirnov2@example.org");
    let out = z.ok(&["import", &archive("namesakes.pdn")]);
    assert!(
        out.contains(
            "Black Smirnov: several registered players have this name (#1 SMIRNOV, #2 smirnov), none linked"
        ) && out.contains("Black Smirnov: archive player #"),
        "{out}"
    );
}

#[test]
fn an_unreadable_file_is_skipped_and_the_others_imported() {
    // The first file was committed, then exit 2 without the third or a summary.
    let z = Zaochka::new();
    let (a, b) = (archive("fools-mate.pgn"), archive("registered-players.pdn"));
    let missing = archive("no-such-file.pdn");
    let r = z.run(&["import", &a, &missing, &b]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("no-such-file.pdn") && r.stderr.contains("file skipped"),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout
            .contains("registered-players.pdn: game 2: imported as game #3")
            && r.stdout.contains(
                "3 games imported, 0 refused, 0 skipped as duplicates, 1 file unreadable"
            ),
        "{}",
        r.stdout
    );
    assert_eq!(history(&z, &[]).len(), 3);
    let r = z.run(&["check", &a, &missing, &b]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .contains("3 games: 3 legal, 0 with faults, 1 file unreadable"),
        "{}",
        r.stdout
    );
}

#[test]
fn history_accepts_every_result_form_records_use() {
    // `1:0` and `2-0` were refused as "not a result".
    let z = Zaochka::new();
    z.ok(&["import", &archive("registered-players.pdn")]);
    for (form, games) in [
        ("1-0", 1),
        ("1:0", 1),
        ("2-0", 1),
        ("0-1", 1),
        ("0:1", 1),
        ("0-2", 1),
        ("1/2-1/2", 0),
        ("½-½", 0),
        ("1-1", 0),
        ("=", 0),
    ] {
        assert_eq!(history(&z, &["--result", form]).len(), games, "{form}");
    }
}

#[test]
fn a_capture_the_rest_of_the_record_decides_is_imported_as_decided() {
    let z = Zaochka::new();
    let out = z.ok(&["import", &archive("international-capture-decided.pdn")]);
    assert!(
        out.contains("note: ply 1: \"32x14\" read as 32x43x34x25x14")
            && out.contains("imported as game #1"),
        "{out}"
    );
    let pdn = z.ok(&["export", "1"]);
    assert!(pdn.contains("1. 32x43x34x25x14 28-33"), "{pdn}");
}

#[test]
fn a_capture_the_rest_of_the_record_does_not_decide_is_refused_with_both_paths() {
    let z = Zaochka::new();
    let r = z.run(&["import", &archive("international-capture-undecided.pdn")]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "not imported: ambiguous at move 1. \"32x14\": it fits 2 moves that each let the \
             record go on to its end: 32x23x34x25x14 or 32x43x34x25x14"
        ) && r.stdout.contains("0 games imported, 1 refused"),
        "{}",
        r.stdout
    );
    assert!(history(&z, &[]).is_empty());
}
