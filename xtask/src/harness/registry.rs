//! The registry: every experiment, in the order `reproduce all` runs them. Adding a report is
//! one new file under `experiments/` and its line here.

use crate::experiments::*;
use crate::harness::experiment::Experiment;

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
    meta_eval_simplification::EXPERIMENT,
    meta_eval_gmeg::EXPERIMENT,
    meta_eval_ratings::EXPERIMENT,
    metric_zoo::EXPERIMENT,
    ts_metrics::EXPERIMENT,
    samsa::EXPERIMENT,
];
