//! Twenty games played to their ends by mail through the daemon on a faked
//! clock (`ZAOCHKA_NOW`, mails dated as they arrive), with players writing as
//! people write: every move in a form chosen from every notation and
//! sentence form the reader knows (full, short, numbered, glued, spaced,
//! inside Russian and English sentences, under a greeting and above a
//! signature), and beside it, often, a line of the phrasings corpus
//! (`tests/data/phrasings.toml`) that talks about a draw or a resignation
//! without making it. The test keeps its own record of what each player
//! meant and checks, after every round of mails:
//!
//! - 0 acts the player did not make: no draw offer, acceptance, decline,
//!   resignation or claim but the ones meant (the games end by a meant
//!   resignation, an offer and its acceptance, or the rules);
//! - 0 moves not applied: the game has exactly the plies sent;
//! - every line accounted for: the reply to each mail echoes its move, and
//!   quotes each corpus line it did not act on, saying what was not done.

use crate::common;

use chrono::{DateTime, Duration, Utc};
use common::daemon::{Bot, GameNew, Mailing, mail};
use common::phrasings::corpus;
use zaochka::games::{AnyGame, new_game};
use zaochka::rules::Variant;

/// A small deterministic generator (the same season every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Lines of the corpus that talk about a draw or a resignation without
/// making it and hold no move: (language, line).
fn talk_lines() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for case in corpus() {
        if case.offered || case.acts != ["move"] || case.unsaid.is_empty() {
            continue;
        }
        let lines: Vec<&str> = case
            .body
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        for line in lines {
            let has_digit = line.chars().any(|c| c.is_ascii_digit());
            let talks = [
                "нич",
                "сда",
                "draw",
                "resign",
                "give up",
                "перехо",
                "take back",
            ]
            .iter()
            .any(|w| line.to_lowercase().contains(w));
            if !has_digit && talks && !line.starts_with('>') && line.chars().count() < 150 {
                out.push((case.lang.clone(), line.to_string()));
            }
        }
    }
    out
}

/// The short form of a Russian checkers quiet move (`c3-d4` → `cd4`).
fn short(full: &str) -> Option<String> {
    let (a, b) = full.split_once('-')?;
    (a.len() == 2 && b.len() == 2).then(|| format!("{}{b}", &a[..1]))
}

struct Player {
    email: &'static str,
    name: &'static str,
    ru: bool,
}

const PLAYERS: [Player; 4] = [
    Player {
        email: "ivan@example.test",
        name: "Иван",
        ru: true,
    },
    Player {
        email: "petr@example.test",
        name: "Пётр",
        ru: true,
    },
    Player {
        email: "alice@example.test",
        name: "Alice",
        ru: false,
    },
    Player {
        email: "bob@example.test",
        name: "Bob",
        ru: false,
    },
];

/// How a game of the season ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ending {
    /// The side to move resigns after the plies.
    Resign,
    /// The side to move offers a draw with its move; the opponent accepts.
    Draw,
}

struct Game {
    id: i64,
    variant: Variant,
    white: usize,
    black: usize,
    board: Box<dyn AnyGame>,
    /// Plies to play before the ending.
    length: usize,
    ending: Ending,
    /// Whether the game is over (as the players meant it).
    over: bool,
    /// The result meant, once over.
    meant: Option<&'static str>,
    /// A draw offer meant and pending, by this player index.
    offer_by: Option<usize>,
}

/// A mail written by a player, with what it means.
struct Sent {
    game: usize,
    message_id: String,
    /// The move's full notation, if the mail plays one.
    played: Option<String>,
    /// Corpus lines written beside it, which must be answered, not acted on.
    talk: Vec<String>,
}

/// The move written as a player might: the form picked by `r`.
fn written(r: &mut Lcg, g: &Game, full: &str, ru: bool) -> String {
    let n = g.board.plies() / 2 + 1;
    let black = g.board.plies() % 2 == 1;
    let num = if black {
        format!("{n}...")
    } else {
        format!("{n}.")
    };
    let shortened = if g.variant == Variant::Russian {
        short(full)
    } else {
        None
    };
    let any = shortened.clone().unwrap_or_else(|| full.to_string());
    let spaced = full.replacen('-', " - ", 1);
    let forms: Vec<String> = if ru {
        vec![
            full.to_string(),
            format!("{num} {full}"),
            format!("{num}{full}"),
            format!("{num}{spaced}"),
            format!("{num} {spaced}"),
            format!("Мой ход: {num} {any}"),
            format!("Отвечаю {full}."),
            format!("Здравствуйте!\n\n{num} {any}\n\nС уважением,\nИгрок"),
            format!("Хожу {any}, ваш ход."),
        ]
    } else {
        vec![
            full.to_string(),
            format!("{num} {full}"),
            format!("{num}{full}"),
            format!("{num}{spaced}"),
            format!("I'll play {any} this time."),
            format!("My move: {num} {any}"),
            format!("Hi,\n\n{any}\n\nBest regards,\nPlayer"),
            format!("Here is my reply: {full}. Your move."),
        ]
    };
    forms[r.next(forms.len())].clone()
}

#[test]
fn twenty_games_by_mail_do_only_what_the_players_meant() {
    let talk = talk_lines();
    let talk_ru: Vec<&str> = talk
        .iter()
        .filter(|(l, _)| l == "ru")
        .map(|(_, t)| t.as_str())
        .collect();
    let talk_en: Vec<&str> = talk
        .iter()
        .filter(|(l, _)| l == "en")
        .map(|(_, t)| t.as_str())
        .collect();
    assert!(
        talk_ru.len() >= 10 && talk_en.len() >= 5,
        "the corpus gives talk lines"
    );
    let bot = Bot::new(Mailing::Local);
    let start: DateTime<Utc> = Utc::now() - Duration::days(30);
    for p in &PLAYERS {
        bot.ok_at(
            start,
            &[
                "player",
                "add",
                "--name",
                p.name,
                "--email",
                p.email,
                "--lang",
                if p.ru { "ru" } else { "en" },
            ],
        );
    }
    let variants = [
        Variant::Russian,
        Variant::Russian,
        Variant::Chess,
        Variant::Russian,
        Variant::International,
        Variant::Russian,
        Variant::Bashni,
        Variant::Russian,
        Variant::Chess,
        Variant::Lasca,
    ];
    let mut r = Lcg(2026);
    let mut games: Vec<Game> = Vec::new();
    for k in 0..20 {
        let variant = variants[k % variants.len()];
        let (white, black) = match k % 4 {
            0 => (0, 1),
            1 => (1, 0),
            2 => (2, 3),
            _ => (3, 2),
        };
        let name = variant.name();
        bot.new_game_at(
            start,
            GameNew {
                variant: name,
                white: PLAYERS[white].email,
                black: PLAYERS[black].email,
                control: Some("3d/move"),
                fen: None,
                opening: None,
            },
        );
        games.push(Game {
            id: k as i64 + 1,
            variant,
            white,
            black,
            board: new_game(variant, None).unwrap(),
            length: 12 + r.next(14),
            ending: if k % 3 == 0 {
                Ending::Draw
            } else {
                Ending::Resign
            },
            over: false,
            meant: None,
            offer_by: None,
        });
    }
    bot.serve_once_at(start);
    let mut failures: Vec<String> = Vec::new();
    let mut mails = 0usize;
    let mut seq = 0usize;
    for round in 1..=40 {
        let now = start + Duration::hours(6 * round);
        let mut sent: Vec<Sent> = Vec::new();
        for (gi, g) in games.iter_mut().enumerate() {
            if g.over {
                continue;
            }
            let mover = if g.board.turn() == zaochka::rules::Color::White {
                g.white
            } else {
                g.black
            };
            let me = &PLAYERS[mover];
            let side = if mover == g.white { "white" } else { "black" };
            let mut body = String::new();
            let mut played = None;
            let mut talk_used = Vec::new();
            if let Some(by) = g.offer_by
                && by != mover
            {
                body = if me.ru {
                    "Согласен на ничью. Спасибо за партию!".into()
                } else {
                    "I accept the draw. Thanks for the game!".into()
                };
                g.over = true;
                g.meant = Some("1/2-1/2");
            } else if g.board.plies() >= g.length && g.ending == Ending::Resign {
                body = if me.ru {
                    "Сдаюсь. Спасибо за интересную партию.".into()
                } else {
                    "I resign. Well played!".into()
                };
                g.over = true;
                g.meant = Some(if mover == g.white { "0-1" } else { "1-0" });
            } else {
                let legal = g.board.legal_moves();
                let full = legal[r.next(legal.len())].clone();
                body.push_str(&written(&mut r, g, &full, me.ru));
                let offering = g.board.plies() >= g.length && g.ending == Ending::Draw;
                if offering {
                    body.push_str(if me.ru {
                        "\nПредлагаю ничью."
                    } else {
                        "\nI offer a draw."
                    });
                    g.offer_by = Some(mover);
                } else if r.next(3) == 0 {
                    let pool = if me.ru { &talk_ru } else { &talk_en };
                    let line = pool[r.next(pool.len())];
                    body.push('\n');
                    body.push_str(line);
                    talk_used.push(line.to_string());
                }
                g.board.play(&full).unwrap();
                if let Some(f) = g.board.outcome() {
                    g.over = true;
                    g.meant = Some(match f.result {
                        zaochka::rules::GameResult::WhiteWins => "1-0",
                        zaochka::rules::GameResult::BlackWins => "0-1",
                        zaochka::rules::GameResult::Draw => "1/2-1/2",
                    });
                }
                played = Some(full);
            }
            let token = bot.token(g.id, side);
            seq += 1;
            let message_id = format!("season{seq}@example.test");
            bot.deliver_at(
                seq,
                &mail(
                    me.email,
                    &format!("bot+{}.{token}@example.test", g.id),
                    &format!("Re: [zaochka #{}] game", g.id),
                    &message_id,
                    &body,
                ),
                (now - Duration::hours(1)).timestamp() as u64,
            );
            mails += 1;
            sent.push(Sent {
                game: gi,
                message_id,
                played,
                talk: talk_used,
            });
        }
        if sent.is_empty() {
            break;
        }
        bot.serve_once_at(now);
        let db = bot.db();
        for s in &sent {
            let g = &games[s.game];
            if bot.plies(g.id) != g.board.plies() as i64 {
                failures.push(format!(
                    "game #{}: {} plies applied, {} sent (mail {})",
                    g.id,
                    bot.plies(g.id),
                    g.board.plies(),
                    s.message_id
                ));
            }
            let result = bot.result(g.id);
            if result.as_deref() != g.meant {
                failures.push(format!(
                    "game #{}: result {result:?}, meant {:?} (mail {})",
                    g.id, g.meant, s.message_id
                ));
            }
            let offers: Vec<String> = {
                let mut st = db
                    .prepare("SELECT side FROM draw_offers WHERE game_id = ?1")
                    .unwrap();
                st.query_map([g.id], |row| row.get(0))
                    .unwrap()
                    .map(Result::unwrap)
                    .collect()
            };
            let meant_offers = usize::from(g.offer_by.is_some());
            if offers.len() != meant_offers {
                failures.push(format!(
                    "game #{}: {} draw offers recorded, {meant_offers} meant (mail {})",
                    g.id,
                    offers.len(),
                    s.message_id
                ));
            }
            let claims: i64 = db
                .query_row(
                    "SELECT count(*) FROM draw_claims WHERE game_id = ?1",
                    [g.id],
                    |row| row.get(0),
                )
                .unwrap();
            if claims > 0 {
                failures.push(format!("game #{}: a claim nobody made", g.id));
            }
            let reply: String = {
                let mut st = db
                    .prepare("SELECT body_text FROM outbox WHERE in_reply_to = ?1")
                    .unwrap();
                st.query_map([s.message_id.as_str()], |row| row.get::<_, String>(0))
                    .unwrap()
                    .map(Result::unwrap)
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            if reply.is_empty() {
                failures.push(format!("mail {}: no reply", s.message_id));
            }
            // A Russian reader reads chess pieces in Russian letters: the
            // squares of the move are what must be named.
            if let Some(full) = &s.played
                && !reply.contains(full.trim_start_matches(|c: char| c.is_ascii_uppercase()))
            {
                failures.push(format!(
                    "mail {}: the reply does not name the move {full}:\n{reply}",
                    s.message_id
                ));
            }
            for line in &s.talk {
                if !reply.contains(line.as_str()) {
                    failures.push(format!(
                        "mail {}: the line «{line}» is not answered:\n{reply}",
                        s.message_id
                    ));
                }
            }
        }
    }
    for g in &games {
        if !g.over {
            failures.push(format!("game #{} did not end", g.id));
        }
    }
    assert!(mails >= 300, "{mails} mails");
    assert!(
        failures.is_empty(),
        "{} failures in {mails} mails:\n{}",
        failures.len(),
        failures
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
