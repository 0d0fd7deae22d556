//! iBLEU (Sun & Zhou 2012) and FKBLEU (Xu et al. 2016) of one output, as Alva-Manchego, Scarton
//! & Specia's meta-evaluation of simplification metrics (Computational Linguistics 2021,
//! `notebooks/2-metrics_computation.ipynb`) computes them with EASSE: BLEU rewarded against the
//! references, penalised against the source, and for FKBLEU weighted by a readability change.

use bleu_chrf::{Bleu, BleuOptions, SentenceStatistics, Smoothing};

use crate::sentence_bleu::bleu_stats;
use crate::{Error, Fkgl, Preprocessing};

/// BLEU's options under `preprocessing` with sacreBLEU 1's rule for no match at all.
fn sacrebleu_1(preprocessing: Preprocessing) -> BleuOptions {
    let mut options = preprocessing.bleu_options();
    options.smooth_without_matches = true;
    options
}

/// iBLEU with weight α: α·BLEU(O, R) − (1 − α)·BLEU(O, S), each sacreBLEU's BLEU (0–100) of
/// the one output O, against its references R with `floor` smoothing at sacreBLEU 1's default
/// value, 0 (so an n-gram order without a match gives BLEU 0), and effective order, and against
/// its source S with sacreBLEU's defaults (`exp` smoothing), on text normalised as the
/// preprocessing says (the meta-evaluation: Moses tokens, case kept, α = 0.9). The
/// meta-evaluation ran EASSE on sacreBLEU 1, whose `floor` defaulted to 0 where sacreBLEU 2's
/// is 0.1, and which smoothed a hypothesis without any matching n-gram where sacreBLEU 2 scores
/// it 0: both BLEUs follow sacreBLEU 1.
#[derive(Debug, Clone)]
pub struct IBleu {
    alpha: f64,
    preprocessing: Preprocessing,
    to_references: Bleu,
    to_source: Bleu,
}

impl IBleu {
    /// iBLEU weighting the references by `alpha`.
    pub fn new(alpha: f64, preprocessing: Preprocessing) -> IBleu {
        IBleu {
            alpha,
            preprocessing,
            to_references: {
                let mut options = sacrebleu_1(preprocessing);
                options.smoothing = Smoothing::Floor(0.0);
                options.effective_order = true;
                Bleu::new(options)
            },
            to_source: Bleu::new(sacrebleu_1(preprocessing)),
        }
    }

    /// iBLEU of `output` for `source` against `references`.
    pub fn line(&self, source: &str, output: &str, references: &[&str]) -> f64 {
        let bleu = |scorer: &Bleu, refs: &[&str]| {
            scorer.points(&bleu_stats(scorer, self.preprocessing, output, refs))
        };
        self.alpha * bleu(&self.to_references, references)
            - (1.0 - self.alpha) * bleu(&self.to_source, &[source])
    }
}

/// FKBLEU: iBLEU × σ(FKGL(O) − FKGL(S)), σ the logistic function and FKGL EASSE's corpus FKGL
/// of the one sentence (lowercased, with the preprocessing's tokenizer). The sign is the
/// meta-evaluation's (the output's grade level less the source's).
#[derive(Debug)]
pub struct FkBleu {
    ibleu: IBleu,
    fkgl: Fkgl,
}

impl FkBleu {
    /// FKBLEU on iBLEU weighting the references by `alpha`.
    pub fn new(alpha: f64, preprocessing: Preprocessing) -> Result<FkBleu, Error> {
        Ok(FkBleu {
            ibleu: IBleu::new(alpha, preprocessing),
            fkgl: Fkgl::new(preprocessing.tokenizer)?,
        })
    }

    /// FKBLEU of `output` for `source` against `references`.
    pub fn line(&self, source: &str, output: &str, references: &[&str]) -> f64 {
        let grade = |text: &str| self.fkgl.corpus(&[text.to_owned()]);
        let sigmoid = |x: f64| 1.0 / (1.0 + (-x).exp());
        self.ibleu.line(source, output, references) * sigmoid(grade(output) - grade(source))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bleu_chrf::Tokenizer;

    #[test]
    fn the_source_side_smooths_as_sacrebleu_1() {
        // `cargo xtask reproduce ts-metrics` checks all 4,800 of the meta-evaluation's values.
        let ibleu = IBleu::new(0.9, Preprocessing::new(false, Tokenizer::Thirteen));
        // No n-gram of the source matches: sacreBLEU 1 halves the smoothing per order
        // (100 / (2·4), 100 / (4·3), 100 / (8·2), 100 / (16·1)) where sacreBLEU 2 gives 0.
        let to_source = (12.5f64 * (100.0 / 12.0) * 6.25 * 6.25).powf(0.25);
        let score = ibleu.line("e f g h", "a b c d", &["a b c d"]);
        assert!(
            (score - (0.9 * 100.0 - 0.1 * to_source)).abs() < 1e-9,
            "{score}"
        );
        // An unmatched 4-gram order scores the references' side 0 (floor 0).
        let score = ibleu.line("a b c d", "a b c d", &["a b c e"]);
        assert!((score + 0.1 * 100.0).abs() < 1e-9, "{score}");
    }
}
