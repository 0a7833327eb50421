//! The words on diagrams (the text diagram, the PNG's and SVG's captions):
//! whose move it is, the last move, the lists of kings and towers.

use std::sync::LazyLock;

use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// Words on diagrams in a language.
pub struct Words {
    /// The side to move, White.
    pub white_to_move: String,
    /// The side to move, Black.
    pub black_to_move: String,
    /// The heading of the last move.
    pub last_move: String,
    /// What the marks on the last move mean.
    pub marks: String,
    /// The heading of the kings' list.
    pub kings: String,
    /// The heading of the list of towers.
    pub towers: String,
    /// A white piece.
    pub white: String,
    /// A black piece.
    pub black: String,
}

impl Words {
    fn of(lang: Language) -> Words {
        let w = |id| Message::new(id).render(lang);
        Words {
            white_to_move: w("diagram-white-to-move"),
            black_to_move: w("diagram-black-to-move"),
            last_move: w("diagram-last-move"),
            marks: w("diagram-marks"),
            kings: w("diagram-kings"),
            towers: w("diagram-towers"),
            white: w("diagram-white"),
            black: w("diagram-black"),
        }
    }
}

/// The words on diagrams in `lang`, read from the catalog once.
#[must_use]
pub fn words(lang: Language) -> &'static Words {
    static EN: LazyLock<Words> = LazyLock::new(|| Words::of(Language::En));
    static RU: LazyLock<Words> = LazyLock::new(|| Words::of(Language::Ru));
    match lang {
        Language::En => &EN,
        Language::Ru => &RU,
    }
}
