//! The director and the numbered players of the CLI tests and the benches,
//! registered through whichever `zaochka` runner the test has (`Bot`,
//! `Zaochka`).
#![allow(dead_code)]

/// A `zaochka ARGS` run that must succeed; returns its stdout.
pub type Runner<'a> = &'a dyn Fn(&[&str]) -> String;

/// `player add` of the director `Судья` at `email` (role referee), writing in
/// `lang` (`--lang`, the default language if `None`).
pub fn add_director(ok: Runner<'_>, email: &str, lang: Option<&str>) {
    let mut args = vec![
        "player",
        "add",
        "--name",
        "Судья",
        "--email",
        email,
        "--role",
        "referee",
    ];
    if let Some(lang) = lang {
        args.extend_from_slice(&["--lang", lang]);
    }
    ok(&args);
}

/// `player add` of `Игрок i` at `email(i)` for i = 1..=n (default language);
/// returns the addresses in that order.
pub fn add_numbered(ok: Runner<'_>, n: usize, email: impl Fn(usize) -> String) -> Vec<String> {
    (1..=n)
        .map(|i| {
            let address = email(i);
            ok(&[
                "player",
                "add",
                "--name",
                &format!("Игрок {i}"),
                "--email",
                &address,
            ]);
            address
        })
        .collect()
}

/// `tournament new NAME --variant russian --system SYSTEM --as DIRECTOR
/// EXTRA...`, then `tournament add` of each of `players` (addresses).
pub fn new_tournament(
    ok: Runner<'_>,
    director: &str,
    name: &str,
    system: &str,
    extra: &[&str],
    players: &[String],
) {
    let mut args = tournament_new_args(name, system, director);
    args.extend_from_slice(extra);
    ok(&args);
    for p in players {
        ok(&["tournament", "add", name, p, "--as", director]);
    }
}

/// `tournament new NAME --variant russian --system SYSTEM --as DIRECTOR`, to
/// which a test adds its settings.
pub fn tournament_new_args<'a>(name: &'a str, system: &'a str, director: &'a str) -> Vec<&'a str> {
    vec![
        "tournament",
        "new",
        name,
        "--variant",
        "russian",
        "--system",
        system,
        "--as",
        director,
    ]
}

/// `tournament draw NAME --seed SEED --as DIRECTOR` (`seed` in hex).
pub fn draw_by_seed(ok: Runner<'_>, director: &str, name: &str, seed: &str) {
    ok(&["tournament", "draw", name, "--seed", seed, "--as", director]);
}
