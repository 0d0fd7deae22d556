//! The engine's metric catalogue as clap values: `score -m` and `meta-eval -m` take the
//! catalogue's names (and aliases), and their help lists each with its summary, so that a metric
//! added to the catalogue is offered without touching the command.

use std::sync::OnceLock;

use clap::builder::PossibleValue;
use gecbias_engine::{MetaMetric, Metric};

/// A metric of `score -m`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MetricArg(pub(crate) Metric);

impl clap::ValueEnum for MetricArg {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: OnceLock<Vec<MetricArg>> = OnceLock::new();
        ALL.get_or_init(|| Metric::all().map(MetricArg).collect())
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let spec = self.0.spec();
        Some(
            PossibleValue::new(spec.name)
                .help(spec.summary)
                .aliases(spec.aliases.iter().copied()),
        )
    }
}

/// A metric row of `meta-eval -m`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MetaMetricArg(pub(crate) MetaMetric);

impl clap::ValueEnum for MetaMetricArg {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: OnceLock<Vec<MetaMetricArg>> = OnceLock::new();
        ALL.get_or_init(|| MetaMetric::all().map(MetaMetricArg).collect())
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).help(self.0.summary()))
    }
}

/// `names` as a sentence lists them: `a, b and c`.
pub(crate) fn listed(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
