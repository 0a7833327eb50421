//! Header values as the envelope keeps them: clean display text, ids
//! without `<>`, `Delivered-To`, raw values and the `Date`.

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone};
use mail_parser::{HeaderValue, Message};

use crate::printable::is_unsafe;

/// A decoded display name or subject without control or bidirectional
/// override characters: tabs and line breaks become spaces, the others are
/// dropped.
pub(super) fn clean_text(s: &str) -> String {
    if !s.chars().any(is_unsafe) {
        return s.to_string();
    }
    s.chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' | '\u{2028}' | '\u{2029}' | '\u{85}' => Some(' '),
            c if is_unsafe(c) => None,
            c => Some(c),
        })
        .collect()
}

/// `Delivered-To` values without `<>`.
pub(super) fn delivered_to(m: &Message<'_>) -> Vec<String> {
    raw_header_values(m, "Delivered-To")
        .into_iter()
        .map(|v| {
            v.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_string()
        })
        .filter(|v| !v.is_empty())
        .collect()
}

pub(super) fn clean_id(id: &str) -> String {
    id.trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string()
}

pub(super) fn ids(v: &HeaderValue<'_>) -> Vec<String> {
    match v {
        HeaderValue::Text(t) => t.split_whitespace().map(clean_id).collect(),
        HeaderValue::TextList(l) => l.iter().map(|t| clean_id(t)).collect(),
        _ => Vec::new(),
    }
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect()
}

/// The raw values of every header with this name (unparsed, unfolded later).
pub(super) fn raw_header_values(m: &Message<'_>, name: &str) -> Vec<String> {
    m.headers_raw()
        .filter(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim().to_string())
        .collect()
}

pub(super) fn to_chrono(d: &mail_parser::DateTime) -> Option<DateTime<FixedOffset>> {
    let offset_secs = (i32::from(d.tz_hour) * 3600 + i32::from(d.tz_minute) * 60)
        * if d.tz_before_gmt { -1 } else { 1 };
    let offset = FixedOffset::east_opt(offset_secs)?;
    let naive = NaiveDate::from_ymd_opt(i32::from(d.year), u32::from(d.month), u32::from(d.day))?
        .and_hms_opt(u32::from(d.hour), u32::from(d.minute), u32::from(d.second))?;
    offset.from_local_datetime(&naive).single()
}
