//! Chess moves written in a reader's piece letters: English `K Q R B N`,
//! Russian `Кр Ф Л С К` (the letters the move reader reads back, in
//! [`super::read`]).

use shakmaty::Role;

use crate::vocabulary::Language;

/// A piece's letter in a language: `N` / `К`, `K` / `Кр`; empty for a pawn
/// (SAN writes none).
#[must_use]
pub fn piece_letter(role: Role, lang: Language) -> &'static str {
    match (role, lang) {
        (Role::Pawn, _) => "",
        (Role::Knight, Language::En) => "N",
        (Role::Bishop, Language::En) => "B",
        (Role::Rook, Language::En) => "R",
        (Role::Queen, Language::En) => "Q",
        (Role::King, Language::En) => "K",
        (Role::Knight, Language::Ru) => "К",
        (Role::Bishop, Language::Ru) => "С",
        (Role::Rook, Language::Ru) => "Л",
        (Role::Queen, Language::Ru) => "Ф",
        (Role::King, Language::Ru) => "Кр",
    }
}

fn role_of_letter(c: char) -> Option<Role> {
    Some(match c {
        'N' => Role::Knight,
        'B' => Role::Bishop,
        'R' => Role::Rook,
        'Q' => Role::Queen,
        'K' => Role::King,
        _ => return None,
    })
}

/// A SAN move (`Nxe5`, `exd8=Q+`, `O-O`, as [`crate::notation::chess_move::short`]
/// writes it) in a reader's letters. English: unchanged. Russian, as Russian
/// chess books write short notation: the piece letters `Кр Ф Л С К`, `:` for a
/// capture, the promotion piece right after the square (`К:e5`, `Кр:e2`,
/// `e:d8Ф+`, `Лae1`); castling is written with zeros as Russian books do (`0-0`, `0-0-0`) and the signs `+`, `#` stay. The
/// long form of [`crate::notation::chess_move::full`] is written the same way
/// (`Ng1-f3` → `Кg1-f3`, `e7xd8=Q` → `e7:d8Ф`). The chess move reader reads the
/// result back to the same move.
///
/// ```
/// use zaochka::notation::chess_move::san_for;
/// use zaochka::vocabulary::Language;
/// assert_eq!(san_for("Nxe5", Language::Ru), "К:e5");
/// assert_eq!(san_for("Kxe2", Language::Ru), "Кр:e2");
/// assert_eq!(san_for("exd8=Q+", Language::Ru), "e:d8Ф+");
/// assert_eq!(san_for("O-O-O#", Language::Ru), "0-0-0#");
/// assert_eq!(san_for("Ke1xe2", Language::Ru), "Крe1:e2");
/// assert_eq!(san_for("Nxe5", Language::En), "Nxe5");
/// ```
#[must_use]
pub fn san_for(san: &str, lang: Language) -> String {
    match lang {
        Language::En => san.to_string(),
        Language::Ru => {
            // Russian books write castling with zeros: 0-0, 0-0-0.
            if san.starts_with('O') {
                return san.replace('O', "0");
            }
            let mut out = String::with_capacity(san.len() + 4);
            let mut promotion = false;
            for (i, c) in san.chars().enumerate() {
                match c {
                    '=' => promotion = true,
                    'x' => out.push(':'),
                    c if i == 0 || promotion => match role_of_letter(c) {
                        Some(role) => out.push_str(piece_letter(role, Language::Ru)),
                        None => out.push(c),
                    },
                    c => out.push(c),
                }
                if c != '=' {
                    promotion = false;
                }
            }
            out
        }
    }
}
