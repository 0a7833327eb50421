//! Sentences made of clauses: a clause (a refusal such as «сейчас не ваш
//! ход», "it is not your move", or a notice's words after an optional game
//! prefix) starts lowercase and is capitalised where it starts a sentence.

/// The text with the letter that starts it capitalised: «сейчас не ваш ход»
/// → «Сейчас не ваш ход». A text that starts with anything but a lowercase
/// letter (a capital, a quotation mark, a digit) is returned as it is.
#[must_use]
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text.to_string(),
    }
}

/// The sentences of a text that begin with a lowercase letter, each cut to
/// its first 60 characters: a sentence begins at the text's start, at each
/// line's start and after `.`, `!` or `?` and a space that end a word (not a
/// move number's `12.` or `7...`: `1. e3-d4`). An indented line is an
/// item of a list (`  и ещё таких строк: 2`), not a sentence; a sentence
/// beginning with a quotation mark, a digit or a sign is not counted.
#[must_use]
pub fn lowercase_starts(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let mut starts = Vec::new();
        if !line.starts_with([' ', '\t']) {
            starts.push(line);
        }
        for (i, _) in line.match_indices(['.', '!', '?']) {
            let after = &line[i + 1..];
            let ends_a_word = line[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphabetic() || "»\"')".contains(c));
            if ends_a_word && after.starts_with(' ') {
                starts.push(after.trim_start());
            }
        }
        for s in starts {
            if s.chars().next().is_some_and(char::is_lowercase) {
                found.push(s.chars().take(60).collect());
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clause_at_a_sentence_start_is_capitalised_and_found_when_it_is_not() {
        assert_eq!(capitalised("сейчас не ваш ход"), "Сейчас не ваш ход");
        assert_eq!(capitalised("it is not your move"), "It is not your move");
        assert_eq!(capitalised("«c3-d4» — это вопрос"), "«c3-d4» — это вопрос");
        assert_eq!(capitalised(""), "");
        assert_eq!(
            lowercase_starts("Ход сделан. сейчас не ваш ход.\nвы не играете"),
            ["сейчас не ваш ход.", "вы не играете"]
        );
        assert!(lowercase_starts("Партия №3 - «c3-d4» не принято: сейчас не ваш ход.").is_empty());
        assert!(lowercase_starts("  «ход» — 12. 3 дня").is_empty());
        assert!(lowercase_starts("Строки:\n  и ещё таких строк: 2").is_empty());
        assert_eq!(lowercase_starts("  и ещё. вот"), ["вот"]);
        assert!(lowercase_starts("«1. c3-x9» и 7... e7:g5").is_empty());
    }
}
