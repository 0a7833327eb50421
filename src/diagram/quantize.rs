//! Maps a rendered diagram onto a fixed palette of at most 256 colours for a
//! small indexed PNG, with no pass over the picture but the mapping itself.
//!
//! The palette is built once per theme ([`palette`](super::palette)); every
//! pixel takes its palette colour through a per-thread memo keyed by the
//! premultiplied pixel, so a colour is looked up once per thread and then costs a
//! multiplication and a comparison (runs of one colour cost nothing more). A
//! colour met for the first time takes the nearest palette entry by a weighted
//! distance (exactly its own entry when the palette holds it).

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};

use resvg::tiny_skia::PremultipliedColorU8;

/// A packed `0xRRGGBB` colour as its three channels.
fn rgb(c: u32) -> [i32; 3] {
    [
        (c >> 16) as i32,
        ((c >> 8) & 0xff) as i32,
        (c & 0xff) as i32,
    ]
}

/// Palettes made in this process, for telling their memos apart.
static PALETTES: AtomicUsize = AtomicUsize::new(0);

/// At most 256 colours and the search for the nearest of them.
pub(super) struct Palette {
    /// The colours as RGB triples, as the PNG `PLTE` chunk holds them.
    rgb: Vec<u8>,
    search: Nearest,
    /// Told apart from every other palette of the process (memo ownership).
    id: usize,
}

impl Palette {
    /// A palette of distinct packed `0xRRGGBB` colours in the given order,
    /// duplicates dropped, cut at 256.
    pub fn new(colours: impl IntoIterator<Item = u32>) -> Palette {
        let mut kept: Vec<u32> = Vec::with_capacity(256);
        for c in colours {
            let c = c & 0xff_ff_ff;
            if kept.len() == 256 {
                break;
            }
            if !kept.contains(&c) {
                kept.push(c);
            }
        }
        Palette {
            rgb: kept.iter().flat_map(|&c| rgb(c).map(|v| v as u8)).collect(),
            search: Nearest::new(&kept),
            id: PALETTES.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// The colours as RGB triples (3 bytes per entry).
    pub fn rgb(&self) -> &[u8] {
        &self.rgb
    }

    /// The palette index of every pixel, row by row: the entry nearest to the
    /// pixel's (unpremultiplied) colour.
    pub fn indices(&self, pixels: &[PremultipliedColorU8]) -> Vec<u8> {
        MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            if memo.owner != self.id {
                memo.keys.fill(EMPTY);
                memo.owner = self.id;
            }
            let mut out = Vec::with_capacity(pixels.len());
            let mut last = (EMPTY, 0u8);
            for p in pixels {
                let key = u32::from_le_bytes([p.red(), p.green(), p.blue(), p.alpha()]);
                if key != last.0 {
                    let slot = (key.wrapping_mul(0x9e37_79b1) >> (32 - MEMO_BITS)) as usize;
                    let i = if memo.keys[slot] == key {
                        memo.index[slot]
                    } else {
                        let c = p.demultiply();
                        let i = self.search.find([
                            i32::from(c.red()),
                            i32::from(c.green()),
                            i32::from(c.blue()),
                        ]);
                        memo.keys[slot] = key;
                        memo.index[slot] = i;
                        i
                    };
                    last = (key, i);
                }
                out.push(last.1);
            }
            out
        })
    }
}

/// log2 of the memo's slots: 16 384 colours (a picture shows a few thousand).
const MEMO_BITS: u32 = 14;
/// A key no premultiplied pixel has (red 255 with alpha 0): an empty slot.
const EMPTY: u32 = 0x0000_00ff;

/// Palette indices of the colours met, direct-mapped by a hash of the
/// premultiplied pixel (a collision only costs a search again).
struct Memo {
    /// The [`Palette::id`] the slots hold indices of.
    owner: usize,
    keys: Box<[u32]>,
    index: Box<[u8]>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo {
        owner: usize::MAX,
        keys: vec![EMPTY; 1 << MEMO_BITS].into_boxed_slice(),
        index: vec![0; 1 << MEMO_BITS].into_boxed_slice(),
    });
}

/// Nearest-colour search over a palette sorted by green: a search starts at the
/// query's green and walks outwards, stopping once the green difference alone
/// exceeds the best distance found (a tenth of the work of a full scan).
struct Nearest {
    /// (colour, palette index), by green.
    by_green: Vec<([i32; 3], u8)>,
}

impl Nearest {
    fn new(palette: &[u32]) -> Nearest {
        let mut by_green: Vec<([i32; 3], u8)> = palette
            .iter()
            .enumerate()
            .map(|(i, &c)| (rgb(c), i as u8))
            .collect();
        by_green.sort_unstable_by_key(|e| (e.0[1], e.1));
        Nearest { by_green }
    }

    /// Weighted for the eye: green counts most, blue least.
    fn dist(a: [i32; 3], b: [i32; 3]) -> i32 {
        let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
        3 * d[0] * d[0] + 4 * d[1] * d[1] + 2 * d[2] * d[2]
    }

    fn find(&self, c: [i32; 3]) -> u8 {
        let v = &self.by_green;
        let start = v.partition_point(|e| e.0[1] < c[1]);
        let mut best = (i32::MAX, 0u8);
        let mut consider = |e: &([i32; 3], u8)| {
            let dg = e.0[1] - c[1];
            if 4 * dg * dg > best.0 {
                return false;
            }
            let d = Nearest::dist(c, e.0);
            if d < best.0 || (d == best.0 && e.1 < best.1) {
                best = (d, e.1);
            }
            true
        };
        for e in &v[start..] {
            if !consider(e) {
                break;
            }
        }
        for e in v[..start].iter().rev() {
            if !consider(e) {
                break;
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opaque(c: u32) -> PremultipliedColorU8 {
        let [r, g, b] = rgb(c).map(|v| v as u8);
        PremultipliedColorU8::from_rgba(r, g, b, 255).expect("opaque")
    }

    #[test]
    fn palette_colours_map_to_themselves() {
        let colours = [0x10_20_30, 0xff_ff_ff, 0x00_00_00, 0xb5_88_63];
        let p = Palette::new(colours.iter().copied().chain([0x10_20_30]));
        assert_eq!(p.rgb().len(), 12);
        let px: Vec<_> = [3, 0, 0, 1, 2, 3]
            .iter()
            .map(|&i| opaque(colours[i]))
            .collect();
        assert_eq!(p.indices(&px), [3, 0, 0, 1, 2, 3]);
    }

    #[test]
    fn other_colours_take_the_nearest_entry_also_from_the_memo() {
        let p = Palette::new([0x00_00_00, 0xff_00_00, 0x00_ff_00, 0xff_ff_ff]);
        let px = [opaque(0xf0_10_08), opaque(0x20_d0_30), opaque(0xf0_10_08)];
        assert_eq!(p.indices(&px), [1, 2, 1]);
        assert_eq!(p.indices(&px[..1]), [1]);
        // A second palette does not read the first one's memo.
        let q = Palette::new([0xff_ff_ff, 0xff_00_00]);
        assert_eq!(q.indices(&px[..1]), [1]);
    }

    #[test]
    fn a_translucent_pixel_is_matched_by_its_colour() {
        let p = Palette::new([0x00_00_00, 0xc8_64_00]);
        let half = PremultipliedColorU8::from_rgba(100, 50, 0, 128).expect("premultiplied");
        assert_eq!(p.indices(&[half]), [1]);
    }

    #[test]
    fn pruned_search_finds_what_a_full_scan_finds() {
        let palette: Vec<u32> = (0..256u32)
            .map(|i| i.wrapping_mul(0x9e37_79b1) & 0xff_ff_ff)
            .collect();
        let search = Nearest::new(&palette);
        for probe in (0..4000u32).map(|i| i.wrapping_mul(0x85eb_ca6b) & 0xff_ff_ff) {
            let c = rgb(probe);
            let full = (0..palette.len())
                .min_by_key(|&i| (Nearest::dist(c, rgb(palette[i])), i))
                .expect("palette");
            let found = usize::from(search.find(c));
            assert_eq!(
                Nearest::dist(c, rgb(palette[found])),
                Nearest::dist(c, rgb(palette[full])),
                "{probe:06x}"
            );
        }
    }
}
