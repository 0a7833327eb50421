//! A game's record checked against the receipts it carries
//! ([`crate::notation::receipt`]): the start in the tag `ZaochkaStart`
//! (base64 of the start text), each ply's receipt in the comment after it as
//! `[%zrc BASE64]` (base64 of the `.zrc` text) beside its `[%ccsnt ...]`
//! time; the record's seal in the tag `ZaochkaEnd` (a finished game's signed
//! end) or `ZaochkaHead` (an unfinished game's signed export head), base64 of
//! its text. The check is offline: the record, the receipts and the public
//! key.

use crate::notation::pdn::{PdnError, PdnGame, read_ccsnt};
use crate::notation::receipt::{GameStart, Receipt, SealKind, Sha, SignedSeal, b64, unb64};
use crate::rules::Variant;

use super::new_game;

/// The tag that holds the start text of the game's chain, base64.
pub const START_TAG: &str = "ZaochkaStart";
/// The tag that holds a finished game's signed end, base64.
pub const END_TAG: &str = "ZaochkaEnd";
/// The tag that holds an unfinished game's signed export head, base64.
pub const HEAD_TAG: &str = "ZaochkaHead";
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

/// The tag of a signed seal: `ZaochkaEnd` for a game's end, `ZaochkaHead`
/// for an export head, its value the base64 of the seal's text.
#[must_use]
pub fn seal_tag(seal: &SignedSeal) -> (String, String) {
    let name = match seal.seal.kind {
        SealKind::End { .. } => END_TAG,
        SealKind::Export { .. } => HEAD_TAG,
    };
    (name.to_string(), b64(seal.text().as_bytes()))
}

/// A tag of the record that its seal signs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignedTag {
    /// `Event`.
    Event,
    /// `Round`.
    Round,
    /// `White`.
    White,
    /// `Black`.
    Black,
    /// `Result`.
    Result,
}

impl SignedTag {
    /// Every signed tag, in the record's order.
    pub const ALL: [SignedTag; 5] = [
        SignedTag::Event,
        SignedTag::Round,
        SignedTag::White,
        SignedTag::Black,
        SignedTag::Result,
    ];

    /// The tag's name in the record.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SignedTag::Event => "Event",
            SignedTag::Round => "Round",
            SignedTag::White => "White",
            SignedTag::Black => "Black",
            SignedTag::Result => "Result",
        }
    }

    /// The value the seal signs for this tag.
    fn signed(self, seal: &crate::notation::receipt::Seal) -> &str {
        match self {
            SignedTag::Event => &seal.event,
            SignedTag::Round => &seal.round,
            SignedTag::White => &seal.white,
            SignedTag::Black => &seal.black,
            SignedTag::Result => &seal.result,
        }
    }
}

/// Where a record fails its check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The start of the chain (`ZaochkaStart`).
    Start,
    /// A ply, from 1.
    Ply(usize),
    /// A tag the seal signs.
    Tag(SignedTag),
    /// The seal (`ZaochkaEnd` or `ZaochkaHead`).
    Seal,
}

/// Why a record fails its check, at the place named beside it.
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
    /// The ply has no `%ccsnt` time, or one that cannot be read.
    NoTime,
    /// The seal cannot be read, or its signature does not hold for the key.
    BadSeal,
    /// The record has no seal though its start was written when every
    /// record carried one (a start naming the players' ids): the seal was
    /// removed.
    NoSeal,
    /// The seal is of another game.
    SealOfOtherGame {
        /// The game the seal names.
        game: u64,
    },
    /// The seal does not follow the record's last receipt.
    SealOffChain,
    /// The record ends before the plies its seal counts: this ply and those
    /// after it were removed.
    Removed {
        /// The plies the seal counts.
        sealed: u32,
        /// The seal is a game's end (else an export head).
        end: bool,
    },
    /// The record has plies past those its seal counts.
    PastSeal {
        /// The plies the seal counts.
        sealed: u32,
    },
    /// A tag the seal signs does not have the value signed.
    AlteredTag {
        /// The value the seal signs.
        signed: String,
    },
}

/// What a record that holds proves of its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sealed {
    /// The game is over: its signed end holds (result, how it ended).
    End {
        /// The result as the record writes it.
        result: String,
        /// The result and how the game ended, when the seal's codes read.
        how: Option<(crate::rules::GameResult, crate::rules::Termination)>,
        /// The game's variant.
        variant: Variant,
    },
    /// The game goes on: the export head holds, written at this instant.
    Head {
        /// When the record was written.
        at: chrono::DateTime<chrono::Utc>,
    },
    /// The record has no seal (written before seals were): its tags, its
    /// result and that no ply after the last was removed are not proved.
    Unsealed,
}

/// A record's names, to tell one verdict from another on a file of several
/// games: its Event, Round, White and Black tags and the game number its
/// start names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordName {
    /// `Event`, if the record has it.
    pub event: Option<String>,
    /// `Round`, if the record has it and it is not `-` or `?`.
    pub round: Option<String>,
    /// `White`.
    pub white: String,
    /// `Black`.
    pub black: String,
    /// The game number of its `ZaochkaStart`, if it reads.
    pub game: Option<u64>,
}

/// The names of a record ([`RecordName`]).
#[must_use]
pub fn record_name(g: &PdnGame) -> RecordName {
    let known = |v: Option<&str>| {
        v.map(str::trim)
            .filter(|v| !v.is_empty() && !matches!(*v, "?" | "-"))
            .map(str::to_string)
    };
    RecordName {
        event: known(g.tag("Event")),
        round: known(g.tag("Round")),
        white: known(g.tag("White")).unwrap_or_else(|| "?".into()),
        black: known(g.tag("Black")).unwrap_or_else(|| "?".into()),
        game: start_of(g).map(|s| s.game),
    }
}

/// Why a file given to `zaochka verify` cannot be read as records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileFault {
    /// There is no such file.
    Missing,
    /// It is a folder.
    Folder,
    /// It may not be read.
    Denied,
    /// It cannot be read for another reason of the system's.
    Unreadable,
    /// It holds no game record.
    NoGames,
    /// Its text is not PDN (or PGN) at this place.
    Syntax(PdnError),
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
        /// What the seal proves, or that there is none.
        sealed: Sealed,
    },
    /// The first place that fails, and why.
    Fails {
        /// The start, a ply, a tag or the seal.
        at: Place,
        /// Why.
        fault: ChainFault,
    },
}

/// Checks `game`'s record against its receipts, signed with `key` when one
/// is given (else with the key the first receipt names).
#[must_use]
pub fn check_chain(game: &PdnGame, key: Option<&[u8; 32]>) -> ChainCheck {
    let fail = |ply: usize, fault: ChainFault| ChainCheck::Fails {
        at: if ply == 0 {
            Place::Start
        } else {
            Place::Ply(ply)
        },
        fault,
    };
    let Some(start) = start_of(game) else {
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
        match ply.comment.as_deref().and_then(read_ccsnt) {
            Some(Ok(t)) if t.timestamp() == s.received.timestamp() => {}
            Some(Ok(_)) => return fail(n, ChainFault::AlteredTime { signed: s.received }),
            _ => return fail(n, ChainFault::NoTime),
        }
        previous = r.hash();
    }
    let sealed = match check_seal(game, &start, previous, &mut signer) {
        Ok(sealed) => sealed,
        Err((at, fault)) => return ChainCheck::Fails { at, fault },
    };
    ChainCheck::Holds {
        game: start.game,
        plies: game.plies.len(),
        key: signer.map(|k| b64(&k)).unwrap_or_default(),
        sealed,
    }
}

/// The record's start text, if its `ZaochkaStart` tag reads.
fn start_of(game: &PdnGame) -> Option<GameStart> {
    game.tag(START_TAG)
        .and_then(unb64)
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|t| GameStart::parse(&t).ok())
}

/// Checks the record's seal, its chain having held up to `last` (the hash of
/// the last receipt, or of the start), signed by `signer` (set to the seal's
/// key when the record has no ply and no key was given).
fn check_seal(
    game: &PdnGame,
    start: &GameStart,
    last: Sha,
    signer: &mut Option<[u8; 32]>,
) -> Result<Sealed, (Place, ChainFault)> {
    let tag = game
        .tag(END_TAG)
        .map(|t| (t, true))
        .or_else(|| game.tag(HEAD_TAG).map(|t| (t, false)));
    let Some((value, is_end)) = tag else {
        // A start with the players' ids was written with seals: its record
        // always carries one.
        if start.ids.is_some() {
            return Err((Place::Seal, ChainFault::NoSeal));
        }
        return Ok(Sealed::Unsealed);
    };
    let seal = unb64(value)
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|t| SignedSeal::parse(&t).ok())
        .filter(|s| matches!(s.seal.kind, SealKind::End { .. }) == is_end)
        .filter(|s| s.signature_holds(signer.as_ref()))
        .ok_or((Place::Seal, ChainFault::BadSeal))?;
    *signer = Some(seal.key);
    let s = &seal.seal;
    if s.game != start.game {
        return Err((Place::Seal, ChainFault::SealOfOtherGame { game: s.game }));
    }
    let plies = game.plies.len();
    if plies < s.plies as usize {
        return Err((
            Place::Ply(plies + 1),
            ChainFault::Removed {
                sealed: s.plies,
                end: is_end,
            },
        ));
    }
    if plies > s.plies as usize {
        return Err((
            Place::Ply(s.plies as usize + 1),
            ChainFault::PastSeal { sealed: s.plies },
        ));
    }
    if s.last != last {
        return Err((Place::Seal, ChainFault::SealOffChain));
    }
    for t in SignedTag::ALL {
        let signed = t.signed(s);
        if game.tag(t.name()).unwrap_or_default() != signed {
            return Err((
                Place::Tag(t),
                ChainFault::AlteredTag {
                    signed: signed.to_string(),
                },
            ));
        }
    }
    Ok(match &s.kind {
        SealKind::End { termination, .. } => Sealed::End {
            result: s.result.clone(),
            how: s.result.parse().ok().zip(termination.parse().ok()),
            variant: Variant::from_name(&start.variant).unwrap_or(Variant::Russian),
        },
        SealKind::Export { at } => Sealed::Head { at: *at },
    })
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
