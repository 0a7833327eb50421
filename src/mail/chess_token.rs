//! A permissive recogniser of chess moves as players write them in mail, with
//! no rules behind it: it only says whether a word looks like a move, so that
//! the command reader can pick it out of the text. The referee resolves the
//! text against the position later (through the chess rules).
//!
//! Accepted: SAN (`Nf3`, `exd5`, `Nbd7`, `R1e2`, `e8=Q`, `O-O`, `0-0-0`),
//! long algebraic (`e2-e4`, `Ng1-f3`, `e7xd8Q`, `e2e4`), Russian piece letters
//! (`Кр` king, `Ф` queen, `Л` rook, `С` bishop, `К` knight, `п` pawn),
//! Cyrillic look-alikes `а с е` in squares, `:` `х` `×` for a capture, en and
//! em dashes, and trailing `+ # ! ?` and `e.p.`.

/// A castling move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Castle {
    /// `O-O`.
    KingSide,
    /// `O-O-O`.
    QueenSide,
}

/// A chess move as written, read without a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessToken {
    /// The piece letter in English (`K Q R B N`); `None` for a pawn or castling.
    pub piece: Option<char>,
    /// The file of the start square or of a disambiguation (0 = a).
    pub from_file: Option<u8>,
    /// The rank of the start square or of a disambiguation (0 = rank 1).
    pub from_rank: Option<u8>,
    /// Whether a capture sign was written.
    pub capture: bool,
    /// The destination square (file, rank from 0); `None` for castling.
    pub to: Option<(u8, u8)>,
    /// The promotion piece in English (`Q R B N`).
    pub promotion: Option<char>,
    /// Castling, if that is the move.
    pub castle: Option<Castle>,
}

impl ChessToken {
    /// Whether the token names a whole start square (long algebraic).
    #[must_use]
    pub fn is_long(&self) -> bool {
        self.from_file.is_some() && self.from_rank.is_some()
    }

    /// Whether the token is a bare pawn advance such as `e4`, which in prose
    /// could as well be a square named in passing.
    #[must_use]
    pub fn is_bare_pawn_push(&self) -> bool {
        self.piece.is_none()
            && self.castle.is_none()
            && !self.capture
            && self.from_file.is_none()
            && self.from_rank.is_none()
            && self.promotion.is_none()
    }

    /// The move in SAN-like canonical letters (`Nf3`, `exd5`, `Kf1`, `e2-e4`,
    /// `O-O`), for comparing two writings of the same move.
    #[must_use]
    pub fn canonical(&self) -> String {
        if let Some(c) = self.castle {
            return match c {
                Castle::KingSide => "O-O".into(),
                Castle::QueenSide => "O-O-O".into(),
            };
        }
        let mut s = String::new();
        if let Some(p) = self.piece {
            s.push(p);
        }
        if let Some(f) = self.from_file {
            s.push(char::from(b'a' + f));
        }
        if let Some(r) = self.from_rank {
            s.push(char::from(b'1' + r));
        }
        if self.capture {
            s.push('x');
        } else if self.is_long() {
            s.push('-');
        }
        if let Some((f, r)) = self.to {
            s.push(char::from(b'a' + f));
            s.push(char::from(b'1' + r));
        }
        if let Some(p) = self.promotion {
            s.push('=');
            s.push(p);
        }
        s
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Piece(char),
    File(u8),
    Rank(u8),
    Dash,
    Capture,
    Equals,
}

/// Reads a word as a chess move; `None` when it is not one.
///
/// # Examples
/// ```
/// use zaochka::mail::chess_token::parse;
/// assert_eq!(parse("Nf3").unwrap().canonical(), "Nf3");
/// assert_eq!(parse("Кр e1-f1").unwrap().canonical(), "Ke1-f1");
/// assert_eq!(parse("0-0-0+").unwrap().canonical(), "O-O-O");
/// assert!(parse("h-file").is_none());
/// ```
#[must_use]
pub fn parse(word: &str) -> Option<ChessToken> {
    // No chess move with its annotations comes near 64 bytes; longer words are
    // refused before the loop below (which copies the word per annotation).
    if word.len() > 64 {
        return None;
    }
    let mut s: Vec<char> = word.chars().filter(|c| !c.is_whitespace()).collect();
    // Trailing annotations and e.p.
    loop {
        let text: String = s.iter().collect();
        if let Some(stripped) = text
            .strip_suffix("e.p.")
            .or_else(|| text.strip_suffix("ep"))
            .filter(|t| t.len() >= 2)
        {
            s = stripped.chars().collect();
            continue;
        }
        match s.last() {
            Some('+' | '#' | '!' | '?' | '.' | ',') => {
                s.pop();
            }
            _ => break,
        }
    }
    if s.is_empty() || s.len() > 16 {
        return None;
    }
    if let Some(c) = castle(&s) {
        return Some(ChessToken {
            piece: None,
            from_file: None,
            from_rank: None,
            capture: false,
            to: None,
            promotion: None,
            castle: Some(c),
        });
    }
    let toks = tokenize(&s)?;
    build(&toks)
}

fn castle(s: &[char]) -> Option<Castle> {
    let norm: String = s
        .iter()
        .map(|&c| match c {
            'O' | 'o' | '0' | 'О' | 'о' => 'O',
            '–' | '—' | '−' => '-',
            c => c,
        })
        .collect();
    match norm.as_str() {
        "O-O" => Some(Castle::KingSide),
        "O-O-O" => Some(Castle::QueenSide),
        _ => None,
    }
}

fn tokenize(s: &[char]) -> Option<Vec<Tok>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        // Russian piece letters: Кр (king) before К (knight).
        if (c == 'К' || c == 'к') && s.get(i + 1).is_some_and(|&n| n == 'р' || n == 'Р') {
            out.push(Tok::Piece('K'));
            i += 2;
            // "Кр." with a dot
            if s.get(i) == Some(&'.') {
                i += 1;
            }
            continue;
        }
        let t = match c {
            'K' | 'Q' | 'R' | 'B' | 'N' => Tok::Piece(c),
            'Ф' => Tok::Piece('Q'),
            'Л' => Tok::Piece('R'),
            'С' => Tok::Piece('B'),
            'К' => Tok::Piece('N'),
            'п' | 'П' if i == 0 => {
                i += 1;
                continue;
            }
            'a'..='h' => Tok::File(c as u8 - b'a'),
            'а' => Tok::File(0),
            'с' => Tok::File(2),
            'е' => Tok::File(4),
            '1'..='8' => Tok::Rank(c as u8 - b'1'),
            '-' | '–' | '—' | '−' => Tok::Dash,
            'x' | 'X' | ':' | 'х' | 'Х' | '×' => Tok::Capture,
            '=' => Tok::Equals,
            _ => return None,
        };
        out.push(t);
        i += 1;
    }
    Some(out)
}

fn build(toks: &[Tok]) -> Option<ChessToken> {
    let mut i = 0;
    let piece = match toks.first() {
        Some(Tok::Piece(p)) => {
            i = 1;
            Some(*p)
        }
        _ => None,
    };
    // Promotion at the end: `=Q`, `Q`.
    let mut end = toks.len();
    let mut promotion = None;
    if end >= 2
        && let Tok::Piece(p) = toks[end - 1]
    {
        if p == 'K' {
            return None;
        }
        promotion = Some(p);
        end -= 1;
        if toks[end - 1] == Tok::Equals {
            end -= 1;
        }
    }
    let body = &toks[i..end];
    // The destination: the last two tokens, file then rank.
    let n = body.len();
    if n < 2 {
        return None;
    }
    let (Tok::File(tf), Tok::Rank(tr)) = (body[n - 2], body[n - 1]) else {
        return None;
    };
    let mut capture = false;
    let mut dash = false;
    let mut from_file = None;
    let mut from_rank = None;
    for t in &body[..n - 2] {
        match *t {
            Tok::File(f) if from_file.is_none() && from_rank.is_none() && !capture && !dash => {
                from_file = Some(f);
            }
            Tok::Rank(r) if from_rank.is_none() && !capture && !dash => from_rank = Some(r),
            Tok::Capture if !capture && !dash => capture = true,
            Tok::Dash if !capture && !dash => dash = true,
            _ => return None,
        }
    }
    // A dash needs a whole start square (`e2-e4`); a capture needs something
    // before it (`exd5`, `Nxf3`).
    if dash && (from_file.is_none() || from_rank.is_none()) {
        return None;
    }
    if capture && piece.is_none() && from_file.is_none() {
        return None;
    }
    if promotion.is_some() && piece.is_some() {
        return None;
    }
    Some(ChessToken {
        piece,
        from_file,
        from_rank,
        capture,
        to: Some((tf, tr)),
        promotion,
        castle: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(w: &str) -> Option<String> {
        parse(w).map(|t| t.canonical())
    }

    #[test]
    fn standard_algebraic_moves_are_read() {
        assert_eq!(canon("Nf3").as_deref(), Some("Nf3"));
        assert_eq!(canon("exd5").as_deref(), Some("exd5"));
        assert_eq!(canon("Nbd7").as_deref(), Some("Nbd7"));
        assert_eq!(canon("R1e2").as_deref(), Some("R1e2"));
        assert_eq!(canon("e8=Q+").as_deref(), Some("e8=Q"));
        assert_eq!(canon("Qh4+").as_deref(), Some("Qh4"));
        assert_eq!(canon("d5").as_deref(), Some("d5"));
        assert_eq!(canon("O-O").as_deref(), Some("O-O"));
        assert_eq!(canon("0-0-0").as_deref(), Some("O-O-O"));
    }

    #[test]
    fn long_algebraic_and_russian_letters_are_read() {
        assert_eq!(canon("e2-e4").as_deref(), Some("e2-e4"));
        assert_eq!(canon("Ng1-f3").as_deref(), Some("Ng1-f3"));
        assert_eq!(canon("Кр e1-f1").as_deref(), Some("Ke1-f1"));
        assert_eq!(canon("Крe1–f1").as_deref(), Some("Ke1-f1"));
        assert_eq!(canon("Кg1-f3").as_deref(), Some("Ng1-f3"));
        assert_eq!(canon("Фd1:d7").as_deref(), Some("Qd1xd7"));
        assert_eq!(canon("Сc4").as_deref(), Some("Bc4"));
        assert_eq!(canon("е4").as_deref(), Some("e4"));
        assert_eq!(canon("e4:d5").as_deref(), Some("e4xd5"));
    }

    #[test]
    fn bare_pawn_pushes_are_marked_as_such() {
        assert!(parse("e4").unwrap().is_bare_pawn_push());
        assert!(!parse("Nf3").unwrap().is_bare_pawn_push());
        assert!(!parse("exd5").unwrap().is_bare_pawn_push());
    }

    #[test]
    fn words_that_are_not_moves_are_refused() {
        for w in [
            "", "h-file", "draw", "Kf9", "i4", "e", "e4-", "-e4", "e4-e", "xd5", "N", "Ke8=Q",
            "e2--e4", "1-0", "10-15", "2025",
        ] {
            assert!(parse(w).is_none(), "{w}");
        }
    }
}
