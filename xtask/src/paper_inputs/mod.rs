//! What the papers' experiments share: the CoNLL-2014 systems and their files, seeds, the
//! authors' published numbers and intervals, the JFLEG outputs, the UCCA corpora. An experiment
//! imports these (and the writer), never another experiment.

pub(crate) mod conll14;
pub(crate) mod easse_sets;
pub(crate) mod gjg15;
pub(crate) mod gmeg;
pub(crate) mod lcb;
pub(crate) mod seeda;
pub(crate) mod simplification_metaeval;
pub(crate) mod ucca;
pub(crate) mod usim;
