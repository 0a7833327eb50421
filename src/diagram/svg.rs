//! SVG board diagrams: a wooden board with clear dark squares, coordinates,
//! draughts men and kings (a gold crown), chess pieces (Cburnett set), the last
//! move's path as an arrow with its captured squares crossed out, and towers drawn
//! as stacks with their height on a badge and their full composition (top to
//! bottom) listed under the board.
//!
//! Text uses only the bundled font (family "DejaVu Sans", see assets/SOURCES.md);
//! the PNG renderer loads it, so pictures never depend on installed fonts.

use std::fmt::Write;

use super::drawing::{Drawing, Stamp};
use super::pieces::{self, chess_id, draughts_id, num};
use super::{
    Grid, Options, files_on_screen, is_dark, is_king, is_playing, ranks_on_screen, screen_cell,
    square_number, stacks,
};
use crate::games::{BoardView, MoveView};
use crate::rules::Color;

/// Light squares: maple.
pub(super) const LIGHT: &str = "#f0d9b5";
/// Dark squares: walnut, kept clear so pieces stand out on them.
pub(super) const DARK: &str = "#b58863";
/// The frame around the board, and the coordinates written on it.
pub(super) const FRAME: &str = "#5c3a1e";
pub(super) const FRAME_TEXT: &str = "#f0d9b5";
/// The thin dark line between the frame and the squares.
pub(super) const BORDER: &str = "#3b2412";
/// Square numbers on dark squares.
pub(super) const NUMBER_TEXT: &str = "#eedcc3";
/// Last move: tint of its squares, colour of its arrow, of the captured marks.
pub(super) const TINT: &str = "#f4e04d";
pub(super) const ARROW: &str = "#1b7a2f";
pub(super) const CAPTURED: &str = "#c62828";

/// Sizes of one picture, in pixels.
pub(super) struct Layout {
    /// Files (= ranks) on the board.
    pub n: u8,
    /// One square.
    pub s: f32,
    /// The frame around the board (coordinates are written in it).
    pub margin: f32,
    /// Width of the whole picture.
    pub width: f32,
    /// Height of the whole picture (board and, with towers, their list).
    pub height: f32,
}

impl Layout {
    /// Top-left corner of a square in the picture.
    pub fn corner(&self, side: Color, sq: (u8, u8)) -> (f32, f32) {
        let (col, row) = screen_cell(self.n, side, sq);
        (
            self.margin + f32::from(col) * self.s,
            self.margin + f32::from(row) * self.s,
        )
    }

    /// Centre of a square in the picture.
    pub fn centre(&self, side: Color, sq: (u8, u8)) -> (f32, f32) {
        let (x, y) = self.corner(side, sq);
        (x + self.s / 2.0, y + self.s / 2.0)
    }

    /// The board's own width (squares only).
    pub fn board(&self) -> f32 {
        self.s * f32::from(self.n)
    }
}

/// Width and height in pixels of the picture [`render`] makes for these inputs.
#[must_use]
pub fn size(view: &BoardView, side: Color, opts: &Options) -> (u32, u32) {
    let l = layout(view, side, opts);
    (l.width as u32, l.height as u32)
}

fn layout(view: &BoardView, side: Color, opts: &Options) -> Layout {
    let n = view.side.max(1);
    let s = (opts.board_px.max(u32::from(n) * 16) / u32::from(n)) as f32;
    let margin = (0.5 * s).max(24.0).round();
    let width = s * f32::from(n) + 2.0 * margin;
    let mut l = Layout {
        n,
        s,
        margin,
        width,
        height: width,
    };
    l.height = (l.height + stacks::panel_height(&l, &Grid::new(view), side)).ceil();
    l
}

/// The SVG picture of a board seen from `side` (that side at the bottom), with the
/// last move drawn when given.
#[must_use]
pub fn render(view: &BoardView, last: Option<&MoveView>, side: Color, opts: &Options) -> String {
    draw(view, last, side, opts).to_svg()
}

/// The picture of a board in layers (see [`Drawing`]).
pub(super) fn draw(
    view: &BoardView,
    last: Option<&MoveView>,
    side: Color,
    opts: &Options,
) -> Drawing {
    let l = layout(view, side, opts);
    let grid = Grid::new(view);
    let mut defs = Vec::new();
    let all = view.squares.iter().flat_map(|sq| &sq.pieces);
    if all.clone().any(|p| p.1 == 'm' || is_king(p.1)) {
        defs.extend(pieces::draughts_defs(l.s));
    }
    let used: Vec<String> = all.filter_map(|&(c, p)| chess_id(c, p)).collect();
    defs.extend(pieces::chess_defs(&used, l.s));
    let mut d = Drawing {
        width: l.width as u32,
        height: l.height as u32,
        square: l.s,
        defs,
        under: String::with_capacity(8 * 1024),
        numbers: Vec::new(),
        pieces: Vec::new(),
        over: String::with_capacity(4 * 1024),
        labels: Vec::new(),
    };
    board(&mut d.under, &l, side);
    if let Some(mv) = last {
        squares_of_move(&mut d.under, &l, &grid, mv, side);
        if let Some((line, head)) = arrow(&l, mv, side) {
            d.under.push_str(&line);
            d.over.push_str(&head);
        }
    }
    if view.numbered {
        square_numbers(&mut d.numbers, &l, view, side);
    }
    for sq in &view.squares {
        if sq.pieces.is_empty() || !on_board(&l, (sq.file, sq.rank)) {
            continue;
        }
        let (x, y) = l.corner(side, (sq.file, sq.rank));
        if sq.pieces.len() > 1 {
            stacks::stack(&mut d, &l, (x, y), &sq.pieces);
        } else if let Some(id) = piece_id(sq.pieces[0]) {
            d.pieces
                .push(Stamp::piece(id, x + l.s / 2.0, y + l.s / 2.0, 1.0));
        }
    }
    if let Some(mv) = last {
        captured_towers(&mut d.over, &l, &grid, mv, side);
    }
    coordinates(&mut d.labels, &l, side);
    stacks::panel(&mut d, &l, view, side, opts);
    d
}

/// The definition drawing a piece (`m`/`k` draughts, `KQRBNP` chess).
fn piece_id((color, letter): (Color, char)) -> Option<String> {
    if letter == 'm' || is_king(letter) {
        Some(draughts_id(color, letter, false))
    } else {
        chess_id(color, letter)
    }
}

/// Frame, light squares as one rectangle, dark squares as one path.
fn board(out: &mut String, l: &Layout, side: Color) {
    let b = l.board();
    let _ = write!(
        out,
        r##"<rect width="{w}" height="{h}" fill="{FRAME}"/><rect x="{m0}" y="{m0}" width="{b0}" height="{b0}" fill="{BORDER}"/><rect x="{m}" y="{m}" width="{b}" height="{b}" fill="{LIGHT}"/>"##,
        w = num(l.width),
        h = num(l.height),
        m0 = num(l.margin - 2.0),
        b0 = num(b + 4.0),
        m = num(l.margin),
        b = num(b),
    );
    let mut d = String::new();
    for rank in 0..l.n {
        for file in 0..l.n {
            if is_dark(file, rank) {
                let (x, y) = l.corner(side, (file, rank));
                let _ = write!(
                    d,
                    "M{}{}h{}v{}h-{}Z",
                    num(x),
                    sep(y),
                    num(l.s),
                    num(l.s),
                    num(l.s)
                );
            }
        }
    }
    let _ = write!(out, r#"<path d="{d}" fill="{DARK}"/>"#);
}

/// A separator before a number in path data (a minus sign separates by itself).
fn sep(y: f32) -> String {
    let s = num(y);
    if s.starts_with('-') {
        s
    } else {
        format!(" {s}")
    }
}

/// Whether a square is on the board.
fn on_board(l: &Layout, sq: (u8, u8)) -> bool {
    sq.0 < l.n && sq.1 < l.n
}

/// Tint of the move's squares and a cross over each captured piece's square that
/// is empty now (those still holding a tower get a frame over the tower instead).
fn squares_of_move(out: &mut String, l: &Layout, grid: &Grid<'_>, mv: &MoveView, side: Color) {
    let last_i = mv.path.len().saturating_sub(1);
    for (i, &sq) in mv.path.iter().enumerate().filter(|(_, s)| on_board(l, **s)) {
        let (x, y) = l.corner(side, sq);
        let opacity = if i == 0 || i == last_i { "0.55" } else { "0.3" };
        let _ = write!(
            out,
            r#"<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{TINT}" fill-opacity="{opacity}"/>"#,
            x = num(x),
            y = num(y),
            s = num(l.s),
        );
    }
    for &sq in mv.captured.iter().filter(|s| on_board(l, **s)) {
        if grid.at(sq.0, sq.1).is_some() {
            continue;
        }
        let (x, y) = l.corner(side, sq);
        let (a, b) = (0.22 * l.s, 0.78 * l.s);
        let _ = write!(
            out,
            r#"<path d="M{x1} {y1}L{x2} {y2}M{x1} {y2}L{x2} {y1}" stroke="{CAPTURED}" stroke-width="{w}" stroke-linecap="round"/>"#,
            x1 = num(x + a),
            y1 = num(y + a),
            x2 = num(x + b),
            y2 = num(y + b),
            w = num(0.09 * l.s),
        );
    }
}

/// A red frame around each captured piece's square that still holds pieces (a
/// tower whose top was taken, or a chess square the capturer now stands on).
fn captured_towers(out: &mut String, l: &Layout, grid: &Grid<'_>, mv: &MoveView, side: Color) {
    for &sq in mv.captured.iter().filter(|s| on_board(l, **s)) {
        if grid.at(sq.0, sq.1).is_none() {
            continue;
        }
        let (x, y) = l.corner(side, sq);
        let w = 0.07 * l.s;
        let _ = write!(
            out,
            r#"<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="none" stroke="{CAPTURED}" stroke-width="{w}"/>"#,
            x = num(x + w / 2.0),
            y = num(y + w / 2.0),
            s = num(l.s - w),
            w = num(w),
        );
    }
}

/// Square numbers in the top-left corner of every dark square.
fn square_numbers(out: &mut Vec<Stamp>, l: &Layout, view: &BoardView, side: Color) {
    let fs = (0.18 * l.s).max(9.0);
    for rank in 0..l.n {
        for file in 0..l.n {
            if let Some(k) = square_number(l.n, file, rank).filter(|_| is_playing(view, file, rank))
            {
                let (x, y) = l.corner(side, (file, rank));
                let at = (x + 0.035 * l.s, y + 0.03 * l.s + 0.72 * fs);
                out.push(Stamp::label(k.to_string(), at, fs, NUMBER_TEXT, false));
            }
        }
    }
}

/// The move's path through the centres of its squares, as a line (drawn under the
/// pieces) and an arrowhead ending just short of the piece that moved (drawn over
/// them); `None` for a path of fewer than two squares.
fn arrow(l: &Layout, mv: &MoveView, side: Color) -> Option<(String, String)> {
    let pts: Vec<(f32, f32)> = mv
        .path
        .iter()
        .filter(|s| on_board(l, **s))
        .map(|&s| l.centre(side, s))
        .collect();
    let end = *pts.last()?;
    let before = pts[pts.len().checked_sub(2)?];
    let (dx, dy) = (end.0 - before.0, end.1 - before.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let tip = (end.0 - ux * 0.38 * l.s, end.1 - uy * 0.38 * l.s);
    let head = 0.4 * l.s;
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let half = 0.24 * l.s;
    let mut d = format!("M{} {}", num(pts[0].0), num(pts[0].1));
    for p in &pts[1..pts.len() - 1] {
        let _ = write!(d, "L{} {}", num(p.0), num(p.1));
    }
    let _ = write!(d, "L{} {}", num(base.0 + ux), num(base.1 + uy));
    let line = format!(
        r#"<path d="{d}" fill="none" stroke="{ARROW}" stroke-opacity="0.8" stroke-width="{w}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        w = num(0.12 * l.s),
    );
    let head = format!(
        r#"<path d="M{tx} {ty}L{ax} {ay}L{bx} {by}Z" fill="{ARROW}" fill-opacity="0.9"/>"#,
        tx = num(tip.0),
        ty = num(tip.1),
        ax = num(base.0 - uy * half),
        ay = num(base.1 + ux * half),
        bx = num(base.0 + uy * half),
        by = num(base.1 - ux * half),
    );
    Some((line, head))
}

/// File letters under the board and rank numbers on its left, as `side` sees them.
fn coordinates(out: &mut Vec<Stamp>, l: &Layout, side: Color) {
    let fs = (0.26 * l.s).clamp(11.0, 0.6 * l.margin);
    let bottom = l.margin + l.board() + 0.5 * l.margin + 0.36 * fs;
    let files = files_on_screen(l.n, side);
    let ranks = ranks_on_screen(l.n, side);
    for (i, (&file, &rank)) in files.iter().zip(&ranks).enumerate() {
        let centre = l.margin + (i as f32 + 0.5) * l.s;
        let letter = char::from(b'a' + file).to_string();
        out.push(Stamp::label(letter, (centre, bottom), fs, FRAME_TEXT, true));
        let number = (u32::from(rank) + 1).to_string();
        let at = (0.5 * l.margin, centre + 0.36 * fs);
        out.push(Stamp::label(number, at, fs, FRAME_TEXT, true));
    }
}
