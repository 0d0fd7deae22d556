//! ERRANT's own analyser: spaCy's `en_core_web_sm` 3.8 run natively (crate `spacy-sm`).

use english_tagger::Lemmatizer;
use spacy_sm::Model;

use crate::{Analyser, Error, Token};

/// spaCy's analysis of pretokenised words, as ERRANT 3.0.2 gets it from `en_core_web_sm`
/// 3.8.0: the tagger's Penn tags, the attribute ruler's POS, the parser's labels and heads, and
/// the rule lemmatiser's lemmas (spaCy's lookups, as `english-tagger` implements them; a lemma
/// the attribute ruler set is kept, as spaCy keeps it).
#[derive(Debug, Clone)]
pub struct SpacyAnalyser {
    model: Model,
    lemmatiser: Lemmatizer,
}

impl SpacyAnalyser {
    /// The models built into this program (or named by `$GECBIAS_SPACY_MODEL` and
    /// `$GECBIAS_TAGGER_MODEL`, whose lemma tables are read).
    pub fn builtin() -> Result<SpacyAnalyser, Error> {
        Ok(SpacyAnalyser::new(
            Model::builtin()?,
            Lemmatizer::default_model()?,
        ))
    }

    /// An analyser from spaCy's converted model and the rule lemmatiser (read from the tagger
    /// model).
    pub fn new(model: Model, lemmatiser: Lemmatizer) -> SpacyAnalyser {
        SpacyAnalyser { model, lemmatiser }
    }

    /// The spaCy model.
    pub fn model(&self) -> &Model {
        &self.model
    }
}

impl SpacyAnalyser {
    /// ERRANT's tokens from spaCy's analysis of `words`.
    fn tokens(&self, words: &[&str], analysis: &spacy_sm::Analysis) -> Vec<Token> {
        let pos: Vec<&str> = analysis.pos.iter().map(String::as_str).collect();
        let tags: Vec<&str> = analysis.tags.iter().map(String::as_str).collect();
        let lemmas = self.lemmatiser.lemmatize(words, &pos, &tags);
        words
            .iter()
            .enumerate()
            .map(|(i, word)| {
                let lemma = analysis.ruler_lemmas[i].as_deref().unwrap_or(&lemmas[i]);
                Token::new(
                    word,
                    lemma,
                    pos[i],
                    tags[i],
                    &analysis.parse.labels[i],
                    analysis.parse.heads[i],
                )
            })
            .collect()
    }
}

impl Analyser for SpacyAnalyser {
    fn analyse(&self, words: &[&str]) -> Result<Vec<Token>, Error> {
        if words.is_empty() {
            return Ok(Vec::new());
        }
        Ok(self.tokens(words, &self.model.analyse(words)))
    }

    /// `nlp(text)`: spaCy's tokenizer, then the analysis of its tokens with their spaces.
    fn analyse_text(&self, text: &str) -> Result<Vec<Token>, Error> {
        let (words, analysis) = self.model.analyse_text(text);
        let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
        Ok(self
            .tokens(&texts, &analysis)
            .into_iter()
            .zip(&words)
            .map(|(t, w)| t.with_space(w.space))
            .collect())
    }
}
