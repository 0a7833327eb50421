//! `format=flowed` (RFC 3676) unwrapped: mail-parser 0.11 leaves it as sent.
//!
//! A line ending in a space is soft-broken and joins the next line of the same
//! quote depth (with `DelSp=yes` that trailing space is deleted when joining);
//! a leading space after the quote marks is stuffing and is removed; the
//! signature separator `-- ` is never a soft break. Quoted paragraphs come back
//! with `>` marks (one per level) and a space.

/// Unwraps a `format=flowed` text (lines ending in `\n` or `\r\n`).
///
/// # Examples
/// ```
/// use zaochka::mail::flowed::unflow;
/// let t = "my move 19. \ng3-h4 and more\n From here\n> quoted \n> on\n-- \nIvan\n";
/// assert_eq!(
///     unflow(t, false),
///     "my move 19. g3-h4 and more\nFrom here\n> quoted on\n-- \nIvan\n"
/// );
/// ```
#[must_use]
pub fn unflow(text: &str, delsp: bool) -> String {
    let mut out = String::with_capacity(text.len());
    // The paragraph being joined: its quote depth and text so far.
    let mut open: Option<(usize, String)> = None;
    let body = text.strip_suffix('\n').unwrap_or(text);
    let ends_with_newline = body.len() != text.len();
    for raw in body.split('\n') {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let depth = line.bytes().take_while(|&b| b == b'>').count();
        let mut content = &line[depth..];
        if let Some(unstuffed) = content.strip_prefix(' ') {
            content = unstuffed;
        }
        let is_signature = content == "-- ";
        let soft = !is_signature && content.ends_with(' ');
        let piece = if soft && delsp {
            &content[..content.len() - 1]
        } else {
            content
        };
        match &mut open {
            Some((d, acc)) if *d == depth => acc.push_str(piece),
            Some(_) => {
                // A soft break followed by another quote depth ends the paragraph.
                let (d, acc) = open.take().expect("matched Some");
                push_line(&mut out, d, acc.trim_end_matches(' '));
                open = Some((depth, piece.to_string()));
            }
            None => open = Some((depth, piece.to_string())),
        }
        if !soft && let Some((d, acc)) = open.take() {
            push_line(&mut out, d, &acc);
        }
    }
    if let Some((d, acc)) = open.take() {
        push_line(&mut out, d, acc.trim_end_matches(' '));
    }
    if !ends_with_newline && out.ends_with('\n') {
        out.pop();
    }
    out
}

fn push_line(out: &mut String, depth: usize, text: &str) {
    if depth > 0 {
        out.push_str(&">".repeat(depth));
        if !text.is_empty() {
            out.push(' ');
        }
    }
    out.push_str(text);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_breaks_join_and_hard_breaks_stay() {
        assert_eq!(unflow("a \nb\nc\n", false), "a b\nc\n");
    }

    #[test]
    fn delsp_yes_deletes_the_space_of_the_soft_break() {
        assert_eq!(unflow("Привет, мо \nй ход\n", true), "Привет, мой ход\n");
    }

    #[test]
    fn space_stuffed_lines_are_unstuffed() {
        assert_eq!(
            unflow(" From the diagram\n >x\n", false),
            "From the diagram\n>x\n"
        );
    }

    #[test]
    fn the_signature_separator_is_not_a_soft_break() {
        assert_eq!(unflow("-- \nIvan\n", false), "-- \nIvan\n");
    }

    #[test]
    fn quoted_soft_breaks_join_within_their_depth_only() {
        assert_eq!(unflow("> a \n> b\n>> c \nd\n", false), "> a b\n>> c\nd\n");
    }

    #[test]
    fn crlf_line_ends_are_accepted() {
        assert_eq!(unflow("a \r\nb\r\n", false), "a b\n");
    }
}
