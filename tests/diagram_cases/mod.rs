//! The positions the diagram tests draw: every game, towers of 1, 2, 5 and 12
//! pieces with kings on top and buried, numbered boards, last moves with
//! multi-captures. Towers and chess are hand-built `BoardView`s, as their games
//! fill the same model.
#![allow(dead_code)]

use zaochka::games::{self, BoardView, MoveView, SquareView};
use zaochka::rules::{Color, Variant};

/// One diagram to draw.
pub struct Case {
    /// File stem of its references in tests/data/diagrams/.
    pub name: &'static str,
    pub view: BoardView,
    pub last: Option<MoveView>,
    pub side: Color,
}

/// (file, rank) from 0 of a square named `c3`.
pub fn sq(name: &str) -> (u8, u8) {
    let b = name.as_bytes();
    let rank: u8 = name[1..].parse().expect("rank");
    (b[0] - b'a', rank - 1)
}

/// Pieces top to bottom from letters: `w`/`W` white man/king, `b`/`B` black.
fn stack(code: &str) -> Vec<(Color, char)> {
    code.chars()
        .map(|c| match c {
            'w' => (Color::White, 'm'),
            'W' => (Color::White, 'k'),
            'b' => (Color::Black, 'm'),
            'B' => (Color::Black, 'k'),
            _ => panic!("piece {c}"),
        })
        .collect()
}

fn towers_view(side: u8, numbered: bool, turn: Color, towers: &[(&str, &str)]) -> BoardView {
    BoardView {
        side,
        dark_squares_only: true,
        numbered,
        squares: towers
            .iter()
            .map(|(at, code)| {
                let (file, rank) = sq(at);
                SquareView {
                    file,
                    rank,
                    pieces: stack(code),
                }
            })
            .collect(),
        turn,
    }
}

/// A chess board from the piece placement field of a FEN.
fn chess_view(placement: &str, turn: Color) -> BoardView {
    let mut squares = Vec::new();
    for (i, row) in placement.split('/').enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as u8;
            } else {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                squares.push(SquareView {
                    file,
                    rank,
                    pieces: vec![(color, c.to_ascii_uppercase())],
                });
                file += 1;
            }
        }
    }
    BoardView {
        side: 8,
        dark_squares_only: false,
        numbered: false,
        squares,
        turn,
    }
}

/// A draughts game from a FEN with plies played, as the game itself draws it.
fn played(variant: Variant, fen: Option<&str>, plies: &[&str]) -> (BoardView, Option<MoveView>) {
    let mut game = games::new_game(variant, fen).expect("fen");
    for p in plies {
        game.play(p).expect("legal ply");
    }
    (game.board_view(), game.last_move())
}

fn mv(path: &[&str], captured: &[&str]) -> MoveView {
    MoveView {
        path: path.iter().map(|s| sq(s)).collect(),
        captured: captured.iter().map(|s| sq(s)).collect(),
    }
}

/// The Russian position with kings where White's last move d2:f4:h6:f8 took three
/// men and promoted on f8.
pub fn russian_kings_capture() -> (BoardView, Option<MoveView>) {
    played(
        Variant::Russian,
        Some("W:Wd2,c1,Kh2:Be3,g5,g7,a7,h4,Kb8"),
        &["d2:f4:h6:f8"],
    )
}

/// Bashni towers: g5 one man; c3 king over a man (2); e5 man over a buried black
/// king and buried white king (5); f4 black king over 11 (12, two buried white
/// kings); h2 black king over its own man (2). Black's last move h6-g5.
pub fn bashni_towers() -> BoardView {
    towers_view(
        8,
        false,
        Color::White,
        &[
            ("g5", "b"),
            ("c3", "Wb"),
            ("e5", "bBbWw"),
            ("f4", "BbbwwWwwwwWw"),
            ("h2", "Bb"),
        ],
    )
}

/// Lasca 7x7 (numbered): White's soldier took e3:c5:a7 over d4 and b6, promoting
/// on a7 and stopping; the columns jumped keep their remaining pieces.
pub fn lasca_capture() -> BoardView {
    towers_view(
        7,
        true,
        Color::Black,
        &[
            ("a7", "Wbb"),
            ("d4", "w"),
            ("b6", "B"),
            ("g1", "w"),
            ("e1", "ww"),
            ("f2", "wbB"),
            ("c7", "bbw"),
            ("e7", "b"),
            ("g7", "Bw"),
            ("d6", "b"),
            ("f6", "bw"),
        ],
    )
}

/// Every case, in a fixed order.
pub fn all() -> Vec<Case> {
    let (russian, _) = played(Variant::Russian, None, &[]);
    let (kings, kings_last) = russian_kings_capture();
    let (international, _) = played(Variant::International, None, &[]);
    vec![
        Case {
            name: "russian-initial-white",
            view: russian.clone(),
            last: None,
            side: Color::White,
        },
        Case {
            name: "russian-initial-black",
            view: russian,
            last: None,
            side: Color::Black,
        },
        Case {
            name: "russian-kings-capture-white",
            view: kings.clone(),
            last: kings_last.clone(),
            side: Color::White,
        },
        Case {
            name: "russian-kings-capture-black",
            view: kings,
            last: kings_last,
            side: Color::Black,
        },
        Case {
            name: "international-initial-white",
            view: international,
            last: None,
            side: Color::White,
        },
        Case {
            name: "bashni-towers-black",
            view: bashni_towers(),
            last: Some(mv(&["h6", "g5"], &[])),
            side: Color::Black,
        },
        Case {
            name: "lasca-capture-white",
            view: lasca_capture(),
            last: Some(mv(&["e3", "c5", "a7"], &["d4", "b6"])),
            side: Color::White,
        },
        Case {
            name: "chess-initial-white",
            view: chess_view("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Color::White),
            last: None,
            side: Color::White,
        },
        Case {
            name: "chess-middlegame-black",
            view: chess_view(
                "r1bqkb1r/ppp2Npp/2n5/3np3/2B5/8/PPPP1PPP/RNBQK2R",
                Color::Black,
            ),
            last: Some(mv(&["g5", "f7"], &["f7"])),
            side: Color::Black,
        },
    ]
}
