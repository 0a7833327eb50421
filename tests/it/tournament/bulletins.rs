//! Bulletins mailed to a tournament's entrants, read as they arrive.
//!
//! - `a_ten_player_round_robin_mails_its_bulletins_and_the_final_one_to_every_entrant`:
//!   a round robin of 10 (Russian checkers, 45 games, mixed Russian and
//!   English players) with `--bulletin-every 10`, every game played by mail
//!   through the daemon (`common::tournament::play_all`): wins by
//!   resignation, draws by agreement, a loss on time (the director takes 11
//!   days off the silent side's clock, the scheduler's tick ends the game)
//!   and an adjudication (`tournament end-period`, then `referee
//!   adjudicate`). Every entrant gets each bulletin in their language, in one
//!   thread, answerable; each finished game is reported in exactly one
//!   bulletin, with how it ended in words; the final bulletin has the final
//!   table; the attached PDN reads back with all 45 games. An entrant who
//!   answers "no bulletins" is told so and skipped until they write
//!   «бюллетени» / "bulletins" again. No bulletin goes twice.
//! - `tournament_bulletin_prints_the_next_bulletin_and_send_mails_it_once`:
//!   the command line: the bulletin printed in the language asked, then
//!   `--send` numbers and mails it, and the next one reports only the games
//!   finished since.
//!
//! Run: `cargo test --test it tournament::bulletins::`.

use std::collections::BTreeMap;

use crate::common;

use common::conversation::{BotMail, Conversation, Lang, Player};
use common::daemon::{Bot, Mailing};
use common::field::tournament_new_args;
use common::tournament::{End, Plan, Side, TGame, linked, play_all, stored};

use super::by_mail::{director, enter_draw_and_start, two_days_ago};

const fn p(name: &'static str, email: &'static str, lang: Lang) -> Player {
    Player { name, email, lang }
}

const PLAYERS: [Player; 10] = [
    p("Андреев", "andreev@example.test", Lang::Ru),
    p("Brown", "brown@example.test", Lang::En),
    p("Васильева", "vasilieva@example.test", Lang::Ru),
    p("Dunn", "dunn@example.test", Lang::En),
    p("Ершов", "ershov@example.test", Lang::Ru),
    p("Ford", "ford@example.test", Lang::En),
    p("Жукова", "zhukova@example.test", Lang::Ru),
    p("Hale", "hale@example.test", Lang::En),
    p("Ильин", "ilyin@example.test", Lang::Ru),
    p("Jones", "jones@example.test", Lang::En),
];

const JUDGE: Player = p("Судья", "judge@example.test", Lang::Ru);

const NAME: &str = "Бюллетень-2027";

/// `tournament new` (10 days a move, loss on time, the given extra
/// settings), `add` each player, `draw --numbers` in the order given,
/// `start`, two days back.
fn make(c: &Conversation, name: &str, players: &[Player], extra: &[&str]) {
    let at = two_days_ago();
    let mut args = tournament_new_args(name, "round-robin", JUDGE.email);
    args.extend(["--time-control", "10d/move", "--on-timeout", "lose"]);
    args.extend(extra);
    director(c, Some(&at), &args);
    enter_draw_and_start(c, name, players, JUDGE.email, &at);
}

/// The tournament's games, each with the plan `plan(index)` (index in round
/// and board order).
fn games_with(
    c: &Conversation,
    name: &str,
    players: &[Player],
    plan: impl Fn(usize) -> Plan,
) -> Vec<TGame> {
    linked(c, name)
        .iter()
        .enumerate()
        .map(|(i, l)| TGame {
            id: l.id,
            label: l.label(),
            round: l.round,
            white: players[l.white_number as usize - 1],
            black: players[l.black_number as usize - 1],
            match_game: l.match_game,
            ballot: None,
            plan: plan(i),
            opening_plies: stored(c, l.id).moves.len(),
            offered: false,
            directed: false,
        })
        .collect()
}

/// How the game of index `i` of the round robin ends: game 0 on time, game
/// 1 by adjudication, the others in turn a draw by agreement, a win of
/// White, a win of Black (each by resignation).
fn plan(i: usize) -> Plan {
    let (plies, end) = match i {
        0 => (1, End::TimeLoss),
        1 => (1, End::Cancelled),
        _ => match i % 3 {
            0 => (1, End::Draw),
            1 => (1, End::WhiteWins),
            _ => (0, End::BlackWins),
        },
    };
    Plan {
        label: "",
        plies,
        end,
    }
}

fn is_bulletin(m: &BotMail) -> bool {
    m.message_id.starts_with("zaochka.bulletin.")
}

/// The bulletin's number, from its Message-ID
/// (`zaochka.bulletin.<tournament>.<number>.<player>@…`).
fn number(m: &BotMail) -> u32 {
    m.message_id.split('.').nth(3).unwrap().parse().unwrap()
}

/// The labels of the finished games a bulletin lists, each with its line.
fn reported(m: &BotMail) -> BTreeMap<String, String> {
    m.text
        .lines()
        .filter(|l| l.starts_with("  round ") || l.starts_with("  тур "))
        .map(|l| {
            let label = l
                .split_once(": ")
                .unwrap()
                .0
                .rsplit(' ')
                .next()
                .unwrap()
                .to_string();
            (label, l.to_string())
        })
        .collect()
}

/// The attached record (its file name and text).
fn attachment(m: &BotMail) -> (String, String) {
    use mail_parser::MimeHeaders;
    let parsed = mail_parser::MessageParser::default()
        .parse(m.raw.as_bytes())
        .unwrap();
    let a = parsed
        .attachments()
        .find(|a| a.attachment_name().is_some_and(|n| n.ends_with(".pdn")))
        .unwrap_or_else(|| panic!("no .pdn attached to {}:\n{}", m.message_id, m.raw));
    (
        a.attachment_name().unwrap().to_string(),
        String::from_utf8(a.contents().to_vec()).unwrap(),
    )
}

/// The words a game line has for how the game ended, in the reader's
/// language.
fn how(end: End, lang: Lang) -> &'static str {
    match (end, lang) {
        (End::TimeLoss, Lang::En) => "ran out of time",
        (End::TimeLoss, Lang::Ru) => "просрочили время",
        (End::Cancelled, Lang::En) => "adjudicated by the referee",
        (End::Cancelled, Lang::Ru) => "присуждён судьёй",
        (End::Draw, Lang::En) => "½-½, drawn by agreement",
        (End::Draw, Lang::Ru) => "½-½, ничья по соглашению",
        (End::WhiteWins, Lang::En) => "1-0, Black resigned",
        (End::WhiteWins, Lang::Ru) => "1-0, чёрные сдались",
        (End::BlackWins, Lang::En) => "0-1, White resigned",
        (End::BlackWins, Lang::Ru) => "0-1, белые сдались",
        (End::Forfeit(_), _) => "forfeit",
    }
}

#[test]
fn a_ten_player_round_robin_mails_its_bulletins_and_the_final_one_to_every_entrant() {
    let started = std::time::Instant::now();
    let bot = Bot::new(Mailing::Local);
    let mut c = Conversation::new(bot, &PLAYERS, &[JUDGE]);
    make(
        &c,
        NAME,
        &PLAYERS,
        &["--bulletin-every", "10", "--playing-period-days", "60"],
    );
    c.serve(None);
    let mut games = games_with(&c, NAME, &PLAYERS, plan);
    assert_eq!(games.len(), 45, "a round robin of 10 has 45 games");
    let timed = games[0].clone();
    let adjudicated = games[1].clone();
    // Jones answers the first bulletin with "no bulletins", and the second
    // time a bulletin would come, writes "bulletins".
    let jones = PLAYERS[9];
    let mut opted = 0;
    let mut period_ended = false;
    play_all(&mut c, &mut games, |c, games, _| {
        let bulletins_to_jones: Vec<BotMail> = c
            .mails
            .iter()
            .filter(|m| is_bulletin(m) && m.is_to(&jones))
            .cloned()
            .collect();
        if opted == 0 && !bulletins_to_jones.is_empty() {
            let first = bulletins_to_jones[0].clone();
            let told = c.reply(jones, &first, "No bulletins, please.");
            let answer = told
                .iter()
                .find(|m| m.is_to(&jones))
                .expect("Jones is answered");
            assert!(
                answer
                    .text
                    .contains("You will receive no more tournament bulletins"),
                "{}",
                answer.show()
            );
            opted = 1;
        }
        let g = games.iter_mut().find(|g| g.id == timed.id).unwrap();
        if !g.directed && !stored(c, g.id).moves.is_empty() {
            // The silent side is Black, to move after White's first move.
            director(
                c,
                None,
                &[
                    "referee",
                    "add-days",
                    &g.id.to_string(),
                    Side::Black.name(),
                    "-11",
                    "--force",
                    "--as",
                    JUDGE.email,
                    "--reason",
                    "время на обдумывание исчерпано",
                ],
            );
            g.directed = true;
            return true;
        }
        let others_done = games
            .iter()
            .filter(|g| g.id != adjudicated.id)
            .all(|g| stored(c, g.id).result.is_some());
        if others_done && !period_ended {
            if opted == 1 {
                let last = c
                    .mails
                    .iter()
                    .rfind(|m| m.is_to(&jones) && m.game().is_none())
                    .unwrap()
                    .clone();
                let told = c.reply(jones, &last, "Бюллетени");
                assert!(
                    told.iter().any(|m| m.is_to(&jones)
                        && m.text
                            .contains("You will receive the tournament bulletins again")),
                    "{told:#?}"
                );
                opted = 2;
            }
            director(
                c,
                None,
                &["tournament", "end-period", NAME, "--as", JUDGE.email],
            );
            c.serve(None);
            director(
                c,
                None,
                &[
                    "referee",
                    "adjudicate",
                    &adjudicated.id.to_string(),
                    "1-0",
                    "--as",
                    JUDGE.email,
                    "--reason",
                    "белые выигрывают",
                ],
            );
            period_ended = true;
            return true;
        }
        false
    });
    // The cycle after the ruling sends the final bulletin; one more sends
    // nothing again.
    c.serve(None);
    c.serve(None);
    assert_eq!(opted, 2, "Jones asked for none, then for bulletins again");
    for g in &games {
        assert!(
            stored(&c, g.id).result.is_some(),
            "game {} ({:?}) is over",
            g.label,
            g.plan.end
        );
    }
    let ends: BTreeMap<String, End> = games
        .iter()
        .map(|g| (g.label.clone(), g.plan.end))
        .collect();

    // `ZAOCHKA_DUMP_MAILS=DIR`: every bulletin and answer as written.
    if let Some(dir) = std::env::var_os("ZAOCHKA_DUMP_MAILS") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        for m in c.mails.iter().filter(|m| m.game().is_none()) {
            std::fs::write(dir.join(&m.file), &m.raw).unwrap();
        }
    }
    // The bulletins as each entrant received them.
    let recorded: i64 = c
        .bot
        .db()
        .query_row("SELECT count(*) FROM tournament_bulletins", [], |r| {
            r.get(0)
        })
        .unwrap();
    let mut by_number: BTreeMap<u32, BTreeMap<String, String>> = BTreeMap::new();
    for p in PLAYERS {
        let got: Vec<&BotMail> = c
            .mails
            .iter()
            .filter(|m| is_bulletin(m) && m.is_to(&p))
            .collect();
        let numbers: Vec<u32> = got.iter().map(|m| number(m)).collect();
        let want: Vec<u32> = if p.email == jones.email {
            (1..=recorded as u32)
                .filter(|n| *n == 1 || *n == recorded as u32)
                .collect()
        } else {
            (1..=recorded as u32).collect()
        };
        assert_eq!(numbers, want, "bulletins to {}", p.name);
        for (k, m) in got.iter().enumerate() {
            let n = numbers[k];
            let last = n == recorded as u32;
            let (subject, heading, table) = match (p.lang, last) {
                (Lang::Ru, false) => (
                    format!("{NAME}: бюллетень № {n}"),
                    format!("Турнир «{NAME}», бюллетень № {n}."),
                    "Турнирная таблица:",
                ),
                (Lang::Ru, true) => (
                    format!("{NAME}: заключительный бюллетень"),
                    format!("Турнир «{NAME}», заключительный бюллетень (№ {n})"),
                    "Итоговая турнирная таблица:",
                ),
                (Lang::En, false) => (
                    format!("{NAME}: bulletin No. {n}"),
                    format!("Tournament \"{NAME}\", bulletin No. {n}."),
                    "The crosstable:",
                ),
                (Lang::En, true) => (
                    format!("{NAME}: final bulletin"),
                    format!("Tournament \"{NAME}\", final bulletin (No. {n})"),
                    "The final crosstable:",
                ),
            };
            let show = m.show();
            assert!(m.subject.contains(&subject), "{subject}:\n{show}");
            assert!(m.text.starts_with(&heading), "{heading}:\n{show}");
            assert!(m.text.contains(table), "{table}:\n{show}");
            for q in PLAYERS {
                assert!(m.text.contains(q.name), "{} in the table:\n{show}", q.name);
            }
            // Answerable: Reply goes to the bot, at the reader's personal
            // address; one thread per tournament.
            assert!(
                m.reply_address().split('@').next().unwrap().contains("+p"),
                "Reply-To {:?}:\n{show}",
                m.reply_address()
            );
            if k > 0 {
                assert_eq!(m.in_reply_to, vec![got[k - 1].message_id.clone()], "{show}");
                assert!(m.references.contains(&got[0].message_id), "{show}");
            }
            // How each reported game ended, in the reader's words.
            let lines = reported(m);
            for (label, line) in &lines {
                let end = ends[label];
                assert!(
                    line.contains(how(end, p.lang)),
                    "game {label} ({end:?}) in {}'s bulletin {n}: {line}",
                    p.name
                );
            }
            let same = by_number.entry(n).or_insert_with(|| lines.clone());
            assert_eq!(
                same.keys().collect::<Vec<_>>(),
                lines.keys().collect::<Vec<_>>(),
                "bulletin {n} lists the same games to everyone"
            );
            // The record of the event reads back, every game in it.
            let (file, pdn) = attachment(m);
            assert!(file.starts_with("tournament-"), "{file}");
            let read: Vec<_> = zaochka::notation::pdn::read_games(&pdn)
                .collect::<Result<_, _>>()
                .unwrap_or_else(|e| panic!("the attached PDN reads: {e:?}\n{pdn}"));
            assert_eq!(read.len(), 45, "{file} of bulletin {n}");
            if last {
                assert!(
                    read.iter()
                        .all(|g| g.result.as_deref().is_some_and(|r| r != "*")),
                    "every game of the final record has its result"
                );
            }
        }
    }
    // Three bulletins: after 10 or more finished games twice, and the final
    // one; every game reported once, in the first bulletin after its end.
    assert!(recorded >= 3, "{recorded} bulletins");
    let mut all: Vec<&String> = by_number.values().flat_map(|l| l.keys()).collect();
    let count = all.len();
    all.sort();
    all.dedup();
    assert_eq!((count, all.len()), (45, 45), "{by_number:#?}");
    let last = &by_number[&(recorded as u32)];
    assert!(last.contains_key(&adjudicated.label), "{last:#?}");
    for (n, lines) in &by_number {
        if *n < recorded as u32 {
            assert!(lines.len() >= 10, "bulletin {n}: {lines:#?}");
        }
    }
    // After the final bulletin there is no next one: sending is refused and
    // nobody is mailed.
    let before = c.bot.outbox_count();
    let again = c
        .bot
        .command()
        .args([
            "tournament",
            "bulletin",
            NAME,
            "--send",
            "--as",
            JUDGE.email,
        ])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&again.stderr);
    assert_eq!(again.status.code(), Some(1), "{said}");
    assert!(
        said.contains(&format!("(No. {recorded}) was sent already")),
        "{said}"
    );
    assert_eq!(c.bot.outbox_count(), before, "a refusal mails nobody");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(120),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn tournament_bulletin_prints_the_next_bulletin_and_send_mails_it_once() {
    let bot = Bot::new(Mailing::Local);
    let four = &PLAYERS[..4];
    let mut c = Conversation::new(bot, four, &[JUDGE]);
    make(&c, "Кубок-4", four, &[]);
    c.serve(None);
    // Every game ends at once: White resigns.
    let mut games = games_with(&c, "Кубок-4", four, |_| Plan {
        label: "",
        plies: 0,
        end: End::BlackWins,
    });
    let first: Vec<TGame> = games.drain(..2).collect();
    let mut first = first;
    play_all(&mut c, &mut first, |_, _, _| false);
    let printed = director(
        &c,
        None,
        &["tournament", "bulletin", "Кубок-4", "--lang", "ru"],
    );
    assert!(
        printed.starts_with("Турнир «Кубок-4», бюллетень № 1."),
        "{printed}"
    );
    assert!(printed.contains("Окончено партий: 2."), "{printed}");
    assert!(printed.contains("0-1, белые сдались"), "{printed}");
    let english = director(
        &c,
        None,
        &[
            "tournament",
            "bulletin",
            "Кубок-4",
            "--as",
            "brown@example.test",
        ],
    );
    assert!(english.contains("Games finished so far: 2."), "{english}");
    // Printing records nothing: the same bulletin again.
    let again = director(
        &c,
        None,
        &["tournament", "bulletin", "Кубок-4", "--lang", "ru"],
    );
    assert_eq!(again, printed);
    let sent = director(
        &c,
        None,
        &[
            "tournament",
            "bulletin",
            "Кубок-4",
            "--send",
            "--as",
            JUDGE.email,
        ],
    );
    assert!(sent.contains("bulletin 1"), "{sent}");
    let mails = c.serve(None);
    let bulletins: Vec<&BotMail> = mails.iter().filter(|m| is_bulletin(m)).collect();
    assert_eq!(bulletins.len(), 4, "one to each entrant: {mails:#?}");
    play_all(&mut c, &mut games, |_, _, _| false);
    let next = director(
        &c,
        None,
        &["tournament", "bulletin", "Кубок-4", "--lang", "en"],
    );
    assert!(
        next.starts_with("Tournament \"Кубок-4\", final bulletin (No. 2)"),
        "{next}"
    );
    assert!(
        next.contains("Games finished since the last bulletin: 4."),
        "{next}"
    );
    // Without the setting the daemon sends none on its own.
    let quiet = c.serve(None);
    assert!(!quiet.iter().any(is_bulletin), "{quiet:#?}");
}
