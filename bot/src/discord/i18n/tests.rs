//! The catalogue's checks: both languages have the same messages and variables, every key used
//! in the code exists, the unit terms carry the grammar the messages select on, every message
//! renders, every message naming a unit renders and agrees for every unit, and every counted
//! message takes the right plural forms.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use super::*;

const LANGUAGES: [Language; 2] = [Language::En, Language::Ru];

/// A catalogue's syntax tree; a syntax error fails the test.
fn syntax(lang: Language) -> ast::Resource<&'static str> {
    fluent_syntax::parser::parse(source(lang)).unwrap_or_else(|(_, errors)| panic!("{lang:?}: {errors:?}"))
}

/// No message or term is defined twice: a bundle keeps the first and drops the second with
/// only a log line, so a repeated key would silently show the wrong text.
#[test]
fn every_message_is_defined_once() {
    for lang in LANGUAGES {
        let mut seen = BTreeSet::new();
        for entry in &syntax(lang).body {
            let id = match entry {
                ast::Entry::Message(m) => m.id.name,
                ast::Entry::Term(t) => t.id.name,
                _ => continue,
            };
            assert!(seen.insert(id), "{lang:?}: `{id}` is defined twice");
        }
    }
}

/// The messages of a catalogue, by id.
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

/// The suffixes a unit's variables take (`$unit-gender`, `$unit-acc`, …): every attribute of a
/// term in either catalogue, and `code`.
fn unit_suffixes() -> BTreeSet<String> {
    LANGUAGES
        .iter()
        .flat_map(|l| catalogue(*l).terms.values())
        .flat_map(|t| t.attributes.iter().map(|(a, _)| a.clone()))
        .chain(["code".to_string()])
        .collect()
}

/// The variable a unit's variable belongs to (`attacker-gender` → `attacker`); any other
/// variable belongs to itself.
fn family(var: &str, suffixes: &BTreeSet<String>) -> String {
    match var.rsplit_once('-') {
        Some((root, suffix)) if suffixes.contains(suffix) => root.to_string(),
        _ => var.to_string(),
    }
}

#[test]
fn both_catalogues_have_the_same_messages_and_variables() {
    let suffixes = unit_suffixes();
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
        let printed =
            |v: &Variables| -> BTreeSet<String> { v.printed.iter().map(|p| family(p, &suffixes)).collect() };
        assert_eq!(printed(&ve), printed(&vr), "the variables of {key} differ");
        // A selector is on a variable both languages know, or on a unit's grammar.
        for (var, other) in ve.selectors.keys().map(|v| (v, &vr)).chain(vr.selectors.keys().map(|v| (v, &ve)))
        {
            let root = family(var, &suffixes);
            let known = root != *var || printed(other).contains(&root) || other.selectors.contains_key(var);
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

/// Every `tr!` call of the adapter passes its message's variables, by name (a unit's grammar
/// variables come with it), and a [`UnitName`] for each unit the message names.
#[test]
fn every_call_passes_the_variables_its_message_uses() {
    let suffixes = unit_suffixes();
    let trees = LANGUAGES.map(syntax);
    let mut checked = 0;
    for call in tr_calls() {
        // The examples and tests of this module pass odd values on purpose.
        let Some(key) = call.key.filter(|_| !call.file.contains("/i18n")) else { continue };
        let mut needed = BTreeSet::new();
        let mut units = BTreeSet::new();
        for tree in &trees {
            let Some(m) = messages(tree).get(key.as_str()).copied() else { continue };
            for var in Variables::of(m).all() {
                let root = family(var, &suffixes);
                if root != var {
                    units.insert(root.clone());
                }
                needed.insert(root);
            }
        }
        let passed: BTreeSet<String> = call.args.iter().map(|(n, _)| n.clone()).collect();
        assert_eq!(passed, needed, "{key} in {}: the variables passed are not the message's", call.file);
        for (name, value) in &call.args {
            if units.contains(name) {
                assert!(
                    value.contains("UnitName"),
                    "{key} in {}: `{name}` names a unit: pass a UnitName",
                    call.file
                );
            }
        }
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
    // Russian needs the unit's gender: without it, the English text.
    assert_eq!(tr!(Language::Ru, "own-unit", unit = "?"), "your ?");
    // Variables missing in both languages: the reader's text with the gaps.
    assert_eq!(format(Language::Ru, "played", &[]), "Партия #{$id}: сыграно **{$action}**.");
    // A message no language has: the key.
    assert_eq!(format(Language::Ru, "no-such-key", &[("id", &3)]), "no-such-key");
    assert_eq!(lookup(Language::En, "no-such-key"), None);
}

fn attribute<'t>(term: &'t Term, name: &str) -> Option<&'t str> {
    term.attributes.iter().find(|(a, _)| a == name).map(|(_, v)| v.as_str())
}

/// The units each message names, by the variable that names it: from the `tr!` calls that
/// pass a [`UnitName`], and from the catalogues (a variable with a unit's suffix).
fn unit_roles() -> BTreeMap<String, BTreeSet<String>> {
    let mut roles: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for call in tr_calls() {
        for (name, value) in &call.args {
            if let (Some(key), true) = (&call.key, value.contains("UnitName")) {
                roles.entry(key.clone()).or_default().insert(name.clone());
            }
        }
    }
    let suffixes = unit_suffixes();
    for tree in LANGUAGES.map(syntax) {
        for (key, m) in messages(&tree) {
            for var in Variables::of(m).all() {
                let root = family(var, &suffixes);
                if root != var {
                    roles.entry(key.to_string()).or_default().insert(root);
                }
            }
        }
    }
    roles
}

#[test]
fn unit_terms_carry_the_grammar_the_messages_need() {
    let expected: BTreeSet<String> = UnitName::all().map(UnitName::term_id).collect();
    let suffixes = unit_suffixes();
    let roles = unit_roles();
    for lang in LANGUAGES {
        let terms = &catalogue(lang).terms;
        assert_eq!(terms.keys().cloned().collect::<BTreeSet<_>>(), expected, "{lang:?}: one term per unit");
        // What the messages of this language read from a unit.
        let tree = syntax(lang);
        let mut needed = BTreeSet::new();
        for (key, m) in messages(&tree) {
            for var in Variables::of(m).all() {
                if let Some((role, attribute)) = var.rsplit_once('-') {
                    if roles.get(key).is_some_and(|r| r.contains(role)) && attribute != "code" {
                        needed.insert(attribute.to_string());
                    }
                }
            }
        }
        if lang == Language::Ru {
            assert!(needed.contains("gender") && needed.contains("acc"), "{needed:?}");
        }
        let first = &terms[&UnitName::Unknown.term_id()];
        let names = |t: &Term| t.attributes.iter().map(|(a, _)| a.clone()).collect::<BTreeSet<_>>();
        for (id, term) in terms {
            assert!(!term.value.is_empty(), "{lang:?}: -{id} has no name");
            assert_eq!(names(term), names(first), "{lang:?}: -{id} has other attributes than -any-unit");
            for a in &needed {
                assert!(attribute(term, a).is_some_and(|v| !v.is_empty()), "{lang:?}: -{id} lacks .{a}");
            }
            assert!(names(term).iter().all(|a| suffixes.contains(a)));
            if lang == Language::Ru {
                let gender = attribute(term, "gender").unwrap_or_default();
                assert!(["masculine", "feminine", "neuter"].contains(&gender), "-{id}: gender {gender}");
                let animacy = attribute(term, "animacy").unwrap_or_default();
                assert!(["animate", "inanimate"].contains(&animacy), "-{id}: animacy {animacy}");
            }
        }
        // Every term is plain text (what `read_term` reads).
        for e in &tree.body {
            if let ast::Entry::Term(t) = e {
                assert!(plain_text(&t.value).is_some(), "-{} is not plain text", t.id.name);
                assert!(t.attributes.iter().all(|a| plain_text(&a.value).is_some()), "-{}", t.id.name);
            }
        }
    }
}

/// The catalogue is the texts' source of unit names; its names equal the engine's (which the
/// pictures use).
#[test]
fn the_catalogue_names_units_as_the_engine_does() {
    for l in LANGUAGES {
        for k in UnitKind::ALL {
            assert_eq!(UnitName::Admiral(k).name(l), k.name(l), "{k:?} in {l:?}");
        }
        for r in Rank::ALL {
            assert_eq!(UnitName::Stratego(r).name(l), r.name(l), "{r:?} in {l:?}");
        }
    }
}

/// A value for a variable when rendering a message for the tests.
#[derive(Clone, Debug)]
enum Specimen {
    Unit(UnitName),
    Number(u64),
    Text(String),
}

impl Specimen {
    fn arg(&self) -> &dyn MessageArg {
        match self {
            Specimen::Unit(u) => u,
            Specimen::Number(n) => n,
            Specimen::Text(t) => t,
        }
    }
}

/// Every combination of values a message is rendered with: `unit` for each unit it names, each
/// variant key of a selector on anything else (e.g. `$owner`: own, enemy), `count` for a plural
/// selector, a text for the rest.
fn specimens(
    key: &str,
    roles: &BTreeSet<String>,
    unit: UnitName,
    count: u64,
) -> Vec<Vec<(String, Specimen)>> {
    let suffixes = unit_suffixes();
    let mut fixed = Vec::new();
    let mut choices: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for tree in LANGUAGES.map(syntax) {
        let vars = Variables::of(messages(&tree)[key]);
        for var in vars.all() {
            let root = family(var, &suffixes);
            let specimen = if roles.contains(&root) {
                Specimen::Unit(unit)
            } else if vars.plural().contains(var) {
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
    let roles = unit_roles();
    let none = BTreeSet::new();
    for key in messages(&syntax(Language::En)).keys() {
        for args in specimens(key, roles.get(*key).unwrap_or(&none), UnitName::Admiral(UnitKind::Cruiser), 3)
        {
            for l in LANGUAGES {
                render_ok(l, key, &args);
            }
        }
    }
}

/// Russian words that agree in gender with the unit they describe: masculine, feminine, neuter.
const AGREEING: [[&str; 3]; 8] = [
    ["ваш", "ваша", "ваше"],
    ["вражеский", "вражеская", "вражеское"],
    ["атакован", "атакована", "атаковано"],
    ["потерян", "потеряна", "потеряно"],
    ["потоплен", "потоплена", "потоплено"],
    ["взорвался", "взорвалась", "взорвалось"],
    ["атаковал", "атаковала", "атаковало"],
    ["один", "одна", "одно"],
];

/// The possessive and the adjective before a unit's name, by case and gender: nominative
/// (masculine, feminine, neuter), then accusative (masculine animate, masculine inanimate,
/// feminine, neuter).
const NOMINATIVE: [[&str; 3]; 2] = [["ваш", "ваша", "ваше"], ["вражеский", "вражеская", "вражеское"]];
const ACCUSATIVE: [[&str; 4]; 2] =
    [["вашего", "ваш", "вашу", "ваше"], ["вражеского", "вражеский", "вражескую", "вражеское"]];

/// The whole-word places where `phrase` occurs in `text`.
fn occurrences<'t>(text: &'t str, phrase: &'t str) -> impl Iterator<Item = usize> + 't {
    text.match_indices(phrase).map(|(i, _)| i).filter(move |&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphabetic) && !after.is_some_and(char::is_alphabetic)
    })
}

/// Checks that a Russian text about `unit` (every unit it names being `unit`) agrees with it:
/// every gendered word has the unit's gender, and the word before the unit's name is in the
/// case of that name (accusative before the accusative form).
fn assert_agrees(text: &str, unit: UnitName, key: &str) {
    let term = unit.term(Language::Ru);
    let gender = ["masculine", "feminine", "neuter"]
        .iter()
        .position(|g| Some(*g) == attribute(term, "gender"))
        .expect("a gender");
    let animate = attribute(term, "animacy") == Some("animate");
    let says = |what: &str| format!("{key} about «{}»: {what} in «{text}»", term.value);
    for word in text.split(|c: char| !c.is_alphabetic()) {
        for forms in AGREEING {
            if let Some(g) = forms.iter().position(|f| *f == word) {
                assert_eq!(g, gender, "{}", says(&format!("«{word}» does not agree")));
            }
        }
    }
    let accusative = attribute(term, "acc").expect("an accusative");
    let acc_index = match gender {
        0 if animate => 0,
        0 => 1,
        g => g + 1,
    };
    let adjectives: BTreeSet<&str> =
        NOMINATIVE.iter().flatten().chain(ACCUSATIVE.iter().flatten()).copied().collect();
    let cases = [
        (term.value.as_str(), NOMINATIVE.map(|forms| forms[gender])),
        (accusative, ACCUSATIVE.map(|forms| forms[acc_index])),
    ];
    for (form, expected) in cases {
        for i in occurrences(text, form) {
            let before = text[..i].trim_end().rsplit(|c: char| !c.is_alphabetic()).next().unwrap_or("");
            if adjectives.contains(before) && cases[0].0 != cases[1].0 {
                assert!(expected.contains(&before), "{}", says(&format!("«{before} {form}»")));
            }
        }
    }
    // "атаковал" takes the accusative (after its adjective, if any).
    for verb in AGREEING[6] {
        for i in occurrences(text, verb) {
            let object = text[i + verb.len()..].trim_start();
            let object = match object.split_once(' ') {
                Some((first, rest)) if adjectives.contains(first) => rest,
                _ => object,
            };
            assert!(
                object.starts_with(accusative),
                "{}",
                says(&format!("«{verb}» is not followed by «{accusative}»"))
            );
        }
    }
}

#[test]
fn every_message_naming_a_unit_renders_and_agrees_for_every_unit() {
    let roles = unit_roles();
    let suffixes = unit_suffixes();
    // The scan finds at least these.
    let some = ["own-unit", "enemy-known", "ev-struck", "ev-detonated", "ev-lost", "ev-sunk", "act-move"];
    let more = ["act-attack", "defence-requested", "stratego-attack-line", "unit-count", "unit-scale"];
    for key in some.into_iter().chain(more) {
        assert!(roles.contains_key(key), "{key} is not found naming a unit");
    }
    let trees = LANGUAGES.map(syntax);
    for (key, roles) in &roles {
        for unit in UnitName::all() {
            for args in specimens(key, roles, unit, 3) {
                for (lang, tree) in LANGUAGES.iter().zip(&trees) {
                    let text = render_ok(*lang, key, &args);
                    let term = unit.term(*lang);
                    // Where the message prints the unit (not only its grammar), its name shows.
                    let printed = Variables::of(messages(tree)[key.as_str()]).printed;
                    if printed.iter().any(|v| roles.contains(&family(v, &suffixes))) {
                        let forms = std::iter::once(term.value.as_str())
                            .chain(term.attributes.iter().map(|(_, v)| v.as_str()));
                        assert!(
                            forms.into_iter().any(|f| text.contains(f)),
                            "{key} in {lang:?} does not name {unit:?}: {text}"
                        );
                    }
                    if *lang == Language::Ru {
                        assert_agrees(&text, unit, key);
                    }
                }
            }
        }
    }
}

/// The words after a count in English (one, other) and in Russian (one, few, many).
type Words = ([&'static str; 2], [&'static str; 3]);

const PLIES: Words = (["ply", "plies"], ["полуход", "полухода", "полуходов"]);
const MOVES: Words = (["move", "moves"], ["ход", "хода", "ходов"]);
const POINTS: Words = (["point", "points"], ["очко", "очка", "очков"]);

/// The counted messages: the count's variable and the words after it.
const COUNTED: [(&str, &str, Words); 14] = [
    ("draw-near", "left", PLIES),
    ("plies", "n", PLIES),
    ("replay-head", "plies", PLIES),
    ("wins", "n", (["win", "wins"], ["победа", "победы", "побед"])),
    ("lesson-moves", "turns", MOVES),
    ("lesson-fail-turns", "turns", MOVES),
    ("leaderboard-page", "total", (["player", "players"], ["игрок", "игрока", "игроков"])),
    ("leaderboard-row", "points", POINTS),
    ("leaderboard-you", "points", POINTS),
    ("profile-head", "points", POINTS),
    ("rank-top", "points", POINTS),
    ("rank-progress", "next", POINTS),
    // After «от», the genitive: от 1 очка, от 2 очков.
    ("ranks-points", "points", (["point", "points"], ["очка", "очков", "очков"])),
    (
        "unrated-limit",
        "limit",
        (
            ["rated match", "rated matches"],
            ["рейтинговую партию", "рейтинговые партии", "рейтинговых партий"],
        ),
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
    let roles = unit_roles();
    let none = BTreeSet::new();
    // Every message with a plural selector is checked here.
    let counted: BTreeSet<&str> = COUNTED.iter().map(|c| c.0).chain(["unit-count"]).collect();
    for tree in LANGUAGES.map(syntax) {
        for (key, m) in messages(&tree) {
            if !Variables::of(m).plural().is_empty() {
                assert!(counted.contains(key), "{key} has a plural selector but no check");
            }
        }
    }
    for (key, var, (en, ru)) in COUNTED {
        for tree in LANGUAGES.map(syntax) {
            assert!(Variables::of(messages(&tree)[key]).plural().contains(var), "{key} selects on ${var}");
        }
        for (n, e, r) in COUNTS {
            for args in specimens(key, roles.get(key).unwrap_or(&none), UnitName::Unknown, n) {
                assert_says(&render_ok(Language::En, key, &args), n, en[e], key);
                assert_says(&render_ok(Language::Ru, key, &args), n, ru[r], key);
            }
        }
    }
    for unit in UnitName::all() {
        for (n, e, r) in COUNTS {
            let args =
                [("count".to_string(), Specimen::Number(n)), ("unit".to_string(), Specimen::Unit(unit))];
            let form = |lang: Language, attr: Option<&str>| {
                let term = unit.term(lang);
                attr.map_or(term.value.clone(), |a| attribute(term, a).unwrap_or_default().to_string())
            };
            let en = form(Language::En, [None, Some("other")][e]);
            let ru = form(Language::Ru, [None, Some("few"), Some("many")][r]);
            assert_says(&render_ok(Language::En, "unit-count", &args), n, &en, "unit-count");
            assert_says(&render_ok(Language::Ru, "unit-count", &args), n, &ru, "unit-count");
        }
    }
    assert_eq!(
        tr!(Language::Ru, "leaderboard-page", page = 1, pages = 2, total = 21),
        "страница 1 из 2 · 21 игрок"
    );
    assert_eq!(tr!(Language::En, "plies", n = 1), "1 ply");
}

/// The lessons' texts belong to the catalogue too: every lesson reads (which refuses a text
/// missing or untranslated in either language), and each of its texts renders in both.
#[test]
fn every_lesson_speaks_both_languages() {
    let lessons = admiral_engine::lessons::catalogue().unwrap_or_else(|e| panic!("{e}"));
    assert!(lessons.all().len() >= 12);
    for lesson in lessons.all() {
        let texts = [&lesson.title, &lesson.brief, &lesson.hint, &lesson.success]
            .into_iter()
            .chain(lesson.fails.iter().map(|f| &f.why));
        for text in texts {
            for lang in LANGUAGES {
                assert!(!text.get(lang).trim().is_empty(), "{}: {lang:?}", lesson.id);
            }
        }
    }
}
