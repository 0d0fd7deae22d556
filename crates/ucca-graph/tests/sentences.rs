//! Sentence passages of the UCCA corpora: the counts of the ACL-2017 split (ucca-parser spec §1)
//! and the invariants of every sentence passage: all terminals covered, every part built and
//! round-tripped through XML.

use gecbias_data::datasets::UccaSplit;
use gecbias_data::testing::data_or_skip;
use ucca_graph::{Passage, SentenceMarks, TerminalView, sentence_ends_of};

/// The sentences of the dev, test and 20K splits (the training split's 4,268 are counted by
/// `cargo xtask reproduce ucca-oracle` in CI: 2.5 s more here).
#[test]
fn sentence_counts_of_the_acl_2017_split() {
    let Some(data) = data_or_skip("sentence counts of the UCCA corpora") else {
        return;
    };
    let mut got = Vec::new();
    for split in [UccaSplit::WikiDev, UccaSplit::WikiTest, UccaSplit::TwentyK] {
        let mut sentences = 0;
        for file in split.files(&data).unwrap() {
            let passage = Passage::read(data.join(&file)).unwrap();
            let parts = passage.sentences().unwrap();
            for part in &parts {
                let again = Passage::from_xml(part.to_xml().as_bytes()).unwrap();
                assert!(again == *part, "{} does not round-trip", part.id());
            }
            let terminals: usize = parts.iter().map(Passage::terminal_count).sum();
            assert_eq!(terminals, passage.terminal_count(), "{file}");
            sentences += parts.len();
        }
        got.push((split.name(), sentences));
    }
    assert_eq!(got, [("dev", 454), ("test", 503), ("20K", 506)]);
}

/// Joining the sentence passages of a passage gives its terminals back in order, in one paragraph,
/// and every sentence's edges.
#[test]
fn joined_sentences_give_the_passage_back() {
    let Some(data) = data_or_skip("joining sentence passages") else {
        return;
    };
    let file = &UccaSplit::WikiDev.files(&data).unwrap()[0];
    let passage = Passage::read(data.join(file)).unwrap();
    let parts = passage.sentences().unwrap();
    let joined = Passage::join("joined", &parts).unwrap();
    let texts = |p: &Passage| p.terminals().map(|t| t.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&joined), texts(&passage));
    let edges: usize = parts.iter().map(|p| p.edges().count()).sum();
    assert_eq!(joined.edges().count(), edges);
    let again = Passage::from_xml(joined.to_xml().as_bytes()).unwrap();
    assert!(again == joined);
    assert!(joined.terminals().all(|t| t.paragraph == 1));
    assert_eq!(Passage::join("none", &[]).unwrap().terminal_count(), 0);
}

/// `ucca` 1.2.3's marks run on through the punctuation after a sentence end (`. ” “`), so an
/// opening quote stays with the sentence before it, except an ASCII quote repeating the mark
/// before it.
#[test]
fn punctuation_after_a_sentence_end_joins_it() {
    let ends = |texts: &[&str]| {
        let terminals: Vec<TerminalView<'_>> = texts
            .iter()
            .enumerate()
            .map(|(k, &text)| TerminalView {
                text,
                punctuation: !text.chars().all(char::is_alphanumeric),
                paragraph_position: k as u32 + 1,
            })
            .collect();
        sentence_ends_of(
            &terminals,
            &[(1, 1), (5, 5)],
            SentenceMarks::FollowingPunctuation,
        )
    };
    assert_eq!(ends(&["Hi", ".", "”", "“", "Yes", "."]), [4, 6]);
    assert_eq!(ends(&["Hi", ".", "'", "'", "Yes", "."]), [3, 6]);
}
