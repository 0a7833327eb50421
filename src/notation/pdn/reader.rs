//! The reader of the two dialects (PDN and PGN): the iterator over the games
//! of a text, its driving loop over the scanner and the builder, and where it
//! resumes after an error.

use super::builder::Builder;
use super::chars::{is_delimiter, snippet, strength_nag};
use super::lexer::Cursor;
use super::model::{PdnError, PdnGame};

/// Reads the games of a whole PDN file, lazily and leniently (see the module
/// doc for every quirk accepted).
///
/// Yields `Ok(game)` per game and `Err(e)` for a game with a syntax problem, then
/// resumes at the next tag block; never panics, on any input. One pass over the
/// text; allocations only for the strings of the returned games.
///
/// ```
/// use zaochka::notation::pdn::read_games;
/// let text = "[Event \"Лиепая\"]\n\n1. c3-d4 d6-c5 2. b2-c3 1-0\n";
/// let games: Vec<_> = read_games(text).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games[0].tag("event"), Some("Лиепая"));
/// assert_eq!(games[0].plies[2].text, "b2-c3");
/// assert_eq!(games[0].result.as_deref(), Some("1-0"));
/// ```
#[must_use]
pub fn read_games(text: &str) -> PdnReader<'_> {
    PdnReader {
        cur: Cursor {
            src: text,
            pos: 0,
            line: 1,
            line_start: 0,
        },
        done: false,
        pgn: false,
    }
}

/// Reads the games of a whole PGN (chess) file: as [`read_games`], except that
/// only the PGN results `1-0`, `0-1`, `1/2-1/2` (also `½-½`) and `*` end a
/// game, so `0-0` and `0-0-0` are castling written with zeros, not the PDN
/// double forfeit.
///
/// ```
/// use zaochka::notation::pdn::read_pgn_games;
/// let text = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 Bc5 1/2-1/2\n";
/// let games: Vec<_> = read_pgn_games(text).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games[0].plies[6].text, "0-0");
/// assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
/// ```
#[must_use]
pub fn read_pgn_games(text: &str) -> PdnReader<'_> {
    PdnReader {
        pgn: true,
        ..read_games(text)
    }
}

/// Iterator over the games of a PDN text; made by [`read_games`] or
/// [`read_pgn_games`].
#[derive(Clone, Debug)]
pub struct PdnReader<'a> {
    cur: Cursor<'a>,
    done: bool,
    /// PGN: only chess results end a game.
    pgn: bool,
}

/// Where a reader stands in its text: the byte offset of what it reads next,
/// the number of that line (from 1) and the byte offset where that line starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReaderPosition {
    /// Byte offset of the next character read.
    pub pos: usize,
    /// The line of `pos`, from 1.
    pub line: usize,
    /// Byte offset of the start of that line.
    pub line_start: usize,
}

impl<'a> PdnReader<'a> {
    /// A reader of `text` (PGN when `pgn`) going on from `pos`, a byte offset
    /// in the first line of `text`, which is line number `line` of the whole
    /// file: it reads from there exactly as a reader of the whole file that
    /// stood at that place (a [`ReaderPosition`] taken between two games)
    /// would, with the same line numbers. So a long file can be read a window
    /// at a time, each window starting at a line's start.
    #[must_use]
    pub fn resume(text: &'a str, pgn: bool, pos: usize, line: usize) -> PdnReader<'a> {
        PdnReader {
            cur: Cursor {
                src: text,
                pos: pos.min(text.len()),
                line,
                line_start: 0,
            },
            done: false,
            pgn,
        }
    }

    /// Where the reader stands: between two games when taken before a call
    /// of `next`.
    #[must_use]
    pub fn position(&self) -> ReaderPosition {
        ReaderPosition {
            pos: self.cur.pos,
            line: self.cur.line,
            line_start: self.cur.line_start,
        }
    }
}

impl Iterator for PdnReader<'_> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let before = self.cur.pos;
            match self.game() {
                Ok(Some(game)) => return Some(Ok(game)),
                Ok(None) => {
                    if self.cur.pos >= self.cur.src.len() || self.cur.pos == before {
                        self.done = true;
                    }
                }
                Err((err, resume)) => {
                    match resume {
                        Resume::Here => {}
                        Resume::AfterTags => self.cur.recover(true),
                        Resume::AfterMovetext => self.cur.recover(false),
                    }
                    if self.cur.pos == before {
                        self.done = true;
                    }
                    return Some(Err(err));
                }
            }
        }
        None
    }
}

impl std::iter::FusedIterator for PdnReader<'_> {}

/// Where the reader goes on after an error.
#[derive(Clone, Copy, Debug)]
enum Resume {
    /// The cursor is already at the next game (or the end).
    Here,
    /// The error was in the tags: skip to the next tag block.
    AfterTags,
    /// The error was in the movetext: skip to the next tag line.
    AfterMovetext,
}

impl PdnReader<'_> {
    /// Reads one game. `Ok(None)`: nothing but space and comments up to the end
    /// or the next game. On error, also says where to resume.
    fn game(&mut self) -> Result<Option<PdnGame>, (PdnError, Resume)> {
        let mut b = Builder::new(self.pgn);
        loop {
            let cur = &mut self.cur;
            cur.skip_space();
            let start = cur.pos;
            let line = cur.line;
            let Some(c) = cur.peek() else { break };
            let step = match c {
                '[' if !b.in_movetext => {
                    b.start(line);
                    cur.tag().map(|t| {
                        b.game.tags.push(t);
                        false
                    })
                }
                '[' if cur.at_line_start(start) => break,
                '{' => cur
                    .brace_comment()
                    .and_then(|t| b.comment(t).map(|()| false)),
                ';' => {
                    let t = cur.line_comment();
                    b.comment(t).map(|()| false)
                }
                '(' => {
                    b.start(line);
                    b.in_movetext = true;
                    let rest = &cur.rest()[1..];
                    let marks = rest.len() - rest.trim_start_matches(['!', '?']).len();
                    if marks > 0 && rest[marks..].starts_with(')') {
                        let text = &rest[..marks];
                        cur.pos += marks + 2;
                        match strength_nag(text) {
                            Some(nag) => b.nag(nag, line, text).map(|()| false),
                            None => Err(PdnError::BadAnnotation {
                                line,
                                text: snippet(text),
                            }),
                        }
                    } else {
                        b.close()
                            .and_then(|()| cur.skip_variation())
                            .map(|()| false)
                    }
                }
                '$' => {
                    b.start(line);
                    b.in_movetext = true;
                    cur.bump();
                    let digits = cur.rest().bytes().take_while(u8::is_ascii_digit).count();
                    let text = &cur.src[start..cur.pos + digits];
                    cur.pos += digits;
                    match text[1..].parse::<u16>() {
                        Ok(nag) => b.nag(nag, line, text).map(|()| false),
                        Err(_) => Err(PdnError::BadAnnotation {
                            line,
                            text: snippet(text),
                        }),
                    }
                }
                '/' => {
                    b.start(line);
                    b.in_movetext = true;
                    b.close().and_then(|()| cur.skip_setup()).map(|()| false)
                }
                c if is_delimiter(c) => Err(PdnError::Unexpected {
                    line,
                    text: c.to_string(),
                }),
                _ => {
                    b.start(line);
                    let word = cur.word();
                    b.word(word, line)
                }
            };
            match step {
                Ok(false) => {}
                Ok(true) => break,
                Err(e) => {
                    let resume = if b.in_movetext {
                        Resume::AfterMovetext
                    } else {
                        Resume::AfterTags
                    };
                    return Err((e, resume));
                }
            }
        }
        // At the end of the file or at the next game's first tag: nothing to skip.
        b.close().map_err(|e| (e, Resume::Here))?;
        let g = b.game;
        if g.tags.is_empty() && g.plies.is_empty() {
            // Only comments, a stray result, or move numbers: not a game.
            return Ok(None);
        }
        Ok(Some(g))
    }
}
