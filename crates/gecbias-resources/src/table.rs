// The resources and their files, read by both the library and its build script (`include!`d
// there), so the two cannot disagree.

/// For each resource, in [`Resource`] order: its folder under the repository's `models/` and the
/// files it consists of.
const TABLE: [(&str, &[&str]); 8] = [
    ("ucca-wiki-bilstm", &["model.bin"]),
    (
        "punkt-english",
        &[
            "abbrev_types.txt",
            "collocations.tab",
            "sent_starters.txt",
            "ortho_context.tab",
        ],
    ),
    ("wordnet-3.0-nouns", &["noun-lemmas.txt", "noun.exc"]),
    ("english-tagger-ewt", &["model.bin"]),
    ("errant-en-gb-words", &["en_GB-large.txt"]),
    ("ucca-wiki-v1.2", &["model.bin"]),
    ("spacy-en-core-web-sm", &["model.bin"]),
    ("lexical-complexity-en", &["words.txt", "stopwords.txt"]),
];
