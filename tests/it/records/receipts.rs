//! Move receipts anyone can verify: every accepted ply gets a receipt signed
//! with the server's Ed25519 key and chained to the game's previous one; the
//! mover's confirmation carries it; exports carry the chain; `zaochka verify`
//! checks a record offline and names the first ply that fails.
//!
//! - `verify_accepts_every_game_of_a_round_robin_by_mail_and_names_the_ply_of_each_tampering`:
//!   a round robin of 4 (6 games, real mails through the daemon); every
//!   game's export verifies, with the key `zaochka key` prints, and so does
//!   the published site's record of all games with the key it publishes; the
//!   movers' confirmations carry the short hash and the `.zrc`; one export altered
//!   five ways (a move, a time, two plies swapped, a ply removed, a receipt
//!   of another game) is refused each time at the altered ply; its last ply
//!   removed, and its White, Black or Result tag edited, are refused naming
//!   the ply or the tag in both languages; the tournament's export names each
//!   game in its verdict; the record each move mail attaches verifies.
//! - `an_unfinished_games_export_head_and_a_game_ended_before_any_move_verify`:
//!   the export of a game under way carries a signed export head (its last
//!   ply removed is refused); a game resigned before any move verifies; a
//!   record without a seal verifies as far as it goes and says what it cannot
//!   prove; a file that is no record, a folder, a missing file are refused in
//!   the reader's language.
//! - `the_server_key_is_made_0600_beside_the_database_and_refused_once_others_may_read_it`
//!   (and a key folder that does not exist is told once).
//! - `receipts_survive_a_daemon_kill_and_a_mail_read_again_adds_none`.
//!
//! Run: `cargo test --test it -- records::receipts::`.

use std::os::unix::fs::PermissionsExt as _;
use std::process::Command;

use crate::common;
use common::cli::Zaochka;
use common::conversation::{Conversation, Lang, Player};
use common::daemon::{ALICE, BOB, Bot, Mailing, mail, two_players};
use common::field::tournament_new_args;
use common::tournament::{End, Plan, TGame, linked, play_all, stored};
use zaochka::notation::pdn::{PdnGame, read_games, write_game_commented};

const fn p(name: &'static str, email: &'static str, lang: Lang) -> Player {
    Player { name, email, lang }
}

const PLAYERS: [Player; 4] = [
    p("Андреев", "andreev@example.test", Lang::Ru),
    p("Brown", "brown@example.test", Lang::En),
    p("Васильева", "vasilieva@example.test", Lang::Ru),
    p("Dunn", "dunn@example.test", Lang::En),
];

const JUDGE: Player = p("Судья", "judge@example.test", Lang::Ru);

const NAME: &str = "Квитанции-2027";

/// Runs a zaochka command against the bot's database at `now` (or the real
/// time), asserting success; returns stdout.
fn director(c: &Conversation, now: Option<&str>, args: &[&str]) -> String {
    let mut cmd = c.bot.command();
    if let Some(now) = now {
        cmd.env("ZAOCHKA_NOW", now);
    }
    let out = cmd.args(args).output().unwrap();
    assert!(
        out.status.success(),
        "zaochka {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `zaochka verify FILE ARGS...` on `text` written to a file: exit code and stdout.
fn verify(c: &Conversation, text: &str, args: &[&str]) -> (i32, String) {
    let file = c.bot.path().join("checked.pdn");
    std::fs::write(&file, text).unwrap();
    let mut cmd = c.bot.command();
    cmd.arg("verify").arg(&file).args(args);
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

/// The one game of a PDN text.
fn game_of(text: &str) -> PdnGame {
    read_games(text).next().unwrap().unwrap()
}

/// A game written back as PDN, its plies' texts and comments as they stand.
fn written(g: &PdnGame) -> String {
    let plies: Vec<String> = g.plies.iter().map(|p| p.text.clone()).collect();
    let comments: Vec<Option<String>> = g.plies.iter().map(|p| p.comment.clone()).collect();
    write_game_commented(&g.tags, &plies, &comments, "*", 1, false)
}

/// A round robin of the four players: made two days back, started, every
/// game played by mail (6 plies, then a resignation or a draw).
fn round_robin() -> (Conversation, Vec<TGame>) {
    let bot = Bot::new(Mailing::Local);
    let mut c = Conversation::new(bot, &PLAYERS, &[JUDGE]);
    let at = (chrono::Utc::now() - chrono::Duration::days(2)).to_rfc3339();
    let mut args = tournament_new_args(NAME, "round-robin", JUDGE.email);
    args.extend(["--time-control", "10d/move"]);
    director(&c, Some(&at), &args);
    for pl in &PLAYERS {
        director(
            &c,
            Some(&at),
            &["tournament", "add", NAME, pl.email, "--as", JUDGE.email],
        );
    }
    let numbers: Vec<&str> = PLAYERS.iter().map(|p| p.email).collect();
    let numbers = numbers.join(",");
    director(
        &c,
        Some(&at),
        &[
            "tournament",
            "draw",
            NAME,
            "--numbers",
            &numbers,
            "--as",
            JUDGE.email,
        ],
    );
    director(
        &c,
        Some(&at),
        &["tournament", "start", NAME, "--as", JUDGE.email],
    );
    c.serve(None);
    let mut games: Vec<TGame> = linked(&c, NAME)
        .iter()
        .enumerate()
        .map(|(i, l)| TGame {
            id: l.id,
            label: l.label(),
            round: l.round,
            white: PLAYERS[l.white_number as usize - 1],
            black: PLAYERS[l.black_number as usize - 1],
            match_game: l.match_game,
            ballot: None,
            plan: Plan {
                label: "",
                plies: 6,
                end: [End::WhiteWins, End::BlackWins, End::Draw][i % 3],
            },
            opening_plies: stored(&c, l.id).moves.len(),
            offered: false,
            directed: false,
        })
        .collect();
    assert_eq!(games.len(), 6, "a round robin of 4 has 6 games");
    play_all(&mut c, &mut games, |_, _, _| false);
    (c, games)
}

#[test]
fn verify_accepts_every_game_of_a_round_robin_by_mail_and_names_the_ply_of_each_tampering() {
    let (c, games) = round_robin();
    let key = director(&c, None, &["key"]).trim().to_string();
    let mut exports = Vec::new();
    for g in &games {
        let text = director(&c, None, &["export", &g.id.to_string()]);
        let plies = stored(&c, g.id).moves.len();
        assert!(plies >= 6, "game #{} has {plies} plies", g.id);
        let (code, out) = verify(&c, &text, &["--key", &key, "--lang", "en"]);
        assert_eq!(code, 0, "game #{}: {out}\n{text}", g.id);
        assert!(
            out.contains(&format!("Game {}: OK, {plies} plies", g.id)),
            "{out}"
        );
        exports.push(text);
    }
    // The published site: every record with its chain, the key beside them.
    let site = c.bot.path().join("site");
    director(
        &c,
        None,
        &["tournament", "publish", NAME, site.to_str().unwrap()],
    );
    let pem = std::fs::read_to_string(site.join("zaochka-public.pem")).unwrap();
    assert_eq!(pem, director(&c, None, &["key", "--pem"]));
    let all = std::fs::read_to_string(site.join("games.pdn")).unwrap();
    let pem_file = site.join("zaochka-public.pem");
    let (code, out) = verify(
        &c,
        &all,
        &["--key", pem_file.to_str().unwrap(), "--lang", "en"],
    );
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains(": OK, ")).count(),
        6,
        "{out}"
    );
    // The movers' confirmations: the short hash in the body, the receipt
    // attached, in the mover's language.
    let mut confirmations = 0;
    for m in &c.mails {
        let lang = if m.text.contains("Квитанция этого хода: ") {
            Lang::Ru
        } else if m.text.contains("Receipt of this move: ") {
            Lang::En
        } else {
            continue;
        };
        confirmations += 1;
        let to = PLAYERS.iter().find(|pl| m.is_to(pl)).expect("a player");
        assert_eq!(to.lang, lang, "{}", m.show());
        let parsed = mail_parser::MessageParser::default()
            .parse(m.raw.as_bytes())
            .unwrap();
        let zrc = parsed
            .attachments()
            .find(|a| {
                use mail_parser::MimeHeaders;
                a.attachment_name().is_some_and(|n| n.ends_with(".zrc"))
            })
            .unwrap_or_else(|| panic!("no .zrc attached: {}", m.show()));
        let receipt = zaochka::notation::receipt::Receipt::parse(
            std::str::from_utf8(zrc.contents()).unwrap(),
        )
        .unwrap();
        let public = zaochka::notation::receipt::public_key_from_base64(&key).unwrap();
        assert!(receipt.signature_holds(Some(&public)));
        assert!(m.text.contains(&receipt.hash().short()), "{}", m.show());
    }
    let plies: usize = games.iter().map(|g| stored(&c, g.id).moves.len()).sum();
    assert_eq!(
        confirmations, plies,
        "one confirmation with a receipt per ply"
    );

    // One game's export altered five ways, each refused at the altered ply.
    let original = game_of(&exports[0]);
    let other = game_of(&exports[1]);
    let refused = |g: &PdnGame, ply: usize, why: &str| {
        let (code, out) = verify(&c, &written(g), &["--key", &key, "--lang", "en"]);
        assert_eq!(code, 1, "{out}");
        assert!(
            out.contains(&format!("fails at ply {ply}: {why}")),
            "expected ply {ply}: {why}; got {out}"
        );
    };
    // The written-back record verifies as it stands.
    let (code, out) = verify(&c, &written(&original), &["--key", &key]);
    assert_eq!(code, 0, "{out}");

    // One move changed: ply 3 becomes another legal move.
    let mut g = original.clone();
    let mut board = zaochka::games::new_game(zaochka::rules::Variant::Russian, None).unwrap();
    for p in &g.plies[..2] {
        board.play(&p.text).unwrap();
    }
    let played = board.check(&g.plies[2].text).unwrap().full;
    let another = board
        .legal_moves()
        .into_iter()
        .find(|m| *m != played)
        .unwrap();
    g.plies[2].text = another;
    refused(&g, 3, "the move is not the one signed");

    // One time changed: ply 4 a minute later.
    let mut g = original.clone();
    let comment = g.plies[3].comment.clone().unwrap();
    let time = zaochka::notation::pdn::read_ccsnt(&comment)
        .unwrap()
        .unwrap();
    let later = zaochka::notation::pdn::ccsnt_comment(time + chrono::Duration::minutes(1));
    let at = comment.find("[%ccsnt").unwrap();
    let end = at + comment[at..].find(']').unwrap() + 1;
    g.plies[3].comment = Some(format!("{}{later}{}", &comment[..at], &comment[end..]));
    refused(&g, 4, "the time is not the one signed");

    // Two plies swapped (White's 2nd and 3rd moves, with their receipts).
    let mut g = original.clone();
    g.plies.swap(2, 4);
    refused(
        &g,
        3,
        "the receipt in its place is of ply 5: plies out of order",
    );

    // A ply removed (ply 4, with its receipt).
    let mut g = original.clone();
    g.plies.remove(3);
    refused(&g, 4, "the ply is missing");

    // A receipt of another game in ply 2's place.
    let mut g = original.clone();
    g.plies[1].comment.clone_from(&other.plies[1].comment);
    refused(&g, 2, "the receipt in its place is of another game");

    // In Russian, for a player checking their game.
    let mut g = original.clone();
    g.plies.remove(3);
    let (code, out) = verify(&c, &written(&g), &["--lang", "ru"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("Запись не сходится на полуходе 4: полуход пропущен"),
        "{out}"
    );
    // The last ply removed, with its receipt: the signed end counts it.
    let plies = original.plies.len();
    let mut g = original.clone();
    g.plies.pop();
    refused(
        &g,
        plies,
        &format!(
            "the ply is missing: the record ends here, but its signed end counts {plies} plies"
        ),
    );
    let (code, out) = verify(&c, &written(&g), &["--lang", "ru"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "Запись не сходится на полуходе {plies}: полуход пропущен"
        )),
        "{out}"
    );
    // An edited White, Black or Result tag is named, in both languages.
    let white = original.tag("White").unwrap().to_string();
    let black = original.tag("Black").unwrap().to_string();
    let result = original.tag("Result").unwrap().to_string();
    let other_result = if result == "1-0" { "0-1" } else { "1-0" };
    for (tag, value, signed, en, ru) in [
        (
            "White",
            "Mallory",
            &white,
            "White tag (White's name)",
            "теге имени белых",
        ),
        (
            "Black",
            "Mallory",
            &black,
            "Black tag (Black's name)",
            "теге имени чёрных",
        ),
        (
            "Result",
            other_result,
            &result,
            "Result tag",
            "теге результата",
        ),
    ] {
        let mut g = original.clone();
        for t in &mut g.tags {
            if t.0 == tag {
                t.1 = value.to_string();
            }
        }
        let (code, out) = verify(&c, &written(&g), &["--key", &key, "--lang", "en"]);
        assert_eq!(code, 1, "{out}");
        assert_eq!(
            out.trim(),
            format!("The record fails at its {en}: it is not the one signed ({signed})."),
        );
        let (code, out) = verify(&c, &written(&g), &["--lang", "ru"]);
        assert_eq!(code, 1, "{out}");
        assert_eq!(
            out.trim(),
            format!("Запись не сходится в {ru}: значение не то, что подписано ({signed})."),
        );
    }
    // The whole tournament's export: one verdict per game, each naming it.
    let event = director(&c, None, &["tournament", "export", NAME]);
    let (code, out) = verify(&c, &event, &["--key", &key, "--lang", "en"]);
    assert_eq!(code, 0, "{out}");
    for g in &games {
        let line = out
            .lines()
            .find(|l| l.contains(&format!("game #{}: Game {}: OK", g.id, g.id)))
            .unwrap_or_else(|| panic!("no verdict naming game #{}: {out}", g.id));
        assert!(
            line.starts_with(&format!(
                "{NAME}, round {}, {} – {}, game #{}: ",
                g.round, g.white.name, g.black.name, g.id
            )),
            "{line}"
        );
        assert!(line.contains("Its signed end holds: "), "{line}");
    }
    let (_, out) = verify(&c, &event, &["--lang", "ru"]);
    assert!(
        out.lines().all(|l| l.starts_with(&format!("{NAME}, тур "))),
        "{out}"
    );
    // The record each move mail attaches carries the same chain: the last
    // mail of each game verifies as the export does.
    for g in &games {
        let name = format!("zaochka-{}.pdn", g.id);
        let attached = c
            .mails
            .iter()
            .rev()
            .find_map(|m| {
                use mail_parser::MimeHeaders;
                let parsed = mail_parser::MessageParser::default().parse(m.raw.as_bytes())?;
                parsed
                    .attachments()
                    .find(|a| a.attachment_name() == Some(name.as_str()))
                    .map(|a| String::from_utf8_lossy(a.contents()).into_owned())
            })
            .unwrap_or_else(|| panic!("no mail attaches {name}"));
        let (code, out) = verify(&c, &attached, &["--key", &key, "--lang", "en"]);
        assert_eq!(code, 0, "{name}: {out}\n{attached}");
        assert!(out.contains("Its signed end holds: "), "{out}");
    }
    // Signed by another key: every ply's signature fails, the first is named.
    let (code, out) = verify(
        &c,
        &exports[0],
        &[
            "--key",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
            "--lang",
            "en",
        ],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("fails at ply 1: the receipt's signature"),
        "{out}"
    );
}

#[test]
fn the_server_key_is_made_0600_beside_the_database_and_refused_once_others_may_read_it() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["play", "1", "c3-d4", "--as", "ivanov@example.org"]);
    let key_file = z.db.with_extension("key");
    let mode = std::fs::metadata(&key_file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{}", key_file.display());
    let pem = std::fs::read_to_string(&key_file).unwrap();
    assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----"), "{pem}");
    // The public half `zaochka key` prints is the one the receipt names.
    let public = z.ok(&["key"]).trim().to_string();
    let conn = rusqlite::Connection::open(&z.db).unwrap();
    let text: String = conn
        .query_row(
            "SELECT text FROM signed_receipts WHERE game_id = 1 AND ply = 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(text.contains(&format!("\nkey: {public}\n")), "{text}");
    // OpenSSL reads the key file and derives the same public key.
    if let Ok(out) = Command::new("openssl")
        .args(["pkey", "-pubout", "-in"])
        .arg(&key_file)
        .output()
        && out.status.success()
    {
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            z.ok(&["key", "--pem"])
        );
    }
    // A key file the group may read is refused: no move is taken without
    // its receipt, and `zaochka key` says what to do.
    std::fs::set_permissions(&key_file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let before = z.dump();
    let r = z.run(&["play", "1", "f6-g5", "--as", "petrov@example.org"]);
    assert_ne!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_eq!(z.dump(), before, "the refused move changed nothing");
    let r = z.run(&["key"]);
    assert_ne!(r.code, 0);
    assert!(r.stderr.contains("chmod 600"), "{}", r.stderr);
    // A key folder that does not exist: the system's reason is said once.
    let out = Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .args(["--db", "/nonexistent/zaochka/zaochka.db", "key"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("/nonexistent/zaochka/zaochka.key"), "{err}");
    assert_eq!(err.matches("(os error 2)").count(), 1, "{err}");
}

#[test]
fn an_unfinished_games_export_head_and_a_game_ended_before_any_move_verify() {
    let z = Zaochka::new();
    z.seed_players_and_game();
    z.ok(&["play", "1", "c3-d4", "--as", "ivanov@example.org"]);
    z.ok(&["play", "1", "f6-g5", "--as", "petrov@example.org"]);
    let key = z.ok(&["key"]).trim().to_string();
    let file = z.db.with_file_name("unfinished.pdn");
    let check = |text: &str, lang: &str| {
        std::fs::write(&file, text).unwrap();
        z.run(&[
            "verify",
            file.to_str().unwrap(),
            "--key",
            &key,
            "--lang",
            lang,
        ])
    };
    let text = z.ok(&["export", "1"]);
    assert!(text.contains("[ZaochkaHead \""), "{text}");
    let r = check(&text, "en");
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.starts_with("Game 1: OK, 2 plies, ")
            && r.stdout
                .contains("Its signed export head holds: the game stood at these plies on "),
        "{}",
        r.stdout
    );
    // Its last ply removed: the head counts 2.
    let mut g = game_of(&text);
    g.plies.pop();
    let r = check(&written(&g), "en");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert_eq!(
        r.stdout.trim(),
        "The record fails at ply 2: the ply is missing: the record ends here, but its signed \
         export head counts 2 plies."
    );
    // Its head removed (with the last ply): a game begun when records
    // carried seals always has one, so the record is refused.
    let mut g = game_of(&text);
    g.tags.retain(|(n, _)| n != "ZaochkaHead");
    g.plies.pop();
    let r = check(&written(&g), "en");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert_eq!(
        r.stdout.trim(),
        "The record fails at its signed end or export head: there is none, though every record \
         of a game begun as this one was carries one: its tags or its last plies may have been \
         changed."
    );
    let r = check(&written(&g), "ru");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("теги или последние полуходы могли быть изменены"),
        "{}",
        r.stdout
    );

    // A game resigned before any move: its start and its signed end verify.
    z.ok(&[
        "game",
        "new",
        "--variant",
        "russian",
        "--white",
        "ivanov@example.org",
        "--black",
        "petrov@example.org",
    ]);
    z.ok(&["resign", "2", "--as", "ivanov@example.org"]);
    let text = z.ok(&["export", "2"]);
    let r = check(&text, "en");
    assert_eq!(r.code, 0, "{}{}\n{text}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .starts_with("Game 2: OK, no ply was played; signed by ")
            && r.stdout.contains("Its signed end holds: 0-1, "),
        "{}",
        r.stdout
    );
    // Its Result tag edited.
    let r = check(&text.replace("[Result \"0-1\"]", "[Result \"1-0\"]"), "en");
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(r.stdout.contains("fails at its Result tag"), "{}", r.stdout);

    // Not a record, a folder, no such file: in the reader's language, no
    // system text.
    let r = check("x x [", "ru");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("строка 1: непонятный текст (x)") && !r.stderr.contains("unexpected"),
        "{}",
        r.stderr
    );
    let folder = z.db.parent().unwrap().to_str().unwrap().to_string();
    let r = z.run(&["verify", &folder, "--lang", "ru"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr.trim(),
        format!("{folder} — это папка, а не запись партии.")
    );
    let r = z.run(&["verify", "/nonexistent/game.pdn", "--lang", "ru"]);
    assert_eq!(r.stderr.trim(), "/nonexistent/game.pdn: такого файла нет.");
}

#[test]
fn receipts_survive_a_daemon_kill_and_a_mail_read_again_adds_none() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.serve_once();
    let key_file = bot.path().join("zaochka.key");
    assert!(
        key_file.exists(),
        "the daemon made its key at its first start"
    );
    let white = mail(
        ALICE,
        &format!("bot+1.{}@example.test", bot.token(1, "white")),
        "Re: [zaochka #1]",
        "move-1@example.test",
        "c3-d4",
    );
    bot.deliver(1, &white);
    let mut daemon = bot.spawn_serve();
    let start = std::time::Instant::now();
    while bot.plies(1) < 1 {
        assert!(start.elapsed().as_secs() < 60, "the daemon took no move");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    daemon.kill().unwrap(); // SIGKILL
    daemon.wait().unwrap();
    let receipts = |bot: &Bot| -> Vec<(i64, String)> {
        let db = bot.db();
        let mut st = db
            .prepare("SELECT ply, text FROM signed_receipts WHERE game_id = 1 ORDER BY ply")
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    let first = receipts(&bot);
    assert_eq!(
        first.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
        vec![0, 1],
        "the start and ply 1's receipt, stored with the move"
    );
    // The same mail again, and Black's move: ply 1 keeps its one receipt.
    bot.deliver(2, &white);
    let black = mail(
        BOB,
        &format!("bot+1.{}@example.test", bot.token(1, "black")),
        "Re: [zaochka #1]",
        "move-2@example.test",
        "f6-g5",
    );
    bot.deliver(3, &black);
    bot.serve_once();
    assert_eq!(bot.plies(1), 2);
    let after = receipts(&bot);
    assert_eq!(after.len(), 3, "{after:?}");
    assert_eq!(after[..2], first[..], "ply 1's receipt is unchanged");
    let text = bot.ok(&["export", "1"]);
    let file = bot.path().join("game-1.pdn");
    std::fs::write(&file, text).unwrap();
    let out = bot.run(&["verify", file.to_str().unwrap(), "--lang", "en"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("Game 1: OK, 2 plies"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
