//! The writer: one game in canonical PDN.

use std::fmt::Write as _;

use super::chars::is_space;
use super::tags::{SEVEN_TAG_ROSTER, fen_black_to_move, write_tag};

/// Lines of movetext written by [`write_game`] are at most this many
/// characters long (unless one move with its number is longer).
pub const LINE_WIDTH: usize = 80;

/// Writes one game in canonical PDN.
///
/// - Tags: those of [`SEVEN_TAG_ROSTER`] present (names compared without ASCII
///   case) first in that order, then the others in the given order, one per
///   line as `[Name "value"]`; `"` and `\` in values are escaped, line ends and
///   other control characters become spaces, characters that cannot be in a
///   name become `_`. A blank line follows when there are tags.
/// - Movetext: `1. c3-d4 d6-c5 2. ...` from `first_move_number`, lines of at most
///   [`LINE_WIDTH`] characters, a move number never parted from its move. When
///   the first ply is Black's (`black_starts`, or a `FEN` tag for which
///   [`fen_black_to_move`] holds) it is written `N... ply`. White space inside a
///   ply is removed; an empty ply is written `-` (unknown move).
/// - `result` last (`*` if empty), then a blank line.
///
/// Plies are written as given: a ply text that reads as something else (a
/// result such as `1-0`, a number `15.`) does not survive a round trip.
///
/// ```
/// use zaochka::notation::pdn::write_game;
/// let tags = vec![("White".to_string(), "Абаулин В.".to_string()),
///                 ("Event".to_string(), "XXV".to_string())];
/// let plies: Vec<String> = ["c3-d4", "f6-g5", "b2-c3"].map(String::from).into();
/// assert_eq!(
///     write_game(&tags, &plies, "1-0", 1, false),
///     "[Event \"XXV\"]\n[White \"Абаулин В.\"]\n\n1. c3-d4 f6-g5 2. b2-c3 1-0\n\n",
/// );
/// ```
#[must_use]
pub fn write_game(
    tags: &[(String, String)],
    plies: &[String],
    result: &str,
    first_move_number: u32,
    black_starts: bool,
) -> String {
    write_game_commented(tags, plies, &[], result, first_move_number, black_starts)
}

/// Writes one game as [`write_game`] does, with `comments[i]` (when given and
/// not blank) written `{...}` right after ply `i`; `}` inside a comment becomes
/// `)` and white space runs one space. Plies past the end of `comments` have none.
///
/// ```
/// use zaochka::notation::pdn::write_game_commented;
/// let plies: Vec<String> = ["c3-d4", "f6-g5"].map(String::from).into();
/// let comments = vec![Some("[%ccsnt 2019.04.02,21:27]".to_string()), None];
/// assert_eq!(
///     write_game_commented(&[], &plies, &comments, "*", 1, false),
///     "1. c3-d4 {[%ccsnt 2019.04.02,21:27]} f6-g5 *\n\n",
/// );
/// ```
#[must_use]
pub fn write_game_commented(
    tags: &[(String, String)],
    plies: &[String],
    comments: &[Option<String>],
    result: &str,
    first_move_number: u32,
    black_starts: bool,
) -> String {
    let mut out = String::with_capacity(64 * tags.len() + 8 * plies.len() + 16);
    let in_roster = |name: &str| {
        SEVEN_TAG_ROSTER
            .iter()
            .any(|r| r.eq_ignore_ascii_case(name))
    };
    for roster_name in SEVEN_TAG_ROSTER {
        for (name, value) in tags
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(roster_name))
        {
            write_tag(&mut out, name, value);
        }
    }
    for (name, value) in tags.iter().filter(|(n, _)| !in_roster(n)) {
        write_tag(&mut out, name, value);
    }
    if !tags.is_empty() {
        out.push('\n');
    }

    let black_starts = black_starts
        || tags
            .iter()
            .any(|(n, v)| n.eq_ignore_ascii_case("FEN") && fen_black_to_move(v));
    let mut number = u64::from(first_move_number);
    let mut column = 0;
    let mut unit = String::new();
    for (i, ply) in plies.iter().enumerate() {
        unit.clear();
        let black = (i % 2 == 1) != black_starts;
        if !black {
            let _ = write!(unit, "{number}. ");
        } else if i == 0 {
            let _ = write!(unit, "{number}... ");
        }
        let len = unit.len();
        unit.extend(ply.chars().filter(|c| !is_space(*c)));
        if unit.len() == len {
            unit.push('-');
        }
        if black {
            number += 1;
        }
        push_wrapped(&mut out, &mut column, &unit);
        if let Some(Some(c)) = comments.get(i) {
            let words: Vec<&str> = c.split_whitespace().collect();
            if !words.is_empty() {
                let text = format!("{{{}}}", words.join(" ").replace('}', ")"));
                push_wrapped(&mut out, &mut column, &text);
            }
        }
    }
    push_wrapped(
        &mut out,
        &mut column,
        if result.trim().is_empty() {
            "*"
        } else {
            result.trim()
        },
    );
    out.push_str("\n\n");
    out
}

pub(super) fn push_wrapped(out: &mut String, column: &mut usize, unit: &str) {
    let width = unit.chars().count();
    if *column > 0 {
        if *column + 1 + width > LINE_WIDTH {
            out.push('\n');
            *column = 0;
        } else {
            out.push(' ');
            *column += 1;
        }
    }
    out.push_str(unit);
    *column += width;
}
