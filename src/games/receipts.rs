//! A game's record checked against the receipts it carries
//! ([`crate::notation::receipt`]): the start in the tag `ZaochkaStart`
//! (base64 of the start text), each ply's receipt in the comment after it as
//! `[%zrc BASE64]` (base64 of the `.zrc` text) beside its `[%ccsnt ...]`
//! time. The check is offline: the record, the receipts and the public key.

use crate::notation::pdn::{PdnGame, read_ccsnt};
use crate::notation::receipt::{GameStart, Receipt, Sha, b64, unb64};
use crate::rules::Variant;

use super::new_game;

/// The tag that holds the start text of the game's chain, base64.
pub const START_TAG: &str = "ZaochkaStart";
/// The comment command that holds a ply's receipt, base64.
const RECEIPT_COMMAND: &str = "[%zrc";

/// The comment command of a receipt: `[%zrc BASE64]`.
#[must_use]
pub fn receipt_comment(receipt_text: &str) -> String {
    format!("{RECEIPT_COMMAND} {}]", b64(receipt_text.as_bytes()))
}

/// The tag value of a start text: its base64.
#[must_use]
pub fn start_tag_value(start_text: &str) -> String {
    b64(start_text.as_bytes())
}

/// Why a record fails its check, at the ply named beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainFault {
    /// The record has no `ZaochkaStart` tag, or it cannot be read (ply 0).
    NoStart,
    /// The record's start position or game is not the one the chain starts
    /// from (ply 0).
    StartAltered,
    /// The ply has no receipt, or one that cannot be read.
    NoReceipt,
    /// The receipt's signature does not hold, or it is signed with another
    /// key than the one given (or than the first receipt's).
    BadSignature,
    /// The receipt is of another game.
    OtherGame {
        /// The game the receipt names.
        game: u64,
    },
    /// The receipt is of a later ply that the record has in this place, and
    /// this ply's receipt comes later: plies out of order.
    Reordered {
        /// The ply the receipt found here is of.
        found: u32,
    },
    /// The ply is missing from the record: the receipt found in its place is
    /// of a later ply, and no receipt of this ply follows.
    Missing {
        /// The ply the receipt found here is of.
        found: u32,
    },
    /// The receipt does not link to the receipt before it (or to the start).
    BrokenChain,
    /// The move in the record is not the move the receipt states, or the
    /// position after it differs.
    AlteredMove {
        /// The move as the receipt states it.
        signed: String,
    },
    /// The time in the record (`%ccsnt`) is not the time the receipt states.
    AlteredTime {
        /// The time the receipt states.
        signed: chrono::DateTime<chrono::Utc>,
    },
}

/// The outcome of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainCheck {
    /// Every ply has its receipt and agrees with it.
    Holds {
        /// The game number.
        game: u64,
        /// The plies checked.
        plies: usize,
        /// The key that signed them, base64.
        key: String,
    },
    /// The first ply that fails (0: the start), and why.
    Fails {
        /// The ply, from 1 (0 for the start).
        ply: usize,
        /// Why.
        fault: ChainFault,
    },
}

/// Checks `game`'s record against its receipts, signed with `key` when one
/// is given (else with the key the first receipt names).
#[must_use]
pub fn check_chain(game: &PdnGame, key: Option<&[u8; 32]>) -> ChainCheck {
    let fail = |ply: usize, fault: ChainFault| ChainCheck::Fails { ply, fault };
    let Some(start) = game
        .tag(START_TAG)
        .and_then(unb64)
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|t| GameStart::parse(&t).ok())
    else {
        return fail(0, ChainFault::NoStart);
    };
    let Some(variant) = Variant::from_name(&start.variant) else {
        return fail(0, ChainFault::StartAltered);
    };
    // The record starts where the chain does: its FEN tag, or the initial
    // position when it has none.
    let initial = new_game(variant, None).map(|g| g.fen()).ok();
    let record_start = game.tag("FEN").map(str::to_string).or(initial);
    let Ok(mut board) = new_game(variant, Some(&start.setup)) else {
        return fail(0, ChainFault::StartAltered);
    };
    if record_start.as_deref() != Some(board.start_fen().as_str())
        && record_start.as_deref() != Some(start.setup.as_str())
    {
        return fail(0, ChainFault::StartAltered);
    }
    let receipts: Vec<Option<Receipt>> = game
        .plies
        .iter()
        .map(|p| p.comment.as_deref().and_then(receipt_in))
        .collect();
    let mut previous = start.hash();
    let mut signer: Option<[u8; 32]> = key.copied();
    for (i, ply) in game.plies.iter().enumerate() {
        let n = i + 1;
        let Some(r) = &receipts[i] else {
            return fail(n, ChainFault::NoReceipt);
        };
        if !r.signature_holds(signer.as_ref()) {
            return fail(n, ChainFault::BadSignature);
        }
        signer = Some(r.key);
        let s = &r.statement;
        if s.game != start.game {
            return fail(n, ChainFault::OtherGame { game: s.game });
        }
        if s.ply as usize != n {
            let later = receipts[i + 1..]
                .iter()
                .flatten()
                .any(|o| o.statement.ply as usize == n);
            return fail(
                n,
                if s.ply as usize > n && !later {
                    ChainFault::Missing { found: s.ply }
                } else {
                    ChainFault::Reordered { found: s.ply }
                },
            );
        }
        if s.previous != previous {
            return fail(n, ChainFault::BrokenChain);
        }
        let altered = || ChainFault::AlteredMove {
            signed: s.played.clone(),
        };
        match board.play_record(&ply.text) {
            Ok(played) if played.full == s.played => {}
            _ => return fail(n, altered()),
        }
        if Sha::of_fen(&board.fen()) != s.position {
            return fail(n, altered());
        }
        let time = ply.comment.as_deref().and_then(read_ccsnt);
        if !matches!(time, Some(Ok(t)) if t.timestamp() == s.received.timestamp()) {
            return fail(n, ChainFault::AlteredTime { signed: s.received });
        }
        previous = r.hash();
    }
    ChainCheck::Holds {
        game: start.game,
        plies: game.plies.len(),
        key: signer.map(|k| b64(&k)).unwrap_or_default(),
    }
}

/// The receipt of a `[%zrc BASE64]` command in a comment, if it reads.
fn receipt_in(comment: &str) -> Option<Receipt> {
    let at = comment.find(RECEIPT_COMMAND)? + RECEIPT_COMMAND.len();
    let rest = &comment[at..];
    let value: String = rest
        .split(']')
        .next()?
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let text = String::from_utf8(unb64(&value)?).ok()?;
    Receipt::parse(&text).ok()
}
