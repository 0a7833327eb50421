//! Building one game from the scanner's tokens: joining move fragments into
//! plies, numbers, annotations and comments, with the error checks.

use super::chars::{
    CHECK_SIGNS, append_comment, clean_comment, is_dash, is_move_char, is_san_pawn_capture,
    is_separator, snippet, strength_nag,
};
use super::model::{PdnError, PdnGame, PdnPly};
use super::results::{is_pgn_result, is_result};
use crate::notation::chess_move;

/// How the last token of movetext may join the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Join {
    /// Nothing to join: the next move starts a new ply.
    Closed,
    /// The last ply is a complete move; a token starting with a separator (or a
    /// lone separator) continues it.
    Open,
    /// The last ply ends in a separator; the next token must continue it.
    Hanging,
}

pub(super) struct Builder {
    pub(super) game: PdnGame,
    pub(super) started: bool,
    pub(super) in_movetext: bool,
    pub(super) join: Join,
    pub(super) number: Option<u32>,
    pub(super) black_marker: bool,
    /// When the last ply hangs because a lone dash was joined to it: where the
    /// dash starts in its text, and the dash's line. If nothing continues the
    /// move, the dash was an unknown move after it (`41. 32-28 - 42. ...`).
    pub(super) lone_dash: Option<(usize, usize)>,
    /// PGN: only chess results end a game ([`read_pgn_games`]).
    pub(super) pgn: bool,
}

impl Builder {
    pub(super) fn new(pgn: bool) -> Self {
        Builder {
            pgn,
            game: PdnGame::default(),
            started: false,
            in_movetext: false,
            join: Join::Closed,
            number: None,
            black_marker: false,
            lone_dash: None,
        }
    }

    pub(super) fn is_result(&self, token: &str) -> bool {
        if self.pgn {
            is_pgn_result(token)
        } else {
            is_result(token)
        }
    }

    pub(super) fn start(&mut self, line: usize) {
        if !self.started {
            self.started = true;
            self.game.line = line;
        }
    }

    /// Errs if the last ply hangs on a separator; otherwise closes it.
    pub(super) fn close(&mut self) -> Result<(), PdnError> {
        if let Some((at, line)) = self.lone_dash.take()
            && let Some(ply) = self.game.plies.last_mut()
        {
            let dash = ply.text.split_off(at);
            self.new_ply(&dash, line);
            self.join = Join::Closed;
        }
        if self.join == Join::Hanging {
            let (line, text) = self
                .game
                .plies
                .last()
                .map(|p| (p.line, snippet(&p.text)))
                .unwrap_or_default();
            return Err(PdnError::IncompleteMove { line, text });
        }
        self.join = Join::Closed;
        Ok(())
    }

    pub(super) fn comment(&mut self, text: &str) -> Result<(), PdnError> {
        self.close()?;
        let text = clean_comment(text);
        match self.game.plies.last_mut() {
            Some(ply) => append_comment(&mut ply.comment, text),
            None => append_comment(&mut self.game.comment, text),
        }
        Ok(())
    }

    pub(super) fn nag(&mut self, nag: u16, line: usize, text: &str) -> Result<(), PdnError> {
        self.close()?;
        match self.game.plies.last_mut() {
            Some(ply) => {
                ply.nags.push(nag);
                Ok(())
            }
            None => Err(PdnError::BadAnnotation {
                line,
                text: snippet(text),
            }),
        }
    }

    pub(super) fn new_ply(&mut self, text: &str, line: usize) {
        self.game.plies.push(PdnPly {
            number: self.number.take(),
            black_marker: std::mem::take(&mut self.black_marker),
            text: text.to_string(),
            nags: Vec::new(),
            comment: None,
            line,
        });
    }

    /// Handles a word of movetext (no space or delimiter inside). Returns
    /// `true` when the word is a result, which ends the game.
    pub(super) fn word(&mut self, word: &str, line: usize) -> Result<bool, PdnError> {
        self.in_movetext = true;
        if self.is_result(word) {
            self.close()?;
            self.game.result = Some(word.to_string());
            return Ok(true);
        }
        // An en passant mark after the capture (`exd6 e.p.`, `exd6 e.p.+`)
        // belongs to it: in PGN after any move, in a PDN file after a pawn
        // capture in SAN (a chess game without a PGN extension); the chess
        // move reader reads the ply with it. After a draughts move it stays
        // refused.
        if self.join == Join::Open
            && chess_move::is_en_passant_mark(
                word.trim_end_matches(|c| CHECK_SIGNS.contains(&c) || c == '!' || c == '?'),
            )
            && let Some(ply) = self.game.plies.last_mut()
            && (self.pgn || is_san_pawn_capture(&ply.text))
        {
            ply.text.push(' ');
            ply.text.push_str(word);
            return Ok(false);
        }
        let mut rest = word;

        // A move number (`15.`, `15...`, `15…`), perhaps glued to the move, or
        // dots alone for Black's move (`1. ... d6-c5`, `...d6-c5`).
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let after = &rest[digits..];
        let dots_len = after.find(|c| c != '.' && c != '…').unwrap_or(after.len());
        if dots_len > 0 {
            self.close()?;
            let weight: usize = after[..dots_len]
                .chars()
                .map(|c| if c == '…' { 3 } else { 1 })
                .sum();
            if digits > 0 {
                let number =
                    rest[..digits]
                        .parse::<u32>()
                        .map_err(|_| PdnError::BadMoveNumber {
                            line,
                            text: snippet(word),
                        })?;
                self.number = Some(number);
                self.black_marker = weight >= 2;
            } else if weight >= 2 {
                self.black_marker = true;
            } else {
                // A lone `.` belongs to no number.
                return Err(PdnError::Unexpected {
                    line,
                    text: snippet(word),
                });
            }
            rest = &after[dots_len..];
        }
        if rest.is_empty() {
            return Ok(false);
        }

        // Annotation marks at the end.
        let core = rest.trim_end_matches(['!', '?']);
        let marks = &rest[core.len()..];
        let nag = if marks.is_empty() {
            None
        } else {
            Some(strength_nag(marks).ok_or_else(|| PdnError::BadAnnotation {
                line,
                text: snippet(word),
            })?)
        };
        if self.is_result(core) {
            // `1-0!` is neither a result nor a move.
            return Err(PdnError::Unexpected {
                line,
                text: snippet(word),
            });
        }
        if !core.is_empty() {
            self.fragment(core, word, line)?;
        }
        if let Some(nag) = nag {
            self.nag(nag, line, word)?;
        }
        Ok(false)
    }

    /// A piece of a move: joins the last ply or starts a new one.
    pub(super) fn fragment(&mut self, core: &str, word: &str, line: usize) -> Result<(), PdnError> {
        let unexpected = || PdnError::Unexpected {
            line,
            text: snippet(word),
        };
        // PGN: the chess marks `†`, `‡`; PGN and PDN: a glued en passant mark
        // (`exd6e.p.`, `exd6e.p.+`) is part of the move too.
        let signed = core.trim_end_matches(CHECK_SIGNS);
        let plain = match chess_move::en_passant_mark_len(signed) {
            Some(k) => &signed[..signed.len() - k],
            None => core,
        };
        let pgn_mark = |c: char| self.pgn && matches!(c, '†' | '‡');
        if !plain.chars().all(|c| is_move_char(c) || pgn_mark(c)) {
            return Err(unexpected());
        }
        let starts_with_separator = core.chars().next().is_some_and(is_separator);
        let only_separators = core.chars().all(is_separator);
        let joins = match self.join {
            Join::Hanging => true,
            Join::Open => starts_with_separator,
            Join::Closed => false,
        };
        let lone_dash = {
            let mut chars = core.chars();
            chars.next().is_some_and(is_dash) && chars.next().is_none()
        };
        if joins {
            if let Some(ply) = self.game.plies.last_mut() {
                self.lone_dash =
                    (self.join == Join::Open && lone_dash).then_some((ply.text.len(), line));
                ply.text.push_str(core);
            }
        } else if only_separators {
            // An unknown move: one dash.
            if !lone_dash {
                return Err(unexpected());
            }
            self.new_ply(core, line);
            self.join = Join::Closed;
            return Ok(());
        } else if starts_with_separator {
            return Err(unexpected());
        } else {
            self.new_ply(core, line);
        }
        self.join = if core.chars().next_back().is_some_and(is_separator) {
            Join::Hanging
        } else {
            Join::Open
        };
        Ok(())
    }
}
