//! USim: the mean over sentences of USim(source, output) on the native UCCA parser's parses, the
//! other direction beside it; no references.

use std::path::Path;

use corpus_resampling::Mean;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use ucca_graph::Passage;
use ucca_parser::{Parser, Token};
use usim::{PairUsim, Params, PreparedPassage, TextParser, Tokenization, usim, usim_systems};

use crate::report::{Parts, Scored, Scores, SentenceScore};
use crate::{Error, Lines, MetricReport, ParserModel, Resampling, Signature, System, parser};

/// Which USim: as released (ucca 1.0.50) or as the authors' 2017 branch computed it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum UsimVersion {
    /// As released.
    #[default]
    Released,
    /// The authors' 2017 branch.
    Branch2017,
}

impl UsimVersion {
    /// The name in signatures: `released`, `branch-2017`.
    pub fn name(self) -> &'static str {
        match self {
            UsimVersion::Released => "released",
            UsimVersion::Branch2017 => "branch-2017",
        }
    }

    /// USim's parameters of this version.
    pub fn params(self) -> Params {
        match self {
            UsimVersion::Released => Params::RELEASED,
            UsimVersion::Branch2017 => Params::BRANCH_2017,
        }
    }

    /// The signature of USim on UCCA XML passages given, not parsed:
    /// `USim|params:released|dirs:both|xml|version:…`.
    pub fn xml_signature(self) -> Signature {
        Signature::new("USim")
            .with("params", self.name())
            .with("dirs", "both")
            .flag("xml")
            .with("version", crate::VERSION)
    }
}

/// How text becomes UCCA passages: parse, tag and USim read text this way.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct TextOptions {
    /// Lines tokenised already (tokens separated by spaces), or raw text.
    pub tokenization: Tokenization,
    /// Cut each line into sentences (NLTK's Punkt) before parsing.
    pub sentences: bool,
    /// The UCCA parser (`None`: the built-in BiLSTM).
    pub parser: Option<ParserModel>,
}

/// How text becomes passages, and which USim.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct UsimOptions {
    /// How text becomes passages.
    pub text: TextOptions,
    /// Which USim.
    pub version: UsimVersion,
}

/// The native UCCA parser with `TextOptions`' tokenisation and sentence splitting loaded: text
/// in, passages out.
pub struct TextParsing {
    parser: Parser,
    parser_name: String,
    splitter: Option<PunktSentenceTokenizer>,
    options: TextOptions,
}

impl TextParsing {
    /// The parser `options` names (and Punkt's English parameters for `sentences`), loaded.
    pub fn new(options: TextOptions) -> Result<TextParsing, Error> {
        let (parser, parser_name) = parser(options.parser.as_ref())?;
        let splitter = if options.sentences {
            let parameters =
                PunktParameters::english().map_err(|source| Error::Punkt { source })?;
            Some(PunktSentenceTokenizer::new(parameters))
        } else {
            None
        };
        Ok(TextParsing {
            parser,
            parser_name,
            splitter,
            options,
        })
    }

    /// The parser's name in signatures (`ucca-wiki-bilstm`, `ucca-wiki-v1.2`,
    /// `model-<checksum>`).
    pub fn parser_name(&self) -> &str {
        &self.parser_name
    }

    fn text(&self) -> TextParser<'_> {
        let text = TextParser::new(&self.parser, self.options.tokenization);
        match &self.splitter {
            Some(s) => text.with_sentences(s),
            None => text,
        }
    }

    /// The passage of `line`, line `number` (1-based, its id) of `origin`; a blank line is an
    /// empty passage.
    pub fn passage(&self, origin: &str, number: usize, line: &str) -> Result<Passage, Error> {
        let id = number.to_string();
        let parsed = if line.trim().is_empty() {
            self.parser
                .parse_tokens(&id, &Vec::<Token>::new())
                .map_err(usim::Error::from)
        } else {
            self.text().passage(&id, line)
        };
        parsed.map_err(|e| Error::Parse {
            file: origin.to_owned(),
            line: number,
            source: Box::new(e),
        })
    }

    /// One passage per line, with ids 1, 2, ….
    pub fn passages(&self, lines: &Lines) -> Result<Vec<Passage>, Error> {
        (1..)
            .zip(&lines.lines)
            .map(|(number, line)| self.passage(&lines.origin, number, line))
            .collect()
    }
}

/// USim of outputs against their sources, parsed by one parser.
pub struct UsimScorer {
    parsing: TextParsing,
    version: UsimVersion,
}

impl UsimScorer {
    /// A scorer with `options`' parser (and Punkt's English parameters for `sentences`) loaded.
    pub fn new(options: UsimOptions) -> Result<UsimScorer, Error> {
        Ok(UsimScorer {
            parsing: TextParsing::new(options.text)?,
            version: options.version,
        })
    }

    /// `USim|params:released|dirs:both|tok:raw|sent:line|parser:ucca-wiki-bilstm|version:…`.
    pub fn signature(&self) -> Signature {
        let text = &self.parsing.options;
        let tok = match text.tokenization {
            Tokenization::Pretokenized => "pretokenized",
            _ => "raw",
        };
        let split = if text.sentences { "punkt" } else { "line" };
        Signature::new("USim")
            .with("params", self.version.name())
            .with("dirs", "both")
            .with("tok", tok)
            .with("sent", split)
            .with("parser", self.parsing.parser_name())
            .with("version", crate::VERSION)
    }

    /// USim of every line of each output against the source line of the same number, both
    /// directions; each distinct line is parsed once for all outputs.
    pub fn pairs(&self, source: &Lines, outputs: &[&Lines]) -> Result<Vec<Vec<PairUsim>>, Error> {
        if let Some(o) = outputs.iter().find(|o| o.lines.len() != source.lines.len()) {
            return Err(Error::LineCounts {
                file: o.origin.clone(),
                lines: o.lines.len(),
                other: source.origin.clone(),
                expected: source.lines.len(),
            });
        }
        let text = self.parsing.text();
        let lines: Vec<Vec<String>> = outputs.iter().map(|o| o.lines.clone()).collect();
        let scored =
            usim_systems(&text, &source.lines, &lines, &self.version.params()).map_err(|e| {
                Error::UsimSystems {
                    source: Box::new(e),
                }
            })?;
        outputs
            .iter()
            .zip(scored)
            .map(|(output, pairs)| {
                pairs
                    .into_iter()
                    .enumerate()
                    .map(|(i, pair)| {
                        // The passage named in the message ("source" or "output") says which
                        // file is at fault.
                        pair.map_err(|e| Error::Usim {
                            file: output.origin.clone(),
                            line: i + 1,
                            source_file: source.origin.clone(),
                            source: Box::new(e),
                        })
                    })
                    .collect()
            })
            .collect()
    }

    /// Each system's mean USim(source, output), USim(output, source) beside it, and what
    /// `resampling` asks for.
    pub fn report(
        &self,
        source: &Lines,
        systems: &[System],
        resampling: &Resampling,
    ) -> Result<MetricReport, Error> {
        let outputs: Vec<&Lines> = systems.iter().map(|s| &s.output).collect();
        let systems = self
            .pairs(source, &outputs)?
            .into_iter()
            .zip(systems)
            .map(|(pairs, system)| {
                let n = pairs.len().max(1) as f64;
                Scored {
                    system: system.name.clone(),
                    score: pairs.iter().map(|x| x.source_to_output).sum::<f64>() / n,
                    parts: Parts::Usim {
                        output_to_source: pairs.iter().map(|x| x.output_to_source).sum::<f64>() / n,
                    },
                    items: pairs.iter().map(|x| x.source_to_output).collect(),
                    sentences: pairs
                        .iter()
                        .map(|x| SentenceScore::Usim {
                            output_to_source: x.output_to_source,
                            score: x.source_to_output,
                        })
                        .collect(),
                }
            })
            .collect();
        Scores {
            name: "USim",
            signature: self.signature(),
            systems,
        }
        .report(resampling, &Mean, None)
    }
}

fn prepared(path: &str) -> Result<PreparedPassage, Error> {
    let passage = Passage::read(path).map_err(|source| Error::Graph { source })?;
    PreparedPassage::new(&passage).map_err(|e| Error::Passage {
        file: path.to_owned(),
        source: Box::new(e),
    })
}

/// The passages a path names: the file itself (UCCA XML); every `*.xml` file of a folder, by
/// name; or the paths listed one per line in a list file (relative to the list's folder).
fn passage_paths(path: &str) -> Result<Vec<String>, Error> {
    let p = Path::new(path);
    if p.is_dir() {
        let mut files: Vec<String> = std::fs::read_dir(p)
            .map_err(|source| Error::Io {
                file: path.to_owned(),
                source,
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|f| f.extension().is_some_and(|x| x == "xml"))
            .map(|f| f.display().to_string())
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(Error::Passages {
                file: path.to_owned(),
                message: "no *.xml file in this folder".into(),
            });
        }
        return Ok(files);
    }
    let text = gec_metrics::read_text(path)?;
    if text.trim_start().starts_with('<') {
        return Ok(vec![path.to_owned()]);
    }
    let folder = p.parent().unwrap_or(Path::new(""));
    text.lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .map(|(line, entry)| {
            let listed = folder.join(entry);
            if listed.is_file() {
                Ok(listed.display().to_string())
            } else {
                Err(Error::Passages {
                    file: format!("{path}:{line}"),
                    message: format!("{entry:?} is neither UCCA XML nor the path of a passage"),
                })
            }
        })
        .collect()
}

/// USim of every output passage against the source passage at the same position, both
/// directions: `source` and `output` each a UCCA XML file, a folder of them (paired by file
/// name) or a list file of their paths.
pub fn usim_passages(
    source: &str,
    output: &str,
    version: UsimVersion,
) -> Result<Vec<PairUsim>, Error> {
    let params = version.params();
    let sources = passage_paths(source)?;
    let outputs = passage_paths(output)?;
    if outputs.len() != sources.len() {
        return Err(Error::Passages {
            file: output.to_owned(),
            message: format!(
                "{} passages but {source} has {}",
                outputs.len(),
                sources.len()
            ),
        });
    }
    sources
        .iter()
        .zip(&outputs)
        .map(|(s, o)| {
            let (source, output) = (prepared(s)?, prepared(o)?);
            Ok(PairUsim {
                source_to_output: usim(&source, &output, &params).usim,
                output_to_source: usim(&output, &source, &params).usim,
            })
        })
        .collect()
}
