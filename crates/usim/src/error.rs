/// Why a USim computation cannot be done.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The passage could not be read.
    #[error(transparent)]
    Passage(#[from] ucca_graph::Error),
    /// A passage without terminals.
    #[error("passage {passage}: no terminals")]
    Empty {
        /// The passage ID.
        passage: String,
    },
    /// A passage longer than USim ([`crate::MAX_PASSAGE_TERMINALS`]) or the text parser
    /// ([`crate::MAX_LINE_TOKENS`]) accepts.
    #[error(
        "passage {passage}: {terminals} tokens, more than the limit of {limit}; score long \
         texts paragraph by paragraph, or cut them into sentences (gecbias: --sentences)"
    )]
    TooLong {
        /// The passage ID.
        passage: String,
        /// Its terminals.
        terminals: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A line with a token longer than USim's word alignment accepts
    /// ([`crate::MAX_TOKEN_CHARS`]).
    #[error(
        "passage {passage}: a token of {chars} characters, more than the limit of {limit} \
         (usim::MAX_TOKEN_CHARS): is this text?"
    )]
    TokenTooLong {
        /// The passage ID.
        passage: String,
        /// The token's length in characters.
        chars: usize,
        /// The accepted maximum.
        limit: usize,
    },
    /// A passage whose foundational layer has no edge: unlabelled text, not a UCCA graph.
    #[error("passage {passage}: the foundational layer has no edges (not a UCCA annotation)")]
    NoFoundationalLayer {
        /// The passage ID.
        passage: String,
    },
    /// DISTSIM of a label that no pair shares: the released code divides by zero there.
    #[error("DISTSIM of {label} is undefined: no unit with this label is shared (0/0)")]
    UndefinedDistsim {
        /// The label (`H`, `A`, `D`, `S`, `P` or `A+D`).
        label: String,
    },
    /// Parsing text failed.
    #[error(transparent)]
    Parser(#[from] ucca_parser::Error),
    /// Sources and outputs of different lengths.
    #[error("{sources} source lines but {outputs} output lines")]
    LineCounts {
        /// Source lines.
        sources: usize,
        /// Output lines.
        outputs: usize,
    },
}
