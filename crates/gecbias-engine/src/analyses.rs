//! The signatures of the papers' analyses, which the command and Python print alike.

use conservatism::Procedure;
use unseen_est::crowd::Classes;

use crate::Signature;

/// `Conservatism|split:lines|align:reference-costs|version:…` (`split:punkt` for the paper's
/// passage procedure).
pub fn conservatism_signature(procedure: Procedure) -> Signature {
    let split = match procedure {
        Procedure::Passages => "punkt",
        _ => "lines",
    };
    Signature::new("Conservatism")
        .with("split", split)
        .with("align", "reference-costs")
        .with("version", crate::VERSION)
}

/// `UnseenEst|grid:1.05|classes:exact|version:…` (`classes:index` for Exact-Index-Match).
pub fn unseen_signature(classes: Classes) -> Signature {
    let classes = match classes {
        Classes::ExactIndexMatch => "index",
        _ => "exact",
    };
    Signature::new("UnseenEst")
        .with("grid", "1.05")
        .with("classes", classes)
        .with("version", crate::VERSION)
}
