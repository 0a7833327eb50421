//! The words on diagrams (the text diagram, the PNG's and SVG's captions):
//! whose move it is, the last move, the lists of kings and towers.

use crate::vocabulary::Language;

/// Words on diagrams in a language.
pub struct Words {
    /// The side to move, White.
    pub white_to_move: &'static str,
    /// The side to move, Black.
    pub black_to_move: &'static str,
    /// The heading of the last move.
    pub last_move: &'static str,
    /// What the marks on the last move mean.
    pub marks: &'static str,
    /// The heading of the kings' list.
    pub kings: &'static str,
    /// The heading of the list of towers.
    pub towers: &'static str,
    /// A white piece.
    pub white: &'static str,
    /// A black piece.
    pub black: &'static str,
}

/// The words on diagrams in `lang`.
#[must_use]
pub fn words(lang: Language) -> &'static Words {
    const EN: Words = Words {
        white_to_move: "White to move",
        black_to_move: "Black to move",
        last_move: "Last move",
        marks: "[ ] its squares, ( ) captured",
        kings: "Kings",
        towers: "Towers, top to bottom",
        white: "white",
        black: "black",
    };
    const RU: Words = Words {
        white_to_move: "Ход белых",
        black_to_move: "Ход чёрных",
        last_move: "Последний ход",
        marks: "[ ] его поля, ( ) взятые",
        kings: "Дамки",
        towers: "Башни, сверху вниз",
        white: "белые",
        black: "чёрные",
    };
    match lang {
        Language::En => &EN,
        Language::Ru => &RU,
    }
}
