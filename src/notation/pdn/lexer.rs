//! The scanner: a cursor over the text that reads words, tags, comments,
//! variations and setups, and skips to where the reader resumes.

use super::chars::{
    is_ascii_space, is_delimiter, is_inline_space, is_name_char, is_space, snippet,
};
use super::model::PdnError;

#[derive(Clone, Debug)]
pub(super) struct Cursor<'a> {
    pub(super) src: &'a str,
    /// Byte offset of the next character.
    pub(super) pos: usize,
    /// 1-based line of `pos`.
    pub(super) line: usize,
    /// Byte offset where the line of `pos` starts.
    pub(super) line_start: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = match self.src.as_bytes().get(self.pos) {
            Some(&b) if b.is_ascii() => char::from(b),
            _ => self.peek()?,
        };
        self.pos += c.len_utf8();
        if c == '\n' || (c == '\r' && !self.rest().starts_with('\n')) {
            self.line += 1;
            self.line_start = self.pos;
        }
        Some(c)
    }

    /// Moves forward to byte offset `to` (a character boundary at or after `pos`).
    pub(super) fn advance_to(&mut self, to: usize) {
        while self.pos < to && self.bump().is_some() {}
    }

    /// Only white space between the start of the line and `at`.
    pub(super) fn at_line_start(&self, at: usize) -> bool {
        self.src
            .get(self.line_start..at)
            .is_some_and(|s| s.chars().all(is_space))
    }

    /// The text from `at` to the end of its line.
    pub(super) fn line_from(&self, at: usize) -> &'a str {
        let s = &self.src[at..];
        &s[..s.find(['\r', '\n']).unwrap_or(s.len())]
    }

    /// Skips white space and `%` escape lines.
    pub(super) fn skip_space(&mut self) {
        while let Some(&b) = self.src.as_bytes().get(self.pos) {
            if b.is_ascii() && b != b'%' {
                if !is_ascii_space(b) {
                    break;
                }
                self.bump();
                continue;
            }
            let Some(c) = self.peek() else { break };
            if is_space(c) {
                self.bump();
            } else if c == '%' && self.pos == self.line_start {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    pub(super) fn skip_inline_space(&mut self) {
        while self.peek().is_some_and(is_inline_space) {
            self.bump();
        }
    }

    /// Moves past the end of the current line.
    pub(super) fn skip_line(&mut self) {
        let line = self.line;
        while self.line == line && self.bump().is_some() {}
    }

    /// A maximal run of characters that are neither space nor delimiters.
    pub(super) fn word(&mut self) -> &'a str {
        let rest = self.rest();
        let bytes = rest.as_bytes();
        let mut end = 0;
        while end < bytes.len() {
            let b = bytes[end];
            if b.is_ascii() {
                if is_ascii_space(b) || is_delimiter(char::from(b)) {
                    break;
                }
                end += 1;
            } else {
                match rest[end..].chars().next() {
                    Some(c) if !is_space(c) => end += c.len_utf8(),
                    _ => break,
                }
            }
        }
        self.pos += end; // no line ends inside a word
        &rest[..end]
    }

    /// Whether the line starting at byte offset `at` starts with `[` after
    /// white space.
    pub(super) fn line_starts_tag(&self, at: usize) -> bool {
        self.src[at..]
            .trim_start_matches(is_inline_space)
            .starts_with('[')
    }

    /// After an error: skips the rest of the current line, then whole lines up
    /// to the next one starting with `[` that opens a new tag block (is not
    /// right after another tag line, nor right after the bad line when the
    /// error was in the tags).
    pub(super) fn recover(&mut self, in_header: bool) {
        self.skip_line();
        let mut previous_is_tag = in_header;
        while self.pos < self.src.len() {
            let is_tag = self.line_starts_tag(self.pos);
            if is_tag && !previous_is_tag {
                return;
            }
            previous_is_tag = is_tag;
            self.skip_line();
        }
    }

    /// Reads `[Name "value"]` at `[`.
    pub(super) fn tag(&mut self) -> Result<(String, String), PdnError> {
        let start = self.pos;
        let line = self.line;
        let bad = |cur: &Self| PdnError::BadTag {
            line,
            text: snippet(cur.line_from(start)),
        };
        self.bump();
        self.skip_inline_space();
        let name_start = self.pos;
        while self.peek().is_some_and(is_name_char) {
            self.bump();
        }
        if self.pos == name_start {
            return Err(bad(self));
        }
        let name = self.src[name_start..self.pos].to_string();
        self.skip_inline_space();
        if self.peek() != Some('"') {
            return Err(bad(self));
        }
        self.bump();
        let mut value = String::new();
        loop {
            let rest = self.rest();
            let Some(stop) = rest.find(['"', '\\', '\r', '\n']) else {
                return Err(bad(self));
            };
            value.push_str(&rest[..stop]);
            self.pos += stop;
            match self.peek() {
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                _ => return Err(bad(self)),
            }
        }
        self.skip_inline_space();
        if self.peek() != Some(']') {
            return Err(bad(self));
        }
        self.bump();
        Ok((name, value))
    }

    /// Reads a `{...}` comment at `{`; the cursor stays at `{` on error.
    pub(super) fn brace_comment(&mut self) -> Result<&'a str, PdnError> {
        let body = &self.src[self.pos + 1..];
        let Some(end) = body.find('}') else {
            return Err(PdnError::UnclosedComment {
                line: self.line,
                text: snippet(self.line_from(self.pos)),
            });
        };
        self.advance_to(self.pos + 1 + end + 1);
        Ok(&body[..end])
    }

    /// Reads a `;` comment at `;`, to the end of the line.
    pub(super) fn line_comment(&mut self) -> &'a str {
        let text = &self.line_from(self.pos)[1..];
        self.pos += 1 + text.len();
        text
    }

    /// Skips a `(...)` variation at `(`, nested variations and comments inside;
    /// the cursor stays at `(` on error. A line starting with `[` inside means
    /// the variation was never closed.
    pub(super) fn skip_variation(&mut self) -> Result<(), PdnError> {
        let unclosed = |cur: &Self| PdnError::UnclosedVariation {
            line: cur.line,
            text: snippet(cur.line_from(cur.pos)),
        };
        let bytes = self.src.as_bytes();
        let mut depth = 0usize;
        let mut i = self.pos;
        while i < bytes.len() {
            match bytes[i] {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.advance_to(i + 1);
                        return Ok(());
                    }
                }
                b'{' => match self.src[i..].find('}') {
                    Some(end) => i += end,
                    None => {
                        let mut at = self.clone();
                        at.advance_to(i);
                        return Err(PdnError::UnclosedComment {
                            line: at.line,
                            text: snippet(at.line_from(i)),
                        });
                    }
                },
                b';' => i += self.line_from(i).len() - 1,
                b'\n' | b'\r' if self.line_starts_tag(i + 1) => return Err(unclosed(self)),
                _ => {}
            }
            i += 1;
        }
        Err(unclosed(self))
    }

    /// Skips a `/FEN "..."/` setup at `/`; the cursor stays at `/` on error.
    pub(super) fn skip_setup(&mut self) -> Result<(), PdnError> {
        match self.src[self.pos + 1..].find('/') {
            Some(end) => {
                self.advance_to(self.pos + 1 + end + 1);
                Ok(())
            }
            None => Err(PdnError::UnclosedVariation {
                line: self.line,
                text: snippet(self.line_from(self.pos)),
            }),
        }
    }
}
