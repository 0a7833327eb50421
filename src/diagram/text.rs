//! Text board diagrams for plain-text mail: Unicode (default) or pure ASCII,
//! drawn from the recipient's side.
//!
//! Layout (Russian checkers, initial position, from White's side):
//!
//! ```text
//!    ┌────────────────────────┐
//!  8 │    ●     ●     ●     ● │
//!  7 │ ●     ●     ●     ●    │
//!    ...
//!  1 │ ○     ○     ○     ○    │
//!    └────────────────────────┘
//!      a  b  c  d  e  f  g  h
//! White to move
//! ```
//!
//! - Every square is three characters wide; pieces sit in the middle.
//! - Draughts: `○` white man, `◎` white king, `●` black man, `◉` black king, `·` an
//!   empty dark square, blank a light square (ASCII: `w W b B .`).
//! - Chess: `♔♕♖♗♘♙` White, `♚♛♜♝♞♟` Black, `·` an empty square (ASCII: FEN
//!   letters, upper case White, and `.`).
//! - Coordinates: files below, ranks on the left; on numbered boards (international,
//!   Lasca) the number of the first square of each row on the left and of its last
//!   square on the right instead.
//! - The last move: its squares (from, every landing) in `[ ]`, the captured
//!   pieces' squares in `( )`, and a line `Last move: c3:e5:g7`.
//! - Towers (Bashni, Lasca): the board shows the top piece; below it each tower of
//!   two or more pieces is listed as the picture lists it (`super::tower_list`),
//!   top first, in words: the owner's pieces, then the prisoners under them
//!   (`c1: white king, under it: 4 black men`, [`crate::words::state::tower_words`]).

use super::{
    Grid, Options, files_on_screen, is_king, is_playing, move_text, ranks_on_screen, square_number,
    words,
};
use crate::games::{BoardView, MoveView};
use crate::rules::Color;

/// The glyphs of one character set.
struct Glyphs {
    frame: [char; 6],
    empty: char,
    white_man: char,
    white_king: char,
    black_man: char,
    black_king: char,
}

const UNICODE: Glyphs = Glyphs {
    frame: ['┌', '┐', '└', '┘', '─', '│'],
    empty: '·',
    white_man: '○',
    white_king: '◎',
    black_man: '●',
    black_king: '◉',
};

const ASCII: Glyphs = Glyphs {
    frame: ['+', '+', '+', '+', '-', '|'],
    empty: '.',
    white_man: 'w',
    white_king: 'W',
    black_man: 'b',
    black_king: 'B',
};

impl Glyphs {
    fn of(opts: &Options) -> &'static Glyphs {
        if opts.ascii { &ASCII } else { &UNICODE }
    }

    /// The character of one piece: `m`/`k` draughts, `KQRBNP` chess.
    fn piece(&self, (color, letter): (Color, char), ascii: bool) -> char {
        match (color, letter) {
            (Color::White, 'm') => self.white_man,
            (Color::White, 'k') => self.white_king,
            (Color::Black, 'm') => self.black_man,
            (Color::Black, 'k') => self.black_king,
            (c, l) if ascii => match c {
                Color::White => l.to_ascii_uppercase(),
                Color::Black => l.to_ascii_lowercase(),
            },
            (c, l) => chess_symbol(c, l),
        }
    }
}

fn chess_symbol(color: Color, letter: char) -> char {
    let white = "KQRBNP".find(letter.to_ascii_uppercase());
    match (color, white) {
        (Color::White, Some(i)) => ['♔', '♕', '♖', '♗', '♘', '♙'][i],
        (Color::Black, Some(i)) => ['♚', '♛', '♜', '♝', '♞', '♟'][i],
        _ => '?',
    }
}

/// The text diagram of a board seen from `side` (that side at the bottom), with the
/// last move marked when given, whose move it is, a key to kings when there are
/// any, and the composition of every tower. Lines end with `\n`; no line has
/// trailing blanks.
#[must_use]
pub fn render(view: &BoardView, last: Option<&MoveView>, side: Color, opts: &Options) -> String {
    let g = Glyphs::of(opts);
    let w = words(opts.lang);
    let grid = Grid::new(view);
    let n = view.side;
    let files = files_on_screen(n, side);
    let [tl, tr, bl, br, h, v] = g.frame;
    let rule: String = std::iter::repeat_n(h, 3 * usize::from(n)).collect();
    let mut out = format!("   {tl}{rule}{tr}\n");
    for rank in ranks_on_screen(n, side) {
        let numbers: Vec<u32> = files
            .iter()
            .filter_map(|&f| square_number(n, f, rank))
            .collect();
        let (left, right) = match (view.numbered, numbers.first(), numbers.last()) {
            (true, Some(a), Some(b)) => (a.to_string(), format!(" {b}")),
            (true, _, _) => (String::new(), String::new()),
            (false, _, _) => ((u32::from(rank) + 1).to_string(), String::new()),
        };
        let mut line = format!("{left:>2} {v}");
        for &file in &files {
            line.push_str(&cell(view, &grid, last, g, opts.ascii, (file, rank)));
        }
        line.push(v);
        line.push_str(&right);
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&format!("   {bl}{rule}{br}\n"));
    if !view.numbered {
        let letters: String = files
            .iter()
            .map(|&f| format!(" {} ", char::from(b'a' + f)))
            .collect();
        out.push_str(&format!("    {}\n", letters.trim_end()));
    }
    if opts.show_turn {
        out.push_str(match view.turn {
            Color::White => &w.white_to_move,
            Color::Black => &w.black_to_move,
        });
        out.push('\n');
    }
    if let Some(mv) = last.filter(|m| !m.path.is_empty()) {
        let text = move_text(view, mv, opts.lang);
        out.push_str(&format!("{}: {text} ({})\n", w.last_move, w.marks));
    }
    let any_king = view
        .squares
        .iter()
        .any(|s| s.pieces.iter().any(|p| is_king(p.1)));
    if any_king {
        out.push_str(&format!(
            "{}: {} {}, {} {}\n",
            w.kings, g.white_king, w.white, g.black_king, w.black
        ));
    }
    let towers = super::tower_list(view, side);
    if !towers.is_empty() {
        out.push_str(&format!("{}:\n", w.towers));
        for (square, pieces) in towers {
            out.push_str(&format!(
                "  {square}: {}\n",
                crate::words::state::tower_words(pieces, opts.lang)
            ));
        }
    }
    out
}

/// One square, three characters: the piece (or empty mark) with the last-move marks.
fn cell(
    view: &BoardView,
    grid: &Grid<'_>,
    last: Option<&MoveView>,
    g: &Glyphs,
    ascii: bool,
    (file, rank): (u8, u8),
) -> String {
    let content = match grid.at(file, rank) {
        Some(sq) => g.piece(sq.pieces[0], ascii),
        None if is_playing(view, file, rank) => g.empty,
        None => ' ',
    };
    let on_path = last.is_some_and(|m| m.path.contains(&(file, rank)));
    let captured = last.is_some_and(|m| m.captured.contains(&(file, rank)));
    let (l, r) = match (on_path, captured) {
        (true, _) => ('[', ']'),
        (false, true) => ('(', ')'),
        _ => (' ', ' '),
    };
    format!("{l}{content}{r}")
}
