//! The command line's one-line account of what a command did, in English,
//! from the referee's typed [`Account`].

use super::game::{count_en, days_en, side_name};
use super::moves::{claim_fails, claimable, finish};
use crate::referee::told::{Account, ConditionalAccount};
use crate::rules::Color;
use crate::vocabulary::Language::En;

/// The account in English; empty for [`Account::Reply`] and
/// [`Account::Nothing`] (the command line prints the reply instead).
#[must_use]
pub fn account(a: &Account) -> String {
    match a {
        Account::Reply | Account::Nothing => String::new(),
        Account::Moved {
            game,
            number,
            side,
            full,
            finish: end,
            offer_bar,
        } => {
            // `12. c3-d4` for White, `12... d6-c5` for Black, as in the score.
            let dots = if *side == Color::Black { "..." } else { "." };
            let mut s = match end {
                Some(f) => format!("game #{game}: {number}{dots} {full}; {}", finish(f, En)),
                None => format!("game #{game}: {number}{dots} {full}"),
            };
            if let Some(bar) = offer_bar {
                s.push_str(&format!(
                    "; no draw offered: {}",
                    bar.as_error().message(En)
                ));
            }
            s
        }
        Account::Late { game, side } => format!(
            "game #{game}: the move is late; {} lose on time",
            side_name(*side, En)
        ),
        Account::Resigned { game, side, result } => format!(
            "game #{game}: {} resigned, {}",
            side_name(*side, En),
            result.pdn()
        ),
        Account::Sealed { game } => format!("game #{game}: a move is sealed"),
        Account::DrawOffered { game, side } => {
            format!("game #{game}: {} offers a draw", side_name(*side, En))
        }
        Account::DrawAgreed { game } => format!("game #{game}: draw agreed, 1/2-1/2"),
        Account::DrawDeclined { game } => format!("game #{game}: draw offer declined"),
        Account::ClaimUpheld { game, draw } => {
            format!("game #{game}: draw claim upheld ({})", claimable(draw, En))
        }
        Account::ClaimRejected {
            after,
            game,
            repetitions,
            citation,
        } => {
            let rule = claim_fails(*repetitions, *citation, En);
            match after {
                Some(a) => format!("{}; draw claim rejected ({rule})", account(a)),
                None => format!("game #{game}: draw claim rejected ({rule})"),
            }
        }
        Account::Leave {
            email,
            from,
            to,
            days,
            by_referee,
            none_running,
        } => {
            let mut s = format!("{email} takes leave {from} – {to} ({})", days_en(*days));
            if *by_referee {
                s.push_str(" (entered by the referee)");
            }
            if *none_running {
                s.push_str(
                    "; no game of theirs is running now: it stops the clocks of any game running then",
                );
            }
            s
        }
        Account::Directed {
            game,
            action,
            reason,
            sealed_void,
        } => {
            let mut s = format!("game #{game}: {} ({})", action.name(), reason.trim());
            if *sealed_void {
                s.push_str("; the sealed move is void");
            }
            s
        }
        Account::Resent { game, to, reason } => format!(
            "game #{game}: game re-sent to {} ({})",
            to.join(", "),
            reason.trim()
        ),
        Account::ClaimRuled {
            game,
            accepted,
            side,
            result,
            reason,
        } => format!(
            "game #{game}: {} ({}, {}) ({})",
            if *accepted {
                "claim accepted"
            } else {
                "claim rejected"
            },
            side.as_str(),
            result.as_str(),
            reason.trim()
        ),
        Account::Claimed { game, result, side } => format!(
            "game #{game}: claim {} by {}",
            result.as_str(),
            side.as_str()
        ),
        Account::Conditional { game, what } => {
            let lines = |n: usize| count_en(n, "conditional line", "conditional lines");
            match what {
                ConditionalAccount::Over => format!("game #{game}: over, no conditional lines"),
                ConditionalAccount::Cancelled(n) => {
                    format!("game #{game}: {} cancelled", lines(*n))
                }
                ConditionalAccount::Listed(n) => format!("game #{game}: {} listed", lines(*n)),
                ConditionalAccount::OwnTurn => {
                    format!("game #{game}: conditional moves refused: own turn")
                }
                ConditionalAccount::Stored { kept, refused } => {
                    format!("game #{game}: {} stored, {refused} refused", lines(*kept))
                }
            }
        }
        Account::ConditionalReply { first, second } => {
            format!("{}; conditional reply {}", account(first), account(second))
        }
        Account::LegalMoves { game, count } => format!("game #{game}: {count} legal moves"),
        Account::WhyWithoutMove { game } => format!("game #{game}: why without a move"),
        Account::Legal {
            game,
            written,
            full,
        } => format!("game #{game}: {written} is legal ({full})"),
        Account::Refused { game, error } => format!("game #{game}: {error}"),
        Account::Rules { game, variant } => format!("game #{game}: rules of {variant}"),
    }
}
