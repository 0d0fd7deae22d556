//! Ensembles of neural models: networks trained alike from different seeds, scoring each
//! transition together by the mean of their scores (Dietterich 2000; the ensembles of TUPA's
//! successors at SemEval-2019 Task 1). The seeds' errors differ, so their mean errs less than
//! any of them.

use ucca_graph::Passage;

use crate::Error;
use crate::model::{MemberRun, Model, TrainedClassifier};
use crate::train::evaluate_on;

/// One model whose classifier scores every action by the mean of the members' scores,
/// s(a) = (1/M) Σₘ sₘ(a), M ≥ 2; the parser takes the best allowed action as ever. The members
/// must be neural models trained alike: the same lexicon, feature set, network settings,
/// training data and digests — they differ in their seed (and so in their kept epoch). The
/// header is the first member's, with every member's run in [`ModelHeader::ensemble`] (a member
/// that is itself an ensemble contributes its members) and, as `dev`, the ensemble's own score on
/// the `dev` sentences (the official evaluator's counts, normalised, micro over sentences).
///
/// An [`Error::Ensemble`] names the first member that does not fit.
///
/// [`ModelHeader::ensemble`]: crate::ModelHeader::ensemble
pub fn ensemble(members: Vec<Model>, dev: &[Passage]) -> Result<Model, Error> {
    let refuse = |message: String| Err(Error::Ensemble { message });
    let Some(first) = members.first() else {
        return refuse("no member".to_owned());
    };
    if first.header.neural.is_none() {
        return refuse("member 1 is not a neural model".to_owned());
    }
    let mut header = first.header.clone();
    let lexicon = first.lexicon.clone();
    let mut runs = Vec::new();
    let mut networks = Vec::new();
    for (i, member) in members.into_iter().enumerate() {
        let h = &member.header;
        let differs = [
            ("network settings", h.neural != header.neural),
            ("feature set", h.features != header.features),
            ("actions", h.actions != header.actions),
            (
                "training data",
                h.training_data_digest != header.training_data_digest,
            ),
            (
                "feature templates",
                h.feature_templates_digest != header.feature_templates_digest,
            ),
            (
                "vocabulary",
                h.vocabulary_digest != header.vocabulary_digest,
            ),
            ("lexicon", member.lexicon != lexicon),
        ];
        if let Some((what, _)) = differs.iter().find(|(_, d)| *d) {
            return refuse(format!(
                "member {} differs from member 1 in its {what}",
                i + 1
            ));
        }
        if h.ensemble.is_empty() {
            runs.push(MemberRun {
                seed: h.seed,
                epochs: h.epochs,
                best_epoch: h.best_epoch,
                dev: h.dev,
            });
        } else {
            runs.extend(h.ensemble.iter().cloned());
        }
        match member.classifier {
            TrainedClassifier::Neural(n) => networks.extend(n),
            TrainedClassifier::Perceptron(_) => {
                return refuse(format!(
                    "member {} has a neural header but a perceptron's weights",
                    i + 1
                ));
            }
        }
    }
    if networks.len() < 2 {
        return refuse("one network is not an ensemble".to_owned());
    }
    header.ensemble = runs;
    // Writing the model computes the checksum of its payload; the first member's is not it.
    header.payload_checksum.clear();
    let classifier = TrainedClassifier::Neural(networks);
    header.dev = evaluate_on(&classifier, header.features, dev, &lexicon)?.normalised;
    Ok(Model {
        header,
        lexicon,
        classifier,
    })
}
