//! The catalogue's checks: both languages have the same messages and variables, every key used
//! in the code exists, every message renders, and every counted message takes the right plural
//! forms.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use super::*;

const LANGUAGES: [Language; 2] = [Language::En, Language::Ru];

/// A catalogue's syntax tree; a syntax error fails the test.
fn syntax(lang: Language) -> ast::Resource<&'static str> {
    fluent_syntax::parser::parse(source(lang)).unwrap_or_else(|(_, errors)| panic!("{lang:?}: {errors:?}"))
}

fn messages<'r>(
    res: &'r ast::Resource<&'static str>,
) -> BTreeMap<&'static str, &'r ast::Message<&'static str>> {
    res.body
        .iter()
        .filter_map(|e| match e {
            ast::Entry::Message(m) => Some((m.id.name, m)),
            _ => None,
        })
        .collect()
}

/// The variables of a message: those printed, and those selected on with their variants'
/// identifier keys.
#[derive(Debug, Default)]
struct Variables {
    printed: BTreeSet<String>,
    selectors: BTreeMap<String, BTreeSet<String>>,
}

impl Variables {
    fn of(message: &ast::Message<&str>) -> Variables {
        let mut vars = Variables::default();
        if let Some(value) = &message.value {
            vars.pattern(value);
        }
        for a in &message.attributes {
            vars.pattern(&a.value);
        }
        vars
    }

    fn pattern(&mut self, pattern: &ast::Pattern<&str>) {
        for e in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = e {
                self.expression(expression);
            }
        }
    }

    fn expression(&mut self, expression: &ast::Expression<&str>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                match selector {
                    ast::InlineExpression::VariableReference { id } => {
                        let keys = self.selectors.entry(id.name.to_string()).or_default();
                        keys.extend(variants.iter().filter_map(|v| match v.key {
                            ast::VariantKey::Identifier { name } => Some(name.to_string()),
                            ast::VariantKey::NumberLiteral { .. } => None,
                        }));
                    }
                    other => self.inline(other),
                }
                for v in variants {
                    self.pattern(&v.value);
                }
            }
            ast::Expression::Inline(inline) => self.inline(inline),
        }
    }

    fn inline(&mut self, inline: &ast::InlineExpression<&str>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                self.printed.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => self.expression(expression),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in arguments.positional.iter().chain(arguments.named.iter().map(|n| &n.value)) {
                    self.inline(a);
                }
            }
            _ => {}
        }
    }

    /// Every variable, printed or selected on.
    fn all(&self) -> BTreeSet<&str> {
        self.printed.iter().chain(self.selectors.keys()).map(String::as_str).collect()
    }

    /// The variables selected on by CLDR plural category.
    fn plural(&self) -> BTreeSet<&str> {
        let categories = ["zero", "one", "two", "few", "many"];
        self.selectors
            .iter()
            .filter(|(_, keys)| keys.iter().any(|k| categories.contains(&k.as_str())))
            .map(|(v, _)| v.as_str())
            .collect()
    }
}

#[test]
fn both_catalogues_have_the_same_messages_and_variables() {
    let trees = LANGUAGES.map(syntax);
    for (lang, tree) in LANGUAGES.iter().zip(&trees) {
        // Messages and terms share one namespace in a bundle (a term's id without its `-`).
        let mut ids = BTreeSet::new();
        for e in &tree.body {
            if let ast::Entry::Message(ast::Message { id, .. }) | ast::Entry::Term(ast::Term { id, .. }) = e {
                assert!(ids.insert(id.name), "{lang:?}: `{}` is defined twice", id.name);
            }
        }
    }
    let [en, ru] = [messages(&trees[0]), messages(&trees[1])];
    let missing_ru: Vec<_> = en.keys().filter(|k| !ru.contains_key(*k)).collect();
    let missing_en: Vec<_> = ru.keys().filter(|k| !en.contains_key(*k)).collect();
    assert!(missing_ru.is_empty(), "missing in ru.ftl: {missing_ru:?}");
    assert!(missing_en.is_empty(), "missing in en.ftl: {missing_en:?}");
    for (key, e) in &en {
        let r = ru[key];
        for m in [e, &r] {
            assert!(m.value.as_ref().is_some_and(|v| !v.elements.is_empty()), "empty text for {key}");
        }
        let [ve, vr] = [Variables::of(e), Variables::of(r)];
        assert_eq!(ve.printed, vr.printed, "the variables of {key} differ");
        // A selector is on a variable both languages know.
        for (var, other) in ve.selectors.keys().map(|v| (v, &vr)).chain(vr.selectors.keys().map(|v| (v, &ve)))
        {
            let known = other.printed.contains(var) || other.selectors.contains_key(var);
            assert!(known, "{key} selects on ${var}, unknown to the other language");
        }
        if key.starts_with("cmd-") || key.starts_with("choice-") {
            for l in LANGUAGES {
                let text = lookup(l, key).unwrap();
                assert!(text.chars().count() <= 100, "{key} is longer than Discord allows in {l:?}");
            }
        }
    }
}

/// A `tr!` call in the sources: its file, its key (when a literal) and its `name = value`
/// arguments.
struct TrCall {
    file: String,
    key: Option<String>,
    args: Vec<(String, String)>,
}

/// The characters of Rust source outside string literals, each with the bracket depth it is at
/// (a closing bracket at the depth it closes to, so the one closing an outer call is at -1).
fn outside_strings(src: &str) -> impl Iterator<Item = (usize, char, i32)> + '_ {
    let (mut depth, mut in_string, mut escaped) = (0, false, false);
    src.char_indices().filter_map(move |(i, c)| {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            return None;
        }
        match c {
            '"' => {
                in_string = true;
                None
            }
            '(' | '[' | '{' => {
                depth += 1;
                Some((i, c, depth - 1))
            }
            ')' | ']' | '}' => {
                depth -= 1;
                Some((i, c, depth))
            }
            _ => Some((i, c, depth)),
        }
    })
}

/// Every `tr!(…)` call in the adapter's sources.
fn tr_calls() -> Vec<TrCall> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut files = vec![format!("{dir}/main.rs")];
    let mut stack = vec![format!("{dir}/discord")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p.display().to_string());
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p.display().to_string());
            }
        }
    }
    let needle = concat!("tr", "!(");
    let mut calls = Vec::new();
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        for (start, _) in src.match_indices(needle) {
            let rest = &src[start + needle.len()..];
            let Some((end, _, _)) = outside_strings(rest).find(|&(_, c, depth)| c == ')' && depth < 0) else {
                continue;
            };
            let body = &rest[..end];
            let mut parts = Vec::new();
            let mut from = 0;
            for (i, _, _) in outside_strings(body).filter(|&(_, c, depth)| c == ',' && depth == 0) {
                parts.push(body[from..i].trim());
                from = i + 1;
            }
            parts.push(body[from..].trim());
            let key = parts
                .get(1)
                .and_then(|k| k.strip_prefix('"'))
                .and_then(|k| k.split_once('"'))
                .map(|(k, _)| k.to_string());
            let args = parts
                .iter()
                .skip(2)
                .filter_map(|p| p.split_once('='))
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .collect();
            calls.push(TrCall { file: f.clone(), key, args });
        }
    }
    calls
}

/// Every `tr!(lang, "key"…)` in the adapter's sources names a key of the catalogue.
#[test]
fn every_key_used_in_the_code_exists() {
    let mut used: BTreeSet<String> = tr_calls().into_iter().filter_map(|c| c.key).collect();
    // Keys chosen at run time.
    used.extend(["challenge-sent", "challenge-sent-dm"].map(String::from));
    for a in crate::career::AWARDS {
        used.insert(format!("award-{}", a.key));
        used.insert(format!("award-counts-{}", a.key));
    }
    used.extend(["btn-prev", "btn-next"].map(String::from));
    assert!(used.len() > 150, "the scan found only {} keys", used.len());
    let missing: Vec<_> = used
        .iter()
        .filter(|k| {
            k.as_str() != "key" && (lookup(Language::En, k).is_none() || lookup(Language::Ru, k).is_none())
        })
        .collect();
    // `lookup` formats without variables: a message that has some is there all the same.
    let missing: Vec<_> = missing
        .into_iter()
        .filter(|k| LANGUAGES.iter().any(|l| catalogue(*l).bundle.get_message(k).is_none()))
        .collect();
    assert!(missing.is_empty(), "keys used in the code but missing in a catalogue: {missing:?}");
}

/// Every `tr!` call of the adapter passes its message's variables, by name.
#[test]
fn every_call_passes_the_variables_its_message_uses() {
    let trees = LANGUAGES.map(syntax);
    let mut checked = 0;
    for call in tr_calls() {
        // The examples and tests of this module pass odd values on purpose.
        let Some(key) = call.key.filter(|_| !call.file.contains("/i18n")) else { continue };
        let mut needed = BTreeSet::new();
        for tree in &trees {
            if let Some(m) = messages(tree).get(key.as_str()) {
                needed.extend(Variables::of(m).all().into_iter().map(String::from));
            }
        }
        let passed: BTreeSet<String> = call.args.iter().map(|(n, _)| n.clone()).collect();
        assert_eq!(passed, needed, "{key} in {}: the variables passed are not the message's", call.file);
        checked += 1;
    }
    assert!(checked > 150, "only {checked} calls checked");
}

#[test]
fn placeholders_are_filled() {
    assert_eq!(
        f(Language::En, "played", &[("id", "3".into()), ("action", "e3-e4".into())]),
        "Match #3: **e3-e4** played."
    );
    assert_eq!(tr!(Language::Ru, "played", id = 3, action = "e3-e4"), "Партия #3: сыграно **e3-e4**.");
    assert_eq!(t(Language::Ru, "no-such-key"), "no-such-key");
    assert!(t(Language::En, "challenge-issued").contains('\n'));
}

#[test]
fn numbers_print_plainly_or_grouped_and_nothing_is_isolated() {
    assert_eq!(tr!(Language::En, "played", id = 12345u64, action = "x"), "Match #12345: **x** played.");
    assert_eq!(
        tr!(Language::En, "leaderboard-you", place = 3, points = Grouped(18_500)),
        "Your place: **#3** (18,500 points)."
    );
    assert_eq!(
        tr!(Language::Ru, "leaderboard-you", place = 3, points = Grouped(18_500)),
        "Ваше место: **#3** (18\u{a0}500 очков)."
    );
    assert_eq!(tr!(Language::En, "vs", name = "Bob"), "vs Bob", "no bidi isolation marks");
}

#[test]
fn a_text_that_fails_falls_back_to_english_then_to_its_key() {
    // Variables missing in both languages: the reader's text with the gaps.
    assert_eq!(format(Language::Ru, "played", &[]), "Партия #{$id}: сыграно **{$action}**.");
    // A message no language has: the key.
    assert_eq!(format(Language::Ru, "no-such-key", &[("id", &3)]), "no-such-key");
    assert_eq!(lookup(Language::En, "no-such-key"), None);
}

/// A value for a variable when rendering a message for the tests.
#[derive(Clone, Debug)]
enum Specimen {
    Number(u64),
    Text(String),
}

impl Specimen {
    fn arg(&self) -> &dyn MessageArg {
        match self {
            Specimen::Number(n) => n,
            Specimen::Text(t) => t,
        }
    }
}

/// Every combination of values a message is rendered with: each variant key of a selector that
/// is not by plural category, `count` for one that is, a text for the rest.
fn specimens(key: &str, count: u64) -> Vec<Vec<(String, Specimen)>> {
    let mut fixed = Vec::new();
    let mut choices: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for tree in LANGUAGES.map(syntax) {
        let vars = Variables::of(messages(&tree)[key]);
        for var in vars.all() {
            let root = var.to_string();
            let specimen = if vars.plural().contains(var) {
                Specimen::Number(count)
            } else if let Some(keys) = vars.selectors.get(var) {
                choices.entry(root).or_default().extend(keys.iter().cloned());
                continue;
            } else {
                Specimen::Text("X".into())
            };
            fixed.push((root, specimen));
        }
    }
    let mut out = vec![fixed];
    for (var, keys) in choices {
        let mut next = Vec::new();
        for args in &out {
            for k in &keys {
                let mut args = args.clone();
                args.push((var.clone(), Specimen::Text(k.clone())));
                next.push(args);
            }
        }
        out = next;
    }
    out
}

/// Renders a message with no fallback; any formatting error or leftover brace fails the test.
fn render_ok(lang: Language, key: &str, args: &[(String, Specimen)]) -> String {
    let args: Vec<(&str, &dyn MessageArg)> = args.iter().map(|(n, s)| (n.as_str(), s.arg())).collect();
    let text = render(lang, key, &args).unwrap_or_else(|e| panic!("{key} in {lang:?}: {e:?}"));
    assert!(!text.contains(['{', '}']), "{key} in {lang:?}: {text}");
    text
}

#[test]
fn every_message_renders_in_both_languages() {
    for key in messages(&syntax(Language::En)).keys() {
        for args in specimens(key, 3) {
            for l in LANGUAGES {
                render_ok(l, key, &args);
            }
        }
    }
}

/// The whole-word places where `phrase` occurs in `text`.
fn occurrences<'t>(text: &'t str, phrase: &'t str) -> impl Iterator<Item = usize> + 't {
    text.match_indices(phrase).map(|(i, _)| i).filter(move |&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphabetic) && !after.is_some_and(char::is_alphabetic)
    })
}

/// The counted messages: the count's variable and the words after it in English (one, other)
/// and in Russian (one, few, many).
const COUNTED: [(&str, &str, [&str; 2], [&str; 3]); 11] = [
    ("plies", "n", ["ply", "plies"], ["полуход", "полухода", "полуходов"]),
    ("replay-head", "plies", ["ply", "plies"], ["полуход", "полухода", "полуходов"]),
    ("wins", "n", ["win", "wins"], ["победа", "победы", "побед"]),
    ("leaderboard-page", "total", ["player", "players"], ["игрок", "игрока", "игроков"]),
    ("leaderboard-row", "points", ["point", "points"], ["очко", "очка", "очков"]),
    ("leaderboard-you", "points", ["point", "points"], ["очко", "очка", "очков"]),
    ("profile-head", "points", ["point", "points"], ["очко", "очка", "очков"]),
    ("rank-top", "points", ["point", "points"], ["очко", "очка", "очков"]),
    ("rank-progress", "next", ["point", "points"], ["очко", "очка", "очков"]),
    // After «от», the genitive: от 1 очка, от 2 очков.
    ("ranks-points", "points", ["point", "points"], ["очка", "очков", "очков"]),
    (
        "unrated-limit",
        "limit",
        ["rated match", "rated matches"],
        ["рейтинговую партию", "рейтинговые партии", "рейтинговых партий"],
    ),
];

/// Counts and the index of their plural category: English (one, other), Russian (one, few,
/// many).
const COUNTS: [(u64, usize, usize); 6] =
    [(1, 0, 0), (2, 1, 1), (5, 1, 2), (11, 1, 2), (21, 1, 0), (22, 1, 1)];

fn assert_says(text: &str, n: u64, words: &str, what: &str) {
    let phrase = format!("{n} {words}");
    assert!(occurrences(text, &phrase).next().is_some(), "{what}: «{phrase}» not in «{text}»");
}

#[test]
fn every_counted_message_takes_the_plural_forms_of_its_count() {
    // Every message with a plural selector is checked here.
    let counted: BTreeSet<&str> = COUNTED.iter().map(|c| c.0).collect();
    for tree in LANGUAGES.map(syntax) {
        for (key, m) in messages(&tree) {
            if !Variables::of(m).plural().is_empty() {
                assert!(counted.contains(key), "{key} has a plural selector but no check");
            }
        }
    }
    for (key, var, en, ru) in COUNTED {
        for tree in LANGUAGES.map(syntax) {
            assert!(Variables::of(messages(&tree)[key]).plural().contains(var), "{key} selects on ${var}");
        }
        for (n, e, r) in COUNTS {
            for args in specimens(key, n) {
                assert_says(&render_ok(Language::En, key, &args), n, en[e], key);
                assert_says(&render_ok(Language::Ru, key, &args), n, ru[r], key);
            }
        }
    }
    assert_eq!(
        tr!(Language::Ru, "leaderboard-page", page = 1, pages = 2, total = 21),
        "страница 1 из 2 · 21 игрок"
    );
    assert_eq!(tr!(Language::En, "plies", n = 1), "1 ply");
}
