//! The registry of experiments. Each is a library call on the data that returns a typed result;
//! the experiment renders it as markdown (ours beside the paper's or the reference's numbers) and
//! as JSON.

mod conll14_scores;
mod en_tagger;
mod errant;
mod fig_accuracy;
mod fig_conservatism;
mod fig_f_gleu;
mod fig_reranking;
mod fig_sari;
mod fig_simp_reranking;
mod fig_systems;
pub(crate) mod meta_eval_gjg15;
mod meta_eval_seeda;
mod systems_significance;
mod table1;
mod table4;
mod tle_conservatism;
mod type_undercorrection;
mod ucca_oracle;
mod ucca_parser;
mod ucca_roundtrip;
mod usim_automatic;
mod usim_error_types;
mod usim_parser;
mod usim_table1;
mod usim_variants;
mod validity;
mod variance;

pub(crate) use crate::paper_inputs::SYSTEMS;
pub(crate) use fig_systems::{interval as authors_interval, stats as authors_stats};
use gecbias_data::DataDir;
use indicatif::ProgressBar;
pub(crate) use usim_automatic::JFLEG_OUTPUTS;

/// One reproducible experiment.
pub(crate) struct Experiment {
    /// The ID used on the command line and as the report's file name.
    pub(crate) id: &'static str,
    /// One line saying what is reproduced.
    pub(crate) title: &'static str,
    /// The data files the experiment reads (relative paths); the data manifest is their union.
    pub(crate) inputs: fn(&DataDir) -> anyhow::Result<Vec<String>>,
    /// Runs the experiment on those inputs, advancing the progress bar once per input.
    pub(crate) run: Run,
    /// The paper-scale run (`--full`) of an experiment whose default is scaled down for CI.
    pub(crate) full: Option<Run>,
}

/// An experiment's run on the data directory and its inputs, advancing the progress bar once per
/// input.
pub(crate) type Run = fn(&DataDir, &[String], &ProgressBar) -> anyhow::Result<Report>;

/// What an experiment produced.
pub(crate) struct Report {
    /// The report body (deterministic: no timings, no absolute paths).
    pub(crate) markdown: String,
    /// The typed result as JSON.
    pub(crate) json: serde_json::Value,
    /// SVG figures as (file-name suffix, SVG text); written to `target/reproduce/<id>-<name>.svg`.
    pub(crate) figures: Vec<(&'static str, String)>,
}

/// Every registered experiment, in the order `reproduce all` runs them.
pub(crate) const ALL: &[Experiment] = &[
    ucca_roundtrip::EXPERIMENT,
    fig_conservatism::EXPERIMENT,
    table1::EXPERIMENT,
    table4::EXPERIMENT,
    fig_accuracy::EXPERIMENT,
    conll14_scores::EXPERIMENT,
    usim_table1::EXPERIMENT,
    usim_automatic::NUCLE,
    usim_automatic::JFLEG,
    fig_systems::EXPERIMENT,
    fig_f_gleu::EXPERIMENT,
    fig_reranking::EXPERIMENT,
    fig_simp_reranking::EXPERIMENT,
    fig_sari::EXPERIMENT,
    ucca_oracle::EXPERIMENT,
    ucca_parser::EXPERIMENT,
    usim_parser::EXPERIMENT,
    en_tagger::EXPERIMENT,
    errant::EXPERIMENT,
    type_undercorrection::EXPERIMENT,
    validity::EXPERIMENT,
    usim_error_types::EXPERIMENT,
    usim_variants::EXPERIMENT,
    variance::EXPERIMENT,
    tle_conservatism::EXPERIMENT,
    systems_significance::EXPERIMENT,
    meta_eval_gjg15::EXPERIMENT,
    meta_eval_seeda::EXPERIMENT,
];
