//! Seed 000 §1.10: the sample Bashni game "Иванов – Петров" in its short form
//! (authoritative) and its long two-column form (misprinted at Black's 7th move),
//! the composition notation of diagram 4, and PDN records of column checkers.

use zaochka::games::{self, MoveErrorKind};
use zaochka::notation::{parse_line, pdn};
use zaochka::rules::{Color, Variant};

type Res = Result<(), Box<dyn std::error::Error>>;

const SHORT: &str = "1. cb4 bc5 2. ba5 ab6 3. bc3 cb4 4. a:a7 cb6 5. a:e5 f:b2 6. a:c3 dc7 \
    7. gf4 e:g3 8. h:f4 g:e5 9.e:g5 h:f4 10. de3 f:b4 11.b2:d4:f6:d8D:a5:d2:h6";

/// The long form as printed in two columns, read row by row.
const LONG: &str = "1.c3-b4 b6-c5 2.b4-a5 a7-b6 3.b2-c3 c5-b4 4.a3:a7 c7-b6 5.a5:e5 f6:b2 \
    6.a1:c3 d8-c7 7.g3-f4 d8-c7 8.h2:f4 e5:g3 9.e3:g5 g3:e5 10.d2-e3 h6:f4 \
    11.b2:d4:f6:d8D:a5:d2:h6 f4:b4";

const FINAL: &str = "B:Wa7(0/00),b4(000),c1,e1,e5(00),f2,g1,h6(10/000000):Bb8,f8,g7,h8";

/// A Lasca game with towers on both sides (20x12x6 is a two-piece capture).
const LASCA: &str = "1. 10-13 16x10 2. 6x14 17-13 3. 10x16 20x12x6 4. 2x10 16-12 \
    5. 8x16 19x13 6. 5-9 13x5 7. 1x9 21-17";

const DIAGRAM_4: &str = "W:Wc1(1/0000),d6(000000),f4(0000):Ba1(110101/1),b2(00)";

fn plies(text: &str) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    Ok(parse_line(text)?.into_iter().map(|p| p.mv.text).collect())
}

#[test]
fn the_sample_game_in_short_form_replays_to_the_end() -> Res {
    let written = plies(SHORT)?;
    let refs: Vec<&str> = written.iter().map(String::as_str).collect();
    let record = games::open_record(Variant::Bashni, None, &refs, 1)?;
    assert!(record.failure.is_none(), "{:?}", record.failure);
    let score = record.game.score();
    assert_eq!(score.len(), 21);
    // 4. a:a7 takes b4 and b6; 8. h:f4 stops on f4 (no straight turn back over g3).
    assert_eq!(score[6], "a3:c5:a7");
    assert_eq!(score[14], "h2:f4");
    // 11. b2:d4:f6:d8D:a5:d2:h6, promoted on d8 and going on as a king.
    assert_eq!(score[20], "b2:d4:f6:d8D:a5:d2:h6");
    assert_eq!(record.game.fen(), FINAL);
    Ok(())
}

#[test]
fn the_final_position_lists_every_towers_composition() -> Res {
    let g = games::new_game(Variant::Bashni, Some(FINAL))?;
    let diagram = zaochka::diagram::game_text(g.as_ref(), Color::White, &Default::default());
    assert!(diagram.contains(
        "White (8): a7 - 0/00, b4 - 000, c1 - 0, e1 - 0, e5 - 00, f2 - 0, g1 - 0, h6 - 10/000000\n"
    ));
    assert!(diagram.contains("Black (4): b8 - 0, f8 - 0, g7 - 0, h8 - 0\n"));
    // Each square's stack top to bottom: h6 is the promoted man over its own man
    // and six black prisoners.
    let h6 = g
        .board_view()
        .squares
        .into_iter()
        .find(|s| (s.file, s.rank) == (7, 5))
        .ok_or("no tower on h6")?;
    let letters: String = h6.pieces.iter().map(|p| p.1).collect();
    assert_eq!(letters, "kmmmmmmm");
    assert_eq!(h6.pieces[1].0, Color::White);
    assert_eq!(h6.pieces[2].0, Color::Black);
    Ok(())
}

#[test]
fn zaochka_show_lists_every_towers_composition() -> Res {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_zaochka"))
        .args(["show", "--variant", "bashni", "--fen", FINAL])
        .output()?;
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout)?;
    assert!(text.contains("h6 - 10/000000"), "{text}");
    assert!(text.contains("e5 - 00"), "{text}");
    assert!(text.contains(&format!("FEN {FINAL}")), "{text}");
    Ok(())
}

#[test]
fn the_long_form_is_reported_at_blacks_7th_move_because_d8_is_empty() -> Res {
    let written = plies(LONG)?;
    let refs: Vec<&str> = written.iter().map(String::as_str).collect();
    let record = games::open_record(Variant::Bashni, None, &refs, 1)?;
    let f = record.failure.ok_or("the long form replayed to the end")?;
    assert_eq!((f.ply, f.move_number, f.side), (13, 7, Color::Black));
    assert_eq!(f.error.written, "d8-c7");
    assert!(matches!(&f.error.kind, MoveErrorKind::Illegal(_)));
    assert_eq!(
        f.error.message(zaochka::vocabulary::Language::En),
        "there is no tower of yours on d8"
    );
    assert_eq!(record.game.plies(), 13);
    Ok(())
}

#[test]
fn diagram_4_reads_from_fen_writes_back_identically_and_lists_its_moves() -> Res {
    let g = games::new_game(Variant::Bashni, Some(DIAGRAM_4))?;
    assert_eq!(g.fen(), DIAGRAM_4);
    // The king on c1 must take b2's top man; it cannot turn back over b2.
    assert_eq!(g.legal_moves(), ["c1:a3"]);
    let diagram = zaochka::diagram::game_text(g.as_ref(), Color::White, &Default::default());
    assert!(diagram.contains("White (3): c1 - 1/0000, d6 - 000000, f4 - 0000\n"));
    assert!(diagram.contains("Black (2): a1 - 110101/1, b2 - 00\n"));
    Ok(())
}

#[test]
fn the_sample_file_replays_through_pdn_with_game_type_bashni() -> Res {
    let text = include_str!("../../../samples/bashni-seed-000.pdn");
    let parsed: Vec<pdn::PdnGame> = pdn::read_games(text).collect::<Result<_, _>>()?;
    assert_eq!(parsed.len(), 2);
    let short = games::replay_pdn(&parsed[0])?;
    assert_eq!(short.variant, Variant::Bashni);
    assert!(short.record.failure.is_none());
    assert_eq!(short.record.game.fen(), FINAL);
    let long = games::replay_pdn(&parsed[1])?;
    let f = long.record.failure.ok_or("the long form replayed")?;
    assert_eq!((f.move_number, f.side), (7, Color::Black));
    Ok(())
}

#[test]
fn pdn_records_of_bashni_and_lasca_round_trip() -> Res {
    for (variant, game_type, fen, moves) in [
        (Variant::Bashni, "Bashni", None, SHORT),
        (Variant::Lasca, "Lasca", None, LASCA),
        (Variant::Bashni, "Bashni", Some(DIAGRAM_4), "1. c1:a3 b2-c1"),
    ] {
        let written = plies(moves)?;
        let refs: Vec<&str> = written.iter().map(String::as_str).collect();
        let record = games::open_record(variant, fen, &refs, 1)?;
        assert!(record.failure.is_none(), "{variant}: {:?}", record.failure);
        let mut tags = vec![("GameType".to_string(), game_type.to_string())];
        if let Some(f) = fen {
            tags.push(("FEN".to_string(), f.to_string()));
        }
        let out = pdn::write_game(&tags, &record.game.score(), "*", 1, false);
        let back: Vec<pdn::PdnGame> = pdn::read_games(&out).collect::<Result<_, _>>()?;
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].tag("GameType"), Some(game_type));
        let replayed = games::replay_pdn(&back[0])?;
        assert_eq!(replayed.variant, variant);
        assert!(replayed.record.failure.is_none());
        assert_eq!(replayed.record.game.score(), record.game.score());
        assert_eq!(replayed.record.game.fen(), record.game.fen());
        assert_eq!(record.game.pdn_game_type(), Some(game_type));
    }
    Ok(())
}
