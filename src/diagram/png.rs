//! PNG board diagrams: the [`svg`](super::svg) picture rasterised with resvg and
//! tiny-skia, the bundled font loaded once into resvg's font database (never the
//! fonts installed on the machine), encoded as an indexed PNG (256 colours).

use std::sync::{Arc, LazyLock};

use resvg::{tiny_skia, usvg};

use super::assets::FONT;
use super::{DiagramError, Options, svg};
use crate::games::{BoardView, MoveView};
use crate::rules::Color;

/// The font database holding only the bundled font, built on first use.
static FONTS: LazyLock<Arc<usvg::fontdb::Database>> = LazyLock::new(|| {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(FONT.to_vec());
    Arc::new(db)
});

/// The PNG picture of a board seen from `side` (that side at the bottom), with the
/// last move drawn when given; the same picture as [`svg::render`].
///
/// # Errors
/// [`DiagramError`] if the generated SVG cannot be read, the picture has no
/// pixels, or encoding fails: faults of this module, never of the input.
pub fn render(
    view: &BoardView,
    last: Option<&MoveView>,
    side: Color,
    opts: &Options,
) -> Result<Vec<u8>, DiagramError> {
    let pixmap = rasterise(&svg::render(view, last, side, opts))?;
    encode(&pixmap)
}

/// Rasterises an SVG document at its own size, with the bundled font.
///
/// # Errors
/// [`DiagramError::Svg`] or [`DiagramError::Size`].
pub fn rasterise(svg_text: &str) -> Result<tiny_skia::Pixmap, DiagramError> {
    let opt = usvg::Options {
        fontdb: Arc::clone(&FONTS),
        font_family: super::assets::FONT_FAMILY.to_string(),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_str(svg_text, &opt).map_err(|e| DiagramError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .filter(|_| width <= 8192 && height <= 8192)
        .ok_or(DiagramError::Size { width, height })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Encodes an opaque picture as an indexed PNG of at most 256 colours (see
/// [`quantize`](super::quantize)): diagrams are opaque, and an indexed PNG is a third
/// of the size of an RGB one.
///
/// # Errors
/// [`DiagramError::Encode`].
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, DiagramError> {
    let pixels: Vec<u32> = pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = if p.alpha() == 255 {
                tiny_skia::ColorU8::from_rgba(p.red(), p.green(), p.blue(), 255)
            } else {
                p.demultiply()
            };
            u32::from(c.red()) << 16 | u32::from(c.green()) << 8 | u32::from(c.blue())
        })
        .collect();
    let q = super::quantize::quantize(&pixels);
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(q.palette);
    enc.set_compression(png::Compression::High);
    let err = |e: png::EncodingError| DiagramError::Encode(e.to_string());
    let mut writer = enc.write_header().map_err(err)?;
    writer.write_image_data(&q.indices).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(out)
}
