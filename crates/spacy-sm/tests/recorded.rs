//! The tagger and the parser against spaCy's own analyses of the CoNLL-2014 and JFLEG dev sources,
//! as `cargo xtask record spacy` recorded them (spaCy 3.8, `en_core_web_sm` 3.8.0, tokens as
//! given): every tag, POS, head and dependency label must be spaCy's, and so must every lemma
//! that `english-tagger`'s rule lemmatiser makes from this crate's POS and tags. All of JFLEG dev and every fifth
//! CoNLL-2014 sentence, to keep the test run short; on all 2,066 sentences (44,154 tokens) every
//! analysis was spaCy's when the crate was written (`crates/spacy-sm/README.md`).

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
fn tags_heads_and_labels_are_spacy_s_on_the_recorded_sources() {
    let Some(data) = data_or_skip("spaCy's recorded tags") else {
        return;
    };
    let model =
        Model::read(workspace_root().join("models/spacy-en-core-web-sm/model.bin")).unwrap();
    let (mut tokens, mut same, mut sentences_same, mut total) = (0, 0, 0, 0);
    let (mut same_label, mut sentences_labelled, mut same_head) = (0, 0, 0);
    let mut same_pos = 0;
    let mut same_lemma = 0;
    // spaCy's rule lemmatiser as english-tagger writes it, fed this crate's POS and tags.
    let lemmatiser = english_tagger::Tagger::default_model().unwrap();
    for (recording, file, m2, every) in [
        (
            "conll14-sources",
            "assess_learner_language/data/conll14st-test-data/noalt/official-2014.combined.m2",
            true,
            5,
        ),
        (
            "jfleg-dev-sources",
            "assess_learner_language/data/jfleg/dev/dev.src",
            false,
            1,
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
        for (words, row) in sents.iter().zip(rows).step_by(every) {
            let columns: Vec<&str> = row.split('\t').collect();
            let expected: Vec<&str> = columns[0].split(' ').collect();
            let labels: Vec<&str> = columns[2].split(' ').collect();
            let pos: Vec<&str> = columns[1].split(' ').collect();
            let lemma_edits: Vec<&str> = columns[3].split(' ').collect();
            let heads: Vec<usize> = columns[4].split(' ').map(|h| h.parse().unwrap()).collect();
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let analysis = model.analyse(&words);
            let tags: Vec<&str> = analysis.tags.iter().map(String::as_str).collect();
            let agree_labels = analysis
                .parse
                .labels
                .iter()
                .zip(&labels)
                .filter(|(a, b)| a == b)
                .count();
            same_label += agree_labels;
            let agree_pos = analysis
                .pos
                .iter()
                .zip(&pos)
                .filter(|(a, b)| a == b)
                .count();
            same_pos += agree_pos;
            let upos: Vec<&str> = analysis.pos.iter().map(String::as_str).collect();
            let xpos: Vec<&str> = analysis.tags.iter().map(String::as_str).collect();
            let lemmas = lemmatiser.lemmatize(&words, &upos, &xpos);
            let edits: Vec<String> = words
                .iter()
                .zip(&lemmas)
                .map(|(w, l)| english_tagger::lemma_edit(w, l))
                .collect();
            let agree_lemmas = edits
                .iter()
                .zip(&lemma_edits)
                .filter(|(a, b)| a == b)
                .count();
            same_lemma += agree_lemmas;
            if agree_lemmas != edits.len() {
                eprintln!("{words:?}\n  ours   {edits:?}\n  spaCy  {lemma_edits:?}");
            }
            if agree_pos != pos.len() {
                eprintln!("{words:?}\n  ours   {:?}\n  spaCy  {pos:?}", analysis.pos);
            }
            let agree_heads = analysis
                .parse
                .heads
                .iter()
                .zip(&heads)
                .filter(|(a, b)| a == b)
                .count();
            same_head += agree_heads;
            if agree_heads != heads.len() {
                eprintln!(
                    "{words:?}\n  ours   {:?}\n  spaCy  {heads:?}",
                    analysis.parse.heads
                );
            }
            sentences_labelled += usize::from(agree_labels == labels.len());
            if agree_labels != labels.len() {
                eprintln!(
                    "{words:?}\n  ours   {:?}\n  spaCy  {labels:?}",
                    analysis.parse.labels
                );
            }
            assert_eq!(tags.len(), expected.len());
            let agree = tags.iter().zip(&expected).filter(|(a, b)| a == b).count();
            tokens += tags.len();
            same += agree;
            sentences_same += usize::from(agree == tags.len());
            total += 1;
            if agree != tags.len() {
                eprintln!("{words:?}\n  ours   {tags:?}\n  spaCy  {expected:?}");
            }
        }
    }
    eprintln!("tags: {same} of {tokens} tokens, {sentences_same} of {total} sentences");
    eprintln!("labels: {same_label} of {tokens} tokens, {sentences_labelled} of {total} sentences");
    eprintln!("heads: {same_head} of {tokens} tokens; pos: {same_pos}; lemmas: {same_lemma}");
    assert_eq!((same, same_label, same_head), (tokens, tokens, tokens));
    assert_eq!((same_pos, same_lemma), (tokens, tokens));
    assert_eq!((sentences_same, sentences_labelled), (total, total));
}
