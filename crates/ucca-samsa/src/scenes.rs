//! A UCCA passage's scenes and the minimal centres of their main relations and participants, as
//! EASSE 0.2.4's `easse/samsa.py` (and the authors' `SAMSA_score.py`) find them — including the
//! reference code's shapes that are not what its comments say, since SAMSA's values depend on
//! them: a scene with two main relations gives two relation entries (the list is indexed by
//! scene afterwards), only the last centre of a level is descended, and a participant with
//! several minimal centres is cut and re-joined by list equality.

use std::collections::BTreeSet;

use ucca_graph::{Category, Node, NodeId, Passage, UnitKind};

use crate::Error;

/// The children of `id` along edges labelled with one of `categories`, in the UCCA library's
/// order of a node's edges (by child ID; remote edges included).
fn children(passage: &Passage, id: NodeId, categories: &[Category]) -> Vec<NodeId> {
    passage
        .children(id)
        .into_iter()
        .filter(|e| categories.contains(&e.edge.category))
        .map(|e| e.child)
        .collect()
}

/// Whether `id` is a scene: a unit with a process or a state (the library's `is_scene`).
fn is_scene(passage: &Passage, id: NodeId) -> bool {
    !children(passage, id, &[Category::Process, Category::State]).is_empty()
}

/// The scenes of `passage`: its foundational units that are scenes, by ID (the library's
/// `layer('1').all` order).
pub fn scene_units(passage: &Passage) -> Vec<NodeId> {
    let mut units: Vec<NodeId> = passage
        .units()
        .filter(|u| u.kind == UnitKind::Foundational)
        .map(|u| u.id)
        .collect();
    units.sort_unstable();
    units.retain(|&id| is_scene(passage, id));
    units
}

/// The words of a unit as EASSE's `flatten_unit` gives them: its terminals but punctuation,
/// through remote edges too, by position, a word dropped when it repeats the one before (which
/// also drops a repeated word such as "that that").
pub fn unit_words(passage: &Passage, id: NodeId) -> Vec<String> {
    let mut terminals = BTreeSet::new();
    collect_terminals(passage, id, &mut BTreeSet::new(), &mut terminals);
    let mut words: Vec<String> = Vec::new();
    for t in terminals {
        if let Some(Node::Terminal(t)) = passage.node(t)
            && words.last() != Some(&t.text)
        {
            words.push(t.text.clone());
        }
    }
    words
}

/// Adds to `terminals` the word terminals under `node` as the UCCA library's
/// `get_terminals(punct=False, remotes=True)` reaches them: through every edge, punctuation units
/// giving nothing (whatever edge enters them, unlike [`Passage::yield_of`]).
fn collect_terminals(
    passage: &Passage,
    node: NodeId,
    visited: &mut BTreeSet<NodeId>,
    terminals: &mut BTreeSet<NodeId>,
) {
    if !visited.insert(node) {
        return;
    }
    match passage.node(node) {
        Some(Node::Terminal(t)) if !t.punctuation => {
            terminals.insert(t.id);
        }
        Some(Node::Unit(u)) if u.kind != UnitKind::Punctuation => {
            for edge in passage.children(node) {
                collect_terminals(passage, edge.child, visited, terminals);
            }
        }
        _ => {}
    }
}

/// Each scene's words (EASSE's `get_scenes_text`).
pub fn scene_words(passage: &Passage) -> Vec<Vec<String>> {
    scene_units(passage)
        .into_iter()
        .map(|s| unit_words(passage, s))
        .collect()
}

/// The centres reached from `start` by the reference code's descent: while the current level has
/// children labelled `categories` under its *last* unit, go down to them; the last non-empty
/// level.
fn descend(passage: &Passage, start: Vec<NodeId>, categories: &[Category]) -> Vec<NodeId> {
    let mut level = start;
    loop {
        let below = level
            .last()
            .map(|&last| children(passage, last, categories))
            .unwrap_or_default();
        if below.is_empty() {
            return level;
        }
        level = below;
    }
}

/// The minimal centres of the main relations (EASSE's `get_minimal_centers_from_relations`): one
/// entry per main relation (process or state) of each scene, in scene order — so a scene with
/// both gives two — each the words of the last unit of its minimal centres (of all the scene's
/// main relations where the relation has no centre).
pub fn relation_minimal_centres(passage: &Passage) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for scene in scene_units(passage) {
        let relations = children(passage, scene, &[Category::Process, Category::State]);
        for &relation in &relations {
            let centres = children(passage, relation, &[Category::Center]);
            let minimal = if centres.is_empty() {
                relations.clone()
            } else {
                descend(passage, centres, &[Category::Center])
            };
            if let Some(&last) = minimal.last() {
                out.push(unit_words(passage, last));
            }
        }
    }
    out
}

/// One participant's minimal centres (units), as the reference code finds them.
fn participant_centres(passage: &Passage, participant: NodeId) -> Vec<Vec<NodeId>> {
    let centres = children(passage, participant, &[Category::Center]);
    let centre_or_relation = [Category::Center, Category::Process, Category::State];
    if !centres.is_empty() {
        return vec![descend(passage, centres, &centre_or_relation)];
    }
    let relations = [Category::Process, Category::State];
    if is_scene(passage, participant) {
        let scene_centres = children(passage, participant, &relations);
        return scene_centres
            .iter()
            .map(|&relation| {
                let centres = children(passage, relation, &[Category::Center]);
                if centres.is_empty() {
                    scene_centres.clone()
                } else {
                    descend(passage, centres, &[Category::Center])
                }
            })
            .collect();
    }
    let parallel = children(passage, participant, &[Category::ParallelScene]);
    if parallel.is_empty() {
        return vec![vec![participant]];
    }
    let mut heads = Vec::new();
    for scene in parallel {
        let scene_relations = children(passage, scene, &relations);
        for &relation in &scene_relations {
            let centres = children(passage, relation, &[Category::Center]);
            heads.push(if centres.is_empty() {
                scene_relations[0]
            } else {
                descend(passage, centres, &[Category::Center])[0]
            });
        }
    }
    vec![heads]
}

/// Per scene, per entry: a list (of words, or of units).
type PerScene<T> = Vec<Vec<Vec<T>>>;

/// Per scene, per participant: the minimal centre units (`n` in the reference code); and the
/// same cut into one entry of words per centre (a participant without centres gives none).
fn cut_centres(passage: &Passage) -> (Vec<Vec<Vec<NodeId>>>, PerScene<String>) {
    let units: Vec<Vec<Vec<NodeId>>> = scene_units(passage)
        .iter()
        .map(|&scene| {
            children(passage, scene, &[Category::Participant])
                .into_iter()
                .flat_map(|participant| participant_centres(passage, participant))
                .collect()
        })
        .collect();
    let words = units
        .iter()
        .map(|scene| {
            scene
                .iter()
                .flat_map(|entry| entry.iter().map(|&unit| unit_words(passage, unit)))
                .collect()
        })
        .collect();
    (units, words)
}

/// Each scene's participants' minimal centres cut into one entry per centre, without the
/// reference code's re-join: gecbias's score for the passages on which that join raises
/// `IndexError` (`docs/deliberate-differences.md`).
pub(crate) fn participant_centres_cut(passage: &Passage) -> Vec<Vec<Vec<String>>> {
    cut_centres(passage).1
}

/// The minimal centres of each scene's participants (EASSE's
/// `get_minimal_centers_from_participants`), as words: per scene, per participant entry. A
/// participant with several minimal centres is cut into one entry per centre, and the entries
/// are then re-joined where the reference code finds them equal to the first of such a group
/// (by the group's place among the *uncut* entries, so the join may take the wrong neighbours,
/// as it does there). Where that join reads past the end of a scene's entries, the reference
/// code raises `IndexError`: [`Error::ParticipantCentres`].
pub fn participant_minimal_centres(passage: &Passage) -> Result<Vec<Vec<Vec<String>>>, Error> {
    let (units, mut words) = cut_centres(passage);
    // The groups of several centres, as (first equal scene, first equal entry in it) (`I`).
    let mut groups = Vec::new();
    for scene in &units {
        let u = units.iter().position(|s| s == scene).unwrap_or(0);
        for entry in scene {
            if entry.len() > 1 {
                groups.push((u, scene.iter().position(|e| e == entry).unwrap_or(0)));
            }
        }
    }
    let mut out = Vec::with_capacity(words.len());
    for scene in 0..words.len() {
        let mut kept = Vec::new();
        for entry in 0..words[scene].len() {
            rejoin(&mut words, &units, &groups, (scene, entry), &mut kept)?;
        }
        if groups.is_empty() {
            kept = (0..words[scene].len()).collect();
        }
        out.push(kept.iter().map(|&k| words[scene][k].clone()).collect());
    }
    Ok(out)
}

/// The reference code's join for entry `at` of the cut words: for each group, an entry equal to
/// the group's first takes the first words of the group's next entries (in place, so later
/// comparisons see it) and is kept; an entry unequal to all of them is kept; each keep is
/// recorded in `kept` (an entry may be kept more than once).
fn rejoin(
    words: &mut [Vec<Vec<String>>],
    units: &[Vec<Vec<NodeId>>],
    groups: &[(usize, usize)],
    (scene, entry): (usize, usize),
    kept: &mut Vec<usize>,
) -> Result<(), Error> {
    let at = |words: &[Vec<Vec<String>>], s: usize, e: usize| -> Result<Vec<String>, Error> {
        words
            .get(s)
            .and_then(|scene| scene.get(e))
            .cloned()
            .ok_or(Error::ParticipantCentres { scene })
    };
    for &(u, d) in groups {
        let size = units[u][d].len();
        if words[scene][entry] == at(words, u, d)? {
            for l in 1..size {
                let first = at(words, u, d + l)?
                    .first()
                    .cloned()
                    .ok_or(Error::ParticipantCentres { scene })?;
                words[scene][entry].push(first);
            }
            kept.push(entry);
        } else {
            let mut unequal = true;
            for l in 1..size {
                if words[scene][entry] == at(words, u, d + l)? {
                    unequal = false;
                    break;
                }
            }
            if unequal {
                kept.push(entry);
            }
        }
    }
    Ok(())
}
