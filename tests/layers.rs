//! The layer rule of issue 17: the pure modules `mail/`, `clock/`, `rules/`
//! and `notation/` import nothing from `store/`, `daemon/` or `cli/`, and
//! the prose layer `lang/` nothing from `daemon/` or `cli/`. They
//! take the words of the domain from `vocabulary`, and the store maps its
//! rows to their types, never the other way round.
//!
//! The test reads every `.rs` file under those four folders, leaves out the
//! comments, and reports `file:line` for each path into a forbidden module:
//! `crate::store::…`, `super::super::daemon`, or `store` inside a
//! `use crate::{…}` group (also across lines).
//!
//! It also holds the I/O invariants of the code map in `src/lib.rs`: SQL
//! (rusqlite) only in `store/`; mail servers, sockets, DNS and file watching
//! (lettre's transports, imap, mail-auth, hickory, inotify, `std::net`
//! sockets) only in `daemon/`; files only in `store/`, `daemon/`, `cli/`,
//! `config.rs` and `site/` (which writes its pages).

use std::fs;
use std::path::{Path, PathBuf};

/// The modules that must stay free of the store, the daemon and the CLI (and
/// of the referee above them).
const PURE: &[&str] = &["mail", "clock", "rules", "notation"];

/// The modules they must not reach.
const FORBIDDEN: &[&str] = &["store", "daemon", "cli"];

/// The prose layer may read stored values but reaches neither the daemon
/// nor the CLI: it words what they hand it.
const LANG_FORBIDDEN: &[&str] = &["daemon", "cli"];

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The text with `//` and `/* */` comments and the insides of string
/// literals blanked out (newlines kept, so byte offsets still give the right
/// line; a `"//"` in a string is not a comment, a path in one not a path).
fn strip_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let mut in_str = false;
    while i < b.len() {
        if in_str {
            if b[i] == b'\\' && i + 1 < b.len() {
                out.extend_from_slice(b"  ");
                i += 2;
                continue;
            }
            if b[i] == b'"' {
                in_str = false;
                out.push(b'"');
            } else {
                out.push(if b[i] == b'\n' { b'\n' } else { b' ' });
            }
            i += 1;
        } else if b[i] == b'"' {
            in_str = true;
            out.push(b'"');
            i += 1;
        } else if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            while i < b.len() && !b[i..].starts_with(b"*/") {
                out.push(if b[i] == b'\n' { b'\n' } else { b' ' });
                i += 1;
            }
            out.extend_from_slice(b"  ");
            i = (i + 2).min(b.len());
        } else if b[i] == b'\'' && i + 2 < b.len() && b[i + 2] == b'\'' {
            // A char literal such as '"' must not open a string.
            out.extend_from_slice(&b[i..i + 3]);
            i += 3;
        } else if b[i..].starts_with(b"'\\") {
            // Skip the escaped character, then find the closing quote.
            let end = b
                .get(i + 3..)
                .and_then(|rest| rest.iter().position(|&c| c == b'\''))
                .map_or(b.len(), |p| i + 4 + p);
            out.extend_from_slice(&b[i..end]);
            i = end;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("stripping keeps UTF-8")
}

/// The identifier-like words and `::`, `{`, `}`, `,` of a text, each with
/// its byte offset; whitespace dropped, anything else a one-character token.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphanumeric() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((start, &text[start..i]));
        } else if b[i..].starts_with(b"::") {
            out.push((i, "::"));
            i += 2;
        } else {
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push((i, &text[i..i + len]));
            i += len;
        }
    }
    out
}

/// The byte offsets of every path into a forbidden module: `crate::store`,
/// `super::…::daemon`, and `cli` as a first segment inside `crate::{…}`
/// (nested groups included).
fn violations(text: &str, forbidden: &[&str]) -> Vec<(usize, String)> {
    let code = strip_comments(text);
    let t = tokens(&code);
    let mut found = Vec::new();
    let word = |k: usize| t.get(k).map(|&(_, w)| w);
    for k in 0..t.len() {
        let root = match word(k) {
            Some("crate") => true,
            // The first `super` of a chain (`super::super::store`).
            Some("super") => k < 2 || word(k - 1) != Some("::") || word(k - 2) != Some("super"),
            _ => false,
        };
        if !root || word(k + 1) != Some("::") {
            continue;
        }
        let mut j = k + 2;
        while word(j) == Some("super") && word(j + 1) == Some("::") {
            j += 2;
        }
        match word(j) {
            Some(w) if forbidden.contains(&w) => {
                found.push((t[j].0, format!("{}::{w}", word(k).unwrap_or(""))));
            }
            Some("{") => {
                // A group: look at the first segment of each entry.
                let mut depth = 0;
                let mut at_entry_start = true;
                for &(pos, w) in t.iter().skip(j) {
                    match w {
                        "{" => {
                            depth += 1;
                            at_entry_start = true;
                            continue;
                        }
                        "}" => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        "," => {
                            at_entry_start = depth == 1;
                            continue;
                        }
                        _ => {}
                    }
                    if at_entry_start && depth == 1 && forbidden.contains(&w) {
                        found.push((pos, format!("{}::{{{w}, …}}", word(k).unwrap_or(""))));
                    }
                    at_entry_start = false;
                }
            }
            _ => {}
        }
    }
    found
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].bytes().filter(|&b| b == b'\n').count() + 1
}

/// `file:line: path` for each forbidden path in the `.rs` files under the
/// given folders of `src/`, and how many files were read.
fn scan(modules: &[&str], forbidden: &[&str]) -> (Vec<String>, usize) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut report = Vec::new();
    let mut files = 0;
    for module in modules {
        for path in rust_files(&src.join(module)) {
            files += 1;
            let text = fs::read_to_string(&path).expect("readable source");
            for (offset, what) in violations(&text, forbidden) {
                let rel = path.strip_prefix(&src).unwrap_or(&path);
                report.push(format!(
                    "src/{}:{}: {what}",
                    rel.display(),
                    line_of(&text, offset)
                ));
            }
        }
    }
    (report, files)
}

#[test]
fn pure_modules_import_nothing_from_store_daemon_or_cli() {
    let (report, files) = scan(PURE, FORBIDDEN);
    assert!(files > 40, "only {files} files found under {PURE:?}");
    assert!(
        report.is_empty(),
        "the pure modules reach the store, the daemon or the CLI:\n{}",
        report.join("\n")
    );
}

#[test]
fn pure_modules_do_not_reach_up_into_the_referee() {
    // The referee applies what the mail readers read and the rules decide;
    // the words they share (`DirectorAction`, `Side`, ...) live in vocabulary.
    let (report, _) = scan(PURE, &["referee"]);
    assert!(
        report.is_empty(),
        "the pure modules reach the referee:\n{}",
        report.join("\n")
    );
}

#[test]
fn the_prose_layer_imports_nothing_from_daemon_or_cli() {
    let (report, files) = scan(&["lang"], LANG_FORBIDDEN);
    assert!(files > 10, "only {files} files found under src/lang");
    assert!(
        report.is_empty(),
        "the prose layer reaches the daemon or the CLI:\n{}",
        report.join("\n")
    );
}

#[test]
fn the_configuration_imports_nothing_from_the_daemon_or_the_cli() {
    // The daemon reads the configuration, never the other way round: the
    // plain settings it is run by (`SendLimits`, `AuthSettings`) live in
    // config.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = rust_files(&src.join("config"));
    paths.push(src.join("config.rs"));
    assert!(paths.len() >= 3, "only {} configuration files", paths.len());
    let mut report = Vec::new();
    for path in &paths {
        let text = fs::read_to_string(path).expect("readable source");
        for (offset, what) in violations(&text, &["daemon", "cli"]) {
            report.push(format!(
                "{}:{}: {what}",
                path.display(),
                line_of(&text, offset)
            ));
        }
    }
    assert!(
        report.is_empty(),
        "the configuration reaches the daemon or the CLI:\n{}",
        report.join("\n")
    );
}

#[test]
fn the_daemons_alerts_hold_no_russian_words() {
    // An alert travels as a typed value; its words are in lang::alerts.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/daemon");
    let mut paths = rust_files(&src.join("alerts"));
    paths.push(src.join("alerts.rs"));
    let mut report = Vec::new();
    for path in &paths {
        let text = fs::read_to_string(path).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            if line.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)) {
                report.push(format!("{}:{}", path.display(), n + 1));
            }
        }
    }
    assert!(
        report.is_empty(),
        "Russian words in the daemon's alerts:\n{}",
        report.join("\n")
    );
}

#[test]
fn the_scanner_finds_every_form_of_a_forbidden_path() {
    let bad = r#"
use crate::store::GameId;
use crate::{rules::Color, store};
use crate::{
    rules::Color,
    daemon::timing::Wait,
};
fn f() { let _ = super::super::cli::run; }
fn g() { let _ = crate :: store :: instant_text; }
use crate::{rules::{Color, Move}, cli::{self}};
"#;
    let lines: Vec<usize> = violations(bad, FORBIDDEN)
        .into_iter()
        .map(|(o, _)| line_of(bad, o))
        .collect();
    assert_eq!(lines, vec![2, 3, 6, 8, 9, 10]);
}

#[test]
fn the_scanner_leaves_comments_strings_and_other_modules_alone() {
    let good = r#"
//! Kept by `crate::store::clocks` row for row.
/// See [`crate::daemon::timing`].
/* crate::cli::run */
use crate::vocabulary::{GameId, Side};
use crate::rules::{store_like, Color};
use super::store_text;
const S: &str = "crate::store::x // not a comment";
const C: char = '"';
fn f() { let _ = self::store::x; let _ = games::store; }
"#;
    assert_eq!(violations(good, FORBIDDEN), Vec::new());
}

/// `file:line: word` for each use, outside comments, strings and unit tests
/// (a `tests.rs` file, or what follows `#[cfg(test)]` before `mod tests`: tests
/// may write temporary files), of one of `words` in a `.rs` file of `src/`
/// that is not under one of `allowed`.
fn uses_outside(words: &[&str], allowed: &[&str]) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut report = Vec::new();
    for path in rust_files(&src) {
        let rel = path
            .strip_prefix(&src)
            .unwrap_or(&path)
            .display()
            .to_string();
        if allowed
            .iter()
            .any(|a| rel == *a || rel.starts_with(&format!("{a}/")))
        {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let mut text = strip_comments(&fs::read_to_string(&path).expect("readable source"));
        if let Some(cut) = text.find("#[cfg(test)]\nmod tests") {
            text.truncate(cut);
        }
        for word in words {
            for (offset, _) in text.match_indices(word) {
                // A word, not the tail of a longer path (`store::mail_auth::`).
                let before = text[..offset].chars().next_back();
                if before.is_some_and(|c| c == ':' || c == '_' || c.is_alphanumeric()) {
                    continue;
                }
                report.push(format!("src/{rel}:{}: {word}", line_of(&text, offset)));
            }
        }
    }
    report
}

#[test]
fn only_the_store_speaks_sql() {
    let report = uses_outside(&["rusqlite", "sqlite3"], &["store"]);
    assert!(
        report.is_empty(),
        "SQL outside src/store:\n{}",
        report.join("\n")
    );
}

#[test]
fn only_the_daemon_speaks_to_mail_servers_sockets_and_dns() {
    let report = uses_outside(
        &[
            "SmtpTransport",
            "lettre::Transport",
            "imap::",
            "use mail_auth",
            "MessageAuthenticator",
            "hickory",
            "inotify::",
            "TcpStream",
            "TcpListener",
            "UdpSocket",
        ],
        &["daemon"],
    );
    assert!(
        report.is_empty(),
        "network or mail-server I/O outside src/daemon:\n{}",
        report.join("\n")
    );
}

#[test]
fn only_the_edges_touch_files() {
    let report = uses_outside(
        &[
            "std::fs",
            "fs::read",
            "fs::write",
            "File::open",
            "File::create",
            "OpenOptions",
            "read_dir",
        ],
        &["store", "daemon", "cli", "config.rs", "site", "main.rs"],
    );
    assert!(
        report.is_empty(),
        "file I/O outside store/, daemon/, cli/, config.rs and site/:\n{}",
        report.join("\n")
    );
}
