//! USim on text (USim paper §4: source and output parsed by a UCCA parser, then compared): a line
//! becomes one passage — its sentences (Punkt, for paragraphs and essays) tokenised, parsed by
//! `ucca-parser` and joined in one paragraph, as TUPA's parses of NUCLE paragraphs are.

use mono_align::punkt::PunktSentenceTokenizer;
use rayon::prelude::*;
use ucca_graph::Passage;
use ucca_parser::{Parser, Token, tokenize};

use crate::{Error, MAX_PASSAGE_TERMINALS, Params, PreparedPassage, usim};

/// The most tokens one line may have for [`TextParser::passage`] (an essay has a few thousand;
/// parsing is linear, and a longer line is a file read as one line).
pub const MAX_LINE_TOKENS: usize = 20_000;

/// The longest token (in characters) a line may hold: USim aligns words character by character,
/// in time that grows with the square of their length (40,000 characters: seconds).
pub const MAX_TOKEN_CHARS: usize = 1_000;

/// How the text of a line is cut into tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Tokenization {
    /// Raw English text: [`ucca_parser::tokenize`] (spaCy-like).
    #[default]
    Raw,
    /// Already tokenised: tokens are separated by whitespace (the CoNLL-2014 and JFLEG files).
    Pretokenized,
}

/// Turns lines of text into passages: a parser, how to tokenise, and (for lines with several
/// sentences) a sentence splitter.
#[derive(Debug, Clone, Copy)]
pub struct TextParser<'a> {
    parser: &'a Parser,
    tokenization: Tokenization,
    sentences: Option<&'a PunktSentenceTokenizer>,
}

impl<'a> TextParser<'a> {
    /// Lines parsed by `parser`, tokenised as `tokenization`, each line one sentence.
    pub fn new(parser: &'a Parser, tokenization: Tokenization) -> TextParser<'a> {
        TextParser {
            parser,
            tokenization,
            sentences: None,
        }
    }

    /// Lines cut into sentences by Punkt before parsing.
    pub fn with_sentences(self, splitter: &'a PunktSentenceTokenizer) -> TextParser<'a> {
        TextParser {
            sentences: Some(splitter),
            ..self
        }
    }

    fn tokens(&self, sentence: &str) -> Vec<Token> {
        match self.tokenization {
            Tokenization::Raw => tokenize(sentence),
            Tokenization::Pretokenized => sentence.split_whitespace().map(Token::new).collect(),
        }
    }

    /// The passage of one line named `id`: each sentence parsed, the parses joined. A line of
    /// more than [`MAX_LINE_TOKENS`] tokens, or with a token of more than [`MAX_TOKEN_CHARS`]
    /// characters, is refused before anything is parsed.
    pub fn passage(&self, id: &str, line: &str) -> Result<Passage, Error> {
        self.passage_within(id, line, MAX_LINE_TOKENS)
    }

    /// [`TextParser::passage`] with at most `limit` tokens in the line.
    fn passage_within(&self, id: &str, line: &str, limit: usize) -> Result<Passage, Error> {
        let sentences = match self.sentences {
            Some(splitter) => splitter.tokenize(line),
            None => vec![line],
        };
        let tokens: Vec<Vec<Token>> = sentences.into_iter().map(|s| self.tokens(s)).collect();
        let total: usize = tokens.iter().map(Vec::len).sum();
        if total > limit {
            return Err(Error::TooLong {
                passage: id.to_owned(),
                terminals: total,
                limit,
            });
        }
        if let Some(chars) = tokens
            .iter()
            .flatten()
            .map(|t| t.text.chars().count())
            .max()
            .filter(|&chars| chars > MAX_TOKEN_CHARS)
        {
            return Err(Error::TokenTooLong {
                passage: id.to_owned(),
                chars,
                limit: MAX_TOKEN_CHARS,
            });
        }
        let parts = tokens
            .iter()
            .enumerate()
            .map(|(k, t)| self.parser.parse_tokens(&format!("{id}_{k}"), t))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Passage::join(id, &parts)?)
    }

    /// The passage of a line, prepared for USim; a line longer than USim accepts
    /// ([`MAX_PASSAGE_TERMINALS`]) is refused before it is parsed.
    pub fn prepared(&self, id: &str, line: &str) -> Result<PreparedPassage, Error> {
        PreparedPassage::new(&self.passage_within(id, line, MAX_PASSAGE_TERMINALS)?)
    }
}

/// USim of one source–output pair (two lines or two passages) in both orders, as the paper
/// reports it.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct PairUsim {
    /// USim(source, output).
    pub source_to_output: f64,
    /// USim(output, source).
    pub output_to_source: f64,
}

/// USim of an output line and its source line, both parsed by `text`, in both orders. A line
/// without a letter or digit (an empty line) follows `USim.py`'s rule instead: 1 when both are
/// such, 0 when one is ([`crate::empty_sentence_usim`]).
pub fn usim_text(
    text: &TextParser<'_>,
    source: &str,
    output: &str,
    params: &Params,
) -> Result<PairUsim, Error> {
    if let Some(v) = crate::empty_sentence_usim(source, output) {
        return Ok(PairUsim {
            source_to_output: v,
            output_to_source: v,
        });
    }
    let (s, o) = (
        text.prepared("source", source)?,
        text.prepared("output", output)?,
    );
    Ok(PairUsim {
        source_to_output: usim(&s, &o, params).usim,
        output_to_source: usim(&o, &s, params).usim,
    })
}

/// [`usim_text`] of every output line with the source line of the same index, in parallel (the
/// scores do not depend on the thread count). The two lists must be equally long.
pub fn usim_lines(
    text: &TextParser<'_>,
    sources: &[String],
    outputs: &[String],
    params: &Params,
) -> Result<Vec<PairUsim>, Error> {
    if sources.len() != outputs.len() {
        return Err(Error::LineCounts {
            sources: sources.len(),
            outputs: outputs.len(),
        });
    }
    sources
        .par_iter()
        .zip(outputs)
        .map(|(s, o)| usim_text(text, s, o, params))
        .collect()
}

/// [`usim_text`] of each system's outputs with the source lines, for many systems at once: each
/// distinct line (a source, an output, one shared by several systems) is parsed once, in
/// parallel, so k systems cost the distinct lines' parses rather than 2k parses per sentence.
/// `result[k][i]` is system k's sentence i, equal to `usim_text(text, &sources[i],
/// &systems[k][i], params)`, its error included; every system must have as many lines as
/// `sources`.
pub fn usim_systems(
    text: &TextParser<'_>,
    sources: &[String],
    systems: &[Vec<String>],
    params: &Params,
) -> Result<Vec<Vec<Result<PairUsim, Error>>>, Error> {
    if let Some(lines) = systems.iter().find(|s| s.len() != sources.len()) {
        return Err(Error::LineCounts {
            sources: sources.len(),
            outputs: lines.len(),
        });
    }
    let mut index: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut distinct: Vec<&str> = Vec::new();
    for line in sources.iter().chain(systems.iter().flatten()) {
        index.entry(line.as_str()).or_insert_with(|| {
            distinct.push(line);
            distinct.len() - 1
        });
    }
    let parsed: Vec<Option<PreparedPassage>> = distinct
        .par_iter()
        .map(|line| text.prepared("line", line).ok())
        .collect();
    let pair = |s: &String, o: &String| -> Result<PairUsim, Error> {
        if crate::empty_sentence_usim(s, o).is_some() {
            return usim_text(text, s, o, params);
        }
        match (&parsed[index[s.as_str()]], &parsed[index[o.as_str()]]) {
            (Some(sp), Some(op)) => Ok(PairUsim {
                source_to_output: usim(sp, op, params).usim,
                output_to_source: usim(op, sp, params).usim,
            }),
            // Parsed again under its role's name, so the error says which side failed.
            _ => usim_text(text, s, o, params),
        }
    };
    Ok(systems
        .par_iter()
        .map(|outputs| {
            sources
                .par_iter()
                .zip(outputs)
                .map(|(s, o)| pair(s, o))
                .collect()
        })
        .collect())
}
