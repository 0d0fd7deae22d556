//! SAMSA's formula over scenes already aligned to the output's sentences.

/// The score of one scene: ½ · its main relation's minimal centre + ½ · the mean over its
/// participants' minimal centres, each 1 when all its words are among the words the scene is
/// aligned to, 0 when not, and 0.5 when it has none (an empty unit); a scene without
/// participants counts ½ · 0.5 for them. `relation` and `participants` are the scene's entries
/// of [`relation_minimal_centres`](crate::relation_minimal_centres) and
/// [`participant_minimal_centres`](crate::participant_minimal_centres); `aligned` the scene's
/// words aligned to its output sentence.
pub fn scene_score(aligned: &[String], relation: &[String], participants: &[Vec<String>]) -> f64 {
    let covered = |centre: &[String]| {
        if centre.is_empty() {
            0.5
        } else if centre.iter().all(|w| aligned.contains(w)) {
            1.0
        } else {
            0.0
        }
    };
    // The reference's order of operations, for the same last bit: 0.5 · (1 / d) · Σ.
    let (d, sum) = if participants.is_empty() {
        (1.0, 0.5)
    } else {
        (
            participants.len() as f64,
            participants.iter().map(|p| covered(p)).sum::<f64>(),
        )
    };
    0.5 * covered(relation) + 0.5 * (1.0 / d) * sum
}

/// SAMSA of an output with `sentences` sentences, from each scene's [`scene_score`] (in scene
/// order): (sentences / scenes²) · Σ scene scores, and 0 when the output has more sentences than
/// the source has scenes (EASSE's `compute_samsa`; a source without scenes scores 0).
pub fn samsa(scene_scores: &[f64], sentences: usize) -> f64 {
    let scenes = scene_scores.len();
    if scenes == 0 || sentences > scenes {
        return 0.0;
    }
    sentences as f64 / (scenes * scenes) as f64 * scene_scores.iter().sum::<f64>()
}

/// SAMSA without the splitting penalty (the authors' `SAMSA_abl_score.py`): the mean scene
/// score, (1 / scenes) · Σ scene scores, and 0 when the output has more sentences than the source
/// has scenes.
pub fn samsa_abl(scene_scores: &[f64], sentences: usize) -> f64 {
    let scenes = scene_scores.len();
    if scenes == 0 || sentences > scenes {
        return 0.0;
    }
    (1.0 / scenes as f64) * scene_scores.iter().sum::<f64>()
}
