//! Numeric options checked where clap reads them, so a bad value is a usage error (exit 2) that
//! names the option and its bounds, never a NaN score, an allocation failure, a run of hours or
//! a library's message about something else. Every count has a minimum below which its
//! statistic means nothing and a maximum that a two-core machine finishes in minutes.

use gecbias_engine::{MAX_RESAMPLES, MIN_RESAMPLES};

/// β of F_β: a number from 0 (precision alone) to [`gec_metrics::MAX_BETA`] (above it β² loses
/// recall's digits, and from about 1.3·10¹⁵⁴ overflows into a NaN score).
pub(crate) fn beta(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(b) if (0.0..=gec_metrics::MAX_BETA).contains(&b) => Ok(b),
        _ => Err(format!(
            "{text:?} is not a number from 0 to {} (above it F_β is recall to four decimals, and \
             β² overflows)",
            gec_metrics::MAX_BETA
        )),
    }
}

/// A whole number in `min..=max`; the message says which bound and why.
fn bounded(text: &str, min: usize, max: usize, why: (&str, &str)) -> Result<usize, String> {
    let Ok(n) = text.trim().parse::<u128>() else {
        return Err(format!(
            "{text:?} is not a whole number from {min} to {max}"
        ));
    };
    if n < min as u128 {
        return Err(format!("{n} is below the minimum, {min}: {}", why.0));
    }
    if n > max as u128 {
        return Err(format!("{n} is above the maximum, {max}: {}", why.1));
    }
    Ok(n as usize)
}

/// Resamples of a bootstrap interval or test, trials of a randomisation test or ranking:
/// [`MIN_RESAMPLES`] to [`MAX_RESAMPLES`].
pub(crate) fn resamples(text: &str) -> Result<usize, String> {
    bounded(
        text,
        MIN_RESAMPLES,
        MAX_RESAMPLES,
        (
            "a 95 % interval's ends (the 2.5th and 97.5th percentiles) and a p-value need that \
             many draws to mean anything",
            "every draw rescores the whole corpus, so more would run for hours",
        ),
    )
}

/// Hybrid systems of `meta-eval --synthetic`: 0 (none) to 100,000.
pub(crate) fn synthetic(text: &str) -> Result<usize, String> {
    bounded(
        text,
        0,
        100_000,
        (
            "",
            "each hybrid is scored by every metric; GMEG's protocol uses 674",
        ),
    )
}

/// Rounds of GLEU's reference draws: 1 (one draw) to [`gec_metrics::MAX_ITERATIONS`].
pub(crate) fn iterations(text: &str) -> Result<usize, String> {
    bounded(
        text,
        1,
        gec_metrics::MAX_ITERATIONS,
        (
            "the score is a mean over rounds",
            "every round rescores the whole corpus, so more would run for hours",
        ),
    )
}

/// TrueSkill's seeded runs (their mean μ is the score): 1 to 10,000.
pub(crate) fn runs(text: &str) -> Result<usize, String> {
    bounded(
        text,
        1,
        10_000,
        (
            "the score is a mean over runs",
            "each run replays every comparison, so more would run for hours",
        ),
    )
}

/// The largest number of references of a coverage curve: 1 to 1,000 (the paper's curves stop at
/// 20; the perfect system is computed once for every M up to it).
pub(crate) fn references(text: &str) -> Result<usize, String> {
    bounded(
        text,
        1,
        1_000,
        (
            "a curve needs one reference or more",
            "the perfect system is computed for every M up to it, so more would run for hours",
        ),
    )
}

/// A significance level: a number strictly between 0 and 1.
pub(crate) fn level(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(a) if a > 0.0 && a < 1.0 => Ok(a),
        _ => Err(format!("{text:?} is not a number strictly between 0 and 1")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn betas_and_levels() {
        assert_eq!(beta("0.25"), Ok(0.25));
        assert_eq!(beta("0"), Ok(0.0));
        assert_eq!(beta("100"), Ok(100.0));
        assert_eq!(level("0.05"), Ok(0.05));
        for bad in ["0", "1", "nan", "-0.1", "x"] {
            assert!(level(bad).is_err(), "{bad}");
        }
        for bad in [
            "nan", "NaN", "inf", "-0.5", "x", "", "1e154", "1e308", "100.5",
        ] {
            assert!(beta(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_have_both_bounds() {
        assert_eq!(resamples("1000"), Ok(1000));
        assert_eq!(resamples("100"), Ok(100));
        assert_eq!(resamples("100000"), Ok(100_000));
        let low = resamples("1").unwrap_err();
        assert!(low.starts_with("1 is below the minimum, 100: "), "{low}");
        for huge in [
            "18446744073709551615",
            "1000000000000",
            "1000000000",
            "100001",
        ] {
            let high = resamples(huge).unwrap_err();
            assert!(high.contains("above the maximum, 100000"), "{high}");
        }
        assert!(resamples("340282366920938463463374607431768211456").is_err());
        for bad in ["0", "-1", "1.5", "many"] {
            assert!(resamples(bad).is_err(), "{bad}");
        }
        assert_eq!(iterations("1"), Ok(1));
        assert!(iterations("0").is_err() && iterations("100001").is_err());
        assert!(runs("10001").is_err() && references("1001").is_err());
        assert_eq!(references("20"), Ok(20));
    }
}
