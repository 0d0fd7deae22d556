//! IEEE 754 half precision (binary16), the precision a model file stores weights in: conversion
//! from and to `f32` with round-to-nearest-even, finite values saturating at ±65504.

/// The binary16 bits nearest to `x` (NaN becomes 0; beyond ±65504 saturates).
pub fn to_bits(x: f32) -> u16 {
    if x.is_nan() {
        return 0;
    }
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exponent = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let mantissa = bits & 0x007f_ffff;
    const MAX: u16 = 0x7bff;
    if exponent >= 31 {
        return sign | MAX;
    }
    if exponent <= 0 {
        // Subnormal half (or zero): the implicit bit joins the shifted mantissa.
        if exponent < -10 {
            return sign;
        }
        let m = mantissa | 0x0080_0000;
        let shift = (14 - exponent) as u32;
        let mut half = (m >> shift) as u16;
        let rest = m & ((1 << shift) - 1);
        let halfway = 1 << (shift - 1);
        if rest > halfway || (rest == halfway && half & 1 == 1) {
            half += 1;
        }
        return sign | half;
    }
    let mut half = ((exponent as u32) << 10 | mantissa >> 13) as u16;
    let rest = mantissa & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && half & 1 == 1) {
        half += 1;
    }
    sign | half.min(MAX)
}

/// The `f32` value of binary16 bits (every half is exactly an `f32`: the exponent is rebiased and
/// the mantissa widened; a subnormal half is its mantissa times 2⁻²⁴, an exact product).
pub fn from_bits(h: u16) -> f32 {
    let sign = u32::from(h & 0x8000) << 16;
    let exponent = u32::from((h >> 10) & 0x1f);
    let mantissa = u32::from(h & 0x03ff);
    match exponent {
        0 => {
            let magnitude = mantissa as f32 * f32::from_bits(0x3380_0000);
            f32::from_bits(sign | magnitude.to_bits())
        }
        31 if mantissa == 0 => f32::from_bits(sign | 0x7f80_0000),
        31 => f32::NAN,
        _ => f32::from_bits(sign | (exponent + 127 - 15) << 23 | mantissa << 13),
    }
}

/// `x` rounded to the nearest half-precision value.
pub fn round(x: f32) -> f32 {
    from_bits(to_bits(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        for (x, bits) in [
            (0.0f32, 0x0000u16),
            (1.0, 0x3c00),
            (-2.0, 0xc000),
            (0.5, 0x3800),
            (65504.0, 0x7bff),
            (1e9, 0x7bff),
            (6.103_515_6e-5, 0x0400),
            (5.960_464_5e-8, 0x0001),
            (1.0e-9, 0x0000),
            (0.333_333_34, 0x3555),
        ] {
            assert_eq!(to_bits(x), bits, "{x}");
        }
        // Every half's value, against its definition (−1)^s · 2^(e−15) · (1 + m/1024), or
        // m · 2^−24 when subnormal.
        for h in 0u16..=u16::MAX {
            let (e, m) = (i32::from((h >> 10) & 0x1f), f64::from(h & 0x3ff));
            let magnitude = match e {
                0 => m * 2f64.powi(-24),
                31 if m == 0.0 => f64::INFINITY,
                31 => f64::NAN,
                _ => (1.0 + m / 1024.0) * 2f64.powi(e - 15),
            };
            let value = if h & 0x8000 != 0 {
                -magnitude
            } else {
                magnitude
            };
            let ours = f64::from(from_bits(h));
            assert!(
                ours == value || (ours.is_nan() && value.is_nan()),
                "{h:#06x}"
            );
            if !value.is_nan() {
                assert_eq!(from_bits(h).is_sign_negative(), h & 0x8000 != 0, "{h:#06x}");
            }
        }
        // Every finite half survives the round trip.
        for h in (0u16..0x7c00).chain(0x8000..0xfc00) {
            assert_eq!(to_bits(from_bits(h)), h, "{h:#06x}");
        }
        // Ties go to even: 1 + 2^-11 lies halfway between 1 and 1 + 2^-10.
        assert_eq!(to_bits(1.0 + 2f32.powi(-11)), 0x3c00);
        assert_eq!(to_bits(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
    }
}
