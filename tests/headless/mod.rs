//! Headless Chromium for the tests that look at HTML as a mail client shows it
//! (Debian's `chromium` package; the tests say SKIPPED and pass without it).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The Chromium binary on the PATH, if any.
pub fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// What to get from the page.
pub enum Output<'a> {
    /// A screenshot into this file, of a window this size (pixels).
    Screenshot(&'a Path, (u32, u32)),
    /// The DOM after the page's scripts ran (`--dump-dom`), returned.
    Dom,
}

/// Runs Chromium headless on a local page (with its own profile in `dir`)
/// and returns the DOM for [`Output::Dom`] (empty for a screenshot). Panics
/// when Chromium fails or takes more than 180 s.
pub fn run(browser: &Path, dir: &Path, page: &Path, output: Output<'_>) -> String {
    let mut cmd = Command::new(browser);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--virtual-time-budget=5000",
    ])
    .arg(format!("--user-data-dir={}", dir.join("profile").display()));
    match output {
        Output::Screenshot(shot, (w, h)) => {
            cmd.arg(format!("--screenshot={}", shot.display()))
                .arg(format!("--window-size={w},{h}"));
        }
        Output::Dom => {
            cmd.arg("--dump-dom").arg("--window-size=800,2400");
        }
    }
    let out_file = dir.join("chromium.out");
    let mut child = cmd
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_file).expect("chromium output file"))
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for chromium") {
            assert!(status.success(), "chromium exited with {status}");
            break;
        }
        if start.elapsed() > Duration::from_secs(180) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took more than 180 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    match output {
        Output::Dom => std::fs::read_to_string(out_file).unwrap_or_default(),
        Output::Screenshot(..) => String::new(),
    }
}

/// RGB pixels of a PNG (a screenshot): width, height and the pixels row by row.
pub fn pixels(path: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let bytes = std::fs::read(path).expect("read screenshot");
    let mut decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(::png::Transformations::EXPAND | ::png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("png data");
    let step = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(step)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width, info.height, px)
}

/// Whether two colours are within 8 of each other in every channel.
pub fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 8)
}
