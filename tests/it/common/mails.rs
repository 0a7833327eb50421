//! Picking and checking the bot's mails of one step of a conversation: the
//! mails to one player, the one mail a step must write to a player, and the
//! phrases it must hold (failures collected, not panics).
#![allow(dead_code)]

use super::conversation::{BotMail, Failures, Player};

/// The mails of one step to a player.
pub fn to<'a>(mails: &'a [BotMail], p: &Player) -> Vec<&'a BotMail> {
    mails.iter().filter(|m| m.is_to(p)).collect()
}

/// The one mail of a step to a player (a failure if there are none or several).
pub fn one(mails: &[BotMail], p: &Player, step: &str, f: &mut Failures) -> Option<BotMail> {
    let got = to(mails, p);
    if got.len() != 1 {
        f.add(
            "one_notice_each",
            format!(
                "{step}: {} mail(s) to {}:\n{}",
                got.len(),
                p.email,
                got.iter()
                    .map(|m| m.text.as_str())
                    .collect::<Vec<_>>()
                    .join("\n-----\n")
            ),
        );
    }
    got.first().map(|m| (*m).clone())
}

/// A failure for each phrase of `what` the mail lacks.
pub fn expect_in(mail: &Option<BotMail>, what: &[&str], step: &str, f: &mut Failures) {
    let Some(m) = mail else { return };
    for w in what {
        if !m.text.contains(w) {
            f.add(
                "notice_says",
                format!("{step}: the mail lacks «{w}»:\n{}", m.text),
            );
        }
    }
}
