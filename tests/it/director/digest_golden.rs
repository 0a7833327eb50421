//! A Russian-speaking digest director's whole digest, byte for byte: one
//! mail holding every group of the digest (gone to adjudication, rulings
//! due, a late claim, time and silence warnings, a bounced mail, a
//! withdrawal, finished), each event kept where it happens (the daemon's
//! ticks, a bounce report, the desk, the players' and the director's mails)
//! and told at the next 08:00 of the director's zone (Europe/Moscow) after
//! the last of them.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};

use crate::common::daemon::{ALICE, BOB, Bot, Mailing, mail, two_players};
use crate::common::field::add_director;
use crate::daemon::bounces::{DAEMON, dsn, return_path};

const REFEREE: &str = "referee@example.test";
const JUDGE: &str = "judge@example.test";
const CAROL: &str = "carol@example.test";
const T: &str = "Зима";

/// `days` days after 2027-03-01 at `hour`:`minute` UTC.
fn at(days: i64, hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, 3, 1, hour, minute, 0).unwrap() + TimeDelta::days(days)
}

/// The games of the tournament: (id, White, Black), by id.
fn games(bot: &Bot) -> Vec<(i64, String, String)> {
    let db = bot.db();
    let mut st = db
        .prepare(
            "SELECT g.id, w.email, b.email FROM tournament_games t JOIN games g ON g.id = t.game_id
             JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id ORDER BY g.id",
        )
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The bodies of the mails to `address`, oldest first.
fn bodies(bot: &Bot, address: &str) -> Vec<String> {
    let db = bot.db();
    let mut st = db
        .prepare("SELECT body_text FROM outbox WHERE to_address = ?1 ORDER BY id")
        .unwrap();
    st.query_map([address], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn a_russian_digest_director_gets_every_group_in_one_digest_word_for_word() {
    let bot = Bot::new(Mailing::Local);
    two_players(&bot, "russian");
    bot.ok(&[
        "player", "add", "--name", "Carol", "--email", CAROL, "--lang", "en",
    ]);
    add_director(&|args| bot.ok(args), JUDGE, Some("ru"));
    let desk = ["--as", REFEREE];
    let start = at(0, 9, 0);
    bot.ok_at(
        start,
        &[
            &[
                "tournament",
                "new",
                T,
                "--variant",
                "russian",
                "--system",
                "round-robin",
                "--time-control",
                "40d/move",
                "--claim-days",
                "1",
            ][..],
            &desk,
        ]
        .concat(),
    );
    bot.ok_at(
        start,
        &[&["tournament", "directors", "add", T, JUDGE][..], &desk].concat(),
    );
    for p in [ALICE, BOB, CAROL] {
        bot.ok_at(start, &[&["tournament", "add", T, p][..], &desk].concat());
    }
    let numbers = format!("{ALICE},{BOB},{CAROL}");
    bot.ok_at(
        start,
        &[&["tournament", "draw", T, "--numbers", &numbers][..], &desk].concat(),
    );
    bot.ok_at(start, &[&["tournament", "start", T][..], &desk].concat());
    bot.ok_at(
        start,
        &[
            &["tournament", "directors", "mail", T, JUDGE, "digest"][..],
            &desk,
        ]
        .concat(),
    );
    bot.serve_once_at(start);
    let all = games(&bot);
    assert_eq!(all.len(), 3, "{all:?}");
    let (ab, _, _) = all
        .iter()
        .find(|(_, w, b)| {
            [w, b].contains(&&ALICE.to_string()) && [w, b].contains(&&BOB.to_string())
        })
        .cloned()
        .unwrap();
    // Day 14, 09:30 UTC (12:30 in Moscow, after the day's digest hour): the
    // silence warnings of the three games, 14 days after their notices.
    bot.serve_once_at(at(14, 9, 30));
    // 10:00: the notice of Alice's game with Bob bounces.
    let (row, id) = bot.notice_row(ab, ALICE);
    let report = dsn(
        DAEMON,
        &return_path(&bot, row),
        "report-1@mail.example.test",
        ALICE,
        &id,
    );
    bot.deliver_at(1, &report, at(14, 10, 0).timestamp() as u64);
    bot.serve_once_at(at(14, 10, 0));
    // 11:00: the desk withdraws Carol; 12:00: the playing period ends, the
    // game of Alice and Bob is frozen, claims due in a day.
    bot.ok_at(
        at(14, 11, 0),
        &[
            &["tournament", "withdraw", T, CAROL, "--reason", "болезнь"][..],
            &desk,
        ]
        .concat(),
    );
    bot.ok_at(
        at(14, 12, 0),
        &[&["tournament", "end-period", T][..], &desk].concat(),
    );
    // 13:00: Alice and Bob claim a win each: the claims disagree.
    let claim = |seq: usize, from: &str, side: &str, id: &str, text: &str, when: DateTime<Utc>| {
        let to = format!("bot+{ab}.{}@example.test", bot.token(ab, side));
        bot.deliver_at(
            seq,
            &mail(from, &to, "claim", id, text),
            when.timestamp() as u64,
        );
    };
    let white = all.iter().find(|(g, _, _)| *g == ab).unwrap().1.clone();
    let (alice_side, bob_side) = if white == ALICE {
        ("white", "black")
    } else {
        ("black", "white")
    };
    claim(
        2,
        "Alice <alice@example.test>",
        alice_side,
        "c1@x",
        "claim win\nanalysis: 1. cd4 ba5\n",
        at(14, 13, 0),
    );
    claim(
        3,
        "Боб <bob@example.test>",
        bob_side,
        "c2@x",
        "требую победу\nанализ: 1. cd4 ba5\n",
        at(14, 13, 5),
    );
    bot.serve_once_at(at(14, 13, 30));
    // Day 15, 13:00: Bob claims again, an hour after the term; 14:00: the
    // English director rules by mail, which finishes the tournament.
    claim(
        4,
        "Боб <bob@example.test>",
        bob_side,
        "c3@x",
        "требую ничью\nанализ: 1. cd4 ba5\n",
        at(15, 13, 0),
    );
    let to = bot.personal_address(REFEREE);
    bot.deliver_at(
        5,
        &mail(
            "Referee <referee@example.test>",
            &to,
            "commands",
            "rule@club.test",
            &format!("adjudicate #{ab} 1/2-1/2\nreason: the position is level\n"),
        ),
        at(15, 14, 0).timestamp() as u64,
    );
    // Nothing so far went to the Russian director but the tournament's start.
    assert!(
        bodies(&bot, JUDGE).iter().all(|b| !b.starts_with("Сводка")),
        "{:#?}",
        bodies(&bot, JUDGE)
    );
    let before = bodies(&bot, JUDGE).len();
    // Day 16, 06:00 UTC (09:00 in Moscow): the mails, then the one digest.
    bot.serve_once_at(at(16, 6, 0));
    let new = bodies(&bot, JUDGE)[before..].to_vec();
    assert_eq!(new.len(), 1, "{new:#?}");
    let ids: Vec<i64> = all.iter().map(|(g, _, _)| *g).collect();
    assert_eq!((ids, ab), (vec![2, 3, 4], 3), "the numbers the text names");
    assert_eq!(new[0], GOLDEN, "\n{}", new[0]);
}

/// The digest, as the Russian director reads it.
const GOLDEN: &str = "\
Сводка турнира «Зима» за 17.03.2027: 9 событий после прошлой сводки. Чтобы получать каждое событие сразу, ответьте «присылать сразу».

Переданы на присуждение в турнире «Зима» (решение по заявкам — ответом вида «присудить №… 1-0» с «причина: ...»):
Срок игры в турнире «Зима» истёк: партия №3 не окончена и передана на присуждение. Заявки участников принимаются до 2027-03-16 12:00 UTC (2027-03-16 15:00 MSK, Europe/Moscow); при совпадающих заявках партия заканчивается, остальные ждут вашего решения.

Ждут вашего решения (ответьте, например, «присудить №… 1-0», «принять заявку №…» или «отклонить заявку №…», с «причина: ...»):
Партия №3 ждёт вашего решения: заявки участников не совпали. Посмотрите их с анализом (`zaochka tournament adjudications`), затем присудите результат в командной строке (`zaochka referee adjudicate`) или ответьте на это письмо командой: «присудить №3 1-0», «принять заявку №3 белых» или «отклонить заявку №3 чёрных».

Заявки после срока (решение — ответом вида «присудить №… 1-0» с «причина: ...»):
Заявка по партии №3 после срока: Боб требует «Ничья (1/2-1/2)» 2027-03-16 13:00 UTC (2027-03-16 16:00 MSK, Europe/Moscow), а срок заявок истёк 2027-03-16 12:00 UTC (2027-03-16 15:00 MSK, Europe/Moscow). Заявка не принята; партия ждёт вашего решения.

Предупреждения о времени и молчании (добавить дни — «добавить №… белым 3 дня», остановить часы — «пауза №…», с «причина: ...»):
Участник Боб не делает ход в партии №2 уже 14 дней по часам; контрольный срок 2027-04-10 09:00 UTC (2027-04-10 12:00 MSK, Europe/Moscow).
Участник Alice не делает ход в партии №3 уже 14 дней по часам; контрольный срок 2027-04-10 09:00 UTC (2027-04-10 12:00 MSK, Europe/Moscow).
Участник Carol не делает ход в партии №4 уже 14 дней по часам; контрольный срок 2027-04-10 09:00 UTC (2027-04-10 12:00 MSK, Europe/Moscow).

Недоставленные письма (переслать партию — «переслать №… адрес» с «причина: ...»):
Письмо участнику Alice (alice@example.test) не доставлено: часы участника в партии №3 остановлены, пока он не напишет снова. Неоконченные партии участника в турнире «Зима»: №3, №4.

Выбывшие из турнира «Зима»:
Участник Carol выбыл из турнира «Зима» (болезнь): 2 неоконченные партии засчитаны как неявка.

Окончание турнира «Зима»:
Турнир «Зима» окончен: завершилась его последняя партия (всего 3 партии). Итоговая таблица — в командной строке (`zaochka tournament crosstable 'Зима'`).";
