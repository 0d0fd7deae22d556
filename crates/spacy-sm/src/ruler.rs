//! The attribute ruler: spaCy's token patterns over TAG, LOWER, DEP and IS_SPACE that set a
//! token's POS, morphology, lemma, TAG or DEP. Every rule's matches are found on the sentence as
//! the tagger and the parser left it, then applied rule by rule in their order (a later rule
//! overrides an earlier one), and within a rule from left to right.

use crate::Error;
use crate::container::Container;

/// An attribute a pattern reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    Tag,
    Lower,
    Dep,
    IsSpace,
}

/// One character position of a [`Regex`]: the characters it accepts, and whether it may be
/// absent.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Position {
    chars: Vec<char>,
    optional: bool,
}

/// The anchored regular expressions the rules use (`^n[ou]thin'$`): literal characters and
/// bracketed sets, each optionally followed by `?`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Regex(Vec<Position>);

impl Regex {
    fn parse(pattern: &str) -> Option<Regex> {
        let body = pattern.strip_prefix('^')?.strip_suffix('$')?;
        let mut chars = body.chars().peekable();
        let mut out = Vec::new();
        while let Some(c) = chars.next() {
            let set = match c {
                '[' => {
                    let mut set = Vec::new();
                    loop {
                        match chars.next()? {
                            ']' => break,
                            '\\' | '-' | '^' => return None,
                            x => set.push(x),
                        }
                    }
                    set
                }
                '\\' | '.' | '*' | '+' | '(' | ')' | '|' | '{' | '?' => return None,
                x => vec![x],
            };
            let optional = chars.next_if_eq(&'?').is_some();
            out.push(Position {
                chars: set,
                optional,
            });
        }
        Some(Regex(out))
    }

    fn matches(&self, text: &str) -> bool {
        fn go(positions: &[Position], text: &[char]) -> bool {
            match positions.split_first() {
                None => text.is_empty(),
                Some((p, rest)) => {
                    (p.optional && go(rest, text))
                        || text
                            .split_first()
                            .is_some_and(|(c, tail)| p.chars.contains(c) && go(rest, tail))
                }
            }
        }
        go(&self.0, &text.chars().collect::<Vec<_>>())
    }
}

/// What a constraint accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Op {
    In(Vec<String>),
    NotIn(Vec<String>),
    Regex(Regex),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Constraint {
    key: Key,
    op: Op,
}

/// One rule: its patterns, the token of a match it sets (from the start, or from the end when
/// negative), and the attributes it sets.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    index: isize,
    attributes: Vec<(String, String)>,
    patterns: Vec<Vec<Vec<Constraint>>>,
}

/// A token's attributes as the pipeline leaves them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) lower: String,
    pub(crate) is_space: bool,
    pub(crate) tag: String,
    pub(crate) dep: String,
    pub(crate) pos: String,
    pub(crate) morph: String,
    pub(crate) lemma: Option<String>,
}

/// The ruler's rules, in order.
#[derive(Debug, Clone)]
pub(crate) struct AttributeRuler {
    rules: Vec<Rule>,
}

impl AttributeRuler {
    /// Reads the rules from `file` (the `attribute_ruler` section; its layout is
    /// `spacy_export.py`'s).
    pub(crate) fn new(file: &Container) -> Result<AttributeRuler, Error> {
        let bad = |k: usize, what: &str| file.error(format!("attribute rule {}: {what}", k + 1));
        let mut rules = Vec::new();
        for (k, text) in file.strings("attribute_ruler")?.iter().enumerate() {
            let mut fields = text.split('\x1e');
            let index: isize = fields
                .next()
                .and_then(|i| i.parse().ok())
                .ok_or_else(|| bad(k, "no token index"))?;
            let attributes = fields
                .next()
                .ok_or_else(|| bad(k, "no attributes"))?
                .split('\x1f')
                .filter(|a| !a.is_empty())
                .map(|a| {
                    a.split_once('=')
                        .map(|(k, v)| (k.to_owned(), v.to_owned()))
                        .ok_or_else(|| bad(k, "an attribute without a value"))
                })
                .collect::<Result<Vec<_>, Error>>()?;
            if let Some((key, _)) = attributes
                .iter()
                .find(|(key, _)| !matches!(key.as_str(), "POS" | "MORPH" | "LEMMA" | "TAG" | "DEP"))
            {
                return Err(bad(k, &format!("sets {key}, which this build does not")));
            }
            let patterns = fields
                .map(|pattern| {
                    pattern
                        .split('\x1d')
                        .map(|token| {
                            token
                                .split('\x1f')
                                .map(|c| Self::constraint(c).ok_or_else(|| bad(k, c)))
                                .collect::<Result<Vec<_>, Error>>()
                        })
                        .collect::<Result<Vec<_>, Error>>()
                })
                .collect::<Result<Vec<_>, Error>>()?;
            rules.push(Rule {
                index,
                attributes,
                patterns,
            });
        }
        Ok(AttributeRuler { rules })
    }

    fn constraint(text: &str) -> Option<Constraint> {
        let mut parts = text.split('\x1c');
        let key = match parts.next()? {
            "TAG" => Key::Tag,
            "LOWER" => Key::Lower,
            "DEP" => Key::Dep,
            "IS_SPACE" => Key::IsSpace,
            _ => return None,
        };
        let op = parts.next()?;
        let values: Vec<String> = parts.next()?.split('\x1b').map(str::to_owned).collect();
        let op = match op {
            "EQ" | "IN" => Op::In(values),
            "NOT_IN" => Op::NotIn(values),
            "REGEX" => Op::Regex(Regex::parse(values.first()?)?),
            _ => return None,
        };
        Some(Constraint { key, op })
    }

    /// Applies the rules to the sentence's tokens.
    pub(crate) fn apply(&self, tokens: &mut [Token]) {
        let accepts = |t: &Token, c: &Constraint| {
            let value = match c.key {
                Key::Tag => t.tag.as_str(),
                Key::Lower => t.lower.as_str(),
                Key::Dep => t.dep.as_str(),
                Key::IsSpace => {
                    if t.is_space {
                        "True"
                    } else {
                        "False"
                    }
                }
            };
            match &c.op {
                Op::In(values) => values.iter().any(|v| v == value),
                Op::NotIn(values) => !values.iter().any(|v| v == value),
                Op::Regex(r) => r.matches(value),
            }
        };
        // Every match first, on the attributes as they were: (rule, start, end).
        let mut matches = Vec::new();
        for (r, rule) in self.rules.iter().enumerate() {
            let mut found = Vec::new();
            for pattern in &rule.patterns {
                for start in 0..tokens.len() {
                    let end = start + pattern.len();
                    if end <= tokens.len()
                        && pattern
                            .iter()
                            .zip(&tokens[start..end])
                            .all(|(constraints, t)| constraints.iter().all(|c| accepts(t, c)))
                    {
                        found.push((start, end));
                    }
                }
            }
            found.sort_unstable();
            found.dedup();
            matches.extend(found.into_iter().map(|(s, e)| (r, s, e)));
        }
        for (r, start, end) in matches {
            let rule = &self.rules[r];
            let at = if rule.index < 0 {
                end.checked_sub(rule.index.unsigned_abs())
            } else {
                Some(start + rule.index.unsigned_abs())
            };
            let Some(token) = at.filter(|&i| i < end).map(|i| &mut tokens[i]) else {
                continue;
            };
            for (key, value) in &rule.attributes {
                match key.as_str() {
                    "POS" => token.pos.clone_from(value),
                    "MORPH" => token.morph.clone_from(value),
                    "LEMMA" => token.lemma = Some(value.clone()),
                    "TAG" => token.tag.clone_from(value),
                    _ => token.dep.clone_from(value),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_regular_expressions_match_as_python_s() {
        let r = Regex::parse("^n'?t$").unwrap();
        assert!(r.matches("nt") && r.matches("n't") && !r.matches("not") && !r.matches("n''t"));
        let r = Regex::parse("^n[ou]thin'$").unwrap();
        assert!(r.matches("nothin'") && r.matches("nuthin'") && !r.matches("nathin'"));
        let r = Regex::parse("^y'?$").unwrap();
        assert!(r.matches("y") && r.matches("y'") && !r.matches("ya"));
        assert_eq!(Regex::parse("^a.*$"), None);
        assert_eq!(Regex::parse("abc"), None);
    }
}
