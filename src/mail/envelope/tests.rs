//! The envelope's unit tests: size and bound refusals with the head read,
//! senders, control characters, the head reader, blank lines, the guard.

use super::body::collapse_blank_lines;
use super::*;
use crate::mail::limits::LimitKind;

#[test]
fn an_over_size_mail_is_refused_before_parsing_but_names_its_sender() {
    let mut raw = b"From: Ivan <ivan@example.org>\r\nTo: zaochka+12.abcdef@example.com\r\n\
Subject: [zaochka #12] move\r\nMessage-ID: <big@example.org>\r\n\r\n"
        .to_vec();
    raw.extend(std::iter::repeat_n(b'A', 2000));
    let err = Envelope::parse_with_limit(&raw, 1000).unwrap_err();
    let EnvelopeError::TooLarge {
        size,
        limit,
        headers,
    } = err
    else {
        panic!("expected TooLarge, got {err:?}");
    };
    assert_eq!((size, limit), (raw.len(), 1000));
    let h = headers.expect("header block read");
    assert!(h.from.unwrap().is("IVAN@example.org"));
    assert_eq!(h.subject, "[zaochka #12] move");
    assert_eq!(h.message_id.as_deref(), Some("big@example.org"));
    assert_eq!(h.recipients[0].address, "zaochka+12.abcdef@example.com");
}

fn base64(data: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in data.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for k in 0..4 {
            if k <= c.len() {
                out.push(char::from(A[((n >> (18 - 6 * k)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn mail(headers: &str, body: &str) -> Vec<u8> {
    format!("{headers}To: zaochka+12.abcdef@example.com\r\nSubject: x\r\n\r\n{body}").into_bytes()
}

#[test]
fn two_from_headers_are_several_senders() {
    let raw = mail("From: a@example.org\r\nFrom: b@example.org\r\n", "cd4\r\n");
    assert_eq!(
        Envelope::parse(&raw),
        Err(EnvelopeError::Sender(SenderProblem::Several))
    );
    let raw = mail("From: a@example.org, b@example.org\r\n", "cd4\r\n");
    assert_eq!(
        Envelope::parse(&raw),
        Err(EnvelopeError::Sender(SenderProblem::Several))
    );
}

#[test]
fn a_from_that_is_not_one_addr_spec_is_unreadable() {
    for from in [
        "From: undisclosed:;\r\n",
        "From: \"x@y.org,evil@z.org\" <>\r\n",
        "From: <x\u{1b}[31m@y.org>\r\n",
        "From: <x y@y.org>\r\n",
    ] {
        let got = Envelope::parse(&mail(from, "cd4\r\n"));
        assert_eq!(
            got.as_ref().err(),
            Some(&EnvelopeError::Sender(SenderProblem::Unreadable)),
            "{from:?} gave {:?}",
            got.as_ref().map(|e| &e.from)
        );
    }
    let ok = Envelope::parse(&mail("From: Ivan <ivan@example.org>\r\n", "cd4\r\n")).unwrap();
    assert!(ok.from.unwrap().is("ivan@example.org"));
}

#[test]
fn control_characters_leave_names_and_subjects() {
    let raw = b"From: =?utf-8?q?Iv=1B[31man=0D=0AX?= <ivan@example.org>\r\nSubject: =?utf-8?q?a=07b=E2=80=AEc?=\r\n\r\ncd4\r\n";
    let e = Envelope::parse(raw).unwrap();
    assert_eq!(e.from.unwrap().name.as_deref(), Some("Iv[31man  X"));
    assert_eq!(e.subject, "abc");
}

#[test]
fn a_long_body_line_is_over_the_limit_and_names_its_sender() {
    let body = "cd4 ".repeat(64 * 1024);
    let raw = mail(
        "From: Ivan <ivan@example.org>\r\nDelivered-To: zaochka+12.abcdef@example.com\r\n",
        &body,
    );
    let Err(EnvelopeError::OverLimit {
        limit,
        found,
        allowed,
        headers,
    }) = Envelope::parse(&raw)
    else {
        panic!("expected OverLimit");
    };
    assert_eq!(limit, LimitKind::WordsPerLine);
    assert!(found > allowed);
    let h = headers.expect("head read");
    assert!(h.from.unwrap().is("ivan@example.org"));
    assert_eq!(h.delivered_to, ["zaochka+12.abcdef@example.com"]);
}

#[test]
fn a_long_line_in_base64_is_found_after_decoding() {
    let body = "cd4 ".repeat(16 * 1024);
    let b64 = base64(body.as_bytes());
    let wrapped: Vec<String> = b64
        .as_bytes()
        .chunks(76)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect();
    let raw = mail(
        "From: ivan@example.org\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n",
        &wrapped.join("\r\n"),
    );
    assert!(matches!(
        Envelope::parse(&raw),
        Err(EnvelopeError::OverLimit {
            limit: LimitKind::LineBytes | LimitKind::WordsPerLine,
            ..
        })
    ));
}

#[test]
fn the_head_reader_skips_a_huge_header_and_reads_a_cut_head() {
    let mut raw = b"From: Ivan <ivan@example.org>\r\nSubject: ".to_vec();
    raw.extend(b"x".repeat(300 * 1024));
    raw.extend(b"\r\nTo: zaochka+12.abcdef@example.com\r\n\r\nbody");
    let h = read_head(&raw).expect("head");
    assert!(h.from.as_ref().unwrap().is("ivan@example.org"), "{h:?}");
    assert_eq!(h.subject, "");
    let mut raw = b"From: Ivan <ivan@example.org>\r\nSubject: ".to_vec();
    raw.extend(b"x".repeat(100 * 1024));
    raw.extend(b"\r\nTo: zaochka+12.abcdef@example.com\r\n\r\nbody");
    let h = read_head(&raw).expect("head");
    assert!(h.from.as_ref().unwrap().is("ivan@example.org"), "{h:?}");
    assert_eq!((h.subject.as_str(), h.recipients.len()), ("", 1));
    // Cut in the middle of the To line: that line is dropped, From is kept.
    let cut = b"From: ivan@example.org\r\nCc: a@b.org\r\nTo: zaochka+12.ab";
    let h = read_head(cut).expect("head");
    assert!(h.from.unwrap().is("ivan@example.org"));
    assert_eq!(h.recipients.len(), 1);
    assert_eq!(h.recipients[0].address, "a@b.org");
    // Two From headers: no verified sender.
    let h = read_head(b"From: a@b.org\r\nFrom: c@d.org\r\n\r\n").expect("head");
    assert_eq!(h.from, None);
}

#[test]
fn blank_line_runs_collapse_to_one() {
    assert_eq!(collapse_blank_lines("\n\na\n\n\n\nb\n\n"), "a\n\nb");
}

#[test]
fn a_panic_inside_the_guard_becomes_an_error() {
    let r: Result<(), EnvelopeError> = guarded(|| panic!("boom"));
    assert_eq!(r, Err(EnvelopeError::Panicked("boom".into())));
}
