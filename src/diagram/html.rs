//! The HTML part of a reply: a short message, the board picture inline
//! (`<img src="cid:board">`, the PNG attached with `Content-ID: <board>` in a
//! multipart/related part), the text diagram in `<pre>` for clients that block
//! or drop the picture, and the game score.
//!
//! Kept to what every common client renders the same way (Gmail, Outlook,
//! Thunderbird, Apple Mail, Yandex, Mail.ru): no stylesheet, no `<style>` or
//! classes (Gmail and Outlook strip or ignore them), no scripts, no external
//! resources; one centred column (`<div>` with `max-width`, which Outlook ignores
//! harmlessly), inline `style` attributes only, explicit `width`/`height` on the
//! image and a `max-width:100%` so phones shrink it.

use std::fmt::Write;

/// The Content-ID the reply gives the board PNG (referenced as `cid:board`).
pub const BOARD_CID: &str = "board";

/// What goes into the HTML part of a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page<'a> {
    /// The page title (the mail subject).
    pub title: &'a str,
    /// Paragraphs of the message above the board, plain text (escaped here); a
    /// blank line splits paragraphs, single line breaks are kept. It must not
    /// hold the text diagram: in a proportional font its spaces collapse and
    /// the position shown would be wrong (the diagram goes only in `<pre>`).
    pub message: &'a str,
    /// Paragraphs of the message below the board (score, clocks), as `message`.
    pub after: &'a str,
    /// The `src` of the board picture: `cid:board` in a mail.
    pub image_src: &'a str,
    /// Size of the picture in pixels (from [`svg::size`](super::svg::size)).
    pub image_size: (u32, u32),
    /// Alternative text of the picture ("Position after 12. c3-d4").
    pub image_alt: &'a str,
    /// The text diagram (shown in `<pre>`).
    pub text_diagram: &'a str,
    /// The game score, plain text (PDN or PGN movetext).
    pub score: &'a str,
}

/// Escapes text for HTML content and attribute values.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const PRE: &str = "font-family:'DejaVu Sans Mono',Menlo,Consolas,'Courier New',monospace;\
font-size:14px;line-height:1.2;background:#f7f1e6;color:#222;padding:8px;margin:12px 0;\
white-space:pre;overflow-x:auto";

/// Writes text as paragraphs: a blank line splits them, line breaks are kept.
fn paragraphs(out: &mut String, text: &str) {
    for para in text.split("\n\n").filter(|p| !p.trim().is_empty()) {
        let lines: Vec<String> = para.trim_matches('\n').lines().map(escape).collect();
        let _ = writeln!(
            out,
            "<p style=\"margin:0 0 10px 0;white-space:pre-wrap\">{}</p>",
            lines.join("<br>")
        );
    }
}

/// The whole HTML document of a reply's HTML part.
#[must_use]
pub fn body(page: &Page<'_>) -> String {
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>{}</title></head>\n\
<body style=\"margin:0;padding:0;background:#ffffff\">\n\
<div style=\"max-width:640px;margin:0 auto;padding:12px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.4;color:#222\">\n",
        escape(page.title)
    );
    paragraphs(&mut out, page.message);
    let (w, h) = page.image_size;
    let _ = writeln!(
        out,
        "<p style=\"margin:12px 0\"><img src=\"{}\" width=\"{w}\" height=\"{h}\" alt=\"{}\" \
style=\"display:block;max-width:100%;height:auto;border:0\"></p>",
        escape(page.image_src),
        escape(page.image_alt)
    );
    let _ = writeln!(
        out,
        "<pre style=\"{PRE}\">{}</pre>",
        escape(page.text_diagram.trim_end())
    );
    paragraphs(&mut out, page.after);
    if !page.score.trim().is_empty() {
        let _ = writeln!(
            out,
            "<pre style=\"{PRE}\">{}</pre>",
            escape(page.score.trim_end())
        );
    }
    out.push_str("</div>\n</body></html>\n");
    out
}

/// The HTML part of a mail that is a table (a crosstable): the text in one
/// `<pre>` block, so that its columns stay aligned in any mail client.
#[must_use]
pub fn table_body(title: &str, text: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>{}</title></head>\n\
<body style=\"margin:0;padding:0;background:#ffffff\">\n\
<div style=\"margin:0 auto;padding:12px;color:#222\">\n\
<pre style=\"{PRE}\">{}</pre>\n</div>\n</body></html>\n",
        escape(title),
        escape(text.trim_end())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_goes_whole_into_pre() {
        let html = table_body("T", "№ Имя  1 2\n1 A&B  × 1\n");
        assert!(html.contains("<pre style=\""), "{html}");
        assert!(html.contains("1 A&amp;B  × 1</pre>"), "{html}");
    }

    #[test]
    fn html_body_inlines_the_board_and_escapes_text() {
        let page = Page {
            title: "[zaochka #1] <move>",
            message: "You played c3-d4.\n\nBlack & White",
            after: "Move 2: Black to move.",
            image_src: "cid:board",
            image_size: (528, 528),
            image_alt: "Position",
            text_diagram: " 8 │ ● │\n",
            score: "1. c3-d4 *",
        };
        let html = body(&page);
        assert!(html.contains(r#"<img src="cid:board" width="528" height="528""#));
        assert!(html.contains("<title>[zaochka #1] &lt;move&gt;</title>"));
        assert!(
            html.contains(
                "<p style=\"margin:0 0 10px 0;white-space:pre-wrap\">Black &amp; White</p>"
            )
        );
        assert!(html.contains(" 8 │ ● │</pre>"));
        assert!(html.contains("1. c3-d4 *</pre>"));
        let board_at = html.find("<img").unwrap();
        assert!(html.find("Move 2: Black to move.").unwrap() > board_at);
        assert!(!html.contains("<style") && !html.contains("<script"));
    }
}
