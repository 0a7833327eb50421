//! The corpus of players' phrasings, `tests/data/phrasings.toml`: mail
//! bodies with the acts a referee applies and the acts they only talk about.
#![allow(dead_code)]

/// One mail of the corpus and the game it is written in.
#[derive(serde::Deserialize)]
pub struct Phrasing {
    /// Unique, language first.
    pub id: String,
    /// The sender's language: `ru` or `en`.
    pub lang: String,
    /// The variant's command-line name.
    pub game: String,
    /// The plies played before the mail; the sender is the side to move.
    pub before: Vec<String>,
    /// Whether the opponent offered a draw with the last ply of `before`.
    #[serde(default)]
    pub offered: bool,
    /// The mail's text.
    pub body: String,
    /// The acts the referee applies: `move`, `offer`, `accept`, `decline`,
    /// `resign`, `claim`.
    pub acts: Vec<String>,
    /// The acts the words name without making them: the reply says each
    /// was not done.
    #[serde(default)]
    pub unsaid: Vec<String>,
}

#[derive(serde::Deserialize)]
struct Phrasings {
    case: Vec<Phrasing>,
}

/// Every case of the corpus, in file order.
pub fn corpus() -> Vec<Phrasing> {
    let text = include_str!("../../data/phrasings.toml");
    let all: Phrasings = toml::from_str(text).expect("tests/data/phrasings.toml reads");
    all.case
}
