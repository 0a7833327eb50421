//! The bot's addresses and subject tag: the per-player reply address
//! `<local>+<game>.<token>@<domain>` (it carries the game and the player's
//! secret token for it), the personal address `<local>+p<player>.<token>@<domain>`
//! of the mails not about one game (the player's own token), the subject tag
//! `[zaochka #<game>]` (the bot's own Message-IDs are in [`super::ids`]).
//!
//! Tokens are case-sensitive and compared in constant time with
//! [`constant_time_eq`]. The local part and the domain compare without regard
//! to case (mail servers treat them so); the token never does.

use crate::vocabulary::{GameId, PlayerId};

/// The longest token accepted from a mail (the store makes 12-symbol tokens).
pub const MAX_TOKEN_LEN: usize = 64;

/// The tag word in subjects: `[zaochka #42]`.
pub const SUBJECT_TAG_WORD: &str = "zaochka";

/// Why an address is not a reply address of the bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// No `@`, or an empty local part or domain.
    #[error("{0:?} is not a mail address")]
    NotAnAddress(String),
    /// The local part has no `+<game>.<token>` detail.
    #[error("{0:?} carries no game and token")]
    NoDetail(String),
    /// The detail is there but the game is not a positive number or the token
    /// is empty, too long or not letters and digits.
    #[error("{0:?} has a malformed game or token")]
    Malformed(String),
    /// The address is for another mailbox or domain than the bot's.
    #[error("{0:?} is not the bot's address")]
    OtherMailbox(String),
}

/// The bot's base address, `local@domain` (for example `zaochka@example.com`),
/// from which reply addresses are made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotAddress {
    /// The local part before any `+` detail, e.g. `zaochka`.
    pub local: String,
    /// The domain, e.g. `example.com`.
    pub domain: String,
}

impl BotAddress {
    /// The base address from `local@domain`.
    ///
    /// # Errors
    /// [`AddressError::NotAnAddress`] without an `@` or with an empty side.
    pub fn parse(address: &str) -> Result<BotAddress, AddressError> {
        let (local, domain) = split_address(address)?;
        Ok(BotAddress {
            local: local.to_string(),
            domain: domain.to_string(),
        })
    }

    /// The player's reply address for a game: `local+<game>.<token>@domain`.
    #[must_use]
    pub fn reply_address(&self, game: GameId, token: &str) -> String {
        format!("{}+{}.{}@{}", self.local, game.0, token, self.domain)
    }

    /// The player's personal address: `local+p<player>.<token>@domain`.
    #[must_use]
    pub fn personal_address(&self, player: PlayerId, token: &str) -> String {
        format!("{}+p{}.{}@{}", self.local, player.0, token, self.domain)
    }

    /// Reads a personal address of this bot.
    ///
    /// # Errors
    /// [`AddressError::OtherMailbox`] for an address of another mailbox, and the
    /// errors of [`PersonalAddress::parse`].
    pub fn parse_personal(&self, address: &str) -> Result<PersonalAddress, AddressError> {
        let personal = PersonalAddress::parse(address)?;
        if personal.local.eq_ignore_ascii_case(&self.local)
            && personal.domain.eq_ignore_ascii_case(&self.domain)
        {
            Ok(personal)
        } else {
            Err(AddressError::OtherMailbox(address.trim().to_string()))
        }
    }

    /// Whether `address` is this bot's base address or one of its `+` reply
    /// addresses (local part and domain compared without regard to case).
    #[must_use]
    pub fn owns(&self, address: &str) -> bool {
        let Ok((local, domain)) = split_address(address) else {
            return false;
        };
        let base = local.split_once('+').map_or(local, |(b, _)| b);
        base.eq_ignore_ascii_case(&self.local) && domain.eq_ignore_ascii_case(&self.domain)
    }

    /// Reads a reply address of this bot.
    ///
    /// # Errors
    /// [`AddressError::OtherMailbox`] for an address of another mailbox, and the
    /// errors of [`ReplyAddress::parse`].
    pub fn parse_reply(&self, address: &str) -> Result<ReplyAddress, AddressError> {
        let reply = ReplyAddress::parse(address)?;
        if reply.local.eq_ignore_ascii_case(&self.local)
            && reply.domain.eq_ignore_ascii_case(&self.domain)
        {
            Ok(reply)
        } else {
            Err(AddressError::OtherMailbox(address.trim().to_string()))
        }
    }
}

impl std::fmt::Display for BotAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}@{}", self.local, self.domain)
    }
}

/// An address of the bot's that carries an id and a secret token:
/// `<local>+<id>.<token>@<domain>`. A game's reply address
/// ([`ReplyAddress`]) names the game, a player's personal address
/// ([`PersonalAddress`]) the player.
///
/// `Debug` hides the token so that it never reaches a log by accident.
#[derive(Clone, PartialEq, Eq)]
pub struct TokenedAddress<Id> {
    /// The local part before `+`.
    pub local: String,
    /// The game or the player named in the address.
    pub id: Id,
    /// The token as written in the mail (not yet checked).
    pub token: String,
    /// The domain.
    pub domain: String,
}

/// A reply address read from a mail: `<local>+<game>.<token>@<domain>`.
pub type ReplyAddress = TokenedAddress<GameId>;

/// A personal address read from a mail: `<local>+p<player>.<token>@<domain>`,
/// the reply address of the mails not about one game.
pub type PersonalAddress = TokenedAddress<PlayerId>;

impl<Id: std::fmt::Debug> std::fmt::Debug for TokenedAddress<Id> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenedAddress")
            .field("local", &self.local)
            .field("id", &self.id)
            .field("token", &"***")
            .field("domain", &self.domain)
            .finish()
    }
}

impl<Id> TokenedAddress<Id> {
    /// Reads the address, the id by `read_id`.
    fn read(address: &str, read_id: impl FnOnce(&str) -> Option<Id>) -> Result<Self, AddressError> {
        let d = TokenedDetail::read(address, read_id)?;
        Ok(TokenedAddress {
            local: d.local.to_string(),
            id: d.id,
            token: d.token.to_string(),
            domain: d.domain.to_string(),
        })
    }

    /// Whether the token written in the mail is exactly `expected`
    /// (case-sensitive, in constant time wherever the texts differ).
    #[must_use]
    pub fn token_matches(&self, expected: &str) -> bool {
        constant_time_eq(self.token.as_bytes(), expected.as_bytes())
    }
}

impl ReplyAddress {
    /// Reads `<local>+<game>.<token>@<domain>` (surrounding spaces and `<>`
    /// allowed). The game is a positive decimal number; the token is 1 to
    /// [`MAX_TOKEN_LEN`] ASCII letters and digits, kept exactly as written.
    ///
    /// # Errors
    /// [`AddressError`] naming what is missing or malformed.
    ///
    /// # Examples
    /// ```
    /// use zaochka::mail::address::ReplyAddress;
    /// let r = ReplyAddress::parse("zaochka+12.k7q2m9@example.com").unwrap();
    /// assert_eq!(r.id.0, 12);
    /// assert!(r.token_matches("k7q2m9"));
    /// assert!(!r.token_matches("K7Q2M9"));
    /// ```
    pub fn parse(address: &str) -> Result<ReplyAddress, AddressError> {
        TokenedAddress::read(address, parse_game_number)
    }
}

impl std::fmt::Display for ReplyAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}+{}.{}@{}",
            self.local, self.id.0, self.token, self.domain
        )
    }
}

impl PersonalAddress {
    /// Reads `<local>+p<player>.<token>@<domain>` (surrounding spaces and `<>`
    /// allowed; `p` or `P`). The player is a positive decimal number; the token
    /// is 1 to [`MAX_TOKEN_LEN`] ASCII letters and digits, kept as written.
    ///
    /// # Errors
    /// [`AddressError`] naming what is missing or malformed.
    ///
    /// # Examples
    /// ```
    /// use zaochka::mail::address::PersonalAddress;
    /// let r = PersonalAddress::parse("zaochka+p7.k7q2m9@example.com").unwrap();
    /// assert_eq!(r.id.0, 7);
    /// assert!(r.token_matches("k7q2m9"));
    /// ```
    pub fn parse(address: &str) -> Result<PersonalAddress, AddressError> {
        TokenedAddress::read(address, |id| {
            id.strip_prefix(['p', 'P'])
                .and_then(parse_game_number)
                .map(|n| PlayerId(n.0))
        })
    }
}

/// Compares two byte strings in time that depends only on their lengths, not
/// on where they differ (for secret tokens).
#[must_use]
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    // Keep the compiler from turning the fold into an early exit.
    std::hint::black_box(diff) == 0
}

/// The subject tag of a game: `[zaochka #42]`.
#[must_use]
pub fn subject_tag(game: GameId) -> String {
    format!("[{SUBJECT_TAG_WORD} #{}]", game.0)
}

/// A subject taken apart: the game of its tag and the words left after the
/// reply and forward prefixes and the tag are removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject {
    /// The game named by the `[zaochka #N]` tag, if any.
    pub game: Option<GameId>,
    /// Whether a reply, forward or auto-reply prefix was removed (`Re:`, `RE:`,
    /// `Ответ:`, `Fwd:`, `Автоматический ответ:` ...).
    pub prefixed: bool,
    /// The rest of the subject, trimmed: `a3-b4` in `Re: [zaochka #23] a3-b4`.
    pub rest: String,
}

/// Reply and forward prefixes removed from subjects (compared lowercased, each
/// followed by `:`; a counter like `Re[2]:` or `Re^2:` is allowed).
const SUBJECT_PREFIXES: &[&str] = &[
    "re",
    "fwd",
    "fw",
    "aw",
    "wg",
    "sv",
    "vs",
    "tr",
    "ответ",
    "отв",
    "пересл",
    "переслано",
    "automatic reply",
    "auto reply",
    "autoreply",
    "out of office",
    "автоматический ответ",
    "автоответ",
];

/// Takes a subject apart: strips any number of reply and forward prefixes,
/// reads and removes the first `[zaochka #N]` tag (case-insensitive, spaces
/// allowed: `[Zaochka # 42]`), and keeps the rest.
///
/// # Examples
/// ```
/// use zaochka::mail::address::parse_subject;
/// let s = parse_subject("Re: RE: [zaochka #23] a3-b4");
/// assert_eq!(s.game.map(|g| g.0), Some(23));
/// assert_eq!(s.rest, "a3-b4");
/// ```
#[must_use]
pub fn parse_subject(subject: &str) -> Subject {
    // Prefixes are stripped by moving a slice forward (no copy per prefix: a
    // subject of a million `Re:` stays linear); the text is copied once, when
    // the tag is cut out of its middle.
    let mut text: std::borrow::Cow<'_, str> = std::borrow::Cow::Borrowed(subject.trim());
    let mut pos = 0;
    let mut prefixed = false;
    let mut game = None;
    loop {
        let cur = &text[pos..];
        if let Some(rest) = strip_prefix(cur) {
            prefixed = true;
            pos += cur.len() - rest.len();
            continue;
        }
        if game.is_none()
            && let Some((g, before, after)) = find_tag(cur)
        {
            game = Some(g);
            let joined = format!("{} {}", before.trim_end(), after.trim_start())
                .trim()
                .to_string();
            text = std::borrow::Cow::Owned(joined);
            pos = 0;
            continue;
        }
        break;
    }
    Subject {
        game,
        prefixed,
        rest: text[pos..].trim().to_string(),
    }
}

/// The game of the first `[zaochka #N]` tag in a subject, if any.
#[must_use]
pub fn parse_subject_tag(subject: &str) -> Option<GameId> {
    find_tag(subject).map(|(g, _, _)| g)
}

/// Strips one leading prefix such as `Re:`, `Re[2]:`, `Ответ:`: the rest,
/// trimmed (a slice of `s`).
fn strip_prefix(s: &str) -> Option<&str> {
    for p in SUBJECT_PREFIXES {
        let n = p.chars().count();
        let end = s.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
        if s[..end].to_lowercase() != *p {
            continue;
        }
        let after = skip_counter(&s[end..]).trim_start();
        if let Some(rest) = after.strip_prefix(':') {
            return Some(rest.trim());
        }
    }
    None
}

fn skip_counter(s: &str) -> &str {
    let t = s.trim_start();
    for (open, close) in [('[', ']'), ('(', ')')] {
        if let Some(inner) = t.strip_prefix(open)
            && let Some(end) = inner.find(close)
            && inner[..end].trim().bytes().all(|b| b.is_ascii_digit())
        {
            return &inner[end + close.len_utf8()..];
        }
    }
    if let Some(inner) = t.strip_prefix('^') {
        return inner.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    s
}

/// Finds `[zaochka #N]`: returns the game and the text before and after it.
/// One pass: a tag holds no `[`, so only the last `[` before each `]` can
/// open one (`[[[[...` is not scanned once per bracket).
fn find_tag(s: &str) -> Option<(GameId, &str, &str)> {
    let mut open: Option<usize> = None;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'[' => open = Some(i),
            b']' => {
                if let Some(o) = open.take()
                    && let Some(g) = tag_game(&s[o + 1..i])
                {
                    return Some((g, &s[..o], &s[i + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// The game of a tag's inside (`zaochka #12`, any case, spaces allowed).
fn tag_game(inner: &str) -> Option<GameId> {
    let inner = inner.trim();
    let word_len = SUBJECT_TAG_WORD.len();
    if inner.len() > word_len
        && inner.is_char_boundary(word_len)
        && inner[..word_len].eq_ignore_ascii_case(SUBJECT_TAG_WORD)
    {
        let rest = inner[word_len..].trim_start();
        if let Some(num) = rest.strip_prefix('#') {
            return parse_game_number(num.trim());
        }
    }
    None
}

/// A game number: 1 to 18 decimal digits, not zero.
fn parse_game_number(s: &str) -> Option<GameId> {
    if s.is_empty() || s.len() > 18 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = s.parse().ok()?;
    (n > 0).then_some(GameId(n))
}

/// The parts of `<local>+<id>.<token>@<domain>`, the shape of both the game
/// and the personal reply addresses, borrowed from the text read.
struct TokenedDetail<'a, Id> {
    local: &'a str,
    id: Id,
    token: &'a str,
    domain: &'a str,
}

impl<'a, Id> TokenedDetail<'a, Id> {
    /// Reads the shape, the id by `read_id`; the token is 1 to
    /// [`MAX_TOKEN_LEN`] ASCII letters and digits.
    fn read(
        address: &'a str,
        read_id: impl FnOnce(&str) -> Option<Id>,
    ) -> Result<Self, AddressError> {
        let (local, domain) = split_address(address)?;
        let original = || address.trim().to_string();
        let (base, detail) = local
            .split_once('+')
            .ok_or_else(|| AddressError::NoDetail(original()))?;
        let (id, token) = detail
            .split_once('.')
            .ok_or_else(|| AddressError::Malformed(original()))?;
        let id = read_id(id).ok_or_else(|| AddressError::Malformed(original()))?;
        if base.is_empty()
            || token.is_empty()
            || token.len() > MAX_TOKEN_LEN
            || !token.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            return Err(AddressError::Malformed(original()));
        }
        Ok(TokenedDetail {
            local: base,
            id,
            token,
            domain,
        })
    }
}

/// Splits `local@domain` (after trimming spaces and `<>`) at the last `@`.
fn split_address(address: &str) -> Result<(&str, &str), AddressError> {
    let a = address.trim().trim_start_matches('<').trim_end_matches('>');
    match a.rsplit_once('@') {
        Some((l, d)) if !l.is_empty() && !d.is_empty() => Ok((l, d)),
        _ => Err(AddressError::NotAnAddress(address.trim().to_string())),
    }
}

#[cfg(test)]
mod tests;
