//! The body as text: the MIME bounds checked on the parsed mail, the text
//! and HTML parts read (flowed lines joined, HTML converted, spaces
//! normalised) and blank-line runs collapsed.

use std::borrow::Cow;

use mail_parser::{Message, MessagePart, MimeHeaders, PartType};

use crate::mail::limits::{Limits, Over};
use crate::mail::{flowed, html, text};

/// Checks the MIME depth and part count of a parsed mail (nested messages
/// included), without recursion on the call stack.
pub(super) fn check_structure(m: &Message<'_>, limits: &Limits) -> Result<(), Over> {
    let mut parts = 0usize;
    let mut messages: Vec<(&Message<'_>, usize)> = vec![(m, 1)];
    while let Some((msg, base)) = messages.pop() {
        parts += msg.parts.len();
        limits.check_parts(parts)?;
        let mut stack: Vec<(usize, usize)> = vec![(0, base)];
        let mut visits = 0;
        while let Some((id, depth)) = stack.pop() {
            visits += 1;
            if visits > msg.parts.len() {
                break;
            }
            limits.check_depth(depth)?;
            match msg.parts.get(id).map(|p| &p.body) {
                Some(PartType::Multipart(children)) => {
                    stack.extend(children.iter().map(|&c| (c as usize, depth + 1)));
                }
                Some(PartType::Message(inner)) => messages.push((inner, depth + 1)),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Checks the decoded size of all text and HTML parts together.
pub(super) fn check_text_size(m: &Message<'_>, limits: &Limits) -> Result<(), Over> {
    let mut total = 0usize;
    for part in &m.parts {
        if let PartType::Text(t) | PartType::Html(t) = &part.body {
            total += t.len();
            limits.check_text(total)?;
        }
    }
    Ok(())
}

/// The body as text (quotes kept) and the text to cut quotes from (HTML block
/// quotes already dropped), and whether the body was HTML only. When the text
/// parts are blank (some clients send an empty text/plain beside the HTML),
/// the HTML parts are read instead.
pub(super) fn body_texts(m: &Message<'_>, limits: &Limits) -> Result<(String, String, bool), Over> {
    let (mut whole, mut for_cut, mut html_only) = (String::new(), String::new(), false);
    let mut any_text = false;
    let mut any_html = false;
    for part in m.text_bodies() {
        read_part(
            part,
            limits,
            &mut whole,
            &mut for_cut,
            &mut any_text,
            &mut any_html,
        )?;
    }
    if whole.trim().is_empty() && !any_html {
        for part in m.html_bodies() {
            if matches!(part.body, PartType::Html(_)) {
                read_part(
                    part,
                    limits,
                    &mut whole,
                    &mut for_cut,
                    &mut any_text,
                    &mut any_html,
                )?;
            }
        }
        html_only = any_html;
    }
    Ok((
        collapse_blank_lines(&whole),
        collapse_blank_lines(&for_cut),
        html_only || (any_html && !any_text),
    ))
}

/// Appends one body part as text to both texts (parts with a file name are
/// attachments, not body), after checking its lines against the limits.
fn read_part(
    part: &MessagePart<'_>,
    limits: &Limits,
    whole: &mut String,
    for_cut: &mut String,
    any_text: &mut bool,
    any_html: &mut bool,
) -> Result<(), Over> {
    if part.attachment_name().is_some() {
        return Ok(());
    }
    let (w, c) = match &part.body {
        PartType::Text(t) => {
            *any_text = true;
            let t = text::normalise_newlines(t);
            let unwrapped = match part.content_type() {
                Some(ct)
                    if ct
                        .attribute("format")
                        .is_some_and(|f| f.eq_ignore_ascii_case("flowed")) =>
                {
                    let delsp = ct
                        .attribute("delsp")
                        .is_some_and(|d| d.eq_ignore_ascii_case("yes"));
                    Cow::Owned(flowed::unflow(&t, delsp))
                }
                _ => Cow::Borrowed(t.as_str()),
            };
            limits.check_lines(&unwrapped)?;
            let n = text::normalise(&unwrapped);
            (n.clone(), n)
        }
        PartType::Html(h) => {
            *any_html = true;
            let kept = html::html_to_text(h, false);
            limits.check_lines(&kept)?;
            (
                text::normalise(&kept),
                text::normalise(&html::html_to_text(h, true)),
            )
        }
        _ => return Ok(()),
    };
    for (acc, add) in [(whole, w), (for_cut, c)] {
        if !acc.is_empty() && !acc.ends_with('\n') {
            acc.push('\n');
        }
        acc.push_str(&add);
    }
    Ok(())
}

/// At most one blank line in a row; no blank lines at the start or end.
pub(super) fn collapse_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_run = 0;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank_run += 1;
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
            if blank_run > 0 {
                out.push('\n');
            }
        }
        blank_run = 0;
        out.push_str(line);
    }
    out
}
