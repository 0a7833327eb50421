//! Game prefixes: `#15:`, `№15:`, `15:`, `game 15:`, `партия 15:` at the
//! start of a line, sending it to that game.

use crate::vocabulary::GameId;

/// A game prefix at the start of a line: `#15:`, `#15`, `№15`, `15:`, `game
/// 15:`, `партия 15:`, `партия №15:`, `игра 15:`.
pub(super) fn game_prefix(line: &str) -> (Option<GameId>, &str) {
    // Only the first words can be a prefix: lowercase no more than those.
    let head_end = line.char_indices().nth(8).map_or(line.len(), |(i, _)| i);
    let lower = line[..head_end].to_lowercase();
    for word in ["game ", "партия ", "игра "] {
        if lower.starts_with(word) {
            // The word is ASCII or Cyrillic; find its byte length in `line`.
            let skip = line
                .char_indices()
                .nth(word.chars().count())
                .map_or(line.len(), |(i, _)| i);
            let rest = line[skip..].trim_start();
            let rest = rest.strip_prefix(['#', '№']).unwrap_or(rest);
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0
                && let Some(after) = rest[digits..].trim_start().strip_prefix(':')
                && let Some(g) = game_number(&rest[..digits])
            {
                return (Some(g), after.trim_start());
            }
        }
    }
    if let Some(rest) = line.strip_prefix(['#', '№']) {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0
            && let Some(g) = game_number(&rest[..digits])
        {
            let after = rest[digits..].trim_start();
            let after = after.strip_prefix(':').unwrap_or(after);
            if rest[digits..].is_empty() || rest[digits..].starts_with([' ', ':', '\t']) {
                return (Some(g), after.trim_start());
            }
        }
        return (None, line);
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0
        && let Some(after) = line[digits..].strip_prefix(':')
        && (after.is_empty() || after.starts_with([' ', '\t']))
        && let Some(g) = game_number(&line[..digits])
    {
        return (Some(g), after.trim_start());
    }
    (None, line)
}

pub(super) fn game_number(digits: &str) -> Option<GameId> {
    if digits.len() > 18 {
        return None;
    }
    digits.parse::<i64>().ok().filter(|&n| n > 0).map(GameId)
}
