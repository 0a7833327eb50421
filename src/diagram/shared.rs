//! Boards drawn once: the PNG of a board is kept by every
//! input that changes the picture, so that a picture shown in many mails (the
//! same position reached in many games, a tournament's invitations from one
//! start, a reply sent again) is drawn and encoded once per process.
//!
//! What changes a PNG (see [`png::render`]): the position with the side to
//! move ([`BoardView`]), the last move marked ([`MoveView`]), the side seen
//! from, the language of its words (only the tower list's title is a word:
//! coordinates and numbers are the same in every language, so a board without
//! towers is one picture in both languages) and the size of the playing area
//! ([`Options::board_px`]).
//! Text settings (`ascii`, `show_turn`) do not, and are not part of the key.
//! The two mails of a move show one position from the two sides (and maybe in
//! two languages): two pictures.
//!
//! The cache is bounded by bytes ([`BUDGET_BYTES`]); the least recently used
//! picture goes first. The daemon is one process, so one cache serves it.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use super::{DiagramError, Options, png};
use crate::games::{BoardView, MoveView};
use crate::rules::Color;
use crate::vocabulary::Language;

/// The pictures the process-wide cache may hold, in bytes of PNG (a board is
/// 8-27 KB: some 400 pictures).
pub const BUDGET_BYTES: usize = 8 * 1024 * 1024;

/// Every input of a PNG board.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    view: BoardView,
    last: Option<MoveView>,
    side: Color,
    lang: Language,
    board_px: u32,
}

/// How a cache has been used: pictures drawn and pictures served again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Pictures drawn (cache misses).
    pub drawn: u64,
    /// Pictures served from the cache without drawing (hits).
    pub shared: u64,
    /// Pictures held now.
    pub held: usize,
    /// Bytes of PNG held now.
    pub bytes: usize,
}

/// A cache of PNG boards bounded by bytes, least recently used out first.
pub struct Boards {
    budget: usize,
    /// Picture and the tick of its last use.
    map: HashMap<Key, (Arc<[u8]>, u64)>,
    tick: u64,
    counts: Counts,
}

impl Boards {
    /// An empty cache holding at most `budget` bytes of PNG (at least one
    /// picture is always kept, however large).
    #[must_use]
    pub fn new(budget: usize) -> Boards {
        Boards {
            budget,
            map: HashMap::new(),
            tick: 0,
            counts: Counts::default(),
        }
    }

    /// The PNG of `view` seen from `side` with `last` marked, as
    /// [`png::render`] draws it, drawn only if this cache does not hold it.
    ///
    /// # Errors
    /// [`DiagramError`] from [`png::render`] (nothing is kept then).
    pub fn png(
        &mut self,
        view: &BoardView,
        last: Option<&MoveView>,
        side: Color,
        opts: &Options,
    ) -> Result<Arc<[u8]>, DiagramError> {
        self.png_with(view, last, side, opts, png::render)
    }

    /// [`Boards::png`] with the drawing function given (tests count its calls).
    fn png_with(
        &mut self,
        view: &BoardView,
        last: Option<&MoveView>,
        side: Color,
        opts: &Options,
        draw: impl FnOnce(
            &BoardView,
            Option<&MoveView>,
            Color,
            &Options,
        ) -> Result<Vec<u8>, DiagramError>,
    ) -> Result<Arc<[u8]>, DiagramError> {
        let key = Key {
            view: view.clone(),
            last: last.cloned(),
            side,
            lang: if super::stacks::has_words(view) {
                opts.lang
            } else {
                Language::En
            },
            board_px: opts.board_px,
        };
        self.tick += 1;
        if let Some((png, used)) = self.map.get_mut(&key) {
            *used = self.tick;
            self.counts.shared += 1;
            return Ok(Arc::clone(png));
        }
        let png: Arc<[u8]> = draw(view, last, side, opts)?.into();
        self.counts.drawn += 1;
        self.counts.bytes += png.len();
        self.map.insert(key, (Arc::clone(&png), self.tick));
        while self.counts.bytes > self.budget && self.map.len() > 1 {
            let Some(oldest) = self
                .map
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((gone, _)) = self.map.remove(&oldest) {
                self.counts.bytes -= gone.len();
            }
        }
        self.counts.held = self.map.len();
        Ok(png)
    }

    /// How this cache has been used so far.
    #[must_use]
    pub fn counts(&self) -> Counts {
        self.counts
    }
}

/// The process-wide cache ([`BUDGET_BYTES`]).
static SHARED: LazyLock<Mutex<Boards>> = LazyLock::new(|| Mutex::new(Boards::new(BUDGET_BYTES)));

/// The PNG of a board from the process-wide cache: drawn by [`png::render`]
/// the first time these inputs are asked for, the same bytes after.
///
/// # Errors
/// [`DiagramError`] from [`png::render`].
pub fn png(
    view: &BoardView,
    last: Option<&MoveView>,
    side: Color,
    opts: &Options,
) -> Result<Arc<[u8]>, DiagramError> {
    SHARED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .png(view, last, side, opts)
}

/// How the process-wide cache has been used (for the daemon's log).
#[must_use]
pub fn counts() -> Counts {
    SHARED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .counts()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::SquareView;

    /// A Russian board with a white man on c3 and a black man on f6.
    fn board(turn: Color) -> BoardView {
        BoardView {
            side: 8,
            dark_squares_only: true,
            numbered: false,
            squares: vec![
                SquareView {
                    file: 2,
                    rank: 2,
                    pieces: vec![(Color::White, 'm')],
                },
                SquareView {
                    file: 5,
                    rank: 5,
                    pieces: vec![(Color::Black, 'm')],
                },
            ],
            turn,
        }
    }

    #[test]
    fn the_same_board_is_drawn_once_and_the_same_bytes_are_shared() {
        let mut boards = Boards::new(BUDGET_BYTES);
        let view = board(Color::White);
        let opts = Options::default();
        let calls = std::cell::Cell::new(0);
        let draw = |v: &BoardView, l: Option<&MoveView>, s: Color, o: &Options| {
            calls.set(calls.get() + 1);
            png::render(v, l, s, o)
        };
        let first = boards
            .png_with(&view, None, Color::White, &opts, draw)
            .expect("drawn");
        let second = boards
            .png_with(&view, None, Color::White, &opts, draw)
            .expect("shared");
        assert_eq!(calls.get(), 1, "the second mail's board is not drawn again");
        assert!(Arc::ptr_eq(&first, &second), "one picture, shared");
        // Text settings do not change the picture.
        let ascii = Options {
            ascii: true,
            show_turn: false,
            ..Options::default()
        };
        let third = boards
            .png_with(&view, None, Color::White, &ascii, draw)
            .expect("shared");
        assert!(Arc::ptr_eq(&first, &third));
        assert_eq!(calls.get(), 1);
        let c = boards.counts();
        assert_eq!((c.drawn, c.shared, c.held), (1, 2, 1));
        assert_eq!(c.bytes, first.len());
    }

    #[test]
    fn another_side_size_position_last_move_or_language_of_words_is_another_picture() {
        let mut boards = Boards::new(BUDGET_BYTES);
        let view = board(Color::White);
        let opts = Options::default();
        let mv = MoveView {
            path: vec![(3, 1), (2, 2)],
            captured: vec![],
        };
        let base = boards.png(&view, None, Color::White, &opts).expect("png");
        let ru = Options {
            lang: Language::Ru,
            ..Options::default()
        };
        let small = Options {
            board_px: 320,
            ..Options::default()
        };
        let mut moved = view.clone();
        moved.squares[0].file = 3;
        moved.squares[0].rank = 3;
        let others = [
            boards.png(&view, None, Color::Black, &opts),
            boards.png(&view, Some(&mv), Color::White, &opts),
            boards.png(&view, None, Color::White, &small),
            boards.png(&moved, None, Color::White, &opts),
        ];
        for (i, other) in others.iter().enumerate() {
            let other = other.as_ref().expect("png");
            assert_ne!(other.as_ref(), base.as_ref(), "picture {i} differs");
        }
        assert_eq!(boards.counts().drawn, 5);
        // A board without towers has no words: one picture in both languages.
        let ru_png = boards.png(&view, None, Color::White, &ru).expect("png");
        assert!(Arc::ptr_eq(&ru_png, &base));
        assert_eq!(boards.counts().shared, 1);
        // With a tower the list under the board is titled in the reader's
        // language: two pictures.
        let mut towers = view.clone();
        towers.squares[0].pieces.push((Color::Black, 'm'));
        let en = boards.png(&towers, None, Color::White, &opts).expect("png");
        let ru = boards.png(&towers, None, Color::White, &ru).expect("png");
        assert_ne!(en.as_ref(), ru.as_ref());
        assert_eq!(boards.counts().drawn, 7);
    }

    #[test]
    fn the_least_recently_used_picture_goes_first_when_the_budget_is_spent() {
        let fake = |n: usize| {
            move |_: &BoardView, _: Option<&MoveView>, _: Color, _: &Options| {
                Ok::<_, DiagramError>(vec![0u8; n])
            }
        };
        let mut boards = Boards::new(250);
        let opts = Options::default();
        let (a, b, c) = (board(Color::White), board(Color::Black), {
            let mut v = board(Color::White);
            v.squares.pop();
            v
        });
        boards
            .png_with(&a, None, Color::White, &opts, fake(100))
            .expect("a");
        boards
            .png_with(&b, None, Color::White, &opts, fake(100))
            .expect("b");
        // a is used again, so b is the least recently used when c comes.
        boards
            .png_with(&a, None, Color::White, &opts, fake(100))
            .expect("a");
        boards
            .png_with(&c, None, Color::White, &opts, fake(100))
            .expect("c");
        let c_counts = boards.counts();
        assert_eq!((c_counts.held, c_counts.bytes), (2, 200));
        let drawn = c_counts.drawn;
        boards
            .png_with(&a, None, Color::White, &opts, fake(100))
            .expect("a");
        assert_eq!(boards.counts().drawn, drawn, "a was kept");
        boards
            .png_with(&b, None, Color::White, &opts, fake(100))
            .expect("b");
        assert_eq!(boards.counts().drawn, drawn + 1, "b was dropped");
    }
}
