//! Reading a file of game records for `check` and `import`: PDN or PGN by the
//! file's extension, and how each game of the file is read
//! ([`games::readings_of_file`]: the variant of a game without a `GameType` tag may
//! come from the file's other games). A file that is not UTF-8 is decoded by its
//! charset ([`charset::decode`]: Windows-1251, KOI8-R, Latin-1).

use std::path::Path;

use anyhow::Context;

use super::charset;
use crate::games::{self, Reading, RecordError};
use crate::notation::pdn::{self, PdnError, PdnGame};

/// One game of a file: unreadable, or read with the way it is to be replayed.
pub(super) type FileGame = Result<(PdnGame, Result<Reading, RecordError>), PdnError>;

/// A file of game records, read.
pub(super) struct RecordFile {
    /// A `.pgn` file (any case): chess by default, and `0-0` is castling there,
    /// not a result.
    pub pgn: bool,
    /// Its games in file order.
    pub games: Vec<FileGame>,
    /// When the file is not UTF-8: the charset it was decoded from and whether
    /// a `Charset`/`Encoding` tag named it ([`charset::decode`]).
    pub charset: Option<(String, bool)>,
}

impl RecordFile {
    /// The note saying how a file that is not UTF-8 was decoded, if it was not.
    pub fn charset_note(&self) -> Option<String> {
        self.charset.as_ref().map(|(name, tagged)| {
            let how = if *tagged {
                "as its Charset tag says"
            } else {
                "detected"
            };
            format!("not UTF-8: read as {name} ({how})")
        })
    }
}

/// Reads a PDN or PGN file (`.pgn`, any case: PGN) and decides each game's reading.
///
/// # Errors
/// When the file cannot be read.
pub(super) fn read(path: &Path) -> anyhow::Result<RecordFile> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let decoded = charset::decode(bytes);
    let text = decoded.text;
    let pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let parsed: Vec<Result<PdnGame, PdnError>> = if pgn {
        pdn::read_pgn_games(&text).collect()
    } else {
        pdn::read_games(&text).collect()
    };
    let readable: Vec<&PdnGame> = parsed.iter().filter_map(|g| g.as_ref().ok()).collect();
    let mut readings = games::readings_of_file(&readable, pgn).into_iter();
    let games = parsed
        .into_iter()
        .map(|g| {
            g.map(|g| {
                let reading = readings
                    .next()
                    .expect("readings_of_file gives one reading per game");
                (g, reading)
            })
        })
        .collect();
    Ok(RecordFile {
        pgn,
        games,
        charset: decoded.charset,
    })
}
