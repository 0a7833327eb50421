//! Why a game of a record file cannot be replayed at all
//! ([`RecordError`]), for the record checker's console (`zaochka check`,
//! `zaochka import`): a game zaochka does not play, a start position that
//! does not set up ([`super::setup`]), or a numeric record that replays whole
//! in both square numberings, with both readings of its first differing ply.

use crate::games::{AmbiguousNumbering, RecordError};
use crate::rules::{Color, Numbering};
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// The refusal of a record's game as a clause.
#[must_use]
pub fn record_error(e: &RecordError, lang: Language) -> String {
    match e {
        RecordError::UnsupportedGameType(t) => Message::new("records-unsupported-game-type")
            .arg("game_type", format!("{t:?}"))
            .render(lang),
        RecordError::Setup(e) => super::setup::refusal(e, lang),
        RecordError::AmbiguousNumbering(a) => ambiguous_numbering(a, lang),
    }
}

/// «the record replays whole in 2 square numberings; move 1. "30-16" reads
/// … (with square 1 at the top left (b8), from …) or …».
#[must_use]
pub fn ambiguous_numbering(a: &AmbiguousNumbering, lang: Language) -> String {
    let dots = if a.side == Color::Black { "..." } else { "." };
    let readings: Vec<String> = a
        .readings
        .iter()
        .map(|r| {
            let numbering = match r.numbering {
                Numbering::FromTopLeft => "records-numbering-top-left",
                Numbering::FromBottomLeft => "records-numbering-bottom-left",
            };
            Message::new("records-numbering-reading")
                .arg("move", r.full.clone())
                .arg("numbering", Message::new(numbering).render(lang))
                .arg("fen", r.start_fen.clone())
                .render(lang)
        })
        .collect();
    let or = format!(" {} ", Message::new("records-numbering-or").render(lang));
    Message::new("records-ambiguous-numbering")
        .arg("count", a.readings.len())
        .arg("number", format!("{}{dots}", a.move_number))
        .arg("written", format!("{:?}", a.written))
        .arg("readings", readings.join(&or))
        .render(lang)
}
