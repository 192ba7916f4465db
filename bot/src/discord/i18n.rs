//! The text catalogue: `bot/i18n/en.ftl` and `bot/i18n/ru.ftl`, one per language, in
//! [Fluent](https://projectfluent.org/fluent/guide/), read by `fluent-bundle`: placeables,
//! selectors and the CLDR plural categories (English one/other, Russian one/few/many/other).
//! Every text a user reads comes from here (command descriptions included, see
//! [`super::commands::localise`]).
//!
//! **Units.** Every unit has a term in each catalogue (`-kind-cr` for an Admiral kind,
//! `-piece-ma` for a Stratego piece, `-any-unit` for a unit the reader does not know) whose value
//! is its name and whose attributes hold its grammar: in Russian `.gender`, `.animacy`, the
//! accusative `.acc` and the forms after a number `.few` and `.many`; in English the form after
//! a number `.other`. Fluent cannot reference a term through a variable, so the code passes a
//! unit as a [`UnitName`]: `tr!(l, "ev-sunk", unit = UnitName::Admiral(kind), …)` sets `$unit`,
//! `$unit-gender`, `$unit-acc`, … (one variable per attribute) and the message selects on them:
//! `{ $unit-gender -> [feminine] потоплена … *[masculine] потоплен } …`.
//!
//! **Numbers** reach the messages as Fluent numbers, so plural selectors work: integers print as
//! they are (`#1234`), [`Grouped`] ones with the language's thousands separator (`18,500`).
//!
//! **Failures** never panic: a text that fails to format (an unknown message, a missing
//! variable) is logged and falls back to English, then (see [`format()`]) to the text with its
//! gaps, then to its key.
//!
//! Tests (in `i18n/tests.rs`) check that both catalogues have the same messages and variables,
//! that every call passes its message's variables, that every message renders, that every
//! message naming a unit renders and agrees for every unit, that every counted message takes the
//! right plural forms, and that every key used in the code exists.

use std::collections::HashMap;
use std::sync::OnceLock;

use admiral_engine::stratego::Rank;
use admiral_engine::{Language, Side, Square, UnitKind};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentError, FluentResource, FluentValue};
use fluent_syntax::ast;

const EN: &str = include_str!("../../i18n/en.ftl");
const RU: &str = include_str!("../../i18n/ru.ftl");

/// One language's catalogue: the Fluent bundle and the unit terms' texts.
struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    terms: HashMap<String, Term>,
}

/// A term's value and attributes (name, text), read once when the catalogue loads.
#[derive(Debug)]
struct Term {
    value: String,
    attributes: Vec<(String, String)>,
}

/// A term no catalogue has: an empty name and no grammar, so the messages naming it fail to
/// format and fall back (and log).
static MISSING_TERM: Term = Term { value: String::new(), attributes: Vec::new() };

fn source(lang: Language) -> &'static str {
    match lang {
        Language::En => EN,
        Language::Ru => RU,
    }
}

fn catalogue(lang: Language) -> &'static Catalogue {
    static CATALOGUES: OnceLock<[Catalogue; 2]> = OnceLock::new();
    let [en, ru] = CATALOGUES.get_or_init(|| [load(Language::En), load(Language::Ru)]);
    match lang {
        Language::En => en,
        Language::Ru => ru,
    }
}

/// Parses a catalogue into a bundle (bidi isolation off: Discord shows the marks as junk),
/// logging what does not parse.
fn load(lang: Language) -> Catalogue {
    let resource = FluentResource::try_new(source(lang).to_string()).unwrap_or_else(|(resource, errors)| {
        for e in errors {
            tracing::error!(?lang, error = %e, at = ?e.pos, "catalogue syntax error");
        }
        resource
    });
    let terms = resource
        .entries()
        .filter_map(|entry| match entry {
            ast::Entry::Term(term) => Some((term.id.name.to_string(), read_term(term, lang))),
            _ => None,
        })
        .collect();
    let language = match lang {
        Language::En => "en",
        Language::Ru => "ru",
    };
    let mut bundle = FluentBundle::new_concurrent(vec![language.parse().unwrap_or_default()]);
    bundle.set_use_isolating(false);
    match lang {
        Language::En => bundle.set_formatter(Some(format_number_en)),
        Language::Ru => bundle.set_formatter(Some(format_number_ru)),
    }
    if let Err(errors) = bundle.add_resource(resource) {
        for e in errors {
            tracing::error!(?lang, error = %e, "catalogue entry rejected");
        }
    }
    Catalogue { bundle, terms }
}

fn read_term(term: &ast::Term<&str>, lang: Language) -> Term {
    let text = |pattern: &ast::Pattern<&str>, name: &str| {
        plain_text(pattern).unwrap_or_else(|| {
            tracing::error!(?lang, term = term.id.name, name, "a unit term holds more than plain text");
            String::new()
        })
    };
    Term {
        value: text(&term.value, "value"),
        attributes: term
            .attributes
            .iter()
            .map(|a| (a.id.name.to_string(), text(&a.value, a.id.name)))
            .collect(),
    }
}

/// The text of a pattern made of text and string literals only (what a unit's forms are).
fn plain_text(pattern: &ast::Pattern<&str>) -> Option<String> {
    pattern
        .elements
        .iter()
        .map(|e| match e {
            ast::PatternElement::TextElement { value } => Some(*value),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }),
            } => Some(*value),
            _ => None,
        })
        .collect()
}

/// Why a text could not be formatted.
#[derive(Debug)]
enum Failure {
    /// The language has no such message (or it has no value).
    Unknown,
    /// The message is there but did not format cleanly (e.g. a variable is missing): the errors,
    /// and the text as Fluent wrote it anyway (a missing variable shows as `{$name}`).
    Errors(Vec<FluentError>, String),
}

/// Formats a message in one language, without fallback.
fn render(lang: Language, key: &str, args: &[(&str, &dyn MessageArg)]) -> Result<String, Failure> {
    let bundle = &catalogue(lang).bundle;
    let pattern = bundle.get_message(key).and_then(|m| m.value()).ok_or(Failure::Unknown)?;
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        value.add_to(name, lang, &mut fluent_args);
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(Failure::Errors(errors, text.into_owned()))
    }
}

fn log_failure(lang: Language, key: &str, failure: &Failure) {
    match failure {
        Failure::Unknown => tracing::warn!(?lang, key, "no such text in the catalogue"),
        Failure::Errors(errors, _) => {
            let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
            tracing::warn!(?lang, key, ?errors, "a text did not format");
        }
    }
}

/// The text of a key with its variables filled (what `tr!` calls), logging every failure:
/// the reader's language, else English; if neither formats cleanly, the reader's text with the
/// gaps Fluent leaves (`{$name}` for a missing variable), else the English one; the key itself
/// if no language has the message.
pub fn format(lang: Language, key: &str, args: &[(&str, &dyn MessageArg)]) -> String {
    let mut languages = vec![lang];
    if lang != Language::En {
        languages.push(Language::En);
    }
    let mut with_gaps = None;
    for l in languages {
        match render(l, key, args) {
            Ok(text) => return text,
            Err(failure) => {
                log_failure(l, key, &failure);
                if let Failure::Errors(_, text) = failure {
                    with_gaps.get_or_insert(text);
                }
            }
        }
    }
    with_gaps.unwrap_or_else(|| key.to_string())
}

/// The text of a key, if the language has it (no variables, no fallback).
pub fn lookup(lang: Language, key: &str) -> Option<String> {
    match render(lang, key, &[]) {
        Ok(text) => Some(text),
        Err(Failure::Unknown) => None,
        Err(failure) => {
            log_failure(lang, key, &failure);
            None
        }
    }
}

/// The text of a key without variables (falling back as [`format()`] does: a message that has
/// variables comes with them unfilled).
pub fn t(lang: Language, key: &str) -> String {
    format(lang, key, &[])
}

/// The text of a key with its variables filled from Fluent values (text or numbers).
pub fn f(lang: Language, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let values: Vec<PlainValue> = args.iter().map(|(_, v)| PlainValue::of(v)).collect();
    let args: Vec<(&str, &dyn MessageArg)> =
        args.iter().zip(&values).map(|((n, _), v)| (*n, v as &dyn MessageArg)).collect();
    format(lang, key, &args)
}

/// A Fluent value as a variable holds it: text or a number (a [`FluentValue`] itself may hold
/// values that cannot be shared across threads, which every [`MessageArg`] can).
enum PlainValue {
    Text(String),
    Number(FluentNumber),
}

impl PlainValue {
    fn of(value: &FluentValue) -> PlainValue {
        match value {
            FluentValue::Number(n) => PlainValue::Number(n.clone()),
            FluentValue::String(s) => PlainValue::Text(s.to_string()),
            FluentValue::Custom(_) | FluentValue::None | FluentValue::Error => {
                PlainValue::Text(String::new())
            }
        }
    }
}

impl MessageArg for PlainValue {
    fn add_to<'a>(&'a self, name: &str, _: Language, args: &mut FluentArgs<'a>) {
        match self {
            PlainValue::Text(text) => args.set(name.to_string(), text.as_str()),
            PlainValue::Number(n) => args.set(name.to_string(), n.clone()),
        }
    }
}

/// An award's name.
pub fn award_name(key: &str, lang: Language) -> String {
    t(lang, &format!("award-{key}"))
}

/// Looks a text up: `tr!(lang, "key")` or `tr!(lang, "key", name = value, …)`, each value a
/// [`MessageArg`] (text, a number, a [`UnitName`], an [`Owner`], …).
macro_rules! tr {
    ($l:expr, $k:expr) => {
        $crate::discord::i18n::t($l, $k)
    };
    ($l:expr, $k:expr, $($n:ident = $v:expr),+ $(,)?) => {
        $crate::discord::i18n::format(
            $l,
            $k,
            &[$((stringify!($n), &$v as &dyn $crate::discord::i18n::MessageArg)),+],
        )
    };
}
pub(crate) use tr;

/// A value a message takes as a variable: text, a number (a Fluent number, so plural selectors
/// work), or a value that sets several variables (a [`UnitName`]). `Sync`, so that the values
/// of a `tr!` may live across an `.await` in the statement that formats them.
pub trait MessageArg: Sync {
    /// Adds the value to `args` as the variable `name` (and the variables derived from it), for
    /// a text in `lang`.
    fn add_to<'a>(&'a self, name: &str, lang: Language, args: &mut FluentArgs<'a>);
}

impl<T: MessageArg + ?Sized> MessageArg for &T {
    fn add_to<'a>(&'a self, name: &str, lang: Language, args: &mut FluentArgs<'a>) {
        (**self).add_to(name, lang, args)
    }
}

impl MessageArg for str {
    fn add_to<'a>(&'a self, name: &str, _: Language, args: &mut FluentArgs<'a>) {
        args.set(name.to_string(), self);
    }
}

impl MessageArg for String {
    fn add_to<'a>(&'a self, name: &str, lang: Language, args: &mut FluentArgs<'a>) {
        self.as_str().add_to(name, lang, args)
    }
}

impl MessageArg for Square {
    fn add_to<'a>(&'a self, name: &str, _: Language, args: &mut FluentArgs<'a>) {
        args.set(name.to_string(), self.to_string());
    }
}

/// A Fluent number; `grouped` asks for thousands separators (see [`Grouped`]).
fn number(value: f64, grouped: bool) -> FluentValue<'static> {
    FluentValue::Number(FluentNumber::new(
        value,
        FluentNumberOptions { use_grouping: grouped, ..FluentNumberOptions::default() },
    ))
}

macro_rules! integer_args {
    ($($t:ty),+) => {$(
        impl MessageArg for $t {
            fn add_to<'a>(&'a self, name: &str, _: Language, args: &mut FluentArgs<'a>) {
                args.set(name.to_string(), number(*self as f64, false));
            }
        }
    )+};
}
integer_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

/// A count shown with the language's thousands separator (`18,500`, `18 500`); to plural
/// selectors it is the number it shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Grouped(pub u64);

impl MessageArg for Grouped {
    fn add_to<'a>(&'a self, name: &str, _: Language, args: &mut FluentArgs<'a>) {
        args.set(name.to_string(), number(self.0 as f64, true));
    }
}

/// A number with the language's thousands separator (`1,240` / `1 240`, a no-break space).
pub fn thousands(n: u64, l: Language) -> String {
    let digits = n.to_string();
    let sep = if l == Language::Ru { '\u{a0}' } else { ',' };
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// How the catalogue writes a value: whole numbers that ask for grouping with [`thousands`];
/// `None` leaves everything else to Fluent.
fn format_number(value: &FluentValue, lang: Language) -> Option<String> {
    match value {
        FluentValue::Number(n) if n.options.use_grouping && n.value >= 0.0 && n.value.fract() == 0.0 => {
            Some(thousands(n.value as u64, lang))
        }
        _ => None,
    }
}

fn format_number_en<M>(value: &FluentValue, _: &M) -> Option<String> {
    format_number(value, Language::En)
}

fn format_number_ru<M>(value: &FluentValue, _: &M) -> Option<String> {
    format_number(value, Language::Ru)
}

/// Whose unit acts in a text, from the reader's seat. Messages select on it (`own`, `enemy`)
/// so that "your"/"enemy" agrees with the unit it describes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The reader's own unit.
    Own,
    /// The opponent's unit.
    Enemy,
}

impl Owner {
    /// The owner of `side`'s units as `viewer` sees them.
    pub fn of(side: Side, viewer: Side) -> Owner {
        if side == viewer {
            Owner::Own
        } else {
            Owner::Enemy
        }
    }

    /// The variant key the messages select on.
    pub fn key(self) -> &'static str {
        match self {
            Owner::Own => "own",
            Owner::Enemy => "enemy",
        }
    }
}

impl MessageArg for Owner {
    fn add_to<'a>(&'a self, name: &str, _: Language, args: &mut FluentArgs<'a>) {
        args.set(name.to_string(), self.key());
    }
}

/// A unit named in a text: an Admiral unit kind, a Stratego piece, or a unit the reader does
/// not know. Passed to a message as `role = UnitName::…` it sets `$role` (the unit's name, the
/// value of its term), `$role-<attribute>` for each attribute of the term (`$role-gender`,
/// `$role-acc`, …) and `$role-code` (what the unit's token shows: its code, a piece's number).
///
/// The catalogue's name of every Admiral kind and Stratego piece equals the engine's `name()`
/// in both languages (tested): the bot's texts take names from the catalogue, the pictures
/// (drawn by admiral-render) and the engine's own texts from the engine, and they agree.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnitName {
    /// An Admiral unit kind (term `-kind-<code>`).
    Admiral(UnitKind),
    /// A Stratego piece (term `-piece-<code>`).
    Stratego(Rank),
    /// A unit whose kind the reader does not know (term `-any-unit`).
    Unknown,
}

impl UnitName {
    /// Every unit the catalogues name: the Admiral kinds, the Stratego pieces, the unknown unit.
    pub fn all() -> impl Iterator<Item = UnitName> {
        UnitKind::ALL
            .into_iter()
            .map(UnitName::Admiral)
            .chain(Rank::ALL.into_iter().map(UnitName::Stratego))
            .chain([UnitName::Unknown])
    }

    /// The id of the unit's term, without the leading `-` (`kind-cr`, `piece-ma`, `any-unit`).
    pub fn term_id(self) -> String {
        match self {
            UnitName::Admiral(k) => format!("kind-{}", k.code_en().to_lowercase()),
            UnitName::Stratego(r) => format!("piece-{}", r.code_en().to_lowercase()),
            UnitName::Unknown => "any-unit".to_string(),
        }
    }

    /// The unit's name in `lang` ("подводная лодка").
    pub fn name(self, lang: Language) -> String {
        self.term(lang).value.clone()
    }

    /// What the unit's token shows: an Admiral code (`CR`, `КР`), a Stratego piece's number
    /// (`10`) or, for the bomb and the flag, its code (`BO`); `?` for an unknown unit.
    pub fn code(self, lang: Language) -> String {
        match self {
            UnitName::Admiral(k) => k.code(lang).to_string(),
            UnitName::Stratego(r) => r.number().map_or_else(|| r.code(lang).to_string(), |n| n.to_string()),
            UnitName::Unknown => "?".to_string(),
        }
    }

    /// The unit's term in `lang` (the English one if `lang` lacks it, logged).
    fn term(self, lang: Language) -> &'static Term {
        let id = self.term_id();
        catalogue(lang).terms.get(&id).unwrap_or_else(|| {
            tracing::warn!(?lang, term = id, "no such unit term in the catalogue");
            catalogue(Language::En).terms.get(&id).unwrap_or(&MISSING_TERM)
        })
    }
}

impl MessageArg for UnitName {
    fn add_to<'a>(&'a self, name: &str, lang: Language, args: &mut FluentArgs<'a>) {
        let term = self.term(lang);
        args.set(name.to_string(), term.value.as_str());
        for (attribute, text) in &term.attributes {
            args.set(format!("{name}-{attribute}"), text.as_str());
        }
        args.set(format!("{name}-code"), self.code(lang));
    }
}

#[cfg(test)]
mod tests;
