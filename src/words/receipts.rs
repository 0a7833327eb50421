//! Move receipts in words: the line of the mover's confirmation and the
//! lines `zaochka verify` prints (the reader may be a player checking their
//! game: both languages).

use crate::games::receipts::{
    ChainCheck, ChainFault, FileFault, Place, RecordName, Sealed, SignedTag,
};
use crate::notation::pdn::PdnError;
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
/// number, plies and key, and what its seal proves (or that it has none);
/// or the first place that fails and why.
#[must_use]
pub fn check_line(check: &ChainCheck, lang: Language) -> String {
    match check {
        ChainCheck::Holds {
            game,
            plies,
            key,
            sealed,
        } => {
            let holds = if *plies == 0 {
                Message::new("receipt-verify-holds-no-ply")
                    .arg("game", *game)
                    .arg("key", key.as_str())
            } else {
                Message::new("receipt-verify-holds")
                    .arg("game", *game)
                    .arg("plies", *plies)
                    .arg("key", key.as_str())
            };
            format!("{} {}", holds.render(lang), sealed_words(sealed, lang))
        }
        ChainCheck::Fails {
            at: Place::Start,
            fault,
        } => Message::new("receipt-verify-start-fails")
            .arg("why", fault_words(fault, lang))
            .render(lang),
        ChainCheck::Fails {
            at: Place::Ply(ply),
            fault,
        } => Message::new("receipt-verify-fails")
            .arg("ply", *ply)
            .arg("why", fault_words(fault, lang))
            .render(lang),
        ChainCheck::Fails {
            at: Place::Tag(tag),
            fault,
        } => Message::new("receipt-verify-tag-fails")
            .arg("tag", tag_words(*tag, lang))
            .arg("why", fault_words(fault, lang))
            .render(lang),
        ChainCheck::Fails {
            at: Place::Seal,
            fault,
        } => Message::new("receipt-verify-seal-fails")
            .arg("why", fault_words(fault, lang))
            .render(lang),
    }
}

/// What `zaochka verify` says of one game of a file of several: the game
/// named (Event, round, White–Black, zaochka's game number), then
/// [`check_line`].
#[must_use]
pub fn named_check_line(name: &RecordName, check: &ChainCheck, lang: Language) -> String {
    let mut parts = Vec::new();
    if let Some(event) = &name.event {
        parts.push(event.clone());
    }
    if let Some(round) = &name.round {
        parts.push(
            Message::new("receipt-verify-round")
                .arg("round", round.as_str())
                .render(lang),
        );
    }
    parts.push(format!("{} – {}", name.white, name.black));
    if let Some(game) = name.game {
        parts.push(
            Message::new("receipt-verify-game-number")
                .arg("game", game)
                .render(lang),
        );
    }
    format!("{}: {}", parts.join(", "), check_line(check, lang))
}

/// What a record that holds proves of its end.
fn sealed_words(sealed: &Sealed, lang: Language) -> String {
    match sealed {
        Sealed::End {
            result,
            how: Some((r, t)),
            variant,
        } => Message::new("receipt-verify-sealed-end")
            .arg("result", result.as_str())
            .arg(
                "how",
                crate::words::state::termination_words(*t, *r, *variant, lang),
            )
            .render(lang),
        Sealed::End {
            result, how: None, ..
        } => Message::new("receipt-verify-sealed-end-bare")
            .arg("result", result.as_str())
            .render(lang),
        Sealed::Head { at } => Message::new("receipt-verify-sealed-head")
            .arg("at", at.format("%Y-%m-%d %H:%M:%S UTC").to_string())
            .render(lang),
        Sealed::Unsealed => Message::new("receipt-verify-unsealed").render(lang),
    }
}

/// A signed tag, as the place a record fails at.
fn tag_words(tag: SignedTag, lang: Language) -> String {
    Message::new(match tag {
        SignedTag::Event => "receipt-tag-event",
        SignedTag::Round => "receipt-tag-round",
        SignedTag::White => "receipt-tag-white",
        SignedTag::Black => "receipt-tag-black",
        SignedTag::Result => "receipt-tag-result",
    })
    .render(lang)
}

/// Why a place fails its check.
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
        ChainFault::NoTime => Message::new("receipt-fault-no-time"),
        ChainFault::BadSeal => Message::new("receipt-fault-bad-seal"),
        ChainFault::NoSeal => Message::new("receipt-fault-no-seal"),
        ChainFault::SealOfOtherGame { game } => {
            Message::new("receipt-fault-seal-other-game").arg("game", *game)
        }
        ChainFault::SealOffChain => Message::new("receipt-fault-seal-off-chain"),
        ChainFault::Removed { sealed, end: true } => {
            Message::new("receipt-fault-removed-end").arg("sealed", *sealed)
        }
        ChainFault::Removed { sealed, end: false } => {
            Message::new("receipt-fault-removed-head").arg("sealed", *sealed)
        }
        ChainFault::PastSeal { sealed } => {
            Message::new("receipt-fault-past-seal").arg("sealed", *sealed)
        }
        ChainFault::AlteredTag { signed } => {
            Message::new("receipt-fault-altered-tag").arg("signed", signed.as_str())
        }
    };
    m.render(lang)
}

/// Why `zaochka verify` cannot read `file` as records.
#[must_use]
pub fn file_fault(file: &str, fault: &FileFault, lang: Language) -> String {
    let m = match fault {
        FileFault::Missing => Message::new("receipt-file-missing"),
        FileFault::Folder => Message::new("receipt-file-folder"),
        FileFault::Denied => Message::new("receipt-file-denied"),
        FileFault::Unreadable => Message::new("receipt-file-unreadable"),
        FileFault::NoGames => Message::new("receipt-verify-no-games"),
        FileFault::Syntax(e) => {
            let (id, text) = match e {
                PdnError::BadTag { text, .. } => ("receipt-syntax-bad-tag", text),
                PdnError::UnclosedComment { text, .. } => ("receipt-syntax-unclosed-comment", text),
                PdnError::UnclosedVariation { text, .. } => {
                    ("receipt-syntax-unclosed-variation", text)
                }
                PdnError::IncompleteMove { text, .. } => ("receipt-syntax-incomplete-move", text),
                PdnError::BadMoveNumber { text, .. } => ("receipt-syntax-bad-move-number", text),
                PdnError::BadAnnotation { text, .. } => ("receipt-syntax-bad-annotation", text),
                PdnError::Unexpected { text, .. } => ("receipt-syntax-unexpected", text),
            };
            Message::new("receipt-file-syntax")
                .arg("line", e.line())
                .arg(
                    "why",
                    Message::new(id).arg("text", text.as_str()).render(lang),
                )
        }
    };
    m.arg("file", file).render(lang)
}

/// A public key given to `zaochka verify --key` that cannot be read.
#[must_use]
pub fn bad_key(lang: Language) -> String {
    Message::new("receipt-verify-bad-key").render(lang)
}
