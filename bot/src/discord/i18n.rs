//! The text catalogue: `bot/i18n/en.ftl` and `bot/i18n/ru.ftl`, one per language, in a small
//! subset of Fluent (`key = text`, indented continuation lines, `{ $name }` placeholders).
//! Every text a user reads comes from here (command descriptions included, see
//! [`super::commands::localise`]). Tests check that both files have the same keys and the same
//! placeholders, and that every key used in the code exists.

use std::collections::HashMap;
use std::sync::OnceLock;

use admiral_engine::Language;

const EN: &str = include_str!("../../i18n/en.ftl");
const RU: &str = include_str!("../../i18n/ru.ftl");

/// Parses a catalogue file into (key, text) pairs, in order.
pub fn parse(src: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in src.lines() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if line.starts_with(' ') || line.starts_with('\t') {
            if let Some(last) = out.last_mut() {
                last.1.push('\n');
                last.1.push_str(line.trim());
            }
            continue;
        }
        if let Some((k, v)) = line.split_once(" = ") {
            out.push((k.trim().to_string(), v.trim().to_string()));
        } else if let Some(k) = line.strip_suffix(" =") {
            out.push((k.trim().to_string(), String::new()));
        }
    }
    out
}

fn table(lang: Language) -> &'static HashMap<String, String> {
    static TABLES: OnceLock<[HashMap<String, String>; 2]> = OnceLock::new();
    let t = TABLES.get_or_init(|| [parse(EN).into_iter().collect(), parse(RU).into_iter().collect()]);
    match lang {
        Language::En => &t[0],
        Language::Ru => &t[1],
    }
}

/// The text of a key, if the language has it.
pub fn lookup(lang: Language, key: &str) -> Option<&'static str> {
    table(lang).get(key).map(String::as_str)
}

/// The text of a key (falling back to English, then to the key itself).
pub fn t(lang: Language, key: &str) -> String {
    lookup(lang, key).or_else(|| lookup(Language::En, key)).unwrap_or(key).to_string()
}

/// The text of a key with its placeholders filled.
pub fn f(lang: Language, key: &str, args: &[(&str, String)]) -> String {
    let mut s = t(lang, key);
    for (name, value) in args {
        s = s.replace(&format!("{{ ${name} }}"), value);
    }
    s
}

/// An award's name.
pub fn award_name(key: &str, lang: Language) -> String {
    t(lang, &format!("award-{key}"))
}

/// Looks a text up: `tr!(lang, "key")` or `tr!(lang, "key", name = value, …)`.
macro_rules! tr {
    ($l:expr, $k:expr) => {
        $crate::discord::i18n::t($l, $k)
    };
    ($l:expr, $k:expr, $($n:ident = $v:expr),+ $(,)?) => {
        $crate::discord::i18n::f($l, $k, &[$((stringify!($n), ($v).to_string())),+])
    };
}
pub(crate) use tr;

/// The placeholders of a text, sorted.
pub fn placeholders(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("{ $") {
        let after = &rest[i + 3..];
        match after.find(" }") {
            Some(j) => {
                out.push(after[..j].to_string());
                rest = &after[j + 2..];
            }
            None => break,
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn both_catalogues_have_the_same_keys_and_placeholders() {
        let en = parse(EN);
        let ru = parse(RU);
        let ek: BTreeSet<&str> = en.iter().map(|(k, _)| k.as_str()).collect();
        let rk: BTreeSet<&str> = ru.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(ek.len(), en.len(), "duplicate keys in en.ftl");
        assert_eq!(rk.len(), ru.len(), "duplicate keys in ru.ftl");
        let missing_ru: Vec<_> = ek.difference(&rk).collect();
        let missing_en: Vec<_> = rk.difference(&ek).collect();
        assert!(missing_ru.is_empty(), "missing in ru.ftl: {missing_ru:?}");
        assert!(missing_en.is_empty(), "missing in en.ftl: {missing_en:?}");
        for (k, v) in &en {
            assert!(!v.is_empty(), "empty text for {k}");
            let r = lookup(Language::Ru, k).unwrap();
            assert_eq!(placeholders(v), placeholders(r), "placeholders differ for {k}");
            if k.starts_with("cmd-") || k.starts_with("choice-") {
                assert!(
                    v.chars().count() <= 100 && r.chars().count() <= 100,
                    "{k} is longer than Discord allows"
                );
            }
        }
    }

    /// Every `tr!(lang, "key"…)` in the adapter's sources names a key of the catalogue.
    #[test]
    fn every_key_used_in_the_code_exists() {
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
        let mut used = BTreeSet::new();
        for f in files {
            let src = std::fs::read_to_string(&f).unwrap();
            let mut rest = src.as_str();
            while let Some(i) = rest.find("tr!(") {
                rest = &rest[i + 4..];
                // Skip the language argument, then read a string literal if one follows.
                let Some(comma) = rest.find(',') else { break };
                let after = rest[comma + 1..].trim_start();
                if let Some(lit) = after.strip_prefix('"') {
                    if let Some(end) = lit.find('"') {
                        used.insert(lit[..end].to_string());
                    }
                }
            }
        }
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
                k.as_str() != "key"
                    && (lookup(Language::En, k).is_none() || lookup(Language::Ru, k).is_none())
            })
            .collect();
        assert!(missing.is_empty(), "keys used in the code but missing in a catalogue: {missing:?}");
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
}
