//! HTML bodies to text: a pre-pass over the markup, then mail-parser's
//! `html_to_text` (which decodes entities and drops `<head>`, `<style>`,
//! `<script>`).
//!
//! mail-parser 0.11 breaks lines only at `<br>` and `</p>`, so
//! `<div>e3-d4</div><div>draw</div>` would come out as one glued line. The
//! pre-pass puts a line break around every block element (`div`, `p`, `li`,
//! `tr`, headings, `blockquote` ...), turns `<hr>` into a line of underscores
//! (Outlook's reply separator, cut by [`super::quotes`]), and, when asked,
//! drops every `<blockquote>` with its content: mail clients put the quoted
//! history there, so an old move inside never reaches the command reader.
//! Comments (Word's conditional comments) are dropped.

/// Elements that start a new line in the text.
const BLOCK_TAGS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "center",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "li",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tbody",
    "thead",
    "tr",
    "ul",
];

/// The line an `<hr>` becomes.
const HR_LINE: &str = "________________________________";

/// Converts an HTML body to text; with `drop_quotes`, every `<blockquote>`
/// element and its content are left out.
///
/// # Examples
/// ```
/// use zaochka::mail::html::html_to_text;
/// let html = "<div>e3-d4</div><div>Ivan</div><blockquote>1. c3-d4</blockquote>";
/// let text = html_to_text(html, true);
/// assert!(text.contains("e3-d4\n"));
/// assert!(!text.contains("c3-d4"));
/// ```
#[must_use]
pub fn html_to_text(html: &str, drop_quotes: bool) -> String {
    let prepared = prepare(html, drop_quotes);
    mail_parser::decoders::html::html_to_text(&prepared)
}

/// The pre-pass: block elements framed by `<br>`, `<hr>` to a separator line,
/// comments removed, block quotes removed when asked.
fn prepare(html: &str, drop_quotes: bool) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let mut quote_depth = 0usize;
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        if quote_depth == 0 {
            out.push_str(&rest[..lt]);
        }
        let tail = &rest[lt..];
        if let Some(comment) = tail.strip_prefix("<!--") {
            rest = comment.find("-->").map_or("", |end| &comment[end + 3..]);
            continue;
        }
        let Some(end) = tag_end(tail) else {
            // An unterminated tag: the rest is not text.
            rest = "";
            break;
        };
        let tag = &tail[..=end];
        rest = &tail[end + 1..];
        let (closing, name) = tag_name(tag);
        if name == "blockquote" && drop_quotes {
            if closing {
                quote_depth = quote_depth.saturating_sub(1);
                if quote_depth == 0 {
                    out.push_str("<br>");
                }
            } else if !tag.ends_with("/>") {
                quote_depth += 1;
            }
            continue;
        }
        if quote_depth > 0 {
            continue;
        }
        if name == "hr" {
            out.push_str("<br>");
            out.push_str(HR_LINE);
            out.push_str("<br>");
        } else if BLOCK_TAGS.contains(&name.as_str()) {
            out.push_str("<br>");
            out.push_str(tag);
        } else if name == "td" || name == "th" {
            out.push(' ');
            out.push_str(tag);
        } else {
            out.push_str(tag);
        }
    }
    if quote_depth == 0 {
        out.push_str(rest);
    }
    out
}

/// The index of the `>` closing the tag that starts `tail` (quotes respected).
fn tag_end(tail: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    for (i, c) in tail.char_indices().skip(1) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => return Some(i),
            (None, _) => {}
        }
    }
    None
}

/// Whether a tag closes an element, and its lowercased name.
fn tag_name(tag: &str) -> (bool, String) {
    let inner = tag.trim_start_matches('<').trim_start();
    let (closing, inner) = match inner.strip_prefix('/') {
        Some(r) => (true, r.trim_start()),
        None => (false, inner),
    };
    let name: String = inner
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (closing, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divs_become_separate_lines() {
        let t = html_to_text("<div>Сдаюсь.</div><div>&nbsp;</div><div>Ольга</div>", false);
        let lines: Vec<&str> = t.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        assert_eq!(lines, ["Сдаюсь.", "Ольга"]);
    }

    #[test]
    fn nested_blockquotes_are_dropped_whole() {
        let t = html_to_text(
            "new<blockquote>old<blockquote>older</blockquote>still old</blockquote>after",
            true,
        );
        assert!(t.contains("new"));
        assert!(t.contains("after"));
        assert!(!t.contains("old"));
    }

    #[test]
    fn blockquotes_are_kept_when_asked() {
        let t = html_to_text("new<blockquote>old</blockquote>", false);
        assert!(t.contains("old"));
    }

    #[test]
    fn an_unclosed_blockquote_drops_everything_after_it() {
        let t = html_to_text("e3-d4<blockquote type=\"cite\">1. c3-d4", true);
        assert!(t.contains("e3-d4"));
        assert!(!t.contains("c3-d4"));
    }

    #[test]
    fn a_horizontal_rule_becomes_a_separator_line() {
        let t = html_to_text("accept<hr style=\"x\"><b>From:</b> bot", false);
        assert!(t.contains(HR_LINE));
    }

    #[test]
    fn comments_and_quoted_angle_brackets_are_handled() {
        let t = html_to_text(
            "<!--[if gte mso 9]><xml>junk</xml><![endif]--><p title=\"a>b\">draw</p>",
            false,
        );
        assert!(t.contains("draw"));
        assert!(!t.contains("junk"));
        assert!(!t.contains("a>b"));
    }
}
