//! USim: the mean over sentences of USim(source, output) on the native UCCA parser's parses, the
//! other direction beside it; no references.

use coverage_sim::Mean;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use ucca_parser::Parser;
use usim::{PairUsim, Params, TextParser, Tokenization, usim_systems};

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

/// How text becomes passages, and which USim.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct UsimOptions {
    /// Lines tokenised already (tokens separated by spaces), or raw text.
    pub tokenization: Tokenization,
    /// Cut each line into sentences (NLTK's Punkt) before parsing.
    pub sentences: bool,
    /// Which USim.
    pub version: UsimVersion,
    /// The UCCA parser (`None`: the built-in BiLSTM).
    pub parser: Option<ParserModel>,
}

/// USim of outputs against their sources, parsed by one parser.
pub struct UsimScorer {
    parser: Parser,
    parser_name: String,
    splitter: Option<PunktSentenceTokenizer>,
    options: UsimOptions,
}

impl UsimScorer {
    /// A scorer with `options`' parser (and Punkt's English parameters for `sentences`) loaded.
    pub fn new(options: UsimOptions) -> Result<UsimScorer, Error> {
        let (parser, parser_name) = parser(options.parser.as_ref())?;
        let splitter = if options.sentences {
            let parameters =
                PunktParameters::english().map_err(|source| Error::Punkt { source })?;
            Some(PunktSentenceTokenizer::new(parameters))
        } else {
            None
        };
        Ok(UsimScorer {
            parser,
            parser_name,
            splitter,
            options,
        })
    }

    /// `USim|params:released|dirs:both|tok:raw|sent:line|parser:ucca-wiki-bilstm|version:…`.
    pub fn signature(&self) -> Signature {
        let tok = match self.options.tokenization {
            Tokenization::Pretokenized => "pretokenized",
            _ => "raw",
        };
        let split = if self.options.sentences {
            "punkt"
        } else {
            "line"
        };
        Signature::new("USim")
            .with("params", self.options.version.name())
            .with("dirs", "both")
            .with("tok", tok)
            .with("sent", split)
            .with("parser", &self.parser_name)
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
        let mut text = TextParser::new(&self.parser, self.options.tokenization);
        if let Some(s) = &self.splitter {
            text = text.with_sentences(s);
        }
        let lines: Vec<Vec<String>> = outputs.iter().map(|o| o.lines.clone()).collect();
        let scored = usim_systems(&text, &source.lines, &lines, &self.options.version.params())
            .map_err(|e| Error::UsimSystems {
                source: Box::new(e),
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
