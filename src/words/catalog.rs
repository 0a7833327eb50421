//! The message catalogs: every sentence moved out of Rust code lives in
//! `catalog/en.ftl` and `catalog/ru.ftl` (Project Fluent syntax), one message
//! id per sentence, the same ids and the same variables in both files.
//!
//! A caller words a typed value by mapping it to a message id and its
//! arguments (one exhaustive `match` per enum, next to the enum's wording),
//! then calls [`text`]. Each language has one bundle, parsed once on first use.
//! Placeables are not wrapped in Unicode isolation marks (U+2068/U+2069): the
//! mails are plain left-to-right text.
//!
//! Arguments are [`Arg::Text`] (inserted as written: dates, moves, names and
//! numbers that need no plural) or [`Arg::Count`] (a whole number that selects
//! a plural form: `{ $n -> [one] день [few] дня *[many] дней }`, by the CLDR
//! plural rules of the bundle's language; written in plain digits, without
//! grouping or decimals).
//!
//! A missing id or a formatting error is a bug: the render-all tests in
//! `catalog/tests.rs` catch both; at run time a debug build panics and a
//! release build falls back to English, then to an empty line, never to
//! Fluent's own error text.

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::vocabulary::Language;

/// The English catalog, as written.
pub(crate) const EN_FTL: &str = include_str!("catalog/en.ftl");
/// The Russian catalog, as written.
pub(crate) const RU_FTL: &str = include_str!("catalog/ru.ftl");

/// One argument of a message.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    /// Text inserted as it is.
    Text(Cow<'a, str>),
    /// A whole number that selects a plural form and is written in digits.
    Count(u64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(s.as_str()))
    }
}

impl<'a> From<Cow<'a, str>> for Arg<'a> {
    fn from(s: Cow<'a, str>) -> Arg<'a> {
        Arg::Text(s)
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(Cow::Owned(s))
    }
}

impl From<u64> for Arg<'_> {
    fn from(n: u64) -> Self {
        Arg::Count(n)
    }
}

impl From<u32> for Arg<'_> {
    fn from(n: u32) -> Self {
        Arg::Count(u64::from(n))
    }
}

impl From<u16> for Arg<'_> {
    fn from(n: u16) -> Self {
        Arg::Count(u64::from(n))
    }
}

impl From<u8> for Arg<'_> {
    fn from(n: u8) -> Self {
        Arg::Count(u64::from(n))
    }
}

impl From<usize> for Arg<'_> {
    fn from(n: usize) -> Self {
        Arg::Count(n as u64)
    }
}

/// A message id with its arguments: what an exhaustive mapping from a typed
/// value returns, rendered by [`Message::render`].
#[derive(Debug, Clone, PartialEq)]
pub struct Message<'a> {
    /// The id in the catalogs.
    pub id: &'static str,
    /// The arguments by variable name (without the `$`).
    pub args: Vec<(&'static str, Arg<'a>)>,
}

impl<'a> Message<'a> {
    /// A message without arguments.
    #[must_use]
    pub fn new(id: &'static str) -> Message<'a> {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg<'a>>) -> Message<'a> {
        self.args.push((name, value.into()));
        self
    }

    /// The message in a language.
    #[must_use]
    pub fn render(&self, lang: Language) -> String {
        text(lang, self.id, &self.args)
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundle(tag: &str, source: &'static str) -> Bundle {
    let lang: LanguageIdentifier = tag.parse().expect("a language tag");
    let mut bundle = FluentBundle::new_concurrent(vec![lang]);
    bundle.set_use_isolating(false);
    let resource = FluentResource::try_new(source.to_owned())
        .unwrap_or_else(|(_, errors)| panic!("catalog {tag}.ftl does not parse: {errors:?}"));
    bundle
        .add_resource(resource)
        .unwrap_or_else(|errors| panic!("catalog {tag}.ftl repeats an id: {errors:?}"));
    bundle
}

static EN: LazyLock<Bundle> = LazyLock::new(|| bundle("en", EN_FTL));
static RU: LazyLock<Bundle> = LazyLock::new(|| bundle("ru", RU_FTL));

fn bundle_of(lang: Language) -> &'static Bundle {
    match lang {
        Language::En => &EN,
        Language::Ru => &RU,
    }
}

/// The message `id` in `lang` with its arguments. A missing id or a
/// formatting error panics in a debug build; a release build answers the
/// English message instead, or an empty string when English fails too.
#[must_use]
pub fn text(lang: Language, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    match try_text(lang, id, args) {
        Ok(s) => s,
        Err(e) => {
            debug_assert!(false, "{e}");
            if lang == Language::En {
                String::new()
            } else {
                try_text(Language::En, id, args).unwrap_or_default()
            }
        }
    }
}

/// The message `id` in `lang`, or why it cannot be rendered (a missing id or
/// value, Fluent's errors): for the tests and for [`text`].
pub(crate) fn try_text(
    lang: Language,
    id: &str,
    args: &[(&str, Arg<'_>)],
) -> Result<String, String> {
    let bundle = bundle_of(lang);
    let pattern = bundle
        .get_message(id)
        .and_then(|m| m.value())
        .ok_or_else(|| format!("no message {id} in {}.ftl", lang.code()))?;
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        match value {
            Arg::Text(s) => fluent_args.set(*name, FluentValue::from(s.as_ref())),
            // Counts stay far below 2^53: the f64 inside FluentNumber is exact.
            #[allow(clippy::cast_precision_loss)]
            Arg::Count(n) => fluent_args.set(*name, FluentValue::from(*n as f64)),
        }
    }
    let mut errors = Vec::new();
    let out = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if errors.is_empty() {
        Ok(out.into_owned())
    } else {
        Err(format!("message {id} in {}.ftl: {errors:?}", lang.code()))
    }
}

#[cfg(test)]
mod tests;
