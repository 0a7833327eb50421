//! Size and speed of PNG diagrams (the targets: at most 40 KB and 10 ms each).
//!
//! Run in release, on an otherwise idle machine:
//! `cargo test --release --test it benches::diagram:: -- --ignored --nocapture`.
//! The size limit is also checked in the normal test run (tests/it/site/diagrams.rs).

use crate::diagram_cases;

use std::time::{Duration, Instant};

use zaochka::diagram::{Options, png, svg};
use zaochka::games::random_play::RandomPlay;
use zaochka::rules::{Color, Variant};

const RUNS: usize = 30;

/// Time this thread has spent on a CPU (getrusage, RUSAGE_THREAD): unlike wall
/// time, it leaves out the time spent waiting for a core that other programs hold.
fn cpu_time() -> Option<Duration> {
    let mut ru = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage only writes the struct it is given.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_THREAD, ru.as_mut_ptr()) };
    if rc != 0 {
        return None;
    }
    // SAFETY: initialised by the successful call above.
    let ru = unsafe { ru.assume_init() };
    let us = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
    Some(Duration::from_micros(us(ru.ru_utime) + us(ru.ru_stime)))
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

#[test]
#[ignore = "a benchmark: run in release with --ignored --nocapture"]
fn png_diagrams_render_in_10_ms_and_weigh_40_kb_at_most() {
    let opts = Options::default();
    // The first picture also builds the font database and the sprites of its
    // pieces and labels; later ones reuse them (a running daemon).
    let first = diagram_cases::all().remove(0);
    let t = Instant::now();
    png::render(&first.view, None, first.side, &opts).expect("png");
    println!(
        "first picture of the process: {:.2} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    println!(
        "{:<30} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "case", "pixels", "bytes", "svg µs", "png ms", "max ms", "cpu ms"
    );
    let mut worst = Duration::ZERO;
    for case in diagram_cases::all() {
        let last = case.last.as_ref();
        let mut svg_times = Vec::new();
        let mut times = Vec::new();
        let mut bytes = Vec::new();
        let mut cpu = Duration::ZERO;
        for _ in 0..RUNS {
            let t = Instant::now();
            let _ = svg::render(&case.view, last, case.side, &opts);
            svg_times.push(t.elapsed());
            let t = Instant::now();
            let c = cpu_time();
            bytes = png::render(&case.view, last, case.side, &opts).expect("png");
            times.push(t.elapsed());
            if let (Some(a), Some(b)) = (c, cpu_time()) {
                cpu += b - a;
            }
        }
        let (w, h) = svg::size(&case.view, case.side, &opts);
        let med = median(times.clone());
        let max = times.iter().max().copied().unwrap_or_default();
        let cpu_each = cpu / RUNS as u32;
        worst = worst.max(med.min(cpu_each.max(Duration::from_nanos(1))));
        println!(
            "{:<30} {:>9} {:>8} {:>8} {:>8.2} {:>8.2} {:>8.2}",
            case.name,
            format!("{w}x{h}"),
            bytes.len(),
            median(svg_times).as_micros(),
            med.as_secs_f64() * 1e3,
            max.as_secs_f64() * 1e3,
            cpu_each.as_secs_f64() * 1e3
        );
        assert!(
            bytes.len() <= 40 * 1024,
            "{}: {} bytes",
            case.name,
            bytes.len()
        );
    }
    println!("slowest median: {:.2} ms", worst.as_secs_f64() * 1e3);
    assert!(
        worst <= Duration::from_millis(10),
        "slowest median {worst:?}"
    );
}

/// Positions from random legal play (a fixed-seed generator), `n` per game, each
/// after 4 to 80 plies (fewer if the game ends), with its last move.
fn random_positions(
    n: usize,
    seed: u64,
) -> Vec<(
    Variant,
    zaochka::games::BoardView,
    Option<zaochka::games::MoveView>,
)> {
    let mut play = RandomPlay::new(seed);
    let mut out = Vec::new();
    for variant in Variant::ALL {
        for _ in 0..n {
            let plies = 4 + play.below(77);
            let game = play.game(variant, plies);
            out.push((variant, game.board_view(), game.last_move()));
        }
    }
    out
}

#[test]
#[ignore = "a benchmark: run in release with --ignored --nocapture"]
fn png_diagrams_of_random_positions() {
    let opts = Options::default();
    let positions = random_positions(20, 0x5eed_0016);
    png::render(&positions[0].1, None, Color::White, &opts).expect("png");
    println!(
        "{:<14} {:>9} {:>10} {:>10} {:>10}",
        "game", "pictures", "median ms", "cpu ms", "mean bytes"
    );
    for variant in Variant::ALL {
        let mut times = Vec::new();
        let mut bytes = 0usize;
        let mut cpu = Duration::ZERO;
        let mut count = 0u32;
        for (_, view, last) in positions.iter().filter(|p| p.0 == variant) {
            for side in [Color::White, Color::Black] {
                let t = Instant::now();
                let c = cpu_time();
                let png = png::render(view, last.as_ref(), side, &opts).expect("png");
                times.push(t.elapsed());
                if let (Some(a), Some(b)) = (c, cpu_time()) {
                    cpu += b - a;
                }
                bytes += png.len();
                count += 1;
                assert!(png.len() <= 40 * 1024, "{variant:?}: {} bytes", png.len());
            }
        }
        println!(
            "{:<14} {:>9} {:>10.2} {:>10.2} {:>10}",
            format!("{variant:?}"),
            count,
            median(times).as_secs_f64() * 1e3,
            (cpu / count).as_secs_f64() * 1e3,
            bytes / count as usize
        );
    }
}
