//! Move receipts in words: the line of the mover's confirmation and the
//! lines `zaochka verify` prints (the reader may be a player checking their
//! game: both languages).

use crate::games::receipts::{ChainCheck, ChainFault};
use crate::notation::receipt::Receipt;
use crate::vocabulary::Language;
use crate::words::catalog::Message;

/// The line of the mover's confirmation: the receipt's short hash and the
/// name of the attached `.zrc` file.
#[must_use]
pub fn confirmation_line(r: &Receipt, lang: Language) -> String {
    Message::new("receipt-confirmation")
        .arg("hash", r.hash().short())
        .arg("file", r.file_name())
        .render(lang)
}

/// What `zaochka verify` says of one game: that it holds, with its game
/// number, plies and key, or the first ply that fails and why.
#[must_use]
pub fn check_line(check: &ChainCheck, lang: Language) -> String {
    match check {
        ChainCheck::Holds { game, plies, key } => Message::new("receipt-verify-holds")
            .arg("game", *game)
            .arg("plies", *plies)
            .arg("key", key.as_str())
            .render(lang),
        ChainCheck::Fails { ply: 0, fault } => Message::new("receipt-verify-start-fails")
            .arg("why", fault_words(fault, lang))
            .render(lang),
        ChainCheck::Fails { ply, fault } => Message::new("receipt-verify-fails")
            .arg("ply", *ply)
            .arg("why", fault_words(fault, lang))
            .render(lang),
    }
}

/// Why a ply fails its check.
#[must_use]
pub fn fault_words(fault: &ChainFault, lang: Language) -> String {
    let m = match fault {
        ChainFault::NoStart => Message::new("receipt-fault-no-start"),
        ChainFault::StartAltered => Message::new("receipt-fault-start-altered"),
        ChainFault::NoReceipt => Message::new("receipt-fault-no-receipt"),
        ChainFault::BadSignature => Message::new("receipt-fault-bad-signature"),
        ChainFault::OtherGame { game } => {
            Message::new("receipt-fault-other-game").arg("game", *game)
        }
        ChainFault::Reordered { found } => {
            Message::new("receipt-fault-reordered").arg("found", *found)
        }
        ChainFault::Missing { found } => Message::new("receipt-fault-missing").arg("found", *found),
        ChainFault::BrokenChain => Message::new("receipt-fault-broken-chain"),
        ChainFault::AlteredMove { signed } => {
            Message::new("receipt-fault-altered-move").arg("signed", signed.as_str())
        }
        ChainFault::AlteredTime { signed } => Message::new("receipt-fault-altered-time")
            .arg("signed", signed.format("%Y-%m-%d %H:%M:%S UTC").to_string()),
    };
    m.render(lang)
}

/// A file given to `zaochka verify` that is not a record.
#[must_use]
pub fn no_games(file: &str, lang: Language) -> String {
    Message::new("receipt-verify-no-games")
        .arg("file", file)
        .render(lang)
}

/// A public key given to `zaochka verify --key` that cannot be read.
#[must_use]
pub fn bad_key(lang: Language) -> String {
    Message::new("receipt-verify-bad-key").render(lang)
}
