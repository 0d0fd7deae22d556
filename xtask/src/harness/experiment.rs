//! What an experiment is: its id, title, inputs and run, and the report it returns. An
//! experiment imports this, the paper inputs and the writer, never another experiment.

use gecbias_data::DataDir;
use indicatif::ProgressBar;

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

impl Experiment {
    /// The experiment `id`, which reproduces what `title` says from `inputs` by `run`.
    pub(crate) const fn new(
        id: &'static str,
        title: &'static str,
        inputs: fn(&DataDir) -> anyhow::Result<Vec<String>>,
        run: Run,
    ) -> Experiment {
        Experiment {
            id,
            title,
            inputs,
            run,
            full: None,
        }
    }

    /// The same, with a paper-scale run for `--full`.
    pub(crate) const fn with_full(self, full: Run) -> Experiment {
        Experiment {
            full: Some(full),
            ..self
        }
    }
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
