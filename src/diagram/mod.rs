//! Diagrams of positions for players and referees: one renderer per output, all
//! drawn from the same board model ([`BoardView`] and an optional [`MoveView`]
//! of the last move) and from the recipient's side (that side at the bottom).
//!
//! - [`text`]: Unicode (default) or pure ASCII boards for plain-text mail;
//! - [`svg`]: an SVG image (wooden board, coordinates, pieces, last move, towers);
//! - [`png`]: that SVG rasterised with resvg, the picture inlined in replies;
//! - [`shared`]: each PNG board drawn once per process and shared by every mail
//!   showing it;
//! - [`html`]: the HTML reply body showing the PNG, with the text as fallback;
//! - [`towers`]: the column-checkers position in the seed's notation (text).
//!
//! Every game fills the same [`BoardView`], so a new game needs no change here.
//! Boards are 7x7, 8x8 or 10x10 (any side up to 26 works); on diagonal boards a1
//! is dark, as everywhere in zaochka (RULES.md §1).

mod assets;
mod drawing;
pub mod html;
mod palette;
mod pieces;
pub mod png;
mod quantize;
pub mod shared;
mod stacks;
pub mod svg;
pub mod text;
pub mod towers;

use crate::games::{BoardView, MoveView, SquareView};
use crate::rules::Color;
use crate::vocabulary::Language;
use crate::words::diagram::words;

/// How a diagram is drawn: the player's settings that matter to diagrams.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Text diagrams in pure ASCII instead of Unicode (for mail programs with
    /// poor fonts).
    pub ascii: bool,
    /// The language of the words on diagrams ("White to move", "Last move").
    pub lang: Language,
    /// Image diagrams: the width of the playing area in pixels; a square is
    /// `board_px / side` pixels wide, the frame with coordinates comes on top.
    pub board_px: u32,
    /// Text diagrams: say whose move it is under the board (not for a
    /// finished game).
    pub show_turn: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            ascii: false,
            lang: Language::En,
            board_px: 480,
            show_turn: true,
        }
    }
}

/// Why an image diagram could not be made. These are internal faults (the SVG is
/// generated here), reported rather than panicking inside the mail daemon.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// resvg could not read the generated SVG.
    #[error("diagram svg is unreadable: {0}")]
    Svg(String),
    /// The image would have no pixels or be too large.
    #[error("diagram size {width}x{height} is not drawable")]
    Size {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// The PNG encoder failed.
    #[error("diagram png encoding failed: {0}")]
    Encode(String),
}

/// Whether a square (file and rank from 0) is dark: a1 is dark on every board.
fn is_dark(file: u8, rank: u8) -> bool {
    (file + rank).is_multiple_of(2)
}

/// Whether pieces may stand on a square of this board.
fn is_playing(view: &BoardView, file: u8, rank: u8) -> bool {
    !view.dark_squares_only || is_dark(file, rank)
}

/// Files from the viewer's left to right.
fn files_on_screen(n: u8, side: Color) -> Vec<u8> {
    match side {
        Color::White => (0..n).collect(),
        Color::Black => (0..n).rev().collect(),
    }
}

/// Ranks from the top of the picture to the bottom.
fn ranks_on_screen(n: u8, side: Color) -> Vec<u8> {
    match side {
        Color::White => (0..n).rev().collect(),
        Color::Black => (0..n).collect(),
    }
}

/// Column and row (from the top left, from 0) of a square as `side` sees it.
fn screen_cell(n: u8, side: Color, (file, rank): (u8, u8)) -> (u8, u8) {
    match side {
        Color::White => (file, n - 1 - rank),
        Color::Black => (n - 1 - file, rank),
    }
}

/// The text diagram of a game from `side`'s point of view, its last move
/// marked; column checkers add every tower's composition ([`towers`]).
#[must_use]
pub fn game_text(game: &dyn crate::games::AnyGame, side: Color, opts: &Options) -> String {
    let view = game.board_view();
    let last = game.last_move();
    let mut out = text::render(&view, last.as_ref(), side, opts);
    if matches!(
        game.variant(),
        crate::rules::Variant::Bashni | crate::rules::Variant::Lasca
    ) {
        out.push_str(&towers::position_lines(&view));
    }
    out
}

/// The number of a dark square on a numbered board, `None` for a light square
/// ([`crate::games::square_number`]).
fn square_number(n: u8, file: u8, rank: u8) -> Option<u32> {
    crate::games::square_number(n, file, rank)
}

/// The name of a square as the game writes it ([`BoardView::square_name`]).
pub(crate) fn square_name(view: &BoardView, sq: (u8, u8)) -> String {
    view.square_name(sq)
}

/// The last move as text from its path: `c3:e5:g7` (`-` for a quiet move; `x` as the
/// capture mark on numbered boards, `32x23`, and in chess, `g5xf7`).
fn move_text(view: &BoardView, mv: &MoveView, lang: Language) -> String {
    // Captures: `:` on lettered draughts boards and in Russian chess books,
    // `x` on numbered boards and in English chess.
    let chess = !view.dark_squares_only;
    let sep = match (mv.captured.is_empty(), view.numbered, chess, lang) {
        (true, ..) => "-",
        (false, true, ..) => "x",
        (false, false, true, Language::En) => "x",
        (false, false, _, _) => ":",
    };
    let names: Vec<String> = mv.path.iter().map(|&s| square_name(view, s)).collect();
    names.join(sep)
}

/// The occupied squares of a view, looked up by (file, rank).
struct Grid<'a> {
    n: u8,
    cells: Vec<Option<&'a SquareView>>,
}

impl<'a> Grid<'a> {
    fn new(view: &'a BoardView) -> Grid<'a> {
        let n = view.side;
        let mut cells = vec![None; usize::from(n) * usize::from(n)];
        for sq in &view.squares {
            if sq.file < n && sq.rank < n && !sq.pieces.is_empty() {
                cells[usize::from(sq.rank) * usize::from(n) + usize::from(sq.file)] = Some(sq);
            }
        }
        Grid { n, cells }
    }

    fn at(&self, file: u8, rank: u8) -> Option<&'a SquareView> {
        self.cells[usize::from(rank) * usize::from(self.n) + usize::from(file)]
    }

    /// Towers of more than one piece, in reading order as `side` sees the board.
    fn towers(&self, side: Color) -> Vec<&'a SquareView> {
        let mut v = Vec::new();
        for r in ranks_on_screen(self.n, side) {
            for f in files_on_screen(self.n, side) {
                if let Some(sq) = self.at(f, r).filter(|s| s.pieces.len() > 1) {
                    v.push(sq);
                }
            }
        }
        v
    }
}

/// Every tower of two or more pieces as the pictures list them under the
/// board (the PNG's panel, the text diagram's lines): in reading order as
/// `side` sees the board, each with its square's name and its pieces top
/// first.
pub(crate) fn tower_list(view: &BoardView, side: Color) -> Vec<(String, &[(Color, char)])> {
    Grid::new(view)
        .towers(side)
        .into_iter()
        .map(|t| (square_name(view, (t.file, t.rank)), t.pieces.as_slice()))
        .collect()
}

/// Whether a piece letter is a draughts king.
fn is_king(letter: char) -> bool {
    letter == 'k'
}

/// The composition of a tower in the seed's form (seed 000 §1.10): the owner's
/// pieces, `/`, the prisoners, top to bottom, `0` a man and `1` a king: `1/0000`.
fn seed_composition(pieces: &[(Color, char)]) -> String {
    let owner = pieces.first().map(|p| p.0);
    let mut out = String::new();
    let mut in_owner_run = true;
    for &(c, l) in pieces {
        if in_owner_run && Some(c) != owner {
            out.push('/');
            in_owner_run = false;
        }
        out.push(if is_king(l) { '1' } else { '0' });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn international_numbers_run_from_b10_and_lasca_numbers_from_a1() {
        assert_eq!(square_number(10, 1, 9), Some(1));
        assert_eq!(square_number(10, 9, 9), Some(5));
        assert_eq!(square_number(10, 0, 8), Some(6));
        assert_eq!(square_number(10, 0, 0), Some(46));
        assert_eq!(square_number(10, 8, 0), Some(50));
        assert_eq!(square_number(7, 0, 0), Some(1));
        assert_eq!(square_number(7, 6, 0), Some(4));
        assert_eq!(square_number(7, 1, 1), Some(5));
        assert_eq!(square_number(7, 6, 6), Some(25));
        assert_eq!(square_number(7, 1, 0), None);
    }

    #[test]
    fn seed_composition_splits_owner_pieces_from_prisoners() {
        let w = Color::White;
        let b = Color::Black;
        assert_eq!(
            seed_composition(&[(w, 'k'), (b, 'm'), (b, 'm'), (b, 'm'), (b, 'm')]),
            "1/0000"
        );
        assert_eq!(seed_composition(&[(w, 'm'), (w, 'm')]), "00");
        assert_eq!(
            seed_composition(&[(b, 'k'), (b, 'k'), (b, 'm'), (w, 'k')]),
            "110/1"
        );
    }

    /// A tester read "g3 ○/● белые 0/0" under a Bashni board in a mail: the
    /// text lists each tower as the picture does, top first, in words.
    #[test]
    fn the_text_diagram_lists_towers_top_first_in_words() {
        use crate::games::{BoardView, SquareView};
        let (w, b) = (Color::White, Color::Black);
        let view = BoardView {
            side: 8,
            dark_squares_only: true,
            numbered: false,
            squares: vec![
                SquareView {
                    file: 6,
                    rank: 2,
                    pieces: vec![(w, 'm'), (b, 'm')],
                },
                SquareView {
                    file: 2,
                    rank: 0,
                    pieces: vec![(b, 'k'), (b, 'm'), (w, 'm'), (w, 'm'), (w, 'k')],
                },
            ],
            turn: w,
        };
        let ru = Options {
            lang: Language::Ru,
            ..Options::default()
        };
        let text = text::render(&view, None, w, &ru);
        assert!(
            text.contains("  g3: белая простая, под ней: чёрная простая\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "  c1: чёрная дамка, чёрная простая, под ними: 2 белые простые, белая дамка\n"
            ),
            "{text}"
        );
        assert!(!text.contains("0/0") && !text.contains("○/●"), "{text}");
        let en = text::render(&view, None, w, &Options::default());
        assert!(
            en.contains("  g3: white man, under it: black man\n"),
            "{en}"
        );
        // The picture lists the same towers in the same order.
        let listed: Vec<String> = tower_list(&view, w).into_iter().map(|(s, _)| s).collect();
        assert_eq!(listed, ["g3", "c1"]);
    }
}
