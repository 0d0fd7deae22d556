//! spaCy's small English pipeline, `en_core_web_sm` 3.8, run natively from its own weights
//! (converted once by `cargo xtask import-spacy-model` into `models/spacy-en-core-web-sm`), so
//! that ERRANT's analyses need neither Python nor spaCy. It runs the tokenizer (the model's own
//! prefix, suffix, infix and URL expressions and special cases), the shared encoder (tok2vec:
//! hash embeddings of six lexical attributes, a maxout layer and four residual window layers), the
//! tagger (Penn Treebank tags), the dependency parser (arc-eager, greedy, deprojectivised) and the
//! attribute ruler (POS, morphology, some lemmas); the rule lemmatiser is `english-tagger`'s.
//!
//! ```
//! let model = spacy_sm::Model::builtin()?;
//! let tags = model.tag(&["She", "has", "eaten", "the", "apples", "."]);
//! assert_eq!(tags, ["PRP", "VBZ", "VBN", "DT", "NNS", "."]);
//!
//! let (words, analysis) = model.analyse_text("She can't stay.");
//! let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
//! assert_eq!(texts, ["She", "ca", "n't", "stay", "."]);
//! assert_eq!(analysis.parse.labels[2], "neg");
//! # Ok::<(), spacy_sm::Error>(())
//! ```
//!
//! * [`Model`] — the converted weights and the vocabulary tables the features need;
//!   [`Model::tag`] tags a tokenised sentence as spaCy tags a `Doc` made of those words, and
//!   [`Model::analyse`] adds the parse ([`Analysis`], [`Parse`]: heads and labels);
//!   [`Model::tokenize`] splits raw text as `nlp.tokenizer` does ([`Word`]: text, trailing space,
//!   a special case's norm) and [`Model::analyse_text`] analyses it as `nlp(text)` does.
//! * [`ATTRIBUTES`] — what the encoder embeds of each word.
//! * [`Error`] — a model file that cannot be read, named with what is wrong.
//! * [`MAGIC`], [`FORMAT_VERSION`] — the model file's format.

mod container;
mod error;
mod features;
mod hashing;
mod network;
mod parser;
mod ruler;
mod tokenizer;

use std::path::Path;

pub use container::{FORMAT_VERSION, MAGIC};
pub use error::Error;
pub use features::ATTRIBUTES;
pub use parser::Parse;
pub use tokenizer::Word;

use container::Container;
use features::Vocabulary;
use network::{Linear, Tok2Vec};
use parser::Parser;
use ruler::{AttributeRuler, Token};
use tokenizer::Tokenizer;

/// This crate's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// spaCy's `en_core_web_sm` as converted: the encoder, the tagger and its labels, and the
/// vocabulary's tables.
#[derive(Debug, Clone)]
pub struct Model {
    vocabulary: Vocabulary,
    tokenizer: Tokenizer,
    tok2vec: Tok2Vec,
    tagger: Linear,
    tags: Vec<String>,
    parser: Parser,
    ruler: AttributeRuler,
    source: Vec<String>,
}

/// What the pipeline says of a sentence, word by word, after the attribute ruler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The Penn Treebank tag (`tag_`).
    pub tags: Vec<String>,
    /// The universal part of speech (`pos_`), which the attribute ruler sets from the tag and,
    /// for some words, the word or its label.
    pub pos: Vec<String>,
    /// The morphological features the attribute ruler sets (`Number=Sing|PronType=Dem`; empty
    /// where it sets none).
    pub morph: Vec<String>,
    /// The lemma the attribute ruler sets for some words (`ca` → `can`), which the rule
    /// lemmatiser keeps; `None` for the others.
    pub ruler_lemmas: Vec<Option<String>>,
    /// Each word's head and label.
    pub parse: Parse,
}

impl Model {
    /// The model built into this program (`models/spacy-en-core-web-sm/model.bin`), or the file
    /// `$GECBIAS_SPACY_MODEL` names.
    pub fn builtin() -> Result<Model, Error> {
        use gecbias_resources::{Located, Resource, locate};
        match locate(Resource::SpacyModel)? {
            Located::Embedded(files) => {
                let bytes = files.get("model.bin").unwrap_or_default();
                Model::from_bytes(bytes, &files.describe("model.bin"))
            }
            Located::Path { path, .. } => Model::read(path),
        }
    }

    /// Reads a model file.
    pub fn read(path: impl AsRef<Path>) -> Result<Model, Error> {
        let path = path.as_ref();
        let bytes = bounded_read::read_file(path, bounded_read::Limits::BINARY)?;
        Model::from_bytes(&bytes, &path.display().to_string())
    }

    /// Reads a model from its bytes (`origin` names them in errors). A file that is truncated,
    /// altered, of another format version or lacking a part is refused whole.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<Model, Error> {
        let mut file = Container::parse(bytes, origin)?;
        let attributes = file.strings("tok2vec.attrs")?;
        if attributes != ATTRIBUTES {
            return Err(file.error(format!(
                "tok2vec embeds {attributes:?}; this build computes {ATTRIBUTES:?}"
            )));
        }
        let tok2vec = Tok2Vec::new(&file)?;
        let tokenizer = Tokenizer::new(&file)?;
        let tagger = Linear::new(&file, "tagger", tok2vec.width())?;
        let tags = file.strings("tagger.labels")?.to_vec();
        if tags.len() != tagger.outputs() {
            return Err(file.error(format!(
                "{} tag labels for {} tagger outputs",
                tags.len(),
                tagger.outputs()
            )));
        }
        let parser = Parser::new(&file, tok2vec.width())?;
        let ruler = AttributeRuler::new(&file)?;
        let source = file.strings("source")?.to_vec();
        let pairs = file.strings("norm_exceptions")?;
        if pairs.len() % 2 != 0 {
            return Err(file.error("norm_exceptions has an odd number of strings".into()));
        }
        let norm_exceptions = pairs
            .chunks_exact(2)
            .map(|p| (p[0].clone(), p[1].clone()))
            .collect();
        let vocabulary = Vocabulary {
            symbols: file.take_ids("symbols")?,
            lexeme_norm: file.take_by_hash("lexeme_norm")?,
            norm_exceptions,
        };
        Ok(Model {
            vocabulary,
            tokenizer,
            tok2vec,
            tagger,
            tags,
            parser,
            ruler,
            source,
        })
    }

    /// Where the weights come from: the spaCy package, its version and the spaCy version that
    /// converted them.
    pub fn source(&self) -> &[String] {
        &self.source
    }

    /// The tagger's labels (spaCy's `tagger.labels`: the Penn Treebank tags and a few more).
    pub fn tag_labels(&self) -> &[String] {
        &self.tags
    }

    /// The tagger's Penn Treebank tag of each word, as spaCy tags a `Doc` of these words (each
    /// followed by a space, as `Doc(vocab, words)` makes them; ERRANT parses pretokenised text
    /// this way). The attribute ruler retags whitespace words `_SP` ([`Model::analyse`]).
    pub fn tag(&self, words: &[&str]) -> Vec<&str> {
        let vectors = self.vectors(words, &vec![true; words.len()], &vec![None; words.len()]);
        self.tags_of(&vectors)
    }

    /// The tokens of raw text, as spaCy's English tokenizer makes them (`nlp.tokenizer(text)`):
    /// their texts and trailing spaces.
    pub fn tokenize(&self, text: &str) -> Vec<Word> {
        self.tokenizer.tokenize(text)
    }

    /// Tags, heads and labels of the words, as spaCy's tagger and parser give them for a `Doc`
    /// of these words (one sentence or several: the parser may start new sentences), each
    /// followed by a space as `Doc(vocab, words)` makes them.
    pub fn analyse(&self, words: &[&str]) -> Analysis {
        self.analyse_spaced(words, &vec![true; words.len()])
    }

    /// The analysis of raw text, as `nlp(text)` gives it: the tokenizer's words, then
    /// [`Model::analyse_spaced`] of them.
    pub fn analyse_text(&self, text: &str) -> (Vec<Word>, Analysis) {
        let words = self.tokenize(text);
        let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
        let spaces: Vec<bool> = words.iter().map(|w| w.space).collect();
        let norms: Vec<Option<&str>> = words.iter().map(|w| w.norm.as_deref()).collect();
        let analysis = self.analyse_with(&texts, &spaces, &norms);
        (words, analysis)
    }

    /// [`Model::analyse`] of words whose trailing spaces are given (`spaces[i]`: a space follows
    /// word `i`, spaCy's `whitespace_`, which the encoder reads).
    ///
    /// # Panics
    /// When `spaces` and `words` differ in length.
    pub fn analyse_spaced(&self, words: &[&str], spaces: &[bool]) -> Analysis {
        assert_eq!(words.len(), spaces.len(), "one space flag per word");
        self.analyse_with(words, spaces, &vec![None; words.len()])
    }

    fn analyse_with(&self, words: &[&str], spaces: &[bool], norms: &[Option<&str>]) -> Analysis {
        let vectors = self.vectors(words, spaces, norms);
        let space: Vec<bool> = words
            .iter()
            .map(|w| !w.is_empty() && w.chars().all(char::is_whitespace))
            .collect();
        let mut parse = self.parser.parse(&vectors, self.tok2vec.width(), &space);
        let mut tokens: Vec<Token> = words
            .iter()
            .zip(self.tags_of(&vectors))
            .zip(&space)
            .zip(&parse.labels)
            .map(|(((word, tag), &is_space), dep)| Token {
                lower: word.to_lowercase(),
                is_space,
                tag: tag.to_owned(),
                dep: dep.clone(),
                pos: String::new(),
                morph: String::new(),
                lemma: None,
            })
            .collect();
        self.ruler.apply(&mut tokens);
        let (mut tags, mut pos, mut morph, mut ruler_lemmas) = (
            Vec::with_capacity(words.len()),
            Vec::with_capacity(words.len()),
            Vec::with_capacity(words.len()),
            Vec::with_capacity(words.len()),
        );
        for (t, label) in tokens.into_iter().zip(parse.labels.iter_mut()) {
            tags.push(t.tag);
            pos.push(t.pos);
            morph.push(t.morph);
            ruler_lemmas.push(t.lemma);
            *label = t.dep;
        }
        Analysis {
            tags,
            pos,
            morph,
            ruler_lemmas,
            parse,
        }
    }

    /// tok2vec's vectors of the words, `[words][width]`.
    fn vectors(&self, words: &[&str], spaces: &[bool], norms: &[Option<&str>]) -> Vec<f32> {
        let attributes: Vec<[u64; 6]> = words
            .iter()
            .zip(spaces)
            .zip(norms)
            .map(|((w, &space), &norm)| self.vocabulary.attributes(w, space, norm))
            .collect();
        self.tok2vec.encode(&attributes)
    }

    fn tags_of(&self, vectors: &[f32]) -> Vec<&str> {
        self.tagger
            .argmax(vectors)
            .into_iter()
            .map(|k| self.tags[k].as_str())
            .collect()
    }
}
