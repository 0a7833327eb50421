//! Golden tests of the diagrams: every case of tests/diagram_cases is drawn as PNG
//! and as Unicode text and compared with the references in tests/data/diagrams/
//! (PNG: per pixel, with a small tolerance). `ZAOCHKA_BLESS=1 cargo test --test
//! diagrams` rewrites the references; look at every changed picture before
//! committing it (docs/diagrams.md says what to check).

use crate::diagram_cases;

use std::path::{Path, PathBuf};

use diagram_cases::Case;
use zaochka::diagram::{Options, png, svg, text};
use zaochka::rules::Color;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/diagrams")
        .join(name)
}

fn bless() -> bool {
    std::env::var_os("ZAOCHKA_BLESS").is_some()
}

/// Decodes an RGB or RGBA PNG into (width, height, RGB bytes).
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(::png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("png data");
    let rgb = match info.color_type {
        ::png::ColorType::Rgb => buf[..info.buffer_size()].to_vec(),
        ::png::ColorType::Rgba => buf[..info.buffer_size()]
            .chunks(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    (info.width, info.height, rgb)
}

/// Pixels whose channels differ by more than this count as different...
const CHANNEL_TOLERANCE: u8 = 24;
/// ...and at most this fraction of pixels may differ (anti-aliasing noise).
const MAX_DIFFERENT: f64 = 0.002;

fn check_png(case: &Case) {
    let actual = case_png(case);
    let path = data(&format!("{}.png", case.name));
    if bless() {
        std::fs::write(&path, &actual).expect("write reference");
        return;
    }
    let reference = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with ZAOCHKA_BLESS=1 to create it",
            path.display()
        )
    });
    let (w, h, want) = decode(&reference);
    let (aw, ah, got) = decode(&actual);
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}.actual.png", case.name));
    assert_eq!(
        (aw, ah),
        (w, h),
        "{}: size differs from the reference",
        case.name
    );
    let different = want
        .chunks(3)
        .zip(got.chunks(3))
        .filter(|(a, b)| {
            a.iter()
                .zip(*b)
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        })
        .count();
    let allowed = (f64::from(w) * f64::from(h) * MAX_DIFFERENT) as usize;
    if different > allowed {
        std::fs::write(&out, &actual).expect("write actual");
        panic!(
            "{}: {different} pixels differ from {} (at most {allowed} may); the new picture is {}",
            case.name,
            path.display(),
            out.display()
        );
    }
}

fn check_text(name: &str, actual: &str) {
    let path = data(&format!("{name}.txt"));
    if bless() {
        std::fs::write(&path, actual).expect("write reference");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with ZAOCHKA_BLESS=1 to create it",
            path.display()
        )
    });
    assert_eq!(
        actual,
        want,
        "{name}: text diagram differs from {}",
        path.display()
    );
}

#[test]
fn png_diagrams_match_the_reference_pictures() {
    for case in diagram_cases::all() {
        check_png(&case);
    }
}

#[test]
fn text_diagrams_match_the_reference_text() {
    for case in diagram_cases::all() {
        let t = text::render(
            &case.view,
            case.last.as_ref(),
            case.side,
            &Options::default(),
        );
        check_text(case.name, &t);
    }
}

#[test]
fn initial_russian_position_as_text_from_whites_and_blacks_side() {
    let game = zaochka::games::new_game(zaochka::rules::Variant::Russian, None).expect("game");
    check_text(
        "russian-initial-white",
        &zaochka::diagram::game_text(game.as_ref(), Color::White, &Default::default()),
    );
    check_text(
        "russian-initial-black",
        &zaochka::diagram::game_text(game.as_ref(), Color::Black, &Default::default()),
    );
}

#[test]
fn ascii_diagram_uses_only_ascii() {
    let opts = Options {
        ascii: true,
        ..Options::default()
    };
    for case in diagram_cases::all() {
        let t = text::render(&case.view, case.last.as_ref(), case.side, &opts);
        assert!(t.is_ascii(), "{}:\n{t}", case.name);
        if case.name == "bashni-towers-black" || case.name == "chess-middlegame-black" {
            check_text(&format!("{}-ascii", case.name), &t);
        }
    }
}

#[test]
fn png_diagrams_weigh_40_kb_at_most() {
    for case in diagram_cases::all() {
        let bytes = case_png(&case);
        assert!(
            bytes.len() <= 40 * 1024,
            "{}: {} bytes",
            case.name,
            bytes.len()
        );
    }
}

#[test]
fn svg_size_is_the_png_size() {
    for case in diagram_cases::all() {
        let opts = Options::default();
        let bytes = png::render(&case.view, case.last.as_ref(), case.side, &opts).expect("png");
        let (w, h, _) = decode(&bytes);
        assert_eq!(
            svg::size(&case.view, case.side, &opts),
            (w, h),
            "{}",
            case.name
        );
    }
}

#[test]
fn a_tower_of_all_24_pieces_wraps_in_the_tower_list() {
    use zaochka::games::{BoardView, SquareView};
    let mut pieces = vec![(Color::White, 'k')];
    pieces.extend(std::iter::repeat_n((Color::White, 'm'), 11));
    pieces.extend(std::iter::repeat_n((Color::Black, 'm'), 11));
    pieces.push((Color::Black, 'k'));
    let view = BoardView {
        side: 8,
        dark_squares_only: true,
        numbered: false,
        squares: vec![SquareView {
            file: 3,
            rank: 3,
            pieces,
        }],
        turn: Color::Black,
    };
    let opts = Options::default();
    let (w, h) = svg::size(&view, Color::White, &opts);
    assert!(h > w, "the list is under the board");
    let bytes = png::render(&view, None, Color::White, &opts).expect("png");
    assert!(bytes.len() <= 40 * 1024);
    if let Some(keep) = std::env::var_os("ZAOCHKA_KEEP_TOWER24") {
        std::fs::write(keep, &bytes).expect("write");
    }
    let t = text::render(&view, None, Color::White, &opts);
    assert!(
        t.contains("d4: white king, 11 white men, under them: 11 black men, black king"),
        "{t}"
    );
}

#[test]
fn every_game_draws_its_own_board_after_a_move() {
    use zaochka::rules::Variant;
    let opts = Options::default();
    for variant in Variant::ALL {
        let mut game = zaochka::games::new_game(variant, None).expect("initial position");
        let first = game.legal_moves()[0].clone();
        game.play(&first).expect("a legal move");
        let (view, last) = (game.board_view(), game.last_move());
        assert!(last.is_some(), "{variant:?}");
        for side in [Color::White, Color::Black] {
            let t = text::render(&view, last.as_ref(), side, &opts);
            assert!(t.contains("Black to move"), "{variant:?}\n{t}");
            assert!(t.contains("Last move: "), "{variant:?}\n{t}");
            let bytes = png::render(&view, last.as_ref(), side, &opts).expect("png");
            assert!(
                bytes.len() <= 40 * 1024,
                "{variant:?}: {} bytes",
                bytes.len()
            );
            assert!(svg::render(&view, last.as_ref(), side, &opts).contains("<use"));
        }
    }
}

/// Mean error per channel (0-255) the fixed palette may add over the whole picture.
const MAX_MEAN_ERROR: f64 = 0.5;
/// Share of pixels whose colour may change at all.
const MAX_CHANGED: f64 = 0.05;

/// The references in tests/data/diagrams were drawn by the popularity quantiser
/// (each picture's own 256 most frequent colours) that the theme's fixed
/// palette replaced: the pictures keep their look (a small mean
/// error, few pixels changed) and their size (at most 10 % more bytes).
#[test]
fn png_diagrams_on_the_fixed_palette_look_and_weigh_as_before() {
    if bless() {
        return;
    }
    for case in diagram_cases::all() {
        let actual = case_png(&case);
        let reference = std::fs::read(data(&format!("{}.png", case.name))).expect("reference");
        let (_, _, want) = decode(&reference);
        let (_, _, got) = decode(&actual);
        assert_eq!(want.len(), got.len(), "{}", case.name);
        let mut max = 0u8;
        let mut sum = 0u64;
        let mut changed = 0usize;
        for (a, b) in want.chunks(3).zip(got.chunks(3)) {
            let d = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y));
            let worst = d.clone().max().unwrap_or(0);
            sum += d.map(u64::from).sum::<u64>();
            max = max.max(worst);
            changed += usize::from(worst > 0);
        }
        let pixels = want.len() / 3;
        let mean = sum as f64 / want.len() as f64;
        let share = changed as f64 / pixels as f64;
        println!(
            "{:<28} bytes {:>6} -> {:>6} ({:+.1} %), max error {max:>3}, mean error {mean:.3}, changed {:.2} %",
            case.name,
            reference.len(),
            actual.len(),
            (actual.len() as f64 / reference.len() as f64 - 1.0) * 100.0,
            share * 100.0
        );
        assert!(mean <= MAX_MEAN_ERROR, "{}: mean error {mean}", case.name);
        assert!(
            share <= MAX_CHANGED,
            "{}: {changed} pixels changed",
            case.name
        );
        assert!(
            actual.len() * 10 <= reference.len() * 11,
            "{}: {} bytes, {} before",
            case.name,
            actual.len(),
            reference.len()
        );
    }
}

/// The PNG of a case with the default options.
fn case_png(case: &diagram_cases::Case) -> Vec<u8> {
    png::render(
        &case.view,
        case.last.as_ref(),
        case.side,
        &Options::default(),
    )
    .expect("png renders")
}
