//! A DNS resolver that never answers (a loopback stub: no query leaves the
//! machine): the checks of a batch of mails run together under one
//! deadline, a resolver found dead is not asked again for every mail, and
//! with `dmarc-reject-refuses-moves = true` a mail whose checks stay
//! unsettled waits, is checked again, and is then refused, never applied,
//! the referees alerted once.

use crate::common;

use std::time::{Duration, Instant};

use chrono::{TimeDelta, Utc};
use common::daemon::{Bot, Mailing, mail, two_players};
use common::dns_stub::SilentDns;

/// A bot whose checks ask `dns` (instead of the fixed table of a new bot).
fn bot_asking(dns: &SilentDns, settings: &str) -> Bot {
    let bot = Bot::new(Mailing::Local);
    let config = std::fs::read_to_string(&bot.config).unwrap();
    let table = format!(
        "dns-records-file = \"{}/dns-records.txt\"\n",
        bot.path().display()
    );
    assert!(config.ends_with(&table), "{config}");
    let config = config.replace(
        &table,
        &format!("nameservers = [\"{}\"]\n{settings}", dns.address()),
    );
    std::fs::write(&bot.config, config).unwrap();
    bot
}

fn count(bot: &Bot, sql: &str) -> i64 {
    bot.db().query_row(sql, [], |r| r.get(0)).unwrap()
}

fn waiting_in_new(bot: &Bot) -> usize {
    std::fs::read_dir(bot.path().join("mail/inbox/new"))
        .unwrap()
        .count()
}

/// 300 mails from 300 domains, the resolver silent: the first batch (200
/// mails) costs one shared deadline, the second none (the resolver is taken
/// as dead and asked again only a minute later); every mail is processed
/// with its checks recorded as temperror.
#[test]
fn a_silent_resolver_costs_one_deadline_for_a_batch_not_one_a_mail() {
    let dns = SilentDns::start();
    let bot = bot_asking(&dns, "");
    let base = u64::try_from(Utc::now().timestamp()).unwrap() - 3600;
    let n = 300;
    for i in 0..n {
        bot.deliver_at(
            i,
            &mail(
                &format!("someone@d{i}.example"),
                "bot@example.test",
                "hello",
                &format!("m{i}@d{i}.example"),
                "hello",
            ),
            base + i as u64,
        );
    }
    let start = Instant::now();
    bot.serve_once();
    let took = start.elapsed();
    eprintln!("{n} mails with a silent resolver: {took:?}");
    assert!(took < Duration::from_secs(15), "{took:?}");
    assert_eq!(
        count(&bot, "SELECT count(*) FROM processed_messages"),
        n as i64
    );
    let verdicts: Vec<(String, String, i64)> = {
        let db = bot.db();
        let mut st = db
            .prepare("SELECT dmarc, spf, count(*) FROM mail_auth GROUP BY dmarc, spf")
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    assert_eq!(
        verdicts,
        vec![("temperror".to_string(), "temperror".to_string(), n as i64)]
    );
    assert_eq!(waiting_in_new(&bot), 0);
    // The stub was asked (the checks went to it) for the first batch's
    // domains only.
    let asked = dns.asked();
    assert!(asked.iter().any(|q| q.ends_with("d0.example")), "{asked:?}");
    let late: Vec<&String> = asked
        .iter()
        .filter(|q| {
            q.split('.')
                .find_map(|l| l.strip_prefix('d').and_then(|d| d.parse::<usize>().ok()))
                .is_some_and(|i| i >= 200)
        })
        .collect();
    assert!(
        late.is_empty(),
        "asked after the resolver was dead: {late:?}"
    );
}

/// A forged move (Alice's token, a DKIM signature on a domain whose DNS
/// never answers) in refuse mode: it waits while the checks end in
/// temperror, and after `temperror-wait-minutes` it is refused: not applied,
/// recorded and flagged, the referees alerted once.
#[test]
fn an_unsettled_mail_in_refuse_mode_waits_and_is_then_refused_once() {
    let dns = SilentDns::start();
    let bot = bot_asking(
        &dns,
        "timeout-seconds = 1\ndmarc-reject-refuses-moves = true\ntemperror-wait-minutes = 60\n",
    );
    two_players(&bot, "russian");
    let t0 = Utc::now();
    bot.serve_once_at(t0);
    let forged = format!(
        "DKIM-Signature: v=1; a=ed25519-sha256; c=relaxed/relaxed; d=example.test; s=s1;\n h=From:To:Subject; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=AAAA\n{}",
        mail(
            "Alice <alice@example.test>",
            &format!("bot+1.{}@example.test", bot.token(1, "white")),
            "Re: [zaochka #1] russian",
            "forged-1@example.test",
            "1. c3-d4",
        )
    );
    bot.deliver_at(1, &forged, u64::try_from(t0.timestamp()).unwrap() + 5);
    for minutes in [1, 30] {
        bot.serve_once_at(t0 + TimeDelta::minutes(minutes));
        assert_eq!(bot.plies(1), 0, "applied after {minutes} min");
        assert_eq!(waiting_in_new(&bot), 1, "not waiting after {minutes} min");
        assert_eq!(
            count(
                &bot,
                "SELECT count(*) FROM processed_messages WHERE inbox_key LIKE 'maildir/%M1P1%'"
            ),
            0
        );
        assert_eq!(unsettled_alerts(&bot), 0);
    }
    assert_eq!(
        count(&bot, "SELECT checks FROM auth_waits"),
        2,
        "each check noted"
    );
    let told_alice = bot.outbox_to("alice@example.test").len();
    bot.serve_once_at(t0 + TimeDelta::minutes(62));
    assert_eq!(bot.plies(1), 0, "refused, not applied");
    assert_eq!(waiting_in_new(&bot), 0);
    let (outcome, flagged): (String, bool) = bot
        .db()
        .query_row(
            "SELECT p.outcome, a.flagged FROM processed_messages p JOIN mail_auth a ON a.message = p.id
             WHERE p.message_id = 'forged-1@example.test'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(outcome.starts_with("rejected: authentication"), "{outcome}");
    assert!(flagged);
    assert_eq!(unsettled_alerts(&bot), 1);
    assert_eq!(
        bot.outbox_to("alice@example.test").len(),
        told_alice,
        "never answered"
    );
    assert_eq!(count(&bot, "SELECT count(*) FROM auth_waits"), 0);
    bot.serve_once_at(t0 + TimeDelta::minutes(70));
    assert_eq!(unsettled_alerts(&bot), 1, "alerted once");
}

/// A move that crashed the daemon (its checks settled then), when the
/// resolver has gone silent since: in refuse mode its probe waits as any
/// mail waits while its checks end in temperror, no crash counted for the
/// wait, and after `temperror-wait-minutes` it is refused, never applied,
/// flagged, the referees alerted once.
#[test]
fn a_mail_that_crashed_the_daemon_waits_out_its_temperror_in_the_probe_and_is_refused_once() {
    let dns = SilentDns::start();
    let bot = Bot::new(Mailing::Local);
    bot.authentication("timeout-seconds = 1");
    bot.authentication("dmarc-reject-refuses-moves = true");
    bot.authentication("temperror-wait-minutes = 60");
    two_players(&bot, "russian");
    let t0 = Utc::now();
    bot.serve_once_at(t0);
    let forged = format!(
        "DKIM-Signature: v=1; a=ed25519-sha256; c=relaxed/relaxed; d=example.test; s=s1;\n h=From:To:Subject; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=AAAA\n{}",
        mail(
            "Alice <alice@example.test>",
            &format!("bot+1.{}@example.test", bot.token(1, "white")),
            "Re: [zaochka #1] russian",
            "crashed-1@example.test",
            "1. c3-d4\nPOISON-MARKER",
        )
    );
    bot.deliver_at(1, &forged, u64::try_from(t0.timestamp()).unwrap() + 5);
    // The daemon dies on the mail while the checks still settle (the table).
    let died = bot
        .command()
        .env("ZAOCHKA_NOW", t0.to_rfc3339())
        .env("ZAOCHKA_FAULT_ABORT_ON", "POISON-MARKER")
        .args(["serve", "--once"])
        .output()
        .unwrap();
    assert!(!died.status.success(), "the run dies on the mail");
    let crashes = |bot: &Bot| {
        count(
            bot,
            "SELECT coalesce(max(crashes), -1) FROM inbox_claims WHERE state = 'taken'",
        )
    };
    assert_eq!(crashes(&bot), 0, "a claim left in flight");
    // Then the resolver goes silent.
    let config = std::fs::read_to_string(&bot.config).unwrap();
    let table = format!(
        "dns-records-file = \"{}/dns-records.txt\"\n",
        bot.path().display()
    );
    assert!(config.contains(&table), "{config}");
    std::fs::write(
        &bot.config,
        config.replace(&table, &format!("nameservers = [\"{}\"]\n", dns.address())),
    )
    .unwrap();
    for minutes in [1, 30] {
        bot.serve_once_at(t0 + TimeDelta::minutes(minutes));
        assert_eq!(bot.plies(1), 0, "applied after {minutes} min");
        assert_eq!(waiting_in_new(&bot), 1, "not waiting after {minutes} min");
        assert_eq!(
            count(
                &bot,
                "SELECT count(*) FROM processed_messages WHERE message_id = 'crashed-1@example.test'"
            ),
            0
        );
        assert_eq!(unsettled_alerts(&bot), 0);
        assert!(crashes(&bot) <= 1, "the wait is no crash");
    }
    assert_eq!(count(&bot, "SELECT checks FROM auth_waits"), 2);
    let told_alice = bot.outbox_to("alice@example.test").len();
    bot.serve_once_at(t0 + TimeDelta::minutes(62));
    assert_eq!(bot.plies(1), 0, "refused, not applied");
    assert_eq!(waiting_in_new(&bot), 0);
    let (outcome, flagged): (String, bool) = bot
        .db()
        .query_row(
            "SELECT p.outcome, a.flagged FROM processed_messages p JOIN mail_auth a ON a.message = p.id
             WHERE p.message_id = 'crashed-1@example.test'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(outcome.starts_with("rejected: authentication"), "{outcome}");
    assert!(flagged);
    assert_eq!(unsettled_alerts(&bot), 1);
    assert_eq!(bot.outbox_to("alice@example.test").len(), told_alice);
    assert_eq!(count(&bot, "SELECT count(*) FROM auth_waits"), 0);
    assert_eq!(count(&bot, "SELECT count(*) FROM inbox_claims"), 0);
    bot.serve_once_at(t0 + TimeDelta::minutes(70));
    assert_eq!(unsettled_alerts(&bot), 1, "alerted once");
}

/// How many alerts the referee got about a mail that could not be
/// authenticated.
fn unsettled_alerts(bot: &Bot) -> usize {
    bot.outbox_to("referee@example.test")
        .into_iter()
        .filter(|m| m.contains("could not be authenticated"))
        .count()
}
