//! PNG board diagrams: the [`svg`] picture rasterised with resvg and
//! tiny-skia, the bundled font loaded once into resvg's font database (never the
//! fonts installed on the machine), encoded as an indexed PNG on the theme's
//! fixed palette of 256 colours (`diagram::palette`).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use resvg::{tiny_skia, usvg};

use super::assets::FONT;
use super::drawing::{Drawing, Mark, Stamp};
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
/// The markup layers are rasterised by resvg; each piece and label (see
/// the `drawing` module) is rasterised once per process for its size and quarter-pixel
/// offset and then copied, which makes a picture several times faster.
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
    encode(&raster(view, last, side, opts)?)
}

/// The picture of [`render`] as premultiplied RGBA pixels, before encoding.
///
/// # Errors
/// As [`render`], encoding aside.
pub(super) fn raster(
    view: &BoardView,
    last: Option<&MoveView>,
    side: Color,
    opts: &Options,
) -> Result<tiny_skia::Pixmap, DiagramError> {
    let d = svg::draw(view, last, side, opts);
    let (width, height) = (d.width, d.height);
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .filter(|_| width <= 8192 && height <= 8192)
        .ok_or(DiagramError::Size { width, height })?;
    paint(&mut pixmap, &Drawing::document(width, height, "", &d.under))?;
    for s in d.numbers.iter().chain(&d.pieces) {
        stamp(&mut pixmap, &d, s)?;
    }
    paint(&mut pixmap, &Drawing::document(width, height, "", &d.over))?;
    for s in &d.labels {
        stamp(&mut pixmap, &d, s)?;
    }
    Ok(pixmap)
}

/// Rasterises an SVG document onto a pixmap (over what it holds).
fn paint(pixmap: &mut tiny_skia::Pixmap, svg_text: &str) -> Result<(), DiagramError> {
    let opt = usvg::Options {
        fontdb: Arc::clone(&FONTS),
        font_family: super::assets::FONT_FAMILY.to_string(),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_str(svg_text, &opt).map_err(|e| DiagramError::Svg(e.to_string()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(())
}

/// Rasterised stamps, keyed by the SVG document that draws them.
static SPRITES: LazyLock<Mutex<HashMap<String, Arc<tiny_skia::Pixmap>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// Draws one stamp: copies its sprite, rasterising it first if needed. The
/// point is rounded to a quarter pixel.
fn stamp(pixmap: &mut tiny_skia::Pixmap, d: &Drawing, s: &Stamp) -> Result<(), DiagramError> {
    let (qx, qy) = ((s.x * 4.0).round() as i64, (s.y * 4.0).round() as i64);
    let (w, h, ax, ay) = s.sprite_box(d.square);
    let (fx, fy) = (qx.rem_euclid(4) as f32 / 4.0, qy.rem_euclid(4) as f32 / 4.0);
    let def = match &s.mark {
        Mark::Piece { id, .. } => d.def(id),
        Mark::Label { .. } => "",
    };
    let doc = Drawing::document(w, h, def, &s.markup_at(ax as f32 + fx, ay as f32 + fy));
    let cached = SPRITES
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&doc)
        .cloned();
    let sprite = match cached {
        Some(sp) => sp,
        None => {
            let mut sp = tiny_skia::Pixmap::new(w, h).ok_or(DiagramError::Size {
                width: w,
                height: h,
            })?;
            paint(&mut sp, &doc)?;
            let sp = Arc::new(sp);
            let mut cache = SPRITES.lock().unwrap_or_else(PoisonError::into_inner);
            if cache.len() >= 4096 {
                cache.clear();
            }
            cache.insert(doc, Arc::clone(&sp));
            sp
        }
    };
    pixmap.draw_pixmap(
        (qx.div_euclid(4) - i64::from(ax)) as i32,
        (qy.div_euclid(4) - i64::from(ay)) as i32,
        sprite.as_ref().as_ref(),
        &tiny_skia::PixmapPaint::default(),
        tiny_skia::Transform::identity(),
        None,
    );
    Ok(())
}

/// Encodes an opaque picture as an indexed PNG on the theme's palette (see
/// [`palette`](super::palette) and [`quantize`](super::quantize)): diagrams are
/// opaque, and an indexed PNG is a third of the size of an RGB one.
///
/// # Errors
/// [`DiagramError::Encode`].
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, DiagramError> {
    let palette = &*super::palette::THEME;
    let indices = palette.indices(pixmap.pixels());
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette.rgb());
    // Balanced deflate without row filters: for indexed diagrams smaller than
    // `High` and about three times faster (docs/performance.md, Diagrams).
    enc.set_compression(png::Compression::Balanced);
    enc.set_filter(png::Filter::NoFilter);
    let err = |e: png::EncodingError| DiagramError::Encode(e.to_string());
    let mut writer = enc.write_header().map_err(err)?;
    writer.write_image_data(&indices).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(out)
}
