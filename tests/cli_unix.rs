//! The command line behaves like a Unix tool (issue 14, item 3): output into a
//! pipe closed early ends the command quietly (no panic, no backtrace), and
//! variant names in Russian are accepted by `history` as by the other commands;
//! a time zone must be an IANA name, and an unknown tournament is an error.

mod common;

use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

use common::cli::Zaochka;

/// Runs `zaochka ARGS` with its standard output a pipe whose reading end is
/// closed before anything is written (as `| head` does once it has its lines).
fn into_closed_pipe(z: &Zaochka, args: &[&str]) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .arg("--db")
        .arg(&z.db)
        .args(args)
        .env("ZAOCHKA_NOW", "2026-11-29T12:00:00Z")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_pipe_ends_each_listing_command_quietly() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["play", "1", "c3-d4", "--as", "ivanov@example.org"]);
    let pdn = z.dir.path().join("g.pdn");
    std::fs::write(&pdn, z.ok(&["export", "1"])).unwrap();
    let pdn = pdn.to_str().unwrap().to_string();
    for args in [
        vec!["game", "show", "1"],
        vec!["game", "show", "1", "--json"],
        vec!["moves", "--variant", "russian"],
        vec!["check", pdn.as_str()],
        vec!["referee", "log"],
        vec!["history"],
        vec!["export", "--all"],
    ] {
        let (status, stderr) = into_closed_pipe(&z, &args);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "zaochka {args:?} into a closed pipe: {stderr}"
        );
        // Ended by SIGPIPE (as `cat` is), or done before it wrote.
        assert!(
            status.signal() == Some(libc::SIGPIPE) || status.success(),
            "zaochka {args:?}: {status:?} {stderr}"
        );
    }
}

#[test]
fn history_takes_the_variant_names_of_the_other_commands() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    for name in ["russian", "русские шашки", "Русские шашки"] {
        let out = z.ok(&["history", "--variant", name]);
        assert!(out.contains("#1 "), "{name}: {out}");
    }
    let out = z.ok(&["history", "--variant", "шахматы"]);
    assert!(!out.contains("#1 "), "{out}");
    let why = z.run(&["history", "--variant", "нарды"]);
    assert!(
        !why.ok && why.stderr.contains("unknown variant"),
        "{}",
        why.stderr
    );
}

#[test]
fn a_time_zone_that_is_not_iana_is_refused_with_the_zones_it_may_mean() {
    let z = Zaochka::new();
    let r = z.run(&[
        "player",
        "add",
        "--name",
        "Иванов",
        "--email",
        "i@example.org",
        "--tz",
        "Moscow",
    ]);
    assert!(
        !r.ok && r.stderr.contains("did you mean Europe/Moscow"),
        "{}",
        r.stderr
    );
    let r = z.run(&[
        "player",
        "add",
        "--name",
        "Smith",
        "--email",
        "s@example.org",
        "--tz",
        "Atlantis",
    ]);
    assert!(
        !r.ok && r.stderr.contains("not an IANA time zone"),
        "{}",
        r.stderr
    );
    assert!(
        !z.ok(&["player", "list"]).contains("example.org"),
        "nothing stored"
    );
    z.ok(&[
        "player",
        "add",
        "--name",
        "Иванов",
        "--email",
        "i@example.org",
        "--tz",
        "Asia/Yekaterinburg",
    ]);
}

#[test]
fn pausing_a_tournament_nobody_has_heard_of_is_refused() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    let r = z.run(&[
        "referee",
        "pause-tournament",
        "Нет такого",
        "--as",
        "ref@example.org",
        "--reason",
        "x",
    ]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("there is no tournament «Нет такого»"),
        "{}",
        r.stderr
    );
}
