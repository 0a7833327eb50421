//! `zaochka diagram` from the command line.

use crate::common;

use std::path::Path;
use std::process::Command;

fn zaochka(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .args(args)
        .output()
        .expect("run zaochka")
}

fn reference(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/diagrams")
        .join(name);
    std::fs::read_to_string(path).expect("reference text")
}

#[test]
fn diagram_prints_the_text_board_from_either_side() {
    let white = zaochka(&["diagram", "--variant", "russian"]);
    assert!(white.status.success());
    assert_eq!(
        String::from_utf8_lossy(&white.stdout),
        reference("russian-initial-white.txt")
    );
    let black = zaochka(&["diagram", "--text", "--flip"]);
    assert!(black.status.success());
    assert_eq!(
        String::from_utf8_lossy(&black.stdout),
        reference("russian-initial-black.txt")
    );
}

#[test]
fn diagram_ascii_prints_only_ascii() {
    let out = zaochka(&["diagram", "--ascii", "--fen", "W:Wc3,Kh2:Bd4,Kb8"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.is_ascii(), "{text}");
    assert!(text.contains("Kings: W white, B black"), "{text}");
}

#[test]
fn diagram_writes_png_and_svg_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let png = dir.path().join("board.png");
    let svg = dir.path().join("board.svg");
    let out = zaochka(&[
        "diagram",
        "--variant",
        "international",
        "--png",
        png.to_str().expect("path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).expect("png written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert!(bytes.len() <= 40 * 1024);
    let out = zaochka(&["diagram", "--flip", "--svg", svg.to_str().expect("path")]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&svg).expect("svg written");
    assert!(text.starts_with("<svg") && text.contains("DejaVu Sans"));
}

#[test]
fn diagram_refuses_two_outputs_and_bad_fens() {
    let both = zaochka(&["diagram", "--png", "a.png", "--svg", "a.svg"]);
    assert!(!both.status.success());
    let bad = zaochka(&["diagram", "--fen", "W:Wz9"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("zaochka:"));
}

#[test]
fn diagram_of_a_stored_game_at_a_ply_marks_its_last_move() {
    let z = common::cli::Zaochka::new();
    z.seed_players_and_game();
    for (mv, who) in common::cli::SEED_001 {
        z.ok(&["play", "1", mv, "--as", who]);
    }
    let start = z.ok(&["diagram", "1", "--at", "0"]);
    assert_eq!(start, reference("russian-initial-white.txt"));
    let end = z.ok(&["diagram", "#1", "--flip"]);
    assert!(end.contains("Last move: c7:e5:c3:e1:h4 ("), "{end}");
    assert!(end.contains("     h  g  f  e  d  c  b  a\n"), "{end}");
    let png = z.dir.path().join("b.png");
    z.ok(&[
        "diagram",
        "1",
        "--at",
        "9",
        "--png",
        png.to_str().expect("path"),
    ]);
    assert!(std::fs::read(&png).expect("png").starts_with(b"\x89PNG"));
    let r = z.run(&["diagram", "1", "--at", "11"]);
    assert!(
        !r.ok && r.stderr.contains("there is no ply 11"),
        "{}",
        r.stderr
    );
    let r = z.run(&["diagram", "2"]);
    assert!(
        !r.ok && r.stderr.contains("there is no game #2"),
        "{}",
        r.stderr
    );
}
