//! The one palette of PNG diagrams, built once per process from what diagrams
//! draw, so that encoding a picture needs no colour counting of its own.
//!
//! It holds every opaque paint of the theme exactly (squares, frame, coordinates,
//! square numbers, pieces of both colours with their edges and rings, crowns,
//! badges, the captured marks, chess pieces' black, white and grey), then the
//! most frequent other colours of a sample of pictures: boards from random legal
//! play in every game (a fixed seed), both sides, English and Russian words. Those
//! are the colours the theme's translucent layers make (last-move tints, the arrow,
//! piece shadows) and the anti-aliased blends where two colours meet at an edge,
//! in the proportions pictures show them.
//!
//! The sample is drawn by a test, not at run time: the palette is kept in
//! `palette.txt` beside this file (one `#rrggbb` a line, in palette order) and
//! embedded in the binary, so no process pays for 42 rasterised pictures; the
//! test `the_kept_palette_is_the_one_the_theme_makes` rebuilds it from the
//! theme and the sample and fails if the two differ (after a change of the
//! theme: `ZAOCHKA_WRITE_PALETTE=1 cargo test --lib diagram::palette` writes
//! the file anew; look at the golden diagrams after).

use std::sync::LazyLock;

use super::quantize::Palette;

/// The palette of every PNG diagram, read from the embedded `palette.txt`.
pub(super) static THEME: LazyLock<Palette> = LazyLock::new(|| Palette::new(KEPT.lines().map(hex)));

/// The kept palette, one `#rrggbb` a line (see the module's text).
const KEPT: &str = include_str!("palette.txt");

/// `#rgb` or `#rrggbb` as packed `0xRRGGBB`; 0 for anything else (the theme's
/// colours are all written in these forms, which a unit test checks).
fn hex(s: &str) -> u32 {
    let digits = s.strip_prefix('#').unwrap_or("");
    let full: String = match digits.len() {
        3 => digits.chars().flat_map(|c| [c, c]).collect(),
        _ => digits.to_string(),
    };
    if full.len() == 6 {
        u32::from_str_radix(&full, 16).unwrap_or(0)
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::super::{Options, pieces, png, stacks, svg};
    use super::*;
    use crate::games;
    use crate::rules::{Color, Variant};
    use crate::vocabulary::Language;

    /// The palette as the theme and the sample make it: every paint, then the
    /// sample's other colours, most frequent first (ties by colour).
    fn built() -> Vec<u32> {
        let mut counts: HashMap<u32, u64> = HashMap::new();
        for pixel in sample().iter().flat_map(|p| p.pixels()) {
            let c = pixel.demultiply();
            let key = u32::from(c.red()) << 16 | u32::from(c.green()) << 8 | u32::from(c.blue());
            *counts.entry(key).or_insert(0) += 1;
        }
        let mut by_count: Vec<(u32, u64)> = counts.into_iter().collect();
        by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut kept: Vec<u32> = Vec::with_capacity(256);
        for c in paints()
            .into_iter()
            .chain(by_count.into_iter().map(|(c, _)| c))
        {
            if kept.len() < 256 && !kept.contains(&c) {
                kept.push(c);
            }
        }
        kept
    }

    /// The theme's colours written as CSS colours: every paint the diagrams draw
    /// opaque (the last-move tint and arrow are drawn only translucent).
    fn paint_names() -> Vec<&'static str> {
        let mut v = vec![
            svg::LIGHT,
            svg::DARK,
            svg::FRAME,
            svg::BORDER,
            svg::FRAME_TEXT,
            svg::NUMBER_TEXT,
            svg::CAPTURED,
            stacks::BADGE,
            stacks::TEXT,
            stacks::BADGE_TEXT,
            pieces::GOLD,
            pieces::GOLD_EDGE,
        ];
        for p in [&pieces::WHITE, &pieces::BLACK] {
            v.extend([p.fill, p.edge, p.ring]);
        }
        v.extend(pieces::CHESS_PAINTS);
        v
    }

    /// The opaque paints as packed `0xRRGGBB`.
    fn paints() -> Vec<u32> {
        paint_names().into_iter().map(hex).collect()
    }

    /// The sample pictures, rasterised: for every game, three positions after 8, 24
    /// and 48 random legal plies (fewer if the game ends), each from both sides, with
    /// its last move; the column games also in Russian (their tower list has words).
    /// A picture that fails to rasterise is left out (the palette then lacks only
    /// some blends, still holding every paint).
    fn sample() -> Vec<resvg::tiny_skia::Pixmap> {
        let mut play = games::random_play::RandomPlay::new(0x7a40_c4a1);
        let mut out = Vec::new();
        for variant in Variant::ALL {
            let langs: &[Language] = match variant {
                Variant::Bashni | Variant::Lasca => &[Language::En, Language::Ru],
                _ => &[Language::En],
            };
            for plies in [8, 24, 48] {
                let game = play.game(variant, plies);
                let (view, last) = (game.board_view(), game.last_move());
                for &lang in langs {
                    let opts = Options {
                        lang,
                        ..Options::default()
                    };
                    for side in [Color::White, Color::Black] {
                        if let Ok(p) = png::raster(&view, last.as_ref(), side, &opts) {
                            out.push(p);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn every_paint_of_the_theme_is_read_and_kept() {
        for name in paint_names() {
            let c = hex(name);
            let black = name.len() > 1 && name[1..].chars().all(|d| d == '0');
            assert!(c != 0 || black, "{name} is not a colour");
            let rgb = [(c >> 16) as u8, (c >> 8) as u8, c as u8];
            assert!(
                THEME.rgb().chunks(3).any(|e| e == rgb),
                "{name} is not in the palette"
            );
        }
        assert_eq!(hex("#fff"), 0xff_ff_ff);
        assert_eq!(hex("#1f3f73"), 0x1f_3f_73);
        assert_eq!(hex("red"), 0);
    }

    #[test]
    fn the_kept_palette_is_the_one_the_theme_makes() {
        let text: String = built().iter().map(|c| format!("#{c:06x}\n")).collect();
        if std::env::var_os("ZAOCHKA_WRITE_PALETTE").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/diagram/palette.txt");
            std::fs::write(path, &text).expect("palette.txt written");
            return;
        }
        assert!(
            KEPT == text,
            "src/diagram/palette.txt is not the palette the theme makes; write it \
             anew with ZAOCHKA_WRITE_PALETTE=1 cargo test --lib diagram::palette"
        );
    }

    #[test]
    fn the_palette_is_full_and_holds_no_colour_twice() {
        let entries: Vec<&[u8]> = THEME.rgb().chunks(3).collect();
        assert_eq!(entries.len(), 256);
        let mut sorted = entries.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 256);
    }
}
