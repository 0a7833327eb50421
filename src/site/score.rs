//! A game's score on the site: move numbers and one link per ply to the page of
//! the position after it, the current ply marked on a position's page.

use std::fmt::Write;

use super::ply::Step;
use crate::diagram::html::escape;
use crate::rules::Color;
use crate::words::site::move_number;

/// The score as one paragraph: `1. c3-d4 f6-g5 2. ...` (`1... f6-g5` when the
/// game starts with Black's ply). Each ply links to `{prefix}<ply>.html`;
/// `current` marks the position shown (0, the start, marks none).
pub(super) fn html(steps: &[Step], prefix: &str, current: Option<usize>) -> String {
    let mut out = String::from("<p class=\"score\">");
    for (k, step) in steps.iter().enumerate() {
        let Some(p) = &step.ply else { continue };
        let class = if current == Some(k) {
            " class=\"current\""
        } else {
            ""
        };
        let link = format!(
            "<a href=\"{prefix}{k}.html\"{class}>{}</a>",
            escape(&p.text)
        );
        // A move number stays on the line of the ply it numbers.
        if p.side == Color::White || k == 1 {
            let _ = write!(
                out,
                "<span class=\"move\"><span class=\"num\">{}</span> {link}</span> ",
                move_number(p.number, p.side)
            );
        } else {
            let _ = write!(out, "{link} ");
        }
    }
    out.push_str("</p>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::BoardView;
    use crate::site::ply::Ply;

    fn step(ply: Option<(u32, Color, &str)>) -> Step {
        Step {
            view: BoardView {
                side: 8,
                dark_squares_only: true,
                numbered: false,
                squares: Vec::new(),
                turn: Color::White,
            },
            last: None,
            ply: ply.map(|(number, side, text)| Ply {
                number,
                side,
                text: text.into(),
            }),
        }
    }

    #[test]
    fn a_score_starting_with_black_numbers_its_first_ply_with_dots() {
        let steps = [
            step(None),
            step(Some((5, Color::Black, "f6-g5"))),
            step(Some((6, Color::White, "c3:e5"))),
            step(Some((6, Color::Black, "d6:f4"))),
        ];
        assert_eq!(
            html(&steps, "7/", Some(2)),
            "<p class=\"score\"><span class=\"move\"><span class=\"num\">5...</span> \
<a href=\"7/1.html\">f6-g5</a></span> <span class=\"move\"><span class=\"num\">6.</span> \
<a href=\"7/2.html\" class=\"current\">c3:e5</a></span> <a href=\"7/3.html\">d6:f4</a> </p>\n"
        );
    }
}
