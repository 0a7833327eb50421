//! The tournament site written from real games and looked at
//! in a real browser engine: headless Chromium shows the crosstable of the front
//! page, and a position's page shows the board after that ply: the SVG in the
//! page is the diagram of the replayed position, and it renders (a man where a
//! man stands, the bare walnut of an empty dark square).
//!
//! The browser checks need Debian's `chromium` package; without it they say
//! SKIPPED and the file checks still run. `ZAOCHKA_KEEP_SCREENSHOT=/tmp/dir`
//! keeps the screenshots there to look at, `ZAOCHKA_KEEP_SITE=/tmp/dir` the
//! Russian site.

use crate::headless;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use headless::{near, pixels};

use zaochka::diagram::{Options, svg};
use zaochka::games::{self, AnyGame};
use zaochka::notation::pdn::{PdnGame, read_games, read_pgn_games};
use zaochka::rules::{Color, Variant};
use zaochka::site::{self, Site, SiteGame, SiteRow, SiteTable};
use zaochka::vocabulary::Language;

/// A player's name that must be escaped everywhere it is shown.
const TRICKY: &str = "Петров <Пётр> & \"К°\"";

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/games/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The first `n` games of a PDN file (PGN when `pgn`).
fn real_games(name: &str, pgn: bool, n: usize) -> Vec<PdnGame> {
    let text = data(name);
    let games: Result<Vec<_>, _> = if pgn {
        read_pgn_games(&text).take(n).collect()
    } else {
        read_games(&text).take(n).collect()
    };
    games.expect("PDN syntax")
}

/// A real game replayed: the game and its plies in full notation, as the store
/// keeps them.
type Replayed = (Box<dyn AnyGame>, Vec<String>);

fn replayed(pdn: &PdnGame, pgn: bool) -> Replayed {
    let checked = if pgn {
        games::replay_pgn(pdn)
    } else {
        games::replay_pdn(pdn)
    }
    .expect("replayable");
    assert!(checked.record.failure.is_none(), "a legal game");
    let moves = checked.record.game.score();
    (checked.record.game, moves)
}

/// The game of a tournament made from a real game, cut after `plies` plies.
fn site_game(
    id: i64,
    label: &str,
    round: u32,
    (white, black): (&str, &str),
    (game, moves): &Replayed,
    plies: usize,
    result: Option<&str>,
) -> SiteGame {
    let mut cut = games::new_game(game.variant(), None).unwrap();
    for m in &moves[..plies] {
        cut.play(m).unwrap();
    }
    let tags = vec![
        ("Event".to_string(), "Турнир <памяти>".to_string()),
        ("White".to_string(), white.to_string()),
        ("Black".to_string(), black.to_string()),
    ];
    SiteGame {
        id,
        label: label.into(),
        round,
        white: white.into(),
        black: black.into(),
        result: result.map(String::from),
        start_fen: None,
        moves: moves[..plies].to_vec(),
        pdn: games::write_record(cut.as_ref(), &tags, result.unwrap_or("*")),
        ballot: None,
        ending: None,
    }
}

fn row(number: u32, name: &str, cells: [&str; 3], points: &str, place: &str) -> SiteRow {
    SiteRow {
        number,
        name: name.into(),
        rating: None,
        cells: cells.map(String::from).to_vec(),
        points: points.into(),
        place: place.into(),
        tie_breaks: vec!["0".into()],
    }
}

/// A Russian-checkers round robin of three with two real games of the USSR
/// championships: the first, won by White with captures and kings on both
/// sides, and 20 plies of the second still being played; the third game has
/// no move yet.
fn russian_tournament() -> (SiteTable, Vec<SiteGame>, Replayed) {
    let real = real_games("abatsiev.pdn", false, 2);
    let first = replayed(&real[0], false);
    let second = replayed(&real[1], false);
    let (a, b) = ("Абаулин В.", "Абациев Н.");
    let mut games = vec![
        site_game(11, "1-2", 1, (a, b), &first, first.1.len(), Some("1-0")),
        site_game(12, "2-3", 2, (b, TRICKY), &second, 20, None),
        site_game(13, "3-1", 3, (TRICKY, a), &second, 0, None),
    ];
    games[0].ballot = Some("c3-d4 f6-g5 b2-c3".into());
    let table = SiteTable {
        headers: ["№", "Участник", "1", "2", "3", "Очки", "Место", "Коэф."]
            .map(String::from)
            .to_vec(),
        rows: vec![
            row(1, a, ["×", "1", ""], "1", "1"),
            row(2, b, ["0", "×", ""], "0", "2-3"),
            row(3, TRICKY, ["", "", "×"], "0", "2-3"),
        ],
        average: None,
    };
    (table, games, first)
}

const CROSSTABLE_TEXT: &str = " № Участник            1 2 3  Очки Место
 1 Абаулин В.          × 1    1    1
 2 Абациев Н.          0 ×    0    2-3
 3 Петров <Пётр> & \"К°\"     ×  0    2-3
";

/// The diagram the site must show after `plies` plies of a game.
fn expected_svg(variant: Variant, moves: &[String], plies: usize, lang: Language) -> String {
    let game = position_after(variant, moves, plies);
    let opts = Options {
        lang,
        ..Options::default()
    };
    svg::render(
        &game.board_view(),
        game.last_move().as_ref(),
        Color::White,
        &opts,
    )
}

fn position_after(variant: Variant, moves: &[String], plies: usize) -> Box<dyn AnyGame> {
    let mut game = games::new_game(variant, None).unwrap();
    for m in &moves[..plies] {
        game.play(m).unwrap();
    }
    game
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_site_has_every_page_and_each_position_page_shows_the_replayed_board() {
    let (table, games, (_, moves)) = russian_tournament();
    let dir = tempfile::tempdir().unwrap();
    let s = Site {
        name: "Турнир <памяти> & друзей",
        variant: Variant::Russian,
        lang: Language::Ru,
        crosstable_text: CROSSTABLE_TEXT,
        crosstable: &table,
        games: &games,
        crosstable_csv: "",
    };
    let written = site::write(dir.path(), &s).unwrap();
    if let Some(keep) = std::env::var_os("ZAOCHKA_KEEP_SITE") {
        site::write(Path::new(&keep), &s).expect("keep the site");
    }
    let root = dir.path();
    // 3 pages and 3 records of games, 84 + 21 + 1 positions, the front page, the style,
    // the whole event's record (no CSV: none given).
    assert_eq!(written.files.len(), 3 + 3 + 84 + 21 + 1 + 2 + 1);
    assert!(root_has(dir.path(), "games.pdn"));
    assert_eq!(written.files.last(), Some(&root.join("index.html")));
    for f in &written.files {
        assert!(f.is_file(), "{}", f.display());
    }

    let index = read(&root.join("index.html"));
    assert!(index.contains("<html lang=\"ru\">"));
    assert!(index.contains("<title>Турнир &lt;памяти&gt; &amp; друзей</title>"));
    assert!(index.contains("<h2>Турнирная таблица</h2>"));
    assert!(index.contains("<td class=\"name\">Петров &lt;Пётр&gt; &amp; &quot;К°&quot;</td>"));
    assert!(!index.contains("<Пётр>"), "names are escaped");
    for g in &games {
        assert!(index.contains(&format!("<a href=\"games/{}.html\">", g.id)));
    }
    assert!(index.contains("<h3>Тур 3</h3>"));

    let game = read(&root.join("games/11.html"));
    assert!(game.contains("<h1>Партия 1-2: Абаулин В. – Абациев Н.</h1>"));
    assert!(game.contains("<dt>Дебют по жребию</dt><dd>c3-d4 f6-g5 b2-c3</dd>"));
    assert!(game.contains("<a href=\"11.pdn\" download>Скачать PDN</a>"));
    assert!(game.contains("<span class=\"num\">33.</span> <a href=\"11/65.html\">c7-b8</a>"));
    assert!(game.contains("<a href=\"11/83.html\">"));
    assert_eq!(read(&root.join("games/11.pdn")), games[0].pdn);
    assert!(read(&root.join("games/12.html")).contains("<dd>играется</dd>"));
    assert!(read(&root.join("games/13.html")).contains("<p class=\"score\"></p>"));

    // 33. c7-b8: White's man becomes a king; every position page is the
    // diagram of the position replayed to that ply.
    let king = read(&root.join("games/11/65.html"));
    assert!(king.contains("<h2>Позиция после 33. c7-b8</h2>"));
    assert!(king.contains("<a href=\"65.html\" class=\"current\">c7-b8</a>"));
    for ply in [0, 1, 8, 65, 83] {
        let page = read(&root.join(format!("games/11/{ply}.html")));
        let board = expected_svg(Variant::Russian, &moves, ply, Language::Ru);
        assert!(page.contains(&board), "the board after ply {ply}");
    }
    assert!(read(&root.join("games/11/0.html")).contains("<h2>Начальная позиция</h2>"));
}

#[test]
fn publishing_again_overwrites_and_removes_the_positions_taken_back() {
    let (table, games, _) = russian_tournament();
    let dir = tempfile::tempdir().unwrap();
    let site_of = |games| Site {
        name: "Rollback",
        variant: Variant::Russian,
        lang: Language::En,
        crosstable_text: "",
        crosstable: &table,
        games,
        crosstable_csv: "",
    };
    site::write(dir.path(), &site_of(&games)).unwrap();
    let before = read(&dir.path().join("games/12/20.html"));
    let mut taken_back = games.clone();
    taken_back[1].moves.truncate(18);
    let again = site::write(dir.path(), &site_of(&taken_back)).unwrap();
    let removed: HashSet<PathBuf> = again.removed.into_iter().collect();
    let plies = dir.path().join("games/12");
    assert_eq!(
        removed,
        HashSet::from([plies.join("19.html"), plies.join("20.html")])
    );
    assert!(!plies.join("19.html").exists());
    assert!(read(&plies.join("18.html")).contains("<span>Next</span>"));
    assert!(before.contains("Position after 10... "));
    let leftovers = std::fs::read_dir(&plies)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".tmp")
        })
        .count();
    assert_eq!(leftovers, 0, "no temporary file is left");
}

#[test]
fn a_chess_tournament_offers_pgn_and_writes_san_in_the_readers_letters() {
    let real = real_games("fischer-petrosian.pgn", true, 1);
    let fischer = replayed(&real[0], true);
    let plies = fischer.1.len();
    let games = vec![site_game(
        21,
        "1-2",
        1,
        ("Fischer, Robert J.", "Kampars, N."),
        &fischer,
        plies,
        Some("1/2-1/2"),
    )];
    let table = SiteTable::default();
    for (lang, san, download) in [
        (Language::En, ">Bxf3<", "Download PGN"),
        (Language::Ru, ">С:f3<", "Скачать PGN"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let s = Site {
            name: "Milwaukee 1957",
            variant: Variant::Chess,
            lang,
            crosstable_text: "",
            crosstable: &table,
            games: &games,
            crosstable_csv: "",
        };
        site::write(dir.path(), &s).unwrap();
        let game = read(&dir.path().join("games/21.html"));
        assert!(game.contains(san), "{lang:?}");
        assert!(game.contains(&format!("<a href=\"21.pgn\" download>{download}</a>")));
        assert!(dir.path().join("games/21.pgn").is_file());
        for ply in [7, plies] {
            let page = read(&dir.path().join(format!("games/21/{ply}.html")));
            assert!(page.contains(&expected_svg(Variant::Chess, &fischer.1, ply, lang)));
        }
    }
}

// ---- In the browser ----

/// A screenshot of a page, kept when `ZAOCHKA_KEEP_SCREENSHOT` names a directory.
fn screenshot(browser: &Path, dir: &Path, page: &Path, name: &str) -> (u32, Vec<[u8; 3]>) {
    let shot = dir.join(name);
    headless::run(
        browser,
        dir,
        page,
        headless::Output::Screenshot(&shot, (1000, 1000)),
    );
    if let Some(keep) = std::env::var_os("ZAOCHKA_KEEP_SCREENSHOT") {
        std::fs::create_dir_all(&keep).expect("screenshot directory");
        std::fs::copy(&shot, Path::new(&keep).join(name)).expect("keep the screenshot");
    }
    let (w, h, px) = pixels(&shot);
    assert_eq!((w, h), (1000, 1000), "screenshot size");
    (w, px)
}

/// The walnut of dark squares and the frame (also the table headers' colour).
const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
const FRAME: [u8; 3] = [0x5c, 0x3a, 0x1e];
/// The faces of the men.
const WHITE_MAN: [u8; 3] = [0xf6, 0xee, 0xdc];
const BLACK_MAN: [u8; 3] = [0x2b, 0x27, 0x24];

/// The squares a move's arrow and marks touch: its path, the squares between
/// (diagonal steps) and the captured ones.
fn marked(game: &dyn AnyGame) -> HashSet<(u8, u8)> {
    let mut set = HashSet::new();
    if let Some(mv) = game.last_move() {
        for pair in mv.path.windows(2) {
            let (mut f, mut r) = pair[0];
            set.insert((f, r));
            while (f, r) != pair[1] {
                f = if pair[1].0 > f { f + 1 } else { f - 1 };
                r = if pair[1].1 > r { r + 1 } else { r - 1 };
                set.insert((f, r));
            }
        }
        set.extend(mv.path.iter().copied());
        set.extend(mv.captured.iter().copied());
    }
    set
}

#[test]
fn the_published_site_shows_the_crosstable_and_the_board_in_headless_chromium() {
    let Some(browser) = headless::chromium() else {
        eprintln!(
            "SKIPPED the_published_site_shows_the_crosstable_and_the_board_in_headless_chromium: \
             chromium is not installed (Debian: apt-get install -y chromium)"
        );
        return;
    };
    let (table, games, (_, moves)) = russian_tournament();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    let s = Site {
        name: "Турнир памяти",
        variant: Variant::Russian,
        lang: Language::Ru,
        crosstable_text: CROSSTABLE_TEXT,
        crosstable: &table,
        games: &games,
        crosstable_csv: "",
    };
    site::write(&out, &s).unwrap();

    // The DOM as the browser built it: the crosstable's cells, names escaped.
    let dom = headless::run(
        &browser,
        dir.path(),
        &out.join("index.html"),
        headless::Output::Dom,
    );
    assert!(dom.contains("<th>Участник</th>"), "{dom}");
    assert!(dom.contains(
        "<td class=\"name\">Абаулин В.</td><td class=\"cell self\">×</td><td class=\"cell\">1</td>"
    ));
    assert!(dom.contains("<td class=\"name\">Петров &lt;Пётр&gt; &amp; \"К°\"</td>"));
    assert!(dom.contains("<td class=\"place\">2-3</td>"));

    // The screenshot: the header row of the table (walnut frame colour) and
    // dark text under it.
    let (w, px) = screenshot(&browser, dir.path(), &out.join("index.html"), "index.png");
    let rows: Vec<&[[u8; 3]]> = px.chunks(w as usize).collect();
    let header: Vec<usize> = (0..rows.len())
        .filter(|&y| rows[y].iter().filter(|&&p| near(p, FRAME)).count() > 150)
        .collect();
    assert!(
        header.len() >= 15,
        "the table's header row: {} rows",
        header.len()
    );
    let below = header.last().unwrap() + 1..header.last().unwrap() + 80;
    let text = below
        .flat_map(|y| rows[y].iter())
        .filter(|p| p.iter().all(|&c| c < 0x70))
        .count();
    assert!(text > 300, "the players' rows: {text} dark pixels");

    // A position's page: after 33. c7-b8 (ply 65) the board shows the men
    // where they stand and bare walnut on an empty dark square.
    let ply = 65;
    let game = position_after(Variant::Russian, &moves, ply);
    let view = game.board_view();
    let avoid = marked(game.as_ref());
    let man = view
        .squares
        .iter()
        .find(|q| q.pieces.len() == 1 && q.pieces[0].1 == 'm' && !avoid.contains(&(q.file, q.rank)))
        .expect("a man off the last move");
    let occupied: HashSet<(u8, u8)> = view.squares.iter().map(|q| (q.file, q.rank)).collect();
    let empty = (0..8u8)
        .flat_map(|r| (0..8u8).map(move |f| (f, r)))
        .find(|&(f, r)| {
            (f + r).is_multiple_of(2) && !occupied.contains(&(f, r)) && !avoid.contains(&(f, r))
        })
        .expect("an empty dark square");

    let page = out.join(format!("games/11/{ply}.html"));
    let (w, px) = screenshot(&browser, dir.path(), &page, "ply.png");
    let rows: Vec<&[[u8; 3]]> = px.chunks(w as usize).collect();
    // The board's frame: its first row of frame colour and where it starts.
    let top = (0..rows.len())
        .find(|&y| rows[y].iter().filter(|&&p| near(p, FRAME)).count() > 400)
        .expect("the board's frame");
    let left = rows[top].iter().position(|&p| near(p, FRAME)).unwrap();
    let opts = Options {
        lang: Language::Ru,
        ..Options::default()
    };
    let (width, _) = svg::size(&view, Color::White, &opts);
    let square = opts.board_px / 8;
    let margin = (width - 8 * square) / 2;
    let centre = |(f, r): (u8, u8)| {
        let x = left + (margin + square * u32::from(f) + square / 2) as usize;
        let y = top + (margin + square * u32::from(7 - r) + square / 2) as usize;
        rows[y][x]
    };
    let face = if man.pieces[0].0 == Color::White {
        WHITE_MAN
    } else {
        BLACK_MAN
    };
    let at_man = centre((man.file, man.rank));
    assert!(
        near(at_man, face),
        "a man on {:?}: {at_man:?}",
        (man.file, man.rank)
    );
    let at_empty = centre(empty);
    assert!(near(at_empty, DARK), "empty {empty:?}: {at_empty:?}");
}

#[test]
fn a_game_whose_moves_do_not_replay_is_refused_with_its_ply() {
    let games = vec![SiteGame {
        id: 5,
        label: "1-2".into(),
        round: 1,
        moves: vec!["c3-d4".into(), "c3-d4".into()],
        ..SiteGame::default()
    }];
    let table = SiteTable::default();
    let s = Site {
        name: "Broken",
        variant: Variant::Russian,
        lang: Language::En,
        crosstable_text: "",
        crosstable: &table,
        games: &games,
        crosstable_csv: "",
    };
    let dir = tempfile::tempdir().unwrap();
    let err = site::write(dir.path(), &s).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    assert!(err.to_string().starts_with("game 5: ply 2: c3-d4"), "{err}");
    assert!(!dir.path().join("index.html").exists());
}

/// Whether the site's root holds the file `name`.
fn root_has(root: &Path, name: &str) -> bool {
    root.join(name).is_file()
}
