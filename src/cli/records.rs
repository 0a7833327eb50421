//! Reading a file of game records for `check` and `import`: PDN or PGN by the
//! file's extension, and how each game of the file is read
//! ([`games::FileClues`]: the variant of a game without a `GameType` tag may
//! come from the file's other games). A file that is not UTF-8 is decoded by its
//! charset ([`charset::detect`]: Windows-1251, KOI8-R, Latin-1).
//!
//! A file is read as a stream ([`open`]), never whole: one pass decides the
//! charset, one gathers the file's clues (and counts its games), and the last
//! yields the games one by one, reading the file a window of about a
//! megabyte at a time ([`PdnReader::resume`]), so the memory held does not
//! grow with the file.

use std::collections::VecDeque;
use std::fs::File;
use std::io;
use std::path::Path;

use anyhow::Context;

use super::charset::{self, Charset, Chunks};
use crate::games::{FileClues, Reading, RecordError};
use crate::notation::pdn::{PdnError, PdnGame, PdnReader};

/// One game of a file: unreadable, or read with the way it is to be replayed.
pub(super) type FileGame = Result<(PdnGame, Result<Reading, RecordError>), PdnError>;

/// The bytes of text parsed at a time (a window grows when one game is longer).
const WINDOW: usize = 1 << 20;

/// A file of game records, read whole (for `import`).
pub(super) struct RecordFile {
    /// Its games in file order.
    pub games: Vec<FileGame>,
    /// When the file is not UTF-8: the charset it was decoded from and whether
    /// a `Charset`/`Encoding` tag named it ([`charset::detect`]).
    pub charset: Option<(String, bool)>,
}

/// The note saying how a file that is not UTF-8 was decoded, if it was not.
pub(super) fn charset_note(charset: Option<&(String, bool)>) -> Option<String> {
    charset.map(|(name, tagged)| crate::words::operator::records::charset_note(name, *tagged))
}

impl RecordFile {
    /// The note saying how a file that is not UTF-8 was decoded, if it was not.
    pub fn charset_note(&self) -> Option<String> {
        charset_note(self.charset.as_ref())
    }
}

/// A file of game records opened for reading game by game.
pub(super) struct RecordStream {
    /// A `.pgn` file (any case).
    pub pgn: bool,
    /// As [`RecordFile::charset`].
    pub charset: Option<(String, bool)>,
    /// How many games (readable or not) the file holds.
    pub count: usize,
    /// The games, in file order; an `Err` when the file could no longer be
    /// read (the last item).
    pub games: Games,
}

/// Reads a PDN or PGN file (`.pgn`, any case: PGN) whole and decides each
/// game's reading.
///
/// # Errors
/// When the file cannot be read.
pub(super) fn read(path: &Path) -> anyhow::Result<RecordFile> {
    let stream = open(path)?;
    let games = stream
        .games
        .collect::<io::Result<Vec<_>>>()
        .with_context(|| format!("cannot read {}", path.display()))?;
    Ok(RecordFile {
        games,
        charset: stream.charset,
    })
}

/// Opens a PDN or PGN file (`.pgn`, any case: PGN) for reading game by game:
/// decides its charset and gathers its clues, holding no game.
///
/// # Errors
/// When the file cannot be read.
pub(super) fn open(path: &Path) -> anyhow::Result<RecordStream> {
    let pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let chunks = || File::open(path).map(Chunks::new);
    let charset =
        charset::detect(chunks).with_context(|| format!("cannot read {}", path.display()))?;
    let mut clues = FileClues::new(pgn);
    let mut count = 0;
    let first = Games::new(chunks()?, charset.clone(), pgn, None);
    for g in first {
        let g = g.with_context(|| format!("cannot read {}", path.display()))?;
        count += 1;
        if let Ok((g, _)) = &g {
            clues.observe(g);
        }
    }
    Ok(RecordStream {
        pgn,
        charset: charset.shown.clone(),
        count,
        games: Games::new(chunks()?, charset, pgn, Some(clues)),
    })
}

/// The games of a file, read a window at a time.
pub(super) struct Games {
    chunks: Chunks<File>,
    charset: Charset,
    pgn: bool,
    /// The clues of the whole file, to give each game its reading; `None`
    /// while they are being gathered (every reading is then the game's own).
    clues: Option<FileClues>,
    /// The text read and not yet parsed, from a line's start.
    text: String,
    /// Where the next game starts in `text`, in its first line.
    pos: usize,
    /// The line number of `pos` in the file.
    line: usize,
    ready: VecDeque<Result<PdnGame, PdnError>>,
    eof: bool,
    done: bool,
}

impl Games {
    fn new(chunks: Chunks<File>, charset: Charset, pgn: bool, clues: Option<FileClues>) -> Games {
        Games {
            chunks,
            charset,
            pgn,
            clues,
            text: String::new(),
            pos: 0,
            line: 1,
            ready: VecDeque::new(),
            eof: false,
            done: false,
        }
    }

    /// Parses the next window: every game in it but the last, which the end
    /// of the window may have cut (it is parsed again with the next window),
    /// unless the file ends there. A window holding less than two games grows.
    fn fill(&mut self) -> io::Result<()> {
        let mut want = WINDOW;
        loop {
            while self.text.len() < want && !self.eof {
                match self.chunks.next() {
                    Some(chunk) => self.text.push_str(&self.charset.decode(&chunk?)),
                    None => self.eof = true,
                }
            }
            let mut reader = PdnReader::resume(&self.text, self.pgn, self.pos, self.line);
            let mut items = Vec::new();
            loop {
                let at = reader.position();
                match reader.next() {
                    Some(item) => items.push((at, item)),
                    None => break,
                }
            }
            if self.eof {
                self.ready.extend(items.into_iter().map(|(_, item)| item));
                self.text = String::new();
                self.done = true;
                return Ok(());
            }
            if items.len() >= 2 {
                let (last, _) = items.pop().expect("two items");
                self.ready.extend(items.into_iter().map(|(_, item)| item));
                self.text.drain(..last.line_start);
                self.pos = last.pos - last.line_start;
                self.line = last.line;
                return Ok(());
            }
            want = want.max(self.text.len()) * 2;
        }
    }
}

impl Iterator for Games {
    type Item = io::Result<FileGame>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(game) = self.ready.pop_front() {
                let clues = self.clues.unwrap_or_else(|| FileClues::new(self.pgn));
                return Some(Ok(game.map(|g| {
                    let reading = clues.reading(&g);
                    (g, reading)
                })));
            }
            if self.done {
                return None;
            }
            if let Err(e) = self.fill() {
                self.done = true;
                return Some(Err(e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pdn::{read_games, read_pgn_games};

    /// Games of every shape the reader knows where a window may end: tags on
    /// one line and on several, comments across lines and right after a
    /// result, games without tags or result, a syntax error the reader
    /// resumes after, CRLF and lone CR line ends, a game longer than a window.
    fn varied(k: usize) -> String {
        match k % 7 {
            0 => format!(
                "[Event \"E{k}\"]\n[White \"Иванов {k}\"]\n[Black \"B\"]\n\n1. c3-d4 f6-g5 2. b2-c3 1-0\n\n"
            ),
            1 => format!(
                "[Event \"E{k}\"][Round \"{k}\"]\r\n1. c3-d4 {{a comment\r\nover lines}} f6-g5 0-1 {{after the result}}\r\n"
            ),
            2 => "1. 32-28 19-23 2. 28x19 14x23 *\n".to_string(),
            3 => format!("[Event \"broken {k}\"\n1. c3-d4\n\n"),
            4 => format!("[Event \"no result {k}\"]\r1. c3-d4 f6-g5\r"),
            5 => format!(
                "[Event \"E{k}\"]\n1. c3-d4 ; to the line's end\nf6-g5 (2. b2-c3 {{inside}}) 1/2-1/2\n"
            ),
            _ => {
                let mut long = format!("[Event \"long {k}\"]\n{{");
                for i in 0..(k % 3) * 60_000 {
                    long.push_str(&format!("word{i} "));
                }
                long.push_str("}\n1. c3-d4 f6-g5 1-0\n");
                long
            }
        }
    }

    #[test]
    fn a_file_read_a_window_at_a_time_gives_the_games_of_the_whole_text() {
        let dir = tempfile::tempdir().unwrap();
        let mut text = String::new();
        let mut k = 0;
        while text.len() < 5 * WINDOW {
            text.push_str(&varied(k));
            k += 1;
        }
        for (name, pgn) in [("many.pdn", false), ("many.pgn", true)] {
            let path = dir.path().join(name);
            std::fs::write(&path, &text).unwrap();
            let whole: Vec<_> = if pgn {
                read_pgn_games(&text).collect()
            } else {
                read_games(&text).collect()
            };
            let stream = open(&path).unwrap();
            assert_eq!(stream.count, whole.len());
            let streamed: Vec<_> = stream.games.map(|g| g.unwrap().map(|(g, _)| g)).collect();
            assert_eq!(streamed.len(), whole.len(), "{name}");
            for (i, (s, w)) in streamed.iter().zip(&whole).enumerate() {
                assert_eq!(s, w, "{name}: game {}", i + 1);
            }
        }
    }
}
