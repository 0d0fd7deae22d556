//! What the papers' experiments read that more than one task names: the CoNLL-2014 systems.

/// (label, file in the paragraphs folder): the 13 CoNLL-2014 outputs of the data and RoRo.
pub(crate) const SYSTEMS: [(&str, &str); 14] = [
    ("AMU", "AMU"),
    ("CAMB", "CAMB"),
    ("CUUI", "CUUI"),
    ("IITB", "IITB"),
    ("IPN", "IPN"),
    ("JMGR", "JMGR"),
    ("NTHU", "NTHU"),
    ("PKU", "PKU"),
    ("POST", "POST"),
    ("RAC", "RAC"),
    ("SJTU", "SJTU"),
    ("UFC", "UFC"),
    ("UMC", "UMC"),
    ("RoRo", "conll14st.output.1cleaned"),
];
