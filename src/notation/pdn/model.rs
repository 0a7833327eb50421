//! The data model of a PDN file as written: a game, a ply, a syntax error.

use super::chars::is_dash;
use super::tags::fen_black_to_move;
use crate::rules::Color;

/// One game of a PDN file, as written.
///
/// Nothing here is checked against the rules of any game: `plies` hold the move
/// text as written (with white space inside a move removed), `result` the result
/// token as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs `(name, value)` in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// Comments before the first ply (between or after the tags), joined with a
    /// space.
    pub comment: Option<String>,
    /// The plies of the main line, in order. Variations are not kept.
    pub plies: Vec<PdnPly>,
    /// The result token that ended the movetext (`1-0`, `1/2-1/2`, `½-½`, `2-0`,
    /// `*`, ...) as written; `None` when the game ended at the next tag or at the
    /// end of the file. The `Result` tag is in `tags`.
    pub result: Option<String>,
    /// The 1-based line where the game starts (its first tag or first move).
    pub line: usize,
}

impl PdnGame {
    /// The value of the first tag named `name`, compared without ASCII case
    /// (`tag("event")` finds `[Event "..."]`).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The value of a Seven Tag Roster tag (`Event`, `Site`, `Date`, `Round`,
    /// `White`, `Black`, `Result`; any tag in fact), `?` when the tag is missing
    /// or empty: the PGN standard's mark for an unknown value (§8.1.1), so a
    /// record without player tags is still read.
    ///
    /// ```
    /// use zaochka::notation::pdn::read_games;
    /// let g = read_games("[White \"\"]\n\n1. c3-d4 *\n").next().unwrap().unwrap();
    /// assert_eq!((g.roster("White"), g.roster("Black")), ("?", "?"));
    /// ```
    #[must_use]
    pub fn roster(&self, name: &str) -> &str {
        self.tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .unwrap_or("?")
    }

    /// The name of the player of a side, as [`PdnGame::roster`] gives it (`?`
    /// when the `White` or `Black` tag is missing or empty).
    #[must_use]
    pub fn player(&self, side: Color) -> &str {
        match side {
            Color::White => self.roster("White"),
            Color::Black => self.roster("Black"),
        }
    }

    /// Whether the first ply is Black's: it was written with a `N...` number,
    /// or the `FEN` tag gives Black to move (a value starting with `B:`, or just
    /// `B`, as PDN FEN does; see [`fen_black_to_move`]).
    #[must_use]
    pub fn black_starts(&self) -> bool {
        self.plies.first().is_some_and(|p| p.black_marker)
            || self.tag("FEN").is_some_and(fen_black_to_move)
    }
}

/// One ply of a [`PdnGame`], as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnPly {
    /// The move number written just before this ply, if any (`15` for
    /// `15. c3-d4` or `15...d6-c5`).
    pub number: Option<u32>,
    /// The number was written with three dots (`15...`, `15…`, or `15. ...`):
    /// Black's move.
    pub black_marker: bool,
    /// The move as written, white space inside it removed (`47x 9` → `47x9`),
    /// annotation marks taken off into `nags`. Never empty; a lone dash (`-`)
    /// stands for an unknown move.
    pub text: String,
    /// Numeric annotation glyphs: `$n` as `n`, and `!` 1, `?` 2, `!!` 3, `??` 4,
    /// `!?` 5, `?!` 6, in the order written.
    pub nags: Vec<u16>,
    /// The `{...}` and `;` comments following the ply, trimmed, joined with a
    /// space; line ends inside are `\n`.
    pub comment: Option<String>,
    /// The 1-based line where the move text starts.
    pub line: usize,
}

impl PdnPly {
    /// Whether the ply is a placeholder for an unknown move (`41. - -`): its text
    /// is one dash (`-`, hyphen, en-dash, em-dash or minus sign).
    #[must_use]
    pub fn is_unknown(&self) -> bool {
        let mut chars = self.text.chars();
        chars.next().is_some_and(is_dash) && chars.next().is_none()
    }
}

/// A syntax problem in one game of a PDN file.
///
/// Every variant carries the 1-based `line` and the offending `text` (cut to
/// about 40 characters).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// A tag pair that is not `[Name "value"]` on one line.
    #[error("line {line}: bad tag `{text}`")]
    BadTag {
        /// Line of the `[`.
        line: usize,
        /// The rest of the line from the `[`.
        text: String,
    },
    /// A `{` comment with no `}` before the end of the file.
    #[error("line {line}: comment not closed `{text}`")]
    UnclosedComment {
        /// Line of the `{`.
        line: usize,
        /// The start of the comment.
        text: String,
    },
    /// A `(` variation with no matching `)` before the next tag line or the end
    /// of the file, or a `/` setup with no closing `/`.
    #[error("line {line}: variation not closed `{text}`")]
    UnclosedVariation {
        /// Line of the `(` or `/`.
        line: usize,
        /// The start of the variation.
        text: String,
    },
    /// A move ending in a separator (`c3-`) with no continuation before a
    /// comment, number, result or the end of the game.
    #[error("line {line}: move not finished `{text}`")]
    IncompleteMove {
        /// Line where the move starts.
        line: usize,
        /// The move so far.
        text: String,
    },
    /// A move number that does not fit in `u32`.
    #[error("line {line}: bad move number `{text}`")]
    BadMoveNumber {
        /// Line of the number.
        line: usize,
        /// The token holding the number.
        text: String,
    },
    /// A NAG that is not `$` and digits fitting `u16`, an annotation mark other
    /// than `! ? !! ?? !? ?!`, or an annotation with no move before it.
    #[error("line {line}: bad annotation `{text}`")]
    BadAnnotation {
        /// Line of the annotation.
        line: usize,
        /// The annotation token.
        text: String,
    },
    /// Anything else that cannot stand here: a stray `)`, `}`, `]` or `"`, a `[`
    /// in the middle of movetext, a token with characters no move has, a move
    /// starting with a separator with no move before it.
    #[error("line {line}: unexpected `{text}`")]
    Unexpected {
        /// Line of the token.
        line: usize,
        /// The token.
        text: String,
    },
}

impl PdnError {
    /// The 1-based line of the problem.
    #[must_use]
    pub fn line(&self) -> usize {
        match self {
            PdnError::BadTag { line, .. }
            | PdnError::UnclosedComment { line, .. }
            | PdnError::UnclosedVariation { line, .. }
            | PdnError::IncompleteMove { line, .. }
            | PdnError::BadMoveNumber { line, .. }
            | PdnError::BadAnnotation { line, .. }
            | PdnError::Unexpected { line, .. } => *line,
        }
    }
}
