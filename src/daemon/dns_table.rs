//! A fixed table of DNS records handed to `mail-auth` as its caches, so that
//! the authentication checks can run with no network: for tests, and for an
//! offline installation (`[authentication] dns-records-file`). With a table
//! every lookup is answered from it, a name that is not in it as NXDOMAIN
//! (no record): the resolver is never asked. Without one
//! ([`DnsTable::pass_through`]) a lookup goes to the configured resolver and
//! its answer is kept for its TTL (the `valid_until` the resolver gives), so
//! the mails of a batch from one domain ask once.
//!
//! The file holds one record a line, `NAME TYPE VALUE`, `#` starting a
//! comment line:
//!
//! ```text
//! example.org              TXT  "v=spf1 ip4:192.0.2.0/24 -all"
//! _dmarc.example.org       TXT  "v=DMARC1; p=reject"
//! s1._domainkey.example.org TXT "v=DKIM1; k=rsa; p=MIIBIjAN..."
//! mail.example.org         A    192.0.2.7
//! mail.example.org         AAAA 2001:db8::7
//! example.org              MX   10 mail.example.org
//! 192.0.2.7                PTR  mail.example.org
//! ```
//!
//! A TXT value may be split into several quoted strings (joined, as DNS
//! joins a long record's parts); names are case-insensitive, with or without
//! the final dot.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use anyhow::{Context, bail};
use mail_auth::common::parse::TxtRecordParser;
use mail_auth::common::verify::DomainKey;
use mail_auth::dmarc::Dmarc;
use mail_auth::hickory_resolver::proto::op::ResponseCode;
use mail_auth::spf::Spf;
use mail_auth::{DnsError, DnssecStatus, Error, MX, RecordSet, ResolverCache, Txt};

/// The most answers one record type keeps from the resolver; past it the
/// expired ones go, and if none has expired, all of them.
const MAX_CACHED: usize = 10_000;

/// Answers from the resolver, each until its TTL ends.
struct Cached<K, V>(Mutex<HashMap<K, (V, Instant)>>);

impl<K, V> std::fmt::Debug for Cached<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.0.lock().map_or(0, |m| m.len());
        write!(f, "Cached({n} answers)")
    }
}

impl<K: Hash + Eq, V: Clone> Cached<K, V> {
    fn new() -> Cached<K, V> {
        Cached(Mutex::new(HashMap::new()))
    }

    fn get<Q>(&self, name: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        map.get(name)
            .filter(|(_, until)| Instant::now() < *until)
            .map(|(v, _)| v.clone())
    }

    fn remove<Q>(&self, name: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let mut map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        map.remove(name).map(|(v, _)| v)
    }

    fn insert(&self, key: K, value: V, until: Instant) {
        let mut map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if map.len() >= MAX_CACHED {
            let now = Instant::now();
            map.retain(|_, (_, u)| now < *u);
            if map.len() >= MAX_CACHED {
                map.clear();
            }
        }
        map.insert(key, (value, until));
    }
}

/// One record type's answers, keyed by lowercased FQDN (or IP for PTR).
#[derive(Debug)]
pub struct Answers<K, V> {
    map: HashMap<K, Vec<V>>,
    /// Whether a name missing from the map is answered "no record" (a fixed
    /// table) rather than left to the resolver.
    authoritative: bool,
    /// The resolver's answers, for their TTL (pass-through only).
    cached: Cached<K, RecordSet<V>>,
}

impl<K: Hash + Eq, V: Clone> Answers<K, V> {
    fn new(authoritative: bool) -> Answers<K, V> {
        Answers {
            map: HashMap::new(),
            authoritative,
            cached: Cached::new(),
        }
    }
}

impl<K: Hash + Eq, V: Clone> ResolverCache<K, RecordSet<V>> for Answers<K, V> {
    fn get<Q>(&self, name: &Q) -> Option<RecordSet<V>>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let records = match self.map.get(name) {
            Some(r) => r.clone(),
            None if self.authoritative => Vec::new(),
            None => return self.cached.get(name),
        };
        Some(RecordSet {
            rrset: Arc::from(records.into_boxed_slice()),
            dnssec_status: DnssecStatus::Indeterminate,
        })
    }

    fn remove<Q>(&self, name: &Q) -> Option<RecordSet<V>>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.cached.remove(name)
    }

    fn insert(&self, key: K, value: RecordSet<V>, valid_until: Instant) {
        if !self.authoritative {
            self.cached.insert(key, value, valid_until);
        }
    }
}

/// TXT answers, kept as text and parsed on each lookup into the record kind
/// the name asks for (`_dmarc.` DMARC, `._domainkey.` a DKIM key, else SPF).
#[derive(Debug)]
pub struct TxtAnswers(Answers<Box<str>, String>, Cached<Box<str>, Txt>);

impl ResolverCache<Box<str>, Txt> for TxtAnswers {
    fn get<Q>(&self, name: &Q) -> Option<Txt>
    where
        Box<str>: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let Some(records) = self.0.map.get(name) else {
            if !self.0.authoritative {
                return self.1.get(name);
            }
            return Some(Txt::Error(Error::Dns(DnsError::RecordNotFound(
                ResponseCode::NXDomain,
            ))));
        };
        // The key itself, to tell the kind: the map holds it.
        let key: &str = self
            .0
            .map
            .get_key_value(name)
            .map_or("", |(k, _)| k.as_ref());
        Some(parse_txt(key, records))
    }

    fn remove<Q>(&self, name: &Q) -> Option<Txt>
    where
        Box<str>: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.1.remove(name)
    }

    fn insert(&self, key: Box<str>, value: Txt, valid_until: Instant) {
        if !self.0.authoritative {
            self.1.insert(key, value, valid_until);
        }
    }
}

/// The first of `records` that reads as the kind `name` asks for, as the
/// resolver would parse it; no such record is an invalid record type.
fn parse_txt(name: &str, records: &[String]) -> Txt {
    fn first<T: TxtRecordParser + Into<Txt>>(records: &[String]) -> Txt {
        records
            .iter()
            .find_map(|r| T::parse(r.as_bytes()).ok())
            .map_or(
                Txt::Error(Error::Dns(DnsError::InvalidRecordType)),
                Into::into,
            )
    }
    if name.starts_with("_dmarc.") {
        first::<Dmarc>(records)
    } else if name.contains("._domainkey.") {
        first::<DomainKey>(records)
    } else {
        first::<Spf>(records)
    }
}

/// The caches handed to every `mail-auth` check.
#[derive(Debug)]
pub struct DnsTable {
    /// TXT records (SPF, DMARC, DKIM keys).
    pub txt: TxtAnswers,
    /// MX records.
    pub mx: Answers<Box<str>, MX>,
    /// A records.
    pub ipv4: Answers<Box<str>, Ipv4Addr>,
    /// AAAA records.
    pub ipv6: Answers<Box<str>, Ipv6Addr>,
    /// PTR records.
    pub ptr: Answers<IpAddr, Box<str>>,
}

/// A name as the caches are keyed: lowercased, with the final dot.
fn fqdn(name: &str) -> Box<str> {
    let mut n = name.trim().to_ascii_lowercase();
    if !n.ends_with('.') {
        n.push('.');
    }
    n.into_boxed_str()
}

impl DnsTable {
    /// No records of its own: every lookup goes to the resolver.
    #[must_use]
    pub fn pass_through() -> DnsTable {
        DnsTable::empty(false)
    }

    fn empty(authoritative: bool) -> DnsTable {
        DnsTable {
            txt: TxtAnswers(Answers::new(authoritative), Cached::new()),
            mx: Answers::new(authoritative),
            ipv4: Answers::new(authoritative),
            ipv6: Answers::new(authoritative),
            ptr: Answers::new(authoritative),
        }
    }

    /// A fixed table read from `text` (the format of the module
    /// documentation); names not in it have no records.
    ///
    /// # Errors
    /// A line that is not `NAME TYPE VALUE` with a known type and a readable
    /// value, named by its number.
    pub fn parse(text: &str) -> anyhow::Result<DnsTable> {
        let mut table = DnsTable::empty(true);
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            table
                .add_line(line)
                .with_context(|| format!("DNS records line {}: {line}", n + 1))?;
        }
        Ok(table)
    }

    /// Reads a fixed table from a file.
    ///
    /// # Errors
    /// An unreadable file, or a line [`DnsTable::parse`] refuses.
    pub fn load(path: &Path) -> anyhow::Result<DnsTable> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the DNS records file {}", path.display()))?;
        DnsTable::parse(&text)
    }

    fn add_line(&mut self, line: &str) -> anyhow::Result<()> {
        let mut parts = line.splitn(3, char::is_whitespace);
        let name = parts.next().unwrap_or("");
        let kind = parts.next().unwrap_or("").to_ascii_uppercase();
        let value = parts.next().unwrap_or("").trim();
        if value.is_empty() {
            bail!("expected NAME TYPE VALUE");
        }
        match kind.as_str() {
            "TXT" => push(&mut self.txt.0.map, fqdn(name), txt_value(value)),
            "A" => push(&mut self.ipv4.map, fqdn(name), value.parse()?),
            "AAAA" => push(&mut self.ipv6.map, fqdn(name), value.parse()?),
            "MX" => {
                let (pref, host) = value
                    .split_once(char::is_whitespace)
                    .context("expected MX PREFERENCE HOST")?;
                push(
                    &mut self.mx.map,
                    fqdn(name),
                    MX {
                        exchanges: vec![fqdn(host.trim())].into_boxed_slice(),
                        preference: pref.parse()?,
                    },
                );
            }
            "PTR" => push(&mut self.ptr.map, name.parse()?, fqdn(value)),
            other => bail!("unknown record type {other:?} (TXT, A, AAAA, MX, PTR)"),
        }
        Ok(())
    }
}

fn push<K: Hash + Eq, V>(map: &mut HashMap<K, Vec<V>>, key: K, value: V) {
    map.entry(key).or_default().push(value);
}

/// A TXT value: its quoted strings joined, or the bare text.
fn txt_value(value: &str) -> String {
    if !value.starts_with('"') {
        return value.to_string();
    }
    value
        .split('"')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_answers_its_names_and_denies_the_others() {
        let t = DnsTable::parse(
            "# test\nExample.org TXT \"v=spf1 \" \"ip4:192.0.2.0/24 -all\"\n\
             _dmarc.example.org. TXT v=DMARC1; p=reject\nmail.example.org A 192.0.2.7\n",
        )
        .unwrap();
        assert!(matches!(t.txt.get("example.org."), Some(Txt::Spf(_))));
        assert!(matches!(
            t.txt.get("_dmarc.example.org."),
            Some(Txt::Dmarc(_))
        ));
        assert!(matches!(t.txt.get("other.org."), Some(Txt::Error(_))));
        assert_eq!(t.ipv4.get("mail.example.org.").unwrap().rrset.len(), 1);
        assert_eq!(t.ipv4.get("x.example.org.").unwrap().rrset.len(), 0);
        assert!(DnsTable::parse("x.org SRV 1").is_err());
        assert!(DnsTable::pass_through().txt.get("example.org.").is_none());
    }

    #[test]
    fn a_pass_through_keeps_answers_for_their_ttl_only() {
        let t = DnsTable::pass_through();
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        let past = Instant::now()
            .checked_sub(std::time::Duration::from_secs(1))
            .unwrap();
        let spf = parse_txt("example.org.", &["v=spf1 -all".to_string()]);
        t.txt.insert(fqdn("example.org"), spf.clone(), later);
        t.txt.insert(fqdn("old.example.org"), spf, past);
        assert!(matches!(t.txt.get("example.org."), Some(Txt::Spf(_))));
        assert!(t.txt.get("old.example.org.").is_none(), "expired");
        let set = RecordSet {
            rrset: Arc::from(vec![Ipv4Addr::new(192, 0, 2, 7)].into_boxed_slice()),
            dnssec_status: DnssecStatus::Indeterminate,
        };
        t.ipv4.insert(fqdn("mail.example.org"), set, later);
        assert_eq!(t.ipv4.get("mail.example.org.").unwrap().rrset.len(), 1);
        // A fixed table takes nothing from a resolver.
        let fixed = DnsTable::parse("").unwrap();
        let set = RecordSet {
            rrset: Arc::from(vec![Ipv4Addr::new(192, 0, 2, 7)].into_boxed_slice()),
            dnssec_status: DnssecStatus::Indeterminate,
        };
        fixed.ipv4.insert(fqdn("mail.example.org"), set, later);
        assert_eq!(fixed.ipv4.get("mail.example.org.").unwrap().rrset.len(), 0);
    }
}
