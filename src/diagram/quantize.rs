//! Reduces a rendered diagram to at most 256 colours for a small indexed PNG.
//!
//! Diagrams are flat colours plus anti-aliased edges, so a popularity palette
//! works well: the 256 most frequent colours are kept exactly and every other
//! colour (a rare edge blend) takes the nearest kept one. A board of 8x8 goes from
//! about 22 KB as RGB to about 8 KB, with no difference visible.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hasher for packed RGB keys (the default SipHash is several
/// times slower here, and the keys are not attacker-chosen).
#[derive(Default)]
struct RgbHasher(u64);

impl Hasher for RgbHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Map<V> = HashMap<u32, V, BuildHasherDefault<RgbHasher>>;

/// A palette (RGB triples) and one palette index per pixel.
pub(super) struct Indexed {
    /// At most 256 colours, 3 bytes each.
    pub palette: Vec<u8>,
    /// One index per pixel, row by row.
    pub indices: Vec<u8>,
}

fn rgb(c: u32) -> [i32; 3] {
    [
        (c >> 16) as i32,
        ((c >> 8) & 0xff) as i32,
        (c & 0xff) as i32,
    ]
}

/// Quantizes packed `0xRRGGBB` pixels to at most 256 colours.
pub(super) fn quantize(pixels: &[u32]) -> Indexed {
    let mut counts: Map<u32> = Map::default();
    let mut run = (u32::MAX, 0u32);
    for &p in pixels {
        if p == run.0 {
            run.1 += 1;
        } else {
            if run.1 > 0 {
                *counts.entry(run.0).or_insert(0) += run.1;
            }
            run = (p, 1);
        }
    }
    if run.1 > 0 {
        *counts.entry(run.0).or_insert(0) += run.1;
    }
    let mut by_count: Vec<(u32, u32)> = counts.into_iter().collect();
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    by_count.truncate(256);
    let kept: Vec<u32> = by_count.iter().map(|&(c, _)| c).collect();
    let mut index: Map<u8> = Map::default();
    for (i, &c) in kept.iter().enumerate() {
        index.insert(c, i as u8);
    }
    let search = Nearest::new(&kept);
    let mut indices = Vec::with_capacity(pixels.len());
    let mut last = (u32::MAX, 0u8);
    for &p in pixels {
        if p != last.0 {
            let i = *index.entry(p).or_insert_with(|| search.find(rgb(p)));
            last = (p, i);
        }
        indices.push(last.1);
    }
    let palette = kept.iter().flat_map(|&c| rgb(c).map(|v| v as u8)).collect();
    Indexed { palette, indices }
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

    #[test]
    fn few_colours_are_kept_exactly() {
        let px = [0x10_20_30, 0xff_ff_ff, 0x10_20_30, 0x00_00_00];
        let q = quantize(&px);
        assert_eq!(q.palette.len(), 9);
        for (i, &p) in px.iter().enumerate() {
            let k = usize::from(q.indices[i]) * 3;
            assert_eq!(&q.palette[k..k + 3], &rgb(p).map(|v| v as u8));
        }
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

    #[test]
    fn rare_colours_take_the_nearest_frequent_one() {
        let mut px: Vec<u32> = (0..256u32).flat_map(|i| [i << 16; 10]).collect();
        px.push(0x05_00_01);
        let q = quantize(&px);
        assert_eq!(q.palette.len(), 256 * 3);
        let k = usize::from(*q.indices.last().expect("pixel")) * 3;
        assert_eq!(&q.palette[k..k + 3], &[5, 0, 0]);
    }
}
