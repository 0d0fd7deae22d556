//! The pipeline on hand-made analyses: alignment costs and transpositions, merging, the
//! classifier's rules, M2 re-typing errors; and, over random sentences, the invariants every
//! alignment and every merge keeps.

use gec_errant::{
    AlignOptions, Analyser, Annotator, Classifier, Error, Merge, Op, RecordedAnalyses,
    RetypeOptions, Token, WordList, align, retype_m2, substitution_cost,
};
use proptest::prelude::*;

/// A token whose lemma is its lower-cased text, with a POS, Penn tag and label.
fn token(text: &str, pos: &str, tag: &str, dep: &str) -> Token {
    Token::new(text, &text.to_lowercase(), pos, tag, dep, 0)
}

fn noun(text: &str) -> Token {
    token(text, "NOUN", "NN", "dobj")
}

fn annotator(sentences: &[Vec<Token>]) -> Annotator<RecordedAnalyses> {
    let mut recorded = RecordedAnalyses::new();
    for s in sentences {
        recorded.insert(s.clone());
    }
    Annotator::new(
        recorded,
        Classifier::new(WordList::from_text("cat\ncats\nthe\nwas\nwere\n")),
    )
}

fn types(orig: &[Token], cor: &[Token], options: AlignOptions) -> Vec<(usize, usize, String)> {
    annotator(&[])
        .annotate(orig, cor, options)
        .into_iter()
        .map(|e| (e.o_start, e.o_end, e.error_type))
        .collect()
}

#[test]
fn substitution_cost_weighs_lemma_pos_and_characters() {
    assert_eq!(substitution_cost(&noun("Cat"), &noun("cat")), 0.0);
    // Different lemmas (here the lower-cased texts): 0.499, same POS, one of seven characters.
    let c = substitution_cost(&noun("cat"), &noun("cats"));
    assert!((c - (0.499 + 1.0 / 7.0)).abs() < 1e-12, "{c}");
    // Same lemma: only the POS (open classes 0.25, else 0.5) and the characters cost.
    let cats = Token::new("cats", "cat", "NOUN", "NNS", "dobj", 0);
    let verb = Token::new("cat", "cat", "VERB", "VB", "dep", 0);
    let det = Token::new("cat", "cat", "DET", "DT", "det", 0);
    assert!((substitution_cost(&cats, &verb) - (0.25 + 1.0 / 7.0)).abs() < 1e-12);
    assert!((substitution_cost(&cats, &det) - (0.5 + 1.0 / 7.0)).abs() < 1e-12);
}

#[test]
fn reordered_tokens_are_one_transposition_and_word_order() {
    let orig = [noun("big"), noun("red"), noun("car")];
    let cor = [noun("red"), noun("big"), noun("car")];
    let steps = align(&orig, &cor, false);
    assert_eq!(steps[0].op, Op::Transpose(2));
    assert_eq!(steps[1].op, Op::Match);
    assert_eq!(
        types(&orig, &cor, AlignOptions::default()),
        [(0, 2, "R:WO".to_owned())]
    );
    // Standard Levenshtein has no transpositions: two substitutions.
    let lev = align(&orig, &cor, true);
    assert_eq!([lev[0].op, lev[1].op], [Op::Substitute, Op::Substitute]);
}

#[test]
fn merging_strategies_group_adjacent_operations() {
    let det = |t: &str| token(t, "DET", "DT", "det");
    let orig = [det("a"), noun("cat"), noun("sat")];
    let cor = [det("the"), noun("cats"), noun("sat")];
    let split = AlignOptions::default().with_merge(Merge::AllSplit);
    let merged = AlignOptions::default().with_merge(Merge::AllMerge);
    assert_eq!(types(&orig, &cor, split).len(), 2);
    let all = types(&orig, &cor, merged);
    assert_eq!(all.len(), 1);
    assert_eq!((all[0].0, all[0].1), (0, 2));
    assert_eq!("all-equal".parse::<Merge>().unwrap(), Merge::AllEqual);
    assert!(matches!(
        "some".parse::<Merge>(),
        Err(Error::UnknownMerge(_))
    ));
}

#[test]
fn classifier_rules() {
    let verb = |t: &str, tag: &str| Token::new(t, "be", "AUX", tag, "ROOT", 0);
    let was = [verb("was", "VBD")];
    let were = [verb("were", "VBD")];
    assert_eq!(
        types(&was, &were, AlignOptions::default())[0].2,
        "R:VERB:SVA"
    );
    let orig = [noun("the"), noun("cat")];
    let cor = [noun("The"), noun("cat")];
    assert_eq!(types(&orig, &cor, AlignOptions::default())[0].2, "R:ORTH");
    let det = token("the", "DET", "DT", "det");
    assert_eq!(
        types(
            &[noun("cat")],
            &[det.clone(), noun("cat")],
            AlignOptions::default()
        )[0]
        .2,
        "M:DET"
    );
    let comma = token(",", "PUNCT", ",", "punct");
    assert_eq!(
        types(
            &[noun("cat"), comma],
            &[noun("cat")],
            AlignOptions::default()
        )[0]
        .2,
        "U:PUNCT"
    );
    // A one-word replacement outside the word list with a close spelling is SPELL.
    assert_eq!(
        types(&[noun("kat")], &[noun("cat")], AlignOptions::default())[0].2,
        "R:SPELL"
    );
}

#[test]
fn retyping_refuses_broken_m2_naming_the_line() {
    let sentence = vec![noun("cat"), noun("sat")];
    let a = annotator(std::slice::from_ref(&sentence));
    let options = RetypeOptions::default();
    let outside = "S cat sat\nA 1 5|||X|||y|||REQUIRED|||-NONE-|||0\n\n";
    let e = retype_m2(&a, outside, "g.m2", options)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "g.m2:2: edit span 1..5 is outside the sentence of 2 tokens"
    );
    let garbage = "S cat sat\nnot an edit\n\n";
    let e = retype_m2(&a, garbage, "g.m2", options)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("g.m2:2: expected an S, A or blank line"),
        "{e}"
    );
    // A sentence the analyses do not know is named.
    let unknown = "S dog sat\nA 0 1|||X|||cat|||REQUIRED|||-NONE-|||0\n\n";
    let e = retype_m2(&a, unknown, "g.m2", options)
        .unwrap_err()
        .to_string();
    assert!(e.contains("dog sat"), "{e}");
    let noop = "S cat sat\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n";
    assert_eq!(
        retype_m2(&a, noop, "g.m2", options).unwrap(),
        "S cat sat\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
    );
}

#[test]
fn recorded_analyses_read_spacy_json_lines() {
    let line = r#"{"words": ["He", "goes"], "tag": ["PRP", "VBZ"], "pos": ["PRON", "VERB"], "lemma": ["he", "go"], "dep": ["nsubj", "ROOT"], "head": [1, 1]}"#;
    let recorded = RecordedAnalyses::from_jsonl(line, "a.jsonl").unwrap();
    let tokens = recorded.analyse(&["He", "goes"]).unwrap();
    assert_eq!((tokens[1].lemma.as_str(), tokens[0].head), ("go", 1));
    let bad = r#"{"words": ["He"], "tag": [], "pos": [], "lemma": [], "dep": [], "head": []}"#;
    let e = RecordedAnalyses::from_jsonl(bad, "a.jsonl")
        .unwrap_err()
        .to_string();
    assert_eq!(e, "a.jsonl:1: fields of different lengths");
}

fn sentence() -> impl Strategy<Value = Vec<Token>> {
    let words = [
        "a", "the", "cat", "Cat", "cats", "sat", "on", "mat", ",", ".",
    ];
    let pos = [
        "DET", "DET", "NOUN", "NOUN", "NOUN", "VERB", "ADP", "NOUN", "PUNCT", "PUNCT",
    ];
    prop::collection::vec(0..words.len(), 0..9).prop_map(move |ix| {
        ix.into_iter()
            .map(|i| token(words[i], pos[i], "NN", "dep"))
            .collect()
    })
}

proptest! {
    #[test]
    fn alignments_tile_both_sentences_and_edits_stay_inside(orig in sentence(), cor in sentence(), lev: bool, m in 0usize..4) {
        let steps = align(&orig, &cor, lev);
        let (mut o, mut c) = (0, 0);
        for s in &steps {
            prop_assert_eq!((s.o_start, s.c_start), (o, c));
            o = s.o_end;
            c = s.c_end;
        }
        prop_assert_eq!((o, c), (orig.len(), cor.len()));
        let options = AlignOptions::default().with_lev(lev).with_merge(Merge::ALL[m]);
        let edits = annotator(&[]).annotate(&orig, &cor, options);
        let mut last = 0;
        for e in &edits {
            prop_assert!(e.o_start >= last && e.o_start <= e.o_end && e.o_end <= orig.len());
            prop_assert!(e.c_start <= e.c_end && e.c_end <= cor.len());
            prop_assert!(e.error_type == "UNK" || ["M:", "R:", "U:"].contains(&&e.error_type[..2]));
            last = e.o_end;
        }
        if orig.iter().map(|t| &t.text).eq(cor.iter().map(|t| &t.text)) {
            prop_assert!(edits.is_empty());
        }
    }
}

#[test]
fn two_sides_of_the_same_text_with_their_spaces_are_unk() {
    // `he /she` corrected to `he/she`, tokenised from raw text: `/she` against `/` + `she` with
    // no space between them is the same text (ERRANT compares the spans' texts): UNK. With a
    // space after `/` it is an orthography edit.
    let classifier = Classifier::new(WordList::from_text("she\n"));
    let orig = [token("/she", "NOUN", "NN", "conj")];
    let joined = [
        token("/", "SYM", "SYM", "cc").with_space(false),
        token("she", "PRON", "PRP", "conj"),
    ];
    assert_eq!(classifier.classify(&orig, (0, 1), &joined, (0, 2)), "UNK");
    let spaced = [joined[0].clone().with_space(true), joined[1].clone()];
    assert_eq!(
        classifier.classify(&orig, (0, 1), &spaced, (0, 2)),
        "R:ORTH"
    );
}

#[test]
fn lines_longer_than_annotation_takes_are_refused_naming_them() {
    let long = vec!["w ".repeat(gec_errant::MAX_SENTENCE_TOKENS + 1)];
    let short = vec!["w".to_owned()];
    let options = gec_errant::ParallelOptions::default();
    match gec_errant::annotate_parallel(
        &annotator(&[]),
        &short,
        std::slice::from_ref(&long),
        options,
    ) {
        Err(Error::TooLong {
            input,
            line,
            message,
        }) => {
            assert_eq!((input, line), (gec_errant::Input::Corrections(0), 1));
            assert!(message.starts_with("2001 tokens;"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    // With tokenisation, a word longer than the tokenizer takes.
    let word = vec!["a".repeat(gec_errant::MAX_PIECE_CHARS + 1)];
    let tokenised = options.with_tokenise(true);
    match gec_errant::annotate_parallel(
        &annotator(&[]),
        &word,
        std::slice::from_ref(&short),
        tokenised,
    ) {
        Err(Error::TooLong { input, line, .. }) => {
            assert_eq!((input, line), (gec_errant::Input::Originals, 1));
        }
        other => panic!("{other:?}"),
    }
    let m2 = format!("S {}\n\n", long[0].trim());
    let err = retype_m2(&annotator(&[]), &m2, "g.m2", RetypeOptions::default()).unwrap_err();
    assert!(err.to_string().starts_with("g.m2:1: 2001 tokens;"), "{err}");
}

#[test]
fn a_versions_typed_file_is_its_written_m2_read_back() {
    let the = token("the", "DET", "DT", "det");
    let sentences = [
        vec![noun("cat"), token("was", "AUX", "VBD", "cop")],
        vec![noun("cats"), token("were", "AUX", "VBD", "cop")],
        vec![the.clone(), noun("cat"), token("was", "AUX", "VBD", "cop")],
    ];
    let annotator = annotator(&sentences);
    let originals = ["cat was", "", "cat was"].map(String::from).to_vec();
    let corrections = [
        ["cats were", "", "cat was"].map(String::from).to_vec(),
        ["the cat was", "", "cats were"].map(String::from).to_vec(),
    ];
    let typed = gec_errant::annotate_parallel(
        &annotator,
        &originals,
        &corrections,
        gec_errant::ParallelOptions::default(),
    )
    .unwrap();
    for k in 0..corrections.len() {
        // The version alone, a blank original written as an empty S block.
        let mut m2 = String::new();
        let mut rest = typed.iter().peekable();
        for line in 0..originals.len() {
            match rest.next_if(|s| s.line == line) {
                Some(s) => m2.push_str(&gec_errant::parallel_m2(&[gec_errant::ParallelSentence {
                    corrections: vec![s.corrections[k].clone()],
                    ..s.clone()
                }])),
                None => m2.push_str("S \n\n"),
            }
        }
        let read = gec_metrics::M2File::parse(&m2, "h.m2").unwrap();
        let file = gec_errant::parallel_file(&typed, k, originals.len(), "h.m2");
        assert_eq!(file, read, "version {k}:\n{m2}");
        assert!(file.blocks.iter().any(|b| !b.edits.is_empty()));
    }
    assert!(
        gec_errant::parallel_m2(&typed).contains("|||noop|||"),
        "a noop is among the cases"
    );
}
