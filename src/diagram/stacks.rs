//! Towers (Bashni, Lasca) in image diagrams.
//!
//! On the board a tower is a stack: the pieces under the top one peep out below
//! it as edges (a buried king's edge is gold) and a blue badge gives its height,
//! while the top piece, which owns the tower, is drawn whole. Under the board a
//! list gives every tower of two or more pieces in full, top to bottom, one disc
//! per piece (kings crowned), the owner's pieces and the prisoners split by a bar,
//! each row headed by the tower's square.

use std::fmt::Write;

use super::drawing::{Drawing, Stamp};
use super::pieces::{RADIUS, draughts_id, num};
use super::svg::Layout;
use super::{Grid, Options, words};
use crate::games::BoardView;
use crate::rules::Color;

/// Pieces of a tower on the board are drawn this much smaller than single pieces.
const STACK_SCALE: f32 = 0.84;
/// Tower badges: the disc, its ring and the tower list's background, the number.
pub(super) const BADGE: &str = "#1f3f73";
pub(super) const TEXT: &str = "#f0d9b5";
pub(super) const BADGE_TEXT: &str = "#fff";

/// A tower of two or more pieces (top first) in the square at top-left (x, y):
/// the pieces bottom first, the badge over them.
pub(super) fn stack(d: &mut Drawing, l: &Layout, (x, y): (f32, f32), pieces: &[(Color, char)]) {
    let s = l.s;
    let n = pieces.len();
    let step = (0.06 * s).min(0.22 * s / (n - 1) as f32);
    let top = y + s / 2.0 - step * (n - 1) as f32 / 2.0;
    for (i, &(c, letter)) in pieces.iter().enumerate().rev() {
        let id = draughts_id(c, letter, i > 0);
        let cy = top + step * i as f32;
        d.pieces
            .push(Stamp::piece(id, x + s / 2.0, cy, STACK_SCALE));
    }
    let fs = 0.2 * s;
    let (bx, by) = (x + 0.83 * s, y + 0.83 * s);
    let _ = write!(
        d.over,
        r##"<circle cx="{bx}" cy="{by}" r="{r}" fill="{BADGE}" stroke="{TEXT}" stroke-width="{w}"/>"##,
        bx = num(bx),
        by = num(by),
        r = num(0.15 * s),
        w = num(0.02 * s),
    );
    let at = (bx, by + 0.36 * fs);
    d.labels
        .push(Stamp::label(n.to_string(), at, fs, BADGE_TEXT, true));
}

/// Sizes of the tower list, relative to the square size.
struct Panel {
    pad: f32,
    title: f32,
    row: f32,
    label: f32,
    disc: f32,
    step: f32,
    gap: f32,
}

fn panel_sizes(s: f32) -> Panel {
    Panel {
        pad: 0.12 * s,
        title: 0.45 * s,
        row: 0.5 * s,
        label: 0.8 * s,
        disc: 0.42 * s,
        step: 0.46 * s,
        gap: 0.22 * s,
    }
}

/// Where each piece of a tower goes in its list row: (x offset from the start of
/// the discs, line), the bar between owner's pieces and prisoners, and the lines used.
type Placement = (Vec<(f32, usize)>, Option<(f32, usize)>, usize);

fn placements(l: &Layout, pieces: &[(Color, char)]) -> Placement {
    let p = panel_sizes(l.s);
    let usable = (l.width - 2.0 * l.margin - p.label).max(p.step);
    let owner = pieces[0].0;
    let (mut x, mut line) = (0.0_f32, 0_usize);
    let mut spots = Vec::with_capacity(pieces.len());
    let mut bar = None;
    for (i, piece) in pieces.iter().enumerate() {
        let split = i > 0 && piece.0 != owner && bar.is_none();
        let need = if split { p.gap + p.step } else { p.step };
        if x > 0.0 && x + need > usable + 0.01 {
            x = 0.0;
            line += 1;
        }
        if split {
            bar = Some((x + p.gap / 2.0, line));
            x += p.gap;
        }
        spots.push((x, line));
        x += p.step;
    }
    (spots, bar, line + 1)
}

/// Height of the tower list under the board (0 without towers).
pub(super) fn panel_height(l: &Layout, grid: &Grid<'_>, side: Color) -> f32 {
    let towers = grid.towers(side);
    if towers.is_empty() {
        return 0.0;
    }
    let p = panel_sizes(l.s);
    let lines: usize = towers.iter().map(|t| placements(l, &t.pieces).2).sum();
    p.title + lines as f32 * p.row + 2.0 * p.pad
}

/// Whether a picture of `view` has words: the tower list's title, drawn
/// when a tower of more than one piece stands on the board.
pub(super) fn has_words(view: &BoardView) -> bool {
    !Grid::new(view).towers(Color::White).is_empty()
}

/// The tower list under the board ([`super::tower_list`], as the text
/// diagram lists it in words).
pub(super) fn panel(d: &mut Drawing, l: &Layout, view: &BoardView, side: Color, opts: &Options) {
    let towers = super::tower_list(view, side);
    if towers.is_empty() {
        return;
    }
    let p = panel_sizes(l.s);
    let fs = (0.26 * l.s).max(11.0);
    let mut y = l.width + p.pad;
    let title = format!("{}:", words(opts.lang).towers);
    let at = (l.margin, y + 0.7 * p.title);
    d.labels.push(Stamp::label(title, at, fs, TEXT, false));
    y += p.title;
    let scale = p.disc / 2.0 / (RADIUS * l.s);
    let x0 = l.margin + p.label;
    for (name, pieces) in towers {
        let mid = y + p.row / 2.0;
        let at = (l.margin, mid + 0.36 * fs);
        d.labels.push(Stamp::label(name, at, fs, TEXT, false));
        let (spots, bar, lines) = placements(l, pieces);
        for (&(c, letter), &(dx, line)) in pieces.iter().zip(&spots) {
            let id = draughts_id(c, letter, false);
            let (cx, cy) = (x0 + dx + p.step / 2.0, mid + line as f32 * p.row);
            d.pieces.push(Stamp::piece(id, cx, cy, scale));
        }
        if let Some((bx, line)) = bar {
            let cy = mid + line as f32 * p.row;
            let _ = write!(
                d.over,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{TEXT}"/>"#,
                num(x0 + bx - 0.02 * l.s),
                num(cy - p.disc / 2.0),
                num(0.04 * l.s),
                num(p.disc),
            );
        }
        y += lines as f32 * p.row;
    }
}
