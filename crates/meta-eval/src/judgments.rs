//! Relative-ranking judgments as Appraise writes them (`<ranking-item>` elements, one
//! `<translation rank="…" system="…"/>` per distinct output, systems with the same output
//! collapsed into one space-separated `system` attribute), and the pairwise comparisons they
//! imply.

use quick_xml::XmlVersion;
use quick_xml::events::{BytesStart, Event};
use quick_xml::reader::Reader;

use crate::Error;

/// One judge's ranking of the outputs for one source sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ranking {
    /// The item's `id`.
    pub id: String,
    /// The judged sentence's position in the test set (`src-id`).
    pub source_id: String,
    /// The judge (`user`).
    pub user: String,
    /// (rank, systems) per `<translation>`, in document order; rank 1 is best.
    pub ranks: Vec<(u32, Vec<String>)>,
}

/// The outcome of one pairwise comparison, for (first, second) with first < second by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// The first system was ranked better.
    FirstBetter,
    /// The second system was ranked better.
    SecondBetter,
    /// Both in the same rank.
    Tie,
}

/// One pairwise comparison implied by a ranking: the two systems in name order and who won.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// The system whose name sorts first.
    pub first: String,
    /// The other system.
    pub second: String,
    /// Who was ranked better.
    pub outcome: Outcome,
}

impl Ranking {
    /// Every pair of systems this ranking orders or ties, as GJG15's `EW.pl` lists them: systems
    /// of the same rank tie (each unordered pair once), a system of a better rank (a smaller
    /// number) beats every system of a worse one.
    pub fn comparisons(&self) -> Vec<Comparison> {
        let mut by_rank: Vec<(u32, Vec<&str>)> = Vec::new();
        for (rank, systems) in &self.ranks {
            match by_rank.iter_mut().find(|(r, _)| r == rank) {
                Some((_, group)) => group.extend(systems.iter().map(String::as_str)),
                None => by_rank.push((*rank, systems.iter().map(String::as_str).collect())),
            }
        }
        by_rank.sort_by_key(|(rank, _)| *rank);
        let mut out = Vec::new();
        for (i, (_, better)) in by_rank.iter().enumerate() {
            let mut group = better.clone();
            group.sort_unstable();
            for (x, a) in group.iter().enumerate() {
                for b in &group[x + 1..] {
                    out.push(pair(a, b, Outcome::Tie));
                }
            }
            for (_, worse) in &by_rank[i + 1..] {
                for a in &group {
                    for b in worse {
                        let outcome = if a < b {
                            Outcome::FirstBetter
                        } else {
                            Outcome::SecondBetter
                        };
                        out.push(pair(a, b, outcome));
                    }
                }
            }
        }
        out
    }
}

/// The systems `comparisons` name, sorted, each once: the index both human scores number
/// systems by.
pub(crate) fn systems_of(comparisons: &[Comparison]) -> Vec<&str> {
    let mut names: Vec<&str> = comparisons
        .iter()
        .flat_map(|c| [c.first.as_str(), c.second.as_str()])
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

fn pair(a: &str, b: &str, outcome: Outcome) -> Comparison {
    let (first, second) = if a < b { (a, b) } else { (b, a) };
    Comparison {
        first: first.to_owned(),
        second: second.to_owned(),
        outcome,
    }
}

/// The ranking items of an Appraise results file (`text`, named `file` in messages); any other
/// element is passed over. An item without `id`, `src-id` or `user`, a translation without a
/// whole-number `rank` or a `system`, or XML that does not parse is an error naming the line.
pub fn read_rankings(text: &str, file: &str) -> Result<Vec<Ranking>, Error> {
    let mut reader = Reader::from_str(text);
    let line_of = |offset: u64| {
        text.as_bytes()[..(offset as usize).min(text.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    };
    let failure = |offset: u64, message: String| Error::Judgments {
        file: file.to_owned(),
        line: line_of(offset),
        message,
    };
    let mut rankings = Vec::new();
    let mut open: Option<(Ranking, u64)> = None;
    loop {
        let offset = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|e| failure(reader.error_position(), e.to_string()))?;
        let (element, empty) = match event {
            Event::Start(e) => (e, false),
            Event::Empty(e) => (e, true),
            Event::End(e) if e.name().as_ref() == "ranking-item" => {
                if let Some((item, _)) = open.take() {
                    rankings.push(item);
                }
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let found = attributes(&element).map_err(|m| failure(offset, m));
        match element.name().as_ref() {
            "ranking-item" => {
                if open.is_some() {
                    return Err(failure(
                        offset,
                        "a ranking-item inside a ranking-item".into(),
                    ));
                }
                let mut found = found?;
                let mut take = |key: &str| {
                    found
                        .iter()
                        .position(|(k, _)| k == key)
                        .map(|i| found.swap_remove(i).1)
                        .ok_or_else(|| failure(offset, format!("ranking-item without `{key}`")))
                };
                let item = Ranking {
                    id: take("id")?,
                    source_id: take("src-id")?,
                    user: take("user")?,
                    ranks: Vec::new(),
                };
                if empty {
                    rankings.push(item);
                } else {
                    open = Some((item, offset));
                }
            }
            "translation" => {
                let Some((item, _)) = open.as_mut() else {
                    return Err(failure(
                        offset,
                        "a translation outside a ranking-item".into(),
                    ));
                };
                let (rank, systems) = translation(&found?).map_err(|m| failure(offset, m))?;
                item.ranks.push((rank, systems));
            }
            _ => {}
        }
    }
    if let Some((_, offset)) = open {
        return Err(failure(
            offset,
            "a ranking-item that is never closed".into(),
        ));
    }
    Ok(rankings)
}

/// A translation's rank and systems, from its attributes.
fn translation(found: &[(String, String)]) -> Result<(u32, Vec<String>), String> {
    let get = |key: &str| {
        found
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| format!("translation without `{key}`"))
    };
    let rank = get("rank")?;
    let rank: u32 = rank
        .parse()
        .map_err(|_| format!("translation rank {rank:?} is not a whole number"))?;
    let systems: Vec<String> = get("system")?
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    if systems.is_empty() {
        return Err("translation with an empty `system`".into());
    }
    Ok((rank, systems))
}

/// The element's attributes, unescaped, as (key, value).
fn attributes(start: &BytesStart<'_>) -> Result<Vec<(String, String)>, String> {
    start
        .attributes()
        .map(|attribute| {
            let attribute = attribute.map_err(|e| e.to_string())?;
            let key = attribute.key.as_ref().to_owned();
            let value = attribute
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|e| format!("attribute `{key}`: {e}"))?
                .into_owned();
            Ok((key, value))
        })
        .collect()
}
