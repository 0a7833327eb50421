//! The frame of every page of the site: the document head (language, title, the
//! one stylesheet), a line back to the tournament, and the page's own body.

use std::fmt::Write;

use super::Site;
use crate::diagram::html::escape;
use crate::words::site::{Word, word};

/// The site's stylesheet (`style.css` at the root).
pub(super) const STYLE: &str = include_str!("style.css");

/// A whole HTML document. `root` leads from the page to the site's root (`""`,
/// `"../"`, `"../../"`); `title` is plain text; `body` is HTML already escaped.
/// Pages other than the front page get a link back to it above the body.
pub(super) fn document(site: &Site<'_>, root: &str, title: &str, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>{title}</title><link rel=\"stylesheet\" href=\"{root}style.css\"></head>\n\
<body><main>\n",
        lang = site.lang.code(),
        title = escape(title),
    );
    if !root.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"up\"><a href=\"{root}index.html\" title=\"{}\">{}</a></p>",
            word(Word::BackToTournament, site.lang),
            escape(site.name)
        );
    }
    out.push_str(body);
    out.push_str("</main></body></html>\n");
    out
}
