//! Every message of every catalog, rendered: the same ids and variables in
//! each language, no Fluent error, no debug text, no English word in a
//! Russian sentence, no id that no code asks for.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_bundle::FluentResource;
use fluent_syntax::ast;

use super::{Arg, EN_FTL, RU_FTL, try_text};
use crate::vocabulary::Language;

/// Latin words a Russian message may hold, each one a name players use as it
/// is written: the record formats (PDN, FEN, PGN), the time-zone database and
/// an example zone from it (IANA, Europe/Moscow), JSON (the form a time
/// control is given in on the command line), e-mail and the ICCF (the
/// correspondence chess federation, named by its counting of days), LSS (the
/// correspondence chess server whose withdrawal rules a tournament may
/// follow), the SMTP protocol's name and the commands a relay answers at
/// (EHLO, STARTTLS, AUTH, MAIL FROM, RCPT TO, DATA: what a relay's log and
/// the director's mail provider name them), the program's own name
/// (zaochka), the mail-authentication standards (DKIM, SPF, DMARC, DNS)
/// as the mail providers' settings name them, the Maildir folder `new/`
/// (new) as it is named on disk, the Xfcc protocol of desktop
/// correspondence programs and the best known of them (Scid), with the
/// command that asks for its password as it is written (`пароль xfcc`), and the
/// letters a chess FEN is written in, quoted where a refusal says what a FEN
/// field must hold (KQRBNP, kqrbnp, KQkq, w, b), and the letters of a
/// draughts FEN (W, B: the side to move and the lists; K: a king). Square names (`e4`, `c3`,
/// `j10`) are allowed by their shape in [`is_square`].
const LATIN_IN_RUSSIAN: &[&str] = &[
    "PDN", "FEN", "PGN", "IANA", "Europe", "Moscow", "JSON", "e-mail", "ICCF", "LSS", "SMTP",
    "EHLO", "STARTTLS", "AUTH", "MAIL", "FROM", "RCPT", "TO", "DATA", "zaochka", "DKIM", "SPF",
    "DMARC", "DNS", "new", "KQRBNP", "kqrbnp", "KQkq", "w", "b", "W", "B", "K", "Xfcc", "xfcc",
    "Scid",
];

/// Messages whose languages read different variables, each with why.
const VARIABLES_DIFFER: &[(&str, &str)] = &[
    (
        "clock-control-syntax",
        "the English names what the reader expected ($reason, English only); \
         the Russian gives examples of a time control instead",
    ),
    (
        "start-refusal-opening-unread",
        "the English quotes the opening reader's own error ($why, English only); \
         the Russian says the text is not a record of moves",
    ),
    (
        "refusal-corrupt-game",
        "the English names the replay's error ($why); the Russian says the referee is told",
    ),
    (
        "refusal-database",
        "the English names the database's error ($why); the Russian asks to try later",
    ),
    (
        "setup-illegal-resting-in-check",
        "the Russian says «the other side» where the English names it ($other)",
    ),
    (
        "director-digest-adjudications",
        "the English gives the command with the name quoted for a shell ($quoted); \
         the Russian names the tournament in «» ($tournament) and gives the mail command",
    ),
    (
        "director-digest-withdrawals",
        "the English gives the command with the name quoted for a shell ($quoted); \
         the Russian names the tournament in «» ($tournament)",
    ),
    (
        "director-digest-finished",
        "the English gives the command with the name quoted for a shell ($quoted); \
         the Russian names the tournament in «» ($tournament)",
    ),
];

/// A square's name on a board of up to 10 files: `a1` to `j10`.
fn is_square(word: &str) -> bool {
    let mut chars = word.chars();
    matches!(chars.next(), Some('a'..='j')) && matches!(chars.as_str().parse::<u8>(), Ok(1..=10))
}

/// The message ids of a catalog with the variables each one reads.
fn messages(source: &'static str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = FluentResource::try_new(source.to_owned())
        .unwrap_or_else(|(_, errors)| panic!("the catalog does not parse: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.entries() {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            assert!(
                m.value.is_some(),
                "message {} has no value (attributes alone are not read)",
                m.id.name
            );
            out.insert(m.id.name.to_owned(), vars);
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
            for a in &arguments.named {
                inline_vars(&a.value, vars);
            }
        }
        ast::InlineExpression::StringLiteral { .. }
        | ast::InlineExpression::NumberLiteral { .. }
        | ast::InlineExpression::MessageReference { .. } => {}
        ast::InlineExpression::TermReference { arguments, .. } => {
            for a in arguments.iter().flat_map(|a| &a.positional) {
                inline_vars(a, vars);
            }
        }
    }
}

fn catalogs() -> [(Language, BTreeMap<String, BTreeSet<String>>); 2] {
    [
        (Language::En, messages(EN_FTL)),
        (Language::Ru, messages(RU_FTL)),
    ]
}

/// The variables of a message in either language (their union), so a
/// language that leaves one out still renders with every argument given.
fn all_vars(id: &str) -> BTreeSet<String> {
    let [(_, en), (_, ru)] = catalogs();
    en.get(id)
        .into_iter()
        .chain(ru.get(id))
        .flatten()
        .cloned()
        .collect()
}

#[test]
fn both_catalogs_hold_the_same_ids_with_the_same_variables() {
    let [(_, en), (_, ru)] = catalogs();
    let only_en: Vec<_> = en.keys().filter(|id| !ru.contains_key(*id)).collect();
    let only_ru: Vec<_> = ru.keys().filter(|id| !en.contains_key(*id)).collect();
    assert!(only_en.is_empty(), "ids missing from ru.ftl: {only_en:?}");
    assert!(only_ru.is_empty(), "ids missing from en.ftl: {only_ru:?}");
    let differ: Vec<_> = en
        .iter()
        .filter(|(id, vars)| ru[*id] != **vars)
        .filter(|(id, _)| !VARIABLES_DIFFER.iter().any(|(d, _)| d == id))
        .map(|(id, vars)| format!("{id}: en {vars:?}, ru {:?}", ru[id]))
        .collect();
    assert!(differ.is_empty(), "variables differ: {differ:#?}");
    assert!(en.len() > 20, "the catalogs hold {} messages", en.len());
}

/// The Latin words of a text that are neither allowed terms nor squares.
/// Text in backquotes and a line that starts with `zaochka ` are commands
/// the reader types, and a word in square brackets is a section of the
/// configuration file: all are left out.
fn latin_words(text: &str) -> Vec<String> {
    let prose: String = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("zaochka "))
        .collect::<Vec<_>>()
        .join("\n");
    let prose: String = prose.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let prose: String = prose
        .split('[')
        .map(|part| match part.split_once(']') {
            Some((inside, rest))
                if inside
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-') =>
            {
                rest
            }
            _ => part,
        })
        .collect::<Vec<_>>()
        .join(" ");
    prose
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '/'))
        .flat_map(|w| w.split('/'))
        .map(|w| w.trim_matches('-'))
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|w| !LATIN_IN_RUSSIAN.contains(w) && !is_square(w))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_message_renders_in_every_language_without_debug_text() {
    // Counts that reach each Russian plural form and its exceptions.
    let counts = [
        0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 100, 101, 111, 1000, 12345,
    ];
    let mut faults = Vec::new();
    for (lang, catalog) in catalogs() {
        let sample = match lang {
            Language::En => "sample",
            Language::Ru => "образец",
        };
        for id in catalog.keys() {
            let vars = all_vars(id);
            let mut renders = Vec::new();
            for &n in &counts {
                let args: Vec<(&str, Arg<'_>)> =
                    vars.iter().map(|v| (v.as_str(), Arg::Count(n))).collect();
                renders.push(try_text(lang, id, &args));
            }
            let args: Vec<(&str, Arg<'_>)> =
                vars.iter().map(|v| (v.as_str(), sample.into())).collect();
            renders.push(try_text(lang, id, &args));
            for r in renders {
                let text = match r {
                    Ok(t) => t,
                    Err(e) => {
                        faults.push(e);
                        continue;
                    }
                };
                for debug in ["{", "}", "::", "Some(", "None", "\u{2068}", "\u{2069}"] {
                    if text.contains(debug) {
                        faults.push(format!("{id} ({}): {debug:?} in {text:?}", lang.code()));
                    }
                }
                if text.trim().is_empty() {
                    faults.push(format!("{id} ({}): empty", lang.code()));
                }
                if lang == Language::Ru && !faults.iter().any(|f| f.starts_with(id.as_str())) {
                    let latin = latin_words(&text);
                    if !latin.is_empty() {
                        faults.push(format!("{id} (ru): Latin words {latin:?} in {text:?}"));
                    }
                }
            }
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

#[test]
fn russian_counts_take_the_cldr_plural_forms() {
    let forms: Vec<String> = [0u64, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1000]
        .iter()
        .map(|&n| days_per_move(Language::Ru, n))
        .collect();
    assert_eq!(
        forms,
        [
            "0 дней на ход",
            "1 день на ход",
            "2 дня на ход",
            "4 дня на ход",
            "5 дней на ход",
            "11 дней на ход",
            "12 дней на ход",
            "14 дней на ход",
            "21 день на ход",
            "22 дня на ход",
            "25 дней на ход",
            "101 день на ход",
            "111 дней на ход",
            "1000 дней на ход"
        ]
    );
    let en: Vec<String> = [0u64, 1, 2, 12345]
        .iter()
        .map(|&n| days_per_move(Language::En, n))
        .collect();
    assert_eq!(
        en,
        [
            "0 days per move",
            "1 day per move",
            "2 days per move",
            "12345 days per move"
        ]
    );
}

fn days_per_move(lang: Language, n: u64) -> String {
    try_text(lang, "clock-days-per-move", &[("days", Arg::Count(n))]).expect("a message")
}

#[test]
fn a_missing_id_or_variable_is_an_error_not_a_text() {
    assert!(try_text(Language::Ru, "no-such-message", &[]).is_err());
    assert!(try_text(Language::En, "clock-days-per-move", &[]).is_err());
}

fn rust_sources(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).expect("src/words") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("catalog/tests.rs")
        {
            out.push_str(&std::fs::read_to_string(&path).expect("a source file"));
        }
    }
}

#[test]
fn every_message_id_is_asked_for_by_the_code() {
    let mut code = String::new();
    rust_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/words"),
        &mut code,
    );
    let [(_, en), _] = catalogs();
    let unused: Vec<_> = en
        .keys()
        .filter(|id| !code.contains(&format!("\"{id}\"")))
        .collect();
    assert!(
        unused.is_empty(),
        "ids no code in src/words asks for: {unused:?}"
    );
}

#[test]
fn the_russian_catalog_writes_a_game_number_with_the_number_sign_not_a_hash() {
    // `#` before a placeable (`#{ $game }`, `# { $n }`) in a Russian text;
    // a comment line (`# …`, `## …`) is not a text.
    let hash_before_a_number = |line: &str| {
        !line.trim_start().starts_with('#')
            && line
                .match_indices('#')
                .any(|(i, _)| line[i + 1..].trim_start().starts_with('{'))
    };
    let hashed: Vec<&str> = RU_FTL.lines().filter(|l| hash_before_a_number(l)).collect();
    assert!(hashed.is_empty(), "write №, not #: {hashed:#?}");
    // The check finds what it looks for, and passes № and comments.
    assert!(hash_before_a_number("x = Партия #{ $game }: часы"));
    assert!(hash_before_a_number("    в партии # { $game }"));
    assert!(!hash_before_a_number("x = Партия №{ $game }: часы"));
    assert!(!hash_before_a_number("# { $game } in a comment"));
}
