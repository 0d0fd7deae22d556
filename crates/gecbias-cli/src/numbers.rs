//! Numeric options checked where clap reads them, so a bad value is a usage error (exit 2) that
//! names the option, never a NaN score or a library's message about something else.

/// β of F_β: a finite number ≥ 0 (0 weighs precision alone; NaN and infinity weigh nothing).
pub(crate) fn beta(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(b) if b.is_finite() && b >= 0.0 => Ok(b),
        _ => Err(format!("{text:?} is not a finite number ≥ 0")),
    }
}

/// A count of resamples or trials: a whole number ≥ 1.
pub(crate) fn count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{text:?} is not a whole number ≥ 1")),
    }
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
    fn betas_and_counts() {
        assert_eq!(beta("0.25"), Ok(0.25));
        assert_eq!(beta("0"), Ok(0.0));
        assert_eq!(level("0.05"), Ok(0.05));
        for bad in ["0", "1", "nan", "-0.1", "x"] {
            assert!(level(bad).is_err(), "{bad}");
        }
        for bad in ["nan", "NaN", "inf", "-0.5", "x", ""] {
            assert!(beta(bad).is_err(), "{bad}");
        }
        assert_eq!(count("1000"), Ok(1000));
        for bad in ["0", "-1", "1.5", "many"] {
            assert!(count(bad).is_err(), "{bad}");
        }
    }
}
