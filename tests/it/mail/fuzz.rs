//! Property tests of the whole mail front end (envelope, quotes, intents): no
//! input makes it panic, and what comes out is bounded by what went in and by
//! the [`Limits`]. Random bytes, the real mails of tests/data/mail cut and
//! bit-flipped, random text through each reader, and generated hostile mails:
//! long lines, deep and many MIME parts, many headers, a huge Subject, bad
//! charsets, base64 and quoted-printable bodies, HTML only, quoted history.
//!
//! cargo-fuzz needs nightly; proptest stands in for it. The CI run is a fixed
//! number of cases (under a minute in the test profile). The long run:
//!
//! ```text
//! ZAOCHKA_FUZZ_CASES=1000000 cargo test --locked --test it mail::fuzz:: -- --ignored --nocapture
//! ```
//!
//! prints the cases, the cases per second and the peak RSS (`VmHWM`).

use std::path::Path;
use std::time::Instant;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use zaochka::mail::intent::{
    Addressed, Context, Intent, LINE_EXCERPT_BYTES, MoveSyntax, Unrecognised, read_intents,
};
use zaochka::mail::{Envelope, EnvelopeError, Limits, flowed, html, quotes, text};
use zaochka::vocabulary::GameId;

fn real_mails() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("data dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| std::fs::read(p).expect("mail"))
        .collect()
}

/// The size limit of the fuzz runs (bytes).
const MAX_BYTES: usize = 4 << 20;

/// What the intents hold, in bytes: excerpts and the texts of moves.
fn output_bytes(got: &[Addressed]) -> usize {
    got.iter()
        .map(|a| {
            a.line.len()
                + match &a.intent {
                    Intent::Move { mv, .. } => mv.text.len(),
                    Intent::Unrecognised(Unrecognised::SeveralMoves(m)) => {
                        m.iter().map(String::len).sum()
                    }
                    Intent::Unrecognised(Unrecognised::LeaveDates(t)) => t.len(),
                    _ => 0,
                }
        })
        .sum()
}

/// Runs the front end on one mail and checks that the output is bounded.
fn exercise(raw: &[u8]) {
    let limits = Limits::default();
    match Envelope::parse_bounded(raw, MAX_BYTES, &limits) {
        Ok(e) => {
            // Decoded text: charsets at most triple a byte, `<hr>` is the
            // longest expansion of HTML (4 bytes to 34).
            assert!(
                e.text.len() <= 9 * raw.len() + 64,
                "text {} from {}",
                e.text.len(),
                raw.len()
            );
            assert!(e.new_text.len() <= e.text.len() + 64);
            for line in e.text.lines() {
                assert!(
                    line.len() <= limits.max_line_bytes,
                    "line of {}",
                    line.len()
                );
                assert!(line.split_whitespace().count() <= limits.max_words_per_line);
            }
            assert!(!e.subject.chars().any(zaochka::printable::is_unsafe));
            for syntax in [MoveSyntax::Draughts, MoveSyntax::Chess] {
                let cx = Context::single(Some(GameId(1)), syntax);
                let got = read_intents(&e.new_text, &e.subject, &cx);
                assert!(!got.is_empty());
                let input = e.new_text.len() + e.subject.len();
                let words =
                    e.new_text.split_whitespace().count() + e.subject.split_whitespace().count();
                assert!(
                    got.len() <= words + 1,
                    "{} intents of {words} words",
                    got.len()
                );
                assert!(
                    output_bytes(&got) <= got.len() * (LINE_EXCERPT_BYTES + 3) + input,
                    "output {} of input {input}",
                    output_bytes(&got)
                );
            }
        }
        Err(EnvelopeError::OverLimit { found, allowed, .. }) => assert!(found > allowed),
        Err(EnvelopeError::TooLarge { size, limit, .. }) => {
            assert!(size > limit && raw.len() > MAX_BYTES);
        }
        Err(EnvelopeError::Sender(_) | EnvelopeError::Panicked(_) | EnvelopeError::Unparseable) => {
        }
    }
}

/// One generated hostile mail: a kind, a size and a few choices.
#[derive(Clone, Debug)]
struct Hostile {
    kind: u8,
    /// Size exponent: the hostile part is about `2^scale` bytes or items.
    scale: u32,
    word: &'static str,
    charset: &'static str,
    noise: Vec<u8>,
}

const WORDS: &[&str] = &[
    "cd4",
    "c3-d4",
    "19.",
    "e3:c5:e7",
    "Nf3",
    "draw",
    "ничью",
    "#12:",
    "leave",
    "2026-12-20",
    "Re:",
    "[zaochka",
    "#12]",
    ">",
    "--",
    "e4!!",
    "\u{a0}",
    "\u{200b}",
    "x",
    "1x10x19x28",
];
const CHARSETS: &[&str] = &[
    "utf-8",
    "koi8-r",
    "windows-1251",
    "iso-8859-5",
    "utf-16",
    "utf-7",
    "x-unknown",
    "",
    "gb18030",
    "iso-2022-jp",
];

fn hostile(max_scale: u32) -> impl Strategy<Value = Hostile> {
    (
        0u8..12,
        4..=max_scale,
        prop::sample::select(WORDS),
        prop::sample::select(CHARSETS),
        proptest::collection::vec(any::<u8>(), 0..64),
    )
        .prop_map(|(kind, scale, word, charset, noise)| Hostile {
            kind,
            scale,
            word,
            charset,
            noise,
        })
}

fn base64(data: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for (i, c) in data.chunks(3).enumerate() {
        if i > 0 && i % 19 == 0 {
            out.push_str("\r\n");
        }
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for k in 0..4 {
            out.push(if k <= c.len() {
                char::from(A[((n >> (18 - 6 * k)) & 63) as usize])
            } else {
                '='
            });
        }
    }
    out
}

/// Builds the mail of a [`Hostile`] spec.
fn build(h: &Hostile) -> Vec<u8> {
    let n = 1usize << h.scale;
    let repeat = |sep: &str| {
        let mut s = String::new();
        while s.len() < n {
            s.push_str(h.word);
            s.push_str(sep);
        }
        s
    };
    let head = "From: Ivan <ivan@example.org>\r\nTo: zaochka+12.abcdef@example.com\r\n";
    let ct = |sub: &str| {
        if h.charset.is_empty() {
            format!("Content-Type: text/{sub}\r\n")
        } else {
            format!("Content-Type: text/{sub}; charset=\"{}\"\r\n", h.charset)
        }
    };
    let mut raw: Vec<u8> = match h.kind {
        // One long body line.
        0 => format!("{head}Subject: x\r\n{}\r\n{}\r\n", ct("plain"), repeat(" ")).into_bytes(),
        // A huge (folded) Subject.
        1 => {
            let s = repeat(" ").replace(
                &format!("{} ", h.word).repeat(8),
                &format!("{}\r\n ", h.word.repeat(8)),
            );
            format!("{head}Subject: {s}\r\n\r\n19. cd4\r\n").into_bytes()
        }
        // Many headers.
        2 => {
            let mut s = String::from(head);
            for i in 0..n / 8 {
                s.push_str(&format!("X-{i}: {}\r\n", h.word));
            }
            s.push_str("\r\ncd4\r\n");
            s.into_bytes()
        }
        // Deep MIME nesting.
        3 => {
            let depth = (h.scale as usize) * 2;
            let mut s = String::from(head);
            for i in 0..depth {
                s.push_str(&format!(
                    "Content-Type: multipart/mixed; boundary=\"b{i}\"\r\n\r\n--b{i}\r\n"
                ));
            }
            s.push_str(&format!("{}\r\n{}\r\n", ct("plain"), h.word));
            for i in (0..depth).rev() {
                s.push_str(&format!("--b{i}--\r\n"));
            }
            s.into_bytes()
        }
        // Many parts.
        4 => {
            let mut s = format!("{head}Content-Type: multipart/mixed; boundary=\"q\"\r\n\r\n");
            for _ in 0..n / 32 {
                s.push_str(&format!("--q\r\n{}\r\n{}\r\n", ct("plain"), h.word));
            }
            s.push_str("--q--\r\n");
            s.into_bytes()
        }
        // Base64 body with a long decoded line.
        5 => format!(
            "{head}Subject: x\r\n{}Content-Transfer-Encoding: base64\r\n\r\n{}\r\n",
            ct("plain"),
            base64(repeat(" ").as_bytes())
        )
        .into_bytes(),
        // Quoted-printable with soft breaks making one long line.
        6 => {
            let body = repeat("=20=\r\n");
            format!("{head}Subject: x\r\n{}Content-Transfer-Encoding: quoted-printable\r\n\r\n{body}\r\n", ct("plain")).into_bytes()
        }
        // HTML only.
        7 => {
            let body = repeat(" <b>x</b><hr><blockquote><div>");
            format!(
                "{head}Subject: x\r\n{}\r\n<html><body>{body}</body></html>\r\n",
                ct("html")
            )
            .into_bytes()
        }
        // Quoted history, many lines.
        8 => {
            let mut s = format!(
                "{head}Subject: Re: [zaochka #12] x\r\n\r\n19. cd4\r\n\r\nOn 3 Mar 2025, Bot <bot@example.com> wrote:\r\n"
            );
            while s.len() < n {
                s.push_str(&format!("> {} {}\r\n--\r\n\r\n", h.word, h.word));
            }
            s.into_bytes()
        }
        // format=flowed: many soft breaks, one long line.
        9 => {
            let body = repeat(" \r\n");
            format!("{head}Subject: x\r\nContent-Type: text/plain; format=flowed; delsp=yes\r\n\r\n{body}\r\n").into_bytes()
        }
        // Many short lines of one word each (many intents).
        10 => format!("{head}Subject: {}\r\n\r\n{}", h.word, repeat("\r\n")).into_bytes(),
        // Random bytes after a header.
        _ => {
            let mut v = head.as_bytes().to_vec();
            while v.len() < n {
                v.extend_from_slice(&h.noise);
                v.push(b'\n');
            }
            v
        }
    };
    // Sprinkle the noise over the mail (bad bytes, broken boundaries).
    if !h.noise.is_empty() && h.kind.is_multiple_of(3) {
        let at = (h.noise[0] as usize * raw.len()) / 256;
        raw.splice(at..at, h.noise.iter().copied());
    }
    raw
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_never_panic_envelope_parse(raw in proptest::collection::vec(any::<u8>(), 0..4096)) {
        exercise(&raw);
    }

    #[test]
    fn random_header_like_lines_never_panic_envelope_parse(
        lines in proptest::collection::vec(
            "(From|To|Subject|Content-Type|Content-Transfer-Encoding|Auto-Submitted|Return-Path|References)?: ?[ -~\\t]{0,60}|[ -~]{0,40}|--[a-z]{0,3}-?-?",
            0..30,
        )
    ) {
        exercise(lines.join("\r\n").as_bytes());
    }

    #[test]
    fn cut_and_bit_flipped_real_mails_never_panic_envelope_parse(
        which in 0usize..25,
        cut in any::<prop::sample::Index>(),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..16),
    ) {
        let mails = real_mails();
        let mut raw = mails[which % mails.len()].clone();
        for (at, byte) in flips {
            let i = at.index(raw.len());
            raw[i] ^= byte;
        }
        let end = cut.index(raw.len() + 1);
        raw.truncate(end);
        exercise(&raw);
    }

    #[test]
    fn random_text_never_panics_the_readers(s in "\\PC{0,300}") {
        let _ = quotes::new_text(&s);
        let _ = flowed::unflow(&s, true);
        let _ = flowed::unflow(&s, false);
        let _ = html::html_to_text(&s, true);
        let _ = text::normalise(&s);
        for syntax in [MoveSyntax::Draughts, MoveSyntax::Chess] {
            let cx = Context::single(None, syntax);
            prop_assert!(!read_intents(&s, &s, &cx).is_empty());
        }
    }

    #[test]
    fn mail_like_text_never_panics_the_readers(
        lines in proptest::collection::vec(
            "(> ?)?(#[0-9]{1,3}: )?([0-9]{1,3}\\.{1,3} )?[a-jа-яё0-9:x–\\-. ,?!@<>]{0,30}",
            0..20,
        )
    ) {
        let s = lines.join("\n");
        let _ = quotes::new_text(&s);
        let cx = Context::single(Some(GameId(7)), MoveSyntax::Draughts);
        prop_assert!(!read_intents(&s, &s, &cx).is_empty());
    }
}

/// Runs `cases` generated hostile mails of up to `2^max_scale` bytes; returns
/// the time taken.
fn run_hostile(cases: u32, max_scale: u32) -> std::time::Duration {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let start = Instant::now();
    runner
        .run(&hostile(max_scale), |h| {
            exercise(&build(&h));
            Ok(())
        })
        .unwrap();
    start.elapsed()
}

/// Peak resident set of this process (KiB), from `VmHWM` in /proc/self/status.
fn peak_rss_kib() -> Option<u64> {
    std::fs::read_to_string("/proc/self/status")
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

#[test]
fn generated_hostile_mails_are_bounded() {
    // Up to 2 MiB each (scale 21); a fixed count that runs in seconds.
    run_hostile(600, 21);
}

#[test]
#[ignore = "long run: ZAOCHKA_FUZZ_CASES=1000000 cargo test --test it mail::fuzz:: -- --ignored --nocapture"]
fn long_run_of_generated_hostile_mails() {
    let cases: u32 = std::env::var("ZAOCHKA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let max_scale: u32 = std::env::var("ZAOCHKA_FUZZ_MAX_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(18);
    let took = run_hostile(cases, max_scale);
    let rss = peak_rss_kib().unwrap_or(0);
    println!(
        "mail_fuzz long run: {cases} cases up to 2^{max_scale} bytes in {:.1} s, {:.0} cases/s, peak RSS {} KiB",
        took.as_secs_f64(),
        f64::from(cases) / took.as_secs_f64(),
        rss
    );
    // Memory stays bounded: nothing grows with the number of cases.
    assert!(rss < 512 * 1024, "peak RSS {rss} KiB");
}

#[test]
fn every_real_mail_parses_without_error() {
    for raw in real_mails() {
        assert!(Envelope::parse(&raw).is_ok());
    }
}
