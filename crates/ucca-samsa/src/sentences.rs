//! How SAMSA splits an output into sentences: as EASSE's CoreNLP server does with whitespace
//! tokens (`tokenize.whitespace`, `ssplit.eolonly=false`), whose rule is CoreNLP's
//! `WordToSentenceProcessor` with its defaults — a sentence ends at a token that is `.` or a run
//! of `!`/`?`, together with the closing brackets and quotes that follow it. Reproducing that rule
//! gives EASSE's splits by construction, where spaCy's parser or Punkt would only approximate
//! them (`docs/deliberate-differences.md`).

/// A token CoreNLP ends a sentence at: `.`, or one or more of `!` and `?`.
fn ends_sentence(token: &str) -> bool {
    token == "." || (!token.is_empty() && token.chars().all(|c| c == '!' || c == '?'))
}

/// A token CoreNLP keeps with the sentence that just ended: a closing bracket or final quote
/// (of Unicode's Pe and Pf classes, their common members), `"`, `'`, `>`, `''`, or an escaped
/// closing bracket (`-RRB-`, `-RSB-`, `-RCB-`).
fn follows_end(token: &str) -> bool {
    const CLOSING: &str = ")]}»’”›」』】〉》〕〗〙〛）］｝｠｣\"'>＂＇＞";
    let mut chars = token.chars();
    let single = matches!((chars.next(), chars.next()), (Some(c), None) if CLOSING.contains(c));
    single || matches!(token, "''" | "-RRB-" | "-RSB-" | "-RCB-")
}

/// The sentences of a whitespace-tokenised output, as CoreNLP splits them (no tokens: none).
pub fn output_sentences<'a>(tokens: &[&'a str]) -> Vec<Vec<&'a str>> {
    let mut sentences: Vec<Vec<&'a str>> = Vec::new();
    let mut current: Vec<&'a str> = Vec::new();
    let mut ended = false;
    for &token in tokens {
        if ended && !follows_end(token) {
            sentences.push(std::mem::take(&mut current));
            ended = false;
        }
        current.push(token);
        ended |= ends_sentence(token);
    }
    if !current.is_empty() {
        sentences.push(current);
    }
    sentences
}

#[cfg(test)]
mod tests {
    use super::output_sentences;

    #[test]
    fn sentences_end_at_stops_with_their_closing_tokens() {
        let split = |s: &str| {
            let tokens: Vec<&str> = s.split_whitespace().collect();
            output_sentences(&tokens)
                .iter()
                .map(|x| x.join(" "))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            split("He left . She stayed ."),
            ["He left .", "She stayed ."]
        );
        assert_eq!(
            split("\" Go ! \" he said ?! Yes"),
            ["\" Go ! \"", "he said ?!", "Yes"]
        );
        assert_eq!(
            split("Mr. Smith left ... then ( returned . )"),
            ["Mr. Smith left ... then ( returned . )"]
        );
        assert!(split("").is_empty());
    }
}
