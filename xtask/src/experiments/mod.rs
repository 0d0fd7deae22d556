//! The experiments, one file each. Each is a library call on the data that returns a typed
//! result; the experiment renders it as markdown (ours beside the paper's or the reference's
//! numbers) and as JSON. `harness::registry` lists them.

pub(crate) mod conll14_scores;
pub(crate) mod en_tagger;
pub(crate) mod errant;
pub(crate) mod fig_accuracy;
pub(crate) mod fig_conservatism;
pub(crate) mod fig_f_gleu;
pub(crate) mod fig_reranking;
pub(crate) mod fig_sari;
pub(crate) mod fig_simp_reranking;
pub(crate) mod fig_systems;
pub(crate) mod meta_eval_gjg15;
pub(crate) mod meta_eval_gmeg;
pub(crate) mod meta_eval_ratings;
pub(crate) mod meta_eval_seeda;
pub(crate) mod meta_eval_simplification;
pub(crate) mod metric_zoo;
pub(crate) mod samsa;
mod samsa_scores;
pub(crate) mod systems_significance;
pub(crate) mod table1;
pub(crate) mod table4;
pub(crate) mod tle_conservatism;
pub(crate) mod ts_metrics;
pub(crate) mod type_undercorrection;
pub(crate) mod ucca_oracle;
pub(crate) mod ucca_parser;
pub(crate) mod ucca_roundtrip;
pub(crate) mod usim_automatic;
pub(crate) mod usim_error_types;
pub(crate) mod usim_parser;
pub(crate) mod usim_table1;
pub(crate) mod usim_variants;
pub(crate) mod validity;
pub(crate) mod variance;
