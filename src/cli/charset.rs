//! The text of a game-record file that is not UTF-8: real Russian
//! archives are Windows-1251, older ones KOI8-R, West-European ones Latin-1.
//!
//! The charset is the one a `[Charset "..."]` or `[Encoding "..."]` tag names (any
//! name `mail-parser` knows: `cp1251`, `windows-1251`, `koi8-r`, `latin1`, ...),
//! else the candidate whose decoding reads most like names: whole Cyrillic words
//! with a capital only at the start (Windows-1251 and KOI8-R swap the cases of
//! each other's letters) and Latin words with the odd accented letter (a
//! Cyrillic file read as Latin-1 gives words of accented letters only). Ties go
//! to Windows-1251. The decoders are `mail-parser`'s.

use mail_parser::decoders::charsets::map::charset_decoder;

/// A file's text and, when it was not UTF-8, the charset it was decoded from.
#[cfg(test)]
pub(super) struct Decoded {
    /// The text.
    pub text: String,
    /// `None` for UTF-8, else the charset's name as shown (`windows-1251`,
    /// `KOI8-R`, `Latin-1`, or the tag's value) and whether a tag named it.
    pub charset: Option<(String, bool)>,
}

/// The candidates tried when no tag names the charset, in the order ties go: the
/// name shown and the name `mail-parser` knows it by.
const CANDIDATES: [(&str, &[u8]); 3] = [
    ("windows-1251", b"windows-1251"),
    ("KOI8-R", b"koi8-r"),
    ("Latin-1", b"latin1"),
];

/// A charset's decoder, as `mail-parser` gives it.
type Decoder = fn(&[u8]) -> String;

/// The bytes read at a time, in the chunks of a file (a chunk is longer when
/// a line is).
const CHUNK: usize = 1 << 20;

/// How a file's bytes become text, decided once for the whole file
/// ([`detect`]) and applied chunk by chunk.
#[derive(Clone)]
pub(super) struct Charset {
    /// `None` for UTF-8, else the name shown and whether a tag named it.
    pub shown: Option<(String, bool)>,
    /// The decoder; `None` for UTF-8 (invalid bytes replaced).
    decoder: Option<Decoder>,
}

impl Charset {
    /// The text of one chunk of the file (a chunk ends at a line end, so no
    /// character is cut).
    pub fn decode(&self, bytes: &[u8]) -> String {
        match self.decoder {
            Some(decode) => decode(bytes),
            None => String::from_utf8_lossy(bytes).into_owned(),
        }
    }
}

/// The bytes of a file in chunks of about [`CHUNK`] bytes, each ending just
/// after a line end (`\n` or `\r`), the last one at the end of the file.
pub(super) struct Chunks<R> {
    source: R,
    carry: Vec<u8>,
    eof: bool,
}

impl<R: std::io::Read> Chunks<R> {
    /// The chunks of `source`.
    pub fn new(source: R) -> Chunks<R> {
        Chunks {
            source,
            carry: Vec::new(),
            eof: false,
        }
    }
}

impl<R: std::io::Read> Iterator for Chunks<R> {
    type Item = std::io::Result<Vec<u8>>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.carry.len() >= CHUNK || self.eof {
                if let Some(i) = self.carry.iter().rposition(|&b| b == b'\n' || b == b'\r') {
                    let rest = self.carry.split_off(i + 1);
                    return Some(Ok(std::mem::replace(&mut self.carry, rest)));
                }
                if self.eof {
                    return (!self.carry.is_empty()).then(|| Ok(std::mem::take(&mut self.carry)));
                }
                // A line longer than a chunk: read on to its end.
            }
            let have = self.carry.len();
            self.carry.resize(have + CHUNK, 0);
            let read = self.source.read(&mut self.carry[have..]);
            self.carry.truncate(have + *read.as_ref().unwrap_or(&0));
            match read {
                Ok(0) => self.eof = true,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// Decides a file's charset from its chunks (`open` gives them from the
/// start, and is called a second time only when the file is not UTF-8 and no
/// tag names a charset): UTF-8 when every chunk is, else the charset of the
/// first `Charset`/`Encoding` tag, else the candidate whose decoding of the
/// whole file reads most like names ([`score`], summed over the chunks).
///
/// # Errors
/// When the file cannot be read.
pub(super) fn detect<I>(mut open: impl FnMut() -> std::io::Result<I>) -> std::io::Result<Charset>
where
    I: Iterator<Item = std::io::Result<Vec<u8>>>,
{
    let (mut utf8, mut tag) = (true, None);
    for chunk in open()? {
        let chunk = chunk?;
        utf8 = utf8 && std::str::from_utf8(&chunk).is_ok();
        if tag.is_none() {
            tag = tagged_charset(&chunk);
        }
        if !utf8 && tag.is_some() {
            break;
        }
    }
    if utf8 {
        return Ok(Charset {
            shown: None,
            decoder: None,
        });
    }
    if let Some(name) = tag
        && let Some(decoder) = charset_decoder(name.as_bytes())
    {
        return Ok(Charset {
            shown: Some((name, true)),
            decoder: Some(decoder),
        });
    }
    let decoders: Vec<(&str, Decoder)> = CANDIDATES
        .iter()
        .filter_map(|(name, known)| Some((*name, charset_decoder(known)?)))
        .collect();
    let mut scores = vec![0i64; decoders.len()];
    for chunk in open()? {
        let chunk = chunk?;
        for (k, (_, decode)) in decoders.iter().enumerate() {
            scores[k] += score(&decode(&chunk));
        }
    }
    let best = decoders.iter().zip(scores).fold(
        None::<(&str, fn(&[u8]) -> String, i64)>,
        |best, ((name, decode), score)| match best {
            Some(b) if b.2 >= score => Some(b),
            _ => Some((*name, *decode, score)),
        },
    );
    Ok(match best {
        Some((name, decoder, _)) => Charset {
            shown: Some((name.to_string(), false)),
            decoder: Some(decoder),
        },
        None => Charset {
            shown: Some((
                crate::words::operator::records::utf8_replaced().to_string(),
                false,
            )),
            decoder: None,
        },
    })
}

/// Decodes a file's bytes: UTF-8 as it is, else by its tag or the best
/// candidate ([`detect`]).
#[cfg(test)]
pub(super) fn decode(bytes: Vec<u8>) -> Decoded {
    let charset = detect(|| Ok(Chunks::new(&bytes[..]))).expect("bytes in memory read");
    let text = Chunks::new(&bytes[..])
        .map(|c| charset.decode(&c.expect("bytes in memory read")))
        .collect();
    Decoded {
        text,
        charset: charset.shown,
    }
}

/// The value of the first `[Charset "..."]` or `[Encoding "..."]` tag (any case).
fn tagged_charset(bytes: &[u8]) -> Option<String> {
    let ascii: String = bytes
        .iter()
        .map(|&b| if b.is_ascii() { b as char } else { ' ' })
        .collect();
    ascii.lines().find_map(|line| {
        let line = line.trim().strip_prefix('[')?;
        let (tag, rest) = line.split_once(char::is_whitespace)?;
        if !(tag.eq_ignore_ascii_case("charset") || tag.eq_ignore_ascii_case("encoding")) {
            return None;
        }
        let value = rest.trim().strip_prefix('"')?.split('"').next()?.trim();
        (!value.is_empty()).then(|| value.to_string())
    })
}

/// How much a decoded text reads like names and words: each plausible word counts
/// its letters, each implausible one counts them against.
fn score(text: &str) -> i64 {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_ascii())
        .map(|w| {
            let len = w.chars().count() as i64;
            let cyrillic = w.chars().filter(|c| is_cyrillic(*c)).count() as i64;
            let ascii = w.chars().filter(char::is_ascii).count() as i64;
            let plausible = if cyrillic == len {
                cased_like_a_word(w)
            } else if cyrillic > 0 {
                false
            } else {
                ascii > 0 || len < 3
            };
            if plausible { len } else { -len }
        })
        .sum()
}

fn is_cyrillic(c: char) -> bool {
    matches!(c, '\u{0400}'..='\u{04FF}')
}

/// All capitals, or a capital (or none) followed by small letters only.
fn cased_like_a_word(w: &str) -> bool {
    let mut rest = w.chars().skip(1);
    w.chars().all(char::is_uppercase) || rest.all(char::is_lowercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Иванов – Сидоров` as the single-byte charsets write it.
    const CP1251: &[u8] = b"\xc8\xe2\xe0\xed\xee\xe2 \xd1\xe8\xe4\xee\xf0\xee\xe2";
    const KOI8R: &[u8] = b"\xe9\xd7\xc1\xce\xcf\xd7 \xf3\xc9\xc4\xcf\xd2\xcf\xd7";

    #[test]
    fn cyrillic_names_are_read_in_the_charset_that_writes_them() {
        for (bytes, name) in [(CP1251, "windows-1251"), (KOI8R, "KOI8-R")] {
            let d = decode(bytes.to_vec());
            assert_eq!(d.text, "Иванов Сидоров");
            assert_eq!(d.charset, Some((name.to_string(), false)));
        }
    }

    #[test]
    fn a_latin_name_with_an_accent_is_latin_1() {
        let d = decode(b"M\xfcller \xc9ric".to_vec());
        assert_eq!(d.text, "Müller Éric");
        assert_eq!(d.charset, Some(("Latin-1".to_string(), false)));
    }

    #[test]
    fn a_charset_tag_wins_over_the_guess() {
        let mut bytes = b"[Charset \"KOI8-R\"]\n[White \"".to_vec();
        bytes.extend_from_slice(CP1251);
        let d = decode(bytes);
        assert_eq!(d.charset, Some(("KOI8-R".to_string(), true)));
    }
}
