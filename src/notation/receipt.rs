//! Move receipts (`.zrc`): a signed statement of one accepted ply that a third
//! party can check with the server's Ed25519 public key and any Ed25519 tool.
//!
//! A receipt is UTF-8 text, one `name: value` line each, every line ending in
//! `\n`, in this order:
//!
//! ```text
//! zaochka-receipt: 1
//! game: 12
//! ply: 3
//! side: white
//! written: c3-d4
//! played: c3-d4
//! position: <SHA-256 of the canonical FEN after the ply, 64 lowercase hex digits>
//! received: 2026-12-05T15:13:30Z
//! previous: <SHA-256 of the game's previous receipt, or of its start, hex>
//! key: <the server's Ed25519 public key, 32 bytes, base64>
//! signature: <Ed25519 signature, 64 bytes, base64>
//! ```
//!
//! The signature is over the bytes of every line before `signature:`
//! (newlines included). The hash of a receipt is the SHA-256 of its whole
//! text, signature line and final newline included; the short hash is its
//! first 12 hex digits. The chain of a game starts at its start text
//! ([`GameStart`]): `zaochka-game: 1`, `game`, `variant`, `white`, `black`,
//! `setup` (the start FEN), same line format; ply 1's `previous` is the
//! SHA-256 of that text. `received` is the instant the referee received the
//! move (UTC, whole seconds, RFC 3339). A start text `zaochka-game: 2` also
//! binds each player's stable id (`white-id`, `black-id` after each name:
//! the player's number here, which a change of display name keeps).
//!
//! A written record is sealed ([`Seal`]): a finished game by its signed end
//! (`zaochka-end: 1`: the result, how the game ended and when), an unfinished
//! one by a signed export head (`zaochka-export: 1`: the instant the record
//! was written). Both state the game, its Event and Round, each player's
//! name and id as the record writes them, the `Result` tag, the number of
//! plies and the hash of the last receipt (of the start for no ply), then
//! `key` and `signature` as a receipt does:
//!
//! ```text
//! zaochka-end: 1
//! game: 12
//! event: Winter 2027
//! round: 1
//! white: Ann
//! white-id: 3
//! black: Bob
//! black-id: 4
//! result: 1-0
//! plies: 41
//! last: <SHA-256 of ply 41's receipt>
//! termination: resignation
//! ended: 2026-12-05T15:13:30Z
//! key: ...
//! signature: ...
//! ```
//!
//! An export head has `at: <instant>` in place of `termination` and `ended`,
//! and `result: *`.

use base64::Engine as _;
use chrono::{DateTime, SecondsFormat, Utc};
use ed25519_dalek::{Signature, Signer as _, SigningKey, VerifyingKey};
use sha2::{Digest as _, Sha256};

use crate::rules::Color;

/// The first line of a receipt.
const RECEIPT_MAGIC: &str = "zaochka-receipt: 1";
/// The first line of a game's start text that names the players by name only.
const START_MAGIC: &str = "zaochka-game: 1";
/// The first line of a game's start text that also binds each player's id.
const START_MAGIC_2: &str = "zaochka-game: 2";
/// The first line of a finished game's signed end.
const END_MAGIC: &str = "zaochka-end: 1";
/// The first line of an unfinished game's signed export head.
const HEAD_MAGIC: &str = "zaochka-export: 1";
/// The DER prefix of a PKCS#8 Ed25519 private key (RFC 8410), before the seed.
const PKCS8_PREFIX: [u8; 16] = [
    0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
];
/// The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410), before the key.
const SPKI_PREFIX: [u8; 12] = [
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
];

/// A SHA-256 digest, written as 64 lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sha([u8; 32]);

impl Sha {
    /// The SHA-256 of `bytes`.
    #[must_use]
    pub fn of(bytes: &[u8]) -> Sha {
        Sha(Sha256::digest(bytes).into())
    }

    /// The hash of a position: SHA-256 of its canonical FEN.
    #[must_use]
    pub fn of_fen(fen: &str) -> Sha {
        Sha::of(fen.as_bytes())
    }

    /// The digest of these 32 bytes.
    #[must_use]
    pub fn from_bytes(bytes: [u8; 32]) -> Sha {
        Sha(bytes)
    }

    /// The first 12 hex digits (a receipt's short hash).
    #[must_use]
    pub fn short(&self) -> String {
        self.to_string()[..12].to_string()
    }

    /// Reads 64 hex digits.
    fn parse(text: &str) -> Option<Sha> {
        if text.len() != 64 {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        Some(Sha(out))
    }
}

impl std::fmt::Display for Sha {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// Why a receipt, a start text or a key could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReceiptFormatError {
    /// The first line is not the format's.
    #[error("not a zaochka receipt")]
    Magic,
    /// A line is missing or out of order.
    #[error("field `{0}` missing or out of order")]
    Field(&'static str),
    /// A field's value cannot be read.
    #[error("field `{0}` unreadable")]
    Value(&'static str),
    /// A key is not base64 of 32 bytes, or not a PEM key of the forms written.
    #[error("unreadable Ed25519 key")]
    Key,
}

/// The start of a game's chain: what the first receipt links to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStart {
    /// The game number.
    pub game: u64,
    /// The variant's code (`russian`, `chess`, ...).
    pub variant: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The start position's FEN.
    pub setup: String,
    /// Each player's id (White, Black): bound by a start text of the second
    /// form, absent from the first.
    pub ids: Option<[u64; 2]>,
}

impl GameStart {
    /// The start text (see the module's documentation).
    #[must_use]
    pub fn text(&self) -> String {
        match self.ids {
            None => format!(
                "{START_MAGIC}\ngame: {}\nvariant: {}\nwhite: {}\nblack: {}\nsetup: {}\n",
                self.game,
                one_line(&self.variant),
                one_line(&self.white),
                one_line(&self.black),
                one_line(&self.setup)
            ),
            Some([w, b]) => format!(
                "{START_MAGIC_2}\ngame: {}\nvariant: {}\nwhite: {}\nwhite-id: {w}\n\
                 black: {}\nblack-id: {b}\nsetup: {}\n",
                self.game,
                one_line(&self.variant),
                one_line(&self.white),
                one_line(&self.black),
                one_line(&self.setup)
            ),
        }
    }

    /// The SHA-256 of [`GameStart::text`].
    #[must_use]
    pub fn hash(&self) -> Sha {
        Sha::of(self.text().as_bytes())
    }

    /// Reads a start text.
    ///
    /// # Errors
    /// [`ReceiptFormatError`] naming the first field that cannot be read.
    pub fn parse(text: &str) -> Result<GameStart, ReceiptFormatError> {
        let second = text.lines().next().map(str::trim_end) == Some(START_MAGIC_2);
        let mut lines = Lines::new(text, if second { START_MAGIC_2 } else { START_MAGIC })?;
        let game = lines.parsed("game")?;
        let variant = lines.value("variant")?.to_string();
        let white = lines.value("white")?.to_string();
        let white_id = if second {
            Some(lines.parsed("white-id")?)
        } else {
            None
        };
        let black = lines.value("black")?.to_string();
        let black_id = if second {
            Some(lines.parsed("black-id")?)
        } else {
            None
        };
        Ok(GameStart {
            game,
            variant,
            white,
            black,
            setup: lines.value("setup")?.to_string(),
            ids: white_id.zip(black_id).map(|(w, b)| [w, b]),
        })
    }
}

/// What a receipt states, before it is signed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The game number.
    pub game: u64,
    /// The ply, from 1.
    pub ply: u32,
    /// Who played it.
    pub side: Color,
    /// The move as the player wrote it.
    pub written: String,
    /// The move as played, in canonical full notation.
    pub played: String,
    /// SHA-256 of the canonical FEN after the ply ([`Sha::of_fen`]).
    pub position: Sha,
    /// When the referee received the move (UTC; whole seconds are kept).
    pub received: DateTime<Utc>,
    /// The hash of the game's previous receipt, or of its start for ply 1.
    pub previous: Sha,
}

/// A signed receipt: the statement, the signer's public key, the signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt {
    /// What it states.
    pub statement: Statement,
    /// The public key of the signer (32 bytes).
    pub key: [u8; 32],
    /// The Ed25519 signature over the lines before `signature:`.
    pub signature: [u8; 64],
}

impl Statement {
    /// The signed lines: everything before `signature:`, with the key.
    fn signed_text(&self, key: &[u8; 32]) -> String {
        format!(
            "{RECEIPT_MAGIC}\ngame: {}\nply: {}\nside: {}\nwritten: {}\nplayed: {}\n\
             position: {}\nreceived: {}\nprevious: {}\nkey: {}\n",
            self.game,
            self.ply,
            match self.side {
                Color::White => "white",
                Color::Black => "black",
            },
            one_line(&self.written),
            one_line(&self.played),
            self.position,
            self.received.to_rfc3339_opts(SecondsFormat::Secs, true),
            self.previous,
            b64(key),
        )
    }

    /// Signs the statement with `key`.
    #[must_use]
    pub fn sign(self, key: &SigningKey) -> Receipt {
        let public = key.verifying_key().to_bytes();
        let signature = key.sign(self.signed_text(&public).as_bytes()).to_bytes();
        Receipt {
            statement: self,
            key: public,
            signature,
        }
    }
}

impl Receipt {
    /// The `.zrc` text.
    #[must_use]
    pub fn text(&self) -> String {
        format!(
            "{}signature: {}\n",
            self.statement.signed_text(&self.key),
            b64(&self.signature)
        )
    }

    /// The name a receipt is attached under: `zaochka-12-3.zrc` (game 12, ply 3).
    #[must_use]
    pub fn file_name(&self) -> String {
        format!("zaochka-{}-{}.zrc", self.statement.game, self.statement.ply)
    }

    /// The receipt's hash: SHA-256 of its whole text.
    #[must_use]
    pub fn hash(&self) -> Sha {
        Sha::of(self.text().as_bytes())
    }

    /// Whether the signature is good for the key the receipt names, and that
    /// key is `expected` when one is given.
    #[must_use]
    pub fn signature_holds(&self, expected: Option<&[u8; 32]>) -> bool {
        signature_holds(
            &self.key,
            &self.statement.signed_text(&self.key),
            &self.signature,
            expected,
        )
    }

    /// Reads a `.zrc` text. The signature is not checked here
    /// ([`Receipt::signature_holds`]).
    ///
    /// # Errors
    /// [`ReceiptFormatError`] naming the first field that cannot be read.
    pub fn parse(text: &str) -> Result<Receipt, ReceiptFormatError> {
        let mut lines = Lines::new(text, RECEIPT_MAGIC)?;
        let game = lines.parsed("game")?;
        let ply = lines.parsed("ply")?;
        let side = match lines.value("side")? {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return Err(ReceiptFormatError::Value("side")),
        };
        let written = lines.value("written")?.to_string();
        let played = lines.value("played")?.to_string();
        let position =
            Sha::parse(lines.value("position")?).ok_or(ReceiptFormatError::Value("position"))?;
        let received = DateTime::parse_from_rfc3339(lines.value("received")?)
            .map_err(|_| ReceiptFormatError::Value("received"))?
            .with_timezone(&Utc);
        let previous =
            Sha::parse(lines.value("previous")?).ok_or(ReceiptFormatError::Value("previous"))?;
        let key = public_key_from_base64(lines.value("key")?)?;
        let signature = unb64(lines.value("signature")?)
            .and_then(|v| <[u8; 64]>::try_from(v).ok())
            .ok_or(ReceiptFormatError::Value("signature"))?;
        Ok(Receipt {
            statement: Statement {
                game,
                ply,
                side,
                written,
                played,
                position,
                received,
                previous,
            },
            key,
            signature,
        })
    }
}

/// How a sealed record stands: a finished game's end, or an unfinished
/// game's export head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealKind {
    /// The game is over.
    End {
        /// How it ended (the stored termination's code: `resignation`,
        /// `time`, `agreement`, ...).
        termination: String,
        /// When it ended (UTC, whole seconds).
        ended: DateTime<Utc>,
    },
    /// The game goes on; the record was written at this instant (UTC).
    Export {
        /// When the record was written.
        at: DateTime<Utc>,
    },
}

/// What a record's seal states: the game as the record shows it when it is
/// written (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seal {
    /// The game number.
    pub game: u64,
    /// The record's `Event` tag.
    pub event: String,
    /// The record's `Round` tag.
    pub round: String,
    /// The record's `White` tag: White's name when it is written.
    pub white: String,
    /// White's id.
    pub white_id: u64,
    /// The record's `Black` tag.
    pub black: String,
    /// Black's id.
    pub black_id: u64,
    /// The record's `Result` tag (`*` while the game goes on).
    pub result: String,
    /// The plies played.
    pub plies: u32,
    /// The hash of the last ply's receipt, or of the start for no ply.
    pub last: Sha,
    /// End or export head.
    pub kind: SealKind,
}

/// A signed seal: the statement, the signer's public key, the signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedSeal {
    /// What it states.
    pub seal: Seal,
    /// The public key of the signer (32 bytes).
    pub key: [u8; 32],
    /// The Ed25519 signature over the lines before `signature:`.
    pub signature: [u8; 64],
}

impl Seal {
    /// The signed lines: everything before `signature:`, with the key.
    fn signed_text(&self, key: &[u8; 32]) -> String {
        let magic = match self.kind {
            SealKind::End { .. } => END_MAGIC,
            SealKind::Export { .. } => HEAD_MAGIC,
        };
        let tail = match &self.kind {
            SealKind::End { termination, ended } => format!(
                "termination: {}\nended: {}\n",
                one_line(termination),
                ended.to_rfc3339_opts(SecondsFormat::Secs, true)
            ),
            SealKind::Export { at } => {
                format!("at: {}\n", at.to_rfc3339_opts(SecondsFormat::Secs, true))
            }
        };
        format!(
            "{magic}\ngame: {}\nevent: {}\nround: {}\nwhite: {}\nwhite-id: {}\nblack: {}\n\
             black-id: {}\nresult: {}\nplies: {}\nlast: {}\n{tail}key: {}\n",
            self.game,
            one_line(&self.event),
            one_line(&self.round),
            one_line(&self.white),
            self.white_id,
            one_line(&self.black),
            self.black_id,
            one_line(&self.result),
            self.plies,
            self.last,
            b64(key),
        )
    }

    /// Signs the seal with `key`.
    #[must_use]
    pub fn sign(self, key: &SigningKey) -> SignedSeal {
        let public = key.verifying_key().to_bytes();
        let signature = key.sign(self.signed_text(&public).as_bytes()).to_bytes();
        SignedSeal {
            seal: self,
            key: public,
            signature,
        }
    }
}

impl SignedSeal {
    /// The seal's text, signature line included.
    #[must_use]
    pub fn text(&self) -> String {
        format!(
            "{}signature: {}\n",
            self.seal.signed_text(&self.key),
            b64(&self.signature)
        )
    }

    /// Whether the signature is good for the key the seal names, and that
    /// key is `expected` when one is given.
    #[must_use]
    pub fn signature_holds(&self, expected: Option<&[u8; 32]>) -> bool {
        signature_holds(
            &self.key,
            &self.seal.signed_text(&self.key),
            &self.signature,
            expected,
        )
    }

    /// Reads a seal's text. The signature is not checked here.
    ///
    /// # Errors
    /// [`ReceiptFormatError`] naming the first field that cannot be read.
    pub fn parse(text: &str) -> Result<SignedSeal, ReceiptFormatError> {
        let end = text.lines().next().map(str::trim_end) == Some(END_MAGIC);
        let mut lines = Lines::new(text, if end { END_MAGIC } else { HEAD_MAGIC })?;
        let game = lines.parsed("game")?;
        let event = lines.value("event")?.to_string();
        let round = lines.value("round")?.to_string();
        let white = lines.value("white")?.to_string();
        let white_id = lines.parsed("white-id")?;
        let black = lines.value("black")?.to_string();
        let black_id = lines.parsed("black-id")?;
        let result = lines.value("result")?.to_string();
        let plies = lines.parsed("plies")?;
        let last = Sha::parse(lines.value("last")?).ok_or(ReceiptFormatError::Value("last"))?;
        let instant = |lines: &mut Lines<'_>, name: &'static str| {
            DateTime::parse_from_rfc3339(lines.value(name)?)
                .map(|t| t.with_timezone(&Utc))
                .map_err(|_| ReceiptFormatError::Value(name))
        };
        let kind = if end {
            let termination = lines.value("termination")?.to_string();
            SealKind::End {
                termination,
                ended: instant(&mut lines, "ended")?,
            }
        } else {
            SealKind::Export {
                at: instant(&mut lines, "at")?,
            }
        };
        let key = public_key_from_base64(lines.value("key")?)?;
        let signature = unb64(lines.value("signature")?)
            .and_then(|v| <[u8; 64]>::try_from(v).ok())
            .ok_or(ReceiptFormatError::Value("signature"))?;
        Ok(SignedSeal {
            seal: Seal {
                game,
                event,
                round,
                white,
                white_id,
                black,
                black_id,
                result,
                plies,
                last,
                kind,
            },
            key,
            signature,
        })
    }
}

/// The lines of a receipt or start text, read in order.
struct Lines<'a> {
    lines: std::str::Lines<'a>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str, magic: &str) -> Result<Lines<'a>, ReceiptFormatError> {
        let mut lines = text.lines();
        if lines.next().map(str::trim_end) != Some(magic) {
            return Err(ReceiptFormatError::Magic);
        }
        Ok(Lines { lines })
    }

    fn value(&mut self, name: &'static str) -> Result<&'a str, ReceiptFormatError> {
        let line = self.lines.next().ok_or(ReceiptFormatError::Field(name))?;
        line.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(": "))
            .ok_or(ReceiptFormatError::Field(name))
    }

    fn parsed<T: std::str::FromStr>(
        &mut self,
        name: &'static str,
    ) -> Result<T, ReceiptFormatError> {
        self.value(name)?
            .parse()
            .map_err(|_| ReceiptFormatError::Value(name))
    }
}

/// A value on one line: line ends and other control characters become spaces.
fn one_line(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Standard base64 with padding.
#[must_use]
pub fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// Reads standard base64 (white space around it ignored).
#[must_use]
pub fn unb64(text: &str) -> Option<Vec<u8>> {
    base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .ok()
}

/// An Ed25519 public key written as base64 of its 32 bytes.
///
/// # Errors
/// [`ReceiptFormatError::Key`] when it is not.
pub fn public_key_from_base64(text: &str) -> Result<[u8; 32], ReceiptFormatError> {
    unb64(text)
        .and_then(|v| <[u8; 32]>::try_from(v).ok())
        .ok_or(ReceiptFormatError::Key)
}

/// An Ed25519 public key as given on a command line or in a file: base64 of
/// its 32 bytes, or a PEM `PUBLIC KEY` block (SubjectPublicKeyInfo, as
/// `openssl pkey -pubout` writes it).
///
/// # Errors
/// [`ReceiptFormatError::Key`] when it is neither.
pub fn read_public_key(text: &str) -> Result<[u8; 32], ReceiptFormatError> {
    match pem_body(text, "PUBLIC KEY") {
        Some(der) => der
            .strip_prefix(&SPKI_PREFIX[..])
            .and_then(|k| <[u8; 32]>::try_from(k).ok())
            .ok_or(ReceiptFormatError::Key),
        None => public_key_from_base64(text),
    }
}

/// The PEM `PUBLIC KEY` block of a public key (SubjectPublicKeyInfo, RFC 8410).
#[must_use]
pub fn public_key_pem(key: &[u8; 32]) -> String {
    let mut der = SPKI_PREFIX.to_vec();
    der.extend_from_slice(key);
    pem_block("PUBLIC KEY", &der)
}

/// The PEM `PRIVATE KEY` block of a signing key (PKCS#8, RFC 8410), readable
/// by `openssl pkey`.
#[must_use]
pub fn private_key_pem(key: &SigningKey) -> String {
    let mut der = PKCS8_PREFIX.to_vec();
    der.extend_from_slice(&key.to_bytes());
    pem_block("PRIVATE KEY", &der)
}

/// Reads a PEM `PRIVATE KEY` block written by [`private_key_pem`].
///
/// # Errors
/// [`ReceiptFormatError::Key`] when the text is not one.
pub fn read_private_key(text: &str) -> Result<SigningKey, ReceiptFormatError> {
    let der = pem_body(text, "PRIVATE KEY").ok_or(ReceiptFormatError::Key)?;
    let seed = der
        .strip_prefix(&PKCS8_PREFIX[..])
        .and_then(|k| <[u8; 32]>::try_from(k).ok())
        .ok_or(ReceiptFormatError::Key)?;
    Ok(SigningKey::from_bytes(&seed))
}

/// A PEM block: `der` in base64 between the lines naming `label`.
fn pem_block(label: &str, der: &[u8]) -> String {
    let body = b64(der);
    format!("-----BEGIN {label}-----\n{body}\n-----END {label}-----\n")
}

/// The DER bytes of the PEM block labelled `label`, if the text holds one.
fn pem_body(text: &str, label: &str) -> Option<Vec<u8>> {
    let begin = format!("-----BEGIN {label}-----");
    let end = format!("-----END {label}-----");
    let start = text.find(&begin)? + begin.len();
    let stop = start + text[start..].find(&end)?;
    let body: String = text[start..stop]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    unb64(&body)
}

/// Whether `signature` (Ed25519, 64 bytes) over `signed` is good for the
/// public key `key` (32 bytes), and that key is `expected` when one is given.
fn signature_holds(
    key: &[u8; 32],
    signed: &str,
    signature: &[u8; 64],
    expected: Option<&[u8; 32]>,
) -> bool {
    if expected.is_some_and(|k| k != key) {
        return false;
    }
    let Ok(verifying) = VerifyingKey::from_bytes(key) else {
        return false;
    };
    verifying
        .verify_strict(signed.as_bytes(), &Signature::from_bytes(signature))
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn statement() -> Statement {
        Statement {
            game: 7,
            ply: 1,
            side: Color::White,
            written: "c3 - d4".into(),
            played: "c3-d4".into(),
            position: Sha::of_fen("B:W1:B2"),
            received: Utc.with_ymd_and_hms(2026, 12, 5, 15, 13, 30).unwrap(),
            previous: Sha::of(b"start"),
        }
    }

    #[test]
    fn a_signed_receipt_reads_back_and_its_signature_holds() {
        let key = SigningKey::from_bytes(&[7u8; 32]);
        let r = statement().sign(&key);
        let back = Receipt::parse(&r.text()).unwrap();
        assert_eq!(back, r);
        assert!(back.signature_holds(Some(&key.verifying_key().to_bytes())));
        assert!(!back.signature_holds(Some(&[1u8; 32])));
    }

    #[test]
    fn a_changed_line_breaks_the_signature() {
        let key = SigningKey::from_bytes(&[7u8; 32]);
        let text = statement().sign(&key).text().replace("ply: 1", "ply: 2");
        assert!(!Receipt::parse(&text).unwrap().signature_holds(None));
    }

    #[test]
    fn keys_go_through_pem_and_back() {
        let key = SigningKey::from_bytes(&[9u8; 32]);
        let back = read_private_key(&private_key_pem(&key)).unwrap();
        assert_eq!(back.to_bytes(), key.to_bytes());
        let public = key.verifying_key().to_bytes();
        assert_eq!(read_public_key(&public_key_pem(&public)).unwrap(), public);
        assert_eq!(read_public_key(&b64(&public)).unwrap(), public);
    }

    #[test]
    fn a_start_text_reads_back() {
        let s = GameStart {
            game: 3,
            variant: "russian".into(),
            white: "Ann".into(),
            black: "Bob".into(),
            setup: "W:W21,22:B1,2".into(),
            ids: None,
        };
        assert_eq!(GameStart::parse(&s.text()).unwrap(), s);
        let with_ids = GameStart {
            ids: Some([5, 9]),
            ..s
        };
        assert!(with_ids.text().contains("white-id: 5\n"));
        assert_eq!(GameStart::parse(&with_ids.text()).unwrap(), with_ids);
    }

    #[test]
    fn a_signed_end_and_an_export_head_read_back_and_a_changed_line_breaks_them() {
        let key = SigningKey::from_bytes(&[7u8; 32]);
        let at = Utc.with_ymd_and_hms(2026, 12, 5, 15, 13, 30).unwrap();
        let seal = Seal {
            game: 7,
            event: "Winter".into(),
            round: "1".into(),
            white: "Ann".into(),
            white_id: 1,
            black: "Bob".into(),
            black_id: 2,
            result: "1-0".into(),
            plies: 3,
            last: Sha::of(b"last"),
            kind: SealKind::End {
                termination: "resignation".into(),
                ended: at,
            },
        };
        for seal in [
            seal.clone(),
            Seal {
                result: "*".into(),
                kind: SealKind::Export { at },
                ..seal
            },
        ] {
            let signed = seal.sign(&key);
            let back = SignedSeal::parse(&signed.text()).unwrap();
            assert_eq!(back, signed);
            assert!(back.signature_holds(Some(&key.verifying_key().to_bytes())));
            let edited = signed.text().replace("white: Ann", "white: Eve");
            assert!(!SignedSeal::parse(&edited).unwrap().signature_holds(None));
        }
    }
}
