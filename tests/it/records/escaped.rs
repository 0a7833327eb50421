//! `check` and `import` print what a PDN file holds (player names, tags, moves
//! as written, the file's own name) with every control character and
//! bidirectional override escaped, as the rest of the CLI does: a hostile
//! file cannot set the terminal's title, move its cursor, colour it or turn
//! a line around.

use crate::common;

use common::cli::Zaochka;

/// A game of two plies whose names and event carry an escape sequence, the
/// terminal-title sequence, a carriage return and U+202E (right-to-left
/// override), with an illegal ply so that the game is a fault.
const HOSTILE: &str = "[Event \"Cup\u{1b}[2J\"]\n[White \"\u{1b}]0;owned\u{7}Ivanov\"]\n\
[Black \"Petrov\u{202E}vortep\"]\n[Result \"1-0\"]\n\n1. c3-d4 f6-g5\r 2. a1-h8 1-0\n";

/// Whether the text holds any raw control character (other than line ends)
/// or bidirectional override.
fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| {
            (c.is_control() && c != '\n')
                || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        })
        .collect()
}

#[test]
fn check_prints_the_names_and_moves_of_a_hostile_file_escaped() {
    let z = Zaochka::new();
    let file = z.dir.path().join("hostile.pdn");
    std::fs::write(&file, HOSTILE).unwrap();
    let r = z.run(&["check", file.to_str().unwrap()]);
    let out = format!("{}{}", r.stdout, r.stderr);
    assert_eq!(r.code, 1, "the broken ply is a fault: {out}");
    assert_eq!(raw_controls(&out), Vec::<char>::new(), "{out:?}");
    assert!(out.contains("\\u{1b}]0;owned\\u{7}Ivanov"), "{out}");
    assert!(out.contains("Petrov\\u{202e}vortep"), "{out}");
}

#[test]
fn import_prints_the_names_and_moves_of_a_hostile_file_escaped() {
    let z = Zaochka::new();
    let file = z.dir.path().join("hostile.pdn");
    // The same game, legal this time, so that its players are named in the
    // report of the import; and the hostile one, refused with its ply.
    let legal = HOSTILE.replace("2. a1-h8 ", "");
    std::fs::write(&file, format!("{legal}\n{HOSTILE}")).unwrap();
    let r = z.run(&["import", file.to_str().unwrap()]);
    let out = format!("{}{}", r.stdout, r.stderr);
    assert!(out.contains("imported as game #1"), "{out}");
    assert!(out.contains("not imported"), "{out}");
    assert_eq!(raw_controls(&out), Vec::<char>::new(), "{out:?}");
    assert!(out.contains("\\u{1b}]0;owned\\u{7}Ivanov"), "{out}");
    assert!(out.contains("Petrov\\u{202e}vortep"), "{out}");
}
