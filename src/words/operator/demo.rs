//! The demonstration's words (`zaochka demo`): the mail its Russian player
//! Иванов sends, and the console lines around it.

use std::fmt::Display;

/// The raw mail (CRLF lines) Иванов sends to `reply_to` at `date`
/// (RFC 2822): "1. cd4" in game #1.
#[must_use]
pub fn players_mail(reply_to: &str, date: &str) -> String {
    format!(
        "From: Иванов <ivanov@example.org>\r\nTo: {reply_to}\r\nSubject: Re: [zaochka #1] russian\r\nMessage-ID: <demo-1@example.org>\r\nDate: {date}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nДобрый день!\r\n\r\n1. cd4\r\n"
    )
}

/// The console line saying Иванов's mail arrived in the inbox.
#[must_use]
pub fn player_mails(reply_to: &str) -> String {
    format!("(Иванов mails \"1. cd4\" to {reply_to}: mail/inbox/new/demo-1.eml)")
}

/// The head of the bot's reply shown, from the outbox folder `outbox`.
#[must_use]
pub fn bots_reply(outbox: impl Display) -> String {
    format!("\nThe bot's reply to Иванов ({outbox}):")
}
