//! The languages zaochka answers in.

/// A player's language for replies and messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// English.
    #[default]
    En,
    /// Russian.
    Ru,
}

impl Language {
    /// The language of a code (`en`, `ru`; case-insensitive), `None` otherwise.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" | "eng" | "english" => Some(Language::En),
            "ru" | "rus" | "russian" => Some(Language::Ru),
            _ => None,
        }
    }

    /// The two-letter code.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Ru => "ru",
        }
    }
}
