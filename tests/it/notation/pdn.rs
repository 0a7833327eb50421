//! The PDN syntax layer on real files, the writer round trip, and robustness on
//! random and mutated input.
//!
//! The real files are read from `tests/data/games/` (copied from ../shared/cases/games; see
//! its SOURCES.md: test input only, not shipped); set `ZAOCHKA_GAMES_DIR` to read
//! them from elsewhere.

use proptest::prelude::*;
use zaochka::notation::pdn::{
    PdnError, PdnGame, SEVEN_TAG_ROSTER, fen_black_to_move, is_result, read_games, write_game,
};

fn real_file(name: &str) -> String {
    let dir = std::env::var("ZAOCHKA_GAMES_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games").to_string());
    let path = format!("{dir}/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

fn read_all(text: &str) -> Vec<PdnGame> {
    read_games(text)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e: PdnError| panic!("syntax error: {e}"))
}

fn texts(g: &PdnGame) -> Vec<&str> {
    g.plies.iter().map(|p| p.text.as_str()).collect()
}

fn ply_counts(games: &[PdnGame]) -> Vec<usize> {
    games.iter().map(|g| g.plies.len()).collect()
}

/// Ply counts per game, counted independently (white-space split, move numbers
/// and results dropped).
const ABATSIEV_PLIES: [usize; 56] = [
    83, 34, 66, 49, 35, 55, 58, 40, 71, 43, 53, 53, 45, 50, 34, 26, 68, 58, 30, 87, 48, 27, 58, 22,
    40, 31, 61, 52, 37, 30, 57, 59, 45, 50, 64, 50, 44, 45, 64, 44, 41, 48, 38, 49, 27, 38, 50, 72,
    42, 38, 53, 38, 31, 75, 39, 53,
];
const WK2003_PLIES: [usize; 23] = [
    80, 93, 90, 96, 95, 101, 113, 119, 123, 143, 81, 80, 84, 100, 99, 102, 111, 107, 135, 131, 83,
    88, 127,
];

#[test]
fn abatsiev_reads_56_russian_games_without_errors() {
    let games = read_all(&real_file("abatsiev.pdn"));
    assert_eq!(games.len(), 56);
    assert_eq!(ply_counts(&games), ABATSIEV_PLIES);

    let first = &games[0];
    assert_eq!(first.line, 1);
    assert_eq!(first.tag("Event"), Some("XXV первенство СССР"));
    assert_eq!(first.tag("site"), Some("Лиепая"));
    assert_eq!(first.tag("Opening"), Some("Новоленинградская защита"));
    assert_eq!(first.tag("GameType"), None);
    assert_eq!(
        &texts(first)[..5],
        ["c3-d4", "f6-g5", "b2-c3", "g5-h4", "c3-b4"]
    );
    assert_eq!(first.plies[7].text, "b6xd4");
    let last = &first.plies[82];
    assert_eq!(
        (last.text.as_str(), last.number, last.line),
        ("d8-f6", Some(42), 17)
    );
    assert_eq!(first.result.as_deref(), Some("1-0"));

    assert_eq!(games[1].result.as_deref(), Some("1/2-1/2"));
    assert_eq!(games[2].tag("Comment"), Some("62/ XI-11"));

    // The game recorded with unknown moves: `1. - - 2. - - ... 25. - -`.
    let unknown = &games[35];
    assert_eq!(unknown.tag("Site"), Some("Ворошиловград"));
    assert!(
        unknown
            .plies
            .iter()
            .all(|p| p.is_unknown() && p.text == "-")
    );
    assert_eq!(unknown.plies[48].number, Some(25));

    let end = games[55].plies.last().map(|p| p.text.as_str());
    assert_eq!(end, Some("d2-e3"));
}

#[test]
fn wk2003_reads_23_international_games_without_errors() {
    let games = read_all(&real_file("wk2003.pdn"));
    assert_eq!(games.len(), 23);
    assert_eq!(ply_counts(&games), WK2003_PLIES);
    assert!(games.iter().all(|g| g.tag("GameType") == Some("20")));

    let first = &games[0];
    assert_eq!(first.tag("White"), Some("Ndjofang, J.M."));
    assert_eq!(&texts(first)[..4], ["32-28", "17-22", "28x17", "12x21"]);
    let last = &first.plies[79];
    assert_eq!((last.text.as_str(), last.number), ("17x8", None));
    assert_eq!(first.result.as_deref(), Some("1/2-1/2"));

    // Result on the same line as the last move.
    let second = &games[1];
    assert_eq!(second.plies[92].text, "42-38");
    assert_eq!(second.plies[92].number, Some(47));
    assert_eq!(second.result.as_deref(), Some("1/2-1/2"));

    let end = &games[22];
    let last = end.plies.last().expect("plies");
    assert_eq!((last.text.as_str(), last.number), ("44-39", Some(64)));
    assert_eq!(end.result.as_deref(), Some("1-0"));
}

#[test]
fn wk2003_with_spaces_inside_moves_reads_the_same() {
    let text = real_file("wk2003.pdn");
    let spaced = text
        .replace("32-28", "32- 28")
        .replace("17-22", "17 - 22")
        .replace("28x17", "28 x17")
        .replace("12x21", "12x\r\n21");
    assert_ne!(spaced, text);
    let plain: Vec<_> = read_all(&text).iter().map(|g| g.plies.clone()).collect();
    let spaced: Vec<_> = read_all(&spaced).iter().map(|g| g.plies.clone()).collect();
    let strip = |games: Vec<Vec<zaochka::notation::pdn::PdnPly>>| -> Vec<Vec<String>> {
        games
            .into_iter()
            .map(|g| g.into_iter().map(|p| p.text).collect())
            .collect()
    };
    assert_eq!(strip(spaced), strip(plain));
}

#[test]
fn abatsiev_with_bom_and_lf_line_ends_reads_the_same() {
    let text = real_file("abatsiev.pdn");
    let lf = format!("\u{feff}{}", text.replace("\r\n", "\n"));
    let a = read_all(&text);
    let b = read_all(&lf);
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.tags, y.tags);
        assert_eq!(x.plies, y.plies);
        assert_eq!(x.result, y.result);
        assert_eq!(x.line, y.line);
    }
}

/// Tags in the writer's order: the seven-tag roster first, then the others.
fn canonical_tags(tags: &[(String, String)]) -> Vec<(String, String)> {
    let rank = |name: &str| {
        SEVEN_TAG_ROSTER
            .iter()
            .position(|r| r.eq_ignore_ascii_case(name))
            .unwrap_or(SEVEN_TAG_ROSTER.len())
    };
    let mut out = tags.to_vec();
    out.sort_by_key(|(n, _)| rank(n)); // stable: others keep their order
    out
}

fn round_trip(tags: &[(String, String)], plies: &[String], result: &str, number: u32, black: bool) {
    let text = write_game(tags, plies, result, number, black);
    let games = read_all(&text);
    assert_eq!(games.len(), 1, "{text}");
    let g = &games[0];
    assert_eq!(g.tags, canonical_tags(tags), "{text}");
    assert_eq!(texts(g), plies, "{text}");
    let expected = if result.is_empty() { "*" } else { result };
    assert_eq!(g.result.as_deref(), Some(expected), "{text}");
    if let Some(first) = g.plies.first() {
        let black = black || tags.iter().any(|(n, v)| n == "FEN" && fen_black_to_move(v));
        assert_eq!(first.number, Some(number), "{text}");
        assert_eq!(first.black_marker, black, "{text}");
    }
    for line in text.lines() {
        assert!(
            line.starts_with('[') || line.chars().count() <= 80,
            "{line}"
        );
    }
}

#[test]
fn real_games_survive_write_then_read() {
    for file in ["abatsiev.pdn", "wk2003.pdn"] {
        for g in read_all(&real_file(file)) {
            let plies: Vec<String> = g.plies.iter().map(|p| p.text.clone()).collect();
            let result = g.result.clone().unwrap_or_default();
            round_trip(&g.tags, &plies, &result, 1, false);
        }
    }
}

#[test]
fn black_first_game_survives_write_then_read() {
    let tags = vec![
        ("FEN".to_string(), "B:W28,32:B19,K5".to_string()),
        ("Event".to_string(), "Задача \"№ 1\"".to_string()),
    ];
    let plies: Vec<String> = ["19-23", "28x19", "5x46"].map(String::from).into();
    round_trip(&tags, &plies, "0-2", 30, false);
    round_trip(&tags[1..], &plies, "½-½", 7, true);
}

/// Squares of the three notations, joined by separators into a move.
fn square() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-h][1-8]",
        "[1-9][0-9]?",
        "[асе][1-8]", // Cyrillic а с е
    ]
}

fn ply() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (square(), prop::collection::vec(("[-x:×–]", square()), 1..4)).prop_map(
            |(first, rest)| {
                let mut s = first;
                for (sep, sq) in rest {
                    s.push_str(&sep);
                    s.push_str(&sq);
                }
                s
            }
        ),
        1 => "((N|B|R|Q|K)x?|[a-h]x)?[a-h][1-8](=Q)?[+#]?",
        1 => Just("O-O-O".to_string()),
    ]
    .prop_filter("a result is not a move", |p| !is_result(p))
}

fn tag() -> impl Strategy<Value = (String, String)> {
    (
        prop_oneof![
            "[A-Za-z][A-Za-z0-9_]{0,10}",
            prop::sample::select(SEVEN_TAG_ROSTER.to_vec()).prop_map(String::from),
        ],
        "[^\\p{Cc}]{0,30}",
    )
}

fn result() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*", "½-½", "",
    ])
    .prop_map(String::from)
}

/// Characters PDN cares about, to make random text hit the grammar.
const PDN_ALPHABET: &str =
    "[\\[\\]{}()\";$%!?.*x:/\\-–—×½…0-9a-hасех \\n\\r\\tA-Z\\\\\u{feff}]{0,300}";

fn mutate(text: &str, edits: &[(usize, u8, Vec<u8>)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for (at, op, data) in edits {
        let at = at % (bytes.len() + 1);
        match op % 4 {
            0 => {
                let end = (at + data.len()).min(bytes.len());
                bytes.drain(at..end);
            }
            1 => {
                bytes.splice(at..at, data.iter().copied());
            }
            2 => {
                if let Some(b) = bytes.get_mut(at) {
                    *b = data.first().copied().unwrap_or(b'{');
                }
            }
            _ => {
                let end = (at + 1 + data.len() * 8).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                bytes.splice(at..at, copy);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Reads everything and checks what must hold on any input.
fn read_anything(text: &str) {
    let lines = text.split('\n').count() + text.matches('\r').count() + 1;
    let mut n = 0;
    for item in read_games(text) {
        n += 1;
        assert!(n <= text.len() + 1, "more games than characters");
        match item {
            Ok(g) => {
                assert!((1..=lines).contains(&g.line));
                for p in &g.plies {
                    assert!(!p.text.is_empty());
                    assert!(!p.text.chars().any(char::is_whitespace));
                    assert!((1..=lines).contains(&p.line));
                }
            }
            Err(e) => {
                assert!((1..=lines).contains(&e.line()), "{e}");
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

proptest! {
    #[test]
    fn written_games_read_back_the_same(
        tags in prop::collection::vec(tag(), 1..8),
        plies in prop::collection::vec(ply(), 0..120),
        result in result(),
        number in 1u32..500,
        black in any::<bool>(),
    ) {
        round_trip(&tags, &plies, &result, number, black);
    }

    #[test]
    fn any_string_reads_without_panic(text in any::<String>()) {
        read_anything(&text);
    }

    #[test]
    fn pdn_like_strings_read_without_panic(text in PDN_ALPHABET) {
        read_anything(&text);
    }

    #[test]
    fn any_bytes_read_without_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        read_anything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_real_files_read_without_panic(
        russian in any::<bool>(),
        edits in prop::collection::vec(
            (any::<usize>(), any::<u8>(), prop::collection::vec(any::<u8>(), 0..12)),
            1..12,
        ),
    ) {
        let text = real_file(if russian { "abatsiev.pdn" } else { "wk2003.pdn" });
        read_anything(&mutate(&text, &edits));
    }
}

/// Throughput of the reader; run with
/// `cargo test --test it notation::pdn:: -- --ignored --nocapture` (the test profile is
/// optimised).
#[test]
#[ignore = "timing, prints only"]
fn reader_throughput() {
    let text = real_file("abatsiev.pdn") + &real_file("wk2003.pdn");
    let rounds = 200;
    let start = std::time::Instant::now();
    let mut plies = 0;
    for _ in 0..rounds {
        plies += read_games(&text)
            .filter_map(Result::ok)
            .map(|g| g.plies.len())
            .sum::<usize>();
    }
    let secs = start.elapsed().as_secs_f64();
    let mb = (text.len() * rounds) as f64 / 1e6;
    println!(
        "{mb:.1} MB, {plies} plies in {secs:.3} s: {:.0} MB/s, {:.1} M plies/s",
        mb / secs,
        plies as f64 / secs / 1e6
    );
}
