use std::collections::{BTreeSet, HashSet};

use super::*;
use crate::games::AnyGame;
use crate::notation::parse_line;
use crate::rules::Color;

fn russian(fen: Option<&str>) -> Box<dyn AnyGame> {
    games::new_game(Variant::Russian, fen).unwrap()
}

/// The `# rows: N; categories: C; with moves: M; relocation-only: R` line of
/// a table's header (as the source counted: the free opening among the moves).
fn header_counts(table: DrawingTable) -> [usize; 4] {
    let line = SOURCES[table.index()]
        .lines()
        .find(|l| l.starts_with("# rows: "))
        .unwrap();
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    // "64" does not occur on that line; the four numbers are all there is.
    numbers.try_into().unwrap()
}

#[test]
fn the_tables_hold_as_many_openings_as_their_headers_say() {
    // Rows, categories, move openings, relocations, free openings.
    let expected = [
        (DrawingTable::Idf64, [745, 23, 349, 396, 0]),
        (DrawingTable::Fmjd64, [736, 46, 344, 392, 0]),
        (DrawingTable::Idf64Basic, [150, 15, 149, 0, 1]),
    ];
    for (table, counts) in expected {
        let o = table.openings();
        let categories: BTreeSet<u32> = o.iter().map(|o| o.category).collect();
        let with_moves = o.iter().filter(|o| o.moves.is_some()).count();
        let set_ups = o.iter().filter(|o| o.relocation.is_some()).count();
        // Neither moves nor a relocation: only the free opening.
        let free = o
            .iter()
            .filter(|o| o.moves.is_none() && o.relocation.is_none());
        let found = [o.len(), categories.len(), with_moves, set_ups, free.count()];
        assert_eq!(found, counts, "{table}");
        let [rows, cats, moves, relocations] = header_counts(table);
        assert_eq!(
            [rows, cats, moves, relocations],
            [found[0], found[1], found[2] + found[4], found[3]]
        );
        // Never both moves and a relocation.
        assert!(
            o.iter()
                .all(|o| o.moves.is_none() || o.relocation.is_none())
        );
    }
}

#[test]
fn codes_are_unique_and_start_with_the_category() {
    for table in DrawingTable::ALL.iter().copied() {
        let mut codes = HashSet::new();
        for o in table.openings() {
            assert!(codes.insert(&o.code), "{table}: {} twice", o.code);
            let (category, roman) = o.code.split_once('-').unwrap();
            assert_eq!(category, o.category.to_string(), "{table} {}", o.code);
            assert!(
                roman.chars().all(|c| "IVXL".contains(c)),
                "{table} {}",
                o.code
            );
        }
    }
}

/// Plays an opening's moves from the initial position as `zaochka game new
/// --opening` does (`parse_line`, then `AnyGame::play`), or says why not.
fn play_opening(moves: &str) -> Result<Box<dyn AnyGame>, String> {
    let mut game = russian(None);
    for ply in parse_line(moves).map_err(|e| format!("{e:?}"))? {
        game.play(&ply.mv.text).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

#[test]
fn every_move_opening_of_the_tables_reaches_its_fen() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for table in DrawingTable::ALL.iter().copied() {
        for o in table.openings() {
            let Some(moves) = o.moves() else { continue };
            let target = match games::new_game(Variant::Russian, Some(&o.fen)) {
                Ok(g) => g,
                Err(e) => {
                    bad.push(format!("{} {}: FEN: {e}", table.name(), o.code));
                    continue;
                }
            };
            match play_opening(moves) {
                Ok(g) if g.fen() == target.fen() && g.hash() == target.hash() => checked += 1,
                Ok(g) => bad.push(format!(
                    "{} {}: {moves} gives {}, the table {}",
                    table.name(),
                    o.code,
                    g.fen(),
                    target.fen()
                )),
                Err(e) => bad.push(format!("{} {}: {moves}: {e}", table.name(), o.code)),
            }
        }
    }
    assert_eq!(bad, Vec::<String>::new());
    assert_eq!(checked, 349 + 344 + 149);
}

/// The men of a position as (colour, file, rank), files and ranks from 0.
fn men(game: &dyn AnyGame) -> BTreeSet<(bool, u8, u8)> {
    game.board_view()
        .squares
        .iter()
        .map(|s| {
            assert_eq!(s.pieces.len(), 1);
            let (color, letter) = s.pieces[0];
            assert_eq!(letter, 'm', "a king in a set-up");
            (color == Color::White, s.file, s.rank)
        })
        .collect()
}

/// `a1` as (file, rank) from 0.
fn square(name: &str) -> (u8, u8) {
    let b = name.as_bytes();
    assert_eq!(b.len(), 2, "{name}");
    (b[0] - b'a', b[1] - b'1')
}

#[test]
fn every_set_up_is_the_initial_position_with_the_men_relocated() {
    let initial = men(russian(None).as_ref());
    let mut bad = Vec::new();
    let mut black_to_move = Vec::new();
    let mut checked = 0;
    for table in DrawingTable::ALL.iter().copied() {
        for o in table.openings().iter().filter(|o| o.moves.is_none()) {
            let label = table.label(o);
            assert_eq!(o.start_fen(), Some(o.fen.as_str()));
            // A legal position of Russian checkers (the FEN reader checks it).
            let game = match games::new_game(Variant::Russian, o.start_fen()) {
                Ok(g) => g,
                Err(e) => {
                    bad.push(format!("{label}: {e}"));
                    continue;
                }
            };
            let pieces = men(game.as_ref());
            let whites = pieces.iter().filter(|p| p.0).count();
            if (whites, pieces.len() - whites) != (12, 12) {
                bad.push(format!("{label}: {whites} white men of {}", pieces.len()));
                continue;
            }
            // The initial position with the men moved (all lifted, then all
            // put down: in `b2-h6 h6-a5` White takes the square Black leaves).
            let relocation = o.relocation.as_deref().unwrap_or("");
            let steps: Vec<((u8, u8), (u8, u8))> = relocation
                .split(' ')
                .filter(|s| !s.is_empty() && !s.chars().all(|c| c == '-'))
                .map(|s| {
                    let (from, to) = s.split_once('-').unwrap();
                    (square(from), square(to))
                })
                .collect();
            let mut board = initial.clone();
            let lifted: Vec<_> = steps
                .iter()
                .map(|(from, to)| {
                    let man = *board.iter().find(|m| (m.1, m.2) == *from).unwrap();
                    board.remove(&man);
                    (man.0, to.0, to.1)
                })
                .collect();
            for man in lifted {
                assert!(board.insert(man), "{label}: two men on one square");
            }
            if board != pieces {
                bad.push(format!("{label}: {relocation:?} is not {}", o.fen));
                continue;
            }
            if game.turn() == Color::Black {
                black_to_move.push(label);
            }
            checked += 1;
        }
    }
    assert_eq!(bad, Vec::<String>::new());
    assert_eq!(checked, 396 + 392 + 1);
    // White moves first in every set-up but three, kept as the source gives
    // them (data/ballots/README.md): 1-II moves White's man alone, 18-XX and
    // its FMJD twin 22-XV move one man of each side.
    assert_eq!(
        black_to_move,
        ["IDF-64 1-II", "IDF-64 18-XX", "FMJD-64 22-XV"]
    );
}

#[test]
fn positions_given_twice_are_the_documented_ones() {
    let mut twice = Vec::new();
    for table in DrawingTable::ALL.iter().copied() {
        let mut first: HashMap<String, &str> = HashMap::new();
        for o in table.openings() {
            let fen = russian(Some(&o.fen)).fen();
            if let Some(code) = first.insert(fen, &o.code) {
                twice.push(format!("{} {code} {}", table.name(), o.code));
            }
        }
    }
    // data/ballots/README.md: three transpositions of IDF-64, two set-ups of
    // FMJD-64 category 16 that repeat 15-XV and 15-XVI.
    assert_eq!(
        twice,
        [
            "IDF-64 5-XXI 11-XXI",
            "IDF-64 8-XVII 13-I",
            "IDF-64 18-XI 20-XXIII",
            "FMJD-64 15-XV 16-I",
            "FMJD-64 15-XVI 16-II"
        ]
    );
}

#[test]
fn idf64_opens_with_ab4_and_the_relocation_a1_a5() {
    let o = DrawingTable::Idf64.openings();
    assert_eq!(o[0].code, "1-I");
    assert_eq!(o[0].category, 1);
    assert_eq!(o[0].moves(), Some("1. ab4"));
    assert_eq!(o[0].start_fen(), None);
    assert_eq!(
        o[0].fen,
        "B:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(o[1].code, "1-II");
    assert_eq!(o[1].relocation.as_deref(), Some("a1-a5"));
    assert_eq!(o[1].moves(), None);
    assert_eq!(
        o[1].start_fen(),
        Some("B:W13,21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    );
    assert_eq!(o[3].code, "1-IV");
    assert_eq!(o[3].relocation.as_deref(), Some("a1-e5 d6-g5"));
    assert_eq!(DrawingTable::Idf64.label(&o[3]), "IDF-64 1-IV");
    let last = o.last().unwrap();
    assert_eq!(last.category, 23);

    let f = &DrawingTable::Fmjd64.openings()[0];
    assert_eq!(f.code, "1-I");
    assert_eq!(f.moves(), Some("1. ab4 ba5 2. ba3 ab6 3. ab2 dc5"));
    let b = DrawingTable::Idf64Basic.openings();
    assert_eq!(b[0].moves(), Some("1. cd4 ba5 2. dc5"));
    assert_eq!(DrawingTable::Idf64Basic.label(&b[0]), "IDF-64 basic 1-I");
    // Corrected for zaochka (data/ballots/README.md): 2-IV has the position
    // after its moves, not the FEN of 2-V; 5-VII is the free opening.
    let [b_2_iv, b_2_v] = [&b[13], &b[14]];
    assert_eq!((b_2_iv.code.as_str(), b_2_v.code.as_str()), ("2-IV", "2-V"));
    assert_ne!(b_2_iv.fen, b_2_v.fen);
    let free = &b[46];
    assert_eq!(free.code, "5-VII");
    assert_eq!((free.moves(), free.relocation.as_deref()), (None, None));
    assert_eq!(russian(free.start_fen()).fen(), russian(None).fen());
}

#[test]
fn the_setting_names_the_table() {
    for (setting, table, name) in [
        ("idf64", DrawingTable::Idf64, "IDF-64"),
        ("fmjd64", DrawingTable::Fmjd64, "FMJD-64"),
        ("idf64-basic", DrawingTable::Idf64Basic, "IDF-64 basic"),
    ] {
        assert_eq!(setting.parse::<DrawingTable>(), Ok(table));
        assert_eq!(table.as_str(), setting);
        assert_eq!(table.name(), name);
        assert_eq!(table.variant(), Variant::Russian);
    }
    let err = "acf".parse::<DrawingTable>().unwrap_err();
    assert_eq!(err.value, "acf");
}

/// The seed of the recheck examples: the bytes 01 23 45 67 89 ab cd ef.
const SEED: [u8; 8] = [0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef];

/// An opening's code as the drawing tables write it: the category in
/// Arabic figures, a hyphen, the variation in Roman numerals, e.g.
/// `opening_code(20, 30)` is opening 20, variation 30 of IDF-64.
fn opening_code(category: u32, variation: u32) -> String {
    let mut roman = String::new();
    let mut left = variation;
    for (value, numeral) in [
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ] {
        while left >= value {
            roman.push_str(numeral);
            left -= value;
        }
    }
    format!("{category}-{roman}")
}

#[test]
fn opening_codes_are_written_in_roman_numerals() {
    assert_eq!(opening_code(1, 4), "1-IV");
    assert_eq!(opening_code(18, 20), "18-XX");
    assert_eq!(opening_code(8, 17), "8-XVII");
    assert_eq!(opening_code(5, 49), "5-XLIX");
}

#[test]
fn the_lot_is_the_first_eight_bytes_of_the_sha256() {
    // { printf '%s' 0123456789abcdef | xxd -r -p; printf 'ballot:%s' 3-7; } | sha256sum
    // 5dae3e0f6777143756430827739b6413e995b49c6f0dca1837438b49639ccc4b  -
    assert_eq!(lot(&SEED, "3-7"), 0x5dae_3e0f_6777_1437);
}

#[test]
fn a_fixed_seed_draws_a_fixed_opening() {
    // { printf '%s' 0123456789abcdef | xxd -r -p; printf 'ballot:%s' 3-7; } | sha256sum \
    //   | cut -c1-16 | tr a-f A-F | sed 's/.*/ibase=16; & % 2E9/' | bc      -> 646
    // with % 2E0 (736) -> 471, with % 96 (150) -> 101; row 646 of
    // data/ballots/idf64-drawing-table.tsv is opening 20, variation 30.
    let pick_code = |t: DrawingTable, key| pick(t.openings(), &SEED, key).code.as_str();
    let idf_20_30 = opening_code(20, 30);
    assert_eq!(pick_code(DrawingTable::Idf64, "3-7"), idf_20_30);
    assert_eq!(pick_code(DrawingTable::Fmjd64, "3-7"), "30-VIII");
    assert_eq!(pick_code(DrawingTable::Idf64Basic, "3-7"), "11-II");
    // The same for key 1-2 (-> 196 of 745).
    assert_eq!(pick_code(DrawingTable::Idf64, "1-2"), opening_code(6, 32));
    // The same seed and key give the same opening, every time.
    let first = pick(DrawingTable::Idf64.openings(), &SEED, "3-7");
    assert!(std::ptr::eq(
        first,
        pick(DrawingTable::Idf64.openings(), &SEED, "3-7")
    ));
    // Another key or another seed draws afresh.
    assert_ne!(pick_code(DrawingTable::Idf64, "7-3"), idf_20_30);
    assert_ne!(
        pick(DrawingTable::Idf64.openings(), b"other", "3-7").code,
        idf_20_30
    );
}

#[test]
fn the_draw_spreads_over_the_whole_table() {
    let openings = DrawingTable::Idf64.openings();
    let mut hits = vec![0u32; openings.len()];
    let draws = 4 * openings.len();
    for i in 0..draws {
        let o = pick(openings, &SEED, &format!("round {i}"));
        let row = openings.iter().position(|p| std::ptr::eq(p, o)).unwrap();
        hits[row] += 1;
    }
    // 4 draws a row on average: a fair draw leaves about e^-4 = 1.8 % of
    // the rows unhit and hits none 16 times.
    let unhit = hits.iter().filter(|&&h| h == 0).count();
    assert!(unhit < openings.len() / 20, "{unhit} rows never drawn");
    assert!(hits.iter().all(|&h| h < 16), "max {:?}", hits.iter().max());
    // Both halves of the table (moves first in each category, set-ups too).
    let set_ups: u32 = openings
        .iter()
        .zip(&hits)
        .filter(|(o, _)| o.relocation.is_some())
        .map(|(_, h)| h)
        .sum();
    let share = f64::from(set_ups) / draws as f64;
    assert!((share - 396.0 / 745.0).abs() < 0.03, "{share}");
}

#[test]
#[should_panic(expected = "empty list")]
fn there_is_no_draw_from_an_empty_list() {
    let _ = pick(&[], &SEED, "1-2");
}

#[test]
fn a_directors_list_holds_moves_and_set_ups() {
    // Rows of the IDF table, written as a director would copy them; the
    // last is IDF-64 opening 20, variation 30, under its own code.
    let idf_20_30 = opening_code(20, 30);
    let text = format!(
        "\u{feff}# Cup 2026, section A\r\n\
             \r\n\
             A1\t1. ab4 bc5\r\n\
             A2 \t W:W15,21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,5,6,7,8,9,11,12,16\r\n\
             \x20 # a set-up with the men on c3 and f6 moved\n\
             {idf_20_30}\tW:W13,21,22,23,24,25,26,27,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,28\n"
    );
    let list = BallotList::read("Cup 2026", Variant::Russian, &text).unwrap();
    assert_eq!(list.name, "Cup 2026");
    assert_eq!(list.variant, Variant::Russian);
    let codes: Vec<&str> = list.openings.iter().map(|o| o.code.as_str()).collect();
    assert_eq!(codes, ["A1", "A2", idf_20_30.as_str()]);
    let [a1, a2, a3] = &list.openings[..] else {
        panic!()
    };
    // A1 is IDF-64 1-III: the moves are kept as written, the FEN is reached.
    assert_eq!(a1.moves(), Some("1. ab4 bc5"));
    assert_eq!(a1.start_fen(), None);
    assert_eq!(a1.category, 0);
    let idf_1_iii = &DrawingTable::Idf64.openings()[2];
    assert_eq!(a1.fen, russian(Some(&idf_1_iii.fen)).fen());
    // A2 is IDF-64 1-IV: a set-up starts from its FEN.
    let idf_1_iv = &DrawingTable::Idf64.openings()[3];
    assert_eq!(a2.moves(), None);
    assert_eq!(a2.relocation, None);
    assert_eq!(
        a2.start_fen(),
        Some(russian(Some(&idf_1_iv.fen)).fen().as_str())
    );
    assert_eq!(a3.category, 20);
    assert_eq!(list.label(a3), format!("Cup 2026 {idf_20_30}"));
    // python3 -c 'print(0x5dae3e0f67771437 % 3)' -> 2 (the lot of 3-7 above).
    assert_eq!(pick(&list.openings, &SEED, "3-7").code, idf_20_30);
}

#[test]
fn a_directors_list_is_read_in_the_notation_of_its_game() {
    // The Sicilian and the Ruy Lopez; a position after 1. e4 e5 2. Nf3 Nc6.
    let chess = "sicilian\t1. e4 c5\n\
                     ruy lopez\t1. e4 e5 2. Nf3 Nc6 3. Bb5\n\
                     four\trnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n";
    let list = BallotList::read("chess", Variant::Chess, chess).unwrap();
    assert_eq!(list.openings.len(), 3);
    assert!(
        list.openings[1]
            .fen
            .starts_with("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/")
    );
    assert_eq!(
        list.openings[2].start_fen().map(|f| &f[..8]),
        Some("rnbqkbnr")
    );
    // International draughts with numbers: 1. 32-28 18-23.
    let list = BallotList::read("10x10", Variant::International, "1\t1. 32-28 18-23\n").unwrap();
    assert!(list.openings[0].fen.starts_with('W'));
}

fn line_error(text: &str) -> (usize, ListLineError) {
    match BallotList::read("x", Variant::Russian, text) {
        Err(BallotListError::Line { line, problem }) => (line, problem),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_wrong_line_of_a_list_is_named_by_its_number() {
    assert_eq!(
        line_error("A1\t1. ab4\nA2 1. cb4\n"),
        (2, ListLineError::NoTab)
    );
    assert_eq!(line_error("# list\n\t1. ab4\n"), (2, ListLineError::NoCode));
    assert_eq!(line_error("A1\t \n"), (1, ListLineError::NoOpening));
    assert_eq!(
        line_error("A1\t1. ab4\n\nA1\t1. cb4\n"),
        (
            3,
            ListLineError::DuplicateCode {
                code: "A1".into(),
                first_line: 1
            }
        )
    );
    // After 1. cd4 dc5 White must capture (d4:b6), so 2. ba3 is illegal.
    let (line, problem) = line_error("A1\t1. ab4 ba5\nA2\t1. cd4 dc5 2. ba3\n");
    assert_eq!(line, 2);
    let ListLineError::NotAnOpening { moves, .. } = problem else {
        panic!("{problem:?}")
    };
    let MovesError::Illegal { ply, error } = *moves else {
        panic!("{moves:?}")
    };
    assert_eq!((ply, error.written.as_str()), (3, "ba3"));
    // A FEN with a square off the board is neither a position nor moves.
    let (_, problem) = line_error("A1\tW:W21,22,23,24,25,26,27,28,29,30,31,33:B1-12\n");
    let ListLineError::NotAnOpening { setup, moves } = problem else {
        panic!("{problem:?}")
    };
    assert!(
        matches!(
            &setup,
            SetupError::Fen(crate::notation::fen::FenError::Square(
                crate::notation::square_name::SquareError::NoSuchNumber(33)
            ))
        ),
        "{setup:?}"
    );
    assert!(matches!(*moves, MovesError::Syntax(_)), "{moves:?}");
    // A result is not an opening.
    let (_, problem) = line_error("A1\t1. ab4 ba5 1-0\n");
    let ListLineError::NotAnOpening { moves, .. } = problem else {
        panic!("{problem:?}")
    };
    assert_eq!(*moves, MovesError::NotMovesOnly);
}

#[test]
fn a_list_of_comments_only_is_empty() {
    assert_eq!(
        BallotList::read("x", Variant::Russian, "# nothing yet\n\n"),
        Err(BallotListError::Empty)
    );
}
