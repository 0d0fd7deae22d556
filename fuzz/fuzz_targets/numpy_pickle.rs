//! Fuzzes the stored-array reader: any bytes give a value or a typed error, never a panic, and
//! an array that parses has as many values as its shape says.

#![no_main]

use gecbias_data::numpy_pickle::{Value, coverage_arrays, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(value) = parse(data, "fuzz.pkl") {
        if let Value::Array(a) = &value {
            assert_eq!(a.shape.iter().product::<usize>(), a.values.len());
        }
        let _ = coverage_arrays(&value, "fuzz.pkl");
    }
});
