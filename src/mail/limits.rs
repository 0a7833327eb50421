//! How much of a mail is read: the bounds that keep the work (and the memory)
//! per mail small whatever a stranger sends. The size of the whole mail is
//! `max-message-bytes` in [`crate::config::Config`]; everything else is here.
//!
//! The bounds are checked as early as they can be told:
//! 1. on the raw bytes, BEFORE mail-parser runs ([`scan_raw`]): the number of
//!    header fields and the length of each (top-level and every MIME part's),
//!    the MIME nesting and part count (boundaries followed line by line), and,
//!    in text parts sent as they are (no base64 or quoted-printable, a charset
//!    that never shrinks when decoded), the text size, line length and words
//!    per line;
//! 2. on mail-parser's result, before any text is copied: MIME depth and part
//!    count (nested messages included), the decoded text size;
//! 3. on each decoded text part (after `format=flowed` is joined and HTML is
//!    turned into text), before quotes are cut and intents read: line length
//!    and words per line.
//!
//! Step 1 only ever finds a mail over a limit that step 2 or 3 would also find
//! over it (it counts less, never more), so it never refuses a mail the later
//! steps accept; it just refuses it without the memory.

use serde::Deserialize;

/// The bounds of one mail. Every field has a default meant for real players'
/// mail, with a wide margin; `[limits]` in the configuration file changes them.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Limits {
    /// Deepest MIME nesting, the top part counting 1 and each multipart or
    /// attached message one more (levels). Default 12 (real mail: 2 to 5).
    pub max_mime_depth: usize,
    /// Most MIME parts in one mail, nested messages' parts included (count).
    /// Default 200.
    pub max_mime_parts: usize,
    /// Most header fields in one header block: the mail's, or one MIME part's
    /// (count). Default 1000 (a mail through many relays has about 50).
    pub max_headers: usize,
    /// Longest header field, its name and every folded line included, line
    /// ends not counted (bytes). Default 65536 (64 KiB; a long `References`
    /// has a few KiB).
    pub max_header_bytes: usize,
    /// Most text in one mail: every text and HTML part as decoded, together
    /// (bytes of UTF-8). Default 2097152 (2 MiB).
    pub max_text_bytes: usize,
    /// Longest line of text, as decoded (after `format=flowed` lines are
    /// joined and HTML is turned into text, before invisible characters are
    /// dropped), line end not counted (bytes). Default 32768 (32 KiB).
    pub max_line_bytes: usize,
    /// Most words in one line of text, words being runs of characters between
    /// spaces or tabs (count). Default 4096.
    pub max_words_per_line: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_mime_depth: 12,
            max_mime_parts: 200,
            max_headers: 1000,
            max_header_bytes: 64 * 1024,
            max_text_bytes: 2 * 1024 * 1024,
            max_line_bytes: 32 * 1024,
            max_words_per_line: 4096,
        }
    }
}

impl Limits {
    /// Checks that no bound is zero (a zero bound would refuse every mail).
    ///
    /// # Errors
    /// The kebab-case name of the first bound that is zero (`max-headers`).
    pub fn validate(&self) -> Result<(), &'static str> {
        for (value, name) in [
            (self.max_mime_depth, "max-mime-depth"),
            (self.max_mime_parts, "max-mime-parts"),
            (self.max_headers, "max-headers"),
            (self.max_header_bytes, "max-header-bytes"),
            (self.max_text_bytes, "max-text-bytes"),
            (self.max_line_bytes, "max-line-bytes"),
            (self.max_words_per_line, "max-words-per-line"),
        ] {
            if value == 0 {
                return Err(name);
            }
        }
        Ok(())
    }
}

/// Which bound a mail went over (see [`Limits`] for the units).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LimitKind {
    /// [`Limits::max_mime_depth`] (levels).
    MimeDepth,
    /// [`Limits::max_mime_parts`] (count).
    MimeParts,
    /// [`Limits::max_headers`] (count).
    Headers,
    /// [`Limits::max_header_bytes`] (bytes).
    HeaderBytes,
    /// [`Limits::max_text_bytes`] (bytes).
    TextBytes,
    /// [`Limits::max_line_bytes`] (bytes).
    LineBytes,
    /// [`Limits::max_words_per_line`] (count).
    WordsPerLine,
}

impl LimitKind {
    /// The configuration key of the bound (`max-line-bytes`), for logs and
    /// the outcome recorded for the referee.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            LimitKind::MimeDepth => "max-mime-depth",
            LimitKind::MimeParts => "max-mime-parts",
            LimitKind::Headers => "max-headers",
            LimitKind::HeaderBytes => "max-header-bytes",
            LimitKind::TextBytes => "max-text-bytes",
            LimitKind::LineBytes => "max-line-bytes",
            LimitKind::WordsPerLine => "max-words-per-line",
        }
    }
}

/// A bound gone over: which, what was found (at least; counting stops soon
/// after the bound) and what is allowed, in the bound's unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Over {
    /// The bound.
    pub limit: LimitKind,
    /// What was found (the bound's unit), larger than `allowed`.
    pub found: usize,
    /// The bound's value.
    pub allowed: usize,
}

fn check(limit: LimitKind, found: usize, allowed: usize) -> Result<(), Over> {
    if found > allowed {
        Err(Over {
            limit,
            found,
            allowed,
        })
    } else {
        Ok(())
    }
}

impl Limits {
    pub(crate) fn check_depth(&self, depth: usize) -> Result<(), Over> {
        check(LimitKind::MimeDepth, depth, self.max_mime_depth)
    }
    pub(crate) fn check_parts(&self, parts: usize) -> Result<(), Over> {
        check(LimitKind::MimeParts, parts, self.max_mime_parts)
    }
    pub(crate) fn check_text(&self, bytes: usize) -> Result<(), Over> {
        check(LimitKind::TextBytes, bytes, self.max_text_bytes)
    }

    /// Checks the line length and words per line of a decoded text (one
    /// pass). Lines end at every line break the text clean-up knows (`\n`,
    /// `\r`, U+2028, U+2029, U+0085); words are separated by spaces, tabs and
    /// the odd spaces that the clean-up turns into spaces (no-break, thin ...),
    /// so that no line of the cleaned text has more bytes or words.
    pub(crate) fn check_lines(&self, text: &str) -> Result<(), Over> {
        let (mut bytes, mut words, mut in_word) = (0usize, 0usize, false);
        for c in text.chars() {
            match c {
                '\n' | '\r' | '\u{2028}' | '\u{2029}' | '\u{85}' => {
                    (bytes, words, in_word) = (0, 0, false);
                    continue;
                }
                c if c == ' ' || crate::mail::text::is_odd_space(c) => in_word = false,
                _ => {
                    if !in_word {
                        in_word = true;
                        words += 1;
                        check(LimitKind::WordsPerLine, words, self.max_words_per_line)?;
                    }
                }
            }
            bytes += c.len_utf8();
            check(LimitKind::LineBytes, bytes, self.max_line_bytes)?;
        }
        Ok(())
    }
}

/// Measures raw lines byte by byte: bytes and words of the current line. A
/// line ends at `\n` or `\r` (and, see [`LineMeter::soft_break`], wherever a
/// decoder may see a line break); words are separated by spaces and tabs only,
/// so it counts no more words than the decoded check.
#[derive(Default)]
struct LineMeter {
    bytes: usize,
    words: usize,
    in_word: bool,
}

impl LineMeter {
    fn byte(&mut self, b: u8, limits: &Limits) -> Result<(), Over> {
        match b {
            b'\n' | b'\r' => {
                *self = LineMeter::default();
            }
            b' ' | b'\t' => {
                self.bytes += 1;
                self.in_word = false;
            }
            _ => {
                self.bytes += 1;
                if !self.in_word {
                    self.in_word = true;
                    self.words += 1;
                    check(
                        LimitKind::WordsPerLine,
                        self.words,
                        limits.max_words_per_line,
                    )?;
                }
            }
        }
        check(LimitKind::LineBytes, self.bytes, limits.max_line_bytes)
    }

    /// A raw-byte break that a decoder may turn into a line end (NEL 0x85 of
    /// single-byte charsets, and the lead byte of UTF-8 U+2028/U+2029/U+0085):
    /// the raw scan starts a new line there so that it never counts more than
    /// the decoded check would.
    fn soft_break(&mut self) {
        *self = LineMeter::default();
    }
}

/// The facts of one header block that the raw scan needs.
#[derive(Default)]
struct PartHead {
    multipart_boundary: Option<Vec<u8>>,
    message: bool,
    /// A text part whose raw lines are its decoded lines (or longer).
    plain_text: bool,
}

/// Checks the bounds that the raw bytes tell, before any parsing: header
/// fields (count, length) of the mail and of every MIME part, MIME depth and
/// part count, and the text of parts sent as they are (size, line length,
/// words per line). One pass over `raw`; the memory used is a few bytes per
/// open multipart.
///
/// # Errors
/// The first bound gone over.
pub fn scan_raw(raw: &[u8], limits: &Limits) -> Result<(), Over> {
    struct Frame {
        boundary: Vec<u8>,
        depth: usize,
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut parts = 1usize;
    let mut text_bytes = 0usize;
    let (mut pos, mut head) = header_block(raw, 0, limits)?;
    let mut depth = 1usize;
    // Enter a part: open its multipart, or read an attached message's header
    // block; returns whether its body lines are plain text.
    let enter = |raw: &[u8],
                 pos: &mut usize,
                 head: PartHead,
                 depth: usize,
                 parts: &mut usize,
                 stack: &mut Vec<Frame>|
     -> Result<bool, Over> {
        let (mut head, mut depth) = (head, depth);
        loop {
            limits.check_depth(depth)?;
            if let Some(boundary) = head.multipart_boundary.take() {
                stack.push(Frame { boundary, depth });
                return Ok(false);
            }
            if head.message {
                // The attached message's own header block follows.
                *parts += 1;
                limits.check_parts(*parts)?;
                let (p, h) = header_block(raw, *pos, limits)?;
                *pos = p;
                head = h;
                depth += 1;
                continue;
            }
            return Ok(head.plain_text);
        }
    };
    let mut text = enter(
        raw,
        &mut pos,
        std::mem::take(&mut head),
        depth,
        &mut parts,
        &mut stack,
    )?;
    let mut meter = LineMeter::default();
    while pos < raw.len() {
        let end = raw[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(raw.len(), |i| pos + i + 1);
        let line = &raw[pos..end];
        pos = end;
        if line.starts_with(b"--") && !stack.is_empty() {
            let bare = trim_end(&line[2..]);
            if let Some(at) = stack.iter().rposition(|f| bare.starts_with(&f.boundary)) {
                let rest = &bare[stack[at].boundary.len()..];
                if rest.is_empty() {
                    // A new part of the multipart at `at`.
                    stack.truncate(at + 1);
                    parts += 1;
                    limits.check_parts(parts)?;
                    depth = stack[at].depth + 1;
                    let (p, h) = header_block(raw, pos, limits)?;
                    pos = p;
                    text = enter(raw, &mut pos, h, depth, &mut parts, &mut stack)?;
                    meter = LineMeter::default();
                    continue;
                }
                if rest == b"--" {
                    // The end of that multipart: what follows is epilogue.
                    stack.truncate(at);
                    text = false;
                    continue;
                }
            }
        }
        if text {
            let mut prev = 0u8;
            for &b in line {
                // A NEL (0x85) alone or in UTF-8 U+0085 (C2 85) / U+2028-9 (E2 80 A8-A9).
                if b == 0x85 || (prev == 0x80 && (b == 0xA8 || b == 0xA9)) {
                    meter.soft_break();
                } else {
                    meter.byte(b, limits)?;
                }
                if b != b'\r' && b != b'\n' {
                    text_bytes += 1;
                }
                prev = b;
            }
            limits.check_text(text_bytes)?;
        }
    }
    Ok(())
}

fn trim_end(b: &[u8]) -> &[u8] {
    let n = b
        .iter()
        .rposition(|c| !matches!(c, b' ' | b'\t' | b'\r' | b'\n'))
        .map_or(0, |i| i + 1);
    &b[..n]
}

/// Reads one header block from `start`: checks the count and length of its
/// fields and returns where its body starts and what the scan needs of it.
/// Only `Content-Type`, `Content-Transfer-Encoding` and `Content-Disposition`
/// are looked into (each already bounded by `max-header-bytes`).
fn header_block(raw: &[u8], start: usize, limits: &Limits) -> Result<(usize, PartHead), Over> {
    let mut fields = 0usize;
    let mut pos = start;
    let mut current: Option<(usize, usize)> = None; // (start, unfolded length)
    let mut wanted: Vec<(usize, usize)> = Vec::new(); // byte ranges of the fields looked into
    let close = |current: Option<(usize, usize)>, end: usize, wanted: &mut Vec<(usize, usize)>| {
        if let Some((s, _)) = current {
            let name = &raw[s..end.min(s + 32)];
            let is = |n: &[u8]| {
                name.len() > n.len() && name[..n.len()].eq_ignore_ascii_case(n) && {
                    let after = &name[n.len()..];
                    let after = &after[after
                        .iter()
                        .take_while(|c| **c == b' ' || **c == b'\t')
                        .count()..];
                    after.first() == Some(&b':')
                }
            };
            if is(b"content-type") || is(b"content-transfer-encoding") || is(b"content-disposition")
            {
                wanted.push((s, end));
            }
        }
    };
    while pos < raw.len() {
        let end = raw[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(raw.len(), |i| pos + i + 1);
        let line = &raw[pos..end];
        let content = line
            .strip_suffix(b"\n")
            .map_or(line, |l| l.strip_suffix(b"\r").unwrap_or(l));
        if content.is_empty() {
            close(current, pos, &mut wanted);
            pos = end;
            return Ok((pos, part_head(raw, &wanted)));
        }
        if matches!(content[0], b' ' | b'\t') && current.is_some() {
            if let Some((_, len)) = &mut current {
                *len += content.len();
                check(LimitKind::HeaderBytes, *len, limits.max_header_bytes)?;
            }
        } else {
            close(current, pos, &mut wanted);
            fields += 1;
            check(LimitKind::Headers, fields, limits.max_headers)?;
            check(
                LimitKind::HeaderBytes,
                content.len(),
                limits.max_header_bytes,
            )?;
            current = Some((pos, content.len()));
        }
        pos = end;
    }
    close(current, pos, &mut wanted);
    Ok((pos, part_head(raw, &wanted)))
}

/// The scan facts from the (bounded) `Content-*` fields of a header block,
/// read by mail-parser.
fn part_head(raw: &[u8], wanted: &[(usize, usize)]) -> PartHead {
    if wanted.is_empty() {
        // No Content-* field: text/plain, us-ascii, 7bit (RFC 2045).
        return PartHead {
            plain_text: true,
            ..PartHead::default()
        };
    }
    let mut block = Vec::new();
    for &(s, e) in wanted {
        block.extend_from_slice(&raw[s..e]);
        if !block.ends_with(b"\n") {
            block.extend_from_slice(b"\r\n");
        }
    }
    block.extend_from_slice(b"\r\n");
    let parsed = std::panic::catch_unwind(|| {
        let m = mail_parser::MessageParser::default().parse_headers(&block[..])?;
        let part = m.parts.first()?;
        use mail_parser::MimeHeaders;
        let ct = part.content_type();
        let (top, sub) = ct.map_or(("text".to_string(), "plain".to_string()), |ct| {
            (
                ct.c_type.to_ascii_lowercase(),
                ct.c_subtype.as_deref().unwrap_or("").to_ascii_lowercase(),
            )
        });
        let boundary = ct
            .and_then(|ct| ct.attribute("boundary"))
            .map(|b| b.as_bytes().to_vec())
            .filter(|b| !b.is_empty());
        let charset = ct
            .and_then(|ct| ct.attribute("charset"))
            .unwrap_or("us-ascii")
            .to_ascii_lowercase();
        let cte = part
            .content_transfer_encoding()
            .unwrap_or("7bit")
            .trim()
            .to_ascii_lowercase();
        let identity = matches!(cte.as_str(), "7bit" | "8bit" | "binary");
        let attached = part.content_disposition().is_some_and(|d| {
            d.c_type.eq_ignore_ascii_case("attachment") || d.attribute("filename").is_some()
        }) || ct.is_some_and(|ct| ct.attribute("name").is_some());
        let growing_charset = charset == "us-ascii"
            || charset == "ascii"
            || charset == "utf-8"
            || charset == "utf8"
            || charset.starts_with("koi8")
            || charset.starts_with("windows-")
            || charset.starts_with("cp")
            || charset.starts_with("iso-8859-");
        Some(PartHead {
            multipart_boundary: (top == "multipart").then_some(boundary).flatten(),
            message: top == "message" && matches!(sub.as_str(), "rfc822" | "global") && identity,
            plain_text: top == "text" && sub == "plain" && identity && !attached && growing_charset,
        })
    });
    parsed.ok().flatten().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn over(raw: &[u8]) -> Option<LimitKind> {
        scan_raw(raw, &Limits::default()).err().map(|o| o.limit)
    }

    #[test]
    fn a_normal_mail_is_within_every_bound() {
        let raw = b"From: a@b.org\r\nTo: c@d.org\r\nSubject: x\r\n\r\n19. g3-h4\r\nDraw?\r\n";
        assert_eq!(over(raw), None);
    }

    #[test]
    fn a_long_body_line_is_over_before_parsing() {
        let mut raw = b"From: a@b.org\r\n\r\n".to_vec();
        raw.extend(b"abcdefghijklmno ".repeat(3_000));
        assert_eq!(over(&raw), Some(LimitKind::LineBytes));
        let mut raw = b"From: a@b.org\r\n\r\n".to_vec();
        raw.extend(b"c ".repeat(5000));
        assert_eq!(over(&raw), Some(LimitKind::WordsPerLine));
    }

    #[test]
    fn a_long_base64_line_is_left_to_the_decoded_check() {
        let mut raw = b"From: a@b.org\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n".to_vec();
        raw.extend(b"QUFB".repeat(20_000));
        assert_eq!(over(&raw), None);
    }

    #[test]
    fn a_long_folded_header_and_many_headers_are_over() {
        let mut raw = b"From: a@b.org\r\nSubject: x".to_vec();
        for _ in 0..1000 {
            raw.extend(b"\r\n ".iter().chain(&[b'y'; 100]));
        }
        raw.extend(b"\r\n\r\nbody\r\n");
        assert_eq!(over(&raw), Some(LimitKind::HeaderBytes));
        let raw = b"X-A: 1\r\n".repeat(1001);
        assert_eq!(over(&raw), Some(LimitKind::Headers));
    }

    #[test]
    fn deep_and_many_mime_parts_are_over() {
        let mut raw = b"From: a@b.org\r\n".to_vec();
        for i in 0..20 {
            raw.extend(
                format!("Content-Type: multipart/mixed; boundary=\"b{i}\"\r\n\r\n--b{i}\r\n")
                    .bytes(),
            );
        }
        raw.extend(b"\r\nx\r\n");
        assert_eq!(over(&raw), Some(LimitKind::MimeDepth));
        let mut raw =
            b"From: a@b.org\r\nContent-Type: multipart/mixed; boundary=\"q\"\r\n\r\n".to_vec();
        for _ in 0..300 {
            raw.extend(b"--q\r\nContent-Type: text/plain\r\n\r\nx\r\n");
        }
        raw.extend(b"--q--\r\n");
        assert_eq!(over(&raw), Some(LimitKind::MimeParts));
    }

    #[test]
    fn a_zero_bound_is_refused() {
        let l = Limits {
            max_headers: 0,
            ..Limits::default()
        };
        assert_eq!(l.validate(), Err("max-headers"));
        assert_eq!(Limits::default().validate(), Ok(()));
    }
}
