//! Authenticated-mail verdicts: DKIM, SPF, DMARC and ARC
//! of every incoming mail, checked with `mail-auth` against a fixed DNS table
//! written by the test (no network), on mails signed in the test with a
//! key generated in the test by `mail-auth`'s own DKIM signer. First the
//! checks themselves, then through the real daemon: each verdict recorded
//! for the processed mail and shown by `referee log --mail --json` beside
//! the token check; a DMARC-reject mail with a valid token applied and
//! flagged by default, and refused (nothing changed, nothing answered) with
//! `dmarc-reject-refuses-moves = true`.

use crate::common;

use std::path::Path;

use common::daemon::{Bot, Mailing, mail, two_players};
use mail_auth::common::crypto::Ed25519Key;
use mail_auth::common::headers::HeaderWriter;
use mail_auth::dkim::DkimSigner;
use zaochka::config::AuthSettings;
use zaochka::daemon::authenticate::Authenticator;
use zaochka::mail::auth::{AuthVerdicts, DmarcPolicy, Verdict};

/// Inside example.test's SPF record (`ip4:192.0.2.0/24 -all`).
const GOOD_IP: &str = "192.0.2.10";
/// Outside every record.
const STRANGE_IP: &str = "203.0.113.5";
/// Inside soft.test's SPF record (`ip4:198.51.100.0/24 ~all`).
const SOFT_IP: &str = "198.51.100.7";

/// A DKIM key made for this test run, and its public half for DNS.
struct Key {
    pkcs8: Vec<u8>,
    public_b64: String,
}

impl Key {
    fn new() -> Key {
        let pkcs8 = Ed25519Key::generate_pkcs8().unwrap();
        let public = Ed25519Key::from_pkcs8_der(&pkcs8).unwrap().public_key();
        Key {
            pkcs8,
            public_b64: base64(&public),
        }
    }

    /// The mail (LF line ends) with a DKIM-Signature of `domain`, selector
    /// `s1`, over the CRLF form it is delivered in.
    fn sign(&self, domain: &str, mail: &str) -> String {
        let crlf = mail.replace('\n', "\r\n");
        let signature = DkimSigner::from_key(Ed25519Key::from_pkcs8_der(&self.pkcs8).unwrap())
            .domain(domain)
            .selector("s1")
            .headers(["From", "To", "Subject", "Message-ID", "Date"])
            .sign(crlf.as_bytes())
            .unwrap();
        format!("{}{mail}", signature.to_header().replace("\r\n", "\n"))
    }
}

fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The fixed DNS table: example.test with SPF `-all`, DMARC `p=reject` and
/// the test's DKIM key; soft.test with SPF `~all` and no DMARC record.
fn records(key: &Key) -> String {
    format!(
        "# zone of the test\n\
         example.test TXT \"v=spf1 ip4:192.0.2.0/24 -all\"\n\
         _dmarc.example.test TXT \"v=DMARC1; p=reject\"\n\
         s1._domainkey.example.test TXT \"v=DKIM1; k=ed25519; p={}\"\n\
         soft.test TXT \"v=spf1 ip4:198.51.100.0/24 ~all\"\n\
         mail.example.test A 192.0.2.10\n",
        key.public_b64
    )
}

/// What our receiving MX prepends: the envelope sender and the client it
/// saw connect.
fn received(mail_from: &str, ip: &str, helo: &str, mail: &str) -> String {
    format!(
        "Return-Path: <{mail_from}>\nReceived: from {helo} ({helo} [{ip}])\n\tby mx.example.test (Postfix) with ESMTPS id 4Zq; Sun, 29 Nov 2026 12:00:01 +0000\n{mail}"
    )
}

fn authenticator(dir: &Path, key: &Key) -> Authenticator {
    let path = dir.join("dns.txt");
    std::fs::write(&path, records(key)).unwrap();
    let settings = AuthSettings {
        dns_records_file: Some(path),
        ..AuthSettings::default()
    };
    Authenticator::new(&settings, "example.test").unwrap()
}

fn check(auth: &Authenticator, mail: &str) -> AuthVerdicts {
    auth.verify(mail.replace('\n', "\r\n").as_bytes())
}

fn plain(from: &str, body: &str) -> String {
    mail(
        from,
        "bot@example.test",
        "Re: [zaochka #1] russian",
        "m1@example.test",
        body,
    )
}

#[test]
fn each_verdict_is_read_against_the_fixed_dns_table() {
    let dir = tempfile::tempdir().unwrap();
    let key = Key::new();
    let auth = authenticator(dir.path(), &key);
    let alice = "Alice <alice@example.test>";

    // DKIM pass, SPF pass, DMARC pass (aligned on both).
    let signed = key.sign("example.test", &plain(alice, "1. c3-d4"));
    let good = received("alice@example.test", GOOD_IP, "mail.example.test", &signed);
    let v = check(&auth, &good);
    assert_eq!(v.dkim.len(), 1, "{v:?}");
    assert_eq!(v.dkim[0].result, Verdict::Pass, "{v:?}");
    assert_eq!(v.dkim[0].domain, "example.test");
    assert_eq!(v.dkim[0].selector, "s1");
    assert_eq!(v.spf.result, Verdict::Pass, "{v:?}");
    assert_eq!(v.spf.client_ip, Some(GOOD_IP.parse().unwrap()));
    assert_eq!(v.spf.helo.as_deref(), Some("mail.example.test"));
    assert_eq!(v.dmarc.result, Verdict::Pass, "{v:?}");
    assert_eq!(v.dmarc.policy, DmarcPolicy::Reject);
    assert_eq!(v.arc, Verdict::None);
    assert!(!v.dmarc_rejects());

    // DKIM fail: the body was changed after signing; SPF fail: a client
    // outside `-all`; DMARC: neither aligned check passed under p=reject.
    let forged = received(
        "alice@example.test",
        STRANGE_IP,
        "evil.example",
        &signed.replace("1. c3-d4", "1. c3-b4"),
    );
    let v = check(&auth, &forged);
    assert_eq!(v.dkim[0].result, Verdict::Fail, "{v:?}");
    assert_eq!(v.dkim_summary(), Verdict::Fail);
    assert_eq!(v.spf.result, Verdict::Fail, "{v:?}");
    assert_eq!(v.dmarc.result, Verdict::Fail, "{v:?}");
    assert_eq!(v.dmarc.policy, DmarcPolicy::Reject);
    assert!(v.dmarc_rejects());

    // DKIM none: no signature; SPF softfail under `~all`; no DMARC record.
    let soft = received(
        "carol@soft.test",
        STRANGE_IP,
        "mx.soft.test",
        &plain("Carol <carol@soft.test>", "hello"),
    );
    let v = check(&auth, &soft);
    assert!(v.dkim.is_empty(), "{v:?}");
    assert_eq!(v.dkim_summary(), Verdict::None);
    assert_eq!(v.spf.result, Verdict::SoftFail, "{v:?}");
    assert_eq!(v.spf.domain, "soft.test");
    assert_eq!(v.dmarc.result, Verdict::None, "{v:?}");
    assert!(!v.dmarc_rejects());

    // The same domain from inside its record: SPF pass.
    let v = check(&auth, &soft.replace(STRANGE_IP, SOFT_IP));
    assert_eq!(v.spf.result, Verdict::Pass, "{v:?}");

    // No Received header from our MX: no client to check, SPF none; an
    // unsigned mail under p=reject then fails DMARC.
    let v = check(&auth, &plain(alice, "1. c3-d4"));
    assert_eq!(v.spf.result, Verdict::None, "{v:?}");
    assert_eq!(v.spf.client_ip, None);
    assert_eq!(v.dmarc.result, Verdict::Fail, "{v:?}");
    assert!(v.dmarc_rejects());

    // A forger's own Received header below ours is not believed: with one
    // trusted hop only the topmost counts.
    let relayed = received(
        "alice@example.test",
        STRANGE_IP,
        "evil.example",
        &format!(
            "Received: from mail.example.test ([{GOOD_IP}]) by evil.example; Sun, 29 Nov 2026 11:59:00 +0000\n{signed}"
        ),
    );
    let v = check(&auth, &relayed);
    assert_eq!(v.spf.client_ip, Some(STRANGE_IP.parse().unwrap()));
    assert_eq!(v.spf.result, Verdict::Fail, "{v:?}");
    // ... but the intact DKIM signature still carries DMARC.
    assert_eq!(v.dmarc.result, Verdict::Pass, "{v:?}");
}

/// A DNS server that never answers costs one mail the deadline, no more:
/// the checks are `temperror` and the verdicts are still given.
#[test]
fn a_silent_dns_server_costs_the_deadline_and_gives_temperror() {
    let silent = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let settings = AuthSettings {
        nameservers: vec![
            format!("127.0.0.1:{}", silent.local_addr().unwrap().port())
                .try_into()
                .unwrap(),
        ],
        timeout_seconds: 1,
        ..AuthSettings::default()
    };
    let auth = Authenticator::new(&settings, "example.test").unwrap();
    let mail = received(
        "alice@example.test",
        GOOD_IP,
        "mail.example.test",
        &plain("Alice <alice@example.test>", "1. c3-d4"),
    );
    let start = std::time::Instant::now();
    let v = check(&auth, &mail);
    let took = start.elapsed();
    assert!(took < std::time::Duration::from_secs(3), "{took:?}");
    assert_eq!(v.spf.result, Verdict::TempError, "{v:?}");
    assert_eq!(v.dmarc.result, Verdict::TempError, "{v:?}");
    assert!(!v.dmarc_rejects());
    drop(silent);
}

/// Time per mail of all the checks with the fixed table (a DKIM-signed mail
/// with a trusted Received header): `cargo test --test it mail::authentication:: -- --ignored
/// --nocapture`; the figure is in docs/performance.md.
#[test]
#[ignore = "a measurement, run by hand"]
fn time_of_the_checks_per_mail() {
    let dir = tempfile::tempdir().unwrap();
    let key = Key::new();
    let auth = authenticator(dir.path(), &key);
    let signed = key.sign(
        "example.test",
        &plain("Alice <alice@example.test>", "1. c3-d4"),
    );
    let good =
        received("alice@example.test", GOOD_IP, "mail.example.test", &signed).replace('\n', "\r\n");
    let n = 2000;
    let start = std::time::Instant::now();
    for _ in 0..n {
        assert_eq!(auth.verify(good.as_bytes()).dmarc.result, Verdict::Pass);
    }
    let each = start.elapsed() / n;
    eprintln!("mail authentication: {each:?} per mail over {n} mails");
}

/// A bot whose checks answer from the fixed table, with the setting given.
fn bot_with_table(key: &Key, refuse: bool) -> Bot {
    let bot = Bot::new(Mailing::Local);
    // The bot's own (empty) table, and its [authentication] table last.
    std::fs::write(bot.path().join("dns-records.txt"), records(key)).unwrap();
    let mut config = std::fs::read_to_string(&bot.config).unwrap();
    assert!(config.contains("[authentication]\ndns-records-file"));
    config.push_str(&format!("dmarc-reject-refuses-moves = {refuse}\n"));
    std::fs::write(&bot.config, config).unwrap();
    two_players(&bot, "russian");
    bot.serve_once();
    bot
}

fn to_game(bot: &Bot, from: &str, side: &str, id: &str, body: &str) -> String {
    mail(
        from,
        &format!("bot+1.{}@example.test", bot.token(1, side)),
        "Re: [zaochka #1] russian",
        id,
        body,
    )
}

fn mail_log(bot: &Bot) -> Vec<serde_json::Value> {
    bot.ok(&["referee", "log", "--mail", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_daemon_records_every_verdict_and_flags_a_dmarc_failure_it_applies() {
    let key = Key::new();
    let bot = bot_with_table(&key, false);
    // Alice, signed and from her domain's server: all pass.
    let a = key.sign(
        "example.test",
        &to_game(
            &bot,
            "Alice <alice@example.test>",
            "white",
            "a1@example.test",
            "1. c3-d4",
        ),
    );
    bot.deliver(
        1,
        &received("alice@example.test", GOOD_IP, "mail.example.test", &a),
    );
    // Bob's token, but the body was changed after signing and the client is
    // outside the record: DKIM and SPF fail, DMARC fails under p=reject.
    let b = key.sign(
        "example.test",
        &to_game(
            &bot,
            "Боб <bob@example.test>",
            "black",
            "b1@example.test",
            "1... b6-a5",
        ),
    );
    let b = b.replace("1... b6-a5", "1... f6-g5");
    bot.deliver(
        2,
        &received("bob@example.test", STRANGE_IP, "evil.example", &b),
    );
    // A stranger: unsigned, SPF softfail; recorded, never answered.
    let c = plain("Carol <carol@soft.test>", "1. c3-d4");
    bot.deliver(
        3,
        &received("carol@soft.test", STRANGE_IP, "mx.soft.test", &c),
    );
    bot.serve_once();

    assert_eq!(bot.plies(1), 2, "{:?}", bot.outcomes());
    let log = mail_log(&bot);
    let find = |key_part: &str| {
        log.iter()
            .find(|m| m["message_id"].as_str() == Some(key_part))
            .unwrap_or_else(|| panic!("{key_part} not in {log:#?}"))
            .clone()
    };
    let a = find("a1@example.test");
    assert_eq!(a["token"], "verified", "{a}");
    assert_eq!(a["auth"]["dkim"], "pass", "{a}");
    assert_eq!(a["auth"]["signatures"][0]["domain"], "example.test", "{a}");
    assert_eq!(a["auth"]["spf"]["result"], "pass", "{a}");
    assert_eq!(a["auth"]["spf"]["client_ip"], GOOD_IP, "{a}");
    assert_eq!(a["auth"]["dmarc"]["result"], "pass", "{a}");
    assert_eq!(a["auth"]["arc"], "none", "{a}");
    assert_eq!(a["auth"]["flagged"], false, "{a}");
    let b = find("b1@example.test");
    assert_eq!(b["token"], "verified", "{b}");
    assert_eq!(b["auth"]["dkim"], "fail", "{b}");
    assert_eq!(b["auth"]["spf"]["result"], "fail", "{b}");
    assert_eq!(b["auth"]["dmarc"]["result"], "fail", "{b}");
    assert_eq!(b["auth"]["dmarc"]["policy"], "reject", "{b}");
    assert_eq!(b["auth"]["flagged"], true, "{b}");
    let c = find("m1@example.test");
    assert_eq!(c["token"], "unverified", "{c}");
    assert_eq!(c["auth"]["dkim"], "none", "{c}");
    assert_eq!(c["auth"]["spf"]["result"], "softfail", "{c}");
    assert_eq!(c["auth"]["dmarc"]["result"], "none", "{c}");
    assert!(bot.outbox_to("carol@soft.test").is_empty());

    // The text log shows the same beside the token check.
    let text = bot.ok(&["referee", "log", "--mail"]);
    let line = text
        .lines()
        .find(|l| l.contains("bob@example.test"))
        .unwrap();
    assert!(
        line.contains("token: verified")
            && line.contains("dkim: fail")
            && line.contains("spf: fail (example.test, 203.0.113.5, helo evil.example)")
            && line.contains("dmarc: fail (example.test, policy reject)")
            && line.contains("FLAGGED"),
        "{text}"
    );
    // The referee is told once.
    let alerts: Vec<String> = bot
        .outbox_to("referee@example.test")
        .into_iter()
        .filter(|m| m.contains("failed DMARC"))
        .collect();
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert!(alerts[0].contains("bob@example.test"), "{}", alerts[0]);
}

#[test]
fn with_the_setting_on_a_dmarc_reject_mail_with_a_valid_token_changes_nothing() {
    let key = Key::new();
    let bot = bot_with_table(&key, true);
    let replies_before = bot.outbox_count();
    let forged = key.sign(
        "example.test",
        &to_game(
            &bot,
            "Alice <alice@example.test>",
            "white",
            "f1@example.test",
            "1. c3-b4",
        ),
    );
    let forged = forged.replace("1. c3-b4", "1. c3-d4");
    bot.deliver(
        1,
        &received("alice@example.test", STRANGE_IP, "evil.example", &forged),
    );
    bot.serve_once();
    assert_eq!(bot.plies(1), 0, "{:?}", bot.outcomes());
    assert_eq!(bot.outbox_count(), replies_before, "nothing is answered");
    let outcome = bot.outcomes().last().unwrap().clone();
    assert!(outcome.starts_with("rejected: DMARC fail"), "{outcome}");
    let log = mail_log(&bot);
    assert_eq!(log[0]["token"], "unverified", "{}", log[0]);
    assert_eq!(log[0]["auth"]["dmarc"]["result"], "fail", "{}", log[0]);
    assert_eq!(log[0]["auth"]["flagged"], false, "{}", log[0]);

    // Her real mail, signed and from her server, is applied.
    let real = key.sign(
        "example.test",
        &to_game(
            &bot,
            "Alice <alice@example.test>",
            "white",
            "r1@example.test",
            "1. c3-d4",
        ),
    );
    bot.deliver(
        2,
        &received("alice@example.test", GOOD_IP, "mail.example.test", &real),
    );
    bot.serve_once();
    assert_eq!(bot.plies(1), 1, "{:?}", bot.outcomes());
}
