//! The oracle reranker of the LCB paper (§3.3, Appendix "simp-rerank"; spec §7, §10): from a
//! system's k-best list, pick per sentence the hypothesis the references score highest — what
//! the system would output if the metric were its objective.

/// The reference's choice among `hypotheses` (in k-best order) by `score`: a running best
/// starting at 0 and no choice, replaced when a hypothesis scores higher, or equally high while
/// the current choice is not the source sentence — so later ties win unless the source itself
/// is held. `None` only for an empty list.
pub fn oracle_rerank<'h>(
    source: &str,
    hypotheses: &[&'h str],
    score: impl Fn(&str) -> f64,
) -> Option<&'h str> {
    let mut best: Option<(&'h str, f64)> = None;
    for &h in hypotheses {
        let f = score(h);
        let (held, max) = best.map_or((None, 0.0), |(c, m)| (Some(c), m));
        if f > max || (f == max && held != Some(source)) {
            best = Some((h, f));
        }
    }
    best.map(|(h, _)| h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_ties_win_unless_the_source_is_held() {
        let score = |h: &str| if h.starts_with('a') { 1.0 } else { 0.5 };
        assert_eq!(oracle_rerank("src", &["b", "a1", "a2"], score), Some("a2"));
        assert_eq!(oracle_rerank("a1", &["b", "a1", "a2"], score), Some("a1"));
        assert_eq!(oracle_rerank("src", &["b", "c"], score), Some("c"));
        assert_eq!(oracle_rerank("src", &[], score), None);
        // All scores 0: the last hypothesis is kept.
        assert_eq!(oracle_rerank("src", &["x", "y"], |_| 0.0), Some("y"));
    }
}
