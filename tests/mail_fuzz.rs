//! Property tests: no input makes the mail front end panic. Random bytes, the
//! real mails of tests/data/mail cut and bit-flipped, and random text through
//! the quote cutter, the command reader and the text helpers.

use std::path::Path;

use proptest::prelude::*;
use zaochka::mail::intent::{Context, MoveSyntax, read_intents};
use zaochka::mail::{Envelope, EnvelopeError, flowed, html, quotes, text};
use zaochka::store::GameId;

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

/// Parses and, when it parses, reads the intents too.
fn exercise(raw: &[u8]) {
    match Envelope::parse_with_limit(raw, 1 << 20) {
        Ok(e) => {
            for syntax in [MoveSyntax::Draughts, MoveSyntax::Chess] {
                let cx = Context::single(Some(GameId(1)), syntax);
                let got = read_intents(&e.new_text, &e.subject, &cx);
                assert!(!got.is_empty());
            }
        }
        Err(EnvelopeError::Panicked(_) | EnvelopeError::Unparseable) => {}
        Err(e @ EnvelopeError::TooLarge { .. }) => panic!("under the limit: {e}"),
    }
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

#[test]
fn every_real_mail_parses_without_error() {
    for raw in real_mails() {
        assert!(Envelope::parse(&raw).is_ok());
    }
}
