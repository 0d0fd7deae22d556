//! The tagger against spaCy's own tags of the CoNLL-2014 and JFLEG dev sources, as `cargo xtask
//! record spacy` recorded them (spaCy 3.8, `en_core_web_sm` 3.8.0, tokens as given).

use gecbias_data::testing::data_or_skip;
use gecbias_data::workspace_root;
use spacy_sm::Model;

/// The tokenised sentences of a data file: M2 `S` lines, or plain lines.
fn sentences(text: &str, m2: bool) -> Vec<Vec<String>> {
    text.lines()
        .filter_map(|l| if m2 { l.strip_prefix("S ") } else { Some(l) })
        .map(|l| {
            let words: Vec<String> = l
                .split(' ')
                .filter(|w| !w.is_empty())
                .map(str::to_owned)
                .collect();
            if words.is_empty() {
                vec![" ".to_owned()]
            } else {
                words
            }
        })
        .collect()
}

#[test]
fn tags_are_spacy_s_on_the_recorded_sources() {
    let Some(data) = data_or_skip("spaCy's recorded tags") else {
        return;
    };
    let model =
        Model::read(workspace_root().join("models/spacy-en-core-web-sm/model.bin")).unwrap();
    let (mut tokens, mut same, mut sentences_same, mut total) = (0, 0, 0, 0);
    for (recording, file, m2) in [
        (
            "conll14-sources",
            "assess_learner_language/data/conll14st-test-data/noalt/official-2014.combined.m2",
            true,
        ),
        (
            "jfleg-dev-sources",
            "assess_learner_language/data/jfleg/dev/dev.src",
            false,
        ),
    ] {
        let text = std::fs::read_to_string(data.join(file)).unwrap();
        let recorded = std::fs::read_to_string(
            workspace_root().join(format!("xtask/recorded/spacy/{recording}.tsv")),
        )
        .unwrap();
        let rows: Vec<&str> = recorded.lines().filter(|l| !l.starts_with('#')).collect();
        let sents = sentences(&text, m2);
        assert_eq!(rows.len(), sents.len(), "{recording}");
        for (words, row) in sents.iter().zip(rows) {
            let expected: Vec<&str> = row.split('\t').next().unwrap().split(' ').collect();
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let tags = model.tag(&words);
            assert_eq!(tags.len(), expected.len());
            let agree = tags.iter().zip(&expected).filter(|(a, b)| a == b).count();
            tokens += tags.len();
            same += agree;
            sentences_same += usize::from(agree == tags.len());
            total += 1;
            if agree != tags.len() && total < 2000 {
                eprintln!("{words:?}\n  ours   {tags:?}\n  spaCy  {expected:?}");
            }
        }
    }
    eprintln!("tags: {same} of {tokens} tokens, {sentences_same} of {total} sentences");
    assert!(same * 1000 >= tokens * 999, "{same} of {tokens}");
}
