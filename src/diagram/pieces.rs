//! SVG definitions of the pieces: draughts men and kings drawn here (a disc with
//! a ring; a king wears a gold crown), chess pieces from the bundled Cburnett set.
//!
//! Every piece is defined centred on (0, 0), in pixels for one square size, so a
//! piece is placed by its centre alone (and the PNG renderer can draw each kind
//! once and copy it).

use super::assets::CHESS_PIECES;
use crate::rules::Color;

/// Radius of a draughts piece as a fraction of the square.
pub(super) const RADIUS: f32 = 0.40;

/// A number for SVG: at most two decimals, no trailing zeros.
pub(super) fn num(x: f32) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// The id of a draughts piece's definition: `wm`, `wk`, `bm`, `bk`; with
/// `side_view`, the plain disc drawn for a piece buried in a tower (`wm-s` ...).
pub(super) fn draughts_id(color: Color, letter: char, side_view: bool) -> String {
    let c = if color == Color::White { 'w' } else { 'b' };
    let r = if letter == 'k' { 'k' } else { 'm' };
    if side_view {
        format!("{c}{r}-s")
    } else {
        format!("{c}{r}")
    }
}

/// The id of a chess piece's definition: `cwK` ... `cbP`; `None` for a letter
/// that is no chess piece (chess letters are upper case; `k` is a draughts king).
pub(super) fn chess_id(color: Color, letter: char) -> Option<String> {
    "KQRBNP".find(letter)?;
    let c = if color == Color::White { 'w' } else { 'b' };
    Some(format!("c{c}{letter}"))
}

/// The paints of a draughts piece.
pub(super) struct Paint {
    /// The disc.
    pub fill: &'static str,
    /// Its outline.
    pub edge: &'static str,
    /// The inner ring.
    pub ring: &'static str,
}

/// White pieces.
pub(super) const WHITE: Paint = Paint {
    fill: "#f6eedc",
    edge: "#4a3520",
    ring: "#c9b590",
};
/// Black pieces.
pub(super) const BLACK: Paint = Paint {
    fill: "#2b2724",
    edge: "#0d0b0a",
    ring: "#6a6058",
};
/// Gold of the crowns and of buried kings' edges.
pub(super) const GOLD: &str = "#e7b416";
pub(super) const GOLD_EDGE: &str = "#6b4e00";
/// Every colour the bundled chess pieces are painted with (their SVG files;
/// read by the palette's test, which a test of its own checks against the files).
#[cfg(test)]
pub(super) const CHESS_PAINTS: [&str; 3] = ["#000000", "#ffffff", "#ececec"];

/// The definitions of draughts pieces at square size `s` pixels, as (id, markup).
pub(super) fn draughts_defs(s: f32) -> Vec<(String, String)> {
    let r = RADIUS * s;
    let edge_w = num(0.035 * s);
    let mut defs = Vec::new();
    for (color, paint) in [(Color::White, &WHITE), (Color::Black, &BLACK)] {
        for letter in ['m', 'k'] {
            let id = draughts_id(color, letter, false);
            let mut g = format!(
                r##"<g id="{id}"><circle cy="{sh}" r="{r}" fill="#000" fill-opacity="0.3"/><circle r="{r}" fill="{f}" stroke="{e}" stroke-width="{edge_w}"/><circle r="{r2}" fill="none" stroke="{ring}" stroke-width="{ring_w}"/>"##,
                sh = num(0.04 * s),
                r = num(r),
                f = paint.fill,
                e = paint.edge,
                r2 = num(0.68 * r),
                ring = paint.ring,
                ring_w = num(0.025 * s),
            );
            if letter == 'k' {
                g.push_str(&crown(s));
            }
            g.push_str("</g>");
            defs.push((id, g));
            let id = draughts_id(color, letter, true);
            let buried_edge = if letter == 'k' { GOLD } else { paint.edge };
            let side_view = format!(
                r#"<circle id="{id}" r="{r}" fill="{f}" stroke="{e}" stroke-width="{w}"/>"#,
                r = num(r),
                f = paint.fill,
                e = buried_edge,
                w = num(if letter == 'k' { 0.05 * s } else { 0.03 * s }),
            );
            defs.push((id, side_view));
        }
    }
    defs
}

/// A gold crown centred on (0, 0), about a third of a square wide.
fn crown(s: f32) -> String {
    format!(
        r#"<path transform="scale({k})" d="M-36 20L-44-22L-19 0L0-32L19 0L44-22L36 20ZM-36 24H36V36H-36Z" fill="{GOLD}" stroke="{GOLD_EDGE}" stroke-width="5" stroke-linejoin="round"/>"#,
        k = num(0.0044 * s),
    )
}

/// The definitions of the chess pieces in `used` (ids from [`chess_id`]) as (id,
/// markup), each centred on (0, 0) and one square of `s` pixels wide.
pub(super) fn chess_defs(used: &[String], s: f32) -> Vec<(String, String)> {
    let mut defs = Vec::new();
    for (ci, set) in CHESS_PIECES.iter().enumerate() {
        for (pi, svg) in set.iter().enumerate() {
            let c = if ci == 0 { 'w' } else { 'b' };
            let id = format!("c{c}{}", &"KQRBNP"[pi..=pi]);
            if used.contains(&id) {
                let g = format!(
                    r#"<g id="{id}"><g transform="translate({h} {h}) scale({k})">{}</g></g>"#,
                    inner(svg),
                    h = num(-s / 2.0),
                    k = num(s / 45.0),
                );
                defs.push((id, g));
            }
        }
    }
    defs
}

/// The content of an `<svg>` document: between its opening and closing tags.
fn inner(svg: &str) -> &str {
    let start = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1));
    let end = svg.rfind("</svg>");
    match (start, end) {
        (Some(a), Some(b)) if a <= b => &svg[a..b],
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chess_piece_file_has_drawing_inside_its_svg_element() {
        for set in CHESS_PIECES {
            for svg in set {
                let g = inner(svg);
                assert!(g.starts_with("<g") && g.ends_with("</g>"), "{g}");
            }
        }
    }

    #[test]
    fn chess_paints_are_every_colour_of_the_chess_piece_files() {
        for set in CHESS_PIECES {
            for svg in set {
                for key in ["fill:", "stroke:", "fill=\"", "stroke=\""] {
                    for part in svg.split(key).skip(1) {
                        let colour = part.split([';', '"']).next().unwrap_or("");
                        let long: String = if colour.len() == 4 {
                            colour.chars().flat_map(|c| [c, c]).skip(1).collect()
                        } else {
                            colour.to_string()
                        };
                        assert!(
                            colour == "none" || CHESS_PAINTS.contains(&long.as_str()),
                            "{key}{colour}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn numbers_are_written_short() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(0.333), "0.33");
        assert_eq!(num(-0.001), "0");
    }
}
