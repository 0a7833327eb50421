//! Files compiled into the binary (sources and licences in assets/SOURCES.md).

/// DejaVu Sans Bold, subset to Latin, Cyrillic and a few signs: the only font of
/// image diagrams, so they never depend on the fonts installed on a machine.
pub(super) const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold-subset.ttf");

/// The family name of [`FONT`], as SVG `font-family` names it.
pub(super) const FONT_FAMILY: &str = "DejaVu Sans";

/// Colin M.L. Burnett's chess pieces (45x45 SVG), White then Black, each in the
/// order K Q R B N P.
pub(super) const CHESS_PIECES: [[&str; 6]; 2] = [
    [
        include_str!("../../assets/pieces/cburnett/wK.svg"),
        include_str!("../../assets/pieces/cburnett/wQ.svg"),
        include_str!("../../assets/pieces/cburnett/wR.svg"),
        include_str!("../../assets/pieces/cburnett/wB.svg"),
        include_str!("../../assets/pieces/cburnett/wN.svg"),
        include_str!("../../assets/pieces/cburnett/wP.svg"),
    ],
    [
        include_str!("../../assets/pieces/cburnett/bK.svg"),
        include_str!("../../assets/pieces/cburnett/bQ.svg"),
        include_str!("../../assets/pieces/cburnett/bR.svg"),
        include_str!("../../assets/pieces/cburnett/bB.svg"),
        include_str!("../../assets/pieces/cburnett/bN.svg"),
        include_str!("../../assets/pieces/cburnett/bP.svg"),
    ],
];
