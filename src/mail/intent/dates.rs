//! Dates as players write them in a mail.

use chrono::NaiveDate;

use crate::clock::lexicon::read_date;

/// A date written `2026-12-20` or `20.12.2026`.
pub(super) fn parse_date(word: &str) -> Option<NaiveDate> {
    let w = word.trim_end_matches(['.', ',', ';', ')']);
    read_date(w)
}
