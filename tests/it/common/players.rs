//! The test players and games of the conversations by mail (tests/it/games_by_mail/conversation.rs,
//! tests/it/games_by_mail/ask_referee.rs, tests/it/conditional/by_mail.rs, tests/it/conditional/faults.rs):
//! who they are, the names their mails may carry, and the game set-up.
#![allow(dead_code)]

use super::conversation::{Conversation, GameSpec, Lang, Player};

pub const IVANOV: Player = Player::new("Иванов", "ivanov@example.test", Lang::Ru);
pub const PETROV: Player = Player::new("Петров", "petrov@example.test", Lang::Ru);
pub const SMITH: Player = Player::new("Smith", "smith@example.test", Lang::En);
pub const JONES: Player = Player::new("Jones", "jones@example.test", Lang::En);
pub const JUDGE: Player = Player::new("Судья", "judge@example.test", Lang::Ru);

/// The names that may stand in the players' mails (the checks of
/// `common::conversation` allow them as words).
pub fn names_of(players: &[Player]) -> Vec<&'static str> {
    players.iter().map(|p| p.name).collect()
}

/// The variant's names in subjects (`common::conversation` checks them):
/// English, then Russian.
pub fn variant_names(variant: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match variant {
        "russian" => (&["Russian checkers"], &["Русские шашки"]),
        "international" => (&["International draughts"], &["Международные шашки"]),
        "bashni" => (&["Column checkers (Bashni)"], &["Столбовые шашки"]),
        "lasca" => (&["Lasca"], &["Ласка"]),
        _ => (&["Chess"], &["Шахматы"]),
    }
}

/// Game `id` of `variant` between `white` and `black` on `time_control`.
pub fn spec(
    id: i64,
    variant: &'static str,
    white: Player,
    black: Player,
    time_control: Option<&'static str>,
) -> GameSpec {
    let (names_en, names_ru) = variant_names(variant);
    GameSpec {
        id,
        variant,
        names_en,
        names_ru,
        white,
        black,
        time_control,
    }
}

/// A director's command on game 1 (`referee ACTION 1 --as DIRECTOR --reason
/// сессия`) at an instant between the mails already delivered (dated a day
/// ago, one second apart) and the next one.
pub fn director(c: &Conversation, director: Player, action: &str) {
    let now = chrono::Utc::now().timestamp();
    let at =
        chrono::DateTime::from_timestamp_millis((now - 86_400 + c.sent.len() as i64) * 1000 - 500)
            .unwrap()
            .to_rfc3339();
    let out = c
        .bot
        .command()
        .env("ZAOCHKA_NOW", &at)
        .args([
            "referee",
            action,
            "1",
            "--as",
            director.email,
            "--reason",
            "сессия",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "referee {action}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
