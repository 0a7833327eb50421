//! The mail with a new Xfcc password, and the words a player sent with a
//! move from a desktop program, as their opponent reads them (docs/xfcc.md).

use super::catalog::Message;
use crate::vocabulary::Language;

/// The body of the mail that gives a player a new Xfcc password.
#[must_use]
pub fn password_mail(password: &str, lang: Language) -> String {
    Message::new("xfcc-password-mail")
        .arg("password", password)
        .render(lang)
}

/// The words a player sent with a move (Xfcc's `myMessage`), in the
/// reader's language frame: a line naming the sender as the author, then
/// each line of the words quoted with `> ` (as a mail quotes, so that a
/// reply quoting it gives the bot no command).
#[must_use]
pub fn players_message(
    name: &str,
    side: crate::rules::Color,
    text: &str,
    lang: Language,
) -> String {
    let mut out = Message::new("xfcc-players-message")
        .arg("name", name)
        .arg("side", super::game::side_name_capital(side, lang))
        .render(lang);
    for line in text.lines() {
        out.push('\n');
        out.push_str(if line.is_empty() { ">" } else { "> " });
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::players_message;
    use crate::rules::Color;
    use crate::vocabulary::Language;

    #[test]
    fn a_players_words_are_framed_in_the_readers_language_and_quoted_line_by_line() {
        assert_eq!(
            players_message("Alice", Color::White, "Good luck!\n\nSee you", Language::En),
            "White (Alice) sent these words with the move; they are the player's own, \
             the referee neither checks nor answers them:\n> Good luck!\n>\n> See you"
        );
        assert_eq!(
            players_message("Боб", Color::Black, "Удачи!", Language::Ru),
            "Чёрные (Боб) прислали с ходом такие слова; это слова самого игрока, \
             судья их не проверяет и на них не отвечает:\n> Удачи!"
        );
    }
}
