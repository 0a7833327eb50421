//! The HTML reply body in a real browser engine: headless Chromium renders the
//! body with the board PNG beside it (`cid:board` rewritten to the file, as a mail
//! client resolves the inline part), and the screenshot must show the board.
//!
//! Needs Debian's `chromium` package; without it the test says so and passes.
//! `ZAOCHKA_KEEP_SCREENSHOT=/tmp/shot.png` keeps the screenshot to look at.

use crate::diagram_cases;
use crate::headless;

use std::path::{Path, PathBuf};

use headless::{near, pixels};

use zaochka::diagram::html::{self, BOARD_CID, Page};
use zaochka::diagram::{Options, png, svg, text};

/// Runs Chromium headless on a page and returns the screenshot file.
fn screenshot(browser: &Path, dir: &Path, page: &Path) -> PathBuf {
    let shot = dir.join("shot.png");
    headless::run(
        browser,
        dir,
        page,
        headless::Output::Screenshot(&shot, (800, 900)),
    );
    shot
}

#[test]
fn reply_html_shows_the_board_picture_in_headless_chromium() {
    let Some(browser) = headless::chromium() else {
        eprintln!(
            "SKIPPED reply_html_shows_the_board_picture_in_headless_chromium: chromium is not \
             installed (Debian: apt-get install -y chromium)"
        );
        return;
    };
    let (view, last) = diagram_cases::russian_kings_capture();
    let side = zaochka::rules::Color::Black;
    let opts = Options::default();
    let dir = tempfile::tempdir().expect("temp dir");
    let board = png::render(&view, last.as_ref(), side, &opts).expect("png");
    std::fs::write(dir.path().join("board.png"), board).expect("write png");
    let diagram = text::render(&view, last.as_ref(), side, &opts);
    let body = html::body(&Page {
        title: "[zaochka #7] White played d2:f4:h6:f8",
        message: "White played 12. d2:f4:h6:f8.\n\nYour move, Black.",
        after: "",
        image_src: &format!("cid:{BOARD_CID}"),
        image_size: svg::size(&view, side, &opts),
        image_alt: "Position after 12. d2:f4:h6:f8",
        text_diagram: &diagram,
        score: "1. c3-d4 f6-g5 ... 12. d2:f4:h6:f8 *",
    });
    // What a mail client does with the inline part: point the image at it.
    let page = dir.path().join("reply.html");
    std::fs::write(&page, body.replace("cid:board", "board.png")).expect("write html");

    let shot = screenshot(&browser, dir.path(), &page);
    if let Some(keep) = std::env::var_os("ZAOCHKA_KEEP_SCREENSHOT") {
        std::fs::copy(&shot, keep).expect("keep the screenshot");
    }
    let (w, h, px) = pixels(&shot);
    assert_eq!((w, h), (800, 900), "screenshot size");
    // The board's walnut squares and frame, as the PNG paints them.
    let dark = [0xb5, 0x88, 0x63];
    let frame = [0x5c, 0x3a, 0x1e];
    let count = |c: [u8; 3]| px.iter().filter(|&&p| near(p, c)).count();
    let (n_dark, n_frame) = (count(dark), count(frame));
    // 32 dark squares of 60 px (minus pieces and marks) and the frame around.
    assert!(n_dark > 50_000, "dark squares: {n_dark} pixels");
    assert!(n_frame > 20_000, "board frame: {n_frame} pixels");
    // The picture sits in the page's centred column, near the top.
    let first_frame_row = px
        .chunks(w as usize)
        .position(|row| row.iter().filter(|&&p| near(p, frame)).count() > 400)
        .expect("a row of the board frame");
    assert!(
        first_frame_row < 300,
        "board starts at row {first_frame_row}"
    );
}
