//! A picture in layers, shared by the SVG and PNG renderers.
//!
//! Markup layers (board, last move, frames, badges) are plain SVG. Pieces and
//! text labels are *stamps*: small marks placed by one point, which the SVG
//! renderer writes as `<use>` and `<text>` elements and the PNG renderer
//! rasterises once per kind (and quarter-pixel offset) and copies, several times
//! faster than rasterising each again.

use super::assets::FONT_FAMILY;
use super::pieces::num;

/// What a stamp draws.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Mark {
    /// A piece definition (`wm`, `bk-s`, `cwQ`, ...), centred on the point.
    Piece {
        /// The definition's id.
        id: String,
        /// 1 for a piece on its own; smaller in towers and in the tower list.
        scale: f32,
    },
    /// A line of text in the bundled font, its baseline through the point.
    Label {
        /// The text (escaped when written).
        text: String,
        /// Font size in pixels.
        size: f32,
        /// Fill colour.
        fill: &'static str,
        /// Centred on the point (`text-anchor="middle"`), else starting at it.
        middle: bool,
    },
}

/// A mark placed at a point of the picture.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Stamp {
    /// What is drawn.
    pub mark: Mark,
    /// The point, in pixels.
    pub x: f32,
    /// The point, in pixels.
    pub y: f32,
}

impl Stamp {
    /// A piece centred at (x, y).
    pub fn piece(id: String, x: f32, y: f32, scale: f32) -> Stamp {
        Stamp {
            mark: Mark::Piece { id, scale },
            x,
            y,
        }
    }

    /// A label with its baseline at y, starting at x or centred on it.
    pub fn label(
        text: String,
        (x, y): (f32, f32),
        size: f32,
        fill: &'static str,
        middle: bool,
    ) -> Stamp {
        Stamp {
            mark: Mark::Label {
                text,
                size,
                fill,
                middle,
            },
            x,
            y,
        }
    }

    /// The SVG element drawing this mark with its point at (x, y).
    pub fn markup_at(&self, x: f32, y: f32) -> String {
        match &self.mark {
            Mark::Piece { id, scale } => {
                let scale = if (scale - 1.0).abs() < 1e-6 {
                    String::new()
                } else {
                    format!(" scale({})", num(*scale))
                };
                format!(
                    r##"<use xlink:href="#{id}" transform="translate({} {}){scale}"/>"##,
                    num(x),
                    num(y)
                )
            }
            Mark::Label {
                text,
                size,
                fill,
                middle,
            } => format!(
                r#"<text x="{}" y="{}" font-size="{}" fill="{fill}"{}>{}</text>"#,
                num(x),
                num(y),
                num(*size),
                if *middle {
                    r#" text-anchor="middle""#
                } else {
                    ""
                },
                super::html::escape(text)
            ),
        }
    }

    /// The box a sprite of this mark needs (width, height) and where the mark's
    /// point lies in it, for pieces drawn for squares of `square` pixels.
    pub fn sprite_box(&self, square: f32) -> (u32, u32, u32, u32) {
        match &self.mark {
            Mark::Piece { scale, .. } => {
                let size = (square * scale).ceil() as u32 + 4;
                (size, size, size / 2, size / 2)
            }
            Mark::Label {
                text, size, middle, ..
            } => {
                // DejaVu Sans Bold glyphs are at most about an em wide.
                let w = (size * text.chars().count() as f32).ceil() as u32 + 8;
                let h = (size * 1.5).ceil() as u32 + 4;
                let ax = if *middle { w / 2 } else { 4 };
                (w, h, ax, (size * 1.15).ceil() as u32 + 2)
            }
        }
    }
}

/// A picture in five layers, drawn in this order.
pub(super) struct Drawing {
    /// Width of the picture in pixels.
    pub width: u32,
    /// Height of the picture in pixels.
    pub height: u32,
    /// The square size the piece definitions are drawn for, in pixels.
    pub square: f32,
    /// Piece definitions used: (id, markup).
    pub defs: Vec<(String, String)>,
    /// Board, tints and crosses of the last move, the line of its path.
    pub under: String,
    /// Square numbers of numbered boards.
    pub numbers: Vec<Stamp>,
    /// The pieces, on the board and in the tower list.
    pub pieces: Vec<Stamp>,
    /// Arrowhead of the last move, frames of captured towers, tower badges, the
    /// bars of the tower list.
    pub over: String,
    /// Badge numbers, coordinates, the tower list's words.
    pub labels: Vec<Stamp>,
}

impl Drawing {
    /// A whole SVG document of `width` x `height` with the given definitions and body.
    pub fn document(width: u32, height: u32, defs: &str, body: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT_FAMILY}, sans-serif" font-weight="bold"><defs>{defs}</defs>{body}</svg>
"#
        )
    }

    /// The markup of a piece definition, empty if unknown.
    pub fn def(&self, id: &str) -> &str {
        self.defs
            .iter()
            .find(|(i, _)| i == id)
            .map_or("", |(_, m)| m.as_str())
    }

    /// The picture as one SVG document.
    pub fn to_svg(&self) -> String {
        let defs: String = self.defs.iter().map(|(_, m)| m.as_str()).collect();
        let mut body = String::with_capacity(self.under.len() + self.over.len() + 16 * 1024);
        body.push_str(&self.under);
        for layer in [&self.numbers, &self.pieces] {
            for s in layer {
                body.push_str(&s.markup_at(s.x, s.y));
            }
        }
        body.push_str(&self.over);
        for s in &self.labels {
            body.push_str(&s.markup_at(s.x, s.y));
        }
        Drawing::document(self.width, self.height, &defs, &body)
    }
}
